#include "compiler/compat_builtin_structs.h"

namespace brass::compiler {

namespace {

struct StructType {
  std::string_view name;  // the GLSL name
  const char* declaration;
};

// GLSL 1.20 §7.5, member for member (std140 then lays them out; the GL
// frontend writes each member where reflection says it is).
constexpr StructType kStructs[] = {
    {"gl_PointParameters",
     "struct brass_gl_PointParameters { float size; float sizeMin; float sizeMax; float fadeThresholdSize; "
     "float distanceConstantAttenuation; float distanceLinearAttenuation; float distanceQuadraticAttenuation; };\n"},
    {"gl_MaterialParameters",
     "struct brass_gl_MaterialParameters { vec4 emission; vec4 ambient; vec4 diffuse; vec4 specular; "
     "float shininess; };\n"},
    {"gl_LightSourceParameters",
     "struct brass_gl_LightSourceParameters { vec4 ambient; vec4 diffuse; vec4 specular; vec4 position; "
     "vec4 halfVector; vec3 spotDirection; float spotExponent; float spotCutoff; float spotCosCutoff; "
     "float constantAttenuation; float linearAttenuation; float quadraticAttenuation; };\n"},
    {"gl_LightModelParameters", "struct brass_gl_LightModelParameters { vec4 ambient; };\n"},
    {"gl_LightModelProducts", "struct brass_gl_LightModelProducts { vec4 sceneColor; };\n"},
    {"gl_LightProducts", "struct brass_gl_LightProducts { vec4 ambient; vec4 diffuse; vec4 specular; };\n"},
    {"gl_FogParameters",
     "struct brass_gl_FogParameters { vec4 color; float density; float start; float end; float scale; };\n"},
};

}  // namespace

const char* compat_builtin_struct_declaration(std::string_view name) {
  if (name.starts_with("brass_")) name.remove_prefix(6);
  for (const StructType& s : kStructs)
    if (s.name == name) return s.declaration;
  return nullptr;
}

int compat_builtin_constant(std::string_view name) {
  // Eight lights, clip planes (MAX_CLIP_PLANES is MAX_CLIP_DISTANCES),
  // fixed-function texture units and texture coordinate sets
  // (gl/compat/fixed_state.h).
  if (name == "gl_MaxLights" || name == "gl_MaxClipPlanes" || name == "gl_MaxTextureUnits" ||
      name == "gl_MaxTextureCoords")
    return 8;
  return -1;
}

}  // namespace brass::compiler
