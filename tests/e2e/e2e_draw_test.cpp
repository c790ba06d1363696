// Draws through glvnd: vertex buffers, every attribute type, client arrays,
// generic attributes, instancing, indexed draws with primitive restart,
// buffer re-specification between draws, and the draw errors. Needs the
// program entry points (skipped while they are missing).
#include <cmath>
#include <cstdlib>
#include <cstdint>
#include <cstring>
#include <limits>

#include "e2e_fixture.h"

namespace brass::e2e {
namespace {

const char* kVs = R"(#version 300 es
layout(location = 0) in vec4 pos;
layout(location = 1) in vec4 color;
out vec4 v_color;
void main() { gl_Position = pos; v_color = color; })";
const char* kFs = R"(#version 300 es
precision mediump float;
in vec4 v_color;
out vec4 o;
void main() { o = v_color; })";

// Two triangles covering the viewport.
const float kQuad[12] = {-1, -1, 1, -1, -1, 1, -1, 1, 1, -1, 1, 1};

class Draw : public GlesTest {
 protected:
  void SetUp() override {
    GlesTest::SetUp();
    if (HasFatalFailure()) return;
    prog = program(kVs, kFs);  // fails the test on a compile or link error
    glUseProgram(prog);
    glClearColor(0, 0, 0, 0);
    glClear(GL_COLOR_BUFFER_BIT);
  }
  void TearDown() override {
    if (prog) glDeleteProgram(prog);
    for (GLuint b : buffers) glDeleteBuffers(1, &b);
    GlesTest::TearDown();
  }
  GLuint buffer(GLenum target, const void* data, GLsizeiptr size) {
    GLuint b = 0;
    glGenBuffers(1, &b);
    glBindBuffer(target, b);
    glBufferData(target, size, data, GL_STATIC_DRAW);
    buffers.push_back(b);
    return b;
  }
  void quad_positions() {
    buffer(GL_ARRAY_BUFFER, kQuad, sizeof(kQuad));
    glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, nullptr);
    glEnableVertexAttribArray(0);
  }
  static bool near(uint32_t a, uint32_t b, int tol = 2) {
    for (int i = 0; i < 4; ++i)
      if (std::abs(int((a >> (8 * i)) & 0xff) - int((b >> (8 * i)) & 0xff)) > tol) return false;
    return true;
  }
  GLuint prog = 0;
  std::vector<GLuint> buffers;
};

#define EXPECT_PIXEL(x, y, expected)                                                                  \
  do {                                                                                                \
    const uint32_t got_ = pixel(x, y);                                                                \
    EXPECT_TRUE(near(got_, expected)) << std::hex << "at " << std::dec << (x) << "," << (y) << ": 0x" \
                                      << std::hex << got_ << " want 0x" << (expected);               \
  } while (0)

TEST_F(Draw, TriangleFromVboWithGenericColor) {
  quad_positions();
  glVertexAttrib4f(1, 1, 0, 0, 1);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  EXPECT_PIXEL(16, 16, rgba(255, 0, 0));
  EXPECT_PIXEL(0, 0, rgba(255, 0, 0));
  // A new generic value between draws.
  glVertexAttrib4f(1, 0, 0, 1, 1);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  EXPECT_PIXEL(31, 31, rgba(0, 0, 255));
}

struct TypeCase {
  const char* name;
  GLenum type;
  GLint size;
  GLboolean normalized;
  std::vector<uint8_t> element;  // one vertex's color
  uint32_t expected;
};

