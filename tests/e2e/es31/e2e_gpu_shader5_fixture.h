// The fixture of the EXT/OES_gpu_shader5 suites (e2e_gpu_shader5_test.cpp,
// e2e_gpu_shader5_indexing_test.cpp): an ES 3.1+ context that lists the
// extension under both names, a bound vertex array, and 1x1 textures.
#pragma once

#include "e2e_es31_fixture.h"

namespace brass::e2e {

class GpuShader5Test : public Es31Test {
 protected:
  void SetUp() override {
    Es31Test::SetUp();
    if (HasFatalFailure()) return;
    // Advertised with the device's shaderImageGatherExtended and dynamic
    // indexing of buffer arrays; sampler and image arrays go through the
    // compiler's switch lowering where the device cannot index them
    // (lavapipe 22.3). Both names or neither.
    EXPECT_EQ(has_extension("GL_EXT_gpu_shader5"), has_extension("GL_OES_gpu_shader5"));
    ASSERT_TRUE(has_extension("GL_EXT_gpu_shader5"));
    glGenVertexArrays(1, &vao_);
    glBindVertexArray(vao_);
  }
  void TearDown() override {
    glBindVertexArray(0);
    glDeleteVertexArrays(1, &vao_);
    Es31Test::TearDown();
  }
  // A 1x1 RGBA8 texture of colour `c` on unit `unit`.
  static GLuint solid_texture(GLuint unit, uint32_t c) {
    GLuint t = 0;
    glGenTextures(1, &t);
    glActiveTexture(GL_TEXTURE0 + unit);
    glBindTexture(GL_TEXTURE_2D, t);
    glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 1, 1);
    glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, &c);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glActiveTexture(GL_TEXTURE0);
    return t;
  }
  GLuint vao_ = 0;
};

}  // namespace brass::e2e
