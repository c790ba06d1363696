// The conventional vertex arrays (GL 4.6 compatibility §10.3):
// glVertexPointer and the other legacy pointers, client state, client
// active texture, glInterleavedArrays, glArrayElement, their queries, the
// client attribute stack, and draws of QUADS / QUAD_STRIP / POLYGON.
#include <cstring>

#include "e2e_gl_compat_fixture.h"

namespace brass::e2e {
namespace {

constexpr const char* kColorVs = R"(#version 120
varying vec4 color;
void main() {
  gl_Position = gl_Vertex;
  color = gl_Color;
})";
constexpr const char* kColorFs = R"(#version 120
varying vec4 color;
void main() { gl_FragColor = color; }
)";

class GlCompatVertexArraysTest : public GlCompatTest {
 protected:
  void SetUp() override {
    GlCompatTest::SetUp();
    if (HasFatalFailure()) return;
    glClearColor(0, 0, 0, 0);
    glClear(GL_COLOR_BUFFER_BIT);
    prog = program(kColorVs, kColorFs);
    glUseProgram(prog);
  }
  void TearDown() override {
    glUseProgram(0);
    glDeleteProgram(prog);
    GlCompatTest::TearDown();
  }
  GLuint prog = 0;
};

// Two quads: the left half red, the right half blue.
const GLfloat kTwoQuads[] = {-1, -1, 0, -1, 0, 1, -1, 1, 0, -1, 1, -1, 1, 1, 0, 1};
const GLubyte kTwoQuadColors[] = {255, 0, 0, 255, 255, 0, 0, 255, 255, 0, 0, 255, 255, 0, 0, 255,
                                  0, 0, 255, 255, 0, 0, 255, 255, 0, 0, 255, 255, 0, 0, 255, 255};

TEST_F(GlCompatVertexArraysTest, ClientArraysDrawQuads) {
  glVertexPointer(2, GL_FLOAT, 0, kTwoQuads);
  glColorPointer(4, GL_UNSIGNED_BYTE, 0, kTwoQuadColors);
  glEnableClientState(GL_VERTEX_ARRAY);
  glEnableClientState(GL_COLOR_ARRAY);
  glDrawArrays(GL_QUADS, 0, 8);
  EXPECT_EQ(pixel(8, 16), rgba(255, 0, 0));
  EXPECT_EQ(pixel(24, 16), rgba(0, 0, 255));
  // A disabled colour array leaves the current colour.
  glDisableClientState(GL_COLOR_ARRAY);
  glColor3f(0, 1, 0);
  glDrawArrays(GL_QUADS, 4, 4);
  EXPECT_EQ(pixel(8, 16), rgba(255, 0, 0));
  EXPECT_EQ(pixel(24, 16), rgba(0, 255, 0));
  glDisableClientState(GL_VERTEX_ARRAY);
}

TEST_F(GlCompatVertexArraysTest, BufferArraysDrawElementsQuadStripAndPolygon) {
  // A strip of two quads over the bottom half, a polygon over the top.
  const GLfloat verts[] = {-1, -1, -1, 0, 0, -1, 0, 0, 1, -1, 1, 0,  // strip
                           -1, 0.1f, 1, 0.1f, 1, 1, -1, 1};           // polygon
  GLuint vbo = buffer(GL_ARRAY_BUFFER, sizeof verts, verts);
  glVertexPointer(2, GL_FLOAT, 0, nullptr);
  glBindBuffer(GL_ARRAY_BUFFER, 0);
  glEnableClientState(GL_VERTEX_ARRAY);
  const GLushort strip[] = {0, 1, 2, 3, 4, 5};
  glColor3f(1, 1, 0);
  glDrawElements(GL_QUAD_STRIP, 6, GL_UNSIGNED_SHORT, strip);
  glColor3f(0, 1, 1);
  const GLuint polygon[] = {6, 7, 8, 9};
  glDrawRangeElements(GL_POLYGON, 6, 9, 4, GL_UNSIGNED_INT, polygon);
  EXPECT_EQ(pixel(4, 4), rgba(255, 255, 0));
  EXPECT_EQ(pixel(28, 12), rgba(255, 255, 0));
  EXPECT_EQ(pixel(16, 28), rgba(0, 255, 255));
  GLint binding = -1;
  glGetIntegerv(GL_VERTEX_ARRAY_BUFFER_BINDING, &binding);
  EXPECT_EQ(binding, static_cast<GLint>(vbo));
  glDisableClientState(GL_VERTEX_ARRAY);
  glDeleteBuffers(1, &vbo);
}