TEST_F(Draw, EveryAttributeType) {
  quad_positions();
  auto bytes = [](auto... v) {
    std::vector<uint8_t> out;
    ([&] {
      const auto x = v;
      const auto* p = reinterpret_cast<const uint8_t*>(&x);
      out.insert(out.end(), p, p + sizeof(x));
    }(), ...);
    return out;
  };
  const uint32_t red = rgba(255, 0, 0), magenta = rgba(255, 0, 255), half = rgba(128, 0, 255);
  const std::vector<TypeCase> cases = {
      {"ubyte norm", GL_UNSIGNED_BYTE, 4, GL_TRUE, bytes(uint8_t(255), uint8_t(0), uint8_t(255), uint8_t(255)), magenta},
      {"ubyte norm x3", GL_UNSIGNED_BYTE, 3, GL_TRUE, bytes(uint8_t(255), uint8_t(0), uint8_t(0)), red},
      {"byte norm", GL_BYTE, 4, GL_TRUE, bytes(int8_t(127), int8_t(0), int8_t(127), int8_t(127)), magenta},
      {"ushort norm", GL_UNSIGNED_SHORT, 4, GL_TRUE, bytes(uint16_t(65535), uint16_t(0), uint16_t(65535), uint16_t(65535)), magenta},
      {"short norm", GL_SHORT, 2, GL_TRUE, bytes(int16_t(32767), int16_t(0)), red},
      {"float", GL_FLOAT, 4, GL_FALSE, bytes(0.5f, 0.0f, 1.0f, 1.0f), half},
      {"half", GL_HALF_FLOAT, 4, GL_FALSE, bytes(uint16_t(0x3800), uint16_t(0), uint16_t(0x3c00), uint16_t(0x3c00)), half},
      {"fixed", GL_FIXED, 4, GL_FALSE, bytes(int32_t(32768), int32_t(0), int32_t(65536), int32_t(65536)), half},
      {"ubyte scaled", GL_UNSIGNED_BYTE, 4, GL_FALSE, bytes(uint8_t(1), uint8_t(0), uint8_t(1), uint8_t(1)), magenta},
      {"short scaled", GL_SHORT, 1, GL_FALSE, bytes(int16_t(1)), red},
      {"ubyte norm x1 (stride 1)", GL_UNSIGNED_BYTE, 1, GL_TRUE, bytes(uint8_t(255)), red},
      {"half x3 (stride 6)", GL_HALF_FLOAT, 3, GL_FALSE, bytes(uint16_t(0x3c00), uint16_t(0), uint16_t(0x3c00)), magenta},
      {"float x3", GL_FLOAT, 3, GL_FALSE, bytes(1.0f, 0.0f, 0.0f), red},
      {"int scaled", GL_INT, 4, GL_FALSE, bytes(int32_t(1), int32_t(0), int32_t(1), int32_t(1)), magenta},
      {"uint norm", GL_UNSIGNED_INT, 4, GL_TRUE, bytes(0xffffffffu, 0u, 0xffffffffu, 0xffffffffu), magenta},
      {"uint 2_10_10_10 norm", GL_UNSIGNED_INT_2_10_10_10_REV, 4, GL_TRUE, bytes(uint32_t(1023u | (1023u << 20) | (3u << 30))), magenta},
      {"int 2_10_10_10 norm", GL_INT_2_10_10_10_REV, 4, GL_TRUE, bytes(uint32_t(511u | (511u << 20) | (1u << 30))), magenta},
      {"int 2_10_10_10", GL_INT_2_10_10_10_REV, 4, GL_FALSE, bytes(uint32_t(1u | (1u << 20) | (1u << 30))), magenta},
  };
  for (const TypeCase& c : cases) {
    std::vector<uint8_t> data;
    for (int v = 0; v < 6; ++v) data.insert(data.end(), c.element.begin(), c.element.end());
    buffer(GL_ARRAY_BUFFER, data.data(), static_cast<GLsizeiptr>(data.size()));
    glVertexAttribPointer(1, c.size, c.type, c.normalized, 0, nullptr);
    glEnableVertexAttribArray(1);
    glClear(GL_COLOR_BUFFER_BIT);
    glDrawArrays(GL_TRIANGLES, 0, 6);
    EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR)) << c.name;
    const uint32_t got = pixel(16, 16);
    EXPECT_TRUE(near(got, c.expected)) << c.name << std::hex << ": 0x" << got << " want 0x" << c.expected;
  }
}

