// EXT_blend_func_extended end to end: a second fragment colour (ES 3.00
// layout(index = 1), ES 1.00 gl_SecondaryFragColorEXT, or an output bound
// with glBindFragDataLocationIndexedEXT) feeds the SRC1 blend factors, and
// the API rejects what the extension says it must.
#include <cstdio>
#include <cstdlib>
#include <set>
#include <string>

#include "e2e_fixture.h"

namespace brass::e2e {
namespace {

const char* kVs300 = R"(#version 300 es
in vec2 pos;
void main() { gl_Position = vec4(pos, 0.0, 1.0); })";
const char* kVs100 = R"(attribute vec2 pos;
void main() { gl_Position = vec4(pos, 0.0, 1.0); })";

class BlendFuncExtended : public GlesTest {
 protected:
  void SetUp() override {
    GlesTest::SetUp();
    if (HasFatalFailure()) return;
    if (!has_extension("GL_EXT_blend_func_extended")) GTEST_SKIP() << "GL_EXT_blend_func_extended not advertised (no Vulkan dualSrcBlend)";
    bind_indexed = reinterpret_cast<PFNGLBINDFRAGDATALOCATIONINDEXEDEXTPROC>(
        eglGetProcAddress("glBindFragDataLocationIndexedEXT"));
    bind = reinterpret_cast<PFNGLBINDFRAGDATALOCATIONEXTPROC>(eglGetProcAddress("glBindFragDataLocationEXT"));
    get_index = reinterpret_cast<PFNGLGETFRAGDATAINDEXEXTPROC>(eglGetProcAddress("glGetFragDataIndexEXT"));
    ASSERT_TRUE(bind_indexed && bind && get_index);
  }
  void TearDown() override {
    if (prog) glDeleteProgram(prog);
    GlesTest::TearDown();
  }