TEST_F(GlCompatVertexArraysTest, ClientArraysInAVertexArrayObject) {
  GLuint vao = 0;
  glGenVertexArrays(1, &vao);
  glBindVertexArray(vao);
  glVertexPointer(2, GL_FLOAT, 0, kTwoQuads);
  glEnableClientState(GL_VERTEX_ARRAY);
  glColor3f(1, 0, 1);
  glDrawArrays(GL_QUADS, 0, 4);
  EXPECT_EQ(pixel(8, 16), rgba(255, 0, 255));
  // The arrays are the VAO's: the default one has none enabled.
  glBindVertexArray(0);
  EXPECT_FALSE(glIsEnabled(GL_VERTEX_ARRAY));
  glBindVertexArray(vao);
  EXPECT_TRUE(glIsEnabled(GL_VERTEX_ARRAY));
  glBindVertexArray(0);
  glDeleteVertexArrays(1, &vao);
}

TEST_F(GlCompatVertexArraysTest, TexCoordArraysFollowTheClientActiveTexture) {
  constexpr const char* vs = R"(#version 120
varying vec4 color;
void main() { gl_Position = gl_Vertex; color = gl_MultiTexCoord1; })";
  GLuint p = program(vs, kColorFs);
  glUseProgram(p);
  const GLfloat coords[] = {0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1};
  glVertexPointer(2, GL_FLOAT, 0, kTwoQuads);
  glEnableClientState(GL_VERTEX_ARRAY);
  glClientActiveTexture(GL_TEXTURE1);
  glTexCoordPointer(4, GL_FLOAT, 0, coords);
  glEnableClientState(GL_TEXTURE_COORD_ARRAY);
  glDrawArrays(GL_QUADS, 0, 4);
  EXPECT_EQ(pixel(8, 16), rgba(0, 255, 0));
  GLint v = 0;
  glGetIntegerv(GL_CLIENT_ACTIVE_TEXTURE, &v);
  EXPECT_EQ(v, GL_TEXTURE1);
  glGetIntegerv(GL_TEXTURE_COORD_ARRAY_SIZE, &v);
  EXPECT_EQ(v, 4);
  void* ptr = nullptr;
  glGetPointerv(GL_TEXTURE_COORD_ARRAY_POINTER, &ptr);
  EXPECT_EQ(ptr, coords);
  glClientActiveTexture(GL_TEXTURE0);
  EXPECT_FALSE(glIsEnabled(GL_TEXTURE_COORD_ARRAY));
  glClientActiveTexture(GL_TEXTURE1);
  EXPECT_TRUE(glIsEnabled(GL_TEXTURE_COORD_ARRAY));
  glDisableClientState(GL_TEXTURE_COORD_ARRAY);
  glClientActiveTexture(GL_TEXTURE0);
  glDisableClientState(GL_VERTEX_ARRAY);
  glUseProgram(prog);
  glDeleteProgram(p);
}

TEST_F(GlCompatVertexArraysTest, InterleavedArrays) {
  struct Vertex {
    GLubyte c[4];
    GLfloat v[3];
  };
  const Vertex verts[] = {{{0, 255, 0, 255}, {-1, -1, 0}},
                          {{0, 255, 0, 255}, {1, -1, 0}},
                          {{0, 255, 0, 255}, {1, 1, 0}},
                          {{0, 255, 0, 255}, {-1, 1, 0}}};
  glEnableClientState(GL_NORMAL_ARRAY);
  glInterleavedArrays(GL_C4UB_V3F, 0, verts);
  EXPECT_TRUE(glIsEnabled(GL_VERTEX_ARRAY));
  EXPECT_TRUE(glIsEnabled(GL_COLOR_ARRAY));
  EXPECT_FALSE(glIsEnabled(GL_NORMAL_ARRAY));
  GLint v = 0;
  glGetIntegerv(GL_VERTEX_ARRAY_STRIDE, &v);
  EXPECT_EQ(v, 16);
  glGetIntegerv(GL_COLOR_ARRAY_TYPE, &v);
  EXPECT_EQ(v, GL_UNSIGNED_BYTE);
  glGetIntegerv(GL_VERTEX_ARRAY_SIZE, &v);
  EXPECT_EQ(v, 3);
  void* ptr = nullptr;
  glGetPointerv(GL_VERTEX_ARRAY_POINTER, &ptr);
  EXPECT_EQ(ptr, static_cast<const void*>(&verts[0].v));
  glDrawArrays(GL_TRIANGLE_FAN, 0, 4);
  EXPECT_EQ(pixel(16, 16), rgba(0, 255, 0));
  glInterleavedArrays(GL_V2F + 100, 0, verts);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  glDisableClientState(GL_VERTEX_ARRAY);
  glDisableClientState(GL_COLOR_ARRAY);
}

