// ES 3.1 vertex attribute binding in the frontend, without EGL: the VAO's
// attribute and binding state, the ES 3.0 array calls expressed through it,
// every error of ES 3.1 §10.3.1, the queries, and what a draw hands the
// pipe (attributes sharing a binding read one pipe vertex buffer).
#include <gtest/gtest.h>

#include <cstdint>

#include "driver/state_objects.h"
#include "gl_test_context.h"

namespace brass::gl {
namespace {

using test::proc;
using test::test_desc;

#define BRASS_GL_FUNCTIONS(X)                                                                  \
  X(PFNGLGETERRORPROC, glGetError)                                                             \
  X(PFNGLGETINTEGERVPROC, glGetIntegerv)                                                       \
  X(PFNGLGETINTEGERI_VPROC, glGetIntegeri_v)                                                   \
  X(PFNGLGETINTEGER64I_VPROC, glGetInteger64i_v)                                               \
  X(PFNGLGETBOOLEANI_VPROC, glGetBooleani_v)                                                   \
  X(PFNGLGETVERTEXATTRIBIVPROC, glGetVertexAttribiv)                                           \
  X(PFNGLGETVERTEXATTRIBFVPROC, glGetVertexAttribfv)                                           \
  X(PFNGLGETVERTEXATTRIBIUIVPROC, glGetVertexAttribIuiv)                                       \
  X(PFNGLGETVERTEXATTRIBPOINTERVPROC, glGetVertexAttribPointerv)                               \
  X(PFNGLGENVERTEXARRAYSPROC, glGenVertexArrays)                                               \
  X(PFNGLBINDVERTEXARRAYPROC, glBindVertexArray)                                               \
  X(PFNGLDELETEVERTEXARRAYSPROC, glDeleteVertexArrays)                                         \
  X(PFNGLGENBUFFERSPROC, glGenBuffers)                                                         \
  X(PFNGLBINDBUFFERPROC, glBindBuffer)                                                         \
  X(PFNGLBUFFERDATAPROC, glBufferData)                                                         \
  X(PFNGLDELETEBUFFERSPROC, glDeleteBuffers)                                                   \
  X(PFNGLISBUFFERPROC, glIsBuffer)                                                             \
  X(PFNGLVERTEXATTRIBPOINTERPROC, glVertexAttribPointer)                                       \
  X(PFNGLVERTEXATTRIBIPOINTERPROC, glVertexAttribIPointer)                                     \
  X(PFNGLVERTEXATTRIBDIVISORPROC, glVertexAttribDivisor)                                       \
  X(PFNGLENABLEVERTEXATTRIBARRAYPROC, glEnableVertexAttribArray)                               \
  X(PFNGLVERTEXATTRIBFORMATPROC, glVertexAttribFormat)                                         \
  X(PFNGLVERTEXATTRIBIFORMATPROC, glVertexAttribIFormat)                                       \
  X(PFNGLVERTEXATTRIBBINDINGPROC, glVertexAttribBinding)                                       \
  X(PFNGLBINDVERTEXBUFFERPROC, glBindVertexBuffer)                                             \
  X(PFNGLVERTEXBINDINGDIVISORPROC, glVertexBindingDivisor)                                     \
  X(PFNGLCREATESHADERPROC, glCreateShader)                                                     \
  X(PFNGLSHADERSOURCEPROC, glShaderSource)                                                     \
  X(PFNGLCOMPILESHADERPROC, glCompileShader)                                                   \
  X(PFNGLCREATEPROGRAMPROC, glCreateProgram)                                                   \
  X(PFNGLATTACHSHADERPROC, glAttachShader)                                                     \
  X(PFNGLLINKPROGRAMPROC, glLinkProgram)                                                       \
  X(PFNGLGETPROGRAMIVPROC, glGetProgramiv)                                                     \
  X(PFNGLBINDATTRIBLOCATIONPROC, glBindAttribLocation)                                         \
  X(PFNGLUSEPROGRAMPROC, glUseProgram)                                                         \
  X(PFNGLGENRENDERBUFFERSPROC, glGenRenderbuffers)                                             \
  X(PFNGLBINDRENDERBUFFERPROC, glBindRenderbuffer)                                             \
  X(PFNGLRENDERBUFFERSTORAGEPROC, glRenderbufferStorage)                                       \
  X(PFNGLGENFRAMEBUFFERSPROC, glGenFramebuffers)                                               \
  X(PFNGLBINDFRAMEBUFFERPROC, glBindFramebuffer)                                               \
  X(PFNGLFRAMEBUFFERRENDERBUFFERPROC, glFramebufferRenderbuffer)                               \
  X(PFNGLVIEWPORTPROC, glViewport)                                                             \
  X(PFNGLDRAWARRAYSPROC, glDrawArrays)                                                         \
  X(PFNGLDRAWARRAYSINSTANCEDPROC, glDrawArraysInstanced)                                       \
  X(PFNGLFINISHPROC, glFinish)

class GlVertexAttribBinding : public ::testing::Test {
 protected:
  void SetUp() override {
    ctx = Context::create(test_desc(), nullptr);
    ASSERT_TRUE(ctx);
    set_current_context(ctx.get());
  }
  void TearDown() override {
    EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR)) << "a GL error was left unchecked";
    set_current_context(nullptr);
  }

