// ARB_shader_subroutine in a GL 3.3 core context (GLSL 3.30 with the
// extension): subroutine types, functions and uniforms (arrays too) are
// lowered by the compiler to a uniform selection array; draws pick the
// functions glUniformSubroutinesuiv selected, without new pipelines; the
// queries, the program interface and the errors of GL 4.6 §7.10.

#include <cstring>
#include <string>

#include "e2e_gl_core_fixture.h"
#include "../wait_for_driver.h"
#include "../brass_stats.h"

namespace brass::e2e {
namespace {

// The vertex stage moves the triangle away with `off_screen`.
const char* kVs = R"(#version 330 core
#extension GL_ARB_shader_subroutine : require
subroutine vec2 place_t(vec2 p);
subroutine uniform place_t place;
subroutine(place_t) vec2 in_place(vec2 p) { return p; }
subroutine(place_t) vec2 off_screen(vec2 p) { return p + vec2(8.0); }
void main() {
  vec2 p = vec2(gl_VertexID == 1 ? 3.0 : -1.0, gl_VertexID == 2 ? 3.0 : -1.0);
  gl_Position = vec4(place(p), 0.0, 1.0);
})";

// red or green from `pick`; blue the sum of the two `chans` elements.
const char* kFs = R"(#version 330 core
#extension GL_ARB_shader_subroutine : require
out vec4 color;
subroutine vec4 colour_t(vec4 base);
subroutine float channel_t();
subroutine uniform colour_t pick;
subroutine uniform channel_t chans[2];
subroutine(colour_t) vec4 red(vec4 b) { return vec4(1.0, b.g, b.b, 1.0); }
subroutine(colour_t) vec4 green(vec4 b) { return vec4(b.r, 1.0, b.b, 1.0); }
subroutine(channel_t) float none() { return 0.0; }
subroutine(channel_t) float half_of_it() { return 0.5; }
uniform int dynamic_index;
void main() {
  color = pick(vec4(0.0, 0.0, chans[0]() + chans[dynamic_index](), 1.0));
})";

class GlCoreSubroutineTest : public GlCoreTest {
 protected:
  void SetUp() override {
    GlCoreTest::SetUp();
    if (HasFatalFailure()) return;
    ASSERT_TRUE(has_extension("GL_ARB_shader_subroutine"));
    prog_ = program(kVs, kFs);
    glUseProgram(prog_);
    glUniform1i(glGetUniformLocation(prog_, "dynamic_index"), 1);
  }
  void TearDown() override {
    glUseProgram(0);
    if (prog_) glDeleteProgram(prog_);
    GlCoreTest::TearDown();
  }

  GLuint fs_index(const char* name) { return glGetSubroutineIndex(prog_, GL_FRAGMENT_SHADER, name); }
  GLint fs_location(const char* name) { return glGetSubroutineUniformLocation(prog_, GL_FRAGMENT_SHADER, name); }

