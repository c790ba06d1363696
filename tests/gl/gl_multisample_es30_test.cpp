// ES 3.1 multisample textures and sample state do not exist in ES 3.0
// contexts (this binary runs without BRASS_GLES_VERSION_OVERRIDE): the
// target, enable, limits and indexed state are INVALID_ENUM, the ES 3.1
// commands INVALID_OPERATION, and integer renderbuffers stay single-sampled.
#include <gtest/gtest.h>

#include "gl_test_context.h"

namespace brass::gl {
namespace {

using test::proc;
using test::test_desc;

class GlMultisampleEs30 : public ::testing::Test {
 protected:
  void SetUp() override {
    ctx = Context::create(test_desc(), nullptr);
    ASSERT_TRUE(ctx);
    ASSERT_FALSE(ctx->es31());
    set_current_context(ctx.get());
  }
  void TearDown() override {
    EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR)) << "a GL error was left unchecked";
    set_current_context(nullptr);
  }
  GLenum error() { return glGetError(); }

  PFNGLGETERRORPROC glGetError = proc<PFNGLGETERRORPROC>("glGetError");
  std::unique_ptr<Context> ctx;
};

TEST_F(GlMultisampleEs30, TargetEnableAndLimitsAreInvalidEnums) {
  GLuint t = 0;
  proc<PFNGLGENTEXTURESPROC>("glGenTextures")(1, &t);
  proc<PFNGLBINDTEXTUREPROC>("glBindTexture")(GL_TEXTURE_2D_MULTISAMPLE, t);
  EXPECT_EQ(error(), GLenum(GL_INVALID_ENUM));
  proc<PFNGLTEXPARAMETERIPROC>("glTexParameteri")(GL_TEXTURE_2D_MULTISAMPLE, GL_TEXTURE_MAX_LEVEL, 1);
  EXPECT_EQ(error(), GLenum(GL_INVALID_ENUM));
  GLint v = -7;
  proc<PFNGLGETTEXLEVELPARAMETERIVPROC>("glGetTexLevelParameteriv")(GL_TEXTURE_2D_MULTISAMPLE, 0, GL_TEXTURE_SAMPLES,
                                                                    &v);
  EXPECT_EQ(error(), GLenum(GL_INVALID_ENUM));
  auto get = proc<PFNGLGETINTEGERVPROC>("glGetIntegerv");
  for (GLenum pname : {GL_TEXTURE_BINDING_2D_MULTISAMPLE, GL_MAX_SAMPLE_MASK_WORDS, GL_MAX_COLOR_TEXTURE_SAMPLES,
                       GL_MAX_DEPTH_TEXTURE_SAMPLES, GL_MAX_INTEGER_SAMPLES, GL_SAMPLE_MASK}) {
    get(pname, &v);
    EXPECT_EQ(error(), GLenum(GL_INVALID_ENUM)) << std::hex << pname;
  }
  EXPECT_EQ(v, -7);  // nothing written
  proc<PFNGLENABLEPROC>("glEnable")(GL_SAMPLE_MASK);
  EXPECT_EQ(error(), GLenum(GL_INVALID_ENUM));
  EXPECT_EQ(proc<PFNGLISENABLEDPROC>("glIsEnabled")(GL_SAMPLE_MASK), GL_FALSE);
  EXPECT_EQ(error(), GLenum(GL_INVALID_ENUM));
  proc<PFNGLGETINTEGERI_VPROC>("glGetIntegeri_v")(GL_SAMPLE_MASK_VALUE, 0, &v);
  EXPECT_EQ(error(), GLenum(GL_INVALID_ENUM));
  proc<PFNGLGETINTERNALFORMATIVPROC>("glGetInternalformativ")(GL_TEXTURE_2D_MULTISAMPLE, GL_RGBA8,
                                                              GL_NUM_SAMPLE_COUNTS, 1, &v);
  EXPECT_EQ(error(), GLenum(GL_INVALID_ENUM));
  // Nor may a framebuffer name the target.
  GLuint fb = 0;
  proc<PFNGLGENFRAMEBUFFERSPROC>("glGenFramebuffers")(1, &fb);
  proc<PFNGLBINDFRAMEBUFFERPROC>("glBindFramebuffer")(GL_FRAMEBUFFER, fb);
  proc<PFNGLFRAMEBUFFERTEXTURE2DPROC>("glFramebufferTexture2D")(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                                                                GL_TEXTURE_2D_MULTISAMPLE, 0, 0);
  EXPECT_EQ(error(), GLenum(GL_INVALID_ENUM));
}

TEST_F(GlMultisampleEs30, Es31CommandsAreInvalidOperations) {
  proc<PFNGLTEXSTORAGE2DMULTISAMPLEPROC>("glTexStorage2DMultisample")(GL_TEXTURE_2D_MULTISAMPLE, 4, GL_RGBA8, 4, 4,
                                                                      GL_TRUE);
  EXPECT_EQ(error(), GLenum(GL_INVALID_OPERATION));
  proc<PFNGLSAMPLEMASKIPROC>("glSampleMaski")(0, 1);
  EXPECT_EQ(error(), GLenum(GL_INVALID_OPERATION));
  GLfloat pos[2] = {-1, -1};
  proc<PFNGLGETMULTISAMPLEFVPROC>("glGetMultisamplefv")(GL_SAMPLE_POSITION, 0, pos);
  EXPECT_EQ(error(), GLenum(GL_INVALID_OPERATION));
  EXPECT_EQ(pos[0], -1.0f);
}

TEST_F(GlMultisampleEs30, IntegerRenderbuffersStaySingleSampled) {
  // ES 3.0 §4.4.2.1; ES 3.1 lifts this.
  GLint n = -1;
  proc<PFNGLGETINTERNALFORMATIVPROC>("glGetInternalformativ")(GL_RENDERBUFFER, GL_RGBA8UI, GL_NUM_SAMPLE_COUNTS, 1, &n);
  EXPECT_EQ(n, 0);
  GLuint rb = 0;
  proc<PFNGLGENRENDERBUFFERSPROC>("glGenRenderbuffers")(1, &rb);
  proc<PFNGLBINDRENDERBUFFERPROC>("glBindRenderbuffer")(GL_RENDERBUFFER, rb);
  proc<PFNGLRENDERBUFFERSTORAGEMULTISAMPLEPROC>("glRenderbufferStorageMultisample")(GL_RENDERBUFFER, 4, GL_RGBA8UI, 4,
                                                                                    4);
  EXPECT_EQ(error(), GLenum(GL_INVALID_OPERATION));
}

}  // namespace
}  // namespace brass::gl
