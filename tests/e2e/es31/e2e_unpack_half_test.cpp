// unpackHalf2x16 through glvnd: both halves of literal arguments (which
// the device's compiler folds; Mesa's NIR before 25.0 folds the high half
// wrong, compiler/unpack_half_split.h) and of values read at run time,
// checked bit for bit on the CPU.
#include <cstring>

#include "e2e_es31_fixture.h"

namespace brass::e2e {
namespace {

class E2eUnpackHalf : public Es31Test {};

uint32_t bits(float f) {
  uint32_t u = 0;
  std::memcpy(&u, &f, sizeof u);
  return u;
}

// Each word is unpacked two ways: a literal argument and a value loaded
// from the buffer at run time.
constexpr const char* kUnpackCs = R"(#version 310 es
layout(local_size_x = 1) in;
layout(std430, binding = 0) buffer In { uint packed_in[4]; };
layout(std430, binding = 1) buffer Out { vec2 literal[4]; vec2 loaded[4]; };
void main() {
  literal[0] = unpackHalf2x16(0x3C00C000u);
  literal[1] = unpackHalf2x16(0x7BFF0001u);
  literal[2] = unpackHalf2x16(0xFC007C00u);
  literal[3] = unpackHalf2x16(0x80003555u);
  for (int i = 0; i < 4; ++i) loaded[i] = unpackHalf2x16(packed_in[i]);
})";

TEST_F(E2eUnpackHalf, BothHalvesOfConstantAndLoadedWords) {
  const uint32_t packed[4] = {0x3C00C000u, 0x7BFF0001u, 0xFC007C00u, 0x80003555u};
  // low half first (x), then high half (y)
  const uint32_t expected[4][2] = {
      {bits(-2.0f), bits(1.0f)},
      {bits(5.9604645e-08f), bits(65504.0f)},  // smallest subnormal half, largest finite half
      {0x7f800000u, 0xff800000u},              // +inf, -inf
      {bits(0.333251953125f), 0x80000000u},        // 0x3555, -0.0
  };
  GLuint in = buffer(GL_SHADER_STORAGE_BUFFER, sizeof packed, packed);
  GLuint out = buffer(GL_SHADER_STORAGE_BUFFER, 2 * 4 * 2 * sizeof(float));
  GLuint p = compute_program(kUnpackCs);
  glUseProgram(p);
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, in);
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, out);
  glDispatchCompute(1, 1, 1);
  glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
  const std::vector<uint32_t> got = read_uints(out, 2 * 4 * 2);
  const char* kinds[2] = {"literal", "loaded"};
  for (size_t kind = 0; kind < 2; ++kind)
    for (size_t i = 0; i < 4; ++i)
      for (size_t half = 0; half < 2; ++half)
        EXPECT_EQ(got[kind * 8 + i * 2 + half], expected[i][half])
            << kinds[kind] << " word " << i << (half ? " high" : " low") << " half";
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  glDeleteProgram(p);
  glDeleteBuffers(1, &in);
  glDeleteBuffers(1, &out);
}

}  // namespace
}  // namespace brass::e2e
