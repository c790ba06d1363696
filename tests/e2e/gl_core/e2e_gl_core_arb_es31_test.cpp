// GL 4.x functionality a 3.3 core context has as ARB extensions, from the ES
// 3.1 machinery: compute shaders, storage buffers with
// glShaderStorageBlockBinding, atomic counters with
// glGetActiveAtomicCounterBufferiv, program interface queries, explicit
// uniform locations, texture gather, indirect draws with vertex attribute
// bindings, glTexImage2DMultisample; the desktop GLSL `#extension`
// behaviour for each. Results read back on the CPU.
#include <algorithm>
#include <cstring>

#include "e2e_gl_core_fixture.h"

namespace brass::e2e {
namespace {

class GlCoreArb : public GlCoreTest {
 protected:
};

TEST_F(GlCoreArb, ExtensionsAreListed) {
  for (const char* name :
       {"GL_ARB_compute_shader", "GL_ARB_draw_indirect", "GL_ARB_explicit_uniform_location",
        "GL_ARB_program_interface_query", "GL_ARB_separate_shader_objects", "GL_ARB_shader_atomic_counters",
        "GL_ARB_shader_storage_buffer_object", "GL_ARB_shading_language_420pack", "GL_ARB_stencil_texturing",
        "GL_ARB_texture_gather", "GL_ARB_vertex_attrib_binding"})
    EXPECT_TRUE(has_extension(name)) << name;
  // Not implemented in desktop form: not listed, and `#extension : require`
  // fails for them.
  EXPECT_FALSE(has_extension("GL_ARB_bindless_texture"));
  glDeleteShader(shader(GL_FRAGMENT_SHADER,
                        "#version 330 core\n#extension GL_ARB_bindless_texture : require\nout vec4 c;\n"
                        "void main() { c = vec4(1.0); }\n",
                        false));
}

TEST_F(GlCoreArb, GlslExtensionMacrosAndRequire) {
  // Each exposed extension defines its macro and may be required in 330.
  glDeleteShader(shader(GL_FRAGMENT_SHADER, R"(#version 330 core
#extension GL_ARB_shading_language_420pack : require
#extension GL_ARB_explicit_uniform_location : require
#if !defined(GL_ARB_shading_language_420pack) || !defined(GL_ARB_compute_shader) || \
    !defined(GL_ARB_shader_storage_buffer_object) || !defined(GL_ARB_gpu_shader_fp64)
#error missing macro
#endif
layout(location = 3) uniform vec4 u[2];
layout(binding = 1) uniform sampler2D tex;
out vec4 c;
void main() {
  const float k[2] = {1.0, 2.0};  // 420pack initializer lists
  c = u[1] * k[1] + texture(tex, vec2(0.5));
})"));
  // Without the #extension directive GLSL 3.30 has none of them.
  glDeleteShader(shader(GL_FRAGMENT_SHADER, R"(#version 330 core
layout(location = 3) uniform vec4 u;
out vec4 c;
void main() { c = u; })",
                        false));
}

TEST_F(GlCoreArb, ComputeWritesStorageBufferThroughRebinding) {
  GLuint p = compute_program(R"(#version 330 core
#extension GL_ARB_compute_shader : require
#extension GL_ARB_shader_storage_buffer_object : require
layout(local_size_x = 8) in;
layout(std430, binding = 0) buffer Out { uint values[]; } o;
void main() { o.values[gl_GlobalInvocationID.x] = gl_GlobalInvocationID.x * 3u + 1u; })");
  const GLuint block = glGetProgramResourceIndex(p, GL_SHADER_STORAGE_BLOCK, "Out");
  ASSERT_NE(block, GL_INVALID_INDEX);
  GLint binding = -1;
  const GLenum prop = GL_BUFFER_BINDING;
  glGetProgramResourceiv(p, GL_SHADER_STORAGE_BLOCK, block, 1, &prop, 1, nullptr, &binding);
  EXPECT_EQ(binding, 0);
  // Desktop GL moves the block to binding 5; the buffer at 0 stays untouched.
  glShaderStorageBlockBinding(p, block, 5);
  glGetProgramResourceiv(p, GL_SHADER_STORAGE_BLOCK, block, 1, &prop, 1, nullptr, &binding);
  EXPECT_EQ(binding, 5);
  std::vector<uint32_t> zeros(32, 0);
  GLuint at0 = buffer(GL_SHADER_STORAGE_BUFFER, 32 * 4, zeros.data());
  GLuint at5 = buffer(GL_SHADER_STORAGE_BUFFER, 32 * 4, zeros.data());
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, at0);
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 5, at5);
  glUseProgram(p);
  glDispatchCompute(4, 1, 1);
  glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
  std::vector<uint32_t> got(32, 0xdeadbeef);
  glBindBuffer(GL_SHADER_STORAGE_BUFFER, at5);
  glGetBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, 32 * 4, got.data());
  for (uint32_t i = 0; i < 32; ++i) EXPECT_EQ(got[i], i * 3 + 1) << i;
  glBindBuffer(GL_SHADER_STORAGE_BUFFER, at0);
  glGetBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, 32 * 4, got.data());
  EXPECT_EQ(std::count(got.begin(), got.end(), 0u), 32);

  // Errors (GL 4.6 §7.8): a block index past the program's blocks, a
  // binding past the limit, a name that is no program.
  GLint max_bindings = 0;
  glGetIntegerv(GL_MAX_SHADER_STORAGE_BUFFER_BINDINGS, &max_bindings);
  EXPECT_GE(max_bindings, 8);
  glShaderStorageBlockBinding(p, block + 1, 0);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  glShaderStorageBlockBinding(p, block, static_cast<GLuint>(max_bindings));
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  glShaderStorageBlockBinding(p + 100, block, 0);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  glDeleteBuffers(1, &at0);
  glDeleteBuffers(1, &at5);
  glDeleteProgram(p);
}

