// ARB_gl_spirv and ARB_spirv_extensions (GL 4.6 §7.2): SPIR-V shaders
// through glShaderBinary / glSpecializeShader, drawn and dispatched, their
// interface by location, binding and offset, and the API's errors. The
// modules (spirv_modules.h) are SPIR-V assembly, assembled by SPIRV-Tools
// here.
#include <spirv-tools/libspirv.h>

#include <cstring>
#include <string>

#include "e2e_gl_core_fixture.h"
#include "spirv_modules.h"

namespace brass::e2e {
namespace {

// GL 4.6's command, which glvnd's libOpenGL does not export: through
// eglGetProcAddress, as applications reach it (GlCoreSpirvTest::SetUp).
PFNGLSPECIALIZESHADERPROC specialize_shader = nullptr;
void glSpecializeShaderFn(GLuint shader, const GLchar* entry, GLuint n, const GLuint* ids, const GLuint* values) {
  specialize_shader(shader, entry, n, ids, values);
}

std::vector<uint32_t> assemble(const char* text) {
  std::vector<uint32_t> words;
  spv_context c = spvContextCreate(SPV_ENV_OPENGL_4_5);
  spv_binary binary = nullptr;
  spv_diagnostic diagnostic = nullptr;
  if (spvTextToBinary(c, text, std::strlen(text), &binary, &diagnostic) == SPV_SUCCESS)
    words.assign(binary->code, binary->code + binary->wordCount);
  else
    ADD_FAILURE() << (diagnostic ? diagnostic->error : "assembly failed") << "\n" << text;
  spvBinaryDestroy(binary);
  spvDiagnosticDestroy(diagnostic);
  spvContextDestroy(c);
  return words;
}

using namespace spirv_modules;

class GlCoreSpirvTest : public GlCoreTest {
 protected:
  void SetUp() override {
    GlCoreTest::SetUp();
    if (HasFatalFailure()) return;
    GLint n = 0;
    glGetIntegerv(GL_NUM_EXTENSIONS, &n);
    bool spirv = false;
    for (GLint i = 0; i < n; ++i)
      spirv |= std::strcmp(reinterpret_cast<const char*>(glGetStringi(GL_EXTENSIONS, i)), "GL_ARB_gl_spirv") == 0;
    ASSERT_TRUE(spirv) << "GL_ARB_gl_spirv is offered on every device";
    specialize_shader = reinterpret_cast<PFNGLSPECIALIZESHADERPROC>(eglGetProcAddress("glSpecializeShader"));
    ASSERT_NE(specialize_shader, nullptr);
  }

  // A shader holding `text`'s module, specialized at `entry` (no
  // specialization when entry is null).
  static GLuint spirv_shader(GLenum type, const char* text, const char* entry = "main", GLuint constants = 0,
                             const GLuint* ids = nullptr, const GLuint* values = nullptr) {
    const std::vector<uint32_t> words = assemble(text);
    GLuint s = glCreateShader(type);
    glShaderBinary(1, &s, GL_SHADER_BINARY_FORMAT_SPIR_V, words.data(), static_cast<GLsizei>(words.size() * 4));
    EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
    if (!entry) return s;
    glSpecializeShaderFn(s, entry, constants, ids, values);
    EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
    GLint ok = 0;
    glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
    char log[2048] = {};
    glGetShaderInfoLog(s, sizeof log, nullptr, log);
    EXPECT_EQ(ok, GL_TRUE) << log;
    return s;
  }

  static GLuint link(std::initializer_list<GLuint> shaders, bool expect_ok = true) {
    GLuint p = glCreateProgram();
    for (GLuint s : shaders) glAttachShader(p, s);
    glLinkProgram(p);
    GLint ok = 0;
    glGetProgramiv(p, GL_LINK_STATUS, &ok);
    char log[2048] = {};
    glGetProgramInfoLog(p, sizeof log, nullptr, log);
    EXPECT_EQ(ok != 0, expect_ok) << log;
    for (GLuint s : shaders) glDeleteShader(s);
    return p;
  }

