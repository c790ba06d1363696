// Display lists (compatibility profile; GL 4.6 compatibility §21.4, GL 2.1
// §5.4). A list is a stream of recorded commands (the record layout is in
// display_list_capture.h; the recorders and the replay are generated from
// gl.xml by tools/gen/gen_dlist.py). Lists are named in the share group
// (DisplayListTable, held by ShareGroup); what a context is compiling,
// LIST_BASE and the nesting depth of glCallList are per context
// (DisplayListState, held by Context as `display_lists`).
// Commands: compat/api_display_lists.cpp.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <vector>

#include "gl/compat/display_list_enums.h"
#include "gl/gl_types.h"

namespace brass::gl {
class Context;
}

namespace brass::gl::compat {

// MAX_LIST_NESTING (the spec's minimum): glCallList deeper than this is
// ignored.
inline constexpr GLint kMaxListNesting = 64;
// A record's data is addressed with 32-bit offsets: larger ones are out of
// memory.
inline constexpr uint64_t kMaxRecordBytes = uint64_t(1) << 31;

// A compiled list: immutable once glEndList has stored it, so that another
// context of the share group may replay it while this one replaces it.
struct DisplayList {
  std::vector<uint64_t> words;
};

// The display list names of a share group. A name made by glGenLists, or
// whose list is empty, maps to null. Thread-safe.
class DisplayListTable {
 public:
  // glGenLists: the first of `range` consecutive unused names, now used by
  // empty lists; 0 when no such run exists.
  GLuint generate(GLsizei range);
  // glDeleteLists: names first .. first + range - 1 (unused ones ignored).
  void remove(GLuint first, GLsizei range);
  bool is_list(GLuint name) const;
  // The list named `name`; null for an unknown name or an empty list. The
  // caller's reference keeps it alive while it replays.
  std::shared_ptr<const DisplayList> lookup(GLuint name) const;
  // glEndList: `name` becomes `list` (replacing what it named).
  void store(GLuint name, std::shared_ptr<const DisplayList> list);

 private:
  mutable std::mutex mutex_;
  std::map<GLuint, std::shared_ptr<const DisplayList>> lists_;
};

// One context's display list state.
class DisplayListState {
 public:
  // Between glNewList and glEndList: entry points of listable commands
  // record (gl_display_list_commands.h).
  bool compiling() const { return name_ != 0; }
  // COMPILE_AND_EXECUTE: recorded commands also execute.
  bool executes_while_compiling() const { return mode_ == GL_COMPILE_AND_EXECUTE; }
  GLuint list_index() const { return name_; }
  GLenum list_mode() const { return name_ ? mode_ : 0; }

  // Appends a record of `bytes` argument bytes for `op` to the list being
  // compiled and returns its zeroed argument memory (8-byte aligned). Throws
  // std::bad_alloc (the entry point's GL_OUT_OF_MEMORY) when it cannot grow.
  void* append(uint16_t op, size_t bytes);

  // The stream being compiled, in words (to patch a record's argument after
  // what follows it is recorded: Op::ArrayDraw's length).
  size_t stream_words() const { return stream_.size(); }
  uint64_t& stream_word(size_t index) { return stream_[index]; }

  void begin(GLuint name, GLenum mode);
  // The compiled list (null when empty); compiling() is false after.
  std::shared_ptr<const DisplayList> end();

  GLuint list_base = 0;  // glListBase
  GLint call_depth = 0;  // glCallList nesting now executing

 private:
  GLuint name_ = 0;
  GLenum mode_ = 0;
  // The list being compiled; cleared, not freed, between lists, so that a
  // list compiled every frame grows no memory after the first.
  std::vector<uint64_t> stream_;
};

// glCallList's execution of list `name` (nesting limit included).
void execute_list(Context& ctx, GLuint name);

// LIST_INDEX, LIST_MODE, LIST_BASE, MAX_LIST_NESTING for glGet in a
// compatibility context; false for any other pname.
bool query_display_list_state(Context& ctx, GLenum pname, GLint* value);

}  // namespace brass::gl::compat