TEST_F(GlCoreArb, AtomicCountersAndTheirBufferQueries) {
  GLuint p = compute_program(R"(#version 330 core
#extension GL_ARB_compute_shader : require
#extension GL_ARB_shader_atomic_counters : require
layout(local_size_x = 16) in;
layout(binding = 2, offset = 4) uniform atomic_uint counter;
void main() { atomicCounterIncrement(counter); })");
  GLint v = -1;
  glGetProgramiv(p, GL_ACTIVE_ATOMIC_COUNTER_BUFFERS, &v);
  ASSERT_EQ(v, 1);
  glGetActiveAtomicCounterBufferiv(p, 0, GL_ATOMIC_COUNTER_BUFFER_BINDING, &v);
  EXPECT_EQ(v, 2);
  glGetActiveAtomicCounterBufferiv(p, 0, GL_ATOMIC_COUNTER_BUFFER_DATA_SIZE, &v);
  EXPECT_EQ(v, 8);
  glGetActiveAtomicCounterBufferiv(p, 0, GL_ATOMIC_COUNTER_BUFFER_ACTIVE_ATOMIC_COUNTERS, &v);
  EXPECT_EQ(v, 1);
  GLint index = -1;
  glGetActiveAtomicCounterBufferiv(p, 0, GL_ATOMIC_COUNTER_BUFFER_ACTIVE_ATOMIC_COUNTER_INDICES, &index);
  EXPECT_EQ(static_cast<GLuint>(index), glGetProgramResourceIndex(p, GL_UNIFORM, "counter"));
  glGetActiveAtomicCounterBufferiv(p, 0, GL_ATOMIC_COUNTER_BUFFER_REFERENCED_BY_COMPUTE_SHADER, &v);
  EXPECT_EQ(v, 1);
  glGetActiveAtomicCounterBufferiv(p, 0, GL_ATOMIC_COUNTER_BUFFER_REFERENCED_BY_FRAGMENT_SHADER, &v);
  EXPECT_EQ(v, 0);
  glGetActiveAtomicCounterBufferiv(p, 1, GL_ATOMIC_COUNTER_BUFFER_BINDING, &v);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  glGetActiveAtomicCounterBufferiv(p, 0, GL_BUFFER_SIZE, &v);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));

  const uint32_t init[2] = {0xaaaa, 100};
  GLuint b = buffer(GL_ATOMIC_COUNTER_BUFFER, sizeof(init), init);
  glBindBufferBase(GL_ATOMIC_COUNTER_BUFFER, 2, b);
  glUseProgram(p);
  glDispatchCompute(4, 1, 1);
  glMemoryBarrier(GL_ATOMIC_COUNTER_BARRIER_BIT);
  uint32_t got[2] = {};
  glGetBufferSubData(GL_ATOMIC_COUNTER_BUFFER, 0, sizeof(got), got);
  EXPECT_EQ(got[0], 0xaaaau);
  EXPECT_EQ(got[1], 100u + 64u);
  glDeleteBuffers(1, &b);
  glDeleteProgram(p);
}

