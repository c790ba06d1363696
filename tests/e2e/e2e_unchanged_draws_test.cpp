// Unchanged draws (driver draw_needs_nothing, batch/pending_draws.h, issue
// 19): a draw with nothing changed since the last one records its draw
// command alone, and consecutive such draws are recorded late, merged into
// one multi-draw command. Every test draws quadrants one after another with
// no state change (the later ones take that path: BRASS_STATS
// draw.unchanged), then does something between two of them that needs the
// recorded order or changes what the next draw sees — a clear, a query, a
// buffer update, a uniform, blend state — and checks the pixels.
#include <dlfcn.h>

#include "e2e_fixture.h"

namespace brass::e2e {
namespace {

using StatsValueFn = bool (*)(const char*, uint64_t*);

const char* kVs = R"(#version 300 es
layout(location = 0) in vec2 pos;
void main() { gl_Position = vec4(pos, 0.5, 1.0); })";
const char* kFs = R"(#version 300 es
precision mediump float;
uniform vec4 u_color;
out vec4 o;
void main() { o = u_color; })";

// Quadrant q (0: bottom left, 1: bottom right, 2: top left, 3: top right)
// as two triangles, vertices 6q .. 6q+5.
void quadrant(int q, float* v) {
  const float x0 = (q & 1) ? 0.0f : -1.0f, y0 = (q & 2) ? 0.0f : -1.0f, x1 = x0 + 1.0f, y1 = y0 + 1.0f;
  const float t[12] = {x0, y0, x1, y0, x0, y1, x0, y1, x1, y0, x1, y1};
  for (int i = 0; i < 12; ++i) v[i] = t[i];
}

class UnchangedDraws : public GlesTest {
 protected:
  void SetUp() override {
    GlesTest::SetUp();
    if (HasFatalFailure()) return;
    void* lib = dlopen("libEGL_brass.so", RTLD_NOLOAD | RTLD_NOW);
    if (!lib) lib = dlopen(BRASS_E2E_VENDOR_LIBRARY, RTLD_NOLOAD | RTLD_NOW);
    ASSERT_NE(lib, nullptr) << "libEGL_brass.so is not loaded: " << dlerror();
    stats_value_ = reinterpret_cast<StatsValueFn>(dlsym(lib, "brass_stats_value"));
    dlclose(lib);  // glvnd keeps it loaded
    ASSERT_NE(stats_value_, nullptr);
    prog_ = program(kVs, kFs);
    glUseProgram(prog_);
    color_ = glGetUniformLocation(prog_, "u_color");
    glUniform4f(color_, 1, 0, 0, 1);
    float v[48];
    for (int q = 0; q < 4; ++q) quadrant(q, v + 12 * q);
    glGenBuffers(1, &vbo_);
    glBindBuffer(GL_ARRAY_BUFFER, vbo_);
    glBufferData(GL_ARRAY_BUFFER, sizeof(v), v, GL_STATIC_DRAW);
    glGenVertexArrays(1, &vao_);
    glBindVertexArray(vao_);
    glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, nullptr);
    glEnableVertexAttribArray(0);
    glClearColor(0, 0, 1, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  }
  void TearDown() override {
    glDeleteVertexArrays(1, &vao_);
    glDeleteBuffers(1, &vbo_);
    glDeleteProgram(prog_);
    GlesTest::TearDown();
  }
  uint64_t counter(const char* name) {
    uint64_t value = 0;
    if (!stats_value_(name, &value)) ADD_FAILURE() << "no counter " << name;
    return value;
  }
  static void draw(int q) { glDrawArrays(GL_TRIANGLES, 6 * q, 6); }
  // The centre pixel of quadrant q.
  uint32_t at(int q) { return pixel((q & 1) ? 3 * kWidth / 4 : kWidth / 4, (q & 2) ? 3 * kHeight / 4 : kHeight / 4); }

  StatsValueFn stats_value_ = nullptr;
  GLuint prog_ = 0, vbo_ = 0, vao_ = 0;
  GLint color_ = -1;
};

TEST_F(UnchangedDraws, ConsecutiveDrawsAllDrawAndTakeTheUnchangedPath) {
  const uint64_t before = counter("draw.unchanged");
  draw(0);  // the whole path: the program, buffers and uniform are new
  for (int q = 1; q < 4; ++q) draw(q);
  glFinish();
  EXPECT_EQ(counter("draw.unchanged") - before, 3u) << "draws with nothing changed took the whole path";
  for (int q = 0; q < 4; ++q) EXPECT_EQ(at(q), rgba(255, 0, 0)) << "quadrant " << q;
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
}

