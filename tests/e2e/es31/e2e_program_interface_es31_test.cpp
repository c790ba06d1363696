// ES 3.1 program interface queries of GLSL ES 3.10 resources: storage
// blocks, buffer variables (std430), atomic counters and explicit uniform
// locations and bindings. In the ES 3.1 binary: an ES 3.0 context does not
// compile GLSL ES 3.10.
#include "../e2e_program_interface_fixture.h"

namespace brass::e2e {
namespace {

// Program B (GLSL ES 3.10): explicit bindings and uniform locations,
// atomic counters, shader storage blocks (std430) and their variables.
constexpr const char* kVsB = R"(#version 310 es
layout(location = 0) in vec4 pos;
void main() { gl_Position = pos; }
)";

constexpr const char* kFsB = R"(#version 310 es
precision highp float;
layout(binding = 1) uniform atomic_uint counter;
layout(binding = 1) uniform atomic_uint counters[2];
layout(std430, binding = 3) buffer Data {
  mat2 m2;
  layout(row_major) mat3 rm3;
  vec4 items[];
} data;
struct S { float f; vec2 v[2]; };
layout(std430, binding = 4) buffer Structs { S s[3]; } structs;
layout(std140, binding = 2) uniform Params { vec4 p; };
layout(location = 5) uniform vec4 tint;
out vec4 color;
void main() {
  uint c = atomicCounterIncrement(counter) + atomicCounter(counters[1]);
  color = tint + p + vec4(data.m2[0], data.rm3[1].x, float(c)) + structs.s[1].v[1].xyxy + vec4(structs.s[2].f);
  data.items[2] = color;
}
)";

