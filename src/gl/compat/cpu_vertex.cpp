#include "gl/compat/cpu_vertex.h"

#include <algorithm>
#include <cmath>

#include "gl/context.h"

namespace brass::gl::compat {
namespace {

struct V3 {
  double x = 0, y = 0, z = 0;
};
V3 operator+(V3 a, V3 b) { return {a.x + b.x, a.y + b.y, a.z + b.z}; }
V3 operator-(V3 a, V3 b) { return {a.x - b.x, a.y - b.y, a.z - b.z}; }
V3 operator*(V3 a, double s) { return {a.x * s, a.y * s, a.z * s}; }
double dot(V3 a, V3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
double length(V3 a) { return std::sqrt(dot(a, a)); }
V3 normalized(V3 a) {
  const double l = length(a);
  return l > 0 ? a * (1.0 / l) : a;
}
V3 xyz(const Vec4& v) { return {v.x, v.y, v.z}; }

struct Color {
  double r = 0, g = 0, b = 0;
};
void add_product(Color* c, const Vec4& a, const Vec4& b, double scale) {
  c->r += scale * a.x * b.x;
  c->g += scale * a.y * b.y;
  c->b += scale * a.z * b.z;
}
float clamp01(double v) { return static_cast<float>(std::clamp(std::isnan(v) ? 0.0 : v, 0.0, 1.0)); }
Vec4 clamp_color(const Vec4& c) { return {clamp01(c.x), clamp01(c.y), clamp01(c.z), clamp01(c.w)}; }

// The material of a face with COLOR_MATERIAL's tracked properties replaced
// by the vertex color (§12.2.3).
Material tracked_material(const LightingState& l, int face, const Vec4& color) {
  Material m = l.material[face];
  if (!l.color_material) return m;
  const bool applies = l.color_material_face == GL_FRONT_AND_BACK ||
                       (face == 0 ? l.color_material_face == GL_FRONT : l.color_material_face == GL_BACK);
  if (!applies) return m;
  switch (l.color_material_mode) {
    case GL_EMISSION: m.emission = color; break;
    case GL_AMBIENT: m.ambient = color; break;
    case GL_DIFFUSE: m.diffuse = color; break;
    case GL_SPECULAR: m.specular = color; break;
    default: m.ambient = m.diffuse = color; break;  // AMBIENT_AND_DIFFUSE
  }
  return m;
}

// The lighting equation (GL 4.6 compatibility §12.2.1) for one face: the
// primary color, and the secondary (specular) one when the color control
// separates it.
void light_face(const LightingState& l, const Material& m, V3 vertex, V3 normal, Vec4* primary, Vec4* secondary) {
  Color c{m.emission.x + m.ambient.x * l.model_ambient.x, m.emission.y + m.ambient.y * l.model_ambient.y,
          m.emission.z + m.ambient.z * l.model_ambient.z};
  Color spec;
  const bool separate = l.color_control == GL_SEPARATE_SPECULAR_COLOR;
  for (int i = 0; i < kMaxLights; ++i) {
    if (!l.enabled[i]) continue;
    const LightSource& s = l.lights[i];
    V3 vp;  // vertex to light
    double attenuation = 1;
    if (s.position.w != 0) {
      const V3 p = xyz(s.position) * (1.0 / s.position.w);
      vp = p - vertex;
      const double d = length(vp);
      const double k = s.constant_attenuation + s.linear_attenuation * d + s.quadratic_attenuation * d * d;
      attenuation = k > 0 ? 1.0 / k : 0.0;
    } else {
      vp = xyz(s.position);
    }
    vp = normalized(vp);
    double spot = 1;
    if (s.spot_cutoff != 180) {
      const double x = dot(vp * -1.0, normalized(xyz(s.spot_direction)));
      const double cos_cutoff = std::cos(s.spot_cutoff * 3.14159265358979323846 / 180.0);
      spot = x >= cos_cutoff ? std::pow(std::max(x, 0.0), static_cast<double>(s.spot_exponent)) : 0.0;
    }
    const double scale = attenuation * spot;
    if (scale == 0) continue;
    add_product(&c, m.ambient, s.ambient, scale);
    const double n_dot_vp = dot(normal, vp);
    if (n_dot_vp > 0) {
      add_product(&c, m.diffuse, s.diffuse, scale * n_dot_vp);
      const V3 eye_dir = l.local_viewer ? normalized(vertex * -1.0) : V3{0, 0, 1};
      const double n_dot_h = std::max(0.0, dot(normal, normalized(vp + eye_dir)));
      // 0^0 is 1: a shininess of 0 gives the full specular color.
      const double f = m.shininess == 0 ? 1.0 : std::pow(n_dot_h, static_cast<double>(m.shininess));
      add_product(separate ? &spec : &c, m.specular, s.specular, scale * f);
    }
  }
  *primary = clamp_color({static_cast<float>(c.r), static_cast<float>(c.g), static_cast<float>(c.b), m.diffuse.w});
  *secondary = separate ? clamp_color({static_cast<float>(spec.r), static_cast<float>(spec.g),
                                       static_cast<float>(spec.b), 0.0f})
                        : Vec4{0, 0, 0, 0};
}

float generate(const TexGenCoord& g, int coord, const Vec4& object, const Vec4& eye, V3 eye_normal, V3 reflection,
               double sphere_m) {
  switch (g.mode) {
    case GL_OBJECT_LINEAR:
      return object.x * g.object_plane.x + object.y * g.object_plane.y + object.z * g.object_plane.z +
             object.w * g.object_plane.w;
    case GL_EYE_LINEAR:
      return eye.x * g.eye_plane.x + eye.y * g.eye_plane.y + eye.z * g.eye_plane.z + eye.w * g.eye_plane.w;
    case GL_SPHERE_MAP: {
      const double r = coord == 0 ? reflection.x : reflection.y;
      return static_cast<float>(sphere_m > 0 ? r / sphere_m + 0.5 : 0.5);
    }
    case GL_REFLECTION_MAP:
      return static_cast<float>(coord == 0 ? reflection.x : coord == 1 ? reflection.y : reflection.z);
    default:  // NORMAL_MAP
      return static_cast<float>(coord == 0 ? eye_normal.x : coord == 1 ? eye_normal.y : eye_normal.z);
  }
}

}  // namespace

ProcessedVertex process_vertex_on_cpu(const FixedState& state, const VertexAttributes& in) {
  ProcessedVertex out;
  const MatrixStacks& m = state.matrices;
  out.eye = transform(m.modelview(), in.position);
  out.clip = transform(m.projection(), out.eye);
  const V3 eye3 = out.eye.w != 0 ? xyz(out.eye) * (1.0 / out.eye.w) : xyz(out.eye);
  out.eye_distance = static_cast<float>(length(xyz(out.eye)));
  out.fog_coord = state.fog.coord_src == GL_FOG_COORD ? in.fog_coord : out.eye_distance;

  // The eye-space normal: the normal matrix (inverse transpose of the
  // modelview's upper-left 3x3), then rescaled or normalized (§12.2.1).
  const std::array<float, 9>& nm = m.normal_matrix();
  V3 n{nm[0] * double{in.normal.x} + nm[3] * double{in.normal.y} + nm[6] * double{in.normal.z},
       nm[1] * double{in.normal.x} + nm[4] * double{in.normal.y} + nm[7] * double{in.normal.z},
       nm[2] * double{in.normal.x} + nm[5] * double{in.normal.y} + nm[8] * double{in.normal.z}};
  const LightingState& l = state.lighting;
  if (l.rescale_normal && !l.normalize) {
    const Mat4& inv = m.modelview_inverse();
    const double len = std::sqrt(double{inv.at(2, 0)} * inv.at(2, 0) + double{inv.at(2, 1)} * inv.at(2, 1) +
                                 double{inv.at(2, 2)} * inv.at(2, 2));
    if (len > 0) n = n * (1.0 / len);
  }
  if (l.normalize) n = normalized(n);

  if (l.lighting) {
    light_face(l, tracked_material(l, 0, in.color), eye3, n, &out.front_color, &out.front_secondary_color);
    light_face(l, tracked_material(l, 1, in.color), eye3, n * -1.0, &out.back_color, &out.back_secondary_color);
  } else {
    out.front_color = out.back_color = clamp_color(in.color);
    out.front_secondary_color = out.back_secondary_color = clamp_color(in.secondary_color);
  }

  // Texture coordinates: generated where enabled, then the texture matrix.
  const V3 u = normalized(eye3);
  const V3 reflection = u - n * (2.0 * dot(n, u));
  const double sphere_m =
      2.0 * std::sqrt(reflection.x * reflection.x + reflection.y * reflection.y + (reflection.z + 1) * (reflection.z + 1));
  for (int unit = 0; unit < static_cast<int>(kMaxTextureCoords); ++unit) {
    float t[4] = {in.texcoord[unit].x, in.texcoord[unit].y, in.texcoord[unit].z, in.texcoord[unit].w};
    const TexGenUnit& g = state.texgen[unit];
    for (int c = 0; c < 4; ++c)
      if (g.coord[c].enabled) t[c] = generate(g.coord[c], c, in.position, out.eye, n, reflection, sphere_m);
    out.texcoord[unit] = transform(m.texture(unit), Vec4{t[0], t[1], t[2], t[3]});
  }
  return out;
}

VertexAttributes current_vertex_attributes(const Context& ctx, const Vec4& position) {
  const auto& c = ctx.vertex_spec.current;
  auto vec = [](const std::array<GLfloat, 4>& v) { return Vec4{v[0], v[1], v[2], v[3]}; };
  VertexAttributes a;
  a.position = position;
  a.normal = vec(c[kNormal]);
  a.color = vec(c[kColor]);
  a.secondary_color = vec(c[kSecondaryColor]);
  for (unsigned i = 0; i < kMaxTextureCoords; ++i) a.texcoord[i] = vec(c[kTexCoord0 + i]);
  a.fog_coord = c[kFogCoord][0];
  return a;
}

bool clip_test(const FixedState& state, const std::array<bool, kMaxClipPlanes>& plane_enabled,
               const ProcessedVertex& v) {
  const Vec4& c = v.clip;
  if (!(c.x >= -c.w && c.x <= c.w && c.y >= -c.w && c.y <= c.w && c.z >= -c.w && c.z <= c.w)) return false;
  for (int i = 0; i < kMaxClipPlanes; ++i) {
    if (!plane_enabled[i]) continue;
    const Vec4& p = state.clip_planes[i];
    if (double{v.eye.x} * p.x + double{v.eye.y} * p.y + double{v.eye.z} * p.z + double{v.eye.w} * p.w < 0) return false;
  }
  return true;
}

}  // namespace brass::gl::compat