  // Selects `colour` for pick and `c0`, `c1` for chans[0], chans[1].
  void select_fs(const char* colour, const char* c0, const char* c1) {
    GLuint indices[3] = {};
    indices[fs_location("pick")] = fs_index(colour);
    indices[fs_location("chans[0]")] = fs_index(c0);
    indices[fs_location("chans[1]")] = fs_index(c1);
    glUniformSubroutinesuiv(GL_FRAGMENT_SHADER, 3, indices);
  }
  void select_vs(const char* place) {
    const GLuint index = glGetSubroutineIndex(prog_, GL_VERTEX_SHADER, place);
    glUniformSubroutinesuiv(GL_VERTEX_SHADER, 1, &index);
  }
  uint32_t draw() {
    glClearColor(0.0f, 0.0f, 0.0f, 0.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    glDrawArrays(GL_TRIANGLES, 0, 3);
    return pixel(kWidth / 2, kHeight / 2);
  }

  GLuint prog_ = 0;
};

TEST_F(GlCoreSubroutineTest, Limits) {
  GLint v = 0;
  glGetIntegerv(GL_MAX_SUBROUTINES, &v);
  EXPECT_GE(v, 256);
  glGetIntegerv(GL_MAX_SUBROUTINE_UNIFORM_LOCATIONS, &v);
  EXPECT_GE(v, 1024);
}

TEST_F(GlCoreSubroutineTest, DrawsTheSelectedFunctions) {
  // Defaults after glUseProgram: each uniform's lowest compatible index.
  EXPECT_EQ(draw(), rgba(255, 0, 0));  // red, none + none
  select_vs("in_place");
  select_fs("green", "half_of_it", "none");
  EXPECT_TRUE(colour_near(draw(), rgba(0, 255, 128)));
  select_vs("in_place");
  select_fs("red", "half_of_it", "half_of_it");  // chans[dynamic_index] with index 1
  EXPECT_EQ(draw(), rgba(255, 0, 255));
  select_vs("off_screen");
  select_fs("red", "none", "none");
  EXPECT_EQ(draw(), rgba(0, 0, 0, 0));
}

TEST_F(GlCoreSubroutineTest, SwitchingCreatesNoPipelines) {
  auto stats_value = brass_stats_value_function();
  ASSERT_NE(stats_value, nullptr) << "libEGL_brass.so is not loaded or does not export brass_stats_value";
  auto counters = [&] {
    wait_for_driver_thread();
    uint64_t total = 0;
    for (const char* name : {"pipeline.created", "pipeline.draw_path.fast_links", "pipeline.draw_path.full_compiles"}) {
      uint64_t v = 0;
      EXPECT_TRUE(stats_value(name, &v)) << name;
      total += v;
    }
    return total;
  };
  select_fs("green", "none", "none");
  EXPECT_EQ(draw(), rgba(0, 255, 0));
  const uint64_t before = counters();
  for (int i = 0; i < 4; ++i) {
    select_fs(i % 2 ? "green" : "red", "half_of_it", "none");
    EXPECT_TRUE(colour_near(draw(), i % 2 ? rgba(0, 255, 128) : rgba(255, 0, 128)));
  }
  EXPECT_EQ(counters(), before) << "a subroutine switch made a pipeline";
}

TEST_F(GlCoreSubroutineTest, SelectionsResetOnUseProgram) {
  select_fs("green", "half_of_it", "half_of_it");
  GLuint v = 99;
  glGetUniformSubroutineuiv(GL_FRAGMENT_SHADER, fs_location("pick"), &v);
  EXPECT_EQ(v, fs_index("green"));
  glUseProgram(prog_);
  glGetUniformSubroutineuiv(GL_FRAGMENT_SHADER, fs_location("pick"), &v);
  EXPECT_EQ(v, fs_index("red"));
  glGetUniformSubroutineuiv(GL_FRAGMENT_SHADER, fs_location("chans[1]"), &v);
  EXPECT_EQ(v, fs_index("none"));
  EXPECT_EQ(draw(), rgba(255, 0, 0));
}

TEST_F(GlCoreSubroutineTest, StageQueries) {
  GLint v = -1;
  glGetProgramStageiv(prog_, GL_FRAGMENT_SHADER, GL_ACTIVE_SUBROUTINE_UNIFORMS, &v);
  EXPECT_EQ(v, 2);
  glGetProgramStageiv(prog_, GL_FRAGMENT_SHADER, GL_ACTIVE_SUBROUTINE_UNIFORM_LOCATIONS, &v);
  EXPECT_EQ(v, 3);
  glGetProgramStageiv(prog_, GL_FRAGMENT_SHADER, GL_ACTIVE_SUBROUTINES, &v);
  EXPECT_EQ(v, 4);
  glGetProgramStageiv(prog_, GL_FRAGMENT_SHADER, GL_ACTIVE_SUBROUTINE_MAX_LENGTH, &v);
  EXPECT_EQ(v, static_cast<GLint>(std::strlen("half_of_it") + 1));
  glGetProgramStageiv(prog_, GL_FRAGMENT_SHADER, GL_ACTIVE_SUBROUTINE_UNIFORM_MAX_LENGTH, &v);
  EXPECT_EQ(v, static_cast<GLint>(std::strlen("chans[0]") + 1));
  glGetProgramStageiv(prog_, GL_VERTEX_SHADER, GL_ACTIVE_SUBROUTINES, &v);
  EXPECT_EQ(v, 2);
  glGetProgramStageiv(prog_, GL_GEOMETRY_SHADER, GL_ACTIVE_SUBROUTINE_UNIFORMS, &v);
  EXPECT_EQ(v, 0);

  // Every index names its subroutine; names map back to indices.
  for (GLuint i = 0; i < 4; ++i) {
    char name[32] = {};
    GLsizei length = 0;
    glGetActiveSubroutineName(prog_, GL_FRAGMENT_SHADER, i, sizeof(name), &length, name);
    EXPECT_EQ(fs_index(name), i) << name;
    EXPECT_EQ(length, static_cast<GLsizei>(std::strlen(name)));
  }
  EXPECT_EQ(fs_index("missing"), GL_INVALID_INDEX);
  EXPECT_EQ(fs_location("missing"), -1);
  EXPECT_EQ(fs_location("chans"), fs_location("chans[0]"));
  EXPECT_EQ(fs_location("chans[1]"), fs_location("chans[0]") + 1);
  EXPECT_EQ(fs_location("chans[2]"), -1);

  GLint count = 0;
  glGetProgramStageiv(prog_, GL_FRAGMENT_SHADER, GL_ACTIVE_SUBROUTINE_UNIFORMS, &count);
  bool saw_array = false;
  for (GLint i = 0; i < count; ++i) {
    char name[32] = {};
    glGetActiveSubroutineUniformName(prog_, GL_FRAGMENT_SHADER, GLuint(i), sizeof(name), nullptr, name);
    GLint size = 0, compatible_count = 0, name_length = 0;
    glGetActiveSubroutineUniformiv(prog_, GL_FRAGMENT_SHADER, GLuint(i), GL_UNIFORM_SIZE, &size);
    glGetActiveSubroutineUniformiv(prog_, GL_FRAGMENT_SHADER, GLuint(i), GL_NUM_COMPATIBLE_SUBROUTINES,
                                   &compatible_count);
    glGetActiveSubroutineUniformiv(prog_, GL_FRAGMENT_SHADER, GLuint(i), GL_UNIFORM_NAME_LENGTH, &name_length);
    EXPECT_EQ(name_length, static_cast<GLint>(std::strlen(name) + 1));
    ASSERT_EQ(compatible_count, 2);
    GLint compatible[2] = {-1, -1};
    glGetActiveSubroutineUniformiv(prog_, GL_FRAGMENT_SHADER, GLuint(i), GL_COMPATIBLE_SUBROUTINES, compatible);
    const bool array = std::string(name) == "chans[0]";
    saw_array = saw_array || array;
    EXPECT_EQ(size, array ? 2 : 1) << name;
    const char* expected[2] = {array ? "none" : "red", array ? "half_of_it" : "green"};
    for (const char* e : expected)
      EXPECT_TRUE(GLuint(compatible[0]) == fs_index(e) || GLuint(compatible[1]) == fs_index(e)) << name << " " << e;
  }
  EXPECT_TRUE(saw_array);
}

TEST_F(GlCoreSubroutineTest, ProgramInterface) {
  GLint v = -1;
  glGetProgramInterfaceiv(prog_, GL_FRAGMENT_SUBROUTINE_UNIFORM, GL_ACTIVE_RESOURCES, &v);
  EXPECT_EQ(v, 2);
  glGetProgramInterfaceiv(prog_, GL_FRAGMENT_SUBROUTINE, GL_ACTIVE_RESOURCES, &v);
  EXPECT_EQ(v, 4);
  glGetProgramInterfaceiv(prog_, GL_FRAGMENT_SUBROUTINE_UNIFORM, GL_MAX_NUM_COMPATIBLE_SUBROUTINES, &v);
  EXPECT_EQ(v, 2);
  glGetProgramInterfaceiv(prog_, GL_VERTEX_SUBROUTINE_UNIFORM, GL_MAX_NAME_LENGTH, &v);
  EXPECT_EQ(v, static_cast<GLint>(std::strlen("place") + 1));
  glGetProgramInterfaceiv(prog_, GL_FRAGMENT_SUBROUTINE, GL_MAX_NUM_COMPATIBLE_SUBROUTINES, &v);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));

  const GLuint index = glGetProgramResourceIndex(prog_, GL_FRAGMENT_SUBROUTINE_UNIFORM, "chans");
  ASSERT_NE(index, GL_INVALID_INDEX);
  const GLenum props[] = {GL_ARRAY_SIZE, GL_LOCATION, GL_NUM_COMPATIBLE_SUBROUTINES, GL_NAME_LENGTH};
  GLint values[4] = {};
  GLsizei length = 0;
  glGetProgramResourceiv(prog_, GL_FRAGMENT_SUBROUTINE_UNIFORM, index, 4, props, 4, &length, values);
  EXPECT_EQ(length, 4);
  EXPECT_EQ(values[0], 2);
  EXPECT_EQ(values[1], fs_location("chans[0]"));
  EXPECT_EQ(values[2], 2);
  EXPECT_EQ(values[3], static_cast<GLint>(std::strlen("chans[0]") + 1));
  EXPECT_EQ(glGetProgramResourceLocation(prog_, GL_FRAGMENT_SUBROUTINE_UNIFORM, "chans[1]"), values[1] + 1);
  EXPECT_EQ(glGetProgramResourceIndex(prog_, GL_FRAGMENT_SUBROUTINE, "green"), fs_index("green"));
  // Subroutines have a name only; TYPE is no subroutine uniform property.
  const GLenum type = GL_TYPE;
  glGetProgramResourceiv(prog_, GL_FRAGMENT_SUBROUTINE, 0, 1, &type, 1, nullptr, values);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glGetProgramResourceiv(prog_, GL_FRAGMENT_SUBROUTINE_UNIFORM, index, 1, &type, 1, nullptr, values);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  // The selection array Brass lowers them to is no GL uniform.
  GLint uniforms = 0;
  glGetProgramiv(prog_, GL_ACTIVE_UNIFORMS, &uniforms);
  EXPECT_EQ(uniforms, 1);  // dynamic_index
}