  GLuint make_vao() {
    GLuint v = 0;
    glGenVertexArrays(1, &v);
    glBindVertexArray(v);
    return v;
  }
  GLuint make_buffer(GLsizeiptr size = 256) {
    GLuint b = 0;
    glGenBuffers(1, &b);
    glBindBuffer(GL_ARRAY_BUFFER, b);
    glBufferData(GL_ARRAY_BUFFER, size, nullptr, GL_STATIC_DRAW);
    return b;
  }
  GLint attrib(GLuint index, GLenum pname) {
    GLint v = -1;
    glGetVertexAttribiv(index, pname, &v);
    return v;
  }
  GLint binding(GLenum pname, GLuint index) {
    GLint v = -1;
    glGetIntegeri_v(pname, index, &v);
    return v;
  }
  GLint integer(GLenum pname) {
    GLint v = -1;
    glGetIntegerv(pname, &v);
    return v;
  }
  GLenum error() { return glGetError(); }

#define BRASS_DECLARE(type, name) type name = proc<type>(#name);
  BRASS_GL_FUNCTIONS(BRASS_DECLARE)
#undef BRASS_DECLARE

  std::unique_ptr<Context> ctx;
};

TEST_F(GlVertexAttribBinding, LimitsAreAtLeastTheEs31Minimums) {
  EXPECT_GE(integer(GL_MAX_VERTEX_ATTRIB_BINDINGS), 16);
  EXPECT_GE(integer(GL_MAX_VERTEX_ATTRIB_RELATIVE_OFFSET), 2047);
  EXPECT_GE(integer(GL_MAX_VERTEX_ATTRIB_STRIDE), 2048);
  EXPECT_EQ(error(), GLenum(GL_NO_ERROR));
}

TEST_F(GlVertexAttribBinding, InitialStateOfANewVao) {
  make_vao();
  const GLint attribs = integer(GL_MAX_VERTEX_ATTRIBS);
  for (GLint i = 0; i < attribs; ++i) {
    EXPECT_EQ(attrib(i, GL_VERTEX_ATTRIB_BINDING), i);
    EXPECT_EQ(attrib(i, GL_VERTEX_ATTRIB_RELATIVE_OFFSET), 0);
  }
  const GLint bindings = integer(GL_MAX_VERTEX_ATTRIB_BINDINGS);
  for (GLint i = 0; i < bindings; ++i) {
    EXPECT_EQ(binding(GL_VERTEX_BINDING_BUFFER, i), 0);
    EXPECT_EQ(binding(GL_VERTEX_BINDING_OFFSET, i), 0);
    // ES 3.1 table 20.3: 16, the size of the initial format (4 floats).
    EXPECT_EQ(binding(GL_VERTEX_BINDING_STRIDE, i), 16);
    EXPECT_EQ(binding(GL_VERTEX_BINDING_DIVISOR, i), 0);
  }
  EXPECT_EQ(error(), GLenum(GL_NO_ERROR));
}

