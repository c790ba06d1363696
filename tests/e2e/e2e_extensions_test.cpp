// ES extensions with entry points, reached as applications reach them: the
// extension string, eglGetProcAddress, then the call. Each advertised
// extension's functions must resolve and behave like their core equivalents.
#include <cstring>
#include <map>
#include <set>
#include <vector>

#include "e2e_fixture.h"

namespace brass::e2e {
namespace {

std::set<std::string> extensions() {
  GLint n = 0;
  glGetIntegerv(GL_NUM_EXTENSIONS, &n);
  std::set<std::string> out;
  for (GLint i = 0; i < n; ++i) out.insert(reinterpret_cast<const char*>(glGetStringi(GL_EXTENSIONS, i)));
  return out;
}

template <typename F>
F proc(const char* name) {
  return reinterpret_cast<F>(eglGetProcAddress(name));
}

const char* kVs = R"(#version 300 es
layout(location = 0) in vec2 pos;
layout(location = 1) in vec4 color;
out vec4 v_color;
void main() { gl_Position = vec4(pos, 0.0, 1.0); v_color = color; })";
const char* kFs = R"(#version 300 es
precision mediump float;
in vec4 v_color;
out vec4 o;
void main() { o = v_color; })";

class Extensions : public GlesTest {
 protected:
  void SetUp() override {
    GlesTest::SetUp();
    if (HasFatalFailure()) return;
    ext = extensions();
  }
  void TearDown() override {
    if (prog) glDeleteProgram(prog);
    if (!buffers.empty()) glDeleteBuffers(static_cast<GLsizei>(buffers.size()), buffers.data());
    GlesTest::TearDown();
  }
  GLuint buffer(GLenum target, const void* data, GLsizeiptr size) {
    GLuint b = 0;
    glGenBuffers(1, &b);
    glBindBuffer(target, b);
    glBufferData(target, size, data, GL_STATIC_DRAW);
    buffers.push_back(b);
    return b;
  }
  void use_color_program() {
    prog = program(kVs, kFs);
    glUseProgram(prog);
    glClearColor(0, 0, 0, 0);
    glClear(GL_COLOR_BUFFER_BIT);
  }
  std::set<std::string> ext;
  GLuint prog = 0;
  std::vector<GLuint> buffers;
};

TEST_F(Extensions, EveryAdvertisedExtensionsFunctionsResolve) {
  const std::map<std::string, std::vector<const char*>> functions = {
      {"GL_OES_mapbuffer", {"glMapBufferOES", "glUnmapBufferOES", "glGetBufferPointervOES"}},
      {"GL_EXT_map_buffer_range", {"glMapBufferRangeEXT", "glFlushMappedBufferRangeEXT"}},
      {"GL_OES_vertex_array_object",
       {"glBindVertexArrayOES", "glDeleteVertexArraysOES", "glGenVertexArraysOES", "glIsVertexArrayOES"}},
      {"GL_EXT_draw_buffers", {"glDrawBuffersEXT"}},
      {"GL_EXT_draw_instanced", {"glDrawArraysInstancedEXT", "glDrawElementsInstancedEXT"}},
      {"GL_EXT_instanced_arrays", {"glVertexAttribDivisorEXT", "glDrawArraysInstancedEXT"}},
      {"GL_OES_draw_elements_base_vertex",
       {"glDrawElementsBaseVertexOES", "glDrawRangeElementsBaseVertexOES", "glDrawElementsInstancedBaseVertexOES"}},
      {"GL_EXT_draw_elements_base_vertex", {"glDrawElementsBaseVertexEXT"}},
      {"GL_EXT_multi_draw_arrays", {"glMultiDrawArraysEXT", "glMultiDrawElementsEXT"}},
      {"GL_EXT_base_instance",
       {"glDrawArraysInstancedBaseInstanceEXT", "glDrawElementsInstancedBaseInstanceEXT",
        "glDrawElementsInstancedBaseVertexBaseInstanceEXT"}},
      {"GL_EXT_discard_framebuffer", {"glDiscardFramebufferEXT"}},
      {"GL_KHR_parallel_shader_compile", {"glMaxShaderCompilerThreadsKHR"}},
      {"GL_KHR_debug",
       {"glDebugMessageControlKHR", "glDebugMessageInsertKHR", "glDebugMessageCallbackKHR", "glGetDebugMessageLogKHR",
        "glPushDebugGroupKHR", "glPopDebugGroupKHR", "glObjectLabelKHR", "glGetObjectLabelKHR", "glObjectPtrLabelKHR",
        "glGetObjectPtrLabelKHR", "glGetPointervKHR"}},
      {"GL_KHR_robustness",
       {"glGetGraphicsResetStatusKHR", "glReadnPixelsKHR", "glGetnUniformfvKHR", "glGetnUniformivKHR",
        "glGetnUniformuivKHR"}},
      {"GL_EXT_robustness",
       {"glGetGraphicsResetStatusEXT", "glReadnPixelsEXT", "glGetnUniformfvEXT", "glGetnUniformivEXT"}},
  };
  for (const auto& [name, fns] : functions) {
    if (!ext.count(name)) continue;
    for (const char* f : fns) EXPECT_NE(eglGetProcAddress(f), nullptr) << name << ": " << f;
  }
  // The ES 2.0 applications' favourites are there.
  for (const char* e : {"GL_OES_mapbuffer", "GL_OES_vertex_array_object", "GL_OES_standard_derivatives"})
    EXPECT_TRUE(ext.count(e)) << e;
}