TEST_F(GlCompatVertexArraysTest, ArrayElementBetweenBeginAndEnd) {
  const GLfloat verts[] = {-1, -1, 1, -1, 1, 1, -1, 1};
  const GLfloat colors[] = {1, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 1};  // RGB: first triangle red
  glVertexPointer(2, GL_FLOAT, 0, verts);
  glColorPointer(3, GL_FLOAT, 0, colors);
  glEnableClientState(GL_VERTEX_ARRAY);
  glEnableClientState(GL_COLOR_ARRAY);
  // The colour of the provoking (last) vertex.
  GLuint flat = program(R"(#version 130
flat out vec4 color;
void main() { gl_Position = gl_Vertex; color = gl_Color; })",
                        R"(#version 130
flat in vec4 color;
void main() { gl_FragColor = color; })");
  glUseProgram(flat);
  glBegin(GL_TRIANGLES);
  glArrayElement(1);
  glArrayElement(2);
  glArrayElement(0);  // provokes: red
  glEnd();
  EXPECT_EQ(pixel(30, 2), rgba(255, 0, 0));
  // The last element's values are current.
  GLfloat c[4] = {};
  glGetFloatv(GL_CURRENT_COLOR, c);
  EXPECT_EQ(c[0], 1.0f);
  glUseProgram(prog);
  glDeleteProgram(flat);
  glDisableClientState(GL_VERTEX_ARRAY);
  glDisableClientState(GL_COLOR_ARRAY);
}

TEST_F(GlCompatVertexArraysTest, IndirectDrawsOfClientCommandsAndQuads) {
  // No DRAW_INDIRECT_BUFFER: the commands are read from client memory; the
  // default vertex array object and its client arrays draw.
  glVertexPointer(2, GL_FLOAT, 0, kTwoQuads);
  glColorPointer(4, GL_UNSIGNED_BYTE, 0, kTwoQuadColors);
  glEnableClientState(GL_VERTEX_ARRAY);
  glEnableClientState(GL_COLOR_ARRAY);
  const GLuint commands[] = {4, 1, 0, 0, 4, 1, 4, 0};  // count, instances, first, base instance
  glMultiDrawArraysIndirect(GL_QUADS, commands, 2, 0);
  EXPECT_EQ(pixel(8, 16), rgba(255, 0, 0));
  EXPECT_EQ(pixel(24, 16), rgba(0, 0, 255));
  glDisableClientState(GL_VERTEX_ARRAY);
  glDisableClientState(GL_COLOR_ARRAY);
}

TEST_F(GlCompatVertexArraysTest, MultiDrawWithANegativeCountDrawsNothing) {
  glVertexPointer(2, GL_FLOAT, 0, kTwoQuads);
  glEnableClientState(GL_VERTEX_ARRAY);
  const GLint first[] = {0, 4};
  const GLsizei count[] = {4, -1};
  glMultiDrawArrays(GL_QUADS, first, count, 2);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  EXPECT_EQ(pixel(8, 16), rgba(0, 0, 0, 0));
  const GLsizei good[] = {4, 4};
  glMultiDrawArrays(GL_QUADS, first, good, 2);
  EXPECT_EQ(pixel(8, 16), rgba(255, 255, 255));
  EXPECT_EQ(pixel(24, 16), rgba(255, 255, 255));
  glDisableClientState(GL_VERTEX_ARRAY);
}

TEST_F(GlCompatVertexArraysTest, EnableOfAClientArrayIsEnableClientState) {
  // What legacy applications do and drivers accept.
  glEnable(GL_VERTEX_ARRAY);
  EXPECT_TRUE(glIsEnabled(GL_VERTEX_ARRAY));
  glDisable(GL_VERTEX_ARRAY);
  EXPECT_FALSE(glIsEnabled(GL_VERTEX_ARRAY));
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
}

TEST_F(GlCompatVertexArraysTest, PointerErrorsAndQueries) {
  glVertexPointer(1, GL_FLOAT, 0, kTwoQuads);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  glVertexPointer(2, GL_UNSIGNED_BYTE, 0, kTwoQuads);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  glColorPointer(4, GL_FLOAT, -4, kTwoQuads);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  glEnableClientState(GL_DEPTH_TEST);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  glClientActiveTexture(GL_TEXTURE0 + 64);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  glNormalPointer(GL_SHORT, 12, kTwoQuads);
  GLint v = 0;
  glGetIntegerv(GL_NORMAL_ARRAY_TYPE, &v);
  EXPECT_EQ(v, GL_SHORT);
  glGetIntegerv(GL_NORMAL_ARRAY_STRIDE, &v);
  EXPECT_EQ(v, 12);
  glFogCoordPointer(GL_FLOAT, 0, kTwoQuads);
  glGetIntegerv(GL_FOG_COORD_ARRAY_TYPE, &v);
  EXPECT_EQ(v, GL_FLOAT);
  glSecondaryColorPointer(3, GL_UNSIGNED_BYTE, 0, kTwoQuadColors);
  glGetIntegerv(GL_SECONDARY_COLOR_ARRAY_SIZE, &v);
  EXPECT_EQ(v, 3);
  glEnableClientState(GL_FOG_COORD_ARRAY);
  EXPECT_TRUE(glIsEnabled(GL_FOG_COORD_ARRAY));
  glDisableClientState(GL_FOG_COORD_ARRAY);
  EXPECT_FALSE(glIsEnabled(GL_FOG_COORD_ARRAY));
  // Initial state.
  glGetIntegerv(GL_VERTEX_ARRAY_SIZE, &v);
  EXPECT_EQ(v, 4);
  glGetIntegerv(GL_VERTEX_ARRAY_TYPE, &v);
  EXPECT_EQ(v, GL_FLOAT);
}

