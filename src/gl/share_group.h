// Object namespaces. A ShareGroup holds what contexts created with a share
// context have in common (buffers, textures, renderbuffers, samplers,
// shaders/programs, syncs); container objects (framebuffers, vertex arrays,
// queries, transform feedback) live in each Context.
#pragma once

#include <mutex>
#include <unordered_set>

#include "gl/buffer.h"
#include "gl/compat/display_lists.h"
#include "gl/framebuffer.h"
#include "gl/program.h"
#include "gl/query.h"
#include "gl/texture.h"

namespace brass::pipe {
class Screen;
}

namespace brass::gl {

class ShareGroup : public RefCounted {
 public:
  explicit ShareGroup(pipe::Screen* screen) : screen(screen) {}
  ~ShareGroup() {
    // The set holds one reference per live GLsync.
    for (Sync* s : syncs) Ref<Sync>::adopt(s);
  }
  pipe::Screen* const screen;  // every context of a share group renders on one device
  ObjectTable<Buffer> buffers;
  ObjectTable<Texture> textures;
  ObjectTable<Renderbuffer> renderbuffers;
  ObjectTable<Sampler> samplers;
  ObjectTable<ShaderOrProgram> programs;  // shaders and programs share names
  // Compatibility profile: display list names and lists (compat/display_lists.h).
  compat::DisplayListTable display_lists;

  // GLsync handles are pointers to these; checked against the set on use.
  std::mutex sync_mutex;
  std::unordered_set<Sync*> syncs;
};

}  // namespace brass::gl
