// Shader and program objects. Shaders and programs share one namespace in GL.
#pragma once

#include <atomic>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "gl/gl_object.h"
#include "gl/linked_program.h"

namespace brass::pipe {
struct ShaderProgram;
}

namespace brass::gl {

class ShaderOrProgram : public Object {
 public:
  enum class Kind : uint8_t { Shader, Program };
  ShaderOrProgram(GLuint name, Kind kind) : Object(name), kind(kind) {}
  const Kind kind;
  // glDelete* while attached/in use. Atomic, like the counts below: contexts
  // of a share group on several threads attach, use and delete one object.
  std::atomic<bool> delete_pending{false};
};

class Shader final : public ShaderOrProgram {
 public:
  Shader(GLuint name, GLenum type) : ShaderOrProgram(name, Kind::Shader), type(type) {}
  const GLenum type;
  std::string source;
  bool compiled = false;
  std::string info_log;
  std::atomic<int> attached_count{0};
  // What the last successful glCompileShader compiled: linking uses it, not
  // `source` (glShaderSource after a compile changes nothing until the next).
  std::string compiled_source;
  // The compiled source is GLSL ES (a desktop context compiles ES shaders
  // through ARB_ES2/ES3_compatibility; they link only with ES shaders).
  bool compiled_es = false;
  // ARB_gl_spirv: SPIR_V_BINARY, the module glShaderBinary associated
  // (shared by every shader of that call), and compiled_source holds its
  // GLSL translation once glSpecializeShader succeeded.
  bool spirv_binary = false;
  std::shared_ptr<const std::vector<uint32_t>> spirv_module;
};


class Program final : public ShaderOrProgram {
 public:
  explicit Program(GLuint name) : ShaderOrProgram(name, Kind::Program) {}
  ~Program() override;
  std::vector<Ref<Shader>> attached;
  std::shared_ptr<LinkedProgram> linked;  // null until a successful link
  bool link_status = false, validate_status = false;
  std::string info_log;
  std::atomic<int> use_count{0};  // current in some context
  // Transform feedback objects with this program active (paused or not):
  // relinking is an error while any is (ES 3.0 §2.15.2).
  int transform_feedback_uses = 0;
  // Inputs of the next link.
  std::map<std::string, GLuint> attrib_bindings;  // glBindAttribLocation
  // glBindFragDataLocation(Indexed)EXT: name -> {colour number, blend source index}.
  std::map<std::string, std::pair<GLuint, GLuint>> frag_data_bindings;
  std::vector<std::string> xfb_varyings;          // glTransformFeedbackVaryings
  GLenum xfb_mode = GL_INTERLEAVED_ATTRIBS;
  bool binary_retrievable_hint = false;           // glProgramParameteri
  bool separable = false;                         // GL_PROGRAM_SEPARABLE (ES 3.1), for the next link
  // The interface the queries answer: the last link attempt's (null after a
  // failed link, while `linked` may still hold the executable in use).
  const LinkedProgram* queryable() const { return link_status ? linked.get() : nullptr; }
};

}  // namespace brass::gl