// A clear after unchanged draws clears what they drew: recorded after them.
TEST_F(UnchangedDraws, ClearAfterUnchangedDrawsComesAfterThem) {
  draw(0);
  draw(1);
  draw(2);
  glEnable(GL_SCISSOR_TEST);
  glScissor(kWidth / 2, 0, kWidth / 2, kHeight / 2);  // quadrant 1
  glClearColor(0, 1, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  glDisable(GL_SCISSOR_TEST);
  draw(3);
  EXPECT_EQ(at(0), rgba(255, 0, 0));
  EXPECT_EQ(at(1), rgba(0, 255, 0)) << "the draw before the clear was recorded after it";
  EXPECT_EQ(at(2), rgba(255, 0, 0));
  EXPECT_EQ(at(3), rgba(255, 0, 0));
}

// An occlusion query begun after unchanged draws and ended before the next
// counts none of their samples; one around an unchanged draw counts it.
TEST_F(UnchangedDraws, QueryBetweenUnchangedDrawsCountsOnlyItsOwn) {
  GLuint queries[2];
  glGenQueries(2, queries);
  draw(0);
  draw(1);
  draw(2);
  glBeginQuery(GL_ANY_SAMPLES_PASSED, queries[0]);
  glEndQuery(GL_ANY_SAMPLES_PASSED);
  draw(3);
  glBeginQuery(GL_ANY_SAMPLES_PASSED, queries[1]);
  draw(3);
  glEndQuery(GL_ANY_SAMPLES_PASSED);
  GLuint passed[2] = {7, 7};
  glGetQueryObjectuiv(queries[0], GL_QUERY_RESULT, &passed[0]);
  glGetQueryObjectuiv(queries[1], GL_QUERY_RESULT, &passed[1]);
  EXPECT_EQ(passed[0], 0u) << "draws made before the query were counted in it";
  EXPECT_EQ(passed[1], 1u) << "the draw inside the query was not counted";
  glDeleteQueries(2, queries);
}

// Vertex data replaced between unchanged draws: the draws before read the
// old vertices, the ones after the new.
TEST_F(UnchangedDraws, BufferUpdateBetweenUnchangedDrawsIsOrdered) {
  draw(0);
  draw(1);  // quadrant 1 from vertices 6..11
  float v[12];
  quadrant(3, v);
  glBufferSubData(GL_ARRAY_BUFFER, 6 * 2 * sizeof(float), sizeof(v), v);  // vertices 6..11 now cover quadrant 3
  glUniform4f(color_, 0, 1, 0, 1);
  draw(1);
  EXPECT_EQ(at(0), rgba(255, 0, 0));
  EXPECT_EQ(at(1), rgba(255, 0, 0)) << "the draw before the update read the new vertices";
  EXPECT_EQ(at(3), rgba(0, 255, 0));
  EXPECT_EQ(at(2), rgba(0, 0, 255));
}

// State changed between unchanged draws reaches the next draw, and the
// unchanged draws after it keep it: a uniform, then blending, then a
// color mask, each followed by two draws.
TEST_F(UnchangedDraws, StateChangesBetweenUnchangedDrawsReachTheNextDraws) {
  draw(0);
  draw(1);
  glUniform4f(color_, 0, 1, 0, 1);
  draw(2);
  draw(3);
  EXPECT_EQ(at(0), rgba(255, 0, 0));
  EXPECT_EQ(at(1), rgba(255, 0, 0));
  EXPECT_EQ(at(2), rgba(0, 255, 0));
  EXPECT_EQ(at(3), rgba(0, 255, 0));
  glEnable(GL_BLEND);
  glBlendFunc(GL_ONE, GL_ONE);
  glUniform4f(color_, 1, 0, 0, 1);
  draw(2);
  draw(3);
  EXPECT_EQ(at(2), rgba(255, 255, 0)) << "blending enabled between draws";
  EXPECT_EQ(at(3), rgba(255, 255, 0)) << "the unchanged draw after it did not blend";
  glDisable(GL_BLEND);
  glColorMask(GL_FALSE, GL_TRUE, GL_TRUE, GL_TRUE);
  glUniform4f(color_, 1, 1, 1, 1);
  draw(0);
  draw(1);
  EXPECT_EQ(at(0), rgba(255, 255, 255)) << "red was written: the mask did not reach the draw";
  EXPECT_EQ(at(1), rgba(255, 255, 255));
  glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
  glViewport(0, 0, kWidth / 2, kHeight / 2);  // every quadrant lands in quadrant 0, a quarter of it
  glUniform4f(color_, 0, 0, 0, 1);
  draw(3);
  draw(3);
  EXPECT_EQ(pixel(3 * kWidth / 8, 3 * kHeight / 8), rgba(0, 0, 0)) << "the viewport did not reach the draws";
  EXPECT_EQ(at(3), rgba(255, 255, 0)) << "drawn outside the viewport";
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
}

// Indexed draws, and instanced ones, alternate with plain ones: a merged
// group holds draws of one kind only.
TEST_F(UnchangedDraws, IndexedAndInstancedDrawsBetweenUnchangedDraws) {
  GLuint ebo = 0;
  const uint16_t indices[24] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23};
  glGenBuffers(1, &ebo);
  glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, ebo);
  glBufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof(indices), indices, GL_STATIC_DRAW);
  draw(0);
  draw(0);
  glDrawElements(GL_TRIANGLES, 6, GL_UNSIGNED_SHORT, reinterpret_cast<const void*>(6 * sizeof(uint16_t)));
  glDrawElements(GL_TRIANGLES, 6, GL_UNSIGNED_SHORT, reinterpret_cast<const void*>(12 * sizeof(uint16_t)));
  glDrawArraysInstanced(GL_TRIANGLES, 18, 6, 2);
  draw(0);
  for (int q = 0; q < 4; ++q) EXPECT_EQ(at(q), rgba(255, 0, 0)) << "quadrant " << q;
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  glDeleteBuffers(1, &ebo);
}

}  // namespace
}  // namespace brass::e2e