TEST_F(GlVertexAttribBinding, SettersRecordStateInTheBoundVaoOnly) {
  const GLuint buf = make_buffer();
  const GLuint a = make_vao();
  glVertexAttribFormat(3, 2, GL_SHORT, GL_TRUE, 12);
  glVertexAttribBinding(3, 7);
  glBindVertexBuffer(7, buf, 64, 24);
  glVertexBindingDivisor(7, 3);
  EXPECT_EQ(error(), GLenum(GL_NO_ERROR));
  EXPECT_EQ(attrib(3, GL_VERTEX_ATTRIB_ARRAY_SIZE), 2);
  EXPECT_EQ(attrib(3, GL_VERTEX_ATTRIB_ARRAY_TYPE), GL_SHORT);
  EXPECT_EQ(attrib(3, GL_VERTEX_ATTRIB_ARRAY_NORMALIZED), GL_TRUE);
  EXPECT_EQ(attrib(3, GL_VERTEX_ATTRIB_ARRAY_INTEGER), GL_FALSE);
  EXPECT_EQ(attrib(3, GL_VERTEX_ATTRIB_RELATIVE_OFFSET), 12);
  EXPECT_EQ(attrib(3, GL_VERTEX_ATTRIB_BINDING), 7);
  // The array queries of an attribute report the binding it reads.
  EXPECT_EQ(attrib(3, GL_VERTEX_ATTRIB_ARRAY_BUFFER_BINDING), GLint(buf));
  EXPECT_EQ(attrib(3, GL_VERTEX_ATTRIB_ARRAY_DIVISOR), 3);
  EXPECT_EQ(binding(GL_VERTEX_BINDING_BUFFER, 7), GLint(buf));
  EXPECT_EQ(binding(GL_VERTEX_BINDING_OFFSET, 7), 64);
  EXPECT_EQ(binding(GL_VERTEX_BINDING_STRIDE, 7), 24);
  EXPECT_EQ(binding(GL_VERTEX_BINDING_DIVISOR, 7), 3);
  GLfloat f = 0;
  glGetVertexAttribfv(3, GL_VERTEX_ATTRIB_RELATIVE_OFFSET, &f);
  EXPECT_EQ(f, 12.0f);
  GLuint u = 0;
  glGetVertexAttribIuiv(3, GL_VERTEX_ATTRIB_BINDING, &u);
  EXPECT_EQ(u, 7u);
  glVertexAttribIFormat(4, 3, GL_UNSIGNED_BYTE, 5);
  EXPECT_EQ(attrib(4, GL_VERTEX_ATTRIB_ARRAY_INTEGER), GL_TRUE);
  EXPECT_EQ(attrib(4, GL_VERTEX_ATTRIB_ARRAY_TYPE), GL_UNSIGNED_BYTE);
  EXPECT_EQ(attrib(4, GL_VERTEX_ATTRIB_RELATIVE_OFFSET), 5);

  // Another VAO has its own.
  const GLuint b = make_vao();
  EXPECT_EQ(attrib(3, GL_VERTEX_ATTRIB_BINDING), 3);
  EXPECT_EQ(binding(GL_VERTEX_BINDING_BUFFER, 7), 0);
  glBindVertexBuffer(7, buf, 8, 4);
  glBindVertexArray(a);
  EXPECT_EQ(binding(GL_VERTEX_BINDING_OFFSET, 7), 64);
  const GLuint vaos[] = {a, b};
  glDeleteVertexArrays(2, vaos);
  EXPECT_EQ(error(), GLenum(GL_NO_ERROR));
}

TEST_F(GlVertexAttribBinding, IndexedQueriesAgreeAcrossTypes) {
  const GLuint buf = make_buffer();
  make_vao();
  glBindVertexBuffer(2, buf, 4000, 2048);
  glVertexBindingDivisor(2, 9);
  GLint64 v64 = -1;
  glGetInteger64i_v(GL_VERTEX_BINDING_OFFSET, 2, &v64);
  EXPECT_EQ(v64, 4000);
  glGetInteger64i_v(GL_VERTEX_BINDING_STRIDE, 2, &v64);
  EXPECT_EQ(v64, 2048);
  glGetInteger64i_v(GL_VERTEX_BINDING_BUFFER, 2, &v64);
  EXPECT_EQ(v64, GLint64(buf));
  GLboolean b = GL_FALSE;
  glGetBooleani_v(GL_VERTEX_BINDING_DIVISOR, 2, &b);
  EXPECT_EQ(b, GL_TRUE);
  glGetBooleani_v(GL_VERTEX_BINDING_DIVISOR, 3, &b);
  EXPECT_EQ(b, GL_FALSE);
  EXPECT_EQ(error(), GLenum(GL_NO_ERROR));
  // Past the last binding: INVALID_VALUE, nothing written.
  GLint v = 1234;
  glGetIntegeri_v(GL_VERTEX_BINDING_STRIDE, GLuint(integer(GL_MAX_VERTEX_ATTRIB_BINDINGS)), &v);
  EXPECT_EQ(error(), GLenum(GL_INVALID_VALUE));
  EXPECT_EQ(v, 1234);
  glGetInteger64i_v(GL_VERTEX_BINDING_BUFFER, 16, &v64);
  EXPECT_EQ(error(), GLenum(GL_INVALID_VALUE));
  glGetBooleani_v(GL_VERTEX_BINDING_OFFSET, 99, &b);
  EXPECT_EQ(error(), GLenum(GL_INVALID_VALUE));
  glGetIntegeri_v(GL_VERTEX_ATTRIB_BINDING, 0, &v);  // not indexed state
  EXPECT_EQ(error(), GLenum(GL_INVALID_ENUM));
}

