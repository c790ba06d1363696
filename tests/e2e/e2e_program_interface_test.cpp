// ES 3.1 program interface queries through glvnd (glGetProgramInterfaceiv,
// glGetProgramResource{Index,Name,iv,Location}, and EXT_blend_func_extended's
// glGetProgramResourceLocationIndexEXT), reached with eglGetProcAddress from
// an ES 3.0 context the way an application probing for them would. Every
// answer is checked against what ES 3.1 §7.3.1 and the shaders imply,
// including std140/std430 layouts, and against the ES 3.0 queries the
// specification defines as special cases of them.
#include <GLES3/gl31.h>

#include <algorithm>
#include <functional>
#include <set>
#include <string>
#include <vector>

#include "e2e_program_interface_fixture.h"

namespace brass::e2e {
namespace {

TEST_F(ProgramInterface, ProgramInputs) {
  const GLuint p = program_a();
  EXPECT_EQ(name_set(p, GL_PROGRAM_INPUT), (std::set<std::string>{"pos", "m"}));
  EXPECT_EQ(interface_value(p, GL_PROGRAM_INPUT, GL_ACTIVE_RESOURCES), 2);
  EXPECT_EQ(interface_value(p, GL_PROGRAM_INPUT, GL_MAX_NAME_LENGTH), 4);  // "pos"
  EXPECT_EQ(prop(p, GL_PROGRAM_INPUT, "pos", GL_TYPE), GL_FLOAT_VEC4);
  EXPECT_EQ(prop(p, GL_PROGRAM_INPUT, "pos", GL_ARRAY_SIZE), 1);
  EXPECT_EQ(prop(p, GL_PROGRAM_INPUT, "pos", GL_NAME_LENGTH), 4);
  EXPECT_EQ(prop(p, GL_PROGRAM_INPUT, "pos", GL_LOCATION), 3);  // layout(location = 3)
  EXPECT_EQ(prop(p, GL_PROGRAM_INPUT, "pos", GL_REFERENCED_BY_VERTEX_SHADER), 1);
  EXPECT_EQ(prop(p, GL_PROGRAM_INPUT, "pos", GL_REFERENCED_BY_FRAGMENT_SHADER), 0);
  EXPECT_EQ(prop(p, GL_PROGRAM_INPUT, "pos", GL_REFERENCED_BY_COMPUTE_SHADER), 0);
  EXPECT_EQ(prop(p, GL_PROGRAM_INPUT, "m", GL_TYPE), GL_FLOAT_MAT2);
  EXPECT_EQ(prop(p, GL_PROGRAM_INPUT, "m", GL_LOCATION), 5);  // glBindAttribLocation
  EXPECT_EQ(location(p, GL_PROGRAM_INPUT, "m"), 5);
  EXPECT_EQ(location(p, GL_PROGRAM_INPUT, "pos"), 3);
  EXPECT_EQ(glGetAttribLocation(p, "m"), 5);
  EXPECT_EQ(location(p, GL_PROGRAM_INPUT, "pos[0]"), -1);  // not an array
  EXPECT_EQ(location(p, GL_PROGRAM_INPUT, "nothing"), -1);
  EXPECT_EQ(index(p, GL_PROGRAM_INPUT, "nothing"), GL_INVALID_INDEX);
  // Several properties in one call, in the order asked.
  const GLuint pos = index(p, GL_PROGRAM_INPUT, "pos");
  EXPECT_EQ(props(p, GL_PROGRAM_INPUT, pos, {GL_LOCATION, GL_TYPE, GL_ARRAY_SIZE, GL_NAME_LENGTH}, 8),
            (std::vector<GLint>{3, GL_FLOAT_VEC4, 1, 4}));
  EXPECT_EQ(glGetError(), kNoError);
}

TEST_F(ProgramInterface, ProgramOutputs) {
  const GLuint p = program_a();
  EXPECT_EQ(name_set(p, GL_PROGRAM_OUTPUT), (std::set<std::string>{"color", "extra[0]"}));
  EXPECT_EQ(interface_value(p, GL_PROGRAM_OUTPUT, GL_MAX_NAME_LENGTH), 9);  // "extra[0]"
  EXPECT_EQ(prop(p, GL_PROGRAM_OUTPUT, "color", GL_LOCATION), 1);
  EXPECT_EQ(prop(p, GL_PROGRAM_OUTPUT, "color", GL_TYPE), GL_FLOAT_VEC4);
  EXPECT_EQ(prop(p, GL_PROGRAM_OUTPUT, "color", GL_ARRAY_SIZE), 1);
  EXPECT_EQ(prop(p, GL_PROGRAM_OUTPUT, "color", GL_REFERENCED_BY_FRAGMENT_SHADER), 1);
  EXPECT_EQ(prop(p, GL_PROGRAM_OUTPUT, "color", GL_REFERENCED_BY_VERTEX_SHADER), 0);
  EXPECT_EQ(prop(p, GL_PROGRAM_OUTPUT, "extra[0]", GL_ARRAY_SIZE), 2);
  EXPECT_EQ(prop(p, GL_PROGRAM_OUTPUT, "extra", GL_LOCATION), 2);
  EXPECT_EQ(prop(p, GL_PROGRAM_OUTPUT, "extra", GL_NAME_LENGTH), 9);
  // "a" and "a[0]" name the array; "a[n]" is element n for locations only.
  EXPECT_EQ(index(p, GL_PROGRAM_OUTPUT, "extra"), index(p, GL_PROGRAM_OUTPUT, "extra[0]"));
  EXPECT_EQ(index(p, GL_PROGRAM_OUTPUT, "extra[1]"), GL_INVALID_INDEX);
  EXPECT_EQ(location(p, GL_PROGRAM_OUTPUT, "extra"), 2);
  EXPECT_EQ(location(p, GL_PROGRAM_OUTPUT, "extra[0]"), 2);
  EXPECT_EQ(location(p, GL_PROGRAM_OUTPUT, "extra[1]"), 3);
  EXPECT_EQ(location(p, GL_PROGRAM_OUTPUT, "extra[2]"), -1);
  EXPECT_EQ(location(p, GL_PROGRAM_OUTPUT, "extra[01]"), -1);
  EXPECT_EQ(location(p, GL_PROGRAM_OUTPUT, "color"), 1);
  EXPECT_EQ(location(p, GL_PROGRAM_OUTPUT, "color[0]"), -1);
  EXPECT_EQ(glGetFragDataLocation(p, "extra[1]"), 3);
  EXPECT_EQ(glGetFragDataLocation(p, "color"), 1);
  EXPECT_EQ(glGetError(), kNoError);
}

TEST_F(ProgramInterface, DefaultBlockUniforms) {
  const GLuint p = program_a();
  EXPECT_EQ(name_set(p, GL_UNIFORM),
            (std::set<std::string>{"mvp", "offsets[0]", "which", "Transform.rot", "Transform.tint[0]", "Transform.rm",
                                   "Material.diffuse", "Material.shininess", "tex", "scale"}));
  EXPECT_EQ(interface_value(p, GL_UNIFORM, GL_ACTIVE_RESOURCES), 10);
  EXPECT_EQ(interface_value(p, GL_UNIFORM, GL_MAX_NAME_LENGTH), 19);  // "Material.shininess"
  // Not backed by a buffer: no offset, strides -1; a location.
  const GLuint mvp = index(p, GL_UNIFORM, "mvp");
  ASSERT_NE(mvp, GL_INVALID_INDEX);
  const std::vector<GLenum> all = {GL_TYPE,         GL_ARRAY_SIZE,
                                   GL_OFFSET,       GL_BLOCK_INDEX,
                                   GL_ARRAY_STRIDE, GL_MATRIX_STRIDE,
                                   GL_IS_ROW_MAJOR, GL_ATOMIC_COUNTER_BUFFER_INDEX,
                                   GL_NAME_LENGTH,  GL_REFERENCED_BY_VERTEX_SHADER,
                                   GL_REFERENCED_BY_FRAGMENT_SHADER, GL_REFERENCED_BY_COMPUTE_SHADER,
                                   GL_LOCATION};
  EXPECT_EQ(props(p, GL_UNIFORM, mvp, all, 13),
            (std::vector<GLint>{GL_FLOAT_MAT4, 1, -1, -1, -1, -1, 0, -1, 4, 1, 0, 0, glGetUniformLocation(p, "mvp")}));
  EXPECT_GE(glGetUniformLocation(p, "mvp"), 0);
  EXPECT_EQ(prop(p, GL_UNIFORM, "scale", GL_REFERENCED_BY_VERTEX_SHADER), 0);
  EXPECT_EQ(prop(p, GL_UNIFORM, "scale", GL_REFERENCED_BY_FRAGMENT_SHADER), 1);
  EXPECT_EQ(prop(p, GL_UNIFORM, "scale", GL_TYPE), GL_FLOAT);
  EXPECT_EQ(prop(p, GL_UNIFORM, "tex", GL_TYPE), GL_SAMPLER_2D);
  EXPECT_EQ(prop(p, GL_UNIFORM, "tex", GL_OFFSET), -1);
  EXPECT_EQ(prop(p, GL_UNIFORM, "tex", GL_LOCATION), glGetUniformLocation(p, "tex"));
  EXPECT_EQ(prop(p, GL_UNIFORM, "which", GL_TYPE), GL_INT);

  // Arrays: "a", "a[0]" name the entry "a[0]"; locations of each element.
  const GLint offsets = glGetUniformLocation(p, "offsets");
  ASSERT_GE(offsets, 0);
  EXPECT_EQ(index(p, GL_UNIFORM, "offsets"), index(p, GL_UNIFORM, "offsets[0]"));
  EXPECT_EQ(index(p, GL_UNIFORM, "offsets[2]"), GL_INVALID_INDEX);
  EXPECT_EQ(prop(p, GL_UNIFORM, "offsets", GL_ARRAY_SIZE), 4);
  EXPECT_EQ(prop(p, GL_UNIFORM, "offsets", GL_TYPE), GL_FLOAT_VEC3);
  EXPECT_EQ(prop(p, GL_UNIFORM, "offsets", GL_LOCATION), offsets);
  EXPECT_EQ(prop(p, GL_UNIFORM, "offsets", GL_ARRAY_STRIDE), -1);
  EXPECT_EQ(location(p, GL_UNIFORM, "offsets"), offsets);
  EXPECT_EQ(location(p, GL_UNIFORM, "offsets[0]"), offsets);
  EXPECT_EQ(location(p, GL_UNIFORM, "offsets[3]"), offsets + 3);
  EXPECT_EQ(glGetUniformLocation(p, "offsets[3]"), offsets + 3);
  EXPECT_EQ(location(p, GL_UNIFORM, "offsets[4]"), -1);
  EXPECT_EQ(location(p, GL_UNIFORM, "offsets[03]"), -1);
  EXPECT_EQ(location(p, GL_UNIFORM, "mvp[0]"), -1);
  EXPECT_EQ(glGetUniformLocation(p, "mvp[0]"), -1);
  // Block members have no location.
  EXPECT_EQ(location(p, GL_UNIFORM, "Transform.rot"), -1);
  EXPECT_EQ(location(p, GL_UNIFORM, "nothing"), -1);
  EXPECT_EQ(glGetError(), kNoError);
}

TEST_F(ProgramInterface, UniformBlocksAndTheirMembers) {
  const GLuint p = program_a();
  EXPECT_EQ(name_set(p, GL_UNIFORM_BLOCK), (std::set<std::string>{"Transform", "Material[0]", "Material[1]"}));
  EXPECT_EQ(interface_value(p, GL_UNIFORM_BLOCK, GL_MAX_NAME_LENGTH), 12);  // "Material[0]"
  EXPECT_EQ(interface_value(p, GL_UNIFORM_BLOCK, GL_MAX_NUM_ACTIVE_VARIABLES), 3);
  const GLuint transform = index(p, GL_UNIFORM_BLOCK, "Transform");
  const GLuint material0 = index(p, GL_UNIFORM_BLOCK, "Material[0]");
  const GLuint material1 = index(p, GL_UNIFORM_BLOCK, "Material[1]");
  ASSERT_NE(transform, GL_INVALID_INDEX);
  ASSERT_NE(material0, GL_INVALID_INDEX);
  ASSERT_NE(material1, GL_INVALID_INDEX);
  EXPECT_EQ(index(p, GL_UNIFORM_BLOCK, "Material"), material0);
  EXPECT_EQ(index(p, GL_UNIFORM_BLOCK, "Material[2]"), GL_INVALID_INDEX);
  EXPECT_EQ(index(p, GL_UNIFORM_BLOCK, "xf"), GL_INVALID_INDEX);  // instance names are not block names

  // Transform (std140): rot at 0 (3 columns of 16 bytes), tint[2] at 48,
  // row-major mat2x3 at 80 (3 rows of 16 bytes); 128 bytes.
  EXPECT_EQ(prop(p, GL_UNIFORM_BLOCK, transform, GL_BUFFER_DATA_SIZE), 128);
  EXPECT_EQ(prop(p, GL_UNIFORM_BLOCK, transform, GL_NUM_ACTIVE_VARIABLES), 3);
  EXPECT_EQ(active_variable_names(p, GL_UNIFORM_BLOCK, transform, GL_UNIFORM),
            (std::set<std::string>{"Transform.rot", "Transform.tint[0]", "Transform.rm"}));
  EXPECT_EQ(prop(p, GL_UNIFORM_BLOCK, transform, GL_NAME_LENGTH), 10);
  EXPECT_EQ(prop(p, GL_UNIFORM_BLOCK, transform, GL_REFERENCED_BY_VERTEX_SHADER), 1);
  EXPECT_EQ(prop(p, GL_UNIFORM_BLOCK, transform, GL_REFERENCED_BY_FRAGMENT_SHADER), 0);
  EXPECT_EQ(prop(p, GL_UNIFORM_BLOCK, transform, GL_REFERENCED_BY_COMPUTE_SHADER), 0);
  EXPECT_EQ(prop(p, GL_UNIFORM_BLOCK, transform, GL_BUFFER_BINDING), 0);
  glUniformBlockBinding(p, transform, 7);
  EXPECT_EQ(prop(p, GL_UNIFORM_BLOCK, transform, GL_BUFFER_BINDING), 7);

  const std::vector<GLenum> layout = {GL_BLOCK_INDEX,   GL_OFFSET,      GL_ARRAY_SIZE, GL_ARRAY_STRIDE,
                                      GL_MATRIX_STRIDE, GL_IS_ROW_MAJOR, GL_LOCATION,   GL_TYPE};
  const GLint t = static_cast<GLint>(transform);
  EXPECT_EQ(props(p, GL_UNIFORM, index(p, GL_UNIFORM, "Transform.rot"), layout, 8),
            (std::vector<GLint>{t, 0, 1, 0, 16, 0, -1, GL_FLOAT_MAT3}));
  EXPECT_EQ(props(p, GL_UNIFORM, index(p, GL_UNIFORM, "Transform.tint"), layout, 8),
            (std::vector<GLint>{t, 48, 2, 16, 0, 0, -1, GL_FLOAT_VEC4}));
  EXPECT_EQ(props(p, GL_UNIFORM, index(p, GL_UNIFORM, "Transform.rm"), layout, 8),
            (std::vector<GLint>{t, 80, 1, 0, 16, 1, -1, GL_FLOAT_MAT2x3}));
  EXPECT_EQ(prop(p, GL_UNIFORM, "Transform.rot", GL_REFERENCED_BY_VERTEX_SHADER), 1);
  EXPECT_EQ(prop(p, GL_UNIFORM, "Transform.rot", GL_REFERENCED_BY_FRAGMENT_SHADER), 0);

  // An array of blocks: one entry per element, sharing the members, which
  // belong to the first element; 20 bytes (vec4 + float).
  for (GLuint b : {material0, material1}) {
    EXPECT_EQ(prop(p, GL_UNIFORM_BLOCK, b, GL_BUFFER_DATA_SIZE), 20);
    EXPECT_EQ(active_variable_names(p, GL_UNIFORM_BLOCK, b, GL_UNIFORM),
              (std::set<std::string>{"Material.diffuse", "Material.shininess"}));
    EXPECT_EQ(prop(p, GL_UNIFORM_BLOCK, b, GL_REFERENCED_BY_VERTEX_SHADER), 0);
    EXPECT_EQ(prop(p, GL_UNIFORM_BLOCK, b, GL_REFERENCED_BY_FRAGMENT_SHADER), 1);
  }
  const GLint m0 = static_cast<GLint>(material0);
  EXPECT_EQ(props(p, GL_UNIFORM, index(p, GL_UNIFORM, "Material.diffuse"), layout, 8),
            (std::vector<GLint>{m0, 0, 1, 0, 0, 0, -1, GL_FLOAT_VEC4}));
  EXPECT_EQ(props(p, GL_UNIFORM, index(p, GL_UNIFORM, "Material.shininess"), layout, 8),
            (std::vector<GLint>{m0, 16, 1, 0, 0, 0, -1, GL_FLOAT}));
  EXPECT_EQ(glGetError(), kNoError);
}

TEST_F(ProgramInterface, TransformFeedbackVaryingsInRequestOrder) {
  const GLuint p = program_a();
  EXPECT_EQ(names(p, GL_TRANSFORM_FEEDBACK_VARYING), (std::vector<std::string>{"v_color", "gl_Position"}));
  EXPECT_EQ(interface_value(p, GL_TRANSFORM_FEEDBACK_VARYING, GL_MAX_NAME_LENGTH), 12);
  EXPECT_EQ(index(p, GL_TRANSFORM_FEEDBACK_VARYING, "gl_Position"), 1u);
  EXPECT_EQ(props(p, GL_TRANSFORM_FEEDBACK_VARYING, 0, {GL_TYPE, GL_ARRAY_SIZE, GL_NAME_LENGTH}, 3),
            (std::vector<GLint>{GL_FLOAT_VEC4, 1, 8}));
  EXPECT_EQ(props(p, GL_TRANSFORM_FEEDBACK_VARYING, 1, {GL_TYPE, GL_ARRAY_SIZE, GL_NAME_LENGTH}, 3),
            (std::vector<GLint>{GL_FLOAT_VEC4, 1, 12}));
  // ES 3.1 gives transform feedback varyings no offset, location or stages.
  for (GLenum bad : {GLenum(GL_OFFSET), GLenum(GL_LOCATION), GLenum(GL_REFERENCED_BY_VERTEX_SHADER),
                     GLenum(GL_BLOCK_INDEX)}) {
    GLint v = -12345;
    resource_iv(p, GL_TRANSFORM_FEEDBACK_VARYING, 0, 1, &bad, 1, nullptr, &v);
    EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION)) << std::hex << bad;
    EXPECT_EQ(v, -12345);
  }
  // A program without storage blocks or atomic counters has empty lists.
  for (GLenum iface : {GLenum(GL_ATOMIC_COUNTER_BUFFER), GLenum(GL_SHADER_STORAGE_BLOCK),
                       GLenum(GL_BUFFER_VARIABLE)}) {
    EXPECT_EQ(interface_value(p, iface, GL_ACTIVE_RESOURCES), 0);
  }
  EXPECT_EQ(interface_value(p, GL_SHADER_STORAGE_BLOCK, GL_MAX_NAME_LENGTH), 0);
  EXPECT_EQ(interface_value(p, GL_ATOMIC_COUNTER_BUFFER, GL_MAX_NUM_ACTIVE_VARIABLES), 0);
  EXPECT_EQ(glGetError(), kNoError);
}