  // Draws a triangle covering the viewport (vertex attribute 0).
  void draw_fullscreen() {
    const float v[] = {-1, -1, 0, 1, 3, -1, 0, 1, -1, 3, 0, 1};
    GLuint buf = 0;
    glGenBuffers(1, &buf);
    glBindBuffer(GL_ARRAY_BUFFER, buf);
    glBufferData(GL_ARRAY_BUFFER, sizeof v, v, GL_STATIC_DRAW);
    glVertexAttribPointer(0, 4, GL_FLOAT, GL_FALSE, 0, nullptr);
    glEnableVertexAttribArray(0);
    glViewport(0, 0, kWidth, kHeight);
    glDrawArrays(GL_TRIANGLES, 0, 3);
    glDisableVertexAttribArray(0);
    glDeleteBuffers(1, &buf);
  }
};

TEST_F(GlCoreSpirvTest, OffersGl46AndTheSpirvFormat) {
  GLint major = 0, minor = 0;
  glGetIntegerv(GL_MAJOR_VERSION, &major);
  glGetIntegerv(GL_MINOR_VERSION, &minor);
  EXPECT_EQ(major * 10 + minor, 46);
  EXPECT_EQ(std::string(reinterpret_cast<const char*>(glGetString(GL_VERSION))).rfind("4.6", 0), 0u);
  GLint formats = 0, format = 0;
  glGetIntegerv(GL_NUM_SHADER_BINARY_FORMATS, &formats);
  glGetIntegerv(GL_SHADER_BINARY_FORMATS, &format);
  EXPECT_EQ(formats, 1);
  EXPECT_EQ(format, GL_SHADER_BINARY_FORMAT_SPIR_V);
  // ARB_spirv_extensions: the SPIR-V extensions modules may use.
  GLint n = 0;
  glGetIntegerv(GL_NUM_SPIR_V_EXTENSIONS, &n);
  ASSERT_GE(n, 1);
  bool storage_buffer = false;
  for (GLint i = 0; i < n; ++i) {
    const GLubyte* e = glGetStringi(GL_SPIR_V_EXTENSIONS, i);
    ASSERT_NE(e, nullptr);
    EXPECT_EQ(std::string(reinterpret_cast<const char*>(e)).rfind("SPV_", 0), 0u);
    storage_buffer |= std::strcmp(reinterpret_cast<const char*>(e), "SPV_KHR_storage_buffer_storage_class") == 0;
  }
  EXPECT_TRUE(storage_buffer);
  EXPECT_EQ(glGetStringi(GL_SPIR_V_EXTENSIONS, n), nullptr);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
}

TEST_F(GlCoreSpirvTest, UniformByLocationAndNoNames) {
  GLuint fs = spirv_shader(GL_FRAGMENT_SHADER, kUniformFragment);
  GLint binary = 0;
  glGetShaderiv(fs, GL_SPIR_V_BINARY, &binary);
  EXPECT_EQ(binary, GL_TRUE);
  GLuint p = link({spirv_shader(GL_VERTEX_SHADER, kVertex), fs});
  glUseProgram(p);
  glUniform4f(3, 0.0f, 1.0f, 0.0f, 1.0f);
  draw_fullscreen();
  EXPECT_EQ(pixel(5, 5), rgba(0, 255, 0));
  EXPECT_EQ(pixel(kWidth - 2, kHeight - 2), rgba(0, 255, 0));
  // ARB_gl_spirv §7.3.1: no name reflection. The uniform is found by its
  // location, and every name is the empty string.
  GLint active = 0, max_length = 0;
  glGetProgramiv(p, GL_ACTIVE_UNIFORMS, &active);
  glGetProgramiv(p, GL_ACTIVE_UNIFORM_MAX_LENGTH, &max_length);
  EXPECT_EQ(active, 1);
  EXPECT_EQ(max_length, 1);
  const GLenum props[] = {GL_LOCATION, GL_NAME_LENGTH, GL_TYPE};
  GLint values[3] = {};
  glGetProgramResourceiv(p, GL_UNIFORM, 0, 3, props, 3, nullptr, values);
  EXPECT_EQ(values[0], 3);
  EXPECT_EQ(values[1], 1);
  EXPECT_EQ(values[2], GL_FLOAT_VEC4);
  char name[16] = "x";
  GLsizei length = -1;
  glGetProgramResourceName(p, GL_UNIFORM, 0, sizeof name, &length, name);
  EXPECT_EQ(length, 0);
  EXPECT_STREQ(name, "");
  EXPECT_EQ(glGetUniformLocation(p, "color"), -1);
  EXPECT_EQ(glGetUniformLocation(p, ""), -1);
  EXPECT_EQ(glGetProgramResourceIndex(p, GL_UNIFORM, ""), GL_INVALID_INDEX);
  EXPECT_EQ(glGetAttribLocation(p, ""), -1);
  glUseProgram(0);
  glDeleteProgram(p);
}

TEST_F(GlCoreSpirvTest, UniformBlockAndSamplerByBinding) {
  GLuint p = link({spirv_shader(GL_VERTEX_SHADER, kVertex), spirv_shader(GL_FRAGMENT_SHADER, kUboSamplerFragment)});
  const uint8_t texel[4] = {200, 0, 0, 255};
  GLuint tex = 0, ubo = 0;
  glGenTextures(1, &tex);
  glActiveTexture(GL_TEXTURE1);
  glBindTexture(GL_TEXTURE_2D, tex);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, texel);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  const float add[4] = {0.0f, 0.0f, 1.0f, 0.0f};
  glGenBuffers(1, &ubo);
  glBindBufferBase(GL_UNIFORM_BUFFER, 2, ubo);
  glBufferData(GL_UNIFORM_BUFFER, sizeof add, add, GL_STATIC_DRAW);
  glUseProgram(p);
  draw_fullscreen();
  EXPECT_EQ(pixel(16, 16), rgba(200, 0, 255));
  GLint blocks = 0, binding = -1;
  glGetProgramiv(p, GL_ACTIVE_UNIFORM_BLOCKS, &blocks);
  EXPECT_EQ(blocks, 1);
  glGetActiveUniformBlockiv(p, 0, GL_UNIFORM_BLOCK_BINDING, &binding);
  EXPECT_EQ(binding, 2);
  glUseProgram(0);
  glDeleteProgram(p);
  glDeleteBuffers(1, &ubo);
  glDeleteTextures(1, &tex);
  glActiveTexture(GL_TEXTURE0);
}

TEST_F(GlCoreSpirvTest, SpecializationConstantsAndEntryPoints) {
  GLuint vs = spirv_shader(GL_VERTEX_SHADER, kVertex);
  // Defaults: red 0, blue false.
  GLuint p = link({vs, spirv_shader(GL_FRAGMENT_SHADER, kSpecFragment)});
  glUseProgram(p);
  draw_fullscreen();
  EXPECT_EQ(pixel(16, 16), rgba(0, 0, 0));
  glDeleteProgram(p);
  // red = 1.0 (its IEEE-754 bits), blue = true.
  const GLuint ids[] = {7, 8};
  const float one = 1.0f;
  GLuint values[2] = {0, 1};
  std::memcpy(&values[0], &one, 4);
  vs = spirv_shader(GL_VERTEX_SHADER, kVertex);
  p = link({vs, spirv_shader(GL_FRAGMENT_SHADER, kSpecFragment, "main", 2, ids, values)});
  glUseProgram(p);
  draw_fullscreen();
  EXPECT_EQ(pixel(16, 16), rgba(255, 0, 255));
  glDeleteProgram(p);
  // The other entry point of the module.
  vs = spirv_shader(GL_VERTEX_SHADER, kVertex);
  p = link({vs, spirv_shader(GL_FRAGMENT_SHADER, kSpecFragment, "other")});
  glUseProgram(p);
  draw_fullscreen();
  EXPECT_EQ(pixel(16, 16), rgba(0, 255, 0));
  glUseProgram(0);
  glDeleteProgram(p);
}

TEST_F(GlCoreSpirvTest, AtomicCounterByBindingAndOffset) {
  GLint counters = 0;
  glGetIntegerv(GL_MAX_COMPUTE_ATOMIC_COUNTERS, &counters);
  if (counters < 1) GTEST_SKIP() << "no compute atomic counters on this device";
  GLuint p = link({spirv_shader(GL_COMPUTE_SHADER, kAtomicCompute)});
  const uint32_t initial[2] = {100, 5};
  GLuint buf = 0;
  glGenBuffers(1, &buf);
  glBindBufferBase(GL_ATOMIC_COUNTER_BUFFER, 0, buf);
  glBufferData(GL_ATOMIC_COUNTER_BUFFER, sizeof initial, initial, GL_DYNAMIC_COPY);
  glUseProgram(p);
  glDispatchCompute(2, 1, 1);
  glMemoryBarrier(GL_ATOMIC_COUNTER_BARRIER_BIT | GL_BUFFER_UPDATE_BARRIER_BIT);
  uint32_t out[2] = {};
  glGetBufferSubData(GL_ATOMIC_COUNTER_BUFFER, 0, sizeof out, out);
  EXPECT_EQ(out[0], 100u);
  EXPECT_EQ(out[1], 5u + 8u);
  GLint buffers = 0, binding = -1;
  glGetProgramInterfaceiv(p, GL_ATOMIC_COUNTER_BUFFER, GL_ACTIVE_RESOURCES, &buffers);
  EXPECT_EQ(buffers, 1);
  const GLenum prop = GL_OFFSET;
  GLint offset = -1;
  glGetProgramResourceiv(p, GL_UNIFORM, 0, 1, &prop, 1, nullptr, &offset);
  EXPECT_EQ(offset, 4);
  glGetActiveAtomicCounterBufferiv(p, 0, GL_ATOMIC_COUNTER_BUFFER_BINDING, &binding);
  EXPECT_EQ(binding, 0);
  glUseProgram(0);
  glDeleteProgram(p);
  glDeleteBuffers(1, &buf);
}

TEST_F(GlCoreSpirvTest, AtomicCounterDecrementReturnsTheValueBefore) {
  GLint counters = 0;
  glGetIntegerv(GL_MAX_COMPUTE_ATOMIC_COUNTERS, &counters);
  if (counters < 1) GTEST_SKIP() << "no compute atomic counters on this device";
  GLuint p = link({spirv_shader(GL_COMPUTE_SHADER, kDecrementCompute)});
  const uint32_t initial = 10, zero = 0;
  GLuint bufs[2] = {};
  glGenBuffers(2, bufs);
  glBindBufferBase(GL_ATOMIC_COUNTER_BUFFER, 0, bufs[0]);
  glBufferData(GL_ATOMIC_COUNTER_BUFFER, 4, &initial, GL_DYNAMIC_COPY);
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, bufs[1]);
  glBufferData(GL_SHADER_STORAGE_BUFFER, 4, &zero, GL_DYNAMIC_COPY);
  glUseProgram(p);
  glDispatchCompute(1, 1, 1);
  glMemoryBarrier(GL_ALL_BARRIER_BITS);
  uint32_t counter = 0, before = 0;
  glGetBufferSubData(GL_ATOMIC_COUNTER_BUFFER, 0, 4, &counter);
  glGetBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, 4, &before);
  EXPECT_EQ(counter, 9u);
  EXPECT_EQ(before, 10u);
  glUseProgram(0);
  glDeleteProgram(p);
  glDeleteBuffers(2, bufs);
}

