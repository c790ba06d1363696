#include "gl/separable_combinations.h"

#include <algorithm>
#include <utility>

namespace brass::gl {

bool SeparableCombinations::matches(const Entry& e, const Sources& sources, const pipe::Context* owner) {
  if (e.owner != owner) return false;
  for (unsigned s = 0; s < pipe::kShaderStageCount; ++s) {
    if (e.present[s] != (sources[s] != nullptr)) return false;
    // An expired stage locks to null, which no present source equals.
    if (sources[s] && e.sources[s].lock() != sources[s]) return false;
  }
  return true;
}

std::shared_ptr<LinkedProgram> SeparableCombinations::find(const Sources& sources, const pipe::Context* owner) {
  std::lock_guard lock(mutex_);
  for (const Entry& e : entries_)
    if (matches(e, sources, owner)) return e.combined;
  return nullptr;
}

void SeparableCombinations::remember(const Sources& sources, const pipe::Context* owner,
                                     std::shared_ptr<LinkedProgram> combined) {
  Entry fresh;
  for (unsigned s = 0; s < pipe::kShaderStageCount; ++s) {
    fresh.sources[s] = sources[s];
    fresh.present[s] = sources[s] != nullptr;
  }
  fresh.owner = owner;
  fresh.combined = std::move(combined);
  std::vector<Entry> dropped;  // destroyed after the lock: a combination's teardown deletes pipe programs
  {
    std::lock_guard lock(mutex_);
    auto expired = [](const Entry& e) {
      for (unsigned s = 0; s < pipe::kShaderStageCount; ++s)
        if (e.present[s] && e.sources[s].expired()) return true;
      return false;
    };
    for (Entry& e : entries_)
      if (expired(e)) dropped.push_back(std::move(e));
    std::erase_if(entries_, [](const Entry& e) { return !e.combined; });
    if (entries_.size() >= kMaxEntries) {
      dropped.push_back(std::move(entries_.front()));
      entries_.erase(entries_.begin());
    }
    entries_.push_back(std::move(fresh));
  }
}

}  // namespace brass::gl
