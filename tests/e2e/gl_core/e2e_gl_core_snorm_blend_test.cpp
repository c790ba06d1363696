// Blending into SNORM colour buffers in a desktop core context, where
// R8/RG8/RGBA8/R16/RG16/RGBA16_SNORM are colour-renderable and GL blends
// them like every fixed-point buffer (GL 4.6 §17.3.6), with the [-1, 1]
// clamps of source, destination, factors and constant colour. Devices that
// cannot blend SNORM (lavapipe) blend in the fragment shader
// (src/gl/shader_blend.h); results are compared with a CPU model of GL's
// blending, read back as floats.
#include <cmath>

#include "../shader_blend_reference.h"
#include "e2e_gl_core_fixture.h"

namespace brass::e2e {
namespace {

class GlCoreSnormBlend : public GlCoreTest {
 protected:
  static GLuint target(GLenum internal_format, GLuint* fb) {
    GLuint t = 0;
    glGenTextures(1, &t);
    glBindTexture(GL_TEXTURE_2D, t);
    glTexStorage2D(GL_TEXTURE_2D, 1, internal_format, 4, 4);
    glGenFramebuffers(1, fb);
    glBindFramebuffer(GL_FRAMEBUFFER, *fb);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, t, 0);
    return t;
  }
  static Rgba read(int x, int y) {
    Rgba p{};
    glReadPixels(x, y, 1, 1, GL_RGBA, GL_FLOAT, p.data());
    return p;
  }
};

// Every 8- and 16-bit SNORM format with a blend of negative values whose
// unblended result differs; the missing components read 0 and 1.
TEST_F(GlCoreSnormBlend, EverySnormFormatBlends) {
  struct Format {
    GLenum internal_format;
    unsigned channels;
    float max_code;
  };
  const Format formats[] = {{GL_R8_SNORM, 1, 127.0f},      {GL_RG8_SNORM, 2, 127.0f},
                            {GL_RGBA8_SNORM, 4, 127.0f},   {GL_R16_SNORM, 1, 32767.0f},
                            {GL_RG16_SNORM, 2, 32767.0f},  {GL_RGBA16_SNORM, 4, 32767.0f}};
  const GLuint prog = program(kCoreFullscreenVs, R"(#version 330 core
uniform vec4 u_color;
out vec4 color;
void main() { color = u_color; })");
  glUseProgram(prog);
  glViewport(0, 0, 4, 4);
  const Rgba dst{-0.5f, 0.75f, -0.25f, 0.5f};
  const Rgba src{0.5f, -0.5f, -1.0f, -0.5f};
  const Rgba constant{-0.5f, 2.0f, 0.25f, -0.75f};
  const BlendSetup b{GL_FUNC_ADD, GL_FUNC_REVERSE_SUBTRACT, GL_ONE_MINUS_SRC_COLOR, GL_CONSTANT_COLOR, GL_DST_ALPHA,
                     GL_ONE_MINUS_CONSTANT_ALPHA};
  glUniform4fv(glGetUniformLocation(prog, "u_color"), 1, src.data());
  for (const Format& f : formats) {
    GLuint fb = 0;
    const GLuint t = target(f.internal_format, &fb);
    ASSERT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_COMPLETE)) << std::hex << f.internal_format;
    glDisable(GL_BLEND);
    glClearBufferfv(GL_COLOR, 0, dst.data());
    // The destination as stored: float-to-SNORM rounding of the clear may
    // differ by a code between devices (0.5 is 63 on the NVIDIA H200, 64 on
    // lavapipe), so the reference starts from what the clear wrote.
    const Rgba cleared = read(2, 2);
    glEnable(GL_BLEND);
    glBlendEquationSeparate(b.eq_rgb, b.eq_alpha);
    glBlendFuncSeparate(b.src_rgb, b.dst_rgb, b.src_alpha, b.dst_alpha);
    glBlendColor(constant[0], constant[1], constant[2], constant[3]);
    glDrawArrays(GL_TRIANGLES, 0, 3);
    glDisable(GL_BLEND);
    Rgba stored{};
    for (unsigned c = 0; c < 4; ++c) stored[c] = c < f.channels ? cleared[c] : (c == 3 ? 1.0f : 0.0f);
    const Rgba want = blend_reference(b, src, stored, constant, true);
    const Rgba got = read(2, 2);
    EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
    for (unsigned c = 0; c < f.channels; ++c)
      EXPECT_NEAR(got[c], stored_value(want[c], true, f.max_code), 1.5f / f.max_code)
          << std::hex << f.internal_format << " channel " << c;
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glDeleteFramebuffers(1, &fb);
    glDeleteTextures(1, &t);
  }
  glDeleteProgram(prog);
}