TEST_F(Extensions, MapBufferOesWritesWholeBufferAndKeepsTheRest) {
  auto map = proc<PFNGLMAPBUFFEROESPROC>("glMapBufferOES");
  auto unmap = proc<PFNGLUNMAPBUFFEROESPROC>("glUnmapBufferOES");
  auto pointer = proc<PFNGLGETBUFFERPOINTERVOESPROC>("glGetBufferPointervOES");
  ASSERT_TRUE(map && unmap && pointer);
  const uint32_t init[4] = {1, 2, 3, 4};
  buffer(GL_ARRAY_BUFFER, init, sizeof(init));

  EXPECT_EQ(map(GL_ARRAY_BUFFER, 0x88B8 /* GL_READ_ONLY (desktop) */), nullptr);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));

  auto* p = static_cast<uint32_t*>(map(GL_ARRAY_BUFFER, GL_WRITE_ONLY_OES));
  ASSERT_NE(p, nullptr);
  GLint access = 0, mapped = 0;
  glGetBufferParameteriv(GL_ARRAY_BUFFER, GL_BUFFER_ACCESS_OES, &access);
  glGetBufferParameteriv(GL_ARRAY_BUFFER, GL_BUFFER_MAPPED_OES, &mapped);
  EXPECT_EQ(access, GL_WRITE_ONLY_OES);
  EXPECT_EQ(mapped, GL_TRUE);
  void* queried = nullptr;
  pointer(GL_ARRAY_BUFFER, GL_BUFFER_MAP_POINTER_OES, &queried);
  EXPECT_EQ(queried, p);
  EXPECT_EQ(map(GL_ARRAY_BUFFER, GL_WRITE_ONLY_OES), nullptr);  // already mapped
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  p[2] = 30;  // only one element written: the others must survive
  EXPECT_EQ(unmap(GL_ARRAY_BUFFER), GL_TRUE);

  const auto* r = static_cast<const uint32_t*>(glMapBufferRange(GL_ARRAY_BUFFER, 0, sizeof(init), GL_MAP_READ_BIT));
  ASSERT_NE(r, nullptr);
  EXPECT_EQ(r[0], 1u);
  EXPECT_EQ(r[1], 2u);
  EXPECT_EQ(r[2], 30u);
  EXPECT_EQ(r[3], 4u);
  glUnmapBuffer(GL_ARRAY_BUFFER);

  glBindBuffer(GL_ARRAY_BUFFER, 0);
  EXPECT_EQ(map(GL_ARRAY_BUFFER, GL_WRITE_ONLY_OES), nullptr);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
}