TEST_F(Draw, IntegerAttributes) {
  GLuint p = program(R"(#version 300 es
layout(location = 0) in vec4 pos;
layout(location = 1) in ivec4 ic;
layout(location = 2) in uvec4 uc;
out vec4 v_color;
void main() { gl_Position = pos; v_color = vec4(ic.xy, uc.zw) / 255.0; })",
                     kFs);
  glUseProgram(p);
  quad_positions();
  const int16_t ic[6][4] = {{255, -1, 0, 0}, {255, -1, 0, 0}, {255, -1, 0, 0},
                            {255, -1, 0, 0}, {255, -1, 0, 0}, {255, -1, 0, 0}};
  buffer(GL_ARRAY_BUFFER, ic, sizeof(ic));
  glVertexAttribIPointer(1, 2, GL_SHORT, 8, nullptr);
  glEnableVertexAttribArray(1);
  glVertexAttribI4ui(2, 0, 0, 128, 255);  // generic unsigned value
  glDrawArrays(GL_TRIANGLES, 0, 6);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  EXPECT_PIXEL(16, 16, rgba(255, 0, 128, 255));
  glDeleteProgram(p);
}

TEST_F(Draw, ClientArraysAndClientIndices) {
  glBindBuffer(GL_ARRAY_BUFFER, 0);
  static const float pos[] = {-1, -1, 1, -1, -1, 1, 1, 1};
  static const uint8_t col[] = {0, 255, 0, 255, 0, 255, 0, 255, 0, 255, 0, 255, 0, 255, 0, 255};
  glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, pos);
  glEnableVertexAttribArray(0);
  glVertexAttribPointer(1, 4, GL_UNSIGNED_BYTE, GL_TRUE, 0, col);
  glEnableVertexAttribArray(1);
  glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
  EXPECT_PIXEL(16, 16, rgba(0, 255, 0));
  glClear(GL_COLOR_BUFFER_BIT);
  static const uint16_t idx[] = {0, 1, 2, 2, 1, 3};
  glDrawElements(GL_TRIANGLES, 6, GL_UNSIGNED_SHORT, idx);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  EXPECT_PIXEL(5, 27, rgba(0, 255, 0));
  EXPECT_PIXEL(27, 5, rgba(0, 255, 0));
  // Indices that start past vertex 0 (the streamed range is translated).
  static const float pos2[] = {9, 9, 9, 9, -1, -1, 1, -1, -1, 1, 1, 1};
  static const uint8_t col2[] = {0, 0, 0, 0, 0, 0, 0, 0, 255, 0, 0, 255, 255, 0, 0, 255,
                                 255, 0, 0, 255, 255, 0, 0, 255};
  glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, pos2);
  glVertexAttribPointer(1, 4, GL_UNSIGNED_BYTE, GL_TRUE, 0, col2);
  static const uint8_t idx8[] = {2, 3, 4, 4, 3, 5};
  glDrawElements(GL_TRIANGLES, 6, GL_UNSIGNED_BYTE, idx8);
  EXPECT_PIXEL(16, 16, rgba(255, 0, 0));
  glDrawArrays(GL_TRIANGLE_STRIP, 2, 4);
  EXPECT_PIXEL(3, 3, rgba(255, 0, 0));
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

