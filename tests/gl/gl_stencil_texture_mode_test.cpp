// ES 3.1 §8.19 stencil texturing in the frontend, without EGL: the
// DEPTH_STENCIL_TEXTURE_MODE texture parameter, its errors and queries, and
// the sampler view a draw binds for a depth/stencil texture in each mode.
#include <gtest/gtest.h>

#include <string>
#include <utility>

#include "gl_test_context.h"

namespace brass::gl {
namespace {

using test::proc;
using test::test_desc;

class GlStencilTextureMode : public ::testing::Test {
 protected:
  void SetUp() override {
    ctx = Context::create(test_desc(), nullptr);
    ASSERT_TRUE(ctx);
    set_current_context(ctx.get());
    glGenTextures(1, &tex);
    glBindTexture(GL_TEXTURE_2D, tex);
  }
  void TearDown() override {
    EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR)) << "a GL error was left unchecked";
    set_current_context(nullptr);
  }
  GLint mode() {
    GLint v = -1;
    glGetTexParameteriv(GL_TEXTURE_2D, GL_DEPTH_STENCIL_TEXTURE_MODE, &v);
    return v;
  }

  PFNGLGETERRORPROC glGetError = proc<PFNGLGETERRORPROC>("glGetError");
  PFNGLGENTEXTURESPROC glGenTextures = proc<PFNGLGENTEXTURESPROC>("glGenTextures");
  PFNGLBINDTEXTUREPROC glBindTexture = proc<PFNGLBINDTEXTUREPROC>("glBindTexture");
  PFNGLTEXPARAMETERIPROC glTexParameteri = proc<PFNGLTEXPARAMETERIPROC>("glTexParameteri");
  PFNGLTEXPARAMETERIVPROC glTexParameteriv = proc<PFNGLTEXPARAMETERIVPROC>("glTexParameteriv");
  PFNGLTEXPARAMETERFPROC glTexParameterf = proc<PFNGLTEXPARAMETERFPROC>("glTexParameterf");
  PFNGLTEXPARAMETERFVPROC glTexParameterfv = proc<PFNGLTEXPARAMETERFVPROC>("glTexParameterfv");
  PFNGLGETTEXPARAMETERIVPROC glGetTexParameteriv = proc<PFNGLGETTEXPARAMETERIVPROC>("glGetTexParameteriv");
  PFNGLGETTEXPARAMETERFVPROC glGetTexParameterfv = proc<PFNGLGETTEXPARAMETERFVPROC>("glGetTexParameterfv");
  PFNGLGENSAMPLERSPROC glGenSamplers = proc<PFNGLGENSAMPLERSPROC>("glGenSamplers");
  PFNGLSAMPLERPARAMETERIPROC glSamplerParameteri = proc<PFNGLSAMPLERPARAMETERIPROC>("glSamplerParameteri");

  std::unique_ptr<Context> ctx;
  GLuint tex = 0;
};

TEST_F(GlStencilTextureMode, DefaultsToDepthAndTakesEitherModeThroughEveryVariant) {
  EXPECT_EQ(mode(), GL_DEPTH_COMPONENT);
  glTexParameteri(GL_TEXTURE_2D, GL_DEPTH_STENCIL_TEXTURE_MODE, GL_STENCIL_INDEX);
  EXPECT_EQ(mode(), GL_STENCIL_INDEX);
  GLfloat f = 0;
  glGetTexParameterfv(GL_TEXTURE_2D, GL_DEPTH_STENCIL_TEXTURE_MODE, &f);
  EXPECT_EQ(f, GLfloat(GL_STENCIL_INDEX));
  const GLint depth = GL_DEPTH_COMPONENT;
  glTexParameteriv(GL_TEXTURE_2D, GL_DEPTH_STENCIL_TEXTURE_MODE, &depth);
  EXPECT_EQ(mode(), GL_DEPTH_COMPONENT);
  glTexParameterf(GL_TEXTURE_2D, GL_DEPTH_STENCIL_TEXTURE_MODE, GLfloat(GL_STENCIL_INDEX));
  EXPECT_EQ(mode(), GL_STENCIL_INDEX);
  const GLfloat fdepth = GLfloat(GL_DEPTH_COMPONENT);
  glTexParameterfv(GL_TEXTURE_2D, GL_DEPTH_STENCIL_TEXTURE_MODE, &fdepth);
  EXPECT_EQ(mode(), GL_DEPTH_COMPONENT);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

TEST_F(GlStencilTextureMode, OtherValuesAreInvalidEnumAndChangeNothing) {
  glTexParameteri(GL_TEXTURE_2D, GL_DEPTH_STENCIL_TEXTURE_MODE, GL_STENCIL_INDEX);
  for (GLint bad : {GLint(GL_DEPTH_STENCIL), GLint(GL_STENCIL), GLint(GL_NONE), GLint(GL_RED)}) {
    glTexParameteri(GL_TEXTURE_2D, GL_DEPTH_STENCIL_TEXTURE_MODE, bad);
    EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM)) << bad;
  }
  glTexParameterf(GL_TEXTURE_2D, GL_DEPTH_STENCIL_TEXTURE_MODE, 0.5f);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  EXPECT_EQ(mode(), GL_STENCIL_INDEX);
}