// The ES 3.0 queries are special cases of the ES 3.1 ones (§7.3.1, §7.6):
// they must give the same answers for every resource.
TEST_F(ProgramInterface, AgreesWithTheEs30Queries) {
  const GLuint p = program_a();
  GLint active = 0;
  glGetProgramiv(p, GL_ACTIVE_UNIFORMS, &active);
  ASSERT_EQ(active, interface_value(p, GL_UNIFORM, GL_ACTIVE_RESOURCES));
  GLint max_length = 0;
  glGetProgramiv(p, GL_ACTIVE_UNIFORM_MAX_LENGTH, &max_length);
  EXPECT_EQ(max_length, interface_value(p, GL_UNIFORM, GL_MAX_NAME_LENGTH));
  const std::pair<GLenum, GLenum> uniform_props[] = {
      {GL_UNIFORM_TYPE, GL_TYPE},           {GL_UNIFORM_SIZE, GL_ARRAY_SIZE},
      {GL_UNIFORM_NAME_LENGTH, GL_NAME_LENGTH}, {GL_UNIFORM_BLOCK_INDEX, GL_BLOCK_INDEX},
      {GL_UNIFORM_OFFSET, GL_OFFSET},       {GL_UNIFORM_ARRAY_STRIDE, GL_ARRAY_STRIDE},
      {GL_UNIFORM_MATRIX_STRIDE, GL_MATRIX_STRIDE}, {GL_UNIFORM_IS_ROW_MAJOR, GL_IS_ROW_MAJOR}};
  for (GLuint i = 0; i < static_cast<GLuint>(active); ++i) {
    char buf[64] = {};
    GLint size = 0;
    GLenum type = 0;
    glGetActiveUniform(p, i, sizeof(buf), nullptr, &size, &type, buf);
    const std::string n = name(p, GL_UNIFORM, i);
    EXPECT_EQ(n, buf);
    EXPECT_EQ(size, prop(p, GL_UNIFORM, i, GL_ARRAY_SIZE)) << n;
    EXPECT_EQ(static_cast<GLint>(type), prop(p, GL_UNIFORM, i, GL_TYPE)) << n;
    for (auto [pname, property] : uniform_props) {
      GLint v = -12345;
      glGetActiveUniformsiv(p, 1, &i, pname, &v);
      EXPECT_EQ(v, prop(p, GL_UNIFORM, i, property)) << n << " 0x" << std::hex << pname;
    }
    const char* cname = n.c_str();
    GLuint found = GL_INVALID_INDEX;
    glGetUniformIndices(p, 1, &cname, &found);
    EXPECT_EQ(found, i);
    EXPECT_EQ(glGetUniformLocation(p, cname), prop(p, GL_UNIFORM, i, GL_LOCATION)) << n;
  }
  GLint blocks = 0;
  glGetProgramiv(p, GL_ACTIVE_UNIFORM_BLOCKS, &blocks);
  ASSERT_EQ(blocks, 3);
  const std::pair<GLenum, GLenum> block_props[] = {
      {GL_UNIFORM_BLOCK_BINDING, GL_BUFFER_BINDING},
      {GL_UNIFORM_BLOCK_DATA_SIZE, GL_BUFFER_DATA_SIZE},
      {GL_UNIFORM_BLOCK_NAME_LENGTH, GL_NAME_LENGTH},
      {GL_UNIFORM_BLOCK_ACTIVE_UNIFORMS, GL_NUM_ACTIVE_VARIABLES},
      {GL_UNIFORM_BLOCK_REFERENCED_BY_VERTEX_SHADER, GL_REFERENCED_BY_VERTEX_SHADER},
      {GL_UNIFORM_BLOCK_REFERENCED_BY_FRAGMENT_SHADER, GL_REFERENCED_BY_FRAGMENT_SHADER}};
  for (GLuint b = 0; b < 3; ++b) {
    char buf[64] = {};
    glGetActiveUniformBlockName(p, b, sizeof(buf), nullptr, buf);
    EXPECT_EQ(name(p, GL_UNIFORM_BLOCK, b), buf);
    EXPECT_EQ(glGetUniformBlockIndex(p, buf), b);
    for (auto [pname, property] : block_props) {
      GLint v = -12345;
      glGetActiveUniformBlockiv(p, b, pname, &v);
      EXPECT_EQ(v, prop(p, GL_UNIFORM_BLOCK, b, property)) << buf << " 0x" << std::hex << pname;
    }
    std::vector<GLint> indices(8, -1);
    glGetActiveUniformBlockiv(p, b, GL_UNIFORM_BLOCK_ACTIVE_UNIFORM_INDICES, indices.data());
    const GLint n = prop(p, GL_UNIFORM_BLOCK, b, GL_NUM_ACTIVE_VARIABLES);
    indices.resize(static_cast<size_t>(n));
    EXPECT_EQ(indices, props(p, GL_UNIFORM_BLOCK, b, {GL_ACTIVE_VARIABLES}, n));
  }
  GLint attribs = 0;
  glGetProgramiv(p, GL_ACTIVE_ATTRIBUTES, &attribs);
  ASSERT_EQ(attribs, interface_value(p, GL_PROGRAM_INPUT, GL_ACTIVE_RESOURCES));
  for (GLuint i = 0; i < static_cast<GLuint>(attribs); ++i) {
    char buf[64] = {};
    GLint size = 0;
    GLenum type = 0;
    glGetActiveAttrib(p, i, sizeof(buf), nullptr, &size, &type, buf);
    EXPECT_EQ(name(p, GL_PROGRAM_INPUT, i), buf);
    EXPECT_EQ(static_cast<GLint>(type), prop(p, GL_PROGRAM_INPUT, i, GL_TYPE));
    EXPECT_EQ(glGetAttribLocation(p, buf), prop(p, GL_PROGRAM_INPUT, i, GL_LOCATION));
  }
  GLint varyings = 0;
  glGetProgramiv(p, GL_TRANSFORM_FEEDBACK_VARYINGS, &varyings);
  ASSERT_EQ(varyings, 2);
  for (GLuint i = 0; i < 2; ++i) {
    char buf[64] = {};
    GLsizei size = 0;
    GLenum type = 0;
    glGetTransformFeedbackVarying(p, i, sizeof(buf), nullptr, &size, &type, buf);
    EXPECT_EQ(name(p, GL_TRANSFORM_FEEDBACK_VARYING, i), buf);
    EXPECT_EQ(static_cast<GLint>(type), prop(p, GL_TRANSFORM_FEEDBACK_VARYING, i, GL_TYPE));
  }
  EXPECT_EQ(glGetError(), kNoError);
}

