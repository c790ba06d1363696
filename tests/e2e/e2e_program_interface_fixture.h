// The fixture of the program interface query tests: the ES 3.1 query
// functions (eglGetProcAddress) and helpers answering one property at a
// time. Shared by e2e_program_interface_test.cpp (GLSL ES 3.00 programs in an
// ES 3.0 context) and es31/e2e_program_interface_es31_test.cpp (GLSL ES
// 3.10 programs, which only an ES 3.1 context compiles).
#pragma once

#include <GLES3/gl31.h>

#include <algorithm>
#include <functional>
#include <set>
#include <string>
#include <vector>

#include "e2e_fixture.h"

namespace brass::e2e {

// Program A (GLSL ES 3.00): every ES 3.0 kind of resource.
inline constexpr const char* kVsA = R"(#version 300 es
layout(location = 3) in vec4 pos;
in mat2 m;
uniform mat4 mvp;
uniform vec3 offsets[4];
uniform int which;
layout(std140) uniform Transform {
  mat3 rot;
  vec4 tint[2];
  layout(row_major) mat2x3 rm;
} xf;
out vec4 v_color;
void main() {
  gl_Position = mvp * pos + vec4(offsets[which], 0.0) + vec4(m[0], m[1]);
  v_color = vec4(xf.rot[0], 1.0) + xf.tint[which] + vec4(xf.rm[0], 0.0);
}
)";

inline constexpr const char* kFsA = R"(#version 300 es
precision mediump float;
in vec4 v_color;
layout(std140) uniform Material {
  vec4 diffuse;
  float shininess;
} materials[2];
uniform sampler2D tex;
uniform float scale;
layout(location = 1) out vec4 color;
layout(location = 2) out vec4 extra[2];
void main() {
  color = v_color * materials[0].diffuse * texture(tex, vec2(0.5)) * scale;
  extra[0] = vec4(materials[1].shininess);
  extra[1] = vec4(1.0);
}
)";

class ProgramInterface : public GlesTest {
 protected:
  void SetUp() override {
    GlesTest::SetUp();
    if (HasFatalFailure()) return;
    interface_iv = load<PFNGLGETPROGRAMINTERFACEIVPROC>("glGetProgramInterfaceiv");
    resource_index = load<PFNGLGETPROGRAMRESOURCEINDEXPROC>("glGetProgramResourceIndex");
    resource_name = load<PFNGLGETPROGRAMRESOURCENAMEPROC>("glGetProgramResourceName");
    resource_iv = load<PFNGLGETPROGRAMRESOURCEIVPROC>("glGetProgramResourceiv");
    resource_location = load<PFNGLGETPROGRAMRESOURCELOCATIONPROC>("glGetProgramResourceLocation");
    ASSERT_TRUE(interface_iv && resource_index && resource_name && resource_iv && resource_location);
  }
  void TearDown() override {
    for (GLuint p : programs) glDeleteProgram(p);
    GlesTest::TearDown();
  }

  template <typename F>
  static F load(const char* name) {
    return reinterpret_cast<F>(eglGetProcAddress(name));
  }

  // Compiles and links; `before_link` runs between attaching and linking
  // (attribute bindings, transform feedback varyings).
  GLuint build(const char* vs, const char* fs, const std::function<void(GLuint)>& before_link = {}) {
    GLuint p = glCreateProgram();
    programs.push_back(p);
    for (auto [type, src] : {std::pair{GL_VERTEX_SHADER, vs}, std::pair{GL_FRAGMENT_SHADER, fs}}) {
      GLuint s = shader(type, src);
      glAttachShader(p, s);
      glDeleteShader(s);
    }
    if (before_link) before_link(p);
    link(p);
    return p;
  }
  GLuint program_a() {
    return build(kVsA, kFsA, [](GLuint p) {
      glBindAttribLocation(p, 5, "m");
      const char* varyings[] = {"v_color", "gl_Position"};
      glTransformFeedbackVaryings(p, 2, varyings, GL_INTERLEAVED_ATTRIBS);
    });
  }

  GLint interface_value(GLuint p, GLenum iface, GLenum pname) {
    GLint v = -12345;
    interface_iv(p, iface, pname, &v);
    return v;
  }
  GLuint index(GLuint p, GLenum iface, const char* name) { return resource_index(p, iface, name); }
  // One property of the resource at `i`.
  GLint prop(GLuint p, GLenum iface, GLuint i, GLenum property) {
    GLint v = -12345;
    GLsizei length = -1;
    resource_iv(p, iface, i, 1, &property, 1, &length, &v);
    EXPECT_EQ(length, 1) << "property 0x" << std::hex << property;
    return v;
  }
  // One property of the resource `name` denotes (which must exist).
  GLint prop(GLuint p, GLenum iface, const char* name, GLenum property) {
    const GLuint i = index(p, iface, name);
    EXPECT_NE(i, GL_INVALID_INDEX) << name;
    return i == GL_INVALID_INDEX ? -12345 : prop(p, iface, i, property);
  }
  std::vector<GLint> props(GLuint p, GLenum iface, GLuint i, std::vector<GLenum> which, GLsizei buf_size) {
    std::vector<GLint> out(static_cast<size_t>(std::max(buf_size, 1)) + 4, -12345);
    GLsizei length = -1;
    resource_iv(p, iface, i, static_cast<GLsizei>(which.size()), which.data(), buf_size, &length, out.data());
    out.resize(static_cast<size_t>(std::max(length, 0)));
    return out;
  }
  std::string name(GLuint p, GLenum iface, GLuint i) {
    char buf[256] = {};
    GLsizei length = -1;
    resource_name(p, iface, i, sizeof(buf), &length, buf);
    EXPECT_EQ(length, static_cast<GLsizei>(std::string(buf).size()));
    return buf;
  }
  std::vector<std::string> names(GLuint p, GLenum iface) {
    std::vector<std::string> out;
    const GLint n = interface_value(p, iface, GL_ACTIVE_RESOURCES);
    for (GLint i = 0; i < n; ++i) out.push_back(name(p, iface, static_cast<GLuint>(i)));
    return out;
  }
  std::set<std::string> name_set(GLuint p, GLenum iface) {
    const std::vector<std::string> v = names(p, iface);
    return {v.begin(), v.end()};
  }
  // The ACTIVE_VARIABLES of resource `i`, by name.
  std::set<std::string> active_variable_names(GLuint p, GLenum iface, GLuint i, GLenum member_iface) {
    const GLint n = prop(p, iface, i, GL_NUM_ACTIVE_VARIABLES);
    const std::vector<GLint> vars = props(p, iface, i, {GL_ACTIVE_VARIABLES}, n);
    EXPECT_EQ(static_cast<GLint>(vars.size()), n);
    std::set<std::string> out;
    for (GLint v : vars) out.insert(name(p, member_iface, static_cast<GLuint>(v)));
    return out;
  }
  GLint location(GLuint p, GLenum iface, const char* name) { return resource_location(p, iface, name); }

  PFNGLGETPROGRAMINTERFACEIVPROC interface_iv = nullptr;
  PFNGLGETPROGRAMRESOURCEINDEXPROC resource_index = nullptr;
  PFNGLGETPROGRAMRESOURCENAMEPROC resource_name = nullptr;
  PFNGLGETPROGRAMRESOURCEIVPROC resource_iv = nullptr;
  PFNGLGETPROGRAMRESOURCELOCATIONPROC resource_location = nullptr;
  std::vector<GLuint> programs;
};

inline constexpr GLenum kNoError = GL_NO_ERROR;

}  // namespace brass::e2e
