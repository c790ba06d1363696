// Compute dispatch (ES 3.1 §17) and memory barriers (§7.11.2).
//
// A dispatch binds the compute stage (of the current program, or else of the
// bound program pipeline) and its resources
// (default uniforms, uniform and storage blocks, atomic counter buffers,
// textures, images) and launches the grid. It leaves the draw state's dirty bits
// alone: a program is either a compute or a graphics program, and
// switching programs revalidates everything a draw reads.
//
// glMemoryBarrier orders the incoherent writes of shaders before later
// accesses. The driver already orders every access to a resource after the
// writes before it (per resource and subresource, from what each draw,
// dispatch and transfer binds), which covers every barrier bit, so here a
// barrier only has its errors checked.
#include "gl/context.h"
#include "gl/draw_validation.h"
#include "gl/program_util.h"
#include "gl/program_validation.h"
#include "gl/texture_buffer_swizzle.h"
#include "util/range.h"
#include "gl_functions.h"

namespace brass::gl::api {

namespace {

// Binds everything a dispatch of the current program reads. Null, with
// GL_INVALID_OPERATION recorded, when no compute program is current.
LinkedProgram* prepare_dispatch(Context& ctx) {
  // The current program, or else the bound pipeline's compute program.
  LinkedProgram* lp = stage_executable(ctx, pipe::ShaderStage::Compute);
  if (!lp || !lp->compute || !lp->pipe_program) {
    ctx.set_error(GL_INVALID_OPERATION);
    return nullptr;
  }
  // The compatibility profile's legacy buffer-texture formats may need a
  // variant (texture_buffer_swizzle.h).
  pipe::ShaderProgram* program = compute_program_for_dispatch(ctx, *lp);
  if (!program) return nullptr;
  ctx.pipe().bind_compute_program(program);
  validate_uniforms(ctx);
  validate_uniform_buffers(ctx);
  validate_textures(ctx);
  validate_storage_buffers(ctx);
  validate_images(ctx);
  return lp;
}

constexpr GLbitfield kBarrierBits =
    GL_VERTEX_ATTRIB_ARRAY_BARRIER_BIT | GL_ELEMENT_ARRAY_BARRIER_BIT | GL_UNIFORM_BARRIER_BIT |
    GL_TEXTURE_FETCH_BARRIER_BIT | GL_SHADER_IMAGE_ACCESS_BARRIER_BIT | GL_COMMAND_BARRIER_BIT |
    GL_PIXEL_BUFFER_BARRIER_BIT | GL_TEXTURE_UPDATE_BARRIER_BIT | GL_BUFFER_UPDATE_BARRIER_BIT |
    GL_FRAMEBUFFER_BARRIER_BIT | GL_TRANSFORM_FEEDBACK_BARRIER_BIT | GL_ATOMIC_COUNTER_BARRIER_BIT |
    GL_SHADER_STORAGE_BARRIER_BIT;
// The bits glMemoryBarrierByRegion takes (ES 3.1 §7.11.2).
constexpr GLbitfield kByRegionBits = GL_ATOMIC_COUNTER_BARRIER_BIT | GL_FRAMEBUFFER_BARRIER_BIT |
                                     GL_SHADER_IMAGE_ACCESS_BARRIER_BIT | GL_SHADER_STORAGE_BARRIER_BIT |
                                     GL_TEXTURE_FETCH_BARRIER_BIT | GL_UNIFORM_BARRIER_BIT;

bool barrier_bits_valid(GLbitfield barriers, GLbitfield allowed) {
  return barriers == GL_ALL_BARRIER_BITS || (barriers & ~allowed) == 0;
}

}  // namespace

void DispatchCompute(Context& ctx, GLuint num_groups_x, GLuint num_groups_y, GLuint num_groups_z) {
  if (!ctx.es31()) return ctx.set_error(GL_INVALID_OPERATION);
  const GLuint groups[3] = {num_groups_x, num_groups_y, num_groups_z};
  for (int i = 0; i < 3; ++i)
    if (groups[i] > static_cast<GLuint>(ctx.limits.max_compute_work_group_count[i]))
      return ctx.set_error(GL_INVALID_VALUE);
  if (!prepare_dispatch(ctx)) return;
  pipe::GridInfo grid;
  for (int i = 0; i < 3; ++i) grid.grid[i] = groups[i];
  ctx.pipe().launch_grid(grid);
}

void DispatchComputeIndirect(Context& ctx, GLintptr indirect) {
  if (!ctx.es31()) return ctx.set_error(GL_INVALID_OPERATION);
  if (indirect < 0 || indirect % 4 != 0) return ctx.set_error(GL_INVALID_VALUE);
  Buffer* b = ctx.buffers.dispatch_indirect.get();
  // Three uint32 group counts at `indirect`, inside the buffer and not mapped.
  constexpr GLint64 kCommandSize = 3 * sizeof(GLuint);
  if (!b || !b->resource || b->mapped_exclusively() || !range_fits<GLint64>(indirect, kCommandSize, b->size))
    return ctx.set_error(GL_INVALID_OPERATION);
  if (!prepare_dispatch(ctx)) return;
  // Counts above the limits are undefined behaviour in ES; Vulkan clamps
  // nothing, but its dispatch of too many groups runs them or not, without
  // faulting, so they are passed as they are.
  pipe::GridInfo grid;
  grid.indirect = b->resource.get();
  grid.indirect_offset = static_cast<uint64_t>(indirect);
  ctx.pipe().launch_grid(grid);
}

void MemoryBarrier(Context& ctx, GLbitfield barriers) {
  if (!ctx.es31()) return ctx.set_error(GL_INVALID_OPERATION);
  // CLIENT_MAPPED_BUFFER_BARRIER_BIT (buffer storage) needs nothing more:
  // persistent maps are host-coherent and every batch ends with its writes
  // made visible to the host (driver submit).
  // QUERY_BUFFER_BARRIER_BIT (desktop GL 4.4) needs nothing either: query
  // results reach a query buffer through the buffer's ordered writes
  // (api_queries.cpp, write_query_value).
  const GLbitfield allowed = kBarrierBits |
                             (ctx.has_feature("GL_EXT_buffer_storage") ? GL_CLIENT_MAPPED_BUFFER_BARRIER_BIT : 0) |
                             (ctx.desktop() ? GL_QUERY_BUFFER_BARRIER_BIT : 0);
  if (!barrier_bits_valid(barriers, allowed)) return ctx.set_error(GL_INVALID_VALUE);
}

void MemoryBarrierByRegion(Context& ctx, GLbitfield barriers) {
  if (!ctx.es31()) return ctx.set_error(GL_INVALID_OPERATION);
  if (!barrier_bits_valid(barriers, kByRegionBits)) return ctx.set_error(GL_INVALID_VALUE);
}

}  // namespace brass::gl::api