TEST_F(ProgramInterface, ResultsAreCutAtBufSize) {
  const GLuint p = program_a();
  const GLuint transform = index(p, GL_UNIFORM_BLOCK, "Transform");
  // bufSize 2 of three properties: two values, length 2, the rest untouched.
  GLint out[4] = {-1, -1, -1, -1};
  GLsizei length = -1;
  const GLenum three[] = {GL_NUM_ACTIVE_VARIABLES, GL_BUFFER_DATA_SIZE, GL_NAME_LENGTH};
  resource_iv(p, GL_UNIFORM_BLOCK, transform, 3, three, 2, &length, out);
  EXPECT_EQ(length, 2);
  EXPECT_EQ(out[0], 3);
  EXPECT_EQ(out[1], 128);
  EXPECT_EQ(out[2], -1);
  // ACTIVE_VARIABLES is cut too.
  const GLenum vars[] = {GL_ACTIVE_VARIABLES, GL_NAME_LENGTH};
  std::fill(std::begin(out), std::end(out), -1);
  resource_iv(p, GL_UNIFORM_BLOCK, transform, 2, vars, 2, &length, out);
  EXPECT_EQ(length, 2);
  EXPECT_EQ(out[2], -1);
  resource_iv(p, GL_UNIFORM_BLOCK, transform, 2, vars, 4, &length, out);
  EXPECT_EQ(length, 4);
  EXPECT_EQ(out[3], 10);
  // bufSize 0: nothing written, no error.
  std::fill(std::begin(out), std::end(out), -1);
  resource_iv(p, GL_UNIFORM_BLOCK, transform, 1, three, 0, &length, out);
  EXPECT_EQ(length, 0);
  EXPECT_EQ(out[0], -1);
  // Names: at most bufSize - 1 characters and a terminator.
  char buf[8];
  std::fill(std::begin(buf), std::end(buf), 'x');
  resource_name(p, GL_UNIFORM_BLOCK, transform, 4, &length, buf);
  EXPECT_EQ(length, 3);
  EXPECT_STREQ(buf, "Tra");
  std::fill(std::begin(buf), std::end(buf), 'x');
  resource_name(p, GL_UNIFORM_BLOCK, transform, 0, &length, buf);
  EXPECT_EQ(length, 0);
  EXPECT_EQ(buf[0], 'x');
  EXPECT_EQ(glGetError(), kNoError);
}