TEST_F(Draw, InstancingWithDivisors) {
  GLuint p = program(R"(#version 300 es
layout(location = 0) in vec2 pos;
layout(location = 1) in vec4 color;
layout(location = 2) in vec2 offset;
out vec4 v_color;
void main() { gl_Position = vec4(pos * 0.5 + offset, 0.0, 1.0); v_color = color; })",
                     kFs);
  glUseProgram(p);
  quad_positions();
  const float offsets[] = {-0.5f, -0.5f, 0.5f, -0.5f, -0.5f, 0.5f, 0.5f, 0.5f};
  buffer(GL_ARRAY_BUFFER, offsets, sizeof(offsets));
  glVertexAttribPointer(2, 2, GL_FLOAT, GL_FALSE, 0, nullptr);
  glEnableVertexAttribArray(2);
  glVertexAttribDivisor(2, 1);
  const uint8_t colors[] = {255, 0, 0, 255, 0, 0, 255, 255};  // red for instances 0-1, blue for 2-3
  buffer(GL_ARRAY_BUFFER, colors, sizeof(colors));
  glVertexAttribPointer(1, 4, GL_UNSIGNED_BYTE, GL_TRUE, 0, nullptr);
  glEnableVertexAttribArray(1);
  glVertexAttribDivisor(1, 2);
  glDrawArraysInstanced(GL_TRIANGLES, 0, 6, 4);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  EXPECT_PIXEL(8, 8, rgba(255, 0, 0));
  EXPECT_PIXEL(24, 8, rgba(255, 0, 0));
  EXPECT_PIXEL(8, 24, rgba(0, 0, 255));
  EXPECT_PIXEL(24, 24, rgba(0, 0, 255));
  glClear(GL_COLOR_BUFFER_BIT);
  const uint16_t idx[] = {0, 1, 2, 3, 4, 5};
  buffer(GL_ELEMENT_ARRAY_BUFFER, idx, sizeof(idx));
  glDrawElementsInstanced(GL_TRIANGLES, 6, GL_UNSIGNED_SHORT, nullptr, 3);
  EXPECT_PIXEL(8, 24, rgba(0, 0, 255));
  EXPECT_PIXEL(24, 24, rgba(0, 0, 0, 0));  // fourth instance not drawn
  glVertexAttribDivisor(1, 0);
  glVertexAttribDivisor(2, 0);
  glDeleteProgram(p);
}

TEST_F(Draw, IndexTypesAndPrimitiveRestart) {
  // Two strips: left half and right half, separated by a restart index.
  const float pos[] = {-1, -1, 0, -1, -1, 1, 0, 1, 0.1f, -1, 1, -1, 0.1f, 1, 1, 1};
  buffer(GL_ARRAY_BUFFER, pos, sizeof(pos));
  glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, nullptr);
  glEnableVertexAttribArray(0);
  glVertexAttrib4f(1, 1, 1, 0, 1);
  glEnable(GL_PRIMITIVE_RESTART_FIXED_INDEX);
  const uint8_t i8[] = {0, 1, 2, 3, 0xff, 4, 5, 6, 7};
  const uint16_t i16[] = {0, 1, 2, 3, 0xffff, 4, 5, 6, 7};
  const uint32_t i32[] = {0, 1, 2, 3, 0xffffffffu, 4, 5, 6, 7};
  const std::pair<GLenum, std::pair<const void*, size_t>> types[] = {
      {GL_UNSIGNED_BYTE, {i8, sizeof(i8)}}, {GL_UNSIGNED_SHORT, {i16, sizeof(i16)}}, {GL_UNSIGNED_INT, {i32, sizeof(i32)}}};
  for (const auto& [type, data] : types) {
    buffer(GL_ELEMENT_ARRAY_BUFFER, data.first, static_cast<GLsizeiptr>(data.second));
    glClear(GL_COLOR_BUFFER_BIT);
    glDrawElements(GL_TRIANGLE_STRIP, 9, type, nullptr);
    EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR)) << type;
    EXPECT_PIXEL(8, 16, rgba(255, 255, 0));
    EXPECT_PIXEL(24, 16, rgba(255, 255, 0));
    EXPECT_PIXEL(16, 16, rgba(0, 0, 0, 0));  // the gap a restart leaves
    // DrawRangeElements with an index offset: only the right strip.
    glClear(GL_COLOR_BUFFER_BIT);
    const size_t isize = type == GL_UNSIGNED_BYTE ? 1 : type == GL_UNSIGNED_SHORT ? 2 : 4;
    glDrawRangeElements(GL_TRIANGLE_STRIP, 4, 7, 4, type, reinterpret_cast<const void*>(5 * isize));
    EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
    EXPECT_PIXEL(8, 16, rgba(0, 0, 0, 0));
    EXPECT_PIXEL(24, 16, rgba(255, 255, 0));
  }
  glDisable(GL_PRIMITIVE_RESTART_FIXED_INDEX);
}