TEST_F(GlVertexAttribBinding, DefaultVaoRejectsTheBindingCalls) {
  // ES 3.1 §10.3.1: INVALID_OPERATION when "no vertex array object is
  // bound", which in ES is the default one; its state is set only through
  // the ES 3.0 calls.
  const GLuint buf = make_buffer();
  glVertexAttribFormat(0, 2, GL_FLOAT, GL_FALSE, 4);
  EXPECT_EQ(error(), GLenum(GL_INVALID_OPERATION));
  glVertexAttribIFormat(0, 2, GL_INT, 4);
  EXPECT_EQ(error(), GLenum(GL_INVALID_OPERATION));
  glVertexAttribBinding(0, 1);
  EXPECT_EQ(error(), GLenum(GL_INVALID_OPERATION));
  glBindVertexBuffer(0, buf, 0, 16);
  EXPECT_EQ(error(), GLenum(GL_INVALID_OPERATION));
  glVertexBindingDivisor(0, 1);
  EXPECT_EQ(error(), GLenum(GL_INVALID_OPERATION));
  EXPECT_EQ(attrib(0, GL_VERTEX_ATTRIB_ARRAY_SIZE), 4);
  EXPECT_EQ(attrib(0, GL_VERTEX_ATTRIB_RELATIVE_OFFSET), 0);
  EXPECT_EQ(attrib(0, GL_VERTEX_ATTRIB_BINDING), 0);
  EXPECT_EQ(binding(GL_VERTEX_BINDING_BUFFER, 0), 0);
  EXPECT_EQ(binding(GL_VERTEX_BINDING_DIVISOR, 0), 0);
  // The default VAO's binding state is still queryable and set by the
  // ES 3.0 calls.
  glVertexAttribDivisor(0, 2);
  EXPECT_EQ(binding(GL_VERTEX_BINDING_DIVISOR, 0), 2);
  EXPECT_EQ(error(), GLenum(GL_NO_ERROR));
}