// Left half: vertices 0-3 red; right half: vertices 4-7 green. The same four
// indices draw either, depending on the base vertex.
const float kTwoQuads[] = {
    -1, -1, 1, 0, 0, 1, 0,  -1, 1, 0, 0, 1, -1, 1, 1, 0, 0, 1, 0, 1, 1, 0, 0, 1,  // red, left
    0,  -1, 0, 1, 0, 1, 1,  -1, 0, 1, 0, 1, 0,  1, 0, 1, 0, 1, 1, 1, 0, 1, 0, 1,  // green, right
};
const GLushort kQuadIndices[] = {0, 1, 2, 2, 1, 3};

TEST_F(Extensions, DrawElementsBaseVertexOffsetsEveryIndex) {
  auto draw_bv = proc<PFNGLDRAWELEMENTSBASEVERTEXOESPROC>("glDrawElementsBaseVertexOES");
  auto draw_range_bv = proc<PFNGLDRAWRANGEELEMENTSBASEVERTEXOESPROC>("glDrawRangeElementsBaseVertexOES");
  ASSERT_TRUE(draw_bv && draw_range_bv);
  use_color_program();
  buffer(GL_ARRAY_BUFFER, kTwoQuads, sizeof(kTwoQuads));
  glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 6 * sizeof(float), nullptr);
  glVertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, 6 * sizeof(float), reinterpret_cast<void*>(2 * sizeof(float)));
  glEnableVertexAttribArray(0);
  glEnableVertexAttribArray(1);
  buffer(GL_ELEMENT_ARRAY_BUFFER, kQuadIndices, sizeof(kQuadIndices));

  draw_bv(GL_TRIANGLES, 6, GL_UNSIGNED_SHORT, nullptr, 4);
  EXPECT_EQ(pixel(kWidth / 4, kHeight / 2), rgba(0, 0, 0, 0));
  EXPECT_EQ(pixel(3 * kWidth / 4, kHeight / 2), rgba(0, 255, 0));
  draw_range_bv(GL_TRIANGLES, 0, 3, 6, GL_UNSIGNED_SHORT, nullptr, 0);
  EXPECT_EQ(pixel(kWidth / 4, kHeight / 2), rgba(255, 0, 0));

  // Client-side arrays are streamed from the rebased range.
  glBindBuffer(GL_ARRAY_BUFFER, 0);
  glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, 0);
  glClear(GL_COLOR_BUFFER_BIT);
  glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 6 * sizeof(float), kTwoQuads);
  glVertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, 6 * sizeof(float), kTwoQuads + 2);
  draw_bv(GL_TRIANGLES, 6, GL_UNSIGNED_SHORT, kQuadIndices, 4);
  EXPECT_EQ(pixel(kWidth / 4, kHeight / 2), rgba(0, 0, 0, 0));
  EXPECT_EQ(pixel(3 * kWidth / 4, kHeight / 2), rgba(0, 255, 0));

  draw_bv(GL_TRIANGLES, -1, GL_UNSIGNED_SHORT, kQuadIndices, 4);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  draw_bv(GL_TRIANGLES, 6, GL_FLOAT, kQuadIndices, 4);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
}

