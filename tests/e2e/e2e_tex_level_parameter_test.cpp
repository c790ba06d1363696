// glGetTexLevelParameter{i,f}v (ES 3.1 §8.10.3) through glvnd, reached with
// eglGetProcAddress from an ES 3.0 context: sizes, formats, component sizes
// and types of specified images, the initial state of images never
// specified (table 20.10), and the errors.
#include <GLES3/gl31.h>

#include <cmath>
#include <vector>

#include "e2e_fixture.h"

namespace brass::e2e {
namespace {

class TexLevelParameter : public GlesTest {
 protected:
  void SetUp() override {
    GlesTest::SetUp();
    if (HasFatalFailure()) return;
    get_iv = reinterpret_cast<PFNGLGETTEXLEVELPARAMETERIVPROC>(eglGetProcAddress("glGetTexLevelParameteriv"));
    get_fv = reinterpret_cast<PFNGLGETTEXLEVELPARAMETERFVPROC>(eglGetProcAddress("glGetTexLevelParameterfv"));
    ASSERT_TRUE(get_iv && get_fv);
    glGenTextures(1, &tex);
  }
  void TearDown() override {
    glDeleteTextures(1, &tex);
    GlesTest::TearDown();
  }

  GLint level_value(GLenum target, GLint level, GLenum pname) {
    GLint v = -12345;
    get_iv(target, level, pname, &v);
    return v;
  }
  // Every ES 3.1 pname at once, in this order.
  std::vector<GLint> all(GLenum target, GLint level) {
    std::vector<GLint> out;
    for (GLenum pname : kPnames) out.push_back(level_value(target, level, pname));
    return out;
  }
  static constexpr GLenum kPnames[] = {
      GL_TEXTURE_WIDTH,        GL_TEXTURE_HEIGHT,      GL_TEXTURE_DEPTH,      GL_TEXTURE_INTERNAL_FORMAT,
      GL_TEXTURE_RED_SIZE,     GL_TEXTURE_GREEN_SIZE,  GL_TEXTURE_BLUE_SIZE,  GL_TEXTURE_ALPHA_SIZE,
      GL_TEXTURE_DEPTH_SIZE,   GL_TEXTURE_STENCIL_SIZE, GL_TEXTURE_SHARED_SIZE, GL_TEXTURE_RED_TYPE,
      GL_TEXTURE_GREEN_TYPE,   GL_TEXTURE_BLUE_TYPE,   GL_TEXTURE_ALPHA_TYPE, GL_TEXTURE_DEPTH_TYPE,
      GL_TEXTURE_COMPRESSED,   GL_TEXTURE_SAMPLES,     GL_TEXTURE_FIXED_SAMPLE_LOCATIONS};
  // An image never specified: table 20.10's initial values.
  static std::vector<GLint> undefined() {
    return {0, 0, 0, GL_RGBA, 0, 0, 0, 0, 0, 0, 0, GL_NONE, GL_NONE, GL_NONE, GL_NONE, GL_NONE, GL_FALSE, 0, GL_TRUE};
  }