// The xfb module as is, and with another output at the captured one's
// location, as glslang places outputs that only xfb_offset qualifies.
std::string xfb_vertex(bool colliding_output) {
  std::string text = kXfbVertex;
  if (!colliding_output) return text;
  const auto after = [&text](const char* anchor, const char* line) {
    text.insert(text.find(anchor) + std::strlen(anchor), line);
  };
  after("%captured %vertex_id %per_vertex", " %colour");
  after("OpDecorate %captured Offset 4\n", "               OpDecorate %colour Location 0\n");
  after(" %ptr_out_v4 = OpTypePointer Output %v4\n", "     %colour = OpVariable %ptr_out_v4 Output\n");
  after("OpStore %pos %origin\n", "               OpStore %colour %origin\n");
  return text;
}

TEST_F(GlCoreSpirvTest, TransformFeedbackByXfbOffset) {
  for (const bool colliding : {false, true}) {
    SCOPED_TRACE(colliding ? "with an output at the same location" : "alone");
    const std::string text = xfb_vertex(colliding);
    GLuint p = link({spirv_shader(GL_VERTEX_SHADER, text.c_str())});
    GLint varyings = 0;
    glGetProgramiv(p, GL_TRANSFORM_FEEDBACK_VARYINGS, &varyings);
    EXPECT_EQ(varyings, 1);
    std::vector<float> init(6, -1.0f);
    GLuint buf = 0;
    glGenBuffers(1, &buf);
    glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, buf);
    glBufferData(GL_TRANSFORM_FEEDBACK_BUFFER, init.size() * 4, init.data(), GL_DYNAMIC_COPY);
    glUseProgram(p);
    glEnable(GL_RASTERIZER_DISCARD);
    glBeginTransformFeedback(GL_POINTS);
    glDrawArrays(GL_POINTS, 0, 3);
    glEndTransformFeedback();
    glDisable(GL_RASTERIZER_DISCARD);
    float out[6] = {};
    glGetBufferSubData(GL_TRANSFORM_FEEDBACK_BUFFER, 0, sizeof out, out);
    // Stride 8, the value at byte 4: the first word of each vertex untouched.
    for (int v = 0; v < 3; ++v) {
      EXPECT_EQ(out[v * 2], -1.0f) << v;
      EXPECT_EQ(out[v * 2 + 1], 10.0f * static_cast<float>(v)) << v;
    }
    glUseProgram(0);
    glDeleteProgram(p);
    glDeleteBuffers(1, &buf);
  }
}

