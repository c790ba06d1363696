#version 450
// A default block of desktop GL's types in std140 (doubles, a double
// matrix, a mat3, arrays, an array of structs), read through constant and
// dynamic indices, next to a uniform block the rewrite must leave alone.
struct S { float a; vec2 b; };
layout(set = 0, binding = 4, std140) uniform Default {
  double d;
  dvec3 v;
  dmat2x3 m;
  mat3 r;
  float arr[3];
  S s[2];
  int pick;
} u;
layout(set = 1, binding = 0, std140) uniform Block { vec4 tint; } b;
layout(location = 0) out vec4 o;
void main() {
  float x = float(u.d + u.v.z + u.m[1][2]) + u.r[2].y + u.arr[u.pick] + u.s[u.pick].b.y + u.s[1].a;
  S copy = u.s[0];
  o = vec4(x, copy.a, copy.b) + b.tint;
}