TEST_F(GlStencilTextureMode, IsTextureStateNotSamplerState) {
  // ES 3.1 table 20.11: a texture parameter; sampler objects do not have it.
  GLuint s = 0;
  glGenSamplers(1, &s);
  glSamplerParameteri(s, GL_DEPTH_STENCIL_TEXTURE_MODE, GL_STENCIL_INDEX);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  // Per texture: another texture keeps the default.
  glTexParameteri(GL_TEXTURE_2D, GL_DEPTH_STENCIL_TEXTURE_MODE, GL_STENCIL_INDEX);
  GLuint other = 0;
  glGenTextures(1, &other);
  glBindTexture(GL_TEXTURE_2D, other);
  EXPECT_EQ(mode(), GL_DEPTH_COMPONENT);
  glBindTexture(GL_TEXTURE_2D, tex);
  EXPECT_EQ(mode(), GL_STENCIL_INDEX);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

// The sampler view a draw binds: the stencil aspect for an unsigned sampler
// in STENCIL_INDEX mode, the depth aspect in DEPTH_COMPONENT mode, and the
// incomplete texture's dummy for a float sampler in STENCIL_INDEX mode.
class GlStencilTextureView : public GlStencilTextureMode {
 protected:
  void SetUp() override {
    GlStencilTextureMode::SetUp();
    if (HasFatalFailure()) return;
    GLuint rb = 0, fb = 0;
    proc<PFNGLGENRENDERBUFFERSPROC>("glGenRenderbuffers")(1, &rb);
    proc<PFNGLBINDRENDERBUFFERPROC>("glBindRenderbuffer")(GL_RENDERBUFFER, rb);
    proc<PFNGLRENDERBUFFERSTORAGEPROC>("glRenderbufferStorage")(GL_RENDERBUFFER, GL_RGBA8, 4, 4);
    proc<PFNGLGENFRAMEBUFFERSPROC>("glGenFramebuffers")(1, &fb);
    proc<PFNGLBINDFRAMEBUFFERPROC>("glBindFramebuffer")(GL_FRAMEBUFFER, fb);
    proc<PFNGLFRAMEBUFFERRENDERBUFFERPROC>("glFramebufferRenderbuffer")(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                                                                       GL_RENDERBUFFER, rb);
    proc<PFNGLTEXSTORAGE2DPROC>("glTexStorage2D")(GL_TEXTURE_2D, 1, GL_DEPTH24_STENCIL8, 4, 4);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  }
  // Draws with a fragment shader sampling `sampler_type` and returns the
  // view bound to fragment sampler slot 0.
  const pipe::SamplerView* draw_with(const char* sampler_type) {
    const char* vs = "#version 300 es\nvoid main() { gl_Position = vec4(0.0, 0.0, 0.0, 1.0); }";
    const std::string fs = std::string("#version 300 es\nprecision highp float;\nuniform highp ") + sampler_type +
                           " s;\nout vec4 o;\nvoid main() { o = vec4(texelFetch(s, ivec2(0), 0)); }";
    const GLuint p = proc<PFNGLCREATEPROGRAMPROC>("glCreateProgram")();
    for (auto [type, src] : {std::pair{GLenum(GL_VERTEX_SHADER), vs}, std::pair{GLenum(GL_FRAGMENT_SHADER), fs.c_str()}}) {
      const GLuint sh = proc<PFNGLCREATESHADERPROC>("glCreateShader")(type);
      proc<PFNGLSHADERSOURCEPROC>("glShaderSource")(sh, 1, &src, nullptr);
      proc<PFNGLCOMPILESHADERPROC>("glCompileShader")(sh);
      proc<PFNGLATTACHSHADERPROC>("glAttachShader")(p, sh);
    }
    proc<PFNGLLINKPROGRAMPROC>("glLinkProgram")(p);
    proc<PFNGLUSEPROGRAMPROC>("glUseProgram")(p);
    proc<PFNGLDRAWARRAYSPROC>("glDrawArrays")(GL_POINTS, 0, 1);
    EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
    return ctx->texture_state.slots[static_cast<unsigned>(pipe::ShaderStage::Fragment)][0].current().view.get();
  }
};

TEST_F(GlStencilTextureView, EachModeBindsItsAspect) {
  glTexParameteri(GL_TEXTURE_2D, GL_DEPTH_STENCIL_TEXTURE_MODE, GL_STENCIL_INDEX);
  const Texture* t = ctx->share_group().textures.lookup(tex).get();
  ASSERT_NE(t, nullptr);
  const pipe::SamplerView* v = draw_with("usampler2D");
  ASSERT_NE(v, nullptr);
  EXPECT_EQ(v->resource(), t->resource.get());
  EXPECT_EQ(v->templ().depth_stencil_aspect, pipe::DepthStencilAspect::Stencil);

  v = draw_with("sampler2D");  // a float sampler cannot read stencil indices
  ASSERT_NE(v, nullptr);
  EXPECT_NE(v->resource(), t->resource.get());

  glTexParameteri(GL_TEXTURE_2D, GL_DEPTH_STENCIL_TEXTURE_MODE, GL_DEPTH_COMPONENT);
  v = draw_with("sampler2D");
  ASSERT_NE(v, nullptr);
  EXPECT_EQ(v->resource(), t->resource.get());
  EXPECT_EQ(v->templ().depth_stencil_aspect, pipe::DepthStencilAspect::Depth);

  v = draw_with("usampler2D");  // nor an unsigned one depth
  ASSERT_NE(v, nullptr);
  EXPECT_NE(v->resource(), t->resource.get());
  proc<PFNGLFINISHPROC>("glFinish")();
}

}  // namespace
}  // namespace brass::gl
