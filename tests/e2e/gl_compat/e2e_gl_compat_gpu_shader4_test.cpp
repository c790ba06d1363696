// EXT_gpu_shader4 in a compatibility context: the extension is listed, its
// EXT commands are GL 3.0's (integer attributes and uniforms, fragment
// outputs bound by name), and GLSL 1.10 shaders that enable it get unsigned
// integers, integer varyings and outputs, the old-style integer lookups
// (texelFetch2D, textureSize2D, texture2DOffset ...), buffer samplers,
// shadow2DArrayOffset, truncate and the fragment gl_PrimitiveID
// (compiler/legacy_texture_extensions.h); without the #extension they stay
// errors.
#include "e2e_gl_compat_fixture.h"

namespace brass::e2e {
namespace {

using GlCompatGpuShader4Test = GlCompatTest;

template <typename T>
T proc(const char* name) {
  return reinterpret_cast<T>(eglGetProcAddress(name));
}

constexpr const char* kVs = R"(#version 110
varying vec2 tc;
void main() { gl_Position = gl_Vertex; tc = gl_Vertex.xy * 0.5 + 0.5; })";

void draw_quad() {
  glBegin(GL_QUADS);
  glVertex2f(-1, -1);
  glVertex2f(1, -1);
  glVertex2f(1, 1);
  glVertex2f(-1, 1);
  glEnd();
}

TEST_F(GlCompatGpuShader4Test, ListedWithTheEntryPointsAndLimits) {
  ASSERT_TRUE(has_extension("GL_EXT_gpu_shader4"));
  for (const char* name :
       {"glUniform1uiEXT", "glUniform4uivEXT", "glGetUniformuivEXT", "glVertexAttribI4iEXT", "glVertexAttribI4uivEXT",
        "glVertexAttribI4bvEXT", "glVertexAttribI4usvEXT", "glVertexAttribIPointerEXT", "glGetVertexAttribIivEXT",
        "glGetVertexAttribIuivEXT", "glBindFragDataLocationEXT", "glGetFragDataLocationEXT"})
    EXPECT_NE(eglGetProcAddress(name), nullptr) << name;
  GLint min_offset = 0, max_offset = 0;
  glGetIntegerv(GL_MIN_PROGRAM_TEXEL_OFFSET_EXT, &min_offset);
  glGetIntegerv(GL_MAX_PROGRAM_TEXEL_OFFSET_EXT, &max_offset);
  EXPECT_LE(min_offset, -8);
  EXPECT_GE(max_offset, 7);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
}

// `varying out` integer and float outputs, placed by
// glBindFragDataLocationEXT, into a framebuffer mixing an integer and a
// normalized attachment; RGBA_INTEGER_MODE_EXT reports the integer buffer.
TEST_F(GlCompatGpuShader4Test, VaryingOutIntegerAndFloatOutputsBoundByName) {
  auto bind_frag = proc<PFNGLBINDFRAGDATALOCATIONEXTPROC>("glBindFragDataLocationEXT");
  auto get_frag = proc<PFNGLGETFRAGDATALOCATIONEXTPROC>("glGetFragDataLocationEXT");
  ASSERT_NE(bind_frag, nullptr);
  ASSERT_NE(get_frag, nullptr);

  GLuint tex[2] = {}, fbo = 0;
  glGenTextures(2, tex);
  glBindTexture(GL_TEXTURE_2D, tex[0]);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, kWidth, kHeight, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  glBindTexture(GL_TEXTURE_2D, tex[1]);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA32I, kWidth, kHeight, 0, GL_RGBA_INTEGER, GL_INT, nullptr);
  glGenFramebuffers(1, &fbo);
  glBindFramebuffer(GL_FRAMEBUFFER, fbo);
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex[0], 0);
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, GL_TEXTURE_2D, tex[1], 0);
  ASSERT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), static_cast<GLenum>(GL_FRAMEBUFFER_COMPLETE));
  const GLenum bufs[2] = {GL_COLOR_ATTACHMENT0, GL_COLOR_ATTACHMENT1};
  glDrawBuffers(2, bufs);
  GLboolean integer_mode = GL_FALSE;
  glGetBooleanv(GL_RGBA_INTEGER_MODE_EXT, &integer_mode);
  EXPECT_EQ(integer_mode, GL_TRUE);

  const GLuint p = glCreateProgram();
  const GLuint vs = shader(GL_VERTEX_SHADER, kVs);
  const GLuint fs = shader(GL_FRAGMENT_SHADER, R"(#version 110
#extension GL_EXT_gpu_shader4 : require
varying out ivec4 big;
varying out vec4 colour;
uniform unsigned int k;
void main() {
  unsigned int shifted = k << 20u;
  big = ivec4(int(shifted), -7, int(k ^ 0xffu), int(k % 5u));
  colour = vec4(0.0, 1.0, 0.0, 1.0);
})");
  glAttachShader(p, vs);
  glAttachShader(p, fs);
  bind_frag(p, 1, "big");
  bind_frag(p, 0, "colour");
  glLinkProgram(p);
  GLint linked = 0;
  glGetProgramiv(p, GL_LINK_STATUS, &linked);
  ASSERT_TRUE(linked);
  EXPECT_EQ(get_frag(p, "big"), 1);
  EXPECT_EQ(get_frag(p, "colour"), 0);
  glUseProgram(p);
  auto uniform1ui = proc<PFNGLUNIFORM1UIEXTPROC>("glUniform1uiEXT");
  auto get_uniform_ui = proc<PFNGLGETUNIFORMUIVEXTPROC>("glGetUniformuivEXT");
  const GLint k = glGetUniformLocation(p, "k");
  uniform1ui(k, 1027u);
  GLuint back = 0;
  get_uniform_ui(p, k, &back);
  EXPECT_EQ(back, 1027u);
  glViewport(0, 0, kWidth, kHeight);
  draw_quad();

  glReadBuffer(GL_COLOR_ATTACHMENT1);
  GLint ints[4] = {};
  glReadPixels(5, 5, 1, 1, GL_RGBA_INTEGER, GL_INT, ints);
  EXPECT_EQ(ints[0], 1027 << 20);
  EXPECT_EQ(ints[1], -7);
  EXPECT_EQ(ints[2], 1027 ^ 0xff);
  EXPECT_EQ(ints[3], 1027 % 5);
  glReadBuffer(GL_COLOR_ATTACHMENT0);
  EXPECT_EQ(pixel(20, 20), rgba(0, 255, 0));

  glUseProgram(0);
  glDeleteShader(vs);
  glDeleteShader(fs);
  glDeleteProgram(p);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glDeleteFramebuffers(1, &fbo);
  glDeleteTextures(2, tex);
}