// Dual-source blending (SRC1 factors: the output at location 0, index 1)
// into an SNORM buffer.
TEST_F(GlCoreSnormBlend, DualSourceFactors) {
  const GLuint prog = program(kCoreFullscreenVs, R"(#version 330 core
uniform vec4 u_color, u_second;
layout(location = 0, index = 0) out vec4 color;
layout(location = 0, index = 1) out vec4 second;
void main() { color = u_color; second = u_second; })");
  glUseProgram(prog);
  glViewport(0, 0, 4, 4);
  GLuint fb = 0;
  const GLuint t = target(GL_RGBA8_SNORM, &fb);
  ASSERT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_COMPLETE));
  const Rgba dst{0.5f, -0.5f, 0.25f, -0.25f};
  const Rgba src{-0.25f, 0.5f, 0.75f, 0.5f};
  const Rgba second{0.5f, -0.75f, 1.0f, 0.25f};
  glUniform4fv(glGetUniformLocation(prog, "u_color"), 1, src.data());
  glUniform4fv(glGetUniformLocation(prog, "u_second"), 1, second.data());
  glClearBufferfv(GL_COLOR, 0, dst.data());
  const Rgba cleared = read(1, 1);  // as stored (rounding, above)
  const BlendSetup b{GL_FUNC_ADD, GL_FUNC_ADD, GL_SRC1_COLOR, GL_ONE_MINUS_SRC1_ALPHA, GL_SRC1_ALPHA, GL_ONE};
  glEnable(GL_BLEND);
  glBlendFuncSeparate(b.src_rgb, b.dst_rgb, b.src_alpha, b.dst_alpha);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  glDisable(GL_BLEND);
  Rgba stored{};
  for (unsigned c = 0; c < 4; ++c) stored[c] = cleared[c];
  const Rgba want = blend_reference(b, src, stored, {}, true, second);
  const Rgba got = read(1, 1);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  for (unsigned c = 0; c < 4; ++c)
    EXPECT_NEAR(got[c], stored_value(want[c], true, 127.0f), 1.5f / 127.0f) << "channel " << c;
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glDeleteFramebuffers(1, &fb);
  glDeleteTextures(1, &t);
  glDeleteProgram(prog);
}

// The logic operation replaces blending (GL 4.6 §17.3.9): COPY writes the
// source as it is, blending enabled or not.
TEST_F(GlCoreSnormBlend, LogicOpReplacesBlending) {
  const GLuint prog = program(kCoreFullscreenVs, R"(#version 330 core
uniform vec4 u_color;
out vec4 color;
void main() { color = u_color; })");
  glUseProgram(prog);
  glViewport(0, 0, 4, 4);
  GLuint fb = 0;
  const GLuint t = target(GL_RGBA8_SNORM, &fb);
  ASSERT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_COMPLETE));
  const Rgba dst{0.5f, -0.5f, 0.25f, 1.0f};
  const Rgba src{-0.5f, 0.25f, 0.75f, 0.5f};
  glClearBufferfv(GL_COLOR, 0, dst.data());
  glUniform4fv(glGetUniformLocation(prog, "u_color"), 1, src.data());
  glEnable(GL_BLEND);
  glBlendFunc(GL_ONE, GL_ONE);
  glEnable(GL_COLOR_LOGIC_OP);
  glLogicOp(GL_COPY);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  glDisable(GL_COLOR_LOGIC_OP);
  glDisable(GL_BLEND);
  const Rgba got = read(1, 2);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  for (unsigned c = 0; c < 4; ++c)
    EXPECT_NEAR(got[c], stored_value(src[c], true, 127.0f), 1.5f / 127.0f) << "channel " << c;
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glDeleteFramebuffers(1, &fb);
  glDeleteTextures(1, &t);
  glDeleteProgram(prog);
}

}  // namespace
}  // namespace brass::e2e
