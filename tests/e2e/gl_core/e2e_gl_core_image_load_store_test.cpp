// ARB_shader_image_load_store in desktop contexts (GL 4.2 §8.26 / GL 4.6
// §8.26): the image targets desktop GL adds to ES 3.1's (1D, 1D arrays,
// rectangles, one slice of a 3D texture), the desktop image-unit state and
// errors, and image arrays used by one stage only.
#include <algorithm>

#include "e2e_gl_core_fixture.h"

namespace brass::e2e {
namespace {

class GlCoreImageLoadStore : public GlCoreTest {
 protected:
  void SetUp() override {
    GlCoreTest::SetUp();
    if (HasFatalFailure()) return;
    ASSERT_TRUE(has_extension("GL_ARB_shader_image_load_store"));
  }

  // Runs a one-invocation-per-texel compute shader over (w, h, d) and
  // waits for its stores.
  static void dispatch(const char* src, GLuint w, GLuint h = 1, GLuint d = 1) {
    const GLuint prog = compute_program(src);
    ASSERT_NE(prog, 0u);
    glUseProgram(prog);
    glDispatchCompute(w, h, d);
    glMemoryBarrier(GL_TEXTURE_UPDATE_BARRIER_BIT);
    glDeleteProgram(prog);
  }

  static GLuint texture(GLenum target) {
    GLuint t = 0;
    glGenTextures(1, &t);
    glBindTexture(target, t);
    return t;
  }
};

TEST_F(GlCoreImageLoadStore, StoresToA1DImage) {
  const GLuint tex = texture(GL_TEXTURE_1D);
  glTexStorage1D(GL_TEXTURE_1D, 1, GL_R32UI, 8);
  glBindImageTexture(0, tex, 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_R32UI);
  dispatch(R"(#version 420
layout(local_size_x = 1) in;
layout(r32ui, binding = 0) writeonly uniform uimage1D img;
void main() {
  int x = int(gl_GlobalInvocationID.x);
  imageStore(img, x, uvec4(uint(x * 3 + 1) + uint(imageSize(img)) * 100u));
})",
           8);
  GLuint texels[8] = {};
  glGetTexImage(GL_TEXTURE_1D, 0, GL_RED_INTEGER, GL_UNSIGNED_INT, texels);
  for (GLuint x = 0; x < 8; ++x) EXPECT_EQ(texels[x], x * 3 + 1 + 800) << x;
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
}

TEST_F(GlCoreImageLoadStore, A1DArrayIsLayeredOrOneLayer) {
  const GLuint tex = texture(GL_TEXTURE_1D_ARRAY);
  glTexStorage2D(GL_TEXTURE_1D_ARRAY, 1, GL_R32UI, 4, 3);
  const GLuint zero[12] = {};
  glTexSubImage2D(GL_TEXTURE_1D_ARRAY, 0, 0, 0, 4, 3, GL_RED_INTEGER, GL_UNSIGNED_INT, zero);
  // Layered: every layer through image1DArray.
  glBindImageTexture(0, tex, 0, GL_TRUE, 0, GL_WRITE_ONLY, GL_R32UI);
  dispatch(R"(#version 420
layout(local_size_x = 1) in;
layout(r32ui, binding = 0) writeonly uniform uimage1DArray img;
void main() {
  ivec2 p = ivec2(gl_GlobalInvocationID.xy);
  imageStore(img, p, uvec4(uint(p.y * 10 + p.x)));
})",
           4, 2);
  // Layer 2 alone, seen as a 1D image.
  glBindImageTexture(0, tex, 0, GL_FALSE, 2, GL_WRITE_ONLY, GL_R32UI);
  dispatch(R"(#version 420
layout(local_size_x = 1) in;
layout(r32ui, binding = 0) writeonly uniform uimage1D img;
void main() { imageStore(img, int(gl_GlobalInvocationID.x), uvec4(77u)); }
)",
           4);
  GLuint texels[12] = {};
  glGetTexImage(GL_TEXTURE_1D_ARRAY, 0, GL_RED_INTEGER, GL_UNSIGNED_INT, texels);
  for (GLuint layer = 0; layer < 3; ++layer)
    for (GLuint x = 0; x < 4; ++x)
      EXPECT_EQ(texels[layer * 4 + x], layer == 2 ? 77u : layer * 10 + x) << layer << "," << x;
  GLint layered = -1, bound_layer = -1;
  glGetIntegeri_v(GL_IMAGE_BINDING_LAYERED, 0, &layered);
  glGetIntegeri_v(GL_IMAGE_BINDING_LAYER, 0, &bound_layer);
  EXPECT_EQ(layered, GL_FALSE);
  EXPECT_EQ(bound_layer, 2);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
}