// Integer attributes from glVertexAttribIPointerEXT arrays (values a float
// fetch would round) and glVertexAttribI4uiEXT current values, passed on in
// flat varyings.
TEST_F(GlCompatGpuShader4Test, IntegerAttributesFromIPointerAndCurrentValues) {
  auto ipointer = proc<PFNGLVERTEXATTRIBIPOINTEREXTPROC>("glVertexAttribIPointerEXT");
  auto attrib_i4ui = proc<PFNGLVERTEXATTRIBI4UIEXTPROC>("glVertexAttribI4uiEXT");
  auto get_attrib_iuiv = proc<PFNGLGETVERTEXATTRIBIUIVEXTPROC>("glGetVertexAttribIuivEXT");
  ASSERT_NE(ipointer, nullptr);
  const GLuint p = program(R"(#version 110
#extension GL_EXT_gpu_shader4 : enable
attribute vec2 pos;
attribute unsigned int value;
attribute uvec4 extra;
flat varying unsigned int v;
flat varying uvec4 e;
void main() { gl_Position = vec4(pos, 0.0, 1.0); v = value; e = extra; })",
                           R"(#version 110
#extension GL_EXT_gpu_shader4 : enable
flat varying unsigned int v;
flat varying uvec4 e;
void main() {
  bool ok = v == 16777217u && e == uvec4(4000000000u, 1u, 2u, 3u);
  gl_FragColor = ok ? vec4(0.0, 1.0, 0.0, 1.0) : vec4(1.0, 0.0, 0.0, 1.0);
})");
  glUseProgram(p);
  const GLint pos = glGetAttribLocation(p, "pos");
  const GLint value = glGetAttribLocation(p, "value");
  const GLint extra = glGetAttribLocation(p, "extra");
  ASSERT_GE(pos, 0);
  ASSERT_GE(value, 0);
  ASSERT_GE(extra, 0);
  const float positions[] = {-1, -1, 1, -1, -1, 1, 1, 1};
  const GLuint values[] = {16777217u, 16777217u, 16777217u, 16777217u};  // 2^24 + 1: not a float
  const GLuint pbuf = buffer(GL_ARRAY_BUFFER, sizeof(positions), positions);
  glVertexAttribPointer(GLuint(pos), 2, GL_FLOAT, GL_FALSE, 0, nullptr);
  glEnableVertexAttribArray(GLuint(pos));
  const GLuint vbuf = buffer(GL_ARRAY_BUFFER, sizeof(values), values);
  ipointer(GLuint(value), 1, GL_UNSIGNED_INT, 0, nullptr);
  glEnableVertexAttribArray(GLuint(value));
  GLint integer = 0;
  glGetVertexAttribiv(GLuint(value), GL_VERTEX_ATTRIB_ARRAY_INTEGER_EXT, &integer);
  EXPECT_EQ(integer, GL_TRUE);
  glGetVertexAttribiv(GLuint(pos), GL_VERTEX_ATTRIB_ARRAY_INTEGER_EXT, &integer);
  EXPECT_EQ(integer, GL_FALSE);
  attrib_i4ui(GLuint(extra), 4000000000u, 1u, 2u, 3u);
  GLuint current[4] = {};
  get_attrib_iuiv(GLuint(extra), GL_CURRENT_VERTEX_ATTRIB, current);
  EXPECT_EQ(current[0], 4000000000u);
  EXPECT_EQ(current[3], 3u);
  glViewport(0, 0, kWidth, kHeight);
  glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
  EXPECT_EQ(pixel(3, 3), rgba(0, 255, 0));
  EXPECT_EQ(pixel(28, 28), rgba(0, 255, 0));

  glDisableVertexAttribArray(GLuint(pos));
  glDisableVertexAttribArray(GLuint(value));
  glBindBuffer(GL_ARRAY_BUFFER, 0);
  glDeleteBuffers(1, &pbuf);
  glDeleteBuffers(1, &vbuf);
  glUseProgram(0);
  glDeleteProgram(p);
}