TEST_F(ProgramInterface, Errors) {
  const GLuint p = program_a();
  const GLuint shader = glCreateShader(GL_VERTEX_SHADER);
  const GLuint unused = 4242;
  const auto error = [] { return glGetError(); };
  const GLenum invalid_enum = GL_INVALID_ENUM, invalid_value = GL_INVALID_VALUE,
               invalid_operation = GL_INVALID_OPERATION;
  GLint v = -12345;

  // glGetProgramInterfaceiv
  interface_iv(unused, GL_UNIFORM, GL_ACTIVE_RESOURCES, &v);
  EXPECT_EQ(error(), invalid_value);
  interface_iv(shader, GL_UNIFORM, GL_ACTIVE_RESOURCES, &v);
  EXPECT_EQ(error(), invalid_operation);
  interface_iv(p, GL_TEXTURE_2D, GL_ACTIVE_RESOURCES, &v);
  EXPECT_EQ(error(), invalid_enum);
  interface_iv(p, GL_TRANSFORM_FEEDBACK_BUFFER, GL_ACTIVE_RESOURCES, &v);  // GL 4.4's, not ES 3.1's
  EXPECT_EQ(error(), invalid_enum);
  interface_iv(p, GL_UNIFORM, GL_NAME_LENGTH, &v);
  EXPECT_EQ(error(), invalid_enum);
  interface_iv(p, GL_ATOMIC_COUNTER_BUFFER, GL_MAX_NAME_LENGTH, &v);
  EXPECT_EQ(error(), invalid_operation);
  for (GLenum iface : {GLenum(GL_UNIFORM), GLenum(GL_PROGRAM_INPUT), GLenum(GL_PROGRAM_OUTPUT),
                       GLenum(GL_TRANSFORM_FEEDBACK_VARYING), GLenum(GL_BUFFER_VARIABLE)}) {
    interface_iv(p, iface, GL_MAX_NUM_ACTIVE_VARIABLES, &v);
    EXPECT_EQ(error(), invalid_operation) << std::hex << iface;
  }
  EXPECT_EQ(v, -12345);  // nothing written on error

  // glGetProgramResourceIndex
  EXPECT_EQ(resource_index(p, GL_ATOMIC_COUNTER_BUFFER, "x"), GL_INVALID_INDEX);
  EXPECT_EQ(error(), invalid_enum);
  EXPECT_EQ(resource_index(p, GL_FRAGMENT_SHADER, "mvp"), GL_INVALID_INDEX);
  EXPECT_EQ(error(), invalid_enum);
  EXPECT_EQ(resource_index(unused, GL_UNIFORM, "mvp"), GL_INVALID_INDEX);
  EXPECT_EQ(error(), invalid_value);
  EXPECT_EQ(resource_index(shader, GL_UNIFORM, "mvp"), GL_INVALID_INDEX);
  EXPECT_EQ(error(), invalid_operation);
  EXPECT_EQ(resource_index(p, GL_UNIFORM, "no_such_uniform"), GL_INVALID_INDEX);
  EXPECT_EQ(error(), kNoError);

  // glGetProgramResourceName
  char buf[16];
  GLsizei length = -7;
  resource_name(p, GL_ATOMIC_COUNTER_BUFFER, 0, sizeof(buf), &length, buf);
  EXPECT_EQ(error(), invalid_enum);
  resource_name(p, GL_UNIFORM, 10, sizeof(buf), &length, buf);  // 10 uniforms: 0..9
  EXPECT_EQ(error(), invalid_value);
  resource_name(p, GL_UNIFORM, 0, -1, &length, buf);
  EXPECT_EQ(error(), invalid_value);
  resource_name(p, GL_PROGRAM_INPUT, 2, sizeof(buf), &length, buf);
  EXPECT_EQ(error(), invalid_value);
  resource_name(unused, GL_UNIFORM, 0, sizeof(buf), &length, buf);
  EXPECT_EQ(error(), invalid_value);
  EXPECT_EQ(length, -7);

  // glGetProgramResourceiv
  const GLenum type = GL_TYPE;
  resource_iv(p, GL_UNIFORM, 0, 0, &type, 1, &length, &v);
  EXPECT_EQ(error(), invalid_value);
  resource_iv(p, GL_UNIFORM, 0, -1, &type, 1, &length, &v);
  EXPECT_EQ(error(), invalid_value);
  resource_iv(p, GL_UNIFORM, 0, 1, &type, -1, &length, &v);
  EXPECT_EQ(error(), invalid_value);
  resource_iv(p, GL_UNIFORM, 10, 1, &type, 1, &length, &v);
  EXPECT_EQ(error(), invalid_value);
  resource_iv(p, GL_ATOMIC_COUNTER_BUFFER, 0, 1, &type, 1, &length, &v);  // no buffers: index 0 is out of range
  EXPECT_EQ(error(), invalid_value);
  resource_iv(p, GL_RENDERBUFFER, 0, 1, &type, 1, &length, &v);
  EXPECT_EQ(error(), invalid_enum);
  resource_iv(shader, GL_UNIFORM, 0, 1, &type, 1, &length, &v);
  EXPECT_EQ(error(), invalid_operation);
  const GLenum not_a_property[] = {GL_TYPE, GL_TEXTURE_2D};
  resource_iv(p, GL_UNIFORM, 0, 2, not_a_property, 2, &length, &v);
  EXPECT_EQ(error(), invalid_enum);
  // ES 3.2's tessellation/geometry stages (EXT_geometry_shader and
  // EXT_tessellation_shader on ES 3.1, not exposed) and GL's
  // LOCATION_COMPONENT are not ES 3.1 properties.
  for (GLenum e : {GLenum(GL_REFERENCED_BY_GEOMETRY_SHADER_EXT), GLenum(GL_REFERENCED_BY_TESS_CONTROL_SHADER_EXT),
                   GLenum(GL_IS_PER_PATCH_OES), GLenum(0x934A) /* LOCATION_COMPONENT */}) {
    resource_iv(p, GL_UNIFORM, 0, 1, &e, 1, &length, &v);
    EXPECT_EQ(error(), invalid_enum) << std::hex << e;
  }
  // Properties of other interfaces.
  const std::pair<GLenum, GLenum> not_allowed[] = {
      {GL_UNIFORM, GL_BUFFER_BINDING},           {GL_UNIFORM, GL_TOP_LEVEL_ARRAY_SIZE},
      {GL_UNIFORM_BLOCK, GL_TYPE},               {GL_UNIFORM_BLOCK, GL_LOCATION},
      {GL_PROGRAM_INPUT, GL_OFFSET},             {GL_PROGRAM_OUTPUT, GL_ACTIVE_VARIABLES},
      {GL_PROGRAM_INPUT, GL_ATOMIC_COUNTER_BUFFER_INDEX}, {GL_UNIFORM, GL_NUM_ACTIVE_VARIABLES}};
  for (auto [iface, property] : not_allowed) {
    resource_iv(p, iface, 0, 1, &property, 1, &length, &v);
    EXPECT_EQ(error(), invalid_operation) << std::hex << iface << " " << property;
  }
  // An error anywhere in props writes nothing.
  const GLenum mixed[] = {GL_TYPE, GL_BUFFER_BINDING};
  resource_iv(p, GL_UNIFORM, 0, 2, mixed, 2, &length, &v);
  EXPECT_EQ(error(), invalid_operation);
  EXPECT_EQ(v, -12345);
  EXPECT_EQ(length, -7);

  // glGetProgramResourceLocation
  EXPECT_EQ(resource_location(p, GL_UNIFORM_BLOCK, "Transform"), -1);
  EXPECT_EQ(error(), invalid_enum);
  EXPECT_EQ(resource_location(p, GL_TRANSFORM_FEEDBACK_VARYING, "v_color"), -1);
  EXPECT_EQ(error(), invalid_enum);
  EXPECT_EQ(resource_location(p, GL_BUFFER_VARIABLE, "x"), -1);
  EXPECT_EQ(error(), invalid_enum);
  EXPECT_EQ(resource_location(unused, GL_UNIFORM, "mvp"), -1);
  EXPECT_EQ(error(), invalid_value);
  EXPECT_EQ(resource_location(shader, GL_UNIFORM, "mvp"), -1);
  EXPECT_EQ(error(), invalid_operation);
  EXPECT_EQ(error(), kNoError);
  glDeleteShader(shader);
}