TEST_F(GlCompatVertexArraysTest, ClientAttribStack) {
  GLint depth = 0, max_depth = 0;
  glGetIntegerv(GL_MAX_CLIENT_ATTRIB_STACK_DEPTH, &max_depth);
  EXPECT_GE(max_depth, 16);
  glVertexPointer(3, GL_FLOAT, 0, kTwoQuads);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 2);
  glPushClientAttrib(GL_CLIENT_ALL_ATTRIB_BITS);
  glGetIntegerv(GL_CLIENT_ATTRIB_STACK_DEPTH, &depth);
  EXPECT_EQ(depth, 1);
  glVertexPointer(2, GL_SHORT, 0, kTwoQuadColors);
  glEnableClientState(GL_VERTEX_ARRAY);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 8);
  glClientActiveTexture(GL_TEXTURE1);
  glPopClientAttrib();
  GLint v = 0;
  glGetIntegerv(GL_VERTEX_ARRAY_SIZE, &v);
  EXPECT_EQ(v, 3);
  EXPECT_FALSE(glIsEnabled(GL_VERTEX_ARRAY));
  glGetIntegerv(GL_UNPACK_ALIGNMENT, &v);
  EXPECT_EQ(v, 2);
  glGetIntegerv(GL_CLIENT_ACTIVE_TEXTURE, &v);
  EXPECT_EQ(v, GL_TEXTURE0);
  // Only the groups the mask names are saved.
  glPushClientAttrib(GL_CLIENT_PIXEL_STORE_BIT);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
  glVertexPointer(4, GL_FLOAT, 0, kTwoQuads);
  glPopClientAttrib();
  glGetIntegerv(GL_UNPACK_ALIGNMENT, &v);
  EXPECT_EQ(v, 2);
  glGetIntegerv(GL_VERTEX_ARRAY_SIZE, &v);
  EXPECT_EQ(v, 4);
  glPopClientAttrib();
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_STACK_UNDERFLOW));
  for (GLint i = 0; i < max_depth; ++i) glPushClientAttrib(GL_CLIENT_VERTEX_ARRAY_BIT);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  glPushClientAttrib(GL_CLIENT_VERTEX_ARRAY_BIT);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_STACK_OVERFLOW));
  for (GLint i = 0; i < max_depth; ++i) glPopClientAttrib();
  glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
}

// Generic attribute 0 and the vertex position alias both ways (GL 4.6
// compatibility §10.2): a program whose input at location 0 is a generic
// one reads the vertex array while generic array 0 is disabled, and generic
// array 0 once it is enabled.
TEST_F(GlCompatVertexArraysTest, GenericAttributeZeroReadsTheVertexArray) {
  const GLuint generic = program(R"(#version 130
in vec4 vertex;
void main() { gl_Position = vertex; })",
                                 R"(#version 130
out vec4 frag_color;
void main() { frag_color = vec4(0.0, 1.0, 0.0, 1.0); })");
  glBindAttribLocation(generic, 0, "vertex");
  glLinkProgram(generic);
  glUseProgram(generic);
  glVertexPointer(2, GL_FLOAT, 0, kTwoQuads);
  glEnableClientState(GL_VERTEX_ARRAY);
  glDrawArrays(GL_QUADS, 0, 4);  // the left half
  EXPECT_EQ(pixel(8, 16), rgba(0, 255, 0));
  EXPECT_EQ(pixel(24, 16), rgba(0, 0, 0, 0));
  // An enabled generic array 0 wins: the right half.
  glClear(GL_COLOR_BUFFER_BIT);
  glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, kTwoQuads + 8);
  glEnableVertexAttribArray(0);
  glDrawArrays(GL_QUADS, 0, 4);
  EXPECT_EQ(pixel(8, 16), rgba(0, 0, 0, 0));
  EXPECT_EQ(pixel(24, 16), rgba(0, 255, 0));
  glDisableVertexAttribArray(0);
  glDisableClientState(GL_VERTEX_ARRAY);
  glUseProgram(prog);
  glDeleteProgram(generic);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
}

}  // namespace
}  // namespace brass::e2e