TEST_F(GlCoreSubroutineTest, Errors) {
  GLuint indices[3] = {0, 2, 2};
  indices[fs_location("pick")] = fs_index("red");
  glUniformSubroutinesuiv(GL_FRAGMENT_SHADER, 2, indices);  // count must be 3
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  indices[fs_location("chans[0]")] = fs_index("none");
  indices[fs_location("chans[1]")] = 4;  // out of range
  glUniformSubroutinesuiv(GL_FRAGMENT_SHADER, 3, indices);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  indices[fs_location("chans[1]")] = fs_index("green");  // not a channel_t
  glUniformSubroutinesuiv(GL_FRAGMENT_SHADER, 3, indices);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  GLuint v = 99;
  glGetUniformSubroutineuiv(GL_FRAGMENT_SHADER, fs_location("chans[0]"), &v);
  EXPECT_EQ(v, fs_index("none")) << "a failed call changed a selection";
  glGetUniformSubroutineuiv(GL_FRAGMENT_SHADER, 3, &v);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  glUniformSubroutinesuiv(GL_GEOMETRY_SHADER, 0, indices);  // the program has no geometry stage
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glUniformSubroutinesuiv(GL_TEXTURE_2D, 0, indices);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  GLint iv = 0;
  glGetActiveSubroutineUniformiv(prog_, GL_FRAGMENT_SHADER, 0, GL_UNIFORM_TYPE, &iv);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  glGetActiveSubroutineUniformiv(prog_, GL_FRAGMENT_SHADER, 2, GL_UNIFORM_SIZE, &iv);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  glGetProgramStageiv(prog_, GL_FRAGMENT_SHADER, GL_ACTIVE_UNIFORMS, &iv);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  glUseProgram(0);
  glUniformSubroutinesuiv(GL_FRAGMENT_SHADER, 3, indices);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glGetUniformSubroutineuiv(GL_FRAGMENT_SHADER, 0, &v);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
}