// A program never linked, or whose last link failed, has empty lists; the
// location queries need a linked program.
TEST_F(ProgramInterface, UnlinkedProgramsHaveNoResources) {
  const GLuint fresh = glCreateProgram();
  programs.push_back(fresh);
  EXPECT_EQ(interface_value(fresh, GL_UNIFORM, GL_ACTIVE_RESOURCES), 0);
  EXPECT_EQ(interface_value(fresh, GL_UNIFORM, GL_MAX_NAME_LENGTH), 0);
  EXPECT_EQ(interface_value(fresh, GL_UNIFORM_BLOCK, GL_MAX_NUM_ACTIVE_VARIABLES), 0);
  EXPECT_EQ(index(fresh, GL_UNIFORM, "mvp"), GL_INVALID_INDEX);
  EXPECT_EQ(glGetError(), kNoError);
  EXPECT_EQ(location(fresh, GL_UNIFORM, "mvp"), -1);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  GLint v = -12345;
  const GLenum type = GL_TYPE;
  resource_iv(fresh, GL_UNIFORM, 0, 1, &type, 1, nullptr, &v);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));

  // Linked, then relinked with a shader that does not compile.
  const GLuint p = program_a();
  ASSERT_EQ(interface_value(p, GL_UNIFORM, GL_ACTIVE_RESOURCES), 10);
  const GLuint bad = glCreateShader(GL_FRAGMENT_SHADER);
  const char* src = "#version 300 es\nvoid main() { syntax error }\n";
  glShaderSource(bad, 1, &src, nullptr);
  glCompileShader(bad);
  GLuint attached[2] = {};
  GLsizei count = 0;
  glGetAttachedShaders(p, 2, &count, attached);
  for (GLsizei i = 0; i < count; ++i) {
    GLint type_of = 0;
    glGetShaderiv(attached[i], GL_SHADER_TYPE, &type_of);
    if (type_of == GL_FRAGMENT_SHADER) glDetachShader(p, attached[i]);
  }
  glAttachShader(p, bad);
  glDeleteShader(bad);
  glLinkProgram(p);
  GLint linked = GL_TRUE;
  glGetProgramiv(p, GL_LINK_STATUS, &linked);
  ASSERT_EQ(linked, GL_FALSE);
  EXPECT_EQ(interface_value(p, GL_UNIFORM, GL_ACTIVE_RESOURCES), 0);
  EXPECT_EQ(interface_value(p, GL_PROGRAM_INPUT, GL_ACTIVE_RESOURCES), 0);
  EXPECT_EQ(location(p, GL_PROGRAM_INPUT, "pos"), -1);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
}

