// The fixed-function vertex stage as GLSL (OpenGL 4.6 compatibility
// profile §12.1 vertex transform, §12.2 lighting, §12.1.3 texture
// coordinate generation, §13.x user clip planes, §16.x fog coordinate).
#include <string>

#include "gl/compat/ff_shaders.h"

namespace brass::gl::compat {

namespace {

bool needs_normal(FfTexGen g) {
  return g == FfTexGen::SphereMap || g == FfTexGen::NormalMap || g == FfTexGen::ReflectionMap;
}

// Light `light`'s contribution (§12.2.1, equation 12.2), accumulated into the
// face's colour `c` (ambient and diffuse terms) and `spec` (specular): the
// direction and attenuation of a positional light from the vertex, the
// spotlight cone, the diffuse (n . VP) and specular (n . h)^s terms. The
// specular term is zero where the light does not reach the face.
void append_light_function(std::string& s, bool local_viewer, unsigned light) {
  std::string f;
  f += "void brass_ff_lightN(vec3 n, vec3 V, vec4 am, vec4 dm, vec4 sm, float shininess,\n"
       "                    inout vec3 c, inout vec3 spec) {\n"
       "  vec4 P = gl_LightSource[i].position;\n"
       "  vec3 L;\n"
       "  float att = 1.0;\n"
       "  if (P.w != 0.0) {\n"
       "    L = P.xyz / P.w - V;\n"
       "    float d = length(L);\n"
       "    L = d > 0.0 ? L / d : vec3(0.0, 0.0, 1.0);\n"
       "    att = 1.0 / (gl_LightSource[i].constantAttenuation + gl_LightSource[i].linearAttenuation * d +\n"
       "                 gl_LightSource[i].quadraticAttenuation * d * d);\n"
       "  } else {\n"
       "    L = normalize(P.xyz);\n"
       "  }\n"
       "  if (gl_LightSource[i].spotCutoff != 180.0) {\n"
       "    float sd = dot(-L, normalize(gl_LightSource[i].spotDirection));\n"
       "    float e = gl_LightSource[i].spotExponent;\n"
       "    att *= sd < gl_LightSource[i].spotCosCutoff ? 0.0 : e == 0.0 ? 1.0 : pow(max(sd, 0.0), e);\n"
       "  }\n"
       "  float nl = max(dot(n, L), 0.0);\n"
       "  c += att * (am.rgb * gl_LightSource[i].ambient.rgb + nl * dm.rgb * gl_LightSource[i].diffuse.rgb);\n"
       "  if (nl > 0.0) {\n";
  f += local_viewer ? "    vec3 h = normalize(L - normalize(V));\n" : "    vec3 h = normalize(L + vec3(0.0, 0.0, 1.0));\n";
  f += "    float nh = max(dot(n, h), 0.0);\n"
       "    float f = shininess == 0.0 ? 1.0 : pow(nh, shininess);\n"
       "    spec += att * f * sm.rgb * gl_LightSource[i].specular.rgb;\n"
       "  }\n"
       "}\n";
  // One function per enabled light, its index constant: only the lights in
  // use are active uniforms (and fed).
  const std::string index = std::to_string(light);
  for (size_t at = 0; (at = f.find("[i]", at)) != std::string::npos; at += index.size() + 2)
    f.replace(at, 3, "[" + index + "]");
  f.replace(f.find("brass_ff_lightN"), 15, "brass_ff_light" + index);
  s += f;
}

// Lights one face: `face` is "Front" or "Back", `n` the normal expression
// facing it. Colour material (§12.2.3) takes the current colour in place of
// the material colours it tracks on the faces it names.
void append_face_lighting(std::string& s, const FfVertexKey& k, bool back) {
  const std::string face = back ? "Back" : "Front";
  const std::string v = back ? "b" : "f";
  const bool cm_here = k.color_material != 0 && (k.color_material_faces & (back ? 2 : 1));
  const auto cm = static_cast<FfColorMaterial>(k.color_material);
  auto material = [&](const char* field, bool tracked) {
    return tracked && cm_here ? std::string("gl_Color") : "gl_" + face + "Material." + field;
  };
  s += "  vec4 " + v + "_em = " + material("emission", cm == FfColorMaterial::Emission) + ";\n";
  s += "  vec4 " + v + "_am = " +
       material("ambient", cm == FfColorMaterial::Ambient || cm == FfColorMaterial::AmbientAndDiffuse) + ";\n";
  s += "  vec4 " + v + "_dm = " +
       material("diffuse", cm == FfColorMaterial::Diffuse || cm == FfColorMaterial::AmbientAndDiffuse) + ";\n";
  s += "  vec4 " + v + "_sm = " + material("specular", cm == FfColorMaterial::Specular) + ";\n";
  s += "  vec3 " + v + "_c = " + v + "_em.rgb + " + v + "_am.rgb * gl_LightModel.ambient.rgb;\n";
  s += "  vec3 " + v + "_spec = vec3(0.0);\n";
  const std::string n = back ? "-n" : "n";
  for (unsigned i = 0; i < kFfLights; ++i) {
    if (!(k.lights & (1u << i))) continue;
    s += "  brass_ff_light" + std::to_string(i) + "(" + n + ", V, " + v + "_am, " + v + "_dm, " + v + "_sm, gl_" +
         face + "Material.shininess, " + v + "_c, " + v + "_spec);\n";
  }
  const std::string out_color = back ? "gl_BackColor" : "gl_FrontColor";
  const std::string out_secondary = back ? "gl_BackSecondaryColor" : "gl_FrontSecondaryColor";
  // The lit colour's alpha is the diffuse material's (§12.2.1).
  if (k.separate_specular) {
    s += "  " + out_color + " = clamp(vec4(" + v + "_c, " + v + "_dm.a), 0.0, 1.0);\n";
    s += "  " + out_secondary + " = clamp(vec4(" + v + "_spec, 0.0), 0.0, 1.0);\n";
  } else {
    s += "  " + out_color + " = clamp(vec4(" + v + "_c + " + v + "_spec, " + v + "_dm.a), 0.0, 1.0);\n";
    s += "  " + out_secondary + " = vec4(0.0);\n";
  }
}

// The generated coordinate of one texture coordinate component (§12.1.3).
std::string texgen_expression(FfTexGen g, unsigned unit, unsigned coord) {
  static constexpr const char* kPlane[4] = {"S", "T", "R", "Q"};
  static constexpr const char* kSwizzle[4] = {"x", "y", "z", "w"};
  const std::string u = std::to_string(unit);
  switch (g) {
    case FfTexGen::ObjectLinear: return "dot(gl_ObjectPlane" + std::string(kPlane[coord]) + "[" + u + "], gl_Vertex)";
    case FfTexGen::EyeLinear: return "dot(gl_EyePlane" + std::string(kPlane[coord]) + "[" + u + "], eye)";
    case FfTexGen::SphereMap: return coord < 2 ? std::string("sphere.") + kSwizzle[coord] : "0.0";
    case FfTexGen::ReflectionMap: return coord < 3 ? std::string("reflection.") + kSwizzle[coord] : "0.0";
    case FfTexGen::NormalMap: return coord < 3 ? std::string("n.") + kSwizzle[coord] : "0.0";
    case FfTexGen::None: break;
  }
  return {};
}

}  // namespace

std::string vertex_shader_source(const FfVertexKey& k) {
  bool texgen_normal = false, texgen_sphere = false, texgen_reflection = false, texgen_eye = false;
  for (unsigned u = 0; u < kFfTextureUnits; ++u) {
    if (!(k.texcoords & (1u << u))) continue;
    for (uint8_t g : k.texgen[u]) {
      const auto gen = static_cast<FfTexGen>(g);
      texgen_normal |= needs_normal(gen);
      texgen_sphere |= gen == FfTexGen::SphereMap;
      texgen_reflection |= gen == FfTexGen::ReflectionMap || gen == FfTexGen::SphereMap;
      texgen_eye |= gen != FfTexGen::None && gen != FfTexGen::ObjectLinear;
    }
  }
  const auto fog = static_cast<FfFogSource>(k.fog);
  const bool lighting = k.lighting != 0;
  const bool need_normal = lighting || texgen_normal;
  const bool need_eye =
      lighting || texgen_eye || fog == FfFogSource::Depth || fog == FfFogSource::SignedDepth ||
      fog == FfFogSource::Radial || k.clip_planes != 0 || k.point_size != 0;

  // GLSL 1.30 for gl_ClipDistance; 1.20 otherwise.
  std::string s = k.clip_planes ? "#version 130\n" : "#version 120\n";
  s += "// Brass fixed-function vertex stage\n";
  for (unsigned i = 0; i < kFfLights; ++i)
    if (lighting && (k.lights & (1u << i))) append_light_function(s, k.local_viewer != 0, i);
  s += "void main() {\n";
  s += "  gl_Position = gl_ModelViewProjectionMatrix * gl_Vertex;\n";
  if (need_eye) s += "  vec4 eye = gl_ModelViewMatrix * gl_Vertex;\n";
  if (need_normal) {
    // §12.1.1: the normal by the inverse transpose of the model-view
    // matrix, then RESCALE_NORMAL's factor, then NORMALIZE.
    s += "  vec3 n = gl_NormalMatrix * gl_Normal;\n";
    if (k.rescale_normal) s += "  n *= gl_NormalScale;\n";
    if (k.normalize) s += "  n = normalize(n);\n";
  }
  if (lighting) {
    s += "  vec3 V = eye.xyz / eye.w;\n";
    append_face_lighting(s, k, false);
    if (k.two_side) append_face_lighting(s, k, true);
  } else {
    s += "  gl_FrontColor = clamp(gl_Color, 0.0, 1.0);\n";
    s += "  gl_FrontSecondaryColor = clamp(gl_SecondaryColor, 0.0, 1.0);\n";
  }
  if (texgen_reflection) {
    // The reflection of the eye-to-vertex direction about the normal.
    s += "  vec3 u = normalize(eye.xyz);\n";
    s += "  vec3 reflection = u - 2.0 * n * dot(n, u);\n";
  }
  if (texgen_sphere) {
    s += "  float m = 2.0 * sqrt(reflection.x * reflection.x + reflection.y * reflection.y +\n"
         "                       (reflection.z + 1.0) * (reflection.z + 1.0));\n";
    s += "  vec2 sphere = reflection.xy / m + vec2(0.5);\n";
  }
  for (unsigned u = 0; u < kFfTextureUnits; ++u) {
    if (!(k.texcoords & (1u << u))) continue;
    const std::string us = std::to_string(u);
    s += "  {\n    vec4 tc = gl_MultiTexCoord" + us + ";\n";
    static constexpr const char* kSwizzle[4] = {"x", "y", "z", "w"};
    for (unsigned c = 0; c < 4; ++c) {
      const auto gen = static_cast<FfTexGen>(k.texgen[u][c]);
      if (gen != FfTexGen::None) s += "    tc." + std::string(kSwizzle[c]) + " = " + texgen_expression(gen, u, c) + ";\n";
    }
    s += "    gl_TexCoord[" + us + "] = gl_TextureMatrix[" + us + "] * tc;\n  }\n";
  }
  if (fog == FfFogSource::Depth) s += "  gl_FogFragCoord = abs(eye.z);\n";
  // NV_fog_distance: the signed eye-plane distance, and the Euclidean
  // distance to the eye (per vertex, interpolated as the extension allows).
  if (fog == FfFogSource::SignedDepth) s += "  gl_FogFragCoord = eye.z;\n";
  if (fog == FfFogSource::Radial) s += "  gl_FogFragCoord = length(eye.xyz);\n";
  if (fog == FfFogSource::Coordinate) s += "  gl_FogFragCoord = gl_FogCoord;\n";
  if (k.point_size) {
    // §14.4 equation 14.1: the size times sqrt(1 / (a + b d + c d^2)), d the
    // eye distance, clamped to the size range.
    s += "  float d = length(eye.xyz);\n"
         "  float att = gl_Point.distanceConstantAttenuation + gl_Point.distanceLinearAttenuation * d +\n"
         "              gl_Point.distanceQuadraticAttenuation * d * d;\n"
         "  gl_PointSize = clamp(gl_Point.size * inversesqrt(max(att, 1e-20)), gl_Point.sizeMin, gl_Point.sizeMax);\n";
  }
  for (unsigned i = 0; i < kFfClipPlanes; ++i) {
    // §13.7: planes are kept in eye coordinates.
    if (k.clip_planes & (1u << i))
      s += "  gl_ClipDistance[" + std::to_string(i) + "] = dot(eye, gl_ClipPlane[" + std::to_string(i) + "]);\n";
  }
  s += "}\n";
  return s;
}

const std::string& missing_vertex_stage() {
  static const std::string source = [] {
    FfVertexKey key{};
    key.texcoords = static_cast<uint8_t>((1u << kFfTextureUnits) - 1);
    return vertex_shader_source(key);
  }();
  return source;
}

}  // namespace brass::gl::compat