TEST_F(ProgramInterface, StorageBlocksBufferVariablesAndAtomicCounters) {
  const GLuint p = build(kVsB, kFsB);

  // Atomic counters: one buffer at binding 1 holding "counter" (offset 0)
  // and "counters[2]" (offsets 4 and 8).
  EXPECT_EQ(interface_value(p, GL_ATOMIC_COUNTER_BUFFER, GL_ACTIVE_RESOURCES), 1);
  EXPECT_EQ(interface_value(p, GL_ATOMIC_COUNTER_BUFFER, GL_MAX_NUM_ACTIVE_VARIABLES), 2);
  EXPECT_EQ(props(p, GL_ATOMIC_COUNTER_BUFFER, 0,
                  {GL_BUFFER_BINDING, GL_BUFFER_DATA_SIZE, GL_NUM_ACTIVE_VARIABLES, GL_REFERENCED_BY_VERTEX_SHADER,
                   GL_REFERENCED_BY_FRAGMENT_SHADER, GL_REFERENCED_BY_COMPUTE_SHADER},
                  6),
            (std::vector<GLint>{1, 12, 2, 0, 1, 0}));
  EXPECT_EQ(active_variable_names(p, GL_ATOMIC_COUNTER_BUFFER, 0, GL_UNIFORM),
            (std::set<std::string>{"counter", "counters[0]"}));
  const std::vector<GLenum> counter_props = {GL_TYPE,         GL_ARRAY_SIZE,      GL_OFFSET,
                                             GL_ARRAY_STRIDE, GL_MATRIX_STRIDE,   GL_IS_ROW_MAJOR,
                                             GL_BLOCK_INDEX,  GL_ATOMIC_COUNTER_BUFFER_INDEX, GL_LOCATION};
  EXPECT_EQ(props(p, GL_UNIFORM, index(p, GL_UNIFORM, "counter"), counter_props, 9),
            (std::vector<GLint>{GL_UNSIGNED_INT_ATOMIC_COUNTER, 1, 0, 0, 0, 0, -1, 0, -1}));
  EXPECT_EQ(props(p, GL_UNIFORM, index(p, GL_UNIFORM, "counters"), counter_props, 9),
            (std::vector<GLint>{GL_UNSIGNED_INT_ATOMIC_COUNTER, 2, 4, 4, 0, 0, -1, 0, -1}));
  EXPECT_EQ(location(p, GL_UNIFORM, "counter"), -1);

  // Explicit locations and bindings of GLSL ES 3.10.
  EXPECT_EQ(prop(p, GL_UNIFORM, "tint", GL_LOCATION), 5);
  EXPECT_EQ(location(p, GL_UNIFORM, "tint"), 5);
  EXPECT_EQ(prop(p, GL_UNIFORM_BLOCK, "Params", GL_BUFFER_BINDING), 2);
  EXPECT_EQ(prop(p, GL_UNIFORM, "p", GL_BLOCK_INDEX), static_cast<GLint>(index(p, GL_UNIFORM_BLOCK, "Params")));

  // Storage blocks (std430).
  EXPECT_EQ(name_set(p, GL_SHADER_STORAGE_BLOCK), (std::set<std::string>{"Data", "Structs"}));
  EXPECT_EQ(interface_value(p, GL_SHADER_STORAGE_BLOCK, GL_MAX_NAME_LENGTH), 8);  // "Structs"
  EXPECT_EQ(interface_value(p, GL_SHADER_STORAGE_BLOCK, GL_MAX_NUM_ACTIVE_VARIABLES), 3);
  const GLuint data = index(p, GL_SHADER_STORAGE_BLOCK, "Data");
  const GLuint structs = index(p, GL_SHADER_STORAGE_BLOCK, "Structs");
  ASSERT_NE(data, GL_INVALID_INDEX);
  ASSERT_NE(structs, GL_INVALID_INDEX);
  EXPECT_EQ(index(p, GL_SHADER_STORAGE_BLOCK, "data"), GL_INVALID_INDEX);
  // Data: m2 at 0 (two 8-byte columns), rm3 at 16 (three 16-byte rows),
  // items[] at 64 counted as one element: 80 bytes.
  EXPECT_EQ(props(p, GL_SHADER_STORAGE_BLOCK, data,
                  {GL_BUFFER_BINDING, GL_BUFFER_DATA_SIZE, GL_NUM_ACTIVE_VARIABLES, GL_NAME_LENGTH,
                   GL_REFERENCED_BY_VERTEX_SHADER, GL_REFERENCED_BY_FRAGMENT_SHADER},
                  6),
            (std::vector<GLint>{3, 80, 3, 5, 0, 1}));
  EXPECT_EQ(active_variable_names(p, GL_SHADER_STORAGE_BLOCK, data, GL_BUFFER_VARIABLE),
            (std::set<std::string>{"Data.m2", "Data.rm3", "Data.items[0]"}));
  // Structs: S is 24 bytes in std430 (f at 0, v[2] at 8 with stride 8).
  EXPECT_EQ(props(p, GL_SHADER_STORAGE_BLOCK, structs, {GL_BUFFER_BINDING, GL_BUFFER_DATA_SIZE}, 2),
            (std::vector<GLint>{4, 72}));
  // Only the first element of a top-level array is enumerated.
  EXPECT_EQ(active_variable_names(p, GL_SHADER_STORAGE_BLOCK, structs, GL_BUFFER_VARIABLE),
            (std::set<std::string>{"Structs.s[0].f", "Structs.s[0].v[0]"}));

  const std::vector<GLenum> var_props = {GL_BLOCK_INDEX,    GL_TYPE,         GL_ARRAY_SIZE,
                                         GL_OFFSET,         GL_ARRAY_STRIDE, GL_MATRIX_STRIDE,
                                         GL_IS_ROW_MAJOR,   GL_TOP_LEVEL_ARRAY_SIZE, GL_TOP_LEVEL_ARRAY_STRIDE};
  const GLint d = static_cast<GLint>(data), s = static_cast<GLint>(structs);
  EXPECT_EQ(props(p, GL_BUFFER_VARIABLE, index(p, GL_BUFFER_VARIABLE, "Data.m2"), var_props, 9),
            (std::vector<GLint>{d, GL_FLOAT_MAT2, 1, 0, 0, 8, 0, 1, 0}));
  EXPECT_EQ(props(p, GL_BUFFER_VARIABLE, index(p, GL_BUFFER_VARIABLE, "Data.rm3"), var_props, 9),
            (std::vector<GLint>{d, GL_FLOAT_MAT3, 1, 16, 0, 16, 1, 1, 0}));
  // Unsized: ARRAY_SIZE 0. An array of a basic type is the variable's own
  // array, not a top-level array (only arrays of aggregates are): 1 and 0.
  EXPECT_EQ(props(p, GL_BUFFER_VARIABLE, index(p, GL_BUFFER_VARIABLE, "Data.items"), var_props, 9),
            (std::vector<GLint>{d, GL_FLOAT_VEC4, 0, 64, 16, 0, 0, 1, 0}));
  EXPECT_EQ(props(p, GL_BUFFER_VARIABLE, index(p, GL_BUFFER_VARIABLE, "Structs.s[0].f"), var_props, 9),
            (std::vector<GLint>{s, GL_FLOAT, 1, 0, 0, 0, 0, 3, 24}));
  EXPECT_EQ(props(p, GL_BUFFER_VARIABLE, index(p, GL_BUFFER_VARIABLE, "Structs.s[0].v"), var_props, 9),
            (std::vector<GLint>{s, GL_FLOAT_VEC2, 2, 8, 8, 0, 0, 3, 24}));
  EXPECT_EQ(index(p, GL_BUFFER_VARIABLE, "Structs.s[1].f"), GL_INVALID_INDEX);
  EXPECT_EQ(prop(p, GL_BUFFER_VARIABLE, "Data.m2", GL_REFERENCED_BY_FRAGMENT_SHADER), 1);
  EXPECT_EQ(prop(p, GL_BUFFER_VARIABLE, "Data.m2", GL_REFERENCED_BY_VERTEX_SHADER), 0);
  EXPECT_EQ(prop(p, GL_BUFFER_VARIABLE, "Data.m2", GL_NAME_LENGTH), 8);
  EXPECT_EQ(glGetError(), kNoError);
}