// Built-in variables a shader uses are active resources of PROGRAM_INPUT
// and PROGRAM_OUTPUT (ES 3.1 7.3.1), and GetActiveAttrib enumerates
// gl_VertexID and gl_InstanceID (11.1.1); built-ins have no location.
TEST_F(ProgramInterface, BuiltinInputsAndOutputs) {
  const GLuint p = build(R"(#version 300 es
in vec4 pos;
void main() { gl_Position = pos + vec4(float(gl_VertexID), float(gl_InstanceID), 0.0, 0.0); }
)",
                         R"(#version 300 es
precision mediump float;
out vec4 color;
void main() { color = gl_FragCoord; gl_FragDepth = 0.25; }
)");
  EXPECT_EQ(name_set(p, GL_PROGRAM_INPUT), (std::set<std::string>{"pos", "gl_VertexID", "gl_InstanceID"}));
  EXPECT_EQ(interface_value(p, GL_PROGRAM_INPUT, GL_MAX_NAME_LENGTH), 14);  // "gl_InstanceID"
  const std::vector<GLenum> input_props = {GL_TYPE, GL_ARRAY_SIZE, GL_LOCATION, GL_REFERENCED_BY_VERTEX_SHADER,
                                           GL_REFERENCED_BY_FRAGMENT_SHADER, GL_NAME_LENGTH};
  EXPECT_EQ(props(p, GL_PROGRAM_INPUT, index(p, GL_PROGRAM_INPUT, "gl_VertexID"), input_props, 6),
            (std::vector<GLint>{GL_INT, 1, -1, 1, 0, 12}));
  EXPECT_EQ(props(p, GL_PROGRAM_INPUT, index(p, GL_PROGRAM_INPUT, "gl_InstanceID"), input_props, 6),
            (std::vector<GLint>{GL_INT, 1, -1, 1, 0, 14}));
  EXPECT_EQ(location(p, GL_PROGRAM_INPUT, "gl_VertexID"), -1);
  EXPECT_EQ(glGetAttribLocation(p, "gl_InstanceID"), -1);
  EXPECT_GE(glGetAttribLocation(p, "pos"), 0);
  GLint attribs = 0;
  glGetProgramiv(p, GL_ACTIVE_ATTRIBUTES, &attribs);
  EXPECT_EQ(attribs, 3);
  GLint longest = 0;
  glGetProgramiv(p, GL_ACTIVE_ATTRIBUTE_MAX_LENGTH, &longest);
  EXPECT_EQ(longest, 14);
  std::set<std::string> active;
  for (GLuint i = 0; i < 3; ++i) {
    char buf[32] = {};
    GLint size = 0;
    GLenum type = 0;
    glGetActiveAttrib(p, i, sizeof(buf), nullptr, &size, &type, buf);
    active.insert(buf);
    if (std::string(buf) != "pos") {
      EXPECT_EQ(type, static_cast<GLenum>(GL_INT)) << buf;
      EXPECT_EQ(size, 1) << buf;
    }
  }
  EXPECT_EQ(active, (std::set<std::string>{"pos", "gl_VertexID", "gl_InstanceID"}));

  EXPECT_EQ(name_set(p, GL_PROGRAM_OUTPUT), (std::set<std::string>{"color", "gl_FragDepth"}));
  EXPECT_EQ(props(p, GL_PROGRAM_OUTPUT, index(p, GL_PROGRAM_OUTPUT, "gl_FragDepth"), input_props, 6),
            (std::vector<GLint>{GL_FLOAT, 1, -1, 0, 1, 13}));
  EXPECT_EQ(location(p, GL_PROGRAM_OUTPUT, "gl_FragDepth"), -1);
  EXPECT_EQ(glGetFragDataLocation(p, "gl_FragDepth"), -1);
  EXPECT_EQ(location(p, GL_PROGRAM_OUTPUT, "color"), 0);

  // GLSL ES 1.00: gl_FragColor is the program's output, a built-in without
  // a location.
  const GLuint q = build("attribute vec4 pos;\nvoid main() { gl_Position = pos; }\n",
                         "precision mediump float;\nvoid main() { gl_FragColor = vec4(1.0); }\n");
  EXPECT_EQ(names(q, GL_PROGRAM_OUTPUT), (std::vector<std::string>{"gl_FragColor"}));
  EXPECT_EQ(props(q, GL_PROGRAM_OUTPUT, 0, {GL_TYPE, GL_ARRAY_SIZE, GL_LOCATION}, 3),
            (std::vector<GLint>{GL_FLOAT_VEC4, 1, -1}));
  EXPECT_EQ(glGetFragDataLocation(q, "gl_FragColor"), -1);
  EXPECT_EQ(names(q, GL_PROGRAM_INPUT), (std::vector<std::string>{"pos"}));
  EXPECT_EQ(glGetError(), kNoError);
}

