// EXT/OES_texture_cube_map_array through glvnd: TEXTURE_CUBE_MAP_ARRAY
// storage (glTexStorage3D, glTexImage3D of whole cubes of square
// layer-faces) and its errors, samplerCubeArray / isamplerCubeArray /
// samplerCubeArrayShadow lookups per cube and face, textureSize and
// textureGather, rendering to one layer-face and to all of them (gl_Layer
// from a geometry shader), and imageCubeArray stores. Results are read back
// and checked on the CPU.
#include <GLES3/gl32.h>

#include <utility>
#include <vector>

#include "e2e_es31_fixture.h"

namespace brass::e2e {
namespace {

constexpr int kSize = 4, kCubes = 2, kLayerFaces = 6 * kCubes;

// The face directions in layer-face order (+X, -X, +Y, -Y, +Z, -Z).
constexpr float kDirections[6][3] = {{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}};

constexpr const char* kSampleFs = R"(#version 310 es
#extension GL_EXT_texture_cube_map_array : require
precision highp float;
uniform highp samplerCubeArray tex;
uniform vec4 coord;  // direction, cube
out vec4 o;
void main() { o = texture(tex, coord); })";

constexpr const char* kIntFs = R"(#version 310 es
#extension GL_OES_texture_cube_map_array : require
precision highp float;
uniform highp isamplerCubeArray tex;
uniform vec4 coord;
out vec4 o;
void main() { o = vec4(texture(tex, coord) + 100) / 255.0; })";

constexpr const char* kShadowFs = R"(#version 310 es
#extension GL_EXT_texture_cube_map_array : require
precision highp float;
uniform highp samplerCubeArrayShadow tex;
uniform vec4 coord;
uniform float ref;
out vec4 o;
void main() { o = vec4(texture(tex, coord, ref)); })";

// textureSize (w, h, cubes) and the gathered red components of one face.
constexpr const char* kSizeGatherFs = R"(#version 310 es
#extension GL_EXT_texture_cube_map_array : require
precision highp float;
uniform highp samplerCubeArray tex;
uniform vec4 coord;
out vec4 o;
void main() {
  ivec3 s = textureSize(tex, 0);
  vec4 g = textureGather(tex, coord, 0);
  o = vec4(float(s.x) / 255.0, float(s.z) / 255.0, g.x == g.w ? g.x : 0.0, 1.0);
})";

// Layer-face `layer` of the bound image gets `color` at every texel.
constexpr const char* kImageCs = R"(#version 310 es
#extension GL_EXT_texture_cube_map_array : require
layout(local_size_x = 4, local_size_y = 4) in;
layout(rgba8, binding = 0) uniform writeonly highp imageCubeArray img;
uniform int layer;
uniform vec4 color;
void main() { imageStore(img, ivec3(gl_LocalInvocationID.xy, layer), color); })";

constexpr const char* kLayerVs = R"(#version 310 es
void main() {
  vec2 p = vec2(gl_VertexID == 1 ? 3.0 : -1.0, gl_VertexID == 2 ? 3.0 : -1.0);
  gl_Position = vec4(p, 0.0, 1.0);
})";
constexpr const char* kLayerGs = R"(#version 310 es
#extension GL_EXT_geometry_shader : require
layout(triangles) in;
layout(triangle_strip, max_vertices = 3) out;
uniform int layer;
void main() {
  for (int i = 0; i < 3; ++i) {
    gl_Position = gl_in[i].gl_Position;
    gl_Layer = layer;
    EmitVertex();
  }
})";
constexpr const char* kLayerFs = R"(#version 310 es
precision mediump float;
out vec4 o;
void main() { o = vec4(1.0, 1.0, 0.0, 1.0); })";

// A distinct colour per layer-face: (10 * layer-face, 255 - 10 * layer-face, 40, 255).
// (pixel() packs R in the low byte.)
uint32_t face_color(int lf) { return uint32_t(10 * lf) | uint32_t(255 - 10 * lf) << 8 | 40u << 16 | 255u << 24; }

class E2eCubeMapArray : public Es31Test {
 protected:
  void SetUp() override {
    Es31Test::SetUp();
    if (HasFatalFailure()) return;
    ASSERT_TRUE(has_extension("GL_EXT_texture_cube_map_array"));
    ASSERT_TRUE(has_extension("GL_OES_texture_cube_map_array"));
    glGenVertexArrays(1, &vao_);
    glBindVertexArray(vao_);
  }
  void TearDown() override {
    glBindVertexArray(0);
    glDeleteVertexArrays(1, &vao_);
    Es31Test::TearDown();
  }