TEST_F(Extensions, BaseInstanceSelectsInstancedAttributesButNotInstanceId) {
  auto draw = proc<PFNGLDRAWARRAYSINSTANCEDBASEINSTANCEEXTPROC>("glDrawArraysInstancedBaseInstanceEXT");
  ASSERT_TRUE(draw);
  // gl_InstanceID counts from 0 whatever the base instance (GL semantics);
  // the per-instance color comes from element baseinstance + instance.
  prog = program(R"(#version 300 es
layout(location = 0) in vec2 pos;
layout(location = 1) in vec4 color;
out vec4 v_color;
void main() {
  gl_Position = vec4(pos, 0.0, 1.0);
  v_color = gl_InstanceID == 0 ? color : vec4(1.0, 0.0, 1.0, 1.0);
})",
                 kFs);
  glUseProgram(prog);
  glClearColor(0, 0, 0, 0);
  glClear(GL_COLOR_BUFFER_BIT);
  const float quad[] = {-1, -1, 1, -1, -1, 1, 1, 1};
  const float colors[] = {1, 0, 0, 1, 0, 0, 1, 1, 0, 1, 0, 1};
  buffer(GL_ARRAY_BUFFER, quad, sizeof(quad));
  glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, nullptr);
  glEnableVertexAttribArray(0);
  buffer(GL_ARRAY_BUFFER, colors, sizeof(colors));
  glVertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, 0, nullptr);
  glVertexAttribDivisor(1, 1);
  glEnableVertexAttribArray(1);
  draw(GL_TRIANGLE_STRIP, 0, 4, 1, 2);
  EXPECT_EQ(pixel(kWidth / 2, kHeight / 2), rgba(0, 255, 0));
  draw(GL_TRIANGLE_STRIP, 0, 4, 1, 1);
  EXPECT_EQ(pixel(kWidth / 2, kHeight / 2), rgba(0, 0, 255));
  glVertexAttribDivisor(1, 0);
}

TEST_F(Extensions, MultiDrawArraysDrawsEachRange) {
  auto multi = proc<PFNGLMULTIDRAWARRAYSEXTPROC>("glMultiDrawArraysEXT");
  ASSERT_TRUE(multi);
  use_color_program();
  // Two strips of four vertices each, the second shifted right: both drawn.
  const float strips[] = {-1, -1, 1, 0, 0, 1, 0, -1, 1, 0, 0, 1, -1, 1, 1, 0, 0, 1, 0, 1, 1, 0, 0, 1,
                          0,  -1, 0, 0, 1, 1, 1, -1, 0, 0, 1, 1, 0,  1, 0, 0, 1, 1, 1, 1, 0, 0, 1, 1};
  buffer(GL_ARRAY_BUFFER, strips, sizeof(strips));
  glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 6 * sizeof(float), nullptr);
  glVertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, 6 * sizeof(float), reinterpret_cast<void*>(2 * sizeof(float)));
  glEnableVertexAttribArray(0);
  glEnableVertexAttribArray(1);
  const GLint first[] = {0, 4};
  const GLsizei count[] = {4, 4};
  multi(GL_TRIANGLE_STRIP, first, count, 2);
  EXPECT_EQ(pixel(kWidth / 4, kHeight / 2), rgba(255, 0, 0));
  EXPECT_EQ(pixel(3 * kWidth / 4, kHeight / 2), rgba(0, 0, 255));
  multi(GL_TRIANGLE_STRIP, first, count, -1);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
}

TEST_F(Extensions, DiscardFramebufferAcceptsOnlyFramebufferTarget) {
  auto discard = proc<PFNGLDISCARDFRAMEBUFFEREXTPROC>("glDiscardFramebufferEXT");
  ASSERT_TRUE(discard);
  const GLenum color = GL_COLOR_EXT;
  discard(GL_DRAW_FRAMEBUFFER, 1, &color);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  discard(GL_FRAMEBUFFER, -1, &color);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  const GLenum attachment0 = GL_COLOR_ATTACHMENT0;  // not a default-framebuffer name
  discard(GL_FRAMEBUFFER, 1, &attachment0);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  discard(GL_FRAMEBUFFER, 1, &color);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
}