TEST_F(GlCoreSpirvTest, ComputeStorageBufferWithStorageBufferClass) {
  const GLuint id = 1, scale = 3;
  GLuint p = link({spirv_shader(GL_COMPUTE_SHADER, kSsboCompute, "main", 1, &id, &scale)});
  const uint32_t zeros[4] = {};
  GLuint buf = 0;
  glGenBuffers(1, &buf);
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 3, buf);
  glBufferData(GL_SHADER_STORAGE_BUFFER, sizeof zeros, zeros, GL_DYNAMIC_COPY);
  glUseProgram(p);
  glDispatchCompute(1, 1, 1);
  glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
  uint32_t out[4] = {};
  glGetBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, sizeof out, out);
  for (uint32_t i = 0; i < 4; ++i) EXPECT_EQ(out[i], i * 3) << i;
  GLint size = 0;
  const GLenum prop = GL_BUFFER_DATA_SIZE;
  glGetProgramResourceiv(p, GL_SHADER_STORAGE_BLOCK, 0, 1, &prop, 1, nullptr, &size);
  EXPECT_EQ(size, 16);
  glUseProgram(0);
  glDeleteProgram(p);
  glDeleteBuffers(1, &buf);
}

TEST_F(GlCoreSpirvTest, WorkGroupSizeBySpecialization) {
  for (const GLuint size : {0u, 8u}) {  // 0: not specialized (2)
    const GLuint id = 5;
    GLuint p = link({spirv_shader(GL_COMPUTE_SHADER, kWorkGroupSizeCompute, "main", size ? 1 : 0, &id, &size)});
    const GLuint expected = size ? size : 2;
    GLint local[3] = {};
    glGetProgramiv(p, GL_COMPUTE_WORK_GROUP_SIZE, local);
    EXPECT_EQ(local[0], static_cast<GLint>(expected));
    EXPECT_EQ(local[1], 1);
    const uint32_t zeros[8] = {};
    GLuint buf = 0;
    glGenBuffers(1, &buf);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, buf);
    glBufferData(GL_SHADER_STORAGE_BUFFER, sizeof zeros, zeros, GL_DYNAMIC_COPY);
    glUseProgram(p);
    glDispatchCompute(1, 1, 1);
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
    uint32_t out[8] = {};
    glGetBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, sizeof out, out);
    for (uint32_t i = 0; i < 8; ++i) EXPECT_EQ(out[i], i < expected ? 1u : 0u) << i;
    glUseProgram(0);
    glDeleteProgram(p);
    glDeleteBuffers(1, &buf);
  }
}