// EXT_blend_func_extended on ES 3.1: LOCATION_INDEX_EXT of PROGRAM_OUTPUT
// and glGetProgramResourceLocationIndexEXT.
TEST_F(ProgramInterface, BlendFuncExtendedLocationIndex) {
  if (!has_extension("GL_EXT_blend_func_extended")) GTEST_SKIP() << "GL_EXT_blend_func_extended not advertised";
  const auto location_index =
      load<PFNGLGETPROGRAMRESOURCELOCATIONINDEXEXTPROC>("glGetProgramResourceLocationIndexEXT");
  ASSERT_TRUE(location_index);
  const GLuint p = build(kFullscreenVs, R"(#version 300 es
#extension GL_EXT_blend_func_extended : require
precision mediump float;
layout(location = 0, index = 0) out vec4 src0;
layout(location = 0, index = 1) out vec4 src1;
void main() { src0 = vec4(1.0); src1 = vec4(0.5); }
)");
  EXPECT_EQ(prop(p, GL_PROGRAM_OUTPUT, "src0", GL_LOCATION_INDEX_EXT), 0);
  EXPECT_EQ(prop(p, GL_PROGRAM_OUTPUT, "src1", GL_LOCATION_INDEX_EXT), 1);
  EXPECT_EQ(prop(p, GL_PROGRAM_OUTPUT, "src1", GL_LOCATION), 0);
  EXPECT_EQ(location_index(p, GL_PROGRAM_OUTPUT, "src1"), 1);
  EXPECT_EQ(location_index(p, GL_PROGRAM_OUTPUT, "src0"), 0);
  EXPECT_EQ(location_index(p, GL_PROGRAM_OUTPUT, "nothing"), -1);
  EXPECT_EQ(glGetError(), kNoError);
  EXPECT_EQ(location_index(p, GL_UNIFORM, "src1"), -1);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  const GLenum location_index_prop = GL_LOCATION_INDEX_EXT;
  GLint v = -12345;
  resource_iv(p, GL_UNIFORM, 0, 1, &location_index_prop, 1, nullptr, &v);
  // The program has no uniforms: the index is checked first.
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  // Input 0 is kFullscreenVs's gl_VertexID: an input has no colour index.
  resource_iv(p, GL_PROGRAM_INPUT, 0, 1, &location_index_prop, 1, nullptr, &v);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  EXPECT_EQ(v, -12345);
}

}  // namespace
}  // namespace brass::e2e