// The old-style integer lookups on an RGBA8UI texture: texelFetch2D,
// textureSize2D, texture2DLod and texture2DOffset (the texel one to the
// right), and truncate().
TEST_F(GlCompatGpuShader4Test, IntegerTextureLookupsByTheirOldNames) {
  GLuint tex = 0;
  glGenTextures(1, &tex);
  glBindTexture(GL_TEXTURE_2D, tex);
  // 4x2 texels whose red is 10 * x + y.
  std::vector<GLubyte> texels(4 * 2 * 4);
  for (int y = 0; y < 2; ++y)
    for (int x = 0; x < 4; ++x) {
      GLubyte* t = &texels[size_t(y * 4 + x) * 4];
      t[0] = GLubyte(10 * x + y);
      t[1] = 200;
      t[2] = 0;
      t[3] = 1;
    }
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8UI, 4, 2, 0, GL_RGBA_INTEGER, GL_UNSIGNED_BYTE, texels.data());
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);

  const GLuint p = program(kVs, R"(#version 110
#extension GL_EXT_gpu_shader4 : require
uniform usampler2D tex;
varying vec2 tc;
void main() {
  bool ok = textureSize2D(tex, 0) == ivec2(4, 2);
  ok = ok && texelFetch2D(tex, ivec2(2, 1), 0).r == 21u;
  ok = ok && texture2DLod(tex, vec2(0.125, 0.25), 0.0) == uvec4(0u, 200u, 0u, 1u);
  ok = ok && texture2DOffset(tex, vec2(0.125, 0.75), ivec2(2, 0)).r == 21u;
  ok = ok && truncate(-2.75) == -2.0;
  gl_FragColor = ok ? vec4(0.0, 1.0, 0.0, 1.0) : vec4(1.0, 0.0, 0.0, 1.0);
})");
  glUseProgram(p);
  glViewport(0, 0, kWidth, kHeight);
  draw_quad();
  EXPECT_EQ(pixel(16, 16), rgba(0, 255, 0));
  glUseProgram(0);
  glDeleteProgram(p);
  glDeleteTextures(1, &tex);
}