TEST_F(GlCoreSpirvTest, ShaderBinaryErrors) {
  const std::vector<uint32_t> words = assemble(kUniformFragment);
  const GLsizei bytes = static_cast<GLsizei>(words.size() * 4);
  GLuint s = glCreateShader(GL_FRAGMENT_SHADER);
  // No such format.
  glShaderBinary(1, &s, 0x1234, words.data(), bytes);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  glShaderBinary(-1, &s, GL_SHADER_BINARY_FORMAT_SPIR_V, words.data(), bytes);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  // Not SPIR-V: a partial word, a bad magic number, a truncated module.
  glShaderBinary(1, &s, GL_SHADER_BINARY_FORMAT_SPIR_V, words.data(), bytes - 2);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  std::vector<uint32_t> bad = words;
  bad[0] = 0x12345678;
  glShaderBinary(1, &s, GL_SHADER_BINARY_FORMAT_SPIR_V, bad.data(), bytes);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  // (The header and the first word of the two-word OpCapability.)
  glShaderBinary(1, &s, GL_SHADER_BINARY_FORMAT_SPIR_V, words.data(), 24);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  GLint binary = 1;
  glGetShaderiv(s, GL_SPIR_V_BINARY, &binary);
  EXPECT_EQ(binary, GL_FALSE);
  // A program name; an unknown name.
  GLuint p = glCreateProgram();
  glShaderBinary(1, &p, GL_SHADER_BINARY_FORMAT_SPIR_V, words.data(), bytes);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  const GLuint unknown = 999;
  glShaderBinary(1, &unknown, GL_SHADER_BINARY_FORMAT_SPIR_V, words.data(), bytes);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  glDeleteProgram(p);
  glDeleteShader(s);
}

