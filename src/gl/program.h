// Shader and program objects. Shaders and programs share one namespace in GL.
#pragma once

#include <atomic>
#include <map>
#include <memory>
#include <mutex>
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
  // The executable of the last link, null before a successful one and after
  // a failed one. Contexts of the share group on other threads may relink
  // the program at any moment (GL 4.6 §5.3): the slot is only read and
  // replaced under `executable_lock_`, and a reader keeps the reference it
  // took for as long as it uses the executable. Draws never read it: a
  // context draws with its own reference, taken when it binds the program
  // (Context::current_executable, ProgramPipeline::executables).
  std::shared_ptr<LinkedProgram> executable() const {
    std::lock_guard lock(executable_lock_);
    return executable_;
  }
  // A link's result (null: the link failed). The replaced executable is
  // released after the lock: its destructor deletes pipe programs.
  void set_link_result(std::shared_ptr<LinkedProgram> lp, std::string log) {
    {
      std::lock_guard lock(executable_lock_);
      link_status = lp != nullptr;
      validate_status = false;
      std::swap(executable_, lp);
      std::swap(info_log_, log);
    }
  }
  std::atomic<bool> link_status{false}, validate_status{false};
  std::string info_log() const {
    std::lock_guard lock(executable_lock_);
    return info_log_;
  }
  size_t info_log_length() const {
    std::lock_guard lock(executable_lock_);
    return info_log_.empty() ? 0 : info_log_.size() + 1;
  }
  void append_info_log(const std::string& more) {
    std::lock_guard lock(executable_lock_);
    info_log_ += more;
  }
  void set_validation(bool ok, std::string log) {
    std::lock_guard lock(executable_lock_);
    validate_status = ok;
    std::swap(info_log_, log);
  }
  std::atomic<int> use_count{0};  // current in some context
  // Transform feedback objects with this program active (paused or not):
  // relinking is an error while any is (ES 3.0 §2.15.2).
  std::atomic<int> transform_feedback_uses{0};  // contexts on other threads count too
  // Inputs of the next link.
  std::map<std::string, GLuint> attrib_bindings;  // glBindAttribLocation
  // glBindFragDataLocation(Indexed)EXT: name -> {colour number, blend source index}.
  std::map<std::string, std::pair<GLuint, GLuint>> frag_data_bindings;
  std::vector<std::string> xfb_varyings;          // glTransformFeedbackVaryings
  GLenum xfb_mode = GL_INTERLEAVED_ATTRIBS;
  bool binary_retrievable_hint = false;           // glProgramParameteri
  bool separable = false;                         // GL_PROGRAM_SEPARABLE (ES 3.1), for the next link
  // The interface the queries answer: the last link attempt's (null after a
  // failed link; contexts that drew with the previous executable keep it).
  std::shared_ptr<const LinkedProgram> queryable() const { return executable(); }

 private:
  mutable std::mutex executable_lock_;
  std::shared_ptr<LinkedProgram> executable_;
  std::string info_log_;
};

}  // namespace brass::gl
