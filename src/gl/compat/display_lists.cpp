#include "gl/compat/display_lists.h"

#include <algorithm>
#include <new>

#include "gl/compat/display_list_capture.h"
#include "gl/compat/display_list_enums.h"
#include "gl/context.h"
#include "gl_display_list_commands.h"

namespace brass::gl::compat {

GLuint DisplayListTable::generate(GLsizei range) {
  if (range <= 0) return 0;
  std::lock_guard lock(mutex_);
  // The lowest run of `range` unused names: walk the gaps between used ones.
  uint64_t candidate = 1;
  for (const auto& [name, list] : lists_) {
    if (uint64_t(name) >= candidate + uint64_t(range)) break;
    candidate = uint64_t(name) + 1;
  }
  if (candidate + uint64_t(range) - 1 > 0xFFFFFFFFull) return 0;
  const GLuint first = static_cast<GLuint>(candidate);
  auto hint = lists_.end();
  for (GLsizei i = 0; i < range; ++i) hint = lists_.emplace_hint(hint, first + GLuint(i), nullptr);
  return first;
}

void DisplayListTable::remove(GLuint first, GLsizei range) {
  if (range <= 0) return;
  // Names past 2^32 - 1 do not exist: the range ends there.
  const uint64_t last = std::min<uint64_t>(uint64_t(first) + uint64_t(range) - 1, 0xFFFFFFFFull);
  std::lock_guard lock(mutex_);
  lists_.erase(lists_.lower_bound(first), lists_.upper_bound(static_cast<GLuint>(last)));
}

bool DisplayListTable::is_list(GLuint name) const {
  std::lock_guard lock(mutex_);
  return lists_.count(name) != 0;
}

std::shared_ptr<const DisplayList> DisplayListTable::lookup(GLuint name) const {
  std::lock_guard lock(mutex_);
  auto it = lists_.find(name);
  return it == lists_.end() ? nullptr : it->second;
}

void DisplayListTable::store(GLuint name, std::shared_ptr<const DisplayList> list) {
  std::lock_guard lock(mutex_);
  lists_[name] = std::move(list);
}

void* DisplayListState::append(uint16_t op, size_t bytes) {
  // A record too large to store is an allocation that fails, like the
  // resize below can: both reach the entry point's catch, which reports
  // GL_OUT_OF_MEMORY (GL 4.6 compatibility §21.4) and leaves the list as
  // recorded so far. Returning null instead would need every generated
  // recorder (tools/gen/gen_dlist.py) to check it.
  if (bytes > kMaxRecordBytes) throw std::bad_alloc();
  const size_t words = 1 + (bytes + 7) / 8;
  const size_t at = stream_.size();
  stream_.resize(at + words);  // zero-filled
  stream_[at] = dlist::make_record_header(op, words);
  return &stream_[at + 1];
}

void DisplayListState::begin(GLuint name, GLenum mode) {
  name_ = name;
  mode_ = mode;
  stream_.clear();
}

std::shared_ptr<const DisplayList> DisplayListState::end() {
  name_ = 0;
  mode_ = 0;
  if (stream_.empty()) return nullptr;
  auto list = std::make_shared<DisplayList>();
  list->words.assign(stream_.begin(), stream_.end());  // exactly sized; stream_ keeps its capacity
  stream_.clear();
  return list;
}

void execute_list(Context& ctx, GLuint name) {
  DisplayListState& state = ctx.display_lists;
  // Calls nested deeper than MAX_LIST_NESTING are ignored (§21.4.2).
  if (state.call_depth >= kMaxListNesting) return;
  const std::shared_ptr<const DisplayList> list = ctx.share_group().display_lists.lookup(name);
  if (!list) return;
  ++state.call_depth;
  struct DepthGuard {
    GLint& depth;
    ~DepthGuard() { --depth; }
  } guard{state.call_depth};
  dlist::replay(ctx, list->words.data(), list->words.data() + list->words.size());
}

bool query_display_list_state(Context& ctx, GLenum pname, GLint* value) {
  if (!ctx.compatibility()) return false;
  const DisplayListState& state = ctx.display_lists;
  switch (pname) {
    case GL_LIST_INDEX: *value = static_cast<GLint>(state.list_index()); return true;
    case GL_LIST_MODE: *value = static_cast<GLint>(state.list_mode()); return true;
    case GL_LIST_BASE: *value = static_cast<GLint>(state.list_base); return true;
    case GL_MAX_LIST_NESTING: *value = kMaxListNesting; return true;
    default: return false;
  }
}

}  // namespace brass::gl::compat