TEST_F(Extensions, ParallelShaderCompileReportsCompletion) {
  auto threads = proc<PFNGLMAXSHADERCOMPILERTHREADSKHRPROC>("glMaxShaderCompilerThreadsKHR");
  ASSERT_TRUE(threads);
  threads(2);
  GLint v = 0;
  glGetIntegerv(GL_MAX_SHADER_COMPILER_THREADS_KHR, &v);
  EXPECT_EQ(v, 2);
  prog = program(kVs, kFs);
  GLint done = 0;
  glGetProgramiv(prog, GL_COMPLETION_STATUS_KHR, &done);
  EXPECT_EQ(done, GL_TRUE);
}

TEST_F(Extensions, StandardDerivativesCompileInEs100) {
  prog = program(R"(attribute vec4 pos;
varying vec2 uv;
void main() { gl_Position = pos; uv = pos.xy; })",
                 R"(#extension GL_OES_standard_derivatives : require
precision mediump float;
varying vec2 uv;
void main() {
#ifndef GL_OES_standard_derivatives
  undefined_macro_breaks_the_compile();
#endif
  gl_FragColor = vec4(dFdx(uv.x), dFdy(uv.y), fwidth(uv.x), 1.0);
})");
  EXPECT_NE(prog, 0u);
}

// EXT_frag_depth: gl_FragDepthEXT decides the depth test in GLSL ES 1.00.
TEST_F(Extensions, FragDepthExtWritesDepth) {
  ASSERT_TRUE(ext.count("GL_EXT_frag_depth"));
  const char* vs = "attribute vec4 pos;\nvoid main() { gl_Position = pos; }\n";
  GLuint writer = program(vs, R"(#extension GL_EXT_frag_depth : require
precision mediump float;
uniform float depth;
void main() {
#ifndef GL_EXT_frag_depth
  undefined_macro_breaks_the_compile();
#endif
  gl_FragDepthEXT = depth;
  gl_FragColor = vec4(1.0, 0.0, 0.0, 1.0);
})");
  ASSERT_NE(writer, 0u);
  const float quad[] = {-1, -1, 1, -1, -1, 1, 1, 1};
  buffer(GL_ARRAY_BUFFER, quad, sizeof(quad));
  glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, nullptr);
  glEnableVertexAttribArray(0);
  glBindAttribLocation(writer, 0, "pos");
  glLinkProgram(writer);
  glUseProgram(writer);
  glEnable(GL_DEPTH_TEST);
  glDepthFunc(GL_LESS);
  glClearDepthf(0.5f);
  glClearColor(0, 0, 1, 1);
  glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
  // The quad is at z = 0 (depth 0.5 after the viewport transform): only the
  // depth the shader writes decides whether it passes.
  glUniform1f(glGetUniformLocation(writer, "depth"), 0.75f);
  glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
  EXPECT_EQ(pixel(16, 16), rgba(0, 0, 255)) << "0.75 is behind the cleared 0.5";
  glUniform1f(glGetUniformLocation(writer, "depth"), 0.25f);
  glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
  EXPECT_EQ(pixel(16, 16), rgba(255, 0, 0)) << "0.25 is in front";
  glDisable(GL_DEPTH_TEST);
  glDeleteProgram(writer);
}