TEST_F(GlCoreImageLoadStore, RectangleImagesAddressTexels) {
  const GLuint tex = texture(GL_TEXTURE_RECTANGLE);
  glTexImage2D(GL_TEXTURE_RECTANGLE, 0, GL_R32F, 5, 3, 0, GL_RED, GL_FLOAT, nullptr);
  glBindImageTexture(1, tex, 0, GL_FALSE, 0, GL_READ_WRITE, GL_R32F);
  dispatch(R"(#version 420
layout(local_size_x = 1) in;
layout(r32f, binding = 1) uniform image2DRect img;
void main() {
  ivec2 p = ivec2(gl_GlobalInvocationID.xy);
  ivec2 size = imageSize(img);
  imageStore(img, p, vec4(float(p.x + p.y * size.x) + float(size.y) * 0.25));
})",
           5, 3);
  float texels[15] = {};
  glGetTexImage(GL_TEXTURE_RECTANGLE, 0, GL_RED, GL_FLOAT, texels);
  for (int i = 0; i < 15; ++i) EXPECT_EQ(texels[i], static_cast<float>(i) + 0.75f) << i;
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
}

TEST_F(GlCoreImageLoadStore, OneSliceOfA3DTextureIsA2DImage) {
  const GLuint tex = texture(GL_TEXTURE_3D);
  glTexStorage3D(GL_TEXTURE_3D, 1, GL_R32UI, 2, 2, 3);
  const GLuint zero[12] = {};
  glTexSubImage3D(GL_TEXTURE_3D, 0, 0, 0, 0, 2, 2, 3, GL_RED_INTEGER, GL_UNSIGNED_INT, zero);
  glBindImageTexture(0, tex, 0, GL_FALSE, 1, GL_WRITE_ONLY, GL_R32UI);
  dispatch(R"(#version 420
layout(local_size_x = 1) in;
layout(r32ui, binding = 0) writeonly uniform uimage2D img;
void main() { imageStore(img, ivec2(gl_GlobalInvocationID.xy), uvec4(9u)); }
)",
           2, 2);
  GLuint texels[12] = {};
  glGetTexImage(GL_TEXTURE_3D, 0, GL_RED_INTEGER, GL_UNSIGNED_INT, texels);
  for (int i = 0; i < 12; ++i) EXPECT_EQ(texels[i], i / 4 == 1 ? 9u : 0u) << i;
}

TEST_F(GlCoreImageLoadStore, DesktopUnitStateAndErrors) {
  // GL 4.6 table 23.45: the initial format is R8 (ES's is R32UI).
  GLint format = 0;
  glGetIntegeri_v(GL_IMAGE_BINDING_FORMAT, 3, &format);
  EXPECT_EQ(format, GL_R8);
  // A format outside table 8.26 is INVALID_VALUE in desktop GL.
  const GLuint tex = texture(GL_TEXTURE_2D);
  glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 4, 4);
  glBindImageTexture(0, tex, 0, GL_FALSE, 0, GL_READ_ONLY, GL_RGB565);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  // A 3D texture keeps a non-layered binding's layer.
  const GLuint vol = texture(GL_TEXTURE_3D);
  glTexStorage3D(GL_TEXTURE_3D, 1, GL_RGBA16F, 4, 4, 4);
  glBindImageTexture(2, vol, 0, GL_FALSE, 3, GL_WRITE_ONLY, GL_RGBA16F);
  GLint layer = -1;
  glGetIntegeri_v(GL_IMAGE_BINDING_LAYER, 2, &layer);
  EXPECT_EQ(layer, 3);
  // Deleting the texture returns its units to the initial state.
  glDeleteTextures(1, &vol);
  glGetIntegeri_v(GL_IMAGE_BINDING_FORMAT, 2, &format);
  EXPECT_EQ(format, GL_R8);
  // No multisample images on this device (0 is GL 4.2's minimum).
  GLint samples = -1;
  glGetIntegerv(GL_MAX_IMAGE_SAMPLES, &samples);
  EXPECT_GE(samples, 0);
  GLint units = 0, fragment = 0;
  glGetIntegerv(GL_MAX_IMAGE_UNITS, &units);
  glGetIntegerv(GL_MAX_FRAGMENT_IMAGE_UNIFORMS, &fragment);
  EXPECT_GE(units, 8);
  EXPECT_GE(fragment, 8);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
}

