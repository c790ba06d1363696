#include "compiler/compat_builtin_variables.h"

namespace brass::compiler {

namespace {

constexpr CompatBuiltin kCompatBuiltins[] = {
    {"gl_Vertex", "vec4", "", CompatKind::Attribute},
    {"gl_Normal", "vec3", "", CompatKind::Attribute},
    {"gl_SecondaryColor", "vec4", "", CompatKind::Attribute},
    {"gl_FogCoord", "float", "", CompatKind::Attribute},
    {"gl_MultiTexCoord0", "vec4", "", CompatKind::Attribute},
    {"gl_MultiTexCoord1", "vec4", "", CompatKind::Attribute},
    {"gl_MultiTexCoord2", "vec4", "", CompatKind::Attribute},
    {"gl_MultiTexCoord3", "vec4", "", CompatKind::Attribute},
    {"gl_MultiTexCoord4", "vec4", "", CompatKind::Attribute},
    {"gl_MultiTexCoord5", "vec4", "", CompatKind::Attribute},
    {"gl_MultiTexCoord6", "vec4", "", CompatKind::Attribute},
    {"gl_MultiTexCoord7", "vec4", "", CompatKind::Attribute},
    {"gl_ModelViewMatrix", "mat4", "", CompatKind::Uniform},
    {"gl_ProjectionMatrix", "mat4", "", CompatKind::Uniform},
    {"gl_ModelViewProjectionMatrix", "mat4", "", CompatKind::Uniform},
    {"gl_TextureMatrix", "mat4", "[8]", CompatKind::Uniform},
    {"gl_NormalMatrix", "mat3", "", CompatKind::Uniform},
    {"gl_ModelViewMatrixInverse", "mat4", "", CompatKind::Uniform},
    {"gl_ProjectionMatrixInverse", "mat4", "", CompatKind::Uniform},
    {"gl_ModelViewProjectionMatrixInverse", "mat4", "", CompatKind::Uniform},
    {"gl_ModelViewMatrixTranspose", "mat4", "", CompatKind::Uniform},
    {"gl_ProjectionMatrixTranspose", "mat4", "", CompatKind::Uniform},
    {"gl_ModelViewProjectionMatrixTranspose", "mat4", "", CompatKind::Uniform},
    {"gl_NormalScale", "float", "", CompatKind::Uniform},
    // The rest of GLSL 1.20 §7.5's built-in state (compat_builtin_structs.h
    // declares the structure types).
    {"gl_TextureMatrixInverse", "mat4", "[8]", CompatKind::Uniform},
    {"gl_TextureMatrixTranspose", "mat4", "[8]", CompatKind::Uniform},
    {"gl_ModelViewMatrixInverseTranspose", "mat4", "", CompatKind::Uniform},
    {"gl_ProjectionMatrixInverseTranspose", "mat4", "", CompatKind::Uniform},
    {"gl_ModelViewProjectionMatrixInverseTranspose", "mat4", "", CompatKind::Uniform},
    {"gl_TextureMatrixInverseTranspose", "mat4", "[8]", CompatKind::Uniform},
    {"gl_ClipPlane", "vec4", "[8]", CompatKind::Uniform},
    {"gl_Point", "brass_gl_PointParameters", "", CompatKind::Uniform},
    {"gl_FrontMaterial", "brass_gl_MaterialParameters", "", CompatKind::Uniform},
    {"gl_BackMaterial", "brass_gl_MaterialParameters", "", CompatKind::Uniform},
    {"gl_LightSource", "brass_gl_LightSourceParameters", "[8]", CompatKind::Uniform},
    {"gl_LightModel", "brass_gl_LightModelParameters", "", CompatKind::Uniform},
    {"gl_FrontLightModelProduct", "brass_gl_LightModelProducts", "", CompatKind::Uniform},
    {"gl_BackLightModelProduct", "brass_gl_LightModelProducts", "", CompatKind::Uniform},
    {"gl_FrontLightProduct", "brass_gl_LightProducts", "[8]", CompatKind::Uniform},
    {"gl_BackLightProduct", "brass_gl_LightProducts", "[8]", CompatKind::Uniform},
    {"gl_TextureEnvColor", "vec4", "[8]", CompatKind::Uniform},
    {"gl_EyePlaneS", "vec4", "[8]", CompatKind::Uniform},
    {"gl_EyePlaneT", "vec4", "[8]", CompatKind::Uniform},
    {"gl_EyePlaneR", "vec4", "[8]", CompatKind::Uniform},
    {"gl_EyePlaneQ", "vec4", "[8]", CompatKind::Uniform},
    {"gl_ObjectPlaneS", "vec4", "[8]", CompatKind::Uniform},
    {"gl_ObjectPlaneT", "vec4", "[8]", CompatKind::Uniform},
    {"gl_ObjectPlaneR", "vec4", "[8]", CompatKind::Uniform},
    {"gl_ObjectPlaneQ", "vec4", "[8]", CompatKind::Uniform},
    {"gl_Fog", "brass_gl_FogParameters", "", CompatKind::Uniform},
    {"gl_FrontColor", "vec4", "", CompatKind::VertexOut},
    {"gl_BackColor", "vec4", "", CompatKind::VertexOut},
    {"gl_FrontSecondaryColor", "vec4", "", CompatKind::VertexOut},
    {"gl_BackSecondaryColor", "vec4", "", CompatKind::VertexOut},
    {"gl_TexCoord", "vec4", "[8]", CompatKind::VertexOut},
    {"gl_FogFragCoord", "float", "", CompatKind::VertexOut},
};

}  // namespace

const CompatBuiltin* find_compat_builtin(std::string_view name) {
  for (const CompatBuiltin& b : kCompatBuiltins)
    if (name == b.name) return &b;
  return nullptr;
}

}  // namespace brass::compiler
