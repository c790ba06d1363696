// ES 3.1 image units do not exist in ES 3.0 contexts: their command, state
// and limits are errors there, and immutable textures are made exactly as
// before (no storage-image usage that could make them slower).
#include <gtest/gtest.h>

#include "gl_test_context.h"

namespace brass::gl {
namespace {

using test::proc;
using test::test_desc;

TEST(GlImagesEs30, ImageUnitsAreEs31Only) {
  std::unique_ptr<Context> ctx = Context::create(test_desc(), nullptr);
  ASSERT_TRUE(ctx);
  ASSERT_FALSE(ctx->es31()) << "this binary runs without BRASS_GLES_VERSION_OVERRIDE";
  test::Current current(ctx.get());
  auto glGetError = proc<PFNGLGETERRORPROC>("glGetError");
  GLuint tex = 0;
  proc<PFNGLGENTEXTURESPROC>("glGenTextures")(1, &tex);
  proc<PFNGLBINDTEXTUREPROC>("glBindTexture")(GL_TEXTURE_2D, tex);
  proc<PFNGLTEXSTORAGE2DPROC>("glTexStorage2D")(GL_TEXTURE_2D, 1, GL_RGBA8, 4, 4);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));

  proc<PFNGLBINDIMAGETEXTUREPROC>("glBindImageTexture")(0, tex, 0, GL_FALSE, 0, GL_READ_WRITE, GL_RGBA8);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  GLint v = -1;
  proc<PFNGLGETINTEGERI_VPROC>("glGetIntegeri_v")(GL_IMAGE_BINDING_NAME, 0, &v);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  for (GLenum pname : {GL_MAX_IMAGE_UNITS, GL_MAX_COMPUTE_IMAGE_UNIFORMS, GL_MAX_FRAGMENT_IMAGE_UNIFORMS,
                       GL_MAX_COMBINED_IMAGE_UNIFORMS}) {
    proc<PFNGLGETINTEGERVPROC>("glGetIntegerv")(pname, &v);
    EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM)) << pname;
  }
  proc<PFNGLGETTEXPARAMETERIVPROC>("glGetTexParameteriv")(GL_TEXTURE_2D, GL_IMAGE_FORMAT_COMPATIBILITY_TYPE, &v);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));

  const Texture* t = ctx->share_group().textures.lookup(tex).get();
  ASSERT_TRUE(t && t->resource);
  EXPECT_EQ(t->resource->templ().bind & pipe::kBindShaderImage, 0u);
}

}  // namespace
}  // namespace brass::gl
