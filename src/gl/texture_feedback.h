// Rendering feedback loops (GL 4.6 §9.3, ARB_texture_barrier): a draw may
// sample a texture level that its framebuffer renders into. GL defines the
// result where each texel read was written before a glTextureBarrier, or is
// read only by the fragment that writes it (texelFetch at gl_FragCoord).
// Vulkan has no loop of that kind in the pipe's terms (an image is either an
// attachment or sampled in one layout per render pass), so such a draw
// samples a copy of the texture made just before it: every read sees what
// the earlier draws wrote (more than GL promises without a barrier) and a
// fragment reading its own texel reads what it held before this draw, as the
// exception requires. glTextureBarrier then has nothing left to order.
#pragma once

#include <array>

#include "pipe/context.h"
#include "pipe/resource.h"
#include "pipe/state.h"
#include "util/ref_counted.h"

namespace brass::gl {

class Context;

// One sampler slot's copy, reused while the source's shape and the view stay
// the same.
struct FeedbackCopy {
  Ref<pipe::Resource> resource;
  Ref<pipe::SamplerView> view;
  const pipe::SamplerView* source_view = nullptr;  // the view `view` stands in for
};

struct FeedbackCopyState {
  std::array<std::array<FeedbackCopy, pipe::kMaxSamplers>, pipe::kShaderStageCount> copies{};
  // Some slot samples a copy: the next draw binds the textures' own views
  // again (validate_textures) before looking for loops.
  bool bound = false;
};

// After validate_textures: each sampler slot of the draw's stages whose view
// overlaps a colour attachment of the draw framebuffer (same resource, a
// rendered level and layer among the view's) gets a fresh copy bound
// instead. False (GL_OUT_OF_MEMORY recorded) when a copy cannot be made.
bool bind_feedback_loop_copies(Context& ctx);

// Drops the copies (context teardown).
void release_feedback_loop_copies(Context& ctx);

}  // namespace brass::gl
