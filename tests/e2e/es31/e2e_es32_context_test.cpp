// OpenGL ES 3.2 contexts through glvnd. Brass makes ES 3.2 contexts where
// the device has everything ES 3.2 adds to ES 3.1 (the extensions of ES 3.2
// Appendix F.1), else ES 3.1. Either way the version, the shading-language
// version, what `#version 320 es` does and what EGL grants must agree.
#include <GLES3/gl32.h>

#include <algorithm>
#include <string>

#include "e2e_es31_fixture.h"

namespace brass::e2e {
namespace {

// What ES 3.2 made core (ES 3.2 Appendix F.1), as the extensions that carry
// it in ES 3.1 contexts.
constexpr const char* kEs32Extensions[] = {
    "GL_KHR_blend_equation_advanced", "GL_KHR_debug", "GL_KHR_robustness",
    "GL_KHR_texture_compression_astc_ldr", "GL_OES_draw_elements_base_vertex", "GL_OES_sample_shading",
    "GL_OES_sample_variables", "GL_OES_shader_image_atomic", "GL_OES_shader_multisample_interpolation",
    "GL_OES_texture_stencil8", "GL_OES_texture_storage_multisample_2d_array", "GL_EXT_color_buffer_float",
    "GL_EXT_copy_image", "GL_EXT_draw_buffers_indexed", "GL_EXT_geometry_shader", "GL_EXT_gpu_shader5",
    "GL_EXT_primitive_bounding_box", "GL_EXT_shader_io_blocks", "GL_EXT_tessellation_shader",
    "GL_EXT_texture_border_clamp", "GL_EXT_texture_buffer", "GL_EXT_texture_cube_map_array",
};

// A geometry shader in GLSL ES 3.20 with no #extension: core there.
constexpr const char* kGs320 = R"(#version 320 es
layout(triangles) in;
layout(triangle_strip, max_vertices = 3) out;
void main() {
  for (int i = 0; i < 3; ++i) {
    gl_Position = gl_in[i].gl_Position;
    EmitVertex();
  }
  EndPrimitive();
})";
// A tessellation control shader writing gl_BoundingBox (ES 3.2's name).
constexpr const char* kTcs320 = R"(#version 320 es
layout(vertices = 3) out;
void main() {
  gl_out[gl_InvocationID].gl_Position = gl_in[gl_InvocationID].gl_Position;
  gl_TessLevelInner[0] = 1.0;
  gl_TessLevelOuter[0] = 1.0;
  gl_TessLevelOuter[1] = 1.0;
  gl_TessLevelOuter[2] = 1.0;
  gl_BoundingBox[0] = vec4(-1.0);
  gl_BoundingBox[1] = vec4(1.0);
})";
// Texture buffers without #extension.
constexpr const char* kFsTexBuffer320 = R"(#version 320 es
precision highp float;
uniform highp samplerBuffer tb;
out vec4 o;
void main() { o = texelFetch(tb, 0); })";

class Es32Context : public Es31Test {
 protected:
  bool es32() const {
    return std::string(reinterpret_cast<const char*>(glGetString(GL_VERSION))).rfind("OpenGL ES 3.2", 0) == 0;
  }
  static bool compiles(GLenum type, const char* src) {
    GLuint s = glCreateShader(type);
    glShaderSource(s, 1, &src, nullptr);
    glCompileShader(s);
    GLint ok = 0;
    glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
    glDeleteShader(s);
    return ok == GL_TRUE;
  }
};

TEST_F(Es32Context, VersionMatchesWhatTheContextHas) {
  GLint major = 0, minor = 0;
  glGetIntegerv(GL_MAJOR_VERSION, &major);
  glGetIntegerv(GL_MINOR_VERSION, &minor);
  const std::string glsl = reinterpret_cast<const char*>(glGetString(GL_SHADING_LANGUAGE_VERSION));
  bool all = true;
  for (const char* e : kEs32Extensions) all = all && has_extension(e);
  EXPECT_EQ(major, 3);
  if (es32()) {
    EXPECT_EQ(minor, 2);
    EXPECT_EQ(glsl, "OpenGL ES GLSL ES 3.20");
    // ES 3.2 lists its extensions too, as the strings of ES 3.1 contexts do.
    for (const char* e : kEs32Extensions) EXPECT_TRUE(has_extension(e)) << e;
  } else {
    EXPECT_EQ(minor, 1);
    EXPECT_EQ(glsl, "OpenGL ES GLSL ES 3.10");
    EXPECT_FALSE(all) << "every ES 3.2 extension is exposed, yet the context is ES 3.1";
  }
}