  // An RGBA8 cube map array whose layer-faces hold face_color(), bound.
  static GLuint color_array(bool immutable) {
    GLuint t = 0;
    glGenTextures(1, &t);
    glBindTexture(GL_TEXTURE_CUBE_MAP_ARRAY, t);
    if (immutable)
      glTexStorage3D(GL_TEXTURE_CUBE_MAP_ARRAY, 1, GL_RGBA8, kSize, kSize, kLayerFaces);
    else
      glTexImage3D(GL_TEXTURE_CUBE_MAP_ARRAY, 0, GL_RGBA8, kSize, kSize, kLayerFaces, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                   nullptr);
    for (int lf = 0; lf < kLayerFaces; ++lf) {
      const std::vector<uint32_t> texels(kSize * kSize, face_color(lf));
      glTexSubImage3D(GL_TEXTURE_CUBE_MAP_ARRAY, 0, 0, 0, lf, kSize, kSize, 1, GL_RGBA, GL_UNSIGNED_BYTE, texels.data());
    }
    glTexParameteri(GL_TEXTURE_CUBE_MAP_ARRAY, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_CUBE_MAP_ARRAY, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    return t;
  }

  // Draws `fs` with coord = (direction of `face`, cube) and returns the pixel.
  uint32_t lookup(const char* fs, int face, int cube, float ref = -1) {
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glViewport(0, 0, kWidth, kHeight);
    GLuint p = program(kFullscreenVs310, fs);
    glUseProgram(p);
    glUniform4f(glGetUniformLocation(p, "coord"), kDirections[face][0], kDirections[face][1], kDirections[face][2],
                float(cube));
    if (ref >= 0) glUniform1f(glGetUniformLocation(p, "ref"), ref);
    glDrawArrays(GL_TRIANGLES, 0, 3);
    const uint32_t px = pixel(2, 2);
    glUseProgram(0);
    glDeleteProgram(p);
    return px;
  }

  GLuint vao_ = 0;
};

TEST_F(E2eCubeMapArray, EachCubeAndFaceSampled) {
  for (bool immutable : {true, false}) {
    GLuint t = color_array(immutable);
    for (int cube = 0; cube < kCubes; ++cube)
      for (int face = 0; face < 6; ++face)
        EXPECT_EQ(lookup(kSampleFs, face, cube), face_color(6 * cube + face))
            << (immutable ? "storage" : "teximage") << " cube " << cube << " face " << face;
    // (w, cubes) and a gather of one face's red components.
    EXPECT_EQ(lookup(kSizeGatherFs, 3, 1), rgba(kSize, kCubes, uint8_t(10 * 9), 255));
    glDeleteTextures(1, &t);
  }
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

TEST_F(E2eCubeMapArray, IntegerAndShadowLookups) {
  GLuint t = 0;
  glGenTextures(1, &t);
  glBindTexture(GL_TEXTURE_CUBE_MAP_ARRAY, t);
  glTexStorage3D(GL_TEXTURE_CUBE_MAP_ARRAY, 1, GL_RGBA8I, kSize, kSize, kLayerFaces);
  for (int lf = 0; lf < kLayerFaces; ++lf) {
    std::vector<int8_t> texels(kSize * kSize * 4);
    for (int i = 0; i < kSize * kSize; ++i) {
      texels[i * 4 + 0] = int8_t(lf);
      texels[i * 4 + 1] = int8_t(-lf);
      texels[i * 4 + 2] = 7;
      texels[i * 4 + 3] = -100;
    }
    glTexSubImage3D(GL_TEXTURE_CUBE_MAP_ARRAY, 0, 0, 0, lf, kSize, kSize, 1, GL_RGBA_INTEGER, GL_BYTE, texels.data());
  }
  glTexParameteri(GL_TEXTURE_CUBE_MAP_ARRAY, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_CUBE_MAP_ARRAY, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  EXPECT_EQ(lookup(kIntFs, 4, 1), rgba(110, 90, 107, 0));
  glDeleteTextures(1, &t);

  glGenTextures(1, &t);
  glBindTexture(GL_TEXTURE_CUBE_MAP_ARRAY, t);
  glTexStorage3D(GL_TEXTURE_CUBE_MAP_ARRAY, 1, GL_DEPTH_COMPONENT32F, kSize, kSize, kLayerFaces);
  for (int lf = 0; lf < kLayerFaces; ++lf) {
    const std::vector<float> depth(kSize * kSize, lf == 8 ? 0.25f : 0.75f);
    glTexSubImage3D(GL_TEXTURE_CUBE_MAP_ARRAY, 0, 0, 0, lf, kSize, kSize, 1, GL_DEPTH_COMPONENT, GL_FLOAT, depth.data());
  }
  glTexParameteri(GL_TEXTURE_CUBE_MAP_ARRAY, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_CUBE_MAP_ARRAY, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_CUBE_MAP_ARRAY, GL_TEXTURE_COMPARE_MODE, GL_COMPARE_REF_TO_TEXTURE);
  glTexParameteri(GL_TEXTURE_CUBE_MAP_ARRAY, GL_TEXTURE_COMPARE_FUNC, GL_LEQUAL);
  // Layer-face 8 is cube 1's +Y: 0.5 <= 0.25 fails there, passes on 0.75.
  EXPECT_EQ(lookup(kShadowFs, 2, 1, 0.5f), rgba(0, 0, 0, 0));
  EXPECT_EQ(lookup(kShadowFs, 2, 0, 0.5f), rgba(255, 255, 255, 255));
  glDeleteTextures(1, &t);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

TEST_F(E2eCubeMapArray, RenderingToOneLayerFaceAndToAllOfThem) {
  GLuint t = color_array(true);
  GLuint fb = 0;
  glGenFramebuffers(1, &fb);
  glBindFramebuffer(GL_FRAMEBUFFER, fb);
  glFramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, t, 0, 7);  // cube 1, -X
  ASSERT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_COMPLETE));
  const float white[4] = {1, 1, 1, 1};
  glClearBufferfv(GL_COLOR, 0, white);
  EXPECT_EQ(lookup(kSampleFs, 1, 1), rgba(255, 255, 255, 255));
  EXPECT_EQ(lookup(kSampleFs, 1, 0), face_color(1)) << "cube 0 untouched";

  if (has_extension("GL_EXT_geometry_shader")) {
    auto framebuffer_texture =
        reinterpret_cast<PFNGLFRAMEBUFFERTEXTUREEXTPROC>(eglGetProcAddress("glFramebufferTextureEXT"));
    ASSERT_NE(framebuffer_texture, nullptr);
    glBindFramebuffer(GL_FRAMEBUFFER, fb);
    framebuffer_texture(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, t, 0);
    ASSERT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_COMPLETE));
    GLuint p = glCreateProgram();
    for (auto [type, src] : {std::pair{GLenum(GL_VERTEX_SHADER), kLayerVs}, std::pair{GLenum(GL_GEOMETRY_SHADER), kLayerGs},
                             std::pair{GLenum(GL_FRAGMENT_SHADER), kLayerFs}}) {
      GLuint s = shader(type, src);
      glAttachShader(p, s);
      glDeleteShader(s);
    }
    link(p);
    glUseProgram(p);
    glUniform1i(glGetUniformLocation(p, "layer"), 10);  // cube 1, +Z
    glViewport(0, 0, kSize, kSize);
    glDrawArrays(GL_TRIANGLES, 0, 3);
    glUseProgram(0);
    glDeleteProgram(p);
    EXPECT_EQ(lookup(kSampleFs, 4, 1), rgba(255, 255, 0, 255));
    EXPECT_EQ(lookup(kSampleFs, 4, 0), face_color(4));
    EXPECT_EQ(lookup(kSampleFs, 1, 1), rgba(255, 255, 255, 255)) << "the earlier clear stays";
  }
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glDeleteFramebuffers(1, &fb);
  glDeleteTextures(1, &t);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