TEST_F(GlCoreArb, ExplicitUniformLocationDraws) {
  GLuint p = program(kCoreFullscreenVs, R"(#version 330 core
#extension GL_ARB_explicit_uniform_location : require
layout(location = 7) uniform vec4 tint;
out vec4 c;
void main() { c = tint; })");
  EXPECT_EQ(glGetUniformLocation(p, "tint"), 7);
  glUseProgram(p);
  glUniform4f(7, 0.0f, 1.0f, 1.0f, 1.0f);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(pixel(3, 3), rgba(0, 255, 255));
  glDeleteProgram(p);
}

TEST_F(GlCoreArb, TextureGatherReadsTheFootprint) {
  GLint comps = 0;
  glGetIntegerv(GL_MAX_PROGRAM_TEXTURE_GATHER_COMPONENTS_ARB, &comps);
  EXPECT_EQ(comps, 4);
  // A 2x2 texture whose red values are 10, 20, 30, 40: gathering at its
  // centre returns all four, in the (i0,j1) (i1,j1) (i1,j0) (i0,j0) order.
  const uint8_t texels[] = {10, 0, 0, 255, 20, 0, 0, 255, 30, 0, 0, 255, 40, 0, 0, 255};
  GLuint tex = 0;
  glGenTextures(1, &tex);
  glBindTexture(GL_TEXTURE_2D, tex);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  GLuint p = program(kCoreFullscreenVs, R"(#version 330 core
#extension GL_ARB_texture_gather : require
uniform sampler2D tex;
out vec4 c;
void main() { c = textureGather(tex, vec2(0.5)); })");
  glUseProgram(p);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(pixel(4, 4), rgba(30, 40, 20, 10));
  glDeleteProgram(p);
  glDeleteTextures(1, &tex);
}

TEST_F(GlCoreArb, IndirectDrawWithVertexAttribBinding) {
  // Two triangles covering the viewport from a buffer bound with
  // glBindVertexBuffer; the draw parameters come from DRAW_INDIRECT_BUFFER.
  const float quad[] = {-1, -1, 1, -1, -1, 1, 1, -1, 1, 1, -1, 1};
  GLuint vbo = buffer(GL_ARRAY_BUFFER, sizeof(quad), quad);
  glVertexAttribFormat(0, 2, GL_FLOAT, GL_FALSE, 0);
  glVertexAttribBinding(0, 3);
  glBindVertexBuffer(3, vbo, 0, 2 * sizeof(float));
  glEnableVertexAttribArray(0);
  const GLuint command[4] = {6, 1, 0, 0};  // count, instances, first, reserved
  GLuint ind = buffer(GL_DRAW_INDIRECT_BUFFER, sizeof(command), command);
  GLuint p = program(R"(#version 330 core
layout(location = 0) in vec2 pos;
void main() { gl_Position = vec4(pos, 0.0, 1.0); })",
                     R"(#version 330 core
out vec4 c;
void main() { c = vec4(1.0, 0.0, 1.0, 1.0); })");
  glUseProgram(p);
  glClearColor(0, 0, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  glDrawArraysIndirect(GL_TRIANGLES, nullptr);
  EXPECT_EQ(pixel(1, 1), rgba(255, 0, 255));
  EXPECT_EQ(pixel(kWidth - 2, kHeight - 2), rgba(255, 0, 255));
  // Core profile: the command must come from a buffer.
  glBindBuffer(GL_DRAW_INDIRECT_BUFFER, 0);
  glDrawArraysIndirect(GL_TRIANGLES, command);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glDeleteProgram(p);
  glDeleteBuffers(1, &ind);
  glDeleteBuffers(1, &vbo);
}

