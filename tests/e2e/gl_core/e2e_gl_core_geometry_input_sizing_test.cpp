// GLSL 1.50 §4.3.8.1: geometry shader input arrays are sized by the input
// primitive, and every use and declaration must agree with that size, uses
// that came before the `layout(<primitive>) in;` included (arrays of arrays
// and instance arrays of blocks too), and sized inputs must agree with each
// other. Results are compile statuses.
#include "e2e_gl_core_fixture.h"

namespace brass::e2e {
namespace {

using GlCoreGeometryInputSizing = GlCoreTest;

TEST_F(GlCoreGeometryInputSizing, IndexBeforeLayoutMustFitImpliedLength) {
  // lines: 2 vertices, so index 2 used before the layout is out of range.
  glDeleteShader(shader(GL_GEOMETRY_SHADER, R"(#version 150
#extension GL_ARB_arrays_of_arrays : enable
in blk { vec4 c; } inst[][2];
vec4 foo() { return inst[2][1].c; }
layout(lines) in;
layout(points, max_vertices = 1) out;
void main() { gl_Position = foo(); EmitVertex(); })",
                        false));
  glDeleteShader(shader(GL_GEOMETRY_SHADER, R"(#version 150
in vec4 color[];
vec4 foo() { return color[3]; }
layout(triangles) in;
layout(points, max_vertices = 1) out;
void main() { gl_Position = foo(); EmitVertex(); })",
                        false));
  // The same uses inside the implied length compile.
  glDeleteShader(shader(GL_GEOMETRY_SHADER, R"(#version 150
#extension GL_ARB_arrays_of_arrays : enable
in blk { vec4 c; } inst[][2];
in vec4 color[];
vec4 foo() { return inst[1][1].c + color[1]; }
layout(lines) in;
layout(points, max_vertices = 1) out;
void main() { gl_Position = foo(); EmitVertex(); })"));
  // An index into an inner dimension is not the per-vertex one.
  glDeleteShader(shader(GL_GEOMETRY_SHADER, R"(#version 150
#extension GL_ARB_arrays_of_arrays : enable
in vec4 color[][4];
vec4 foo() { return color[0][3]; }
layout(points) in;
layout(points, max_vertices = 1) out;
void main() { gl_Position = foo(); EmitVertex(); })"));
}

TEST_F(GlCoreGeometryInputSizing, SizedInputsMustAgreeWithoutLayout) {
  glDeleteShader(shader(GL_GEOMETRY_SHADER, R"(#version 150
in vec4 a[2];
in vec4 b[3];
layout(points, max_vertices = 1) out;
void main() { gl_Position = a[0] + b[0]; EmitVertex(); })",
                        false));
  glDeleteShader(shader(GL_GEOMETRY_SHADER, R"(#version 150
in vec4 a[3];
in blk { vec4 c; } b[3];
layout(points, max_vertices = 1) out;
void main() { gl_Position = a[0] + b[2].c; EmitVertex(); })"));
}

}  // namespace
}  // namespace brass::e2e
