// Application input is bounded (issue 18, item 6): every draw, upload and
// readback entry point driven with INT_MAX- and SIZE_MAX-sized counts,
// sizes and offsets, negative values and null pointers, through glvnd as an
// application calls them. Each call gets the error the ES 3.1 spec names
// (or, where the spec names none, completes without one or with
// GL_OUT_OF_MEMORY), and nothing crashes or reaches Vulkan out of range
// (the validation layer would fail the test).
#include <climits>
#include <cstdint>

#include "e2e_es31_fixture.h"

namespace brass::e2e {
namespace {

constexpr GLintptr kHugeOffset = INT64_MAX - 3;  // + any small size overflows
constexpr GLintptr kHugeAlignedOffset = INT64_MAX & ~GLintptr(255);

const void* as_pointer(GLintptr offset) { return reinterpret_cast<const void*>(static_cast<uintptr_t>(offset)); }

constexpr const char* kPosVs = R"(#version 310 es
layout(location = 0) in vec4 p;
void main() { gl_Position = p; gl_PointSize = 1.0; })";
constexpr const char* kGreenFs = R"(#version 310 es
precision mediump float;
out vec4 o;
void main() { o = vec4(0.0, 1.0, 0.0, 1.0); })";

class BoundedInput : public Es31Test {
 protected:
  void SetUp() override {
    Es31Test::SetUp();
    if (HasFatalFailure()) return;
    prog_ = program(kPosVs, kGreenFs);
    glUseProgram(prog_);
    glGenVertexArrays(1, &vao_);
    glBindVertexArray(vao_);
    buf_ = buffer(GL_ARRAY_BUFFER, 256);
  }
  void TearDown() override {
    glBindVertexArray(0);
    glDeleteVertexArrays(1, &vao_);
    glDeleteBuffers(1, &buf_);
    glDeleteProgram(prog_);
    Es31Test::TearDown();
  }
  // The context still draws: a clear and a triangle read back.
  void expect_context_works() {
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glDisable(GL_SCISSOR_TEST);
    glClearColor(1, 0, 0, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    EXPECT_EQ(pixel(3, 3), rgba(255, 0, 0));
    EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  }

  GLuint prog_ = 0, vao_ = 0, buf_ = 0;
};

#define EXPECT_GL_ERROR(expected) EXPECT_EQ(glGetError(), GLenum(expected))

TEST_F(BoundedInput, BufferDataSizes) {
  glBufferData(GL_ARRAY_BUFFER, -1, nullptr, GL_STATIC_DRAW);
  EXPECT_GL_ERROR(GL_INVALID_VALUE);
  glBufferData(GL_ARRAY_BUFFER, INT64_MIN, nullptr, GL_STATIC_DRAW);
  EXPECT_GL_ERROR(GL_INVALID_VALUE);
  // Larger than any device allocation: GL_OUT_OF_MEMORY, the buffer as it was.
  for (GLsizeiptr huge : {GLsizeiptr(INT64_MAX), kHugeOffset, GLsizeiptr(1) << 48}) {
    glBufferData(GL_ARRAY_BUFFER, huge, nullptr, GL_STATIC_DRAW);
    EXPECT_GL_ERROR(GL_OUT_OF_MEMORY) << huge;
  }
  GLint64 size = -1;
  glGetBufferParameteri64v(GL_ARRAY_BUFFER, GL_BUFFER_SIZE, &size);
  EXPECT_EQ(size, 256);
  expect_context_works();
}

TEST_F(BoundedInput, BufferSubDataRanges) {
  const uint8_t data[64] = {};
  glBufferSubData(GL_ARRAY_BUFFER, kHugeOffset, 16, data);
  EXPECT_GL_ERROR(GL_INVALID_VALUE);
  glBufferSubData(GL_ARRAY_BUFFER, 16, INT64_MAX, data);
  EXPECT_GL_ERROR(GL_INVALID_VALUE);
  glBufferSubData(GL_ARRAY_BUFFER, -1, 16, data);
  EXPECT_GL_ERROR(GL_INVALID_VALUE);
  glBufferSubData(GL_ARRAY_BUFFER, 0, -1, data);
  EXPECT_GL_ERROR(GL_INVALID_VALUE);
  glBufferSubData(GL_ARRAY_BUFFER, 240, 32, data);
  EXPECT_GL_ERROR(GL_INVALID_VALUE);
  glBufferSubData(GL_ARRAY_BUFFER, 192, 64, data);
  EXPECT_GL_ERROR(GL_NO_ERROR);
  glBufferSubData(GL_ARRAY_BUFFER, 256, 0, data);
  EXPECT_GL_ERROR(GL_NO_ERROR);
}

TEST_F(BoundedInput, MapBufferRangeRanges) {
  for (auto [offset, length] : {std::pair<GLintptr, GLsizeiptr>{kHugeOffset, 16}, {16, INT64_MAX}, {-1, 16},
                                {0, -1}, {240, 32}, {INT64_MIN, 16}, {256, 1}}) {
    EXPECT_EQ(glMapBufferRange(GL_ARRAY_BUFFER, offset, length, GL_MAP_WRITE_BIT), nullptr) << offset << "+" << length;
    EXPECT_GL_ERROR(GL_INVALID_VALUE) << offset << "+" << length;
  }
  void* p = glMapBufferRange(GL_ARRAY_BUFFER, 0, 256, GL_MAP_WRITE_BIT | GL_MAP_FLUSH_EXPLICIT_BIT);
  ASSERT_NE(p, nullptr);
  static_cast<uint8_t*>(p)[255] = 1;
  glFlushMappedBufferRange(GL_ARRAY_BUFFER, kHugeOffset, 16);
  EXPECT_GL_ERROR(GL_INVALID_VALUE);
  glFlushMappedBufferRange(GL_ARRAY_BUFFER, 16, INT64_MAX);
  EXPECT_GL_ERROR(GL_INVALID_VALUE);
  glFlushMappedBufferRange(GL_ARRAY_BUFFER, -1, 1);
  EXPECT_GL_ERROR(GL_INVALID_VALUE);
  glFlushMappedBufferRange(GL_ARRAY_BUFFER, 0, 256);
  EXPECT_GL_ERROR(GL_NO_ERROR);
  EXPECT_TRUE(glUnmapBuffer(GL_ARRAY_BUFFER));
}

TEST_F(BoundedInput, CopyBufferSubDataRanges) {
  GLuint dst = buffer(GL_COPY_WRITE_BUFFER, 256);
  glBindBuffer(GL_COPY_READ_BUFFER, buf_);
  for (auto [ro, wo, size] : {std::tuple<GLintptr, GLintptr, GLsizeiptr>{kHugeOffset, 0, 16}, {0, kHugeOffset, 16},
                              {16, 16, INT64_MAX}, {-1, 0, 16}, {0, -1, 16}, {0, 0, -1}, {0, 200, 64}}) {
    glCopyBufferSubData(GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, ro, wo, size);
    EXPECT_GL_ERROR(GL_INVALID_VALUE) << ro << " " << wo << " " << size;
  }
  glCopyBufferSubData(GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, 0, 192, 64);
  EXPECT_GL_ERROR(GL_NO_ERROR);
  glDeleteBuffers(1, &dst);
}

TEST_F(BoundedInput, BindBufferRangeRanges) {
  glBindBufferRange(GL_UNIFORM_BUFFER, 0, buf_, 0, -1);
  EXPECT_GL_ERROR(GL_INVALID_VALUE);
  glBindBufferRange(GL_UNIFORM_BUFFER, 0, buf_, -256, 16);
  EXPECT_GL_ERROR(GL_INVALID_VALUE);
  glBindBufferRange(GL_UNIFORM_BUFFER, UINT32_MAX, buf_, 0, 16);
  EXPECT_GL_ERROR(GL_INVALID_VALUE);
  glBindBufferRange(GL_SHADER_STORAGE_BUFFER, 0, buf_, 3, 16);  // misaligned
  EXPECT_GL_ERROR(GL_INVALID_VALUE);
}

TEST_F(BoundedInput, VertexAttribPointerArguments) {
  glVertexAttribPointer(0, 4, GL_FLOAT, GL_FALSE, -1, nullptr);
  EXPECT_GL_ERROR(GL_INVALID_VALUE);
  glVertexAttribPointer(0, 4, GL_FLOAT, GL_FALSE, INT_MAX, nullptr);  // > MAX_VERTEX_ATTRIB_STRIDE
  EXPECT_GL_ERROR(GL_INVALID_VALUE);
  glVertexAttribPointer(0, 5, GL_FLOAT, GL_FALSE, 0, nullptr);
  EXPECT_GL_ERROR(GL_INVALID_VALUE);
  glVertexAttribPointer(UINT32_MAX, 4, GL_FLOAT, GL_FALSE, 0, nullptr);
  EXPECT_GL_ERROR(GL_INVALID_VALUE);
  // A client pointer with a vertex array object bound (ES 3.0 §2.9.6).
  glBindBuffer(GL_ARRAY_BUFFER, 0);
  const float client[4] = {};
  glVertexAttribPointer(0, 4, GL_FLOAT, GL_FALSE, 0, client);
  EXPECT_GL_ERROR(GL_INVALID_OPERATION);
}

// Offsets past the end of the buffer are the application's to give (no error
// at specification); the draw that uses them must neither crash nor hand
// Vulkan an out-of-range offset.
TEST_F(BoundedInput, DrawWithHugeAttributeOffsets) {
  glBindBuffer(GL_ARRAY_BUFFER, buf_);
  for (GLintptr offset : {kHugeOffset, GLintptr(INT64_MAX), GLintptr(UINTPTR_MAX >> 1) - 15, GLintptr(256),
                          GLintptr(1) << 40}) {
    glVertexAttribPointer(0, 4, GL_FLOAT, GL_FALSE, 16, as_pointer(offset));
    EXPECT_GL_ERROR(GL_NO_ERROR);
    glEnableVertexAttribArray(0);
    glDrawArrays(GL_TRIANGLES, 0, 3);
    const GLenum e = glGetError();
    EXPECT_TRUE(e == GL_NO_ERROR || e == GL_INVALID_OPERATION) << std::hex << e;
    glFinish();
  }
  glDisableVertexAttribArray(0);
  expect_context_works();
}

TEST_F(BoundedInput, DrawArraysCounts) {
  glDrawArrays(GL_TRIANGLES, 0, -1);
  EXPECT_GL_ERROR(GL_INVALID_VALUE);
  glDrawArrays(GL_TRIANGLES, -1, 3);
  EXPECT_GL_ERROR(GL_INVALID_VALUE);
  glDrawArrays(GL_TRIANGLES, 0, INT_MIN);
  EXPECT_GL_ERROR(GL_INVALID_VALUE);
  glDrawArraysInstanced(GL_TRIANGLES, 0, 3, -1);
  EXPECT_GL_ERROR(GL_INVALID_VALUE);
  glDrawArraysInstanced(GL_TRIANGLES, 0, -1, 1);
  EXPECT_GL_ERROR(GL_INVALID_VALUE);
  // first + count past INT_MAX, no array enabled: vertex ids only.
  glDrawArrays(GL_POINTS, INT_MAX - 1, 3);
  EXPECT_GL_ERROR(GL_NO_ERROR);
  glFinish();
  expect_context_works();
}

TEST_F(BoundedInput, DrawElementsCountsAndOffsets) {
  const GLuint indices[3] = {0, 1, 2};
  GLuint ib = buffer(GL_ELEMENT_ARRAY_BUFFER, sizeof(indices), indices);
  glDrawElements(GL_TRIANGLES, -1, GL_UNSIGNED_INT, nullptr);
  EXPECT_GL_ERROR(GL_INVALID_VALUE);
  glDrawElementsInstanced(GL_TRIANGLES, 3, GL_UNSIGNED_INT, nullptr, -1);
  EXPECT_GL_ERROR(GL_INVALID_VALUE);
  glDrawRangeElements(GL_TRIANGLES, 2, 1, 3, GL_UNSIGNED_INT, nullptr);  // end < start
  EXPECT_GL_ERROR(GL_INVALID_VALUE);
  glDrawRangeElements(GL_TRIANGLES, 0, 2, -1, GL_UNSIGNED_INT, nullptr);
  EXPECT_GL_ERROR(GL_INVALID_VALUE);
  glDrawElements(GL_TRIANGLES, 3, GL_FLOAT, nullptr);
  EXPECT_GL_ERROR(GL_INVALID_ENUM);
  // Counts and offsets that read past the index buffer: the spec names no
  // error (robust access defines the result); nothing may crash, allocate
  // for the count before checking it, or reach Vulkan out of range.
  for (GLenum mode : {GL_TRIANGLES, GL_LINE_LOOP, GL_TRIANGLE_FAN, GL_POINTS}) {
    for (GLsizei count : {INT_MAX, INT_MAX - 1, 1 << 30, 4}) {
      glDrawElements(mode, count, GL_UNSIGNED_INT, nullptr);
      GLenum e = glGetError();
      EXPECT_TRUE(e == GL_NO_ERROR || e == GL_INVALID_OPERATION || e == GL_OUT_OF_MEMORY)
          << std::hex << mode << " " << std::dec << count << ": 0x" << std::hex << e;
      glDrawElementsInstanced(mode, count, GL_UNSIGNED_INT, nullptr, INT_MAX);
      e = glGetError();
      EXPECT_TRUE(e == GL_NO_ERROR || e == GL_INVALID_OPERATION || e == GL_OUT_OF_MEMORY)
          << std::hex << mode << " " << std::dec << count << ": 0x" << std::hex << e;
    }
    for (GLintptr offset : {kHugeOffset & ~GLintptr(3), GLintptr(1) << 40, GLintptr(12)}) {
      glDrawElements(mode, 3, GL_UNSIGNED_INT, as_pointer(offset));
      const GLenum e = glGetError();
      EXPECT_TRUE(e == GL_NO_ERROR || e == GL_INVALID_OPERATION)
          << std::hex << mode << " +" << std::dec << offset << ": 0x" << std::hex << e;
    }
  }
  glFinish();
  glDeleteBuffers(1, &ib);
  expect_context_works();
}

TEST_F(BoundedInput, IndirectDrawOffsets) {
  const GLuint cmds[5] = {3, 1, 0, 0, 0};
  GLuint ind = buffer(GL_DRAW_INDIRECT_BUFFER, sizeof(cmds), cmds);
  glDrawArraysIndirect(GL_TRIANGLES, as_pointer(2));  // not a multiple of 4
  EXPECT_GL_ERROR(GL_INVALID_VALUE);
  for (GLintptr offset : {kHugeOffset & ~GLintptr(3), GLintptr(8), GLintptr(1) << 40}) {
    glDrawArraysIndirect(GL_TRIANGLES, as_pointer(offset));
    EXPECT_GL_ERROR(GL_INVALID_OPERATION) << offset;
  }
  glDrawArraysIndirect(GL_TRIANGLES, nullptr);
  EXPECT_GL_ERROR(GL_NO_ERROR);
  GLuint ib = buffer(GL_ELEMENT_ARRAY_BUFFER, 12);
  for (GLintptr offset : {kHugeOffset & ~GLintptr(3), GLintptr(4), GLintptr(1) << 40}) {
    glDrawElementsIndirect(GL_TRIANGLES, GL_UNSIGNED_INT, as_pointer(offset));
    EXPECT_GL_ERROR(GL_INVALID_OPERATION) << offset;
  }
  glDrawElementsIndirect(GL_TRIANGLES, GL_UNSIGNED_INT, nullptr);
  EXPECT_GL_ERROR(GL_NO_ERROR);
  glBindBuffer(GL_DRAW_INDIRECT_BUFFER, 0);
  glDrawArraysIndirect(GL_TRIANGLES, nullptr);
  EXPECT_GL_ERROR(GL_INVALID_OPERATION);
  glFinish();
  glDeleteBuffers(1, &ind);
  glDeleteBuffers(1, &ib);
}

TEST_F(BoundedInput, DispatchComputeIndirectOffsets) {
  GLuint p = compute_program(R"(#version 310 es
layout(local_size_x = 1) in;
void main() {})");
  glUseProgram(p);
  const GLuint groups[3] = {1, 1, 1};
  GLuint b = buffer(GL_DISPATCH_INDIRECT_BUFFER, sizeof(groups), groups);
  glDispatchComputeIndirect(-4);
  EXPECT_GL_ERROR(GL_INVALID_VALUE);
  glDispatchComputeIndirect(2);
  EXPECT_GL_ERROR(GL_INVALID_VALUE);
  for (GLintptr offset : {kHugeOffset & ~GLintptr(3), GLintptr(4), GLintptr(1) << 40}) {
    glDispatchComputeIndirect(offset);
    EXPECT_GL_ERROR(GL_INVALID_OPERATION) << offset;
  }
  glDispatchCompute(UINT32_MAX, 1, 1);
  EXPECT_GL_ERROR(GL_INVALID_VALUE);
  glDispatchComputeIndirect(0);
  EXPECT_GL_ERROR(GL_NO_ERROR);
  glFinish();
  glDeleteBuffers(1, &b);
  glDeleteProgram(p);
}

TEST_F(BoundedInput, TexImageSizes) {
  GLuint t = 0;
  glGenTextures(1, &t);
  glBindTexture(GL_TEXTURE_2D, t);
  for (auto [w, h] : {std::pair{INT_MAX, 1}, {1, INT_MAX}, {-1, 1}, {1, INT_MIN}, {1 << 20, 1 << 20}}) {
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, w, h, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
    EXPECT_GL_ERROR(GL_INVALID_VALUE) << w << "x" << h;
  }
  glTexImage2D(GL_TEXTURE_2D, -1, GL_RGBA8, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  EXPECT_GL_ERROR(GL_INVALID_VALUE);
  glTexImage2D(GL_TEXTURE_2D, INT_MAX, GL_RGBA8, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  EXPECT_GL_ERROR(GL_INVALID_VALUE);
  // Within the limits but far beyond memory: GL_OUT_OF_MEMORY.
  GLint max3d = 0, max_layers = 0, max2d = 0;
  glGetIntegerv(GL_MAX_3D_TEXTURE_SIZE, &max3d);
  glGetIntegerv(GL_MAX_ARRAY_TEXTURE_LAYERS, &max_layers);
  glGetIntegerv(GL_MAX_TEXTURE_SIZE, &max2d);
  GLuint t3 = 0;
  glGenTextures(1, &t3);
  glBindTexture(GL_TEXTURE_3D, t3);
  // 2048^3 RGBA32F is 128 GiB: beyond lavapipe's host and an 80 GB GPU,
  // but an H200 (141 GB) holds it. Either answer is right; nothing else is.
  for (int storage = 0; storage < 2; ++storage) {
    if (storage) glTexStorage3D(GL_TEXTURE_3D, 1, GL_RGBA32F, max3d, max3d, max3d);
    else glTexImage3D(GL_TEXTURE_3D, 0, GL_RGBA32F, max3d, max3d, max3d, 0, GL_RGBA, GL_FLOAT, nullptr);
    const GLenum e = glGetError();
    EXPECT_TRUE(e == GL_OUT_OF_MEMORY || e == GL_NO_ERROR) << std::hex << e << (storage ? " glTexStorage3D" : " glTexImage3D");
  }
  GLuint ta = 0;
  glGenTextures(1, &ta);
  glBindTexture(GL_TEXTURE_2D_ARRAY, ta);
  glTexStorage3D(GL_TEXTURE_2D_ARRAY, 1, GL_RGBA32F, max2d, max2d, max_layers);
  EXPECT_GL_ERROR(GL_OUT_OF_MEMORY);
  glTexImage3D(GL_TEXTURE_3D, 0, GL_RGBA8, INT_MAX, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  EXPECT_GL_ERROR(GL_INVALID_VALUE);
  glTexImage3D(GL_TEXTURE_3D, 0, GL_RGBA8, 1, 1, -1, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  EXPECT_GL_ERROR(GL_INVALID_VALUE);
  glDeleteTextures(1, &t);
  glDeleteTextures(1, &t3);
  glDeleteTextures(1, &ta);
  expect_context_works();
}

TEST_F(BoundedInput, TexSubImageOffsets) {
  GLuint t = 0;
  glGenTextures(1, &t);
  glBindTexture(GL_TEXTURE_2D, t);
  glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 16, 16);
  const uint32_t texels[16 * 16] = {};
  for (auto [x, y, w, h] : {std::tuple{INT_MAX - 1, 0, 16, 1}, {0, INT_MAX - 1, 1, 16}, {-1, 0, 1, 1},
                            {INT_MIN, 0, 1, 1}, {0, 0, -1, 1}, {8, 0, 9, 1}, {0, 0, INT_MAX, 1}}) {
    glTexSubImage2D(GL_TEXTURE_2D, 0, x, y, w, h, GL_RGBA, GL_UNSIGNED_BYTE, texels);
    EXPECT_GL_ERROR(GL_INVALID_VALUE) << x << "," << y << " " << w << "x" << h;
  }
  glTexSubImage2D(GL_TEXTURE_2D, 0, 8, 8, 8, 8, GL_RGBA, GL_UNSIGNED_BYTE, texels);
  EXPECT_GL_ERROR(GL_NO_ERROR);

  GLuint t3 = 0;
  glGenTextures(1, &t3);
  glBindTexture(GL_TEXTURE_2D_ARRAY, t3);
  glTexStorage3D(GL_TEXTURE_2D_ARRAY, 1, GL_RGBA8, 4, 4, 4);
  for (auto [z, d] : {std::pair{INT_MAX - 1, 4}, {-1, 1}, {0, -1}, {3, 2}, {0, INT_MAX}}) {
    glTexSubImage3D(GL_TEXTURE_2D_ARRAY, 0, 0, 0, z, 1, 1, d, GL_RGBA, GL_UNSIGNED_BYTE, texels);
    EXPECT_GL_ERROR(GL_INVALID_VALUE) << z << "+" << d;
  }
  // Copies from the framebuffer into the texture, offsets out of range.
  glBindTexture(GL_TEXTURE_2D, t);
  glCopyTexSubImage2D(GL_TEXTURE_2D, 0, INT_MAX - 1, 0, 0, 0, 4, 4);
  EXPECT_GL_ERROR(GL_INVALID_VALUE);
  glCopyTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, INT_MAX - 1, INT_MAX - 1, 4, 4);  // source outside: no error
  EXPECT_GL_ERROR(GL_NO_ERROR);
  glCopyTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, INT_MIN, INT_MIN, 4, 4);
  EXPECT_GL_ERROR(GL_NO_ERROR);
  glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 0, 0, INT_MAX, 1, 0);
  EXPECT_GL_ERROR(GL_INVALID_VALUE);
  glFinish();
  glDeleteTextures(1, &t);
  glDeleteTextures(1, &t3);
}

// Uploads and readbacks through pixel buffer objects: an offset, or a size
// the pixel store makes, that would reach past the buffer is
// GL_INVALID_OPERATION (ES 3.0 §3.7.1, §4.3.1), whatever the overflow.
// fuzz_gl_calls: a copy whose source rectangle starts at INT_MAX computed
// x + width in an int (UBSan: signed overflow; the asan preset fails here).
TEST_F(BoundedInput, CopyTexImageSourceAtTheEndsOfTheIntRange) {
  GLuint t = 0;
  glGenTextures(1, &t);
  glBindTexture(GL_TEXTURE_2D, t);
  for (auto [x, y] : {std::pair{INT_MAX, 0}, {0, INT_MAX}, {INT_MIN, 0}, {0, INT_MIN}, {INT_MAX, INT_MIN}}) {
    glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, x, y, 1, 1, 0);
    EXPECT_GL_ERROR(GL_NO_ERROR) << x << "," << y;
    glCopyTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, x, y, 1, 1);
    EXPECT_GL_ERROR(GL_NO_ERROR) << x << "," << y;
  }
  glFinish();
  glDeleteTextures(1, &t);
}