TEST_F(GlCoreSubroutineTest, ExplicitIndicesAndLocations) {
  const char* fs = R"(#version 330 core
#extension GL_ARB_shader_subroutine : require
#extension GL_ARB_explicit_uniform_location : require
out vec4 color;
const int base = 2;
subroutine float channel_t();
layout(location = base + 1) subroutine uniform channel_t chan[2];
layout(index = 5) subroutine(channel_t) float full() { return 1.0; }
subroutine(channel_t) float empty() { return 0.0; }
void main() { color = vec4(chan[0](), chan[1](), 0.0, 1.0); })";
  const GLuint p = program(kCoreFullscreenVs, fs);
  glUseProgram(p);
  EXPECT_EQ(glGetSubroutineUniformLocation(p, GL_FRAGMENT_SHADER, "chan[1]"), 4);
  EXPECT_EQ(glGetSubroutineIndex(p, GL_FRAGMENT_SHADER, "full"), 5u);
  EXPECT_EQ(glGetSubroutineIndex(p, GL_FRAGMENT_SHADER, "empty"), 0u);
  GLint v = 0;
  glGetProgramStageiv(p, GL_FRAGMENT_SHADER, GL_ACTIVE_SUBROUTINE_UNIFORM_LOCATIONS, &v);
  EXPECT_EQ(v, 5);
  // Locations 0-2 are unused: their values are ignored.
  const GLuint indices[5] = {7, 7, 7, 5, 0};
  glUniformSubroutinesuiv(GL_FRAGMENT_SHADER, 5, indices);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  glClear(GL_COLOR_BUFFER_BIT);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(pixel(1, 1), rgba(255, 0, 0));
  glUseProgram(prog_);
  glDeleteProgram(p);
}