TEST_F(GlCoreImageLoadStore, ArrayElementsWithoutBindingStartAtUnitZero) {
  const GLuint prog = compute_program(R"(#version 420
layout(local_size_x = 1) in;
layout(r32ui) uniform uimage2D imgs[3];
void main() { for (int i = 0; i < 3; ++i) imageStore(imgs[i], ivec2(0), uvec4(1u)); }
)");
  ASSERT_NE(prog, 0u);
  for (int i = 0; i < 3; ++i) {
    const std::string name = "imgs[" + std::to_string(i) + "]";
    GLint unit = -1;
    glGetUniformiv(prog, glGetUniformLocation(prog, name.c_str()), &unit);
    EXPECT_EQ(unit, 0) << name;
  }
  glDeleteProgram(prog);
}

// An image array only the vertex shader reads counts against the vertex
// stage alone (and once against the combined limit).
TEST_F(GlCoreImageLoadStore, VertexShaderImageArrayCountsOnce) {
  GLint vertex = 0, combined = 0;
  glGetIntegerv(GL_MAX_VERTEX_IMAGE_UNIFORMS, &vertex);
  glGetIntegerv(GL_MAX_COMBINED_IMAGE_UNIFORMS, &combined);
  const GLint n = std::min(vertex, combined);
  if (n < 9) GTEST_SKIP() << "the device has " << n << " vertex-stage images";
  const std::string vs = "#version 150\n#extension GL_ARB_shader_image_load_store : enable\n"
                         "layout(r32ui) uniform uimage2D imgs[" +
                         std::to_string(n) +
                         "];\nflat out uint v;\nvoid main() {\n  uint x = 0u;\n"
                         "  for (int i = 0; i < " +
                         std::to_string(n) +
                         "; ++i) x += imageLoad(imgs[i], ivec2(0)).x;\n  v = x;\n"
                         "  gl_Position = vec4(float(gl_VertexID == 1) * 4.0 - 1.0, float(gl_VertexID == 2) * 4.0 - 1.0, "
                         "0.0, 1.0);\n}\n";
  const char* fs = "#version 150\nflat in uint v;\nout vec4 color;\n"
                   "void main() { color = vec4(v == 7u ? 1.0 : 0.0, 1.0, 0.0, 1.0); }\n";
  const GLuint prog = program(vs.c_str(), fs);
  ASSERT_NE(prog, 0u);
  // Element 0 reads unit 0's 7, the others unit 1's 0: the sum is 7.
  const GLuint seven = 7, nothing = 0;
  const GLuint a = texture(GL_TEXTURE_2D);
  glTexStorage2D(GL_TEXTURE_2D, 1, GL_R32UI, 1, 1);
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 1, 1, GL_RED_INTEGER, GL_UNSIGNED_INT, &seven);
  const GLuint b = texture(GL_TEXTURE_2D);
  glTexStorage2D(GL_TEXTURE_2D, 1, GL_R32UI, 1, 1);
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 1, 1, GL_RED_INTEGER, GL_UNSIGNED_INT, &nothing);
  glBindImageTexture(0, a, 0, GL_FALSE, 0, GL_READ_ONLY, GL_R32UI);
  glBindImageTexture(1, b, 0, GL_FALSE, 0, GL_READ_ONLY, GL_R32UI);
  glUseProgram(prog);
  for (GLint i = 1; i < n; ++i) {
    const std::string name = "imgs[" + std::to_string(i) + "]";
    glUniform1i(glGetUniformLocation(prog, name.c_str()), 1);
  }
  glClearColor(0, 0, 0, 0);
  glClear(GL_COLOR_BUFFER_BIT);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(pixel(kWidth / 2, kHeight / 2), rgba(255, 255, 0));
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  glDeleteProgram(prog);
}

}  // namespace
}  // namespace brass::e2e