TEST_F(Es32Context, Glsl320CompilesOnlyInEs32) {
  const bool geometry = has_extension("GL_EXT_geometry_shader");
  const bool tessellation = has_extension("GL_EXT_tessellation_shader");
  if (es32()) {
    EXPECT_TRUE(compiles(GL_GEOMETRY_SHADER, kGs320));
    EXPECT_TRUE(compiles(GL_TESS_CONTROL_SHADER, kTcs320));
    EXPECT_TRUE(compiles(GL_FRAGMENT_SHADER, kFsTexBuffer320));
  } else {
    EXPECT_FALSE(compiles(GL_FRAGMENT_SHADER, kFsTexBuffer320));
    if (geometry) {
      EXPECT_FALSE(compiles(GL_GEOMETRY_SHADER, kGs320));
    }
    if (tessellation) {
      EXPECT_FALSE(compiles(GL_TESS_CONTROL_SHADER, kTcs320));
    }
  }
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

// EGL grants an explicit 3.2 request exactly where contexts are ES 3.2, and
// a 3.0 request gets the highest version (EGL 1.5 §3.7.1.1).
TEST_F(Es32Context, EglGrantsEs32WhereTheContextsAreEs32) {
  const EGLint attribs32[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 2, EGL_NONE};
  EGLContext c32 = eglCreateContext(dpy, config, EGL_NO_CONTEXT, attribs32);
  if (es32()) {
    ASSERT_NE(c32, EGL_NO_CONTEXT) << std::hex << eglGetError();
    eglDestroyContext(dpy, c32);
  } else {
    EXPECT_EQ(c32, EGL_NO_CONTEXT);
    EXPECT_EQ(eglGetError(), EGL_BAD_MATCH);
  }
  const EGLint attribs33[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 3, EGL_NONE};
  EXPECT_EQ(eglCreateContext(dpy, config, EGL_NO_CONTEXT, attribs33), EGL_NO_CONTEXT);
  EXPECT_EQ(eglGetError(), EGL_BAD_MATCH);
}

// ES 3.2's commands under their core names (no EXT/OES suffix), as an ES
// 3.2 application calls them through libGLESv2.
TEST_F(Es32Context, CoreNamedCommandsWork) {
  if (!es32()) GTEST_SKIP() << "ES 3.1 context: the core names are ES 3.2's";
  // glTexStorage3DMultisample + glFramebufferTexture (layered attachment).
  GLuint tex = 0, fb = 0;
  glGenTextures(1, &tex);
  glBindTexture(GL_TEXTURE_2D_MULTISAMPLE_ARRAY, tex);
  glTexStorage3DMultisample(GL_TEXTURE_2D_MULTISAMPLE_ARRAY, 4, GL_RGBA8, 4, 4, 2, GL_TRUE);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glGenFramebuffers(1, &fb);
  glBindFramebuffer(GL_FRAMEBUFFER, fb);
  glFramebufferTexture(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, tex, 0);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  GLint layered = 0;
  glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_FRAMEBUFFER_ATTACHMENT_LAYERED,
                                        &layered);
  EXPECT_EQ(layered, GL_TRUE);
  EXPECT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_COMPLETE));
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glDeleteFramebuffers(1, &fb);
  glDeleteTextures(1, &tex);
  // State setters and their queries.
  glPatchParameteri(GL_PATCH_VERTICES, 4);
  GLint v = 0;
  glGetIntegerv(GL_PATCH_VERTICES, &v);
  EXPECT_EQ(v, 4);
  glPatchParameteri(GL_PATCH_VERTICES, 3);
  glMinSampleShading(0.5f);
  GLfloat f = 0;
  glGetFloatv(GL_MIN_SAMPLE_SHADING_VALUE, &f);
  EXPECT_EQ(f, 0.5f);
  glMinSampleShading(0.0f);
  glPrimitiveBoundingBox(-1, -1, -1, 1, 1, 1, 1, 1);
  GLfloat box[8] = {};
  glGetFloatv(GL_PRIMITIVE_BOUNDING_BOX, box);
  EXPECT_EQ(box[0], -1.0f);
  EXPECT_EQ(box[7], 1.0f);
  glEnablei(GL_BLEND, 1);
  EXPECT_TRUE(glIsEnabledi(GL_BLEND, 1));
  glDisablei(GL_BLEND, 1);
  EXPECT_EQ(glGetGraphicsResetStatus(), GLenum(GL_NO_ERROR));
  glBlendBarrier();
  // glCopyImageSubData between two RGBA8 textures, read back.
  GLuint t[2] = {};
  glGenTextures(2, t);
  const uint32_t texels[4] = {rgba(1, 2, 3), rgba(4, 5, 6), rgba(7, 8, 9), rgba(10, 11, 12)};
  for (GLuint name : t) {
    glBindTexture(GL_TEXTURE_2D, name);
    glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 2, 2);
  }
  glBindTexture(GL_TEXTURE_2D, t[0]);
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 2, 2, GL_RGBA, GL_UNSIGNED_BYTE, texels);
  glCopyImageSubData(t[0], GL_TEXTURE_2D, 0, 0, 0, 0, t[1], GL_TEXTURE_2D, 0, 0, 0, 0, 2, 2, 1);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glGenFramebuffers(1, &fb);
  glBindFramebuffer(GL_FRAMEBUFFER, fb);
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, t[1], 0);
  uint32_t back[4] = {};
  glReadPixels(0, 0, 2, 2, GL_RGBA, GL_UNSIGNED_BYTE, back);
  for (int i = 0; i < 4; ++i) EXPECT_EQ(back[i], texels[i]) << i;
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glDeleteFramebuffers(1, &fb);
  glDeleteTextures(2, t);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