  // Black opaque destination, then one full-screen quad blended as
  // src * SRC1_COLOR + dst * (1 - SRC1_COLOR).
  void draw_blended(GLuint p) {
    glClearColor(0, 0, 0, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    glUseProgram(p);
    const float quad[] = {-1, -1, 1, -1, -1, 1, 1, 1};
    const GLint loc = glGetAttribLocation(p, "pos");
    ASSERT_GE(loc, 0);
    glBindBuffer(GL_ARRAY_BUFFER, 0);
    glVertexAttribPointer(static_cast<GLuint>(loc), 2, GL_FLOAT, GL_FALSE, 0, quad);
    glEnableVertexAttribArray(static_cast<GLuint>(loc));
    glEnable(GL_BLEND);
    glBlendFunc(GL_SRC1_COLOR_EXT, GL_ONE_MINUS_SRC1_COLOR_EXT);
    ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
    glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
    glDisableVertexAttribArray(static_cast<GLuint>(loc));
    glDisable(GL_BLEND);
  }

  // src (1, 0.5, 1, 1) times src1 (0.5, 1, 0, 1) over black.
  void expect_blended_everywhere() {
    const std::vector<uint32_t> px = read_pixels();
    for (int i = 0; i < kWidth * kHeight; i += 37) {
      const uint32_t p = px[i];
      EXPECT_NEAR(static_cast<int>(p & 0xff), 128, 1) << "pixel " << i;
      EXPECT_NEAR(static_cast<int>((p >> 8) & 0xff), 128, 1) << "pixel " << i;
      EXPECT_EQ((p >> 16) & 0xff, 0u) << "pixel " << i;
      EXPECT_EQ(p >> 24, 255u) << "pixel " << i;
    }
  }

  PFNGLBINDFRAGDATALOCATIONINDEXEDEXTPROC bind_indexed = nullptr;
  PFNGLBINDFRAGDATALOCATIONEXTPROC bind = nullptr;
  PFNGLGETFRAGDATAINDEXEXTPROC get_index = nullptr;
  GLuint prog = 0;
};

TEST_F(BlendFuncExtended, Es300LayoutIndexOneIsTheSecondSource) {
  prog = program(kVs300, R"(#version 300 es
#extension GL_EXT_blend_func_extended : require
precision mediump float;
layout(location = 0, index = 1) out vec4 factor;
layout(location = 0) out vec4 color;
void main() { color = vec4(1.0, 0.5, 1.0, 1.0); factor = vec4(0.5, 1.0, 0.0, 1.0); })");
  EXPECT_EQ(get_index(prog, "factor"), 1);
  EXPECT_EQ(get_index(prog, "color"), 0);
  EXPECT_EQ(glGetFragDataLocation(prog, "factor"), 0);
  draw_blended(prog);
  expect_blended_everywhere();
}

TEST_F(BlendFuncExtended, Es100SecondaryFragColorIsTheSecondSource) {
  prog = program(kVs100, R"(#extension GL_EXT_blend_func_extended : require
precision mediump float;
void main() {
  gl_FragColor = vec4(1.0, 0.5, 1.0, 1.0);
  gl_SecondaryFragColorEXT = vec4(0.5, 1.0, 0.0, float(gl_MaxDualSourceDrawBuffersEXT));
})");
  draw_blended(prog);
  expect_blended_everywhere();
}

TEST_F(BlendFuncExtended, BoundOutputsTakeEffectAtTheNextLink) {
  prog = program(kVs300, R"(#version 300 es
#extension GL_EXT_blend_func_extended : require
precision mediump float;
out vec4 color;
out vec4 factor;
void main() { color = vec4(1.0, 0.5, 1.0, 1.0); factor = vec4(0.5, 1.0, 0.0, 1.0); })");
  // Not yet relinked: the automatic placement holds.
  bind_indexed(prog, 0, 1, "factor");
  bind(prog, 0, "color");
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  EXPECT_EQ(get_index(prog, "factor"), 0);
  glLinkProgram(prog);
  GLint ok = 0;
  glGetProgramiv(prog, GL_LINK_STATUS, &ok);
  ASSERT_TRUE(ok);
  EXPECT_EQ(get_index(prog, "factor"), 1);
  EXPECT_EQ(get_index(prog, "color"), 0);
  EXPECT_EQ(glGetFragDataLocation(prog, "factor"), 0);
  draw_blended(prog);
  expect_blended_everywhere();
}

// Shaders that must not compile or link, checked without the fixture's
// failure reporting.
bool compiles(GLenum type, const char* src) {
  GLuint s = glCreateShader(type);
  glShaderSource(s, 1, &src, nullptr);
  glCompileShader(s);
  GLint ok = 0;
  glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
  glDeleteShader(s);
  return ok == GL_TRUE;
}

TEST_F(BlendFuncExtended, Es100ColorAndDataFormsDoNotMix) {
  const char* tmpl = "#version 100\n#extension GL_EXT_blend_func_extended : enable\n"
                     "void main() {\n  %s = vec4(0);\n  %s = vec4(0);\n}\n";
  auto fs = [&](const char* a, const char* b) {
    char text[256];
    std::snprintf(text, sizeof(text), tmpl, a, b);
    return compiles(GL_FRAGMENT_SHADER, text);
  };
  EXPECT_TRUE(fs("gl_FragColor", "gl_SecondaryFragColorEXT"));
  EXPECT_TRUE(fs("gl_FragData[0]", "gl_SecondaryFragDataEXT[0]"));
  EXPECT_FALSE(fs("gl_FragColor", "gl_SecondaryFragDataEXT[0]"));
  EXPECT_FALSE(fs("gl_FragData[0]", "gl_SecondaryFragColorEXT"));
}

TEST_F(BlendFuncExtended, SecondSourcePastTheDualSourceBuffersFailsToLink) {
  GLint max_dual = 0;
  glGetIntegerv(GL_MAX_DUAL_SOURCE_DRAW_BUFFERS_EXT, &max_dual);
  ASSERT_GE(max_dual, 1);
  const std::string fs = "#version 300 es\n#extension GL_EXT_blend_func_extended : enable\n"
                         "layout(location = 0, index = 0) out highp vec4 a;\n"
                         "layout(location = " + std::to_string(max_dual) + ", index = 1) out highp vec4 b;\n"
                         "void main() { a = vec4(0.0); b = vec4(1.0); }\n";
  GLuint p = glCreateProgram();
  for (auto [type, src] : {std::pair{GL_VERTEX_SHADER, kFullscreenVs}, std::pair{GL_FRAGMENT_SHADER, fs.c_str()}}) {
    GLuint s = glCreateShader(type);
    glShaderSource(s, 1, &src, nullptr);
    glCompileShader(s);
    glAttachShader(p, s);
    glDeleteShader(s);
  }
  glLinkProgram(p);
  GLint ok = 1;
  glGetProgramiv(p, GL_LINK_STATUS, &ok);
  EXPECT_EQ(ok, GL_FALSE);
  glDeleteProgram(p);
}

TEST_F(BlendFuncExtended, ApiErrors) {
  GLint max_dual = 0, max_draw = 0;
  glGetIntegerv(GL_MAX_DUAL_SOURCE_DRAW_BUFFERS_EXT, &max_dual);
  glGetIntegerv(GL_MAX_DRAW_BUFFERS, &max_draw);
  EXPECT_EQ(max_dual, 1);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));

  prog = glCreateProgram();
  bind_indexed(prog, 0, 2, "o");  // index > 1
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  bind_indexed(prog, static_cast<GLuint>(max_dual), 1, "o");  // beyond the dual-source buffers
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  bind_indexed(prog, static_cast<GLuint>(max_draw), 0, "o");
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  bind(prog, static_cast<GLuint>(max_draw), "o");
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  bind_indexed(prog, 0, 1, "gl_FragColor");
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  bind_indexed(prog + 100, 0, 0, "o");  // not an object
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  EXPECT_EQ(get_index(prog, "o"), -1);  // never linked
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));

  // The new factors, and SRC_ALPHA_SATURATE as a destination.
  for (GLenum f : {GL_SRC1_COLOR_EXT, GL_SRC1_ALPHA_EXT, GL_ONE_MINUS_SRC1_COLOR_EXT, GL_ONE_MINUS_SRC1_ALPHA_EXT}) {
    glBlendFunc(f, f);
    glBlendFuncSeparate(GL_ONE, f, f, GL_ZERO);
    EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR)) << f;
  }
  glBlendFunc(GL_ZERO, GL_SRC_ALPHA_SATURATE_EXT);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  GLint dst = 0;
  glGetIntegerv(GL_BLEND_DST_RGB, &dst);
  EXPECT_EQ(dst, GL_SRC_ALPHA_SATURATE_EXT);
  glBlendFunc(GL_ONE, GL_BLEND_COLOR);  // still not a factor
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  glBlendFunc(GL_ONE, GL_ZERO);
}