TEST_F(GlVertexAttribBinding, InvalidArgumentsAreErrorsAndChangeNothing) {
  const GLuint buf = make_buffer();
  make_vao();
  const GLuint max_attribs = GLuint(integer(GL_MAX_VERTEX_ATTRIBS));
  const GLuint max_bindings = GLuint(integer(GL_MAX_VERTEX_ATTRIB_BINDINGS));
  const GLuint max_offset = GLuint(integer(GL_MAX_VERTEX_ATTRIB_RELATIVE_OFFSET));
  const GLint max_stride = integer(GL_MAX_VERTEX_ATTRIB_STRIDE);

  glVertexAttribFormat(max_attribs, 4, GL_FLOAT, GL_FALSE, 0);
  EXPECT_EQ(error(), GLenum(GL_INVALID_VALUE));
  glVertexAttribIFormat(max_attribs, 4, GL_INT, 0);
  EXPECT_EQ(error(), GLenum(GL_INVALID_VALUE));
  glVertexAttribFormat(1, 0, GL_FLOAT, GL_FALSE, 0);
  EXPECT_EQ(error(), GLenum(GL_INVALID_VALUE));
  glVertexAttribFormat(1, 5, GL_FLOAT, GL_FALSE, 0);
  EXPECT_EQ(error(), GLenum(GL_INVALID_VALUE));
  glVertexAttribFormat(1, 4, 0x140A, GL_FALSE, 0);  // GL_DOUBLE: desktop GL only
  EXPECT_EQ(error(), GLenum(GL_INVALID_ENUM));
  glVertexAttribIFormat(1, 4, GL_FLOAT, 0);  // integer formats only
  EXPECT_EQ(error(), GLenum(GL_INVALID_ENUM));
  glVertexAttribIFormat(1, 4, GL_INT_2_10_10_10_REV, 0);
  EXPECT_EQ(error(), GLenum(GL_INVALID_ENUM));
  glVertexAttribFormat(1, 3, GL_UNSIGNED_INT_2_10_10_10_REV, GL_TRUE, 0);
  EXPECT_EQ(error(), GLenum(GL_INVALID_OPERATION));
  glVertexAttribFormat(1, 4, GL_FLOAT, GL_FALSE, max_offset + 1);
  EXPECT_EQ(error(), GLenum(GL_INVALID_VALUE));
  glVertexAttribFormat(1, 4, GL_FLOAT, GL_FALSE, 0xffffffffu);
  EXPECT_EQ(error(), GLenum(GL_INVALID_VALUE));
  EXPECT_EQ(attrib(1, GL_VERTEX_ATTRIB_ARRAY_SIZE), 4);
  EXPECT_EQ(attrib(1, GL_VERTEX_ATTRIB_ARRAY_TYPE), GL_FLOAT);
  EXPECT_EQ(attrib(1, GL_VERTEX_ATTRIB_RELATIVE_OFFSET), 0);
  glVertexAttribFormat(1, 4, GL_FLOAT, GL_FALSE, max_offset);  // the limit itself is fine
  EXPECT_EQ(error(), GLenum(GL_NO_ERROR));
  EXPECT_EQ(attrib(1, GL_VERTEX_ATTRIB_RELATIVE_OFFSET), GLint(max_offset));

  glVertexAttribBinding(max_attribs, 0);
  EXPECT_EQ(error(), GLenum(GL_INVALID_VALUE));
  glVertexAttribBinding(0, max_bindings);
  EXPECT_EQ(error(), GLenum(GL_INVALID_VALUE));
  EXPECT_EQ(attrib(0, GL_VERTEX_ATTRIB_BINDING), 0);

  glBindVertexBuffer(max_bindings, buf, 0, 16);
  EXPECT_EQ(error(), GLenum(GL_INVALID_VALUE));
  glBindVertexBuffer(0, buf, -4, 16);
  EXPECT_EQ(error(), GLenum(GL_INVALID_VALUE));
  glBindVertexBuffer(0, buf, 0, -16);
  EXPECT_EQ(error(), GLenum(GL_INVALID_VALUE));
  glBindVertexBuffer(0, buf, 0, max_stride + 1);
  EXPECT_EQ(error(), GLenum(GL_INVALID_VALUE));
  glBindVertexBuffer(0, 0xbeef, 0, 16);  // never generated
  EXPECT_EQ(error(), GLenum(GL_INVALID_OPERATION));
  GLuint dead = 0;
  glGenBuffers(1, &dead);
  glDeleteBuffers(1, &dead);
  glBindVertexBuffer(0, dead, 0, 16);  // deleted
  EXPECT_EQ(error(), GLenum(GL_INVALID_OPERATION));
  EXPECT_EQ(binding(GL_VERTEX_BINDING_BUFFER, 0), 0);
  EXPECT_EQ(binding(GL_VERTEX_BINDING_STRIDE, 0), 16);

  glVertexBindingDivisor(max_bindings, 1);
  EXPECT_EQ(error(), GLenum(GL_INVALID_VALUE));

  // glVertexAttribPointer's stride has the same limit in ES 3.1.
  glBindBuffer(GL_ARRAY_BUFFER, buf);
  glVertexAttribPointer(0, 4, GL_FLOAT, GL_FALSE, max_stride + 1, nullptr);
  EXPECT_EQ(error(), GLenum(GL_INVALID_VALUE));
  glVertexAttribPointer(0, 4, GL_FLOAT, GL_FALSE, max_stride, nullptr);
  EXPECT_EQ(error(), GLenum(GL_NO_ERROR));
}

TEST_F(GlVertexAttribBinding, GeneratedButUnboundNameGetsItsObject) {
  make_vao();
  GLuint name = 0;
  glGenBuffers(1, &name);
  EXPECT_EQ(glIsBuffer(name), GL_FALSE);  // no object before its first bind
  glBindVertexBuffer(5, name, 0, 8);
  EXPECT_EQ(error(), GLenum(GL_NO_ERROR));
  EXPECT_EQ(glIsBuffer(name), GL_TRUE);
  EXPECT_EQ(binding(GL_VERTEX_BINDING_BUFFER, 5), GLint(name));
  glBindVertexBuffer(5, 0, 0, 8);  // zero unbinds
  EXPECT_EQ(binding(GL_VERTEX_BINDING_BUFFER, 5), 0);
  EXPECT_EQ(error(), GLenum(GL_NO_ERROR));
}