// State ES 3.2 adds beside its extensions' (ES 3.2 table 21.40, 21.44).
TEST_F(Es32Context, Es32Queries) {
  GLfloat range[2] = {-1, -1}, granularity = -1;
  GLint flags = -1;
  glGetFloatv(GL_MULTISAMPLE_LINE_WIDTH_RANGE, range);
  glGetFloatv(GL_MULTISAMPLE_LINE_WIDTH_GRANULARITY, &granularity);
  if (!es32()) {
    EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
    glGetError();
    return;
  }
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  EXPECT_EQ(range[0], 1.0f);
  EXPECT_GE(range[1], 1.0f);
  EXPECT_GT(granularity, 0.0f);
  glGetIntegerv(GL_CONTEXT_FLAGS, &flags);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  EXPECT_EQ(flags & GL_CONTEXT_FLAG_DEBUG_BIT, 0);
  // ES 3.2 minimums of the limits its stages raise (table 21.46 ff.).
  GLint v = 0;
  glGetIntegerv(GL_MAX_COMBINED_UNIFORM_BLOCKS, &v);
  EXPECT_GE(v, 60);
  glGetIntegerv(GL_MAX_UNIFORM_BUFFER_BINDINGS, &v);
  EXPECT_GE(v, 72);
  glGetIntegerv(GL_MAX_COMBINED_TEXTURE_IMAGE_UNITS, &v);
  EXPECT_GE(v, 96);
  glGetIntegerv(GL_MAX_FRAMEBUFFER_LAYERS, &v);
  EXPECT_GE(v, 256);
  glGetIntegerv(GL_MAX_TEXTURE_BUFFER_SIZE, &v);
  EXPECT_GE(v, 65536);
}

}  // namespace
}  // namespace brass::e2e