// EXT_polygon_offset_clamp: the offset stops at the clamp.
TEST_F(Extensions, PolygonOffsetClampLimitsTheOffset) {
  if (!ext.count("GL_EXT_polygon_offset_clamp")) GTEST_SKIP() << "the device has no depthBiasClamp";
  auto offset_clamp = proc<void (*)(GLfloat, GLfloat, GLfloat)>("glPolygonOffsetClampEXT");
  ASSERT_NE(offset_clamp, nullptr);
  GLuint p = program("attribute vec4 pos;\nvoid main() { gl_Position = pos; }\n",
                     "precision mediump float;\nvoid main() { gl_FragColor = vec4(1.0, 0.0, 0.0, 1.0); }\n");
  const float quad[] = {-1, -1, 1, -1, -1, 1, 1, 1};
  buffer(GL_ARRAY_BUFFER, quad, sizeof(quad));
  glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, nullptr);
  glEnableVertexAttribArray(0);
  glBindAttribLocation(p, 0, "pos");
  glLinkProgram(p);
  glUseProgram(p);
  glEnable(GL_DEPTH_TEST);
  glEnable(GL_POLYGON_OFFSET_FILL);
  glDepthFunc(GL_LESS);
  // The quad is at depth 0.5; the cleared depth is about 50 units of a
  // 24-bit buffer in front of it. The unclamped offset (-100 units) brings
  // it in front of that, the clamped one (about 17 units) does not; both
  // with margins wide enough for any rounding of the biased depth.
  glClearDepthf(0.5f - 3e-6f);
  glClearColor(0, 0, 1, 1);
  auto draw = [&](GLfloat clamp) {
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    offset_clamp(0.0f, -100.0f, clamp);
    glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
    return pixel(16, 16);
  };
  EXPECT_EQ(draw(0.0f), rgba(255, 0, 0)) << "0: no clamp";
  GLfloat v = 1;
  glGetFloatv(GL_POLYGON_OFFSET_CLAMP_EXT, &v);
  EXPECT_EQ(v, 0.0f);
  EXPECT_EQ(draw(-1e-6f), rgba(0, 0, 255)) << "clamped to fewer units than the cleared depth's lead";
  glGetFloatv(GL_POLYGON_OFFSET_CLAMP_EXT, &v);
  EXPECT_EQ(v, -1e-6f);
  glGetFloatv(GL_POLYGON_OFFSET_UNITS, &v);
  EXPECT_EQ(v, -100.0f);
  glDisable(GL_POLYGON_OFFSET_FILL);
  glDisable(GL_DEPTH_TEST);
  glDeleteProgram(p);
}

TEST_F(Extensions, Etc1TexturesSampleAsEtc2AndRefuseSubImages) {
  ASSERT_TRUE(ext.count("GL_OES_compressed_ETC1_RGB8_texture"));
  // One ETC1 block, individual mode: both sub-blocks base color (15,0,0)
  // expanded to (255,0,0), table 0, every pixel index 0 (modifier +2).
  const uint8_t block[8] = {0xff, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00};
  GLuint tex = 0;
  glGenTextures(1, &tex);
  glBindTexture(GL_TEXTURE_2D, tex);
  glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_ETC1_RGB8_OES, 4, 4, 0, sizeof(block), block);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  glCompressedTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 4, 4, GL_ETC1_RGB8_OES, sizeof(block), block);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_ETC1_RGB8_OES, 4, 4, 0, 7, block);  // wrong size
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);

  prog = program(R"(#version 300 es
layout(location = 0) in vec2 pos;
void main() { gl_Position = vec4(pos, 0.0, 1.0); })",
                 R"(#version 300 es
precision mediump float;
uniform sampler2D tex;
out vec4 o;
void main() { o = texture(tex, vec2(0.5)); })");
  glUseProgram(prog);
  const float quad[] = {-1, -1, 1, -1, -1, 1, 1, 1};
  glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, quad);
  glEnableVertexAttribArray(0);
  glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
  EXPECT_EQ(pixel(kWidth / 2, kHeight / 2), rgba(255, 2, 2));
  glDeleteTextures(1, &tex);
}

TEST_F(Extensions, HalfFloatOesVertexArrays) {
  ASSERT_TRUE(ext.count("GL_OES_vertex_half_float"));
  use_color_program();
  // -1, 1 and 0 as IEEE half floats.
  const uint16_t m1 = 0xbc00, p1 = 0x3c00;
  const uint16_t quad[] = {m1, m1, p1, m1, m1, p1, p1, p1};
  glVertexAttribPointer(0, 2, GL_HALF_FLOAT_OES, GL_FALSE, 0, quad);
  glEnableVertexAttribArray(0);
  glVertexAttrib4f(1, 0, 0, 1, 1);
  glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
  EXPECT_EQ(pixel(kWidth / 2, kHeight / 2), rgba(0, 0, 255));
  EXPECT_EQ(pixel(1, 1), rgba(0, 0, 255));
}