TEST_F(GlVertexAttribBinding, VertexAttribPointerIsFormatBindingAndBuffer) {
  const GLuint buf = make_buffer();
  for (bool created : {false, true}) {
    SCOPED_TRACE(created ? "created VAO" : "default VAO");
    if (created) make_vao();
    glBindBuffer(GL_ARRAY_BUFFER, buf);
    glVertexAttribPointer(1, 3, GL_FLOAT, GL_FALSE, 0, reinterpret_cast<const void*>(12));
    EXPECT_EQ(attrib(1, GL_VERTEX_ATTRIB_BINDING), 1);
    EXPECT_EQ(attrib(1, GL_VERTEX_ATTRIB_RELATIVE_OFFSET), 0);
    EXPECT_EQ(attrib(1, GL_VERTEX_ATTRIB_ARRAY_STRIDE), 0);  // as given
    EXPECT_EQ(binding(GL_VERTEX_BINDING_BUFFER, 1), GLint(buf));
    EXPECT_EQ(binding(GL_VERTEX_BINDING_OFFSET, 1), 12);
    EXPECT_EQ(binding(GL_VERTEX_BINDING_STRIDE, 1), 12);  // effective: tightly packed vec3
    void* p = nullptr;
    glGetVertexAttribPointerv(1, GL_VERTEX_ATTRIB_ARRAY_POINTER, &p);
    EXPECT_EQ(p, reinterpret_cast<void*>(12));
    glVertexAttribIPointer(2, 2, GL_SHORT, 20, reinterpret_cast<const void*>(6));
    EXPECT_EQ(binding(GL_VERTEX_BINDING_STRIDE, 2), 20);
    EXPECT_EQ(binding(GL_VERTEX_BINDING_OFFSET, 2), 6);
    EXPECT_EQ(attrib(2, GL_VERTEX_ATTRIB_ARRAY_INTEGER), GL_TRUE);
    glVertexAttribPointer(3, 4, GL_UNSIGNED_INT_2_10_10_10_REV, GL_TRUE, 0, nullptr);
    EXPECT_EQ(binding(GL_VERTEX_BINDING_STRIDE, 3), 4);  // a packed element is 4 bytes
    // glVertexAttribDivisor(i): binding i's divisor, and attribute i reads binding i.
    glVertexAttribDivisor(1, 4);
    EXPECT_EQ(binding(GL_VERTEX_BINDING_DIVISOR, 1), 4);
    EXPECT_EQ(attrib(1, GL_VERTEX_ATTRIB_ARRAY_DIVISOR), 4);
    EXPECT_EQ(error(), GLenum(GL_NO_ERROR));
  }
  // In a created VAO, pointing an attribute elsewhere and back.
  glVertexAttribBinding(1, 6);
  EXPECT_EQ(attrib(1, GL_VERTEX_ATTRIB_ARRAY_BUFFER_BINDING), 0);  // binding 6 has none
  EXPECT_EQ(attrib(1, GL_VERTEX_ATTRIB_ARRAY_DIVISOR), 0);
  glVertexAttribDivisor(1, 2);
  EXPECT_EQ(attrib(1, GL_VERTEX_ATTRIB_BINDING), 1);
  EXPECT_EQ(attrib(1, GL_VERTEX_ATTRIB_ARRAY_BUFFER_BINDING), GLint(buf));
  EXPECT_EQ(binding(GL_VERTEX_BINDING_DIVISOR, 1), 2);
  glVertexAttribBinding(1, 6);
  glVertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, 32, reinterpret_cast<const void*>(16));
  EXPECT_EQ(attrib(1, GL_VERTEX_ATTRIB_BINDING), 1);
  EXPECT_EQ(binding(GL_VERTEX_BINDING_STRIDE, 1), 32);
  EXPECT_EQ(binding(GL_VERTEX_BINDING_OFFSET, 1), 16);
  EXPECT_EQ(binding(GL_VERTEX_BINDING_DIVISOR, 1), 2);  // pointer calls keep the divisor
  EXPECT_EQ(error(), GLenum(GL_NO_ERROR));
}

