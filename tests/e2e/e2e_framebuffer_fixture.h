// The framebuffer-object fixture the framebuffer, blit and read-back e2e
// tests share: renderbuffer-backed FBOs, deleted at teardown.
#pragma once

#include <initializer_list>
#include <utility>
#include <vector>

#include "e2e_fixture.h"

namespace brass::e2e {

class FramebufferTest : public GlesTest {
 protected:
  // A framebuffer object with one renderbuffer per (attachment, format).
  GLuint make_fbo(std::initializer_list<std::pair<GLenum, GLenum>> atts, GLsizei w = 16, GLsizei h = 16,
                  GLsizei samples = 0) {
    GLuint fb = 0;
    glGenFramebuffers(1, &fb);
    glBindFramebuffer(GL_FRAMEBUFFER, fb);
    for (auto [att, fmt] : atts) {
      GLuint rb = 0;
      glGenRenderbuffers(1, &rb);
      glBindRenderbuffer(GL_RENDERBUFFER, rb);
      glRenderbufferStorageMultisample(GL_RENDERBUFFER, samples, fmt, w, h);
      glFramebufferRenderbuffer(GL_FRAMEBUFFER, att, GL_RENDERBUFFER, rb);
      renderbuffers.push_back(rb);
    }
    return fb;
  }
  void TearDown() override {
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    if (!renderbuffers.empty()) glDeleteRenderbuffers(GLsizei(renderbuffers.size()), renderbuffers.data());
    GlesTest::TearDown();
  }
  std::vector<GLuint> renderbuffers;
};

}  // namespace brass::e2e