// samplerBuffer / usamplerBuffer with texelFetchBuffer and textureSizeBuffer
// (types GLSL 1.30 lacks: the source is compiled at 1.40).
TEST_F(GlCompatGpuShader4Test, BufferSamplersWithTexelFetchBuffer) {
  const GLuint data[] = {5u, 70000u, 9u, 123456789u};
  const GLuint buf = buffer(GL_TEXTURE_BUFFER, sizeof(data), data);
  GLuint tex = 0;
  glGenTextures(1, &tex);
  glBindTexture(GL_TEXTURE_BUFFER, tex);
  glTexBuffer(GL_TEXTURE_BUFFER, GL_R32UI, buf);
  const GLuint p = program(kVs, R"(#version 110
#extension GL_EXT_gpu_shader4 : require
uniform usamplerBuffer values;
varying vec2 tc;
void main() {
  bool ok = textureSizeBuffer(values) == 4 && texelFetchBuffer(values, 3).r == 123456789u &&
            texelFetchBuffer(values, 1).r == 70000u;
  gl_FragColor = ok ? vec4(0.0, 1.0, 0.0, 1.0) : vec4(1.0, 0.0, 0.0, 1.0);
})");
  glUseProgram(p);
  glViewport(0, 0, kWidth, kHeight);
  draw_quad();
  EXPECT_EQ(pixel(16, 16), rgba(0, 255, 0));
  glUseProgram(0);
  glDeleteProgram(p);
  glDeleteTextures(1, &tex);
  glDeleteBuffers(1, &buf);
}

// shadow2DArrayOffset compares the texel `offset` away in the given layer
// (a lookup GLSL has under its 1.30 name only from 4.30).
TEST_F(GlCompatGpuShader4Test, Shadow2DArrayOffsetComparesTheOffsetTexel) {
  GLuint tex = 0;
  glGenTextures(1, &tex);
  glBindTexture(GL_TEXTURE_2D_ARRAY, tex);
  // Two 2x1 layers: layer 1 holds depth 0.25 left and 0.75 right.
  const float depth[] = {0.9f, 0.9f, 0.25f, 0.75f};
  glTexImage3D(GL_TEXTURE_2D_ARRAY, 0, GL_DEPTH_COMPONENT32F, 2, 1, 2, 0, GL_DEPTH_COMPONENT, GL_FLOAT, depth);
  glTexParameteri(GL_TEXTURE_2D_ARRAY, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D_ARRAY, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D_ARRAY, GL_TEXTURE_COMPARE_MODE, GL_COMPARE_REF_TO_TEXTURE);
  glTexParameteri(GL_TEXTURE_2D_ARRAY, GL_TEXTURE_COMPARE_FUNC, GL_LESS);
  const GLuint p = program(kVs, R"(#version 110
#extension GL_EXT_gpu_shader4 : require
uniform sampler2DArrayShadow tex;
varying vec2 tc;
void main() {
  // The left texel of layer 1, reference 0.5: 0.5 < 0.25 fails there,
  // 0.5 < 0.75 passes one texel to the right.
  vec4 left = shadow2DArrayOffset(tex, vec4(0.25, 0.5, 1.0, 0.5), ivec2(0, 0));
  vec4 right = shadow2DArrayOffset(tex, vec4(0.25, 0.5, 1.0, 0.5), ivec2(1, 0));
  gl_FragColor = vec4(left.r, right.g, right.b, 1.0);
})");
  glUseProgram(p);
  glViewport(0, 0, kWidth, kHeight);
  draw_quad();
  EXPECT_EQ(pixel(16, 16), rgba(0, 255, 255));
  glUseProgram(0);
  glDeleteProgram(p);
  glDeleteTextures(1, &tex);
}