TEST_F(GlCoreSpirvTest, SpecializeShaderErrors) {
  // A GLSL shader is not specialized; a SPIR-V one is not compiled.
  GLuint glsl = shader(GL_FRAGMENT_SHADER, "#version 450\nout vec4 c; void main() { c = vec4(1.0); }\n");
  glSpecializeShaderFn(glsl, "main", 0, nullptr, nullptr);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  GLuint s = spirv_shader(GL_FRAGMENT_SHADER, kSpecFragment, nullptr);
  glCompileShader(s);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  // No entry point of that name for the stage; no such constant: errors,
  // and the shader stays unspecialized.
  glSpecializeShaderFn(s, "missing", 0, nullptr, nullptr);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  const GLuint id = 99, value = 0;
  glSpecializeShaderFn(s, "main", 1, &id, &value);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  GLint ok = 1;
  glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
  EXPECT_EQ(ok, GL_FALSE);
  glSpecializeShaderFn(s, "main", 0, nullptr, nullptr);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
  EXPECT_EQ(ok, GL_TRUE);
  // Once specialized, not again.
  glSpecializeShaderFn(s, "main", 0, nullptr, nullptr);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  // The vertex stage has no fragment entry point.
  GLuint vs = spirv_shader(GL_VERTEX_SHADER, kSpecFragment, nullptr);
  glSpecializeShaderFn(vs, "main", 0, nullptr, nullptr);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  // glShaderSource ends the association with the module.
  const char* src = "#version 450\nvoid main() {}\n";
  glShaderSource(vs, 1, &src, nullptr);
  GLint binary = 1;
  glGetShaderiv(vs, GL_SPIR_V_BINARY, &binary);
  EXPECT_EQ(binary, GL_FALSE);
  glDeleteShader(vs);
  glDeleteShader(s);
  glDeleteShader(glsl);
}

