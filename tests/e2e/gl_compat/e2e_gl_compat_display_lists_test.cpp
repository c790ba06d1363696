// Display lists in a compatibility context (GL 4.6 compatibility §21.4):
// names, compile modes, deferred execution and errors, nesting,
// glCallLists with every type and LIST_BASE, state captured at compile time
// (pixel unpack state, client vertex arrays), sharing between contexts.
#include "e2e_gl_compat_fixture.h"

#include <algorithm>
#include <cstring>
#include <vector>

namespace brass::e2e {
namespace {

class GlCompatDisplayListTest : public GlCompatTest {
 protected:
  // Compiles into `list` a scissored clear of pixel column `x` to `color`.
  static void compile_column_clear(GLuint list, int x, const float color[4]) {
    glNewList(list, GL_COMPILE);
    glEnable(GL_SCISSOR_TEST);
    glScissor(x, 0, 1, kHeight);
    glClearColor(color[0], color[1], color[2], color[3]);
    glClear(GL_COLOR_BUFFER_BIT);
    glDisable(GL_SCISSOR_TEST);
    glEndList();
  }
  void clear_black() {
    glClearColor(0, 0, 0, 0);
    glClear(GL_COLOR_BUFFER_BIT);
  }
};

TEST_F(GlCompatDisplayListTest, NamesAreGeneratedTestedAndDeleted) {
  const GLuint first = glGenLists(3);
  ASSERT_NE(first, 0u);
  for (GLuint i = 0; i < 3; ++i) EXPECT_TRUE(glIsList(first + i)) << i;  // empty lists now
  EXPECT_FALSE(glIsList(first + 3));
  // The next run avoids the names in use.
  const GLuint second = glGenLists(2);
  EXPECT_TRUE(second + 1 < first || second >= first + 3);
  glDeleteLists(first, 3);
  for (GLuint i = 0; i < 3; ++i) EXPECT_FALSE(glIsList(first + i)) << i;
  EXPECT_EQ(glGenLists(0), 0u);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  EXPECT_EQ(glGenLists(-1), 0u);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  glDeleteLists(second, -1);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  glDeleteLists(second, 2);
  // NewList on a name never generated makes it a list.
  glNewList(500, GL_COMPILE);
  glEndList();
  EXPECT_TRUE(glIsList(500));
  glDeleteLists(500, 1);
}

TEST_F(GlCompatDisplayListTest, NewListAndEndListErrorsAndQueries) {
  GLint value = -1;
  glGetIntegerv(GL_MAX_LIST_NESTING, &value);
  EXPECT_GE(value, 64);
  glNewList(0, GL_COMPILE);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  glNewList(1, GL_RGBA);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  glEndList();
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glGetIntegerv(GL_LIST_INDEX, &value);
  EXPECT_EQ(value, 0);
  glGetIntegerv(GL_LIST_MODE, &value);
  EXPECT_EQ(value, 0);

  glNewList(7, GL_COMPILE_AND_EXECUTE);
  glGetIntegerv(GL_LIST_INDEX, &value);  // glGet executes immediately
  EXPECT_EQ(value, 7);
  glGetIntegerv(GL_LIST_MODE, &value);
  EXPECT_EQ(value, GL_COMPILE_AND_EXECUTE);
  glNewList(8, GL_COMPILE);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glEndList();
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  EXPECT_TRUE(glIsList(7));
  EXPECT_FALSE(glIsList(8));

  glListBase(12);
  glGetIntegerv(GL_LIST_BASE, &value);
  EXPECT_EQ(value, 12);
  glListBase(0);
  // Inside glBegin/glEnd NewList is an error.
  glBegin(GL_POINTS);
  glNewList(9, GL_COMPILE);
  glEnd();
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glDeleteLists(7, 1);
}

TEST_F(GlCompatDisplayListTest, CompileRecordsWithoutExecutingAndCallListExecutes) {
  clear_black();
  glNewList(1, GL_COMPILE);
  glClearColor(1, 0, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  glEndList();
  // Nothing ran: the clear colour and the framebuffer are unchanged.
  GLfloat color[4] = {};
  glGetFloatv(GL_COLOR_CLEAR_VALUE, color);
  EXPECT_EQ(color[0], 0.0f);
  EXPECT_EQ(pixel(3, 3), rgba(0, 0, 0, 0));
  glCallList(1);
  glGetFloatv(GL_COLOR_CLEAR_VALUE, color);
  EXPECT_EQ(color[0], 1.0f);
  EXPECT_EQ(pixel(3, 3), rgba(255, 0, 0, 255));
  // An unknown list is ignored.
  glCallList(12345);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  glDeleteLists(1, 1);
}

TEST_F(GlCompatDisplayListTest, CompileAndExecuteRunsNowAndLater) {
  clear_black();
  glNewList(2, GL_COMPILE_AND_EXECUTE);
  glClearColor(0, 1, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  glEndList();
  EXPECT_EQ(pixel(1, 1), rgba(0, 255, 0, 255));
  clear_black();
  glCallList(2);
  EXPECT_EQ(pixel(1, 1), rgba(0, 255, 0, 255));
  glDeleteLists(2, 1);
}

TEST_F(GlCompatDisplayListTest, ErrorsAreGeneratedWhenTheListExecutes) {
  glNewList(3, GL_COMPILE);
  glEnable(0xBAD);  // INVALID_ENUM, but only when executed
  glEndList();
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  glCallList(3);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  glDeleteLists(3, 1);
}

TEST_F(GlCompatDisplayListTest, CallListsEveryTypeWithListBase) {
  const float white[4] = {1, 1, 1, 1};
  // Lists 101..104 clear columns 1..4.
  for (int i = 1; i <= 4; ++i) compile_column_clear(GLuint(100 + i), i, white);
  // 256 + 2 = 258 etc. for the multi-byte types: lists 258 and 259.
  compile_column_clear(258, 10, white);
  compile_column_clear(65536 + 3, 11, white);
  compile_column_clear(16777216 + 4, 12, white);
  const uint8_t ubytes[] = {1, 3};
  const int8_t bytes[] = {2};
  const uint16_t ushorts[] = {4};
  const GLfloat floats[] = {1.0f};
  const uint8_t two_bytes[] = {1, 2};                 // 0x0102 = 258
  const uint8_t three_bytes[] = {1, 0, 3};            // 0x010003
  const uint8_t four_bytes[] = {1, 0, 0, 4};          // 0x01000004
  struct Case {
    GLenum type;
    const void* data;
    GLsizei n;
    GLuint base;
    std::vector<int> columns;
  } cases[] = {
      {GL_UNSIGNED_BYTE, ubytes, 2, 100, {1, 3}},
      {GL_BYTE, bytes, 1, 100, {2}},
      {GL_UNSIGNED_SHORT, ushorts, 1, 100, {4}},
      {GL_FLOAT, floats, 1, 100, {1}},
      {GL_2_BYTES, two_bytes, 1, 0, {10}},
      {GL_3_BYTES, three_bytes, 1, 0, {11}},
      {GL_4_BYTES, four_bytes, 1, 0, {12}},
  };
  for (const Case& c : cases) {
    clear_black();
    glListBase(c.base);
    glCallLists(c.n, c.type, c.data);
    EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR)) << std::hex << c.type;
    for (int x = 0; x < 14; ++x) {
      const bool lit = std::find(c.columns.begin(), c.columns.end(), x) != c.columns.end();
      EXPECT_EQ(pixel(x, 5), lit ? rgba(255, 255, 255, 255) : rgba(0, 0, 0, 0)) << std::hex << c.type << " x " << x;
    }
  }
  glListBase(0);
  glCallLists(1, GL_DOUBLE, floats);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  glCallLists(-1, GL_UNSIGNED_BYTE, ubytes);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  glDeleteLists(101, 4);
  glDeleteLists(258, 1);
  glDeleteLists(65539, 1);
  glDeleteLists(16777220, 1);
}

TEST_F(GlCompatDisplayListTest, NestedListsAndCallListsRecordedInAList) {
  const float red[4] = {1, 0, 0, 1}, blue[4] = {0, 0, 1, 1};
  compile_column_clear(21, 0, red);
  compile_column_clear(22, 1, blue);
  // List 20 calls 21 directly and 22 through glCallLists with the list
  // base in effect when 20 executes.
  const GLubyte offsets[] = {2};
  glNewList(20, GL_COMPILE);
  glCallList(21);
  glListBase(20);
  glCallLists(1, GL_UNSIGNED_BYTE, offsets);
  glEndList();
  GLint base = -1;
  glGetIntegerv(GL_LIST_BASE, &base);
  EXPECT_EQ(base, 0);  // glListBase was only recorded
  clear_black();
  glCallList(20);
  EXPECT_EQ(pixel(0, 0), rgba(255, 0, 0, 255));
  EXPECT_EQ(pixel(1, 0), rgba(0, 0, 255, 255));
  EXPECT_EQ(pixel(2, 0), rgba(0, 0, 0, 0));
  glGetIntegerv(GL_LIST_BASE, &base);
  EXPECT_EQ(base, 20);
  glListBase(0);
  // A list that calls itself stops at MAX_LIST_NESTING.
  glNewList(23, GL_COMPILE);
  glCallList(23);
  glEndList();
  glCallList(23);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  glDeleteLists(20, 4);
}

TEST_F(GlCompatDisplayListTest, ReplacingAListKeepsTheOldOneUntilEndList) {
  const float red[4] = {1, 0, 0, 1}, green[4] = {0, 1, 0, 1};
  compile_column_clear(30, 0, red);
  clear_black();
  // Recompiling 30 with COMPILE_AND_EXECUTE calls the old 30 from within.
  glNewList(30, GL_COMPILE_AND_EXECUTE);
  glCallList(30);
  glEnable(GL_SCISSOR_TEST);
  glScissor(1, 0, 1, kHeight);
  glClearColor(green[0], green[1], green[2], green[3]);
  glClear(GL_COLOR_BUFFER_BIT);
  glDisable(GL_SCISSOR_TEST);
  glEndList();
  EXPECT_EQ(pixel(0, 0), rgba(255, 0, 0, 255));
  EXPECT_EQ(pixel(1, 0), rgba(0, 255, 0, 255));
  glDeleteLists(30, 1);
}

TEST_F(GlCompatDisplayListTest, ImmediateModeGeometryReplays) {
  const GLuint prog = program(
      "void main() { gl_Position = gl_Vertex; gl_FrontColor = gl_Color; }",
      "void main() { gl_FragColor = gl_Color; }");
  glUseProgram(prog);
  clear_black();
  glNewList(40, GL_COMPILE);
  glColor3f(0, 0, 1);
  glBegin(GL_TRIANGLES);
  glVertex2f(-1, -1);
  glVertex2f(3, -1);
  glVertex2f(-1, 3);
  glEnd();
  glEndList();
  EXPECT_EQ(pixel(8, 8), rgba(0, 0, 0, 0));
  GLfloat current[4] = {};
  glGetFloatv(GL_CURRENT_COLOR, current);
  EXPECT_EQ(current[0], 1.0f);  // glColor3f was only recorded
  EXPECT_EQ(current[2], 1.0f);
  for (int frame = 0; frame < 3; ++frame) {
    clear_black();
    glCallList(40);
    EXPECT_EQ(pixel(8, 8), rgba(0, 0, 255, 255)) << frame;
  }
  glGetFloatv(GL_CURRENT_COLOR, current);
  EXPECT_EQ(current[0], 0.0f);
  glUseProgram(0);
  glDeleteProgram(prog);
  glDeleteLists(40, 1);
}

TEST_F(GlCompatDisplayListTest, VertexArrayDrawsDereferenceArraysAtCompileTime) {
  const GLuint prog = program(
      "void main() { gl_Position = gl_Vertex; gl_FrontColor = gl_Color; }",
      "void main() { gl_FragColor = gl_Color; }");
  glUseProgram(prog);
  GLfloat positions[] = {-1, -1, 3, -1, -1, 3};
  GLubyte colors[] = {255, 255, 0, 255, 255, 255, 0, 255, 255, 255, 0, 255};
  glEnableClientState(GL_VERTEX_ARRAY);
  glEnableClientState(GL_COLOR_ARRAY);
  glVertexPointer(2, GL_FLOAT, 0, positions);
  glColorPointer(4, GL_UNSIGNED_BYTE, 0, colors);
  glNewList(41, GL_COMPILE);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  glEndList();
  const GLushort indices[] = {0, 1, 2};
  glNewList(42, GL_COMPILE);
  glDrawElements(GL_TRIANGLES, 3, GL_UNSIGNED_SHORT, indices);
  glEndList();
  // The arrays change and go away: the lists keep what they read.
  std::memset(positions, 0, sizeof(positions));
  std::memset(colors, 0, sizeof(colors));
  glDisableClientState(GL_VERTEX_ARRAY);
  glDisableClientState(GL_COLOR_ARRAY);
  for (GLuint list : {41u, 42u}) {
    clear_black();
    glCallList(list);
    EXPECT_EQ(pixel(8, 8), rgba(255, 255, 0, 255)) << list;
  }
  // A negative count is the draw's error when the list executes.
  glNewList(43, GL_COMPILE);
  glDrawArrays(GL_TRIANGLES, 0, -1);
  glEndList();
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  glCallList(43);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  glUseProgram(0);
  glDeleteProgram(prog);
  glDeleteLists(41, 3);
}

TEST_F(GlCompatDisplayListTest, ArrayDrawCalledInsideBeginEndIsAnErrorAndDrawsNothing) {
  const GLuint prog = program(
      "void main() { gl_Position = gl_Vertex; gl_FrontColor = gl_Color; }",
      "void main() { gl_FragColor = gl_Color; }");
  glUseProgram(prog);
  const GLfloat positions[] = {-1, -1, 3, -1, -1, 3};
  const GLubyte red[] = {255, 0, 0, 255, 255, 0, 0, 255, 255, 0, 0, 255};
  glEnableClientState(GL_VERTEX_ARRAY);
  glEnableClientState(GL_COLOR_ARRAY);
  glVertexPointer(2, GL_FLOAT, 0, positions);
  glColorPointer(4, GL_UNSIGNED_BYTE, 0, red);
  glNewList(44, GL_COMPILE);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  glEndList();
  glDisableClientState(GL_VERTEX_ARRAY);
  glDisableClientState(GL_COLOR_ARRAY);
  clear_black();
  // The list's draw is glDrawArrays between glBegin and glEnd: an error,
  // and its vertices must not join the green triangle being specified.
  glColor3f(0, 1, 0);
  glBegin(GL_TRIANGLES);
  glVertex2f(-1, -1);
  glVertex2f(3, -1);
  glVertex2f(-1, 3);
  glCallList(44);
  glEnd();
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  EXPECT_EQ(pixel(8, 8), rgba(0, 255, 0, 255));
  glUseProgram(0);
  glDeleteProgram(prog);
  glDeleteLists(44, 1);
}

TEST_F(GlCompatDisplayListTest, CommandsNotAllowedInsideBeginEndFailWhenTheListIsCalledThere) {
  const GLuint prog = program(
      "void main() { gl_Position = gl_Vertex; gl_FrontColor = gl_Color; }",
      "void main() { gl_FragColor = gl_Color; }");
  glUseProgram(prog);
  glNewList(46, GL_COMPILE);
  glRectf(-1, -1, 1, 1);  // not allowed between glBegin and glEnd
  glEndList();
  clear_black();
  glColor3f(0, 1, 0);
  glBegin(GL_TRIANGLES);
  glVertex2f(-1, -1);
  glVertex2f(3, -1);
  glCallList(46);
  glVertex2f(-1, 3);
  glEnd();
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  // The triangle was completed with its third vertex, the rectangle never drawn.
  EXPECT_EQ(pixel(8, 8), rgba(0, 255, 0, 255));
  // Called outside, the list draws its rectangle in the current colour.
  glColor3f(0, 0, 1);
  glCallList(46);
  EXPECT_EQ(pixel(8, 8), rgba(0, 0, 255, 255));
  glUseProgram(0);
  glDeleteProgram(prog);
  glDeleteLists(46, 1);
}

TEST_F(GlCompatDisplayListTest, InstancedDrawsAreErrorsWhileCompiling) {
  glNewList(45, GL_COMPILE);
  glDrawArraysInstanced(GL_TRIANGLES, 0, 3, 2);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glEndList();
  glCallList(45);  // nothing was recorded
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  glDeleteLists(45, 1);
}

TEST_F(GlCompatDisplayListTest, TexImageUnpacksWithCompileTimeState) {
  GLuint tex = 0;
  glGenTextures(1, &tex);
  glBindTexture(GL_TEXTURE_2D, tex);
  // A 2x2 RGBA image inside a 3-pixel-wide client image, one row and one
  // pixel skipped.
  uint8_t client[3 * 3 * 4];
  for (int i = 0; i < int(sizeof(client)); ++i) client[i] = uint8_t(i);
  glPixelStorei(GL_UNPACK_ROW_LENGTH, 3);
  glPixelStorei(GL_UNPACK_SKIP_ROWS, 1);
  glPixelStorei(GL_UNPACK_SKIP_PIXELS, 1);
  glNewList(50, GL_COMPILE);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, client);
  glEndList();
  // Pixel store is client state: it executed at once, and the list keeps
  // the pixels as read with it.
  GLint row_length = 0;
  glGetIntegerv(GL_UNPACK_ROW_LENGTH, &row_length);
  EXPECT_EQ(row_length, 3);
  glPixelStorei(GL_UNPACK_ROW_LENGTH, 0);
  glPixelStorei(GL_UNPACK_SKIP_ROWS, 0);
  glPixelStorei(GL_UNPACK_SKIP_PIXELS, 0);
  std::memset(client, 0xEE, sizeof(client));
  GLint width = -1;
  glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_WIDTH, &width);
  EXPECT_EQ(width, 0);  // not executed yet
  glCallList(50);
  uint8_t out[2 * 2 * 4] = {};
  glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, out);
  for (int y = 0; y < 2; ++y)
    for (int x = 0; x < 2; ++x)
      for (int c = 0; c < 4; ++c)
        EXPECT_EQ(out[(y * 2 + x) * 4 + c], uint8_t(((y + 1) * 3 + x + 1) * 4 + c)) << x << "," << y << "," << c;
  // The application's unpack state is what it set, after the replay.
  glGetIntegerv(GL_UNPACK_ALIGNMENT, &row_length);
  EXPECT_EQ(row_length, 4);
  glDeleteTextures(1, &tex);
  glDeleteLists(50, 1);
}