TEST_F(Draw, RespecificationBetweenDraws) {
  const float left[] = {-1, -1, 0, -1, -1, 1, -1, 1, 0, -1, 0, 1};
  const float right[] = {0, -1, 1, -1, 0, 1, 0, 1, 1, -1, 1, 1};
  GLuint lb = buffer(GL_ARRAY_BUFFER, left, sizeof(left));
  GLuint rb = buffer(GL_ARRAY_BUFFER, right, sizeof(right));
  std::vector<uint8_t> red, green;
  for (int i = 0; i < 6; ++i) {
    red.insert(red.end(), {255, 0, 0, 255});
    green.insert(green.end(), {0, 255, 0, 255});
  }
  GLuint cb = buffer(GL_ARRAY_BUFFER, red.data(), 24);
  glVertexAttribPointer(1, 4, GL_UNSIGNED_BYTE, GL_TRUE, 0, nullptr);
  glEnableVertexAttribArray(1);
  glEnableVertexAttribArray(0);
  glBindBuffer(GL_ARRAY_BUFFER, lb);
  glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, nullptr);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  glBindBuffer(GL_ARRAY_BUFFER, cb);
  glBufferData(GL_ARRAY_BUFFER, 24, green.data(), GL_STATIC_DRAW);  // same size: in-place invalidation
  glBindBuffer(GL_ARRAY_BUFFER, rb);
  glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, nullptr);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  EXPECT_PIXEL(8, 16, rgba(255, 0, 0));
  EXPECT_PIXEL(24, 16, rgba(0, 255, 0));
  // Sub-data and a bigger re-specification too.
  glClear(GL_COLOR_BUFFER_BIT);
  glBindBuffer(GL_ARRAY_BUFFER, cb);
  glBufferSubData(GL_ARRAY_BUFFER, 0, 24, red.data());
  glBindBuffer(GL_ARRAY_BUFFER, lb);
  glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, nullptr);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  glBindBuffer(GL_ARRAY_BUFFER, cb);
  green.resize(48, 0);
  glBufferData(GL_ARRAY_BUFFER, 48, green.data(), GL_DYNAMIC_DRAW);
  glBindBuffer(GL_ARRAY_BUFFER, rb);
  glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, nullptr);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  EXPECT_PIXEL(8, 16, rgba(255, 0, 0));
  EXPECT_PIXEL(24, 16, rgba(0, 255, 0));
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

TEST_F(Draw, LineLoopIsClosed) {
  // A loop around the pixel centres of column 2 and 29: the closing edge is
  // the left one.
  const float x0 = (2.5f / kWidth) * 2 - 1, x1 = (29.5f / kWidth) * 2 - 1;
  const float y0 = (2.5f / kHeight) * 2 - 1, y1 = (29.5f / kHeight) * 2 - 1;
  const float pos[] = {x0, y1, x0, y0, x1, y0, x1, y1};
  buffer(GL_ARRAY_BUFFER, pos, sizeof(pos));
  glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, nullptr);
  glEnableVertexAttribArray(0);
  glVertexAttrib4f(1, 1, 1, 1, 1);
  glDrawArrays(GL_LINE_LOOP, 1, 3);  // (x0,y0) (x1,y0) (x1,y1) back to (x0,y0): a diagonal
  glDrawArrays(GL_LINE_LOOP, 0, 4);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  EXPECT_PIXEL(29, 16, rgba(255, 255, 255));
  EXPECT_PIXEL(16, 29, rgba(255, 255, 255));  // the closing edge
}

// Lit pixels per column of the 32x32 window, for x-major lines.
std::vector<int> column_counts(const std::vector<uint32_t>& px, int width, int height) {
  std::vector<int> counts(width, 0);
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x)
      if (px[y * width + x] & 0xffffffu) ++counts[x];
  return counts;
}

