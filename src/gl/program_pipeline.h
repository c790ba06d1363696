// Program pipeline objects (ES 3.1 §7.4): which separable program supplies
// each stage, the active program glUniform* goes to, and the pipe program
// made from the stages in use (separable_link.h), kept while they stay.
// Container objects: per context, never shared.
#pragma once

#include <array>
#include <memory>
#include <string>

#include "gl/program.h"
#include "pipe/shader_info.h"

namespace brass::gl {

class ProgramPipeline final : public Object {
 public:
  using Object::Object;
  // Indexed by pipe::ShaderStage; null where no program supplies the stage.
  std::array<Binding<Program>, pipe::kShaderStageCount> stages;
  Binding<Program> active;  // glActiveShaderProgram
  // The executable each stage's program had when this context last set
  // the stage or bound the pipeline, or relinked the program itself (what
  // draws use: another context's relink is seen at the next bind, GL 4.6
  // §5.3, and draws read no shared slot). Null where a stage has no program
  // or its program had no executable then.
  std::array<std::shared_ptr<LinkedProgram>, pipe::kShaderStageCount> executables;
  bool validate_status = false;
  std::string info_log;
  // The last combination drawn with: the stage executables it was made
  // from (kept alive so that a relink is seen as a different one) and the
  // executable holding the combined pipe program.
  struct Combination {
    std::array<std::shared_ptr<LinkedProgram>, pipe::kShaderStageCount> sources;
    std::shared_ptr<LinkedProgram> combined;
  };
  Combination combination;
};

}  // namespace brass::gl