TEST_F(BlendFuncExtended, DualSourceBlendingWithASecondDrawBufferIsInvalid) {
  prog = program(kVs300, R"(#version 300 es
#extension GL_EXT_blend_func_extended : require
precision mediump float;
layout(location = 0, index = 1) out vec4 factor;
layout(location = 0) out vec4 color;
void main() { color = vec4(1.0, 0.5, 1.0, 1.0); factor = vec4(0.5, 1.0, 0.0, 1.0); })");
  GLuint fbo = 0, rb[2] = {};
  glGenFramebuffers(1, &fbo);
  glGenRenderbuffers(2, rb);
  glBindFramebuffer(GL_FRAMEBUFFER, fbo);
  for (int i = 0; i < 2; ++i) {
    glBindRenderbuffer(GL_RENDERBUFFER, rb[i]);
    glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, kWidth, kHeight);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0 + i, GL_RENDERBUFFER, rb[i]);
  }
  ASSERT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), static_cast<GLenum>(GL_FRAMEBUFFER_COMPLETE));
  const GLenum both[] = {GL_COLOR_ATTACHMENT0, GL_COLOR_ATTACHMENT1};
  glDrawBuffers(2, both);
  glUseProgram(prog);
  glEnable(GL_BLEND);
  glBlendFunc(GL_ONE, GL_SRC1_ALPHA_EXT);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  // Only draw buffer 0 enabled: allowed.
  const GLenum first[] = {GL_COLOR_ATTACHMENT0, GL_NONE};
  glDrawBuffers(2, first);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  // Without SRC1 factors, both draw buffers are fine.
  glDrawBuffers(2, both);
  glBlendFunc(GL_ONE, GL_ZERO);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  glDisable(GL_BLEND);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glDeleteFramebuffers(1, &fbo);
  glDeleteRenderbuffers(2, rb);
}

}  // namespace
}  // namespace brass::e2e