TEST_F(GlVertexAttribBinding, DeletingABufferUnbindsItFromTheBoundVaoOnly) {
  const GLuint a = make_vao();
  GLuint buf = make_buffer();
  glBindVertexBuffer(1, buf, 0, 32);
  glBindVertexBuffer(2, buf, 16, 32);
  const GLuint b = make_vao();
  glBindVertexBuffer(1, buf, 0, 32);
  glDeleteBuffers(1, &buf);
  EXPECT_EQ(binding(GL_VERTEX_BINDING_BUFFER, 1), 0);
  glBindVertexArray(a);
  EXPECT_EQ(binding(GL_VERTEX_BINDING_BUFFER, 1), GLint(buf));
  EXPECT_EQ(binding(GL_VERTEX_BINDING_BUFFER, 2), GLint(buf));
  const GLuint vaos[] = {a, b};
  glDeleteVertexArrays(2, vaos);
  EXPECT_EQ(error(), GLenum(GL_NO_ERROR));
}

// What a draw gives the pipe: attributes reading one binding share one pipe
// vertex buffer (elements at their relative offsets); generic values share
// another; an attribute reaching past its binding's stride gets its own.
class GlVertexAttribBindingDraw : public GlVertexAttribBinding {
 protected:
  void SetUp() override {
    GlVertexAttribBinding::SetUp();
    if (HasFatalFailure()) return;
    GLuint rb = 0, fb = 0;
    glGenRenderbuffers(1, &rb);
    glBindRenderbuffer(GL_RENDERBUFFER, rb);
    glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, 4, 4);
    glGenFramebuffers(1, &fb);
    glBindFramebuffer(GL_FRAMEBUFFER, fb);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
    glViewport(0, 0, 4, 4);
    const char* vs = R"(#version 300 es
in vec4 a0;
in vec4 a1;
in vec4 a2;
in vec4 a3;
out vec4 c;
void main() { c = a1 + a2 + a3; gl_Position = a0; })";
    const char* fs = R"(#version 300 es
precision mediump float;
in vec4 c;
out vec4 o;
void main() { o = c; })";
    GLuint p = glCreateProgram();
    for (auto [type, src] : {std::pair{GLenum(GL_VERTEX_SHADER), vs}, std::pair{GLenum(GL_FRAGMENT_SHADER), fs}}) {
      GLuint s = glCreateShader(type);
      glShaderSource(s, 1, &src, nullptr);
      glCompileShader(s);
      glAttachShader(p, s);
    }
    for (GLuint i = 0; i < 4; ++i) {
      const char name[] = {'a', char('0' + i), 0};
      glBindAttribLocation(p, i, name);
    }
    glLinkProgram(p);
    GLint ok = 0;
    glGetProgramiv(p, GL_LINK_STATUS, &ok);
    ASSERT_EQ(ok, GL_TRUE);
    glUseProgram(p);
    ASSERT_EQ(error(), GLenum(GL_NO_ERROR));
  }

  // The pipe vertex buffer each location reads, and its element offset.
  struct Element {
    unsigned buffer;
    uint32_t offset;
  };
  Element element(unsigned loc) {
    const pipe::VertexElementsObject* o = ctx->vertex_input.bound_elements;
    EXPECT_NE(o, nullptr);
    if (!o) return {~0u, 0};
    const pipe::VertexElement& e = o->state.elements[loc];
    return {e.vertex_buffer_index, e.src_offset};
  }
};

TEST_F(GlVertexAttribBindingDraw, AttributesSharingABindingShareOnePipeBuffer) {
  const GLuint buf = make_buffer(4096);
  make_vao();
  glBindVertexBuffer(0, buf, 32, 48);
  for (GLuint loc : {0u, 1u, 2u}) {
    glVertexAttribFormat(loc, 4, GL_FLOAT, GL_FALSE, loc * 16);
    glVertexAttribBinding(loc, 0);
    glEnableVertexAttribArray(loc);
  }
  // Location 3 is disabled: it reads the generic value.
  glDrawArrays(GL_TRIANGLES, 0, 3);
  ASSERT_EQ(error(), GLenum(GL_NO_ERROR));
  const VertexInputState& vi = ctx->vertex_input;
  EXPECT_EQ(vi.buffer_count, 2u);  // the binding, and the generic values
  for (unsigned loc : {0u, 1u, 2u}) {
    EXPECT_EQ(element(loc).buffer, element(0).buffer);
    EXPECT_EQ(element(loc).offset, loc * 16);
  }
  const unsigned shared = element(0).buffer;
  EXPECT_EQ(vi.buffers[shared].offset, 32u);
  EXPECT_EQ(vi.buffers[shared].stride, 48u);
  EXPECT_NE(element(3).buffer, shared);
  EXPECT_EQ(vi.buffers[element(3).buffer].stride, 0u);

  // Attribute 2 moves to a binding of its own: a second pipe buffer.
  glBindVertexBuffer(3, buf, 256, 16);
  glVertexAttribFormat(2, 4, GL_FLOAT, GL_FALSE, 0);
  glVertexAttribBinding(2, 3);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  ASSERT_EQ(error(), GLenum(GL_NO_ERROR));
  EXPECT_EQ(vi.buffer_count, 3u);
  EXPECT_EQ(element(1).buffer, element(0).buffer);
  EXPECT_NE(element(2).buffer, element(0).buffer);
  EXPECT_EQ(vi.buffers[element(2).buffer].offset, 256u);

  // An element past its binding's stride (offset 16 + 16 bytes > 24) is
  // bound on its own with the offset folded into the buffer's: Vulkan wants
  // a non-zero stride to cover every element of a binding.
  glBindVertexBuffer(0, buf, 32, 24);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  ASSERT_EQ(error(), GLenum(GL_NO_ERROR));
  EXPECT_NE(element(1).buffer, element(0).buffer);
  EXPECT_EQ(element(1).offset, 0u);
  EXPECT_EQ(vi.buffers[element(1).buffer].offset, 48u);
  EXPECT_EQ(vi.buffers[element(1).buffer].stride, 24u);
  glFinish();
}