TEST_F(Extensions, ColorBufferFloatMakesFloatFramebuffersComplete) {
  if (!ext.count("GL_EXT_color_buffer_float")) GTEST_SKIP() << "device cannot render to float formats";
  GLuint tex = 0, fb = 0;
  glGenTextures(1, &tex);
  glBindTexture(GL_TEXTURE_2D, tex);
  glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA32F, 4, 4);
  glGenFramebuffers(1, &fb);
  glBindFramebuffer(GL_FRAMEBUFFER, fb);
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0);
  ASSERT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), static_cast<GLenum>(GL_FRAMEBUFFER_COMPLETE));
  glClearColor(2.5f, -1.0f, 0.25f, 1.0f);  // float attachments keep values outside [0, 1]
  glClear(GL_COLOR_BUFFER_BIT);
  float px[4] = {};
  glReadPixels(1, 1, 1, 1, GL_RGBA, GL_FLOAT, px);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  EXPECT_FLOAT_EQ(px[0], 2.5f);
  EXPECT_FLOAT_EQ(px[1], -1.0f);
  EXPECT_FLOAT_EQ(px[2], 0.25f);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glDeleteFramebuffers(1, &fb);
  glDeleteTextures(1, &tex);
}

}  // namespace
}  // namespace brass::e2e

namespace brass::e2e {
namespace {

TEST_F(Extensions, FramebufferFetchReadsWhatEarlierDrawsWrote) {
  ASSERT_TRUE(ext.count("GL_EXT_shader_framebuffer_fetch"));
  prog = program(R"(#version 300 es
layout(location = 0) in vec2 pos;
void main() { gl_Position = vec4(pos, 0.0, 1.0); })",
                 R"(#version 300 es
#extension GL_EXT_shader_framebuffer_fetch : require
precision mediump float;
inout vec4 color;
void main() { color = color + vec4(0.25, 0.125, 0.0, 0.0); })");
  glUseProgram(prog);
  glClearColor(0, 0, 0.5f, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  const float quad[] = {-1, -1, 1, -1, -1, 1, 1, 1};
  glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, quad);
  glEnableVertexAttribArray(0);
  for (int i = 0; i < 3; ++i) glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
  const uint32_t p = pixel(kWidth / 2, kHeight / 2);
  EXPECT_NEAR(static_cast<int>(p & 0xff), 191, 1);          // 3 x 0.25
  EXPECT_NEAR(static_cast<int>((p >> 8) & 0xff), 96, 1);    // 3 x 0.125
  EXPECT_NEAR(static_cast<int>((p >> 16) & 0xff), 128, 1);  // cleared blue kept
}

}  // namespace
}  // namespace brass::e2e

namespace brass::e2e {
namespace {

TEST_F(Extensions, ClipDistancesClipOnlyWhenEnabled) {
  if (!ext.count("GL_EXT_clip_cull_distance")) GTEST_SKIP() << "device has no clip distances";
  GLint max = 0;
  glGetIntegerv(GL_MAX_CLIP_DISTANCES_EXT, &max);
  EXPECT_GE(max, 8);
  prog = program(R"(#version 300 es
#extension GL_EXT_clip_cull_distance : require
layout(location = 0) in vec2 pos;
void main() {
  gl_Position = vec4(pos, 0.0, 1.0);
  gl_ClipDistance[1] = pos.x;   // clips x < 0 when plane 1 is enabled
})",
                 R"(#version 300 es
precision mediump float;
out vec4 o;
void main() { o = vec4(0.0, 1.0, 0.0, 1.0); })");
  glUseProgram(prog);
  const float quad[] = {-1, -1, 1, -1, -1, 1, 1, 1};
  glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, quad);
  glEnableVertexAttribArray(0);
  auto draw = [&] {
    glClearColor(0, 0, 0, 0);
    glClear(GL_COLOR_BUFFER_BIT);
    glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
  };
  draw();  // plane disabled: the whole quad
  EXPECT_EQ(pixel(2, kHeight / 2), rgba(0, 255, 0));
  EXPECT_EQ(pixel(kWidth - 3, kHeight / 2), rgba(0, 255, 0));
  glEnable(GL_CLIP_DISTANCE1_EXT);
  EXPECT_TRUE(glIsEnabled(GL_CLIP_DISTANCE1_EXT));
  draw();
  EXPECT_EQ(pixel(2, kHeight / 2), rgba(0, 0, 0, 0));
  EXPECT_EQ(pixel(kWidth - 3, kHeight / 2), rgba(0, 255, 0));
  glDisable(GL_CLIP_DISTANCE1_EXT);
  draw();
  EXPECT_EQ(pixel(2, kHeight / 2), rgba(0, 255, 0));
  glEnable(GL_CLIP_DISTANCE0_EXT + 8);  // past the last plane
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
}