  PFNGLGETTEXLEVELPARAMETERIVPROC get_iv = nullptr;
  PFNGLGETTEXLEVELPARAMETERFVPROC get_fv = nullptr;
  GLuint tex = 0;
};

constexpr GLenum kNoError = GL_NO_ERROR;
constexpr GLint kUnorm = GL_UNSIGNED_NORMALIZED;

TEST_F(TexLevelParameter, ImmutableRgba8Levels) {
  glBindTexture(GL_TEXTURE_2D, tex);
  glTexStorage2D(GL_TEXTURE_2D, 3, GL_RGBA8, 16, 8);
  ASSERT_EQ(glGetError(), kNoError);
  EXPECT_EQ(all(GL_TEXTURE_2D, 0), (std::vector<GLint>{16, 8, 1, GL_RGBA8, 8, 8, 8, 8, 0, 0, 0, kUnorm, kUnorm,
                                                       kUnorm, kUnorm, GL_NONE, GL_FALSE, 0, GL_TRUE}));
  EXPECT_EQ(level_value(GL_TEXTURE_2D, 1, GL_TEXTURE_WIDTH), 8);
  EXPECT_EQ(level_value(GL_TEXTURE_2D, 1, GL_TEXTURE_HEIGHT), 4);
  EXPECT_EQ(level_value(GL_TEXTURE_2D, 2, GL_TEXTURE_WIDTH), 4);
  EXPECT_EQ(level_value(GL_TEXTURE_2D, 2, GL_TEXTURE_HEIGHT), 2);
  EXPECT_EQ(level_value(GL_TEXTURE_2D, 2, GL_TEXTURE_INTERNAL_FORMAT), GL_RGBA8);
  // Past the storage: never specified.
  EXPECT_EQ(all(GL_TEXTURE_2D, 3), undefined());
  // The float query converts the same values.
  GLfloat f = -1.0f;
  get_fv(GL_TEXTURE_2D, 0, GL_TEXTURE_WIDTH, &f);
  EXPECT_EQ(f, 16.0f);
  get_fv(GL_TEXTURE_2D, 0, GL_TEXTURE_RED_TYPE, &f);
  EXPECT_EQ(f, static_cast<GLfloat>(GL_UNSIGNED_NORMALIZED));
  EXPECT_EQ(glGetError(), kNoError);
}

TEST_F(TexLevelParameter, MutableImagesKeepTheFormatAsNamed) {
  glBindTexture(GL_TEXTURE_2D, tex);
  // Unsized RGB: reported as named, with its effective format's sizes.
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGB, 8, 4, 0, GL_RGB, GL_UNSIGNED_BYTE, nullptr);
  // Level 2 only: level 1 stays undefined in between.
  glTexImage2D(GL_TEXTURE_2D, 2, GL_R16F, 2, 1, 0, GL_RED, GL_HALF_FLOAT, nullptr);
  ASSERT_EQ(glGetError(), kNoError);
  EXPECT_EQ(all(GL_TEXTURE_2D, 0), (std::vector<GLint>{8, 4, 1, GL_RGB, 8, 8, 8, 0, 0, 0, 0, kUnorm, kUnorm, kUnorm,
                                                       GL_NONE, GL_NONE, GL_FALSE, 0, GL_TRUE}));
  EXPECT_EQ(all(GL_TEXTURE_2D, 1), undefined());
  EXPECT_EQ(all(GL_TEXTURE_2D, 2), (std::vector<GLint>{2, 1, 1, GL_R16F, 16, 0, 0, 0, 0, 0, 0, GL_FLOAT, GL_NONE,
                                                       GL_NONE, GL_NONE, GL_NONE, GL_FALSE, 0, GL_TRUE}));
  // The default texture (name 0) has no images.
  glBindTexture(GL_TEXTURE_2D, 0);
  EXPECT_EQ(all(GL_TEXTURE_2D, 0), undefined());
  EXPECT_EQ(glGetError(), kNoError);
}

TEST_F(TexLevelParameter, ThreeDimensionalAndArrayImages) {
  glBindTexture(GL_TEXTURE_3D, tex);
  glTexImage3D(GL_TEXTURE_3D, 0, GL_RGBA16F, 4, 4, 5, 0, GL_RGBA, GL_HALF_FLOAT, nullptr);
  ASSERT_EQ(glGetError(), kNoError);
  EXPECT_EQ(all(GL_TEXTURE_3D, 0), (std::vector<GLint>{4, 4, 5, GL_RGBA16F, 16, 16, 16, 16, 0, 0, 0, GL_FLOAT, GL_FLOAT,
                                                       GL_FLOAT, GL_FLOAT, GL_NONE, GL_FALSE, 0, GL_TRUE}));
  GLuint array = 0;
  glGenTextures(1, &array);
  glBindTexture(GL_TEXTURE_2D_ARRAY, array);
  glTexStorage3D(GL_TEXTURE_2D_ARRAY, 2, GL_RG32I, 8, 8, 3);
  ASSERT_EQ(glGetError(), kNoError);
  // An array level keeps its layer count as depth.
  EXPECT_EQ(all(GL_TEXTURE_2D_ARRAY, 1), (std::vector<GLint>{4, 4, 3, GL_RG32I, 32, 32, 0, 0, 0, 0, 0, GL_INT, GL_INT,
                                                             GL_NONE, GL_NONE, GL_NONE, GL_FALSE, 0, GL_TRUE}));
  glDeleteTextures(1, &array);
  EXPECT_EQ(glGetError(), kNoError);
}

TEST_F(TexLevelParameter, CubeFacesDepthStencilSharedExponentAndCompressed) {
  glBindTexture(GL_TEXTURE_CUBE_MAP, tex);
  glTexStorage2D(GL_TEXTURE_CUBE_MAP, 1, GL_DEPTH_COMPONENT24, 4, 4);
  ASSERT_EQ(glGetError(), kNoError);
  for (GLenum face = GL_TEXTURE_CUBE_MAP_POSITIVE_X; face <= GL_TEXTURE_CUBE_MAP_NEGATIVE_Z; ++face) {
    EXPECT_EQ(all(face, 0), (std::vector<GLint>{4, 4, 1, GL_DEPTH_COMPONENT24, 0, 0, 0, 0, 24, 0, 0, GL_NONE, GL_NONE,
                                                GL_NONE, GL_NONE, kUnorm, GL_FALSE, 0, GL_TRUE}))
        << std::hex << face;
  }
  // The cube map itself is no image target.
  EXPECT_EQ(level_value(GL_TEXTURE_CUBE_MAP, 0, GL_TEXTURE_WIDTH), -12345);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));

  GLuint more[3] = {};
  glGenTextures(3, more);
  glBindTexture(GL_TEXTURE_2D, more[0]);
  glTexStorage2D(GL_TEXTURE_2D, 1, GL_DEPTH32F_STENCIL8, 2, 2);
  EXPECT_EQ(all(GL_TEXTURE_2D, 0), (std::vector<GLint>{2, 2, 1, GL_DEPTH32F_STENCIL8, 0, 0, 0, 0, 32, 8, 0, GL_NONE,
                                                       GL_NONE, GL_NONE, GL_NONE, GL_FLOAT, GL_FALSE, 0, GL_TRUE}));
  glBindTexture(GL_TEXTURE_2D, more[1]);
  glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGB9_E5, 2, 2);
  EXPECT_EQ(all(GL_TEXTURE_2D, 0), (std::vector<GLint>{2, 2, 1, GL_RGB9_E5, 9, 9, 9, 0, 0, 0, 5, GL_FLOAT, GL_FLOAT,
                                                       GL_FLOAT, GL_NONE, GL_NONE, GL_FALSE, 0, GL_TRUE}));
  glBindTexture(GL_TEXTURE_2D, more[2]);
  const std::vector<uint8_t> blocks(4 * 8, 0);  // 8x8 texels: four 8-byte ETC2 blocks
  glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGB8_ETC2, 8, 8, 0, static_cast<GLsizei>(blocks.size()),
                         blocks.data());
  ASSERT_EQ(glGetError(), kNoError);
  EXPECT_EQ(level_value(GL_TEXTURE_2D, 0, GL_TEXTURE_COMPRESSED), GL_TRUE);
  EXPECT_EQ(level_value(GL_TEXTURE_2D, 0, GL_TEXTURE_INTERNAL_FORMAT), GL_COMPRESSED_RGB8_ETC2);
  EXPECT_EQ(level_value(GL_TEXTURE_2D, 0, GL_TEXTURE_WIDTH), 8);
  EXPECT_EQ(level_value(GL_TEXTURE_2D, 0, GL_TEXTURE_ALPHA_SIZE), 0);
  EXPECT_EQ(level_value(GL_TEXTURE_2D, 0, GL_TEXTURE_ALPHA_TYPE), GL_NONE);
  glDeleteTextures(3, more);
  EXPECT_EQ(glGetError(), kNoError);
}