TEST_F(GlCoreSubroutineTest, CompileAndLinkErrors) {
  const std::string head = "#version 330 core\n#extension GL_ARB_shader_subroutine : require\n";
  const char* bad_compiles[] = {
      // Signatures must match exactly.
      "subroutine void t(float x);\nsubroutine(t) void f(int x) {}\n",
      "subroutine void t();\nsubroutine(t) int f() { return 1; }\n",
      // Undeclared type, empty list, no body, two qualifiers.
      "subroutine(nothing) void f() {}\n",
      "subroutine() void f() {}\n",
      "subroutine void t();\nsubroutine(t) void f();\n",
      "subroutine void t();\nsubroutine(t) subroutine(t) void f() {}\n",
      // `subroutine` is a keyword; a type name is no function.
      "int subroutine;\n",
      "subroutine int x;\n",
      "subroutine void t();\nvoid t(int a) {}\n",
      "subroutine vec4 t(vec2 p);\nvec4 g() { return t(vec2(0.0)); }\n",
      // layout(index) needs explicit uniform locations.
      "subroutine void t();\nlayout(index = 2) subroutine(t) void f() {}\n",
      // A subroutine function is not overloaded.
      "subroutine void t();\nsubroutine(t) void f() {}\nvoid f(int x) {}\n",
      // Wrong arguments in a call through the uniform.
      "subroutine void t();\nsubroutine(t) void f() {}\nsubroutine uniform t u;\nvoid g() { u(42); }\n",
  };
  for (const char* body : bad_compiles) {
    const std::string src = head + body + "void main() {}\n";
    glDeleteShader(shader(GL_VERTEX_SHADER, src.c_str(), false));
  }
  // Recursion through a subroutine uniform fails the link.
  const std::string recursive = head + R"(out vec4 color;
subroutine float t(int x);
subroutine uniform t u;
subroutine(t) float f(int x) { return x > 0 ? u(x - 1) : 1.0; }
void main() { color = vec4(u(3)); })";
  GLuint p = glCreateProgram();
  GLuint vs = shader(GL_VERTEX_SHADER, kCoreFullscreenVs);
  GLuint fs = shader(GL_FRAGMENT_SHADER, recursive.c_str());
  glAttachShader(p, vs);
  glAttachShader(p, fs);
  glLinkProgram(p);
  GLint ok = 1;
  glGetProgramiv(p, GL_LINK_STATUS, &ok);
  EXPECT_EQ(ok, 0);
  glDeleteShader(vs);
  glDeleteShader(fs);
  glDeleteProgram(p);
}

}  // namespace
}  // namespace brass::e2e