// Without multisampling GL lines are "aliased" (ES 3.0 §3.5.2): an x-major
// line of width w lights exactly w fragments in each column it crosses
// (the diamond-exit rule for w = 1, a run along the minor axis otherwise).
// Vulkan's rectangular lines, a parallelogram perpendicular to the line,
// light w / cos(angle) rows per column on a slope: 1 or 2 for a narrow
// line at about 23 degrees, 3 or 4 for a 3-pixel one.
TEST_F(Draw, AliasedLinesLightWidthFragmentsPerColumn) {
  GLfloat range[2] = {};
  glGetFloatv(GL_ALIASED_LINE_WIDTH_RANGE, range);
  // Columns 3..28 are crossed well inside the line's ends; the slope is
  // 12/28 pixels per pixel.
  const float pos[] = {2.0f / kWidth * 2 - 1, 8.3f / kHeight * 2 - 1, 30.0f / kWidth * 2 - 1, 20.3f / kHeight * 2 - 1};
  buffer(GL_ARRAY_BUFFER, pos, sizeof(pos));
  glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, nullptr);
  glEnableVertexAttribArray(0);
  glVertexAttrib4f(1, 1, 1, 1, 1);
  for (float width : {1.0f, 3.0f}) {
    if (width > range[1]) continue;
    SCOPED_TRACE(width);
    glClear(GL_COLOR_BUFFER_BIT);
    glLineWidth(width);
    glDrawArrays(GL_LINES, 0, 2);
    const std::vector<int> counts = column_counts(read_pixels(), kWidth, kHeight);
    for (int x = 3; x <= 28; ++x) EXPECT_EQ(counts[x], int(width)) << "column " << x;
  }
  glLineWidth(1.0f);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

// With primitive restart each loop between restart indices is closed by
// its own first vertex (ES 3.0 §2.8.1), not only the last one.
TEST_F(Draw, LineLoopsBetweenRestartsAreEachClosed) {
  const float x0 = (2.5f / kWidth) * 2 - 1, x1 = (29.5f / kWidth) * 2 - 1;
  const float y0 = (2.5f / kHeight) * 2 - 1, y1 = (29.5f / kHeight) * 2 - 1;
  const float pos[] = {x0, y1, x0, y0, x1, y0, x1, y1};  // TL BL BR TR
  buffer(GL_ARRAY_BUFFER, pos, sizeof(pos));
  glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, nullptr);
  glEnableVertexAttribArray(0);
  glVertexAttrib4f(1, 1, 1, 1, 1);
  // TR TL BL (closed by the BL-TR diagonal), restart, BR TR.
  const uint16_t idx[] = {3, 0, 1, 0xffff, 2, 3};
  buffer(GL_ELEMENT_ARRAY_BUFFER, idx, sizeof(idx));
  glEnable(GL_PRIMITIVE_RESTART_FIXED_INDEX);
  glDrawElements(GL_LINE_LOOP, 6, GL_UNSIGNED_SHORT, nullptr);
  glDisable(GL_PRIMITIVE_RESTART_FIXED_INDEX);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  EXPECT_PIXEL(16, 16, rgba(255, 255, 255));  // the first loop's closing edge
  EXPECT_PIXEL(29, 16, rgba(255, 255, 255));  // the second loop
  EXPECT_PIXEL(16, 29, rgba(255, 255, 255));  // the first loop's top edge
  EXPECT_PIXEL(16, 2, rgba(0, 0, 0, 0));      // BL-BR: no loop has that edge
}

TEST_F(Draw, ClientArraysWithElementBufferAndIndexedLineLoop) {
  // Client vertex arrays, indices in a buffer object: the index range is
  // read back to size the streamed arrays.
  glBindBuffer(GL_ARRAY_BUFFER, 0);
  static const float pos[] = {5, 5, 5, 5, 5, 5, -1, -1, 1, -1, -1, 1, 1, 1};
  glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, pos);
  glEnableVertexAttribArray(0);
  glVertexAttrib4f(1, 0, 1, 1, 1);
  const uint32_t idx[] = {3, 4, 5, 5, 4, 6};
  buffer(GL_ELEMENT_ARRAY_BUFFER, idx, sizeof(idx));
  glDrawElements(GL_TRIANGLES, 6, GL_UNSIGNED_INT, nullptr);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  EXPECT_PIXEL(16, 16, rgba(0, 255, 255));
  EXPECT_PIXEL(30, 30, rgba(0, 255, 255));
  // An indexed line loop around pixel centres: the closing edge is drawn.
  glClear(GL_COLOR_BUFFER_BIT);
  const float x0 = (2.5f / kWidth) * 2 - 1, x1 = (29.5f / kWidth) * 2 - 1;
  const float y0 = (2.5f / kHeight) * 2 - 1, y1 = (29.5f / kHeight) * 2 - 1;
  const float loop[] = {x0, y1, x0, y0, x1, y0, x1, y1};
  glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, loop);
  glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, 0);  // client indices
  const uint16_t li[] = {0, 1, 2, 3};
  glDrawElements(GL_LINE_LOOP, 4, GL_UNSIGNED_SHORT, li);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  EXPECT_PIXEL(16, 29, rgba(0, 255, 255));  // the closing edge
  EXPECT_PIXEL(2, 16, rgba(0, 255, 255));
}