// gl_PrimitiveID in a GLSL 1.10 fragment shader numbers the draw's
// primitives; `centroid` may come before `noperspective`.
TEST_F(GlCompatGpuShader4Test, FragmentPrimitiveIdAndQualifierOrder) {
  const GLuint p = program(R"(#version 110
#extension GL_EXT_gpu_shader4 : enable
centroid noperspective varying float shade;
void main() { gl_Position = gl_Vertex; shade = 1.0; })",
                           R"(#version 110
#extension GL_EXT_gpu_shader4 : enable
centroid noperspective varying float shade;
void main() { gl_FragColor = vec4(shade, float(gl_PrimitiveID), 0.0, 1.0); })");
  glUseProgram(p);
  glViewport(0, 0, kWidth, kHeight);
  // Two triangles: the lower-left one is primitive 0, the upper-right 1.
  glBegin(GL_TRIANGLES);
  glVertex2f(-1, -1);
  glVertex2f(1, -1);
  glVertex2f(-1, 1);
  glVertex2f(1, -1);
  glVertex2f(1, 1);
  glVertex2f(-1, 1);
  glEnd();
  EXPECT_EQ(pixel(3, 3), rgba(255, 0, 0));
  EXPECT_EQ(pixel(28, 28), rgba(255, 255, 0));
  glUseProgram(0);
  glDeleteProgram(p);
}

// Without the #extension (or with it disabled) the extension's words are
// errors in GLSL 1.10; with it, its macro is defined.
TEST_F(GlCompatGpuShader4Test, ItsGlslNeedsTheExtensionDirective) {
  glDeleteShader(shader(GL_VERTEX_SHADER, R"(#version 110
attribute unsigned int x;
void main() { gl_Position = vec4(float(x)); })",
                        false));
  glDeleteShader(shader(GL_FRAGMENT_SHADER, R"(#version 110
#extension GL_EXT_gpu_shader4 : disable
uniform usampler2D s;
void main() { gl_FragColor = vec4(texelFetch2D(s, ivec2(0), 0)); })",
                        false));
  glDeleteShader(shader(GL_FRAGMENT_SHADER, R"(#version 110
varying out vec4 c;
void main() { c = vec4(1.0); })",
                        false));
  glDeleteShader(shader(GL_FRAGMENT_SHADER, R"(#version 110
void main() { int v = gl_PrimitiveID; gl_FragColor = vec4(float(v)); })",
                        false));
  glDeleteShader(shader(GL_FRAGMENT_SHADER, R"(#version 110
#extension GL_EXT_gpu_shader4 : enable
#if !defined(GL_EXT_gpu_shader4) || GL_EXT_gpu_shader4 != 1
#error the macro is missing
#endif
void main() { gl_FragColor = vec4(1.0); })"));
}

}  // namespace
}  // namespace brass::e2e