// fuzz_gl_calls: a scissor at INT_MIN was negated in an int (UBSan); one at
// INT_MAX - 1 with a large size overflows Vulkan's offset + extent.
TEST_F(BoundedInput, ScissorAtTheEndsOfTheIntRange) {
  glEnable(GL_SCISSOR_TEST);
  for (auto [x, y] : {std::pair{INT_MIN, INT_MIN}, {INT_MAX - 1, 0}, {0, INT_MAX - 1}, {INT_MIN, 0}}) {
    glScissor(x, y, INT_MAX, INT_MAX);
    EXPECT_GL_ERROR(GL_NO_ERROR);
    glClearColor(0, 0, 1, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    glDrawArrays(GL_TRIANGLES, 0, 3);
    EXPECT_GL_ERROR(GL_NO_ERROR) << x << "," << y;
  }
  glFinish();
  glDisable(GL_SCISSOR_TEST);
  expect_context_works();
}

TEST_F(BoundedInput, PixelBufferOffsets) {
  GLuint t = 0;
  glGenTextures(1, &t);
  glBindTexture(GL_TEXTURE_2D, t);
  glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 16, 16);
  GLuint pbo = buffer(GL_PIXEL_UNPACK_BUFFER, 1024);
  for (GLintptr offset : {kHugeOffset, GLintptr(INT64_MAX), GLintptr(1) << 40, GLintptr(1021)}) {
    glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, as_pointer(offset));
    EXPECT_GL_ERROR(GL_INVALID_OPERATION) << offset;
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, as_pointer(offset));
    // (immutable texture: GL_INVALID_OPERATION either way)
    EXPECT_GL_ERROR(GL_INVALID_OPERATION) << offset;
  }
  glPixelStorei(GL_UNPACK_ROW_LENGTH, INT_MAX);
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 2, 2, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  EXPECT_GL_ERROR(GL_INVALID_OPERATION);
  glPixelStorei(GL_UNPACK_ROW_LENGTH, 0);
  glPixelStorei(GL_UNPACK_SKIP_ROWS, INT_MAX);
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 2, 2, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  EXPECT_GL_ERROR(GL_INVALID_OPERATION);
  glPixelStorei(GL_UNPACK_SKIP_ROWS, 0);
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 16, 16, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  EXPECT_GL_ERROR(GL_NO_ERROR);
  glBindBuffer(GL_PIXEL_UNPACK_BUFFER, 0);

  glBindBuffer(GL_PIXEL_PACK_BUFFER, pbo);
  for (GLintptr offset : {kHugeOffset, GLintptr(INT64_MAX), GLintptr(1) << 40, GLintptr(1021)}) {
    glReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, const_cast<void*>(as_pointer(offset)));
    EXPECT_GL_ERROR(GL_INVALID_OPERATION) << offset;
  }
  glReadPixels(0, 0, INT_MAX, INT_MAX, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  EXPECT_GL_ERROR(GL_INVALID_OPERATION);
  glPixelStorei(GL_PACK_ROW_LENGTH, INT_MAX);
  glReadPixels(0, 0, 2, 2, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  EXPECT_GL_ERROR(GL_INVALID_OPERATION);
  glPixelStorei(GL_PACK_ROW_LENGTH, 0);
  glReadPixels(0, 0, 16, 16, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  EXPECT_GL_ERROR(GL_NO_ERROR);
  glBindBuffer(GL_PIXEL_PACK_BUFFER, 0);
  glFinish();
  glDeleteBuffers(1, &pbo);
  glDeleteTextures(1, &t);
}

TEST_F(BoundedInput, ReadPixelsRectangles) {
  glReadPixels(0, 0, -1, 1, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  EXPECT_GL_ERROR(GL_INVALID_VALUE);
  glReadPixels(0, 0, 1, INT_MIN, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  EXPECT_GL_ERROR(GL_INVALID_VALUE);
  // Outside the framebuffer, x + width past INT_MAX: values undefined, the
  // application's memory of width x height pixels untouched beyond its end.
  std::vector<uint32_t> px(8 * 2, 0);
  glReadPixels(INT_MAX - 4, 0, 8, 2, GL_RGBA, GL_UNSIGNED_BYTE, px.data());
  EXPECT_GL_ERROR(GL_NO_ERROR);
  glReadPixels(INT_MIN, INT_MIN, 8, 2, GL_RGBA, GL_UNSIGNED_BYTE, px.data());
  EXPECT_GL_ERROR(GL_NO_ERROR);
  glReadPixels(-4, -1, 8, 2, GL_RGBA, GL_UNSIGNED_BYTE, px.data());
  EXPECT_GL_ERROR(GL_NO_ERROR);
  // Zero-sized reads into a null pointer are no-ops.
  glReadPixels(0, 0, 0, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  EXPECT_GL_ERROR(GL_NO_ERROR);
}

TEST_F(BoundedInput, CompressedTexImageSizes) {
  GLuint t = 0;
  glGenTextures(1, &t);
  glBindTexture(GL_TEXTURE_2D, t);
  const uint8_t blocks[64] = {};
  for (GLsizei size : {-1, INT_MAX, INT_MIN, 7, 9}) {
    glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGB8_ETC2, 4, 4, 0, size, blocks);
    EXPECT_GL_ERROR(GL_INVALID_VALUE) << size;
  }
  glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGB8_ETC2, INT_MAX, 4, 0, 8, blocks);
  EXPECT_GL_ERROR(GL_INVALID_VALUE);
  glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGB8_ETC2, 8, 8, 0, 32, blocks);
  EXPECT_GL_ERROR(GL_NO_ERROR);
  glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGB8_ETC2, 8, 8, 0, 32, nullptr);  // contents undefined
  EXPECT_GL_ERROR(GL_NO_ERROR);
  for (auto [x, w] : {std::pair{INT_MAX - 3, 4}, {-4, 4}, {4, 8}, {0, INT_MAX}}) {
    glCompressedTexSubImage2D(GL_TEXTURE_2D, 0, x, 0, w, 4, GL_COMPRESSED_RGB8_ETC2, 8, blocks);
    EXPECT_GL_ERROR(GL_INVALID_VALUE) << x << "+" << w;
  }
  GLuint pbo = buffer(GL_PIXEL_UNPACK_BUFFER, 64);
  for (GLintptr offset : {kHugeOffset, GLintptr(1) << 40, GLintptr(60)}) {
    glCompressedTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 4, 4, GL_COMPRESSED_RGB8_ETC2, 8, as_pointer(offset));
    EXPECT_GL_ERROR(GL_INVALID_OPERATION) << offset;
    glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGB8_ETC2, 4, 4, 0, 8, as_pointer(offset));
    EXPECT_GL_ERROR(GL_INVALID_OPERATION) << offset;
  }
  glBindBuffer(GL_PIXEL_UNPACK_BUFFER, 0);
  glFinish();
  glDeleteBuffers(1, &pbo);
  glDeleteTextures(1, &t);
}

TEST_F(BoundedInput, UniformArrayCounts) {
  glUniform4fv(0, -1, nullptr);
  EXPECT_GL_ERROR(GL_INVALID_VALUE);
  glUniformMatrix4fv(0, INT_MIN, GL_FALSE, nullptr);
  EXPECT_GL_ERROR(GL_INVALID_VALUE);
  glUniform4fv(INT_MAX, 1, nullptr);
  EXPECT_GL_ERROR(GL_INVALID_OPERATION);
  glUniform4fv(-1, 1, nullptr);  // location -1 is ignored
  EXPECT_GL_ERROR(GL_NO_ERROR);
}

}  // namespace
}  // namespace brass::e2e
