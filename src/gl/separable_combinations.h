// The combinations a separable vertex stage was drawn in (separable_link.h),
// kept by that stage's executable so that a program pipeline switching its
// stages back and forth finds the combination it made before: its pipe
// program, pipelines and precompiled libraries, instead of making a new one
// (SPIR-V rebinding, module creation, a background compile) per switch.
// Entries name their stages weakly: a stage relinked or deleted no longer
// matches, and its entries go at the next insertion. Bounded (the oldest
// goes first), and per pipe context, since a combination's executable
// holds draw-time variants that one context fills.
#pragma once

#include <array>
#include <memory>
#include <mutex>
#include <vector>

#include "pipe/context.h"
#include "pipe/shader_info.h"

namespace brass::gl {

struct LinkedProgram;

class SeparableCombinations {
 public:
  using Sources = std::array<std::shared_ptr<LinkedProgram>, pipe::kShaderStageCount>;
  static constexpr size_t kMaxEntries = 32;

  // The combination of exactly these stages made by `owner`, or null.
  std::shared_ptr<LinkedProgram> find(const Sources& sources, const pipe::Context* owner);
  void remember(const Sources& sources, const pipe::Context* owner, std::shared_ptr<LinkedProgram> combined);

 private:
  struct Entry {
    std::array<std::weak_ptr<LinkedProgram>, pipe::kShaderStageCount> sources;
    std::array<bool, pipe::kShaderStageCount> present{};
    const pipe::Context* owner = nullptr;
    std::shared_ptr<LinkedProgram> combined;
  };
  static bool matches(const Entry& e, const Sources& sources, const pipe::Context* owner);
  // The programs of a share group may be drawn by several contexts at once.
  std::mutex mutex_;
  std::vector<Entry> entries_;
};

}  // namespace brass::gl