TEST_F(GlCompatDisplayListTest, UniformsAndPointerArgumentsAreCopied) {
  const GLuint prog = program(
      "void main() { gl_Position = gl_Vertex; }",
      "uniform vec4 u; void main() { gl_FragColor = u; }");
  glUseProgram(prog);
  const GLint loc = glGetUniformLocation(prog, "u");
  GLfloat value[4] = {0, 1, 1, 1};
  glNewList(60, GL_COMPILE);
  glUniform4fv(loc, 1, value);
  glBegin(GL_TRIANGLES);
  glVertex2f(-1, -1);
  glVertex2f(3, -1);
  glVertex2f(-1, 3);
  glEnd();
  glEndList();
  value[1] = 0;
  glUniform4f(loc, 1, 0, 0, 1);
  clear_black();
  glCallList(60);
  EXPECT_EQ(pixel(4, 4), rgba(0, 255, 255, 255));
  glUseProgram(0);
  glDeleteProgram(prog);
  glDeleteLists(60, 1);
}

TEST_F(GlCompatDisplayListTest, ListsAreSharedBetweenContexts) {
  const float green[4] = {0, 1, 0, 1};
  const GLuint list = glGenLists(1);
  compile_column_clear(list, 2, green);
  const std::vector<EGLint> attribs = context_attribs();
  EGLContext shared = eglCreateContext(dpy, config, ctx, attribs.data());
  ASSERT_NE(shared, EGL_NO_CONTEXT);
  ASSERT_TRUE(eglMakeCurrent(dpy, surface, surface, shared));
  EXPECT_TRUE(glIsList(list));
  clear_black();
  glCallList(list);
  EXPECT_EQ(pixel(2, 0), rgba(0, 255, 0, 255));
  glDeleteLists(list, 1);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  ASSERT_TRUE(eglMakeCurrent(dpy, surface, surface, ctx));
  eglDestroyContext(dpy, shared);
  EXPECT_FALSE(glIsList(list));
}

}  // namespace
}  // namespace brass::e2e