TEST_F(GlCoreSpirvTest, InvalidOrUnsupportedModulesFailSpecialization) {
  // Valid words, invalid module (the entry point's function is missing).
  std::string broken = kUniformFragment;
  broken.erase(broken.find("       %main = OpFunction"));
  std::vector<uint32_t> words = assemble(broken.c_str());
  GLuint s = glCreateShader(GL_FRAGMENT_SHADER);
  glShaderBinary(1, &s, GL_SHADER_BINARY_FORMAT_SPIR_V, words.data(), static_cast<GLsizei>(words.size() * 4));
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  glSpecializeShaderFn(s, "main", 0, nullptr, nullptr);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  GLint ok = 1, log_length = 0;
  glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
  glGetShaderiv(s, GL_INFO_LOG_LENGTH, &log_length);
  EXPECT_EQ(ok, GL_FALSE);
  EXPECT_GT(log_length, 1);
  // A SPIR-V extension outside GL_SPIR_V_EXTENSIONS.
  std::string extended = kUniformFragment;
  extended.insert(extended.find("               OpMemoryModel"),
                  "               OpExtension \"SPV_KHR_variable_pointers\"\n");
  words = assemble(extended.c_str());
  glShaderBinary(1, &s, GL_SHADER_BINARY_FORMAT_SPIR_V, words.data(), static_cast<GLsizei>(words.size() * 4));
  glSpecializeShaderFn(s, "main", 0, nullptr, nullptr);
  glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
  EXPECT_EQ(ok, GL_FALSE);
  char log[512] = {};
  glGetShaderInfoLog(s, sizeof log, nullptr, log);
  EXPECT_NE(std::string(log).find("SPV_KHR_variable_pointers"), std::string::npos) << log;
  glDeleteShader(s);
  // A block layout GLSL has: columns 16 bytes apart. One it has not: 32.
  for (const char* stride : {"16", "32"}) {
    std::string text = kMatrixStrideFragment;
    text.replace(text.find("STRIDE"), 6, stride);
    words = assemble(text.c_str());
    s = glCreateShader(GL_FRAGMENT_SHADER);
    glShaderBinary(1, &s, GL_SHADER_BINARY_FORMAT_SPIR_V, words.data(), static_cast<GLsizei>(words.size() * 4));
    glSpecializeShaderFn(s, "main", 0, nullptr, nullptr);
    EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
    glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
    glGetShaderInfoLog(s, sizeof log, nullptr, log);
    EXPECT_EQ(ok, std::string(stride) == "16" ? GL_TRUE : GL_FALSE) << stride << ": " << log;
    glDeleteShader(s);
  }
}

TEST_F(GlCoreSpirvTest, LinkRequiresAllSpirvAndSpecialized) {
  // GLSL and SPIR-V shaders do not link together.
  GLuint p = link({spirv_shader(GL_VERTEX_SHADER, kVertex),
                   shader(GL_FRAGMENT_SHADER, "#version 450\nout vec4 c; void main() { c = vec4(1.0); }\n")},
                  false);
  glDeleteProgram(p);
  // An unspecialized SPIR-V shader is not compiled.
  p = link({spirv_shader(GL_VERTEX_SHADER, kVertex), spirv_shader(GL_FRAGMENT_SHADER, kUniformFragment, nullptr)},
           false);
  glDeleteProgram(p);
}

}  // namespace
}  // namespace brass::e2e
