// GL 3.0's framebuffer objects under the EXT names a compatibility context
// lists (add_compatibility_extensions): EXT_framebuffer_object's *EXT
// commands, whose binds create objects for names glGen* never returned
// (which GL 3.0's glBindFramebuffer / glBindRenderbuffer refuse),
// EXT_framebuffer_blit, EXT_framebuffer_multisample, EXT_packed_depth_stencil
// and EXT_provoking_vertex (which core contexts list too:
// e2e_gl_core_legacy_names_test.cpp).
#include "e2e_gl_compat_fixture.h"

namespace brass::e2e {
namespace {

using GlCompatExtFramebufferObjectTest = GlCompatTest;

template <typename T>
T proc(const char* name) {
  return reinterpret_cast<T>(eglGetProcAddress(name));
}

struct FboExt {
  PFNGLGENFRAMEBUFFERSEXTPROC gen_framebuffers = proc<PFNGLGENFRAMEBUFFERSEXTPROC>("glGenFramebuffersEXT");
  PFNGLBINDFRAMEBUFFEREXTPROC bind_framebuffer = proc<PFNGLBINDFRAMEBUFFEREXTPROC>("glBindFramebufferEXT");
  PFNGLDELETEFRAMEBUFFERSEXTPROC delete_framebuffers =
      proc<PFNGLDELETEFRAMEBUFFERSEXTPROC>("glDeleteFramebuffersEXT");
  PFNGLISFRAMEBUFFEREXTPROC is_framebuffer = proc<PFNGLISFRAMEBUFFEREXTPROC>("glIsFramebufferEXT");
  PFNGLGENRENDERBUFFERSEXTPROC gen_renderbuffers = proc<PFNGLGENRENDERBUFFERSEXTPROC>("glGenRenderbuffersEXT");
  PFNGLBINDRENDERBUFFEREXTPROC bind_renderbuffer = proc<PFNGLBINDRENDERBUFFEREXTPROC>("glBindRenderbufferEXT");
  PFNGLDELETERENDERBUFFERSEXTPROC delete_renderbuffers =
      proc<PFNGLDELETERENDERBUFFERSEXTPROC>("glDeleteRenderbuffersEXT");
  PFNGLISRENDERBUFFEREXTPROC is_renderbuffer = proc<PFNGLISRENDERBUFFEREXTPROC>("glIsRenderbufferEXT");
  PFNGLRENDERBUFFERSTORAGEEXTPROC renderbuffer_storage =
      proc<PFNGLRENDERBUFFERSTORAGEEXTPROC>("glRenderbufferStorageEXT");
  PFNGLGETRENDERBUFFERPARAMETERIVEXTPROC get_renderbuffer_parameter =
      proc<PFNGLGETRENDERBUFFERPARAMETERIVEXTPROC>("glGetRenderbufferParameterivEXT");
  PFNGLFRAMEBUFFERRENDERBUFFEREXTPROC framebuffer_renderbuffer =
      proc<PFNGLFRAMEBUFFERRENDERBUFFEREXTPROC>("glFramebufferRenderbufferEXT");
  PFNGLFRAMEBUFFERTEXTURE2DEXTPROC framebuffer_texture_2d =
      proc<PFNGLFRAMEBUFFERTEXTURE2DEXTPROC>("glFramebufferTexture2DEXT");
  PFNGLCHECKFRAMEBUFFERSTATUSEXTPROC check_status =
      proc<PFNGLCHECKFRAMEBUFFERSTATUSEXTPROC>("glCheckFramebufferStatusEXT");
  PFNGLGETFRAMEBUFFERATTACHMENTPARAMETERIVEXTPROC get_attachment_parameter =
      proc<PFNGLGETFRAMEBUFFERATTACHMENTPARAMETERIVEXTPROC>("glGetFramebufferAttachmentParameterivEXT");
  PFNGLGENERATEMIPMAPEXTPROC generate_mipmap = proc<PFNGLGENERATEMIPMAPEXTPROC>("glGenerateMipmapEXT");
  PFNGLBLITFRAMEBUFFEREXTPROC blit = proc<PFNGLBLITFRAMEBUFFEREXTPROC>("glBlitFramebufferEXT");
  PFNGLRENDERBUFFERSTORAGEMULTISAMPLEEXTPROC renderbuffer_storage_multisample =
      proc<PFNGLRENDERBUFFERSTORAGEMULTISAMPLEEXTPROC>("glRenderbufferStorageMultisampleEXT");