TEST_F(GlVertexAttribBindingDraw, BindingDivisorMakesEveryAttributeOfItInstanced) {
  const GLuint buf = make_buffer(4096);
  make_vao();
  glBindVertexBuffer(0, buf, 0, 16);
  glVertexAttribFormat(0, 4, GL_FLOAT, GL_FALSE, 0);
  glVertexAttribBinding(0, 0);
  glEnableVertexAttribArray(0);
  glBindVertexBuffer(1, buf, 1024, 32);
  glVertexBindingDivisor(1, 2);
  for (GLuint loc : {1u, 2u}) {
    glVertexAttribFormat(loc, 4, GL_FLOAT, GL_FALSE, (loc - 1) * 16);
    glVertexAttribBinding(loc, 1);
    glEnableVertexAttribArray(loc);
  }
  glDrawArraysInstanced(GL_TRIANGLES, 0, 3, 4);
  ASSERT_EQ(error(), GLenum(GL_NO_ERROR));
  const pipe::VertexElementsObject* o = ctx->vertex_input.bound_elements;
  ASSERT_NE(o, nullptr);
  const pipe::VertexElementsState* ves = &o->state;
  EXPECT_EQ(ves->elements[0].instance_divisor, 0u);
  EXPECT_EQ(ves->elements[1].instance_divisor, 2u);
  EXPECT_EQ(ves->elements[2].instance_divisor, 2u);
  EXPECT_EQ(element(1).buffer, element(2).buffer);
  glFinish();
}

TEST_F(GlVertexAttribBindingDraw, OffsetsPastTheBufferBindNothingInsteadOfAnInvalidOffset) {
  // GL leaves such reads undefined; Vulkan forbids binding the offset at
  // all. The pipe gets its null buffer (zeros), and no offset arithmetic
  // wraps around into the buffer.
  const GLuint buf = make_buffer(256);
  make_vao();
  glBindVertexBuffer(0, buf, 4096, 16);
  glVertexAttribFormat(0, 4, GL_FLOAT, GL_FALSE, 0);
  glVertexAttribBinding(0, 0);
  glEnableVertexAttribArray(0);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  ASSERT_EQ(error(), GLenum(GL_NO_ERROR));
  EXPECT_EQ(ctx->vertex_input.buffers[element(0).buffer].buffer, nullptr);
  glBindBuffer(GL_ARRAY_BUFFER, buf);
  glVertexAttribPointer(0, 4, GL_FLOAT, GL_FALSE, 16, reinterpret_cast<const void*>(UINTPTR_MAX - 7));
  glVertexAttribFormat(0, 4, GL_FLOAT, GL_FALSE, 32);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  ASSERT_EQ(error(), GLenum(GL_NO_ERROR));
  // The sum saturates: an address no buffer has, and not a 4-byte aligned
  // one, so the array is read on the CPU (as zeros) and streamed.
  const pipe::Resource* gl_buffer = ctx->share_group().buffers.lookup(buf)->resource.get();
  EXPECT_NE(ctx->vertex_input.buffers[element(0).buffer].buffer, gl_buffer);
  glFinish();
}

}  // namespace
}  // namespace brass::gl
