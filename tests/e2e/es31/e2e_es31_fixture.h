// ES 3.1 end-to-end tests: the e2e fixture with a context of the default
// version, ES 3.1 or (where the device has all of it) ES 3.2.
#pragma once

#include <GLES3/gl31.h>

#include <cstring>
#include <string>
#include <vector>

#include "../e2e_fixture.h"

namespace brass::e2e {

// kFullscreenVs in GLSL ES 3.10 (programs link shaders of one version).
inline constexpr const char* kFullscreenVs310 = R"(#version 310 es
void main() {
  vec2 p = vec2(gl_VertexID == 1 ? 3.0 : -1.0, gl_VertexID == 2 ? 3.0 : -1.0);
  gl_Position = vec4(p, 0.0, 1.0);
})";

class Es31Test : public GlesTest {
 protected:
  void SetUp() override {
    GlesTest::SetUp();
    const char* version = reinterpret_cast<const char*>(glGetString(GL_VERSION));
    ASSERT_NE(version, nullptr);
    // ES 3.1, or ES 3.2 on a device that has all of it.
    const std::string v(version);
    ASSERT_TRUE(v.rfind("OpenGL ES 3.1", 0) == 0 || v.rfind("OpenGL ES 3.2", 0) == 0) << version;
  }

  // A compute program; fails the test with the info log on error.
  static GLuint compute_program(const char* src) {
    GLuint p = glCreateProgram();
    GLuint s = shader(GL_COMPUTE_SHADER, src);
    glAttachShader(p, s);
    glDeleteShader(s);
    link(p);
    return p;
  }
  // A buffer of `bytes` (zeroed, or `data`) bound to `target`.
  static GLuint buffer(GLenum target, GLsizeiptr bytes, const void* data = nullptr) {
    std::vector<uint8_t> zero;
    if (!data) {
      zero.assign(static_cast<size_t>(bytes), 0);
      data = zero.data();
    }
    GLuint b = 0;
    glGenBuffers(1, &b);
    glBindBuffer(target, b);
    glBufferData(target, bytes, data, GL_DYNAMIC_COPY);
    return b;
  }
  // The buffer's first `count` uint32s, read through glMapBufferRange.
  static std::vector<uint32_t> read_uints(GLuint b, size_t count) {
    std::vector<uint32_t> out(count, 0xdeadbeef);
    glBindBuffer(GL_COPY_READ_BUFFER, b);
    const auto bytes = static_cast<GLsizeiptr>(count * sizeof(uint32_t));
    const void* p = glMapBufferRange(GL_COPY_READ_BUFFER, 0, bytes, GL_MAP_READ_BIT);
    EXPECT_NE(p, nullptr);
    if (p) std::memcpy(out.data(), p, static_cast<size_t>(bytes));
    glUnmapBuffer(GL_COPY_READ_BUFFER);
    return out;
  }
};

}  // namespace brass::e2e