  bool complete() const {
    return gen_framebuffers && bind_framebuffer && delete_framebuffers && is_framebuffer && gen_renderbuffers &&
           bind_renderbuffer && delete_renderbuffers && is_renderbuffer && renderbuffer_storage &&
           get_renderbuffer_parameter && framebuffer_renderbuffer && framebuffer_texture_2d && check_status &&
           get_attachment_parameter && generate_mipmap && blit && renderbuffer_storage_multisample;
  }
};

TEST_F(GlCompatExtFramebufferObjectTest, ListedWithTheirEntryPoints) {
  for (const char* name : {"GL_EXT_framebuffer_object", "GL_EXT_framebuffer_blit", "GL_EXT_framebuffer_multisample",
                           "GL_EXT_packed_depth_stencil", "GL_EXT_provoking_vertex"})
    EXPECT_TRUE(has_extension(name)) << name;
  EXPECT_TRUE(FboExt().complete());
  EXPECT_NE(eglGetProcAddress("glProvokingVertexEXT"), nullptr);
}

TEST_F(GlCompatExtFramebufferObjectTest, ExtBindsCreateObjectsForUngeneratedNames) {
  FboExt ext;
  ASSERT_TRUE(ext.complete());
  // EXT_framebuffer_object: the first bind of any name creates the object.
  ext.bind_framebuffer(GL_FRAMEBUFFER_EXT, 77);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  EXPECT_TRUE(ext.is_framebuffer(77));
  GLint binding = 0;
  glGetIntegerv(GL_FRAMEBUFFER_BINDING_EXT, &binding);
  EXPECT_EQ(binding, 77);
  ext.bind_renderbuffer(GL_RENDERBUFFER_EXT, 78);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  EXPECT_TRUE(ext.is_renderbuffer(78));
  glGetIntegerv(GL_RENDERBUFFER_BINDING_EXT, &binding);
  EXPECT_EQ(binding, 78);
  // GL 3.0's commands share the objects, and in the compatibility profile
  // they too create an object for a name glGen* did not return (the core
  // profile refuses it: e2e_gl_core_legacy_names_test.cpp), as Mesa and
  // applications written against GL 3.0 expect.
  glBindFramebuffer(GL_FRAMEBUFFER, 79);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glBindRenderbuffer(GL_RENDERBUFFER, 80);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  EXPECT_TRUE(glIsFramebuffer(79));
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glBindFramebuffer(GL_FRAMEBUFFER, 77);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  // Wrong targets are INVALID_ENUM for the EXT binds too.
  ext.bind_framebuffer(GL_RENDERBUFFER_EXT, 81);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  ext.bind_renderbuffer(GL_FRAMEBUFFER_EXT, 81);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  ext.bind_framebuffer(GL_FRAMEBUFFER_EXT, 0);
  GLuint names[] = {77};
  ext.delete_framebuffers(1, names);
  EXPECT_FALSE(ext.is_framebuffer(77));
  names[0] = 78;
  ext.delete_renderbuffers(1, names);
  EXPECT_FALSE(ext.is_renderbuffer(78));
}

TEST_F(GlCompatExtFramebufferObjectTest, RendersToTextureAndPackedDepthStencilRenderbuffer) {
  FboExt ext;
  ASSERT_TRUE(ext.complete());
  GLuint tex = 0;
  glGenTextures(1, &tex);
  glBindTexture(GL_TEXTURE_2D, tex);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 16, 16, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  GLuint fbo = 0, depth = 0;
  ext.gen_framebuffers(1, &fbo);
  ext.gen_renderbuffers(1, &depth);
  ext.bind_framebuffer(GL_FRAMEBUFFER_EXT, fbo);
  ext.framebuffer_texture_2d(GL_FRAMEBUFFER_EXT, GL_COLOR_ATTACHMENT0_EXT, GL_TEXTURE_2D, tex, 0);
  // EXT_packed_depth_stencil: one DEPTH24_STENCIL8 renderbuffer on both
  // attachment points.
  ext.bind_renderbuffer(GL_RENDERBUFFER_EXT, depth);
  ext.renderbuffer_storage(GL_RENDERBUFFER_EXT, GL_DEPTH24_STENCIL8_EXT, 16, 16);
  GLint value = 0;
  ext.get_renderbuffer_parameter(GL_RENDERBUFFER_EXT, GL_RENDERBUFFER_WIDTH_EXT, &value);
  EXPECT_EQ(value, 16);
  ext.get_renderbuffer_parameter(GL_RENDERBUFFER_EXT, GL_RENDERBUFFER_STENCIL_SIZE_EXT, &value);
  EXPECT_EQ(value, 8);
  ext.framebuffer_renderbuffer(GL_FRAMEBUFFER_EXT, GL_DEPTH_ATTACHMENT_EXT, GL_RENDERBUFFER_EXT, depth);
  ext.framebuffer_renderbuffer(GL_FRAMEBUFFER_EXT, GL_STENCIL_ATTACHMENT_EXT, GL_RENDERBUFFER_EXT, depth);
  EXPECT_EQ(ext.check_status(GL_FRAMEBUFFER_EXT), GLenum(GL_FRAMEBUFFER_COMPLETE_EXT));
  ext.get_attachment_parameter(GL_FRAMEBUFFER_EXT, GL_COLOR_ATTACHMENT0_EXT,
                               GL_FRAMEBUFFER_ATTACHMENT_OBJECT_NAME_EXT, &value);
  EXPECT_EQ(value, GLint(tex));
  ext.get_attachment_parameter(GL_FRAMEBUFFER_EXT, GL_STENCIL_ATTACHMENT_EXT,
                               GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE_EXT, &value);
  EXPECT_EQ(value, GLint(GL_RENDERBUFFER_EXT));

  // A stencil-masked fixed-function draw: green where the stencil is 1.
  glViewport(0, 0, 16, 16);
  glClearColor(1, 0, 0, 1);
  glClearStencil(0);
  glClear(GL_COLOR_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
  glEnable(GL_SCISSOR_TEST);
  glScissor(0, 0, 8, 16);
  glClearStencil(1);
  glClear(GL_STENCIL_BUFFER_BIT);
  glDisable(GL_SCISSOR_TEST);
  glEnable(GL_STENCIL_TEST);
  glStencilFunc(GL_EQUAL, 1, 0xff);
  glColor3f(0, 1, 0);
  glRectf(-1, -1, 1, 1);
  glDisable(GL_STENCIL_TEST);
  EXPECT_EQ(pixel(2, 8), rgba(0, 255, 0));
  EXPECT_EQ(pixel(12, 8), rgba(255, 0, 0));

  // The texture holds the rendering; glGenerateMipmapEXT fills level 1 from it.
  ext.bind_framebuffer(GL_FRAMEBUFFER_EXT, 0);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST_MIPMAP_NEAREST);
  ext.generate_mipmap(GL_TEXTURE_2D);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  GLint level1_width = 0;
  glGetTexLevelParameteriv(GL_TEXTURE_2D, 1, GL_TEXTURE_WIDTH, &level1_width);
  EXPECT_EQ(level1_width, 8);
  std::vector<uint32_t> level0(16 * 16);
  glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, level0.data());
  EXPECT_EQ(level0[8 * 16 + 2], rgba(0, 255, 0));
  EXPECT_EQ(level0[8 * 16 + 12], rgba(255, 0, 0));
  ext.delete_framebuffers(1, &fbo);
  ext.delete_renderbuffers(1, &depth);
  glDeleteTextures(1, &tex);
}

TEST_F(GlCompatExtFramebufferObjectTest, RenderToTextureSampledBetweenPasses) {
  // A texture drawn into, sampled into the window, drawn into again and
  // sampled again: each sampling sees the latest drawing.
  FboExt ext;
  ASSERT_TRUE(ext.complete());
  GLuint tex = 0, fbo = 0;
  glGenTextures(1, &tex);
  glBindTexture(GL_TEXTURE_2D, tex);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_REPLACE);
  ext.gen_framebuffers(1, &fbo);
  ext.bind_framebuffer(GL_FRAMEBUFFER_EXT, fbo);
  ext.framebuffer_texture_2d(GL_FRAMEBUFFER_EXT, GL_COLOR_ATTACHMENT0_EXT, GL_TEXTURE_2D, tex, 0);
  ASSERT_EQ(ext.check_status(GL_FRAMEBUFFER_EXT), GLenum(GL_FRAMEBUFFER_COMPLETE_EXT));
  glViewport(0, 0, kWidth, kHeight);
  const float colors[4][4] = {{0, 1, 0, 0}, {1, 0, 0, 0}, {0, 0, 1, 0}, {1, 1, 0, 0}};
  for (int i = 0; i < 4; ++i) {
    ext.bind_framebuffer(GL_FRAMEBUFFER_EXT, fbo);
    glDisable(GL_TEXTURE_2D);
    glColor4fv(colors[i]);
    glRectf(-1, -1, 1, 1);
    ext.bind_framebuffer(GL_FRAMEBUFFER_EXT, 0);
    glEnable(GL_TEXTURE_2D);
    // Quarter i of the window's bottom row.
    const float x0 = -1 + i * 0.5f;
    glBegin(GL_QUADS);
    glTexCoord2f(0, 0);
    glVertex2f(x0, -1);
    glTexCoord2f(1, 0);
    glVertex2f(x0 + 0.5f, -1);
    glTexCoord2f(1, 1);
    glVertex2f(x0 + 0.5f, -0.5f);
    glTexCoord2f(0, 1);
    glVertex2f(x0, -0.5f);
    glEnd();
  }
  glDisable(GL_TEXTURE_2D);
  for (int i = 0; i < 4; ++i) {
    const uint32_t expected = rgba(uint8_t(colors[i][0] * 255), uint8_t(colors[i][1] * 255),
                                   uint8_t(colors[i][2] * 255), 0);
    EXPECT_EQ(pixel(i * 8 + 4, 4), expected) << "pass " << i;
  }
  ext.delete_framebuffers(1, &fbo);
  glDeleteTextures(1, &tex);
}