// Counts far past the element buffer: the indices are checked against the
// buffer before anything is sized by the count, so nothing is allocated or
// read out of bounds, and the context keeps drawing.
TEST_F(Draw, HugeCountsPastTheElementBuffer) {
  quad_positions();
  glVertexAttrib4f(1, 0, 1, 0, 1);
  const uint32_t idx[] = {0, 1, 2, 3, 4, 5};
  buffer(GL_ELEMENT_ARRAY_BUFFER, idx, sizeof(idx));
  const GLsizei huge = std::numeric_limits<GLsizei>::max();
  glDrawElements(GL_LINE_LOOP, huge, GL_UNSIGNED_INT, nullptr);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glDrawElements(GL_LINE_LOOP, 4, GL_UNSIGNED_INT, reinterpret_cast<const void*>(std::uintptr_t{1} << 62));
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  // A loop of INT_MAX generated indices may not fit the index stream: out of
  // memory is the only error GL allows for it.
  glDrawArrays(GL_LINE_LOOP, 0, huge);
  const GLenum e = glGetError();
  EXPECT_TRUE(e == GL_NO_ERROR || e == GL_OUT_OF_MEMORY) << std::hex << e;
  glDrawElements(GL_TRIANGLES, 6, GL_UNSIGNED_INT, nullptr);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  EXPECT_PIXEL(16, 16, rgba(0, 255, 0));
}

TEST_F(Draw, Errors) {
  quad_positions();
  glDrawArrays(0x0007 /* GL_QUADS */, 0, 3);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  glDrawArrays(GL_TRIANGLES, 0, -1);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glDrawArrays(GL_TRIANGLES, -1, 3);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glDrawArraysInstanced(GL_TRIANGLES, 0, 3, -1);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  static const uint16_t idx[] = {0, 1, 2};
  glDrawElements(GL_TRIANGLES, 3, GL_FLOAT, idx);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  glDrawElements(GL_TRIANGLES, -3, GL_UNSIGNED_SHORT, idx);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glDrawRangeElements(GL_TRIANGLES, 5, 2, 3, GL_UNSIGNED_SHORT, idx);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  // A mapped vertex buffer or element buffer.
  ASSERT_NE(glMapBufferRange(GL_ARRAY_BUFFER, 0, 8, GL_MAP_READ_BIT), nullptr);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glUnmapBuffer(GL_ARRAY_BUFFER);
  buffer(GL_ELEMENT_ARRAY_BUFFER, idx, sizeof(idx));
  ASSERT_NE(glMapBufferRange(GL_ELEMENT_ARRAY_BUFFER, 0, 2, GL_MAP_WRITE_BIT), nullptr);
  glDrawElements(GL_TRIANGLES, 3, GL_UNSIGNED_SHORT, nullptr);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glUnmapBuffer(GL_ELEMENT_ARRAY_BUFFER);
  // An enabled array without a buffer in a non-default VAO.
  GLuint vao = 0;
  glGenVertexArrays(1, &vao);
  glBindVertexArray(vao);
  glEnableVertexAttribArray(0);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glBindVertexArray(0);
  glDeleteVertexArrays(1, &vao);
  // Nothing was drawn by the failing calls.
  EXPECT_PIXEL(16, 16, rgba(0, 0, 0, 0));
}

}  // namespace
}  // namespace brass::e2e