TEST_F(E2eCubeMapArray, ImageStoresToALayerFace) {
  GLuint t = color_array(true);
  glBindImageTexture(0, t, 0, GL_TRUE, 0, GL_WRITE_ONLY, GL_RGBA8);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  GLuint p = compute_program(kImageCs);
  glUseProgram(p);
  glUniform1i(glGetUniformLocation(p, "layer"), 11);  // cube 1, -Z
  glUniform4f(glGetUniformLocation(p, "color"), 0, 0, 1, 1);
  glDispatchCompute(1, 1, 1);
  glMemoryBarrier(GL_TEXTURE_FETCH_BARRIER_BIT);
  glUseProgram(0);
  glDeleteProgram(p);
  EXPECT_EQ(lookup(kSampleFs, 5, 1), rgba(0, 0, 255, 255));
  EXPECT_EQ(lookup(kSampleFs, 5, 0), face_color(5));
  glDeleteTextures(1, &t);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

TEST_F(E2eCubeMapArray, StorageErrorsAndQueries) {
  GLuint t = 0;
  glGenTextures(1, &t);
  glBindTexture(GL_TEXTURE_CUBE_MAP_ARRAY, t);
  GLint v = 0;
  glGetIntegerv(GL_TEXTURE_BINDING_CUBE_MAP_ARRAY, &v);
  EXPECT_EQ(v, GLint(t));
  glTexStorage3D(GL_TEXTURE_CUBE_MAP_ARRAY, 1, GL_RGBA8, kSize, kSize, 7);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE)) << "not whole cubes";
  glTexStorage3D(GL_TEXTURE_CUBE_MAP_ARRAY, 1, GL_RGBA8, kSize, kSize * 2, 6);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE)) << "not square";
  glTexImage3D(GL_TEXTURE_CUBE_MAP_ARRAY, 0, GL_RGBA8, kSize, kSize, 5, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE)) << "not whole cubes";
  glTexStorage3D(GL_TEXTURE_CUBE_MAP_ARRAY, 3, GL_RGBA8, kSize, kSize, kLayerFaces);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glGetTexLevelParameteriv(GL_TEXTURE_CUBE_MAP_ARRAY, 1, GL_TEXTURE_WIDTH, &v);
  EXPECT_EQ(v, kSize / 2);
  glGetTexLevelParameteriv(GL_TEXTURE_CUBE_MAP_ARRAY, 1, GL_TEXTURE_DEPTH, &v);
  EXPECT_EQ(v, kLayerFaces) << "layer-faces do not shrink with the level";
  // A cube map array is not a cube map or a 2D array.
  glBindTexture(GL_TEXTURE_2D_ARRAY, t);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glDeleteTextures(1, &t);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

}  // namespace
}  // namespace brass::e2e