TEST_F(GlCompatExtFramebufferObjectTest, StencilIndexFormatsOfTheExtension) {
  FboExt ext;
  ASSERT_TRUE(ext.complete());
  GLuint rb = 0;
  ext.gen_renderbuffers(1, &rb);
  ext.bind_renderbuffer(GL_RENDERBUFFER_EXT, rb);
  // STENCIL_INDEX1/4/8/16_EXT are all renderbuffer formats; the
  // implementation picks the resolution (at least one bit).
  for (GLenum format : {GL_STENCIL_INDEX1_EXT, GL_STENCIL_INDEX4_EXT, GL_STENCIL_INDEX8_EXT, GL_STENCIL_INDEX16_EXT}) {
    ext.renderbuffer_storage(GL_RENDERBUFFER_EXT, format, 4, 4);
    EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR)) << std::hex << format;
    GLint bits = 0;
    ext.get_renderbuffer_parameter(GL_RENDERBUFFER_EXT, GL_RENDERBUFFER_STENCIL_SIZE_EXT, &bits);
    EXPECT_GE(bits, 1) << std::hex << format;
  }
  ext.renderbuffer_storage(GL_RENDERBUFFER_EXT, GL_RGBA, 4, 4);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  ext.renderbuffer_storage(GL_RENDERBUFFER_EXT, GL_RGBA8, -1, 4);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  ext.delete_renderbuffers(1, &rb);
}