TEST_F(GlCoreArb, TexImage2DMultisampleIsMutableAndRenderable) {
  GLuint tex = 0;
  glGenTextures(1, &tex);
  glBindTexture(GL_TEXTURE_2D_MULTISAMPLE, tex);
  glTexImage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, 4, GL_RGBA8, 8, 8, GL_TRUE);
  ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  GLint v = -1;
  glGetTexParameteriv(GL_TEXTURE_2D_MULTISAMPLE, GL_TEXTURE_IMMUTABLE_FORMAT, &v);
  EXPECT_EQ(v, GL_FALSE);
  // A mutable image may be specified again, with another size.
  glTexImage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, 4, GL_RGBA8, kWidth, kHeight, GL_TRUE);
  glGetTexLevelParameteriv(GL_TEXTURE_2D_MULTISAMPLE, 0, GL_TEXTURE_WIDTH, &v);
  EXPECT_EQ(v, kWidth);
  glGetTexLevelParameteriv(GL_TEXTURE_2D_MULTISAMPLE, 0, GL_TEXTURE_SAMPLES, &v);
  EXPECT_GE(v, 4);
  GLuint fbo = 0;
  glGenFramebuffers(1, &fbo);
  glBindFramebuffer(GL_FRAMEBUFFER, fbo);
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D_MULTISAMPLE, tex, 0);
  ASSERT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), static_cast<GLenum>(GL_FRAMEBUFFER_COMPLETE));
  glClearColor(0, 1, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  // Resolved into the window's single-sampled buffer.
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, 0);
  glBlitFramebuffer(0, 0, kWidth, kHeight, 0, 0, kWidth, kHeight, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  EXPECT_EQ(pixel(5, 5), rgba(0, 255, 0));

  // Unsized colour formats are color-renderable in desktop GL (§9.4).
  glTexImage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, 4, GL_RGBA, 8, 8, GL_TRUE);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  glTexStorage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, 4, GL_RGBA, 8, 8, GL_TRUE);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM)) << "storage takes sized formats only";

  // Errors: another target, no samples, too many, and an immutable texture.
  glTexImage2DMultisample(GL_TEXTURE_2D, 4, GL_RGBA8, 8, 8, GL_TRUE);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  glTexImage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, 0, GL_RGBA8, 8, 8, GL_TRUE);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  GLint max_samples = 0;
  glGetIntegerv(GL_MAX_COLOR_TEXTURE_SAMPLES, &max_samples);
  glTexImage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, max_samples + 1, GL_RGBA8, 8, 8, GL_TRUE);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  GLuint immutable = 0;
  glGenTextures(1, &immutable);
  glBindTexture(GL_TEXTURE_2D_MULTISAMPLE, immutable);
  glTexStorage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, 4, GL_RGBA8, 8, 8, GL_TRUE);
  glTexImage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, 4, GL_RGBA8, 8, 8, GL_TRUE);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glDeleteFramebuffers(1, &fbo);
  glDeleteTextures(1, &immutable);
  glDeleteTextures(1, &tex);
}

}  // namespace
}  // namespace brass::e2e