TEST_F(Extensions, ClipDistanceNeedsTheExtensionDirective) {
  GLuint s = glCreateShader(GL_VERTEX_SHADER);
  const char* src = "#version 300 es\nvoid main() { gl_Position = vec4(0.0); gl_ClipDistance[0] = 1.0; }\n";
  glShaderSource(s, 1, &src, nullptr);
  glCompileShader(s);
  GLint ok = 1;
  glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
  EXPECT_EQ(ok, GL_FALSE);
  glDeleteShader(s);
}

}  // namespace
}  // namespace brass::e2e

namespace brass::e2e {
namespace {

TEST_F(Extensions, FramebufferFetchOnMultisampledFramebufferReadsPerSample) {
  ASSERT_TRUE(ext.count("GL_EXT_shader_framebuffer_fetch"));
  GLuint rb[2], fb[2];
  glGenRenderbuffers(2, rb);
  glGenFramebuffers(2, fb);
  glBindRenderbuffer(GL_RENDERBUFFER, rb[0]);
  glRenderbufferStorageMultisample(GL_RENDERBUFFER, 4, GL_RGBA8, 8, 8);
  glBindRenderbuffer(GL_RENDERBUFFER, rb[1]);
  glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, 8, 8);
  glBindFramebuffer(GL_FRAMEBUFFER, fb[0]);
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb[0]);
  ASSERT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), static_cast<GLenum>(GL_FRAMEBUFFER_COMPLETE));
  glViewport(0, 0, 8, 8);
  prog = program(R"(#version 300 es
layout(location = 0) in vec2 pos;
void main() { gl_Position = vec4(pos, 0.0, 1.0); })",
                 R"(#version 300 es
#extension GL_EXT_shader_framebuffer_fetch : require
precision mediump float;
inout vec4 color;
void main() { color = color + vec4(0.25, 0.0, 0.0, 0.0); })");
  glUseProgram(prog);
  glClearColor(0, 0, 0.4f, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  const float quad[] = {-1, -1, 1, -1, -1, 1, 1, 1};
  glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, quad);
  glEnableVertexAttribArray(0);
  for (int i = 0; i < 3; ++i) glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
  // Resolve and read: every sample saw the earlier draws.
  glBindFramebuffer(GL_READ_FRAMEBUFFER, fb[0]);
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, fb[1]);
  glFramebufferRenderbuffer(GL_DRAW_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb[1]);
  glBlitFramebuffer(0, 0, 8, 8, 0, 0, 8, 8, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  glBindFramebuffer(GL_READ_FRAMEBUFFER, fb[1]);
  uint32_t p = 0;
  glReadPixels(4, 4, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, &p);
  EXPECT_NEAR(static_cast<int>(p & 0xff), 191, 1);
  EXPECT_EQ(static_cast<int>((p >> 16) & 0xff), 102);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glDeleteFramebuffers(2, fb);
  glDeleteRenderbuffers(2, rb);
}

}  // namespace
}  // namespace brass::e2e