TEST_F(GlCompatExtFramebufferObjectTest, BlitResolvesAMultisampleRenderbuffer) {
  FboExt ext;
  ASSERT_TRUE(ext.complete());
  GLint max_samples = 0;
  glGetIntegerv(GL_MAX_SAMPLES_EXT, &max_samples);
  ASSERT_GE(max_samples, 4);
  GLuint fbos[2] = {}, rbs[2] = {};
  ext.gen_framebuffers(2, fbos);
  ext.gen_renderbuffers(2, rbs);
  ext.bind_renderbuffer(GL_RENDERBUFFER_EXT, rbs[0]);
  ext.renderbuffer_storage_multisample(GL_RENDERBUFFER_EXT, 4, GL_RGBA8, 16, 16);
  GLint samples = 0;
  ext.get_renderbuffer_parameter(GL_RENDERBUFFER_EXT, GL_RENDERBUFFER_SAMPLES_EXT, &samples);
  EXPECT_GE(samples, 4);
  ext.bind_renderbuffer(GL_RENDERBUFFER_EXT, rbs[1]);
  ext.renderbuffer_storage(GL_RENDERBUFFER_EXT, GL_RGBA8, 16, 16);
  ext.bind_framebuffer(GL_READ_FRAMEBUFFER_EXT, fbos[0]);
  ext.framebuffer_renderbuffer(GL_READ_FRAMEBUFFER_EXT, GL_COLOR_ATTACHMENT0_EXT, GL_RENDERBUFFER_EXT, rbs[0]);
  ext.bind_framebuffer(GL_DRAW_FRAMEBUFFER_EXT, fbos[1]);
  ext.framebuffer_renderbuffer(GL_DRAW_FRAMEBUFFER_EXT, GL_COLOR_ATTACHMENT0_EXT, GL_RENDERBUFFER_EXT, rbs[1]);
  EXPECT_EQ(ext.check_status(GL_READ_FRAMEBUFFER_EXT), GLenum(GL_FRAMEBUFFER_COMPLETE_EXT));
  EXPECT_EQ(ext.check_status(GL_DRAW_FRAMEBUFFER_EXT), GLenum(GL_FRAMEBUFFER_COMPLETE_EXT));
  GLint read_binding = 0, draw_binding = 0;
  glGetIntegerv(GL_READ_FRAMEBUFFER_BINDING_EXT, &read_binding);
  glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING_EXT, &draw_binding);
  EXPECT_EQ(read_binding, GLint(fbos[0]));
  EXPECT_EQ(draw_binding, GLint(fbos[1]));
  // Draw into the multisample buffer, then resolve it with the EXT blit.
  ext.bind_framebuffer(GL_DRAW_FRAMEBUFFER_EXT, fbos[0]);
  glViewport(0, 0, 16, 16);
  glClearColor(0, 0, 1, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  ext.bind_framebuffer(GL_DRAW_FRAMEBUFFER_EXT, fbos[1]);
  ext.blit(0, 0, 16, 16, 0, 0, 16, 16, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  // A scaled blit from a multisample buffer is INVALID_OPERATION
  // (EXT_framebuffer_multisample).
  ext.blit(0, 0, 16, 16, 0, 0, 8, 8, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  ext.bind_framebuffer(GL_FRAMEBUFFER_EXT, fbos[1]);
  EXPECT_EQ(pixel(5, 5), rgba(0, 0, 255));
  ext.bind_framebuffer(GL_FRAMEBUFFER_EXT, 0);
  ext.delete_framebuffers(2, fbos);
  ext.delete_renderbuffers(2, rbs);
}

TEST_F(GlCompatExtFramebufferObjectTest, ProvokingVertexExtSelectsTheFlatColor) {
  auto provoking = proc<PFNGLPROVOKINGVERTEXEXTPROC>("glProvokingVertexEXT");
  ASSERT_NE(provoking, nullptr);
  GLint mode = 0;
  glGetIntegerv(GL_PROVOKING_VERTEX_EXT, &mode);
  EXPECT_EQ(mode, GLint(GL_LAST_VERTEX_CONVENTION_EXT));
  glViewport(0, 0, kWidth, kHeight);
  glShadeModel(GL_FLAT);
  for (GLenum convention : {GL_FIRST_VERTEX_CONVENTION_EXT, GL_LAST_VERTEX_CONVENTION_EXT}) {
    provoking(convention);
    glGetIntegerv(GL_PROVOKING_VERTEX_EXT, &mode);
    EXPECT_EQ(mode, GLint(convention));
    glClearColor(0, 0, 0, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    glBegin(GL_TRIANGLES);
    glColor3f(1, 0, 0);
    glVertex2f(-1, -1);
    glColor3f(0, 1, 0);
    glVertex2f(3, -1);
    glColor3f(0, 0, 1);
    glVertex2f(-1, 3);
    glEnd();
    EXPECT_EQ(pixel(10, 10), convention == GL_FIRST_VERTEX_CONVENTION_EXT ? rgba(255, 0, 0) : rgba(0, 0, 255));
  }
  provoking(GL_TRIANGLES);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
}

}  // namespace
}  // namespace brass::e2e
