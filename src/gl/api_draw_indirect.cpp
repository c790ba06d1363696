// Indirect draws (ES 3.1 §10.5, GL 4.6 §10.4: glDraw*Indirect and the
// multi and count forms) and glDrawTransformFeedback*: the commands are read
// by the device where it can, else by the CPU and drawn as the direct draws
// they describe (draw_call.h).
#include <algorithm>
#include <cstring>

#include "gl/advanced_blend.h"
#include "gl/compat/legacy_primitives.h"
#include "gl/context.h"
#include "gl/draw_call.h"
#include "gl/program_validation.h"
#include "gl/vertex_validation.h"
#include "gl_functions.h"
#include "util/log.h"
#include "util/range.h"

namespace brass::gl::api {

namespace {

// Several indirect commands (glMultiDraw*Indirect, GL 4.6 §10.4):
// `drawcount` commands `stride` bytes apart (0: tightly packed); with
// `counted`, the number drawn is the uint at `count_offset` of
// PARAMETER_BUFFER, at most drawcount (glMultiDraw*IndirectCount).
struct IndirectDraws {
  GLsizei drawcount = 1;
  GLsizei stride = 0;
  bool counted = false;
  GLintptr count_offset = 0;
};

// glDraw*Indirect (ES 3.1 §10.5) and their multi forms: the commands stay
// in the GPU's buffer, where a dispatch may have written them, unless this
// draw needs the CPU (arrays the CPU streams or converts, line loops, 8-bit
// indices the device cannot read): then each command is read back, waiting
// for the GPU, and drawn as the direct draw it describes.
void draw_indirect(Context& ctx, GLenum mode, GLenum type, bool indexed, const void* indirect,
                   const IndirectDraws& multi = {}) {
  if (!ctx.es31()) return ctx.set_error(GL_INVALID_OPERATION);
  pipe::PrimitiveType prim;
  if (!to_pipe_mode(ctx, mode, &prim)) return ctx.set_error(GL_INVALID_ENUM);
  const uint32_t isize = indexed ? index_size(type) : 0;
  if (indexed && !isize) return ctx.set_error(GL_INVALID_ENUM);
  const uintptr_t offset = reinterpret_cast<uintptr_t>(indirect);
  if (offset % 4 != 0) return ctx.set_error(GL_INVALID_VALUE);
  if (multi.drawcount < 0 || multi.stride < 0 || multi.stride % 4 != 0) return ctx.set_error(GL_INVALID_VALUE);
  if (multi.counted && (multi.count_offset < 0 || multi.count_offset % 4 != 0)) return ctx.set_error(GL_INVALID_VALUE);
  // No client memory: a vertex array object, buffers for every enabled
  // array (check_vertex_arrays), an indirect buffer holding every command,
  // an element buffer for indexed draws, none of them mapped. The
  // compatibility profile (ARB_draw_indirect's compatibility language)
  // takes the default vertex array object and client arrays, and reads the
  // commands from client memory when no DRAW_INDIRECT_BUFFER is bound.
  if (!ctx.compatibility() && ctx.vertex_array.get() == ctx.default_vertex_array.get())
    return ctx.set_error(GL_INVALID_OPERATION);
  Buffer* ib = ctx.buffers.draw_indirect.get();
  const bool client_commands = !ib && ctx.compatibility();
  const uint64_t command_bytes = indexed ? 5 * sizeof(GLuint) : 4 * sizeof(GLuint);
  const uint64_t stride = multi.stride ? static_cast<uint64_t>(multi.stride) : command_bytes;
  const uint64_t span = multi.drawcount > 0 ? uint64_t(multi.drawcount - 1) * stride + command_bytes : 0;
  if (client_commands ? !indirect
                      : !ib || !ib->resource || ib->mapped_exclusively() ||
                            !range_fits<uint64_t>(offset, span, static_cast<uint64_t>(ib->size)))
    return ctx.set_error(GL_INVALID_OPERATION);
  Buffer* pb = multi.counted ? ctx.buffers.parameter.get() : nullptr;
  if (multi.counted && (!pb || !pb->resource || pb->mapped_exclusively() ||
                        !range_fits<uint64_t>(static_cast<uint64_t>(multi.count_offset), sizeof(GLuint),
                                              static_cast<uint64_t>(pb->size))))
    return ctx.set_error(GL_INVALID_OPERATION);
  Buffer* eb = indexed ? ctx.vertex_array->element_buffer.get() : nullptr;
  if (indexed && (!eb || !eb->resource || eb->mapped_exclusively())) return ctx.set_error(GL_INVALID_OPERATION);
  // ES 3.1 §12.1: no indirect draws while transform feedback is active
  // (their vertex counts are not known to check the space). Desktop GL
  // captures them (GL 4.6 §13.3.2: what does not fit is dropped); the CPU's
  // count of captured vertices does not include them.
  const TransformFeedback& tf = *ctx.transform_feedback;
  if (tf.active && !tf.paused && !ctx.desktop()) return ctx.set_error(GL_INVALID_OPERATION);
  bool no_count = false;  // (nothing is counted: the draws' sizes are the GPU's)
  if (!primitive_modes_ok(ctx, compat::is_legacy_primitive(mode) ? GL_TRIANGLES : mode, indexed, 0, 0, &no_count))
    return;
  if (!check_vertex_arrays(ctx)) return;
  if (!advanced_blend_draw_ok(ctx)) return ctx.set_error(GL_INVALID_OPERATION);
  if (multi.drawcount == 0) return;

  pipe::Screen& screen = ctx.screen();
  const bool uint8_ok = screen.get_cap(pipe::Cap::IndexTypeUint8) != 0;
  // Desktop primitive restart at an index other than all ones is a CPU
  // rewrite of the indices (draw()).
  const uint32_t all_ones = isize == 1 ? 0xffu : isize == 2 ? 0xffffu : 0xffffffffu;
  const bool custom_restart = indexed && !ctx.ff.primitive_restart_fixed_index && ctx.ff.primitive_restart &&
                              ctx.ff.primitive_restart_index != all_ones;
  const bool cpu = vertex_input_uses_cpu(ctx) || mode == GL_LINE_LOOP || (isize == 1 && !uint8_ok) || custom_restart ||
                   compat::is_legacy_primitive(mode) || client_commands;
  // The number of draws, where the device cannot read it itself (or the
  // CPU draws them): read from the parameter buffer, after the GPU's writes.
  const int64_t per_command = screen.get_cap(pipe::Cap::MaxDrawIndirectCount);
  const bool device_counts = multi.counted && !cpu && screen.get_cap(pipe::Cap::DrawIndirectCount) != 0 &&
                             stride >= command_bytes && multi.drawcount <= per_command;
  uint32_t draws = static_cast<uint32_t>(multi.drawcount);
  if (multi.counted && !device_counts) {
    GLuint count = 0;
    if (!read_buffer(ctx, *pb, multi.count_offset, sizeof(count), &count)) return;
    draws = std::min(draws, count);
    if (draws == 0) return;
  }
  if (cpu) {
    for (uint32_t i = 0; i < draws; ++i) {
      GLuint cmd[5] = {};
      const uint64_t at = offset + i * stride;
      if (client_commands)
        std::memcpy(cmd, reinterpret_cast<const void*>(static_cast<uintptr_t>(at)), command_bytes);
      else if (!read_buffer(ctx, *ib, static_cast<GLintptr>(at), static_cast<GLsizeiptr>(command_bytes), cmd))
        return;
      // Counts GL's signed parameters cannot hold draw nothing definable.
      const GLuint limit = 0x7fffffffu;
      if (cmd[0] > limit || cmd[1] > limit || cmd[2] > limit) continue;
      if (!indexed) {
        DrawCall call = arrays_call(mode, static_cast<GLint>(cmd[2]), static_cast<GLsizei>(cmd[0]),
                                    static_cast<GLsizei>(cmd[1]), cmd[3]);
        call.draw_id = i;
        draw(ctx, call);
        continue;
      }
      const auto first_index = reinterpret_cast<const void*>(uintptr_t{cmd[2]} * isize);
      GLint base_vertex;
      std::memcpy(&base_vertex, &cmd[3], sizeof(base_vertex));
      DrawCall call = elements_call(mode, static_cast<GLsizei>(cmd[0]), type, first_index,
                                    static_cast<GLsizei>(cmd[1]), base_vertex, cmd[4]);
      call.draw_id = i;
      draw(ctx, call);
    }
    return;
  }

  ctx.ff_pipeline.drawing_points = mode == GL_POINTS;  // compatibility point sprites
  if (!validate_for_draw(ctx)) return;
  if (!bind_program_for_primitive(ctx, mode == GL_POINTS, indexed)) return;
  if (!render_condition_passes(ctx, true)) return;
  VertexRange range;  // unknown: nothing is streamed but the generic values
  if (!stream_reserve(ctx, vertex_input_stream_bytes(ctx, range))) return;
  uint32_t base = 0;
  if (!validate_vertex_input(ctx, range, &base)) return;
  pipe::DrawInfo info;
  info.mode = prim;
  if (prim == pipe::PrimitiveType::Patches) info.patch_vertices = static_cast<uint8_t>(ctx.state.patch_vertices);
  info.indexed = indexed;
  if (indexed) {
    set_index_buffer(ctx, eb->resource.get(), isize);
    // PRIMITIVE_RESTART at all ones is the fixed index's restart.
    bool restart = (ctx.ff.primitive_restart_fixed_index || ctx.ff.primitive_restart) && prim != pipe::PrimitiveType::Patches;
    if (restart && !screen.get_cap(pipe::Cap::PrimitiveRestartForLists) &&
        (prim == pipe::PrimitiveType::Points || prim == pipe::PrimitiveType::Lines ||
         prim == pipe::PrimitiveType::Triangles)) {
      BRASS_WARN_ONCE("primitive restart with list primitives is not supported by the device: ignored");
      restart = false;
    }
    info.primitive_restart = restart;
    info.restart_index = isize == 1 ? 0xffu : isize == 2 ? 0xffffu : 0xffffffffu;
  }
  pipe::DrawIndirect command;
  command.buffer = ib->resource.get();
  command.offset = offset;
  if (device_counts) {
    command.draw_count = draws;
    command.stride = static_cast<uint32_t>(stride);
    command.count_buffer = pb->resource.get();
    command.count_offset = static_cast<uint64_t>(multi.count_offset);
    return ctx.pipe().draw_vbo(info, &command, {});
  }
  // Vulkan draws several commands at once only with multi-draw indirect
  // and a stride that holds a whole command; else one call each.
  if (draws > 1 && draws <= per_command && stride >= command_bytes) {
    command.draw_count = draws;
    command.stride = static_cast<uint32_t>(stride);
    return ctx.pipe().draw_vbo(info, &command, {});
  }
  for (uint32_t i = 0; i < draws; ++i) {
    command.offset = offset + i * stride;
    ctx.pipe().draw_vbo(info, &command, {});
  }
}

// glDrawTransformFeedback* (GL 4.6 §10.4): DrawArrays(mode, 0, n) where n
// is what `tf` captured on vertex stream `stream` (into the stream's first
// buffer), read on the GPU from the capture's counter where the pipe can
// (no CPU round trip); else (arrays the CPU streams, line loops, no
// Cap::StreamOutputDraw) the CPU's count, which only stream 0 has.
void draw_captured(Context& ctx, GLenum mode, TransformFeedback& tf, GLuint stream, GLsizei instances) {
  pipe::PrimitiveType prim;
  if (!to_pipe_mode(ctx, mode, &prim)) return ctx.set_error(GL_INVALID_ENUM);
  bool no_count = false;  // an unknown count: the captured draw is not counted again
  if (!primitive_modes_ok(ctx, compat::is_legacy_primitive(mode) ? GL_TRIANGLES : mode, false, 0, instances, &no_count))
    return;
  if (!ctx.compatibility() && ctx.vertex_array.get() == ctx.default_vertex_array.get())
    return ctx.set_error(GL_INVALID_OPERATION);
  if (!check_vertex_arrays(ctx)) return;
  if (!advanced_blend_draw_ok(ctx)) return ctx.set_error(GL_INVALID_OPERATION);
  if (instances == 0 || !tf.captured[stream]) return;
  if (!ctx.screen().get_cap(pipe::Cap::StreamOutputDraw) || vertex_input_uses_cpu(ctx) || mode == GL_LINE_LOOP ||
      compat::is_legacy_primitive(mode)) {
    const uint64_t captured = stream == 0 ? tf.captured_vertices : 0;
    const GLsizei count = static_cast<GLsizei>(std::min<uint64_t>(captured, 0x7fffffff));
    return draw(ctx, arrays_call(mode, 0, count, instances, 0));
  }
  ctx.ff_pipeline.drawing_points = mode == GL_POINTS;  // compatibility point sprites
  if (!validate_for_draw(ctx)) return;
  if (!bind_program_for_primitive(ctx, mode == GL_POINTS, false)) return;
  if (!render_condition_passes(ctx, true)) return;
  VertexRange range;  // unknown: nothing is streamed but the generic values
  range.instances = static_cast<uint32_t>(instances);
  if (!stream_reserve(ctx, vertex_input_stream_bytes(ctx, range))) return;
  uint32_t base = 0;
  if (!validate_vertex_input(ctx, range, &base)) return;
  pipe::DrawInfo info;
  info.mode = prim;
  if (prim == pipe::PrimitiveType::Patches) info.patch_vertices = static_cast<uint8_t>(ctx.state.patch_vertices);
  info.instance_count = static_cast<uint32_t>(instances);
  pipe::DrawIndirect command;
  command.captured = tf.captured[stream];
  command.vertex_stride = tf.captured_stride[stream];
  ctx.pipe().draw_vbo(info, &command, {});
}

}  // namespace

void DrawArraysIndirect(Context& ctx, GLenum mode, const void* indirect) {
  draw_indirect(ctx, mode, GL_NONE, false, indirect);
}

void DrawElementsIndirect(Context& ctx, GLenum mode, GLenum type, const void* indirect) {
  draw_indirect(ctx, mode, type, true, indirect);
}

void MultiDrawArraysIndirect(Context& ctx, GLenum mode, const void* indirect, GLsizei drawcount, GLsizei stride) {
  draw_indirect(ctx, mode, GL_NONE, false, indirect, {drawcount, stride, false, 0});
}

void MultiDrawElementsIndirect(Context& ctx, GLenum mode, GLenum type, const void* indirect, GLsizei drawcount,
                               GLsizei stride) {
  draw_indirect(ctx, mode, type, true, indirect, {drawcount, stride, false, 0});
}

// GL 4.6 §10.4: `drawcount` is the offset of the count in PARAMETER_BUFFER.
void MultiDrawArraysIndirectCount(Context& ctx, GLenum mode, const void* indirect, GLintptr drawcount,
                                  GLsizei maxdrawcount, GLsizei stride) {
  draw_indirect(ctx, mode, GL_NONE, false, indirect, {maxdrawcount, stride, true, drawcount});
}

void MultiDrawElementsIndirectCount(Context& ctx, GLenum mode, GLenum type, const void* indirect, GLintptr drawcount,
                                    GLsizei maxdrawcount, GLsizei stride) {
  draw_indirect(ctx, mode, type, true, indirect, {maxdrawcount, stride, true, drawcount});
}

}  // namespace brass::gl::api

namespace brass::gl {

void draw_transform_feedback(Context& ctx, GLenum mode, TransformFeedback& tf, GLuint stream, GLsizei instances) {
  api::draw_captured(ctx, mode, tf, stream, instances);
}

}  // namespace brass::gl
