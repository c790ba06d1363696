#include "gl/compat/builtin_uniforms.h"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "compiler/program_interface.h"
#include "gl/compat/compat_api.h"
#include "gl/context.h"

namespace brass::gl::compat {
namespace {

struct Named {
  std::string_view name;
  uint8_t field;
};

constexpr Named kMatrixBases[] = {
    {"gl_ModelViewMatrix", 0}, {"gl_ProjectionMatrix", 1}, {"gl_ModelViewProjectionMatrix", 2}, {"gl_TextureMatrix", 3}};
constexpr Named kMatrixVariants[] = {{"", 0}, {"Inverse", 1}, {"Transpose", 2}, {"InverseTranspose", 3}};
constexpr Named kPointMembers[] = {{"size", 0},
                                   {"sizeMin", 1},
                                   {"sizeMax", 2},
                                   {"fadeThresholdSize", 3},
                                   {"distanceConstantAttenuation", 4},
                                   {"distanceLinearAttenuation", 5},
                                   {"distanceQuadraticAttenuation", 6}};
constexpr Named kMaterialMembers[] = {
    {"emission", 0}, {"ambient", 1}, {"diffuse", 2}, {"specular", 3}, {"shininess", 4}};
constexpr Named kLightMembers[] = {{"ambient", 0},           {"diffuse", 1},       {"specular", 2},
                                   {"position", 3},          {"halfVector", 4},    {"spotDirection", 5},
                                   {"spotExponent", 6},      {"spotCutoff", 7},    {"spotCosCutoff", 8},
                                   {"constantAttenuation", 9}, {"linearAttenuation", 10}, {"quadraticAttenuation", 11}};
constexpr Named kProductMembers[] = {{"ambient", 0}, {"diffuse", 1}, {"specular", 2}};
constexpr Named kFogMembers[] = {{"color", 0}, {"density", 1}, {"start", 2}, {"end", 3}, {"scale", 4}};
constexpr Named kPlaneBases[] = {{"S", 0}, {"T", 1}, {"R", 2}, {"Q", 3}};

template <size_t N>
bool find(const Named (&table)[N], std::string_view name, uint8_t* field) {
  for (const Named& n : table)
    if (n.name == name) {
      *field = n.field;
      return true;
    }
  return false;
}

// A value as its GLSL type lays it out: `columns` columns of `rows` floats.
struct Value {
  float v[16] = {};
  int columns = 1, rows = 4;
};

void set_vec(Value* out, const Vec4& v, int rows = 4) {
  out->columns = 1;
  out->rows = rows;
  for (int i = 0; i < 4; ++i) out->v[i] = v[i];
}
void set_float(Value* out, float f) {
  out->columns = 1;
  out->rows = 1;
  out->v[0] = f;
}
void set_mat(Value* out, const Mat4& m) {
  out->columns = 4;
  out->rows = 4;
  std::memcpy(out->v, m.data(), sizeof(float) * 16);
}
Vec4 mul(const Vec4& a, const Vec4& b) { return {a.x * b.x, a.y * b.y, a.z * b.z, a.w * b.w}; }

Vec4 half_vector(const Vec4& position) {
  // The direction to the light (from the eye-space origin for a positional
  // one) plus the infinite viewer's (0, 0, 1), normalized: the half vector
  // GL's lighting uses for a light at infinity (GL 4.6 compat §12.2.1).
  double d[3] = {position.x, position.y, position.z};
  if (position.w != 0)
    for (double& c : d) c /= position.w;
  double len = std::sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
  if (len > 0)
    for (double& c : d) c /= len;
  d[2] += 1.0;
  len = std::sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
  if (len > 0)
    for (double& c : d) c /= len;
  return {static_cast<float>(d[0]), static_cast<float>(d[1]), static_cast<float>(d[2]), 1};
}

Mat4 matrix_value(const Context& ctx, int which, int variant, int element) {
  const MatrixStacks& m = ctx.compat_state.matrices;
  const Mat4& base = which == 0   ? m.modelview()
                     : which == 1 ? m.projection()
                     : which == 2 ? m.modelview_projection()
                                  : m.texture(element);
  switch (variant) {
    case 1: return which == 0 ? m.modelview_inverse() : inverse(base);
    case 2: return transpose(base);
    case 3: return transpose(which == 0 ? m.modelview_inverse() : inverse(base));
    default: return base;
  }
}

void value_of(Context& ctx, const BuiltinUniformSlot& s, int element, Value* out) {
  const FixedState& st = ctx.compat_state;
  switch (s.group) {
    case BuiltinGroup::Matrix: return set_mat(out, matrix_value(ctx, s.field, s.variant, element));
    case BuiltinGroup::NormalMatrix: {
      const std::array<float, 9>& n = st.matrices.normal_matrix();
      out->columns = out->rows = 3;
      for (int i = 0; i < 9; ++i) out->v[i] = n[i];
      return;
    }
    case BuiltinGroup::NormalScale: {
      // RESCALE_NORMAL's factor (GL 4.6 compat §12.2.1): one over the
      // length of the third row of the inverse modelview's upper-left 3x3.
      const Mat4& inv = st.matrices.modelview_inverse();
      const double l = std::sqrt(double{inv.at(2, 0)} * inv.at(2, 0) + double{inv.at(2, 1)} * inv.at(2, 1) +
                                 double{inv.at(2, 2)} * inv.at(2, 2));
      return set_float(out, l > 0 ? static_cast<float>(1.0 / l) : 1.0f);
    }
    case BuiltinGroup::ClipPlane: return set_vec(out, st.clip_planes[element]);
    case BuiltinGroup::Point: {
      const PointState& p = st.point;
      const float values[7] = {ctx.ff.point_size, p.size_min, p.size_max, ctx.ff.point_fade_threshold_size,
                               p.distance_attenuation.x, p.distance_attenuation.y, p.distance_attenuation.z};
      return set_float(out, values[s.field]);
    }
    case BuiltinGroup::Material: {
      const Material& m = effective_material(ctx, s.variant);
      const Vec4* colors[4] = {&m.emission, &m.ambient, &m.diffuse, &m.specular};
      return s.field < 4 ? set_vec(out, *colors[s.field]) : set_float(out, m.shininess);
    }
    case BuiltinGroup::Light: {
      const LightSource& l = st.lighting.lights[element];
      switch (s.field) {
        case 0: return set_vec(out, l.ambient);
        case 1: return set_vec(out, l.diffuse);
        case 2: return set_vec(out, l.specular);
        case 3: return set_vec(out, l.position);
        case 4: return set_vec(out, half_vector(l.position));
        case 5: return set_vec(out, l.spot_direction, 3);
        case 6: return set_float(out, l.spot_exponent);
        case 7: return set_float(out, l.spot_cutoff);
        case 8:
          return set_float(out, l.spot_cutoff == 180 ? -1.0f
                                                      : static_cast<float>(std::cos(l.spot_cutoff * 3.14159265358979323846 / 180.0)));
        case 9: return set_float(out, l.constant_attenuation);
        case 10: return set_float(out, l.linear_attenuation);
        default: return set_float(out, l.quadratic_attenuation);
      }
    }
    case BuiltinGroup::LightModelAmbient: return set_vec(out, st.lighting.model_ambient);
    case BuiltinGroup::LightModelProduct: {
      // e_cm + a_cm * a_cs; alpha is the material's diffuse alpha, as the
      // lit color's (§12.2.1).
      const Material& m = effective_material(ctx, s.variant);
      const Vec4 a = mul(m.ambient, st.lighting.model_ambient);
      return set_vec(out, {m.emission.x + a.x, m.emission.y + a.y, m.emission.z + a.z, m.diffuse.w});
    }
    case BuiltinGroup::LightProduct: {
      const Material& m = effective_material(ctx, s.variant);
      const LightSource& l = st.lighting.lights[element];
      const Vec4& mc = s.field == 0 ? m.ambient : s.field == 1 ? m.diffuse : m.specular;
      const Vec4& lc = s.field == 0 ? l.ambient : s.field == 1 ? l.diffuse : l.specular;
      // The alpha is the material's, as the lit color's alpha is (§12.2.1).
      Vec4 p = mul(mc, lc);
      p.w = mc.w;
      return set_vec(out, p);
    }
    case BuiltinGroup::TextureEnvColor: return set_vec(out, st.texenv[element].color);
    case BuiltinGroup::EyePlane: return set_vec(out, st.texgen[element].coord[s.field].eye_plane);
    case BuiltinGroup::ObjectPlane: return set_vec(out, st.texgen[element].coord[s.field].object_plane);
    case BuiltinGroup::Fog: {
      const FogState& f = st.fog;
      switch (s.field) {
        case 0: return set_vec(out, f.color);
        case 1: return set_float(out, f.density);
        case 2: return set_float(out, f.start);
        case 3: return set_float(out, f.end);
        default:
          // 1 / (end - start); equal ends make linear fog a step at `end`,
          // which a very large scale gives after the clamp.
          return set_float(out, f.end != f.start ? 1.0f / (f.end - f.start) : 1e30f);
      }
    }
  }
}

// The number of elements a built-in array has (they are all sized 8).
constexpr int kBuiltinArraySize = 8;

}  // namespace

bool parse_builtin_uniform(std::string_view name, BuiltinUniformSlot* slot) {
  if (!name.starts_with("gl_")) return false;
  const size_t base_end = name.find_first_of("[.");
  const std::string_view base = name.substr(0, base_end);
  std::string_view rest = base_end == std::string_view::npos ? std::string_view{} : name.substr(base_end);
  int element = 0;
  bool indexed = false;
  if (rest.starts_with("[")) {
    const size_t close = rest.find(']');
    if (close == std::string_view::npos || close == 1) return false;
    element = 0;
    for (size_t i = 1; i < close; ++i) {
      if (rest[i] < '0' || rest[i] > '9') return false;
      element = element * 10 + (rest[i] - '0');
      if (element >= kBuiltinArraySize) return false;
    }
    indexed = true;
    rest.remove_prefix(close + 1);
  }
  std::string_view member;
  if (rest.starts_with(".")) member = rest.substr(1);
  else if (!rest.empty()) return false;
  BuiltinUniformSlot s;
  s.element = static_cast<uint8_t>(element);
  auto plain = [&](BuiltinGroup g, bool array) {
    if (!member.empty() || indexed != array) return false;
    s.group = g;
    return true;
  };
  auto structure = [&](BuiltinGroup g, bool array, const auto& members) {
    if (indexed != array || !find(members, member, &s.field)) return false;
    s.group = g;
    return true;
  };
  bool ok = false;
  for (const Named& b : kMatrixBases)
    for (const Named& v : kMatrixVariants)
      if (base.size() == b.name.size() + v.name.size() && base.starts_with(b.name) && base.ends_with(v.name)) {
        s.field = b.field;
        s.variant = v.field;
        ok = plain(BuiltinGroup::Matrix, b.field == 3);
      }
  if (base == "gl_NormalMatrix") ok = plain(BuiltinGroup::NormalMatrix, false);
  else if (base == "gl_NormalScale") ok = plain(BuiltinGroup::NormalScale, false);
  else if (base == "gl_ClipPlane") ok = plain(BuiltinGroup::ClipPlane, true);
  else if (base == "gl_Point") ok = structure(BuiltinGroup::Point, false, kPointMembers);
  else if (base == "gl_FrontMaterial" || base == "gl_BackMaterial") {
    s.variant = base == "gl_BackMaterial";
    ok = structure(BuiltinGroup::Material, false, kMaterialMembers);
  } else if (base == "gl_LightSource") ok = structure(BuiltinGroup::Light, true, kLightMembers);
  else if (base == "gl_LightModel") ok = member == "ambient" && !indexed && (s.group = BuiltinGroup::LightModelAmbient, true);
  else if (base == "gl_FrontLightModelProduct" || base == "gl_BackLightModelProduct") {
    s.variant = base == "gl_BackLightModelProduct";
    ok = member == "sceneColor" && !indexed && (s.group = BuiltinGroup::LightModelProduct, true);
  } else if (base == "gl_FrontLightProduct" || base == "gl_BackLightProduct") {
    s.variant = base == "gl_BackLightProduct";
    ok = structure(BuiltinGroup::LightProduct, true, kProductMembers);
  } else if (base == "gl_TextureEnvColor") ok = plain(BuiltinGroup::TextureEnvColor, true);
  else if (base.starts_with("gl_EyePlane") && find(kPlaneBases, base.substr(11), &s.field))
    ok = member.empty() && indexed && (s.group = BuiltinGroup::EyePlane, true);
  else if (base.starts_with("gl_ObjectPlane") && find(kPlaneBases, base.substr(14), &s.field))
    ok = member.empty() && indexed && (s.group = BuiltinGroup::ObjectPlane, true);
  else if (base == "gl_Fog") ok = structure(BuiltinGroup::Fog, false, kFogMembers);
  if (ok) *slot = s;
  return ok;
}

void write_builtin_uniforms(Context& ctx, const std::vector<compiler::Uniform>& uniforms, BuiltinUniformTable& table,
                            uint8_t* default_block, size_t default_block_size) {
  if (!table.scanned) {
    table.scanned = true;
    for (const compiler::Uniform& u : uniforms) {
      BuiltinUniformSlot s;
      if (u.block_index >= 0 || u.offset < 0 || !parse_builtin_uniform(u.name, &s)) continue;
      s.offset = u.offset;
      s.array_stride = u.array_stride;
      s.matrix_stride = u.matrix_stride;
      const int elements = std::max(u.array_size, 1);
      s.count = static_cast<uint8_t>(std::min(elements, kBuiltinArraySize - s.element));
      table.slots.push_back(s);
    }
  }
  for (const BuiltinUniformSlot& s : table.slots) {
    for (int k = 0; k < s.count; ++k) {
      Value v;
      value_of(ctx, s, s.element + k, &v);
      const int64_t base = int64_t{s.offset} + int64_t{k} * s.array_stride;
      const int64_t column_stride = v.columns > 1 ? s.matrix_stride : 0;
      for (int c = 0; c < v.columns; ++c) {
        const int64_t at = base + c * column_stride;
        const size_t bytes = sizeof(float) * static_cast<size_t>(v.rows);
        if (at < 0 || static_cast<uint64_t>(at) > default_block_size || bytes > default_block_size - static_cast<size_t>(at))
          continue;
        std::memcpy(default_block + at, v.v + c * v.rows, bytes);
      }
    }
  }
}

}  // namespace brass::gl::compat