// A separable program's PROGRAM_INPUT interface lists its first stage's
// inputs and PROGRAM_OUTPUT its last stage's outputs, whichever stages those
// are; struct varyings by member; only explicitly located varyings have a
// location.
TEST_F(ProgramInterface, SeparableProgramInputsAndOutputs) {
  const char* vs = R"(#version 310 es
struct S { highp vec2 a; highp mat2 b; };
out S s;
layout(location = 3) out highp vec4 placed;
flat out highp ivec2 loose;
void main() { s.a = vec2(1.0); s.b = mat2(2.0); placed = vec4(0.0); loose = ivec2(1); gl_Position = vec4(0.0); }
)";
  const char* fs = R"(#version 310 es
precision highp float;
flat in highp mat2 m;
layout(location = 2) in vec4 placed;
void main() { gl_FragDepth = m[0][0] + placed.x; }
)";
  const GLuint vp = glCreateShaderProgramv(GL_VERTEX_SHADER, 1, &vs);
  const GLuint fp = glCreateShaderProgramv(GL_FRAGMENT_SHADER, 1, &fs);
  GLint linked = 0;
  char log[1024] = {};
  glGetProgramiv(vp, GL_LINK_STATUS, &linked);
  glGetProgramInfoLog(vp, sizeof(log), nullptr, log);
  ASSERT_EQ(linked, GL_TRUE) << log;
  glGetProgramiv(fp, GL_LINK_STATUS, &linked);
  glGetProgramInfoLog(fp, sizeof(log), nullptr, log);
  ASSERT_EQ(linked, GL_TRUE) << log;
  EXPECT_EQ(name_set(vp, GL_PROGRAM_OUTPUT),
            (std::set<std::string>{"s.a", "s.b", "placed", "loose", "gl_Position"}));
  EXPECT_EQ(prop(vp, GL_PROGRAM_OUTPUT, "s.b", GL_TYPE), GL_FLOAT_MAT2);
  EXPECT_EQ(prop(vp, GL_PROGRAM_OUTPUT, "s.a", GL_ARRAY_SIZE), 1);
  EXPECT_EQ(prop(vp, GL_PROGRAM_OUTPUT, "loose", GL_TYPE), GL_INT_VEC2);
  EXPECT_EQ(location(vp, GL_PROGRAM_OUTPUT, "placed"), 3);
  EXPECT_EQ(location(vp, GL_PROGRAM_OUTPUT, "loose"), -1);
  EXPECT_EQ(location(vp, GL_PROGRAM_OUTPUT, "gl_Position"), -1);
  EXPECT_EQ(name_set(fp, GL_PROGRAM_INPUT), (std::set<std::string>{"m", "placed"}));
  EXPECT_EQ(prop(fp, GL_PROGRAM_INPUT, "m", GL_TYPE), GL_FLOAT_MAT2);
  EXPECT_EQ(location(fp, GL_PROGRAM_INPUT, "m"), -1);
  EXPECT_EQ(location(fp, GL_PROGRAM_INPUT, "placed"), 2);
  EXPECT_EQ(name_set(fp, GL_PROGRAM_OUTPUT), (std::set<std::string>{"gl_FragDepth"}));
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  glDeleteProgram(vp);
  glDeleteProgram(fp);
}

}  // namespace
}  // namespace brass::e2e