TEST_F(TexLevelParameter, Errors) {
  glBindTexture(GL_TEXTURE_2D, tex);
  glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 4, 4);
  GLint max_size = 0;
  glGetIntegerv(GL_MAX_TEXTURE_SIZE, &max_size);
  const GLint max_level = static_cast<GLint>(std::log2(static_cast<double>(max_size)));
  ASSERT_EQ(glGetError(), kNoError);
  // Levels up to log2(MAX_TEXTURE_SIZE) are valid (and undefined here).
  EXPECT_EQ(level_value(GL_TEXTURE_2D, max_level, GL_TEXTURE_WIDTH), 0);
  EXPECT_EQ(glGetError(), kNoError);
  const GLenum invalid_enum = GL_INVALID_ENUM, invalid_value = GL_INVALID_VALUE;
  EXPECT_EQ(level_value(GL_TEXTURE_2D, -1, GL_TEXTURE_WIDTH), -12345);
  EXPECT_EQ(glGetError(), invalid_value);
  EXPECT_EQ(level_value(GL_TEXTURE_2D, max_level + 1, GL_TEXTURE_WIDTH), -12345);
  EXPECT_EQ(glGetError(), invalid_value);
  EXPECT_EQ(level_value(GL_RENDERBUFFER, 0, GL_TEXTURE_WIDTH), -12345);
  EXPECT_EQ(glGetError(), invalid_enum);
  EXPECT_EQ(level_value(GL_TEXTURE_CUBE_MAP, 0, GL_TEXTURE_WIDTH), -12345);
  EXPECT_EQ(glGetError(), invalid_enum);
  // Texture parameters are not level parameters, nor are buffer bindings
  // or desktop GL's luminance sizes.
  for (GLenum pname : {GLenum(GL_TEXTURE_MIN_FILTER), GLenum(GL_TEXTURE_IMMUTABLE_FORMAT), GLenum(0x8C2A),
                       GLenum(0x8060) /* TEXTURE_LUMINANCE_SIZE */}) {
    EXPECT_EQ(level_value(GL_TEXTURE_2D, 0, pname), -12345);
    EXPECT_EQ(glGetError(), invalid_enum) << std::hex << pname;
  }
  // With buffer textures (EXT_texture_buffer) every texture has their level
  // state, 0 where there is no buffer; without them it is no pname.
  const GLint buffer_size = level_value(GL_TEXTURE_2D, 0, 0x919D /* TEXTURE_BUFFER_SIZE */);
  if (has_extension("GL_EXT_texture_buffer")) {
    EXPECT_EQ(buffer_size, 0);
    EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  } else {
    EXPECT_EQ(buffer_size, -12345);
    EXPECT_EQ(glGetError(), invalid_enum);
  }
  GLfloat f = -2.0f;
  get_fv(GL_TEXTURE_2D, -1, GL_TEXTURE_WIDTH, &f);
  EXPECT_EQ(glGetError(), invalid_value);
  get_fv(GL_TEXTURE_2D, 0, GL_TEXTURE_WRAP_S, &f);
  EXPECT_EQ(glGetError(), invalid_enum);
  EXPECT_EQ(f, -2.0f);
  // A 3D level limit follows MAX_3D_TEXTURE_SIZE.
  GLint max_3d = 0;
  glGetIntegerv(GL_MAX_3D_TEXTURE_SIZE, &max_3d);
  const GLint max_3d_level = static_cast<GLint>(std::log2(static_cast<double>(max_3d)));
  EXPECT_EQ(level_value(GL_TEXTURE_3D, max_3d_level, GL_TEXTURE_DEPTH), 0);
  EXPECT_EQ(glGetError(), kNoError);
  EXPECT_EQ(level_value(GL_TEXTURE_3D, max_3d_level + 1, GL_TEXTURE_DEPTH), -12345);
  EXPECT_EQ(glGetError(), invalid_value);
}

}  // namespace
}  // namespace brass::e2e
