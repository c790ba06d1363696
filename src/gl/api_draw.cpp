// Draw calls (ES 3.0 §2.9.3): argument and state errors, then draw-time
// validation (draw_validation.h), indices (element buffer, client pointer or
// CPU-rewritten: 8-bit indices without device support, line loops,
// misaligned offsets), vertex input, and one pipe draw.
#include <algorithm>
#include <cstring>
#include <span>

#include "gl/advanced_blend.h"
#include "gl/compat/legacy_primitives.h"
#include "gl/compat/select_feedback.h"
#include "gl/compat/select_feedback_draw.h"
#include "gl/context.h"
#include "gl/draw_call.h"
#include "gl/program_validation.h"
#include "gl/texture_change.h"
#include "gl/validated_draw.h"
#include "gl/vertex_validation.h"
#include "gl_functions.h"
#include "util/log.h"
#include "util/range.h"

namespace brass::gl::api {

namespace {

// EXT_geometry_shader §11.3.1: an active geometry shader takes only the
// primitives of its input layout.
bool geometry_input_matches(uint32_t input, GLenum mode) {
  switch (input) {
    case GL_POINTS: return mode == GL_POINTS;
    case GL_LINES: return mode == GL_LINES || mode == GL_LINE_STRIP || mode == GL_LINE_LOOP;
    case GL_LINES_ADJACENCY: return mode == GL_LINES_ADJACENCY || mode == GL_LINE_STRIP_ADJACENCY;
    case GL_TRIANGLES: return mode == GL_TRIANGLES || mode == GL_TRIANGLE_STRIP || mode == GL_TRIANGLE_FAN;
    case GL_TRIANGLES_ADJACENCY: return mode == GL_TRIANGLES_ADJACENCY || mode == GL_TRIANGLE_STRIP_ADJACENCY;
    default: return false;
  }
}

// The program supplying the geometry stage when one is active, else null.
const LinkedProgram* active_geometry_stage(Context& ctx) {
  if (!ctx.geometry_shaders()) return nullptr;
  const LinkedProgram* lp = stage_executable(ctx, pipe::ShaderStage::Geometry);
  return lp && !lp->info.spirv[static_cast<unsigned>(pipe::ShaderStage::Geometry)].empty() ? lp : nullptr;
}

// The program supplying a tessellation stage when one is active, else null.
const LinkedProgram* active_tessellation_stage(Context& ctx, pipe::ShaderStage stage) {
  if (!ctx.tessellation_shaders()) return nullptr;
  const LinkedProgram* lp = stage_executable(ctx, stage);
  return lp && !lp->info.spirv[static_cast<unsigned>(stage)].empty() ? lp : nullptr;
}

// What the stages after tessellation take: the primitives the evaluation
// shader's layout generates (ES 3.2 §11.2.2; isolines are lines).
GLenum tessellation_output(const compiler::ProgramInterface& tes) {
  return tes.tess_gen_point_mode ? GL_POINTS : tes.tess_gen_mode == GL_ISOLINES ? GL_LINES : GL_TRIANGLES;
}

// The transform feedback primitive mode a geometry shader's output layout
// is captured as (ES 3.2 table 12.1).
GLenum captured_as(uint32_t output) {
  return output == GL_POINTS ? GL_POINTS : output == GL_LINE_STRIP ? GL_LINES : GL_TRIANGLES;
}

uint32_t read_index(const uint8_t* p, uint32_t size, size_t i) {
  switch (size) {
    case 1: return p[i];
    case 2: {
      uint16_t v;
      std::memcpy(&v, p + i * 2, 2);
      return v;
    }
    default: {
      uint32_t v;
      std::memcpy(&v, p + i * 4, 4);
      return v;
    }
  }
}

void write_index(uint8_t* p, uint32_t size, size_t i, uint32_t v) {
  if (size == 2) {
    const auto s = static_cast<uint16_t>(v);
    std::memcpy(p + i * 2, &s, 2);
  } else if (size == 4) {
    std::memcpy(p + i * 4, &v, 4);
  } else {
    p[i] = static_cast<uint8_t>(v);
  }
}

// The range of vertices an indexed draw reads, after adding the base vertex.
// Vertices below 0 are undefined in GL (ES 3.2 §10.5); clamp instead of
// wrapping so that the streamed range stays small.
uint32_t add_base_vertex(uint32_t index, GLint base_vertex) {
  const int64_t v = static_cast<int64_t>(index) + base_vertex;
  return static_cast<uint32_t>(std::clamp<int64_t>(v, 0, 0xffffffffll));
}

}  // namespace

// The adjacency modes exist where geometry shaders do (EXT_geometry_shader).
bool to_pipe_mode(const Context& ctx, GLenum mode, pipe::PrimitiveType* out) {
  switch (mode) {
    case GL_LINES_ADJACENCY: *out = pipe::PrimitiveType::LinesAdjacency; return ctx.geometry_shaders();
    case GL_LINE_STRIP_ADJACENCY: *out = pipe::PrimitiveType::LineStripAdjacency; return ctx.geometry_shaders();
    case GL_TRIANGLES_ADJACENCY: *out = pipe::PrimitiveType::TrianglesAdjacency; return ctx.geometry_shaders();
    case GL_TRIANGLE_STRIP_ADJACENCY:
      *out = pipe::PrimitiveType::TriangleStripAdjacency;
      return ctx.geometry_shaders();
    // Patches exist where tessellation shaders do (EXT_tessellation_shader).
    case GL_PATCHES: *out = pipe::PrimitiveType::Patches; return ctx.tessellation_shaders();
    case GL_POINTS: *out = pipe::PrimitiveType::Points; return true;
    case GL_LINES: *out = pipe::PrimitiveType::Lines; return true;
    case GL_LINE_LOOP: *out = pipe::PrimitiveType::LineStrip; return true;  // closed by an extra index
    case GL_LINE_STRIP: *out = pipe::PrimitiveType::LineStrip; return true;
    case GL_TRIANGLES: *out = pipe::PrimitiveType::Triangles; return true;
    case GL_TRIANGLE_STRIP: *out = pipe::PrimitiveType::TriangleStrip; return true;
    case GL_TRIANGLE_FAN: *out = pipe::PrimitiveType::TriangleFan; return true;
    // The compatibility profile's quads and polygons, drawn as triangle
    // lists (compat/legacy_primitives.h).
    case GL_QUADS: case GL_QUAD_STRIP: case GL_POLYGON:
      *out = pipe::PrimitiveType::Triangles;
      return ctx.compatibility();
    default: return false;
  }
}

// The mode checks of a draw that depend on the tessellation and geometry
// stages: patches exactly when tessellation is active; the geometry input
// layout against the tessellation output, else the draw's own mode; and
// while transform feedback captures, the geometry output layout (else
// what tessellation or the draw makes) against the capture mode. After a
// geometry or tessellation stage no buffer-space check is made (it would
// need the count they make).
bool primitive_modes_ok(Context& ctx, GLenum mode, bool indexed, GLsizei count, GLsizei instances,
                        bool* counted) {
  const LinkedProgram* tes = active_tessellation_stage(ctx, pipe::ShaderStage::TessEval);
  const bool tessellating = tes || active_tessellation_stage(ctx, pipe::ShaderStage::TessControl);
  // EXT_tessellation_shader §10.1.15 and §11.2: patches only go to
  // tessellation, and tessellation takes only patches.
  if (tessellating != (mode == GL_PATCHES)) {
    ctx.set_error(GL_INVALID_OPERATION);
    return false;
  }
  const GLenum made = tes ? tessellation_output(tes->interface) : mode;
  const LinkedProgram* gs = active_geometry_stage(ctx);
  if (gs && !geometry_input_matches(gs->interface.geometry_input_type, made)) {
    ctx.set_error(GL_INVALID_OPERATION);
    return false;
  }
  *counted = false;
  const TransformFeedback& tf = *ctx.transform_feedback;
  if (!tf.active || tf.paused) return true;
  const bool mode_ok = gs ? captured_as(gs->interface.geometry_output_type) == tf.primitive_mode
                          : transform_feedback_mode_allowed(tf.primitive_mode, made);
  // ES 3.0 §2.15.2 (table 2.13): while transform feedback is active (not
  // paused), only non-indexed draws of its primitive family (strips, fans
  // and loops are captured as independent primitives). Desktop GL captures
  // indexed draws too (GL 4.6 §13.3.2; Vulkan's transform feedback records
  // in primitive order whatever the draw).
  if ((indexed && !ctx.desktop()) || !mode_ok) {
    ctx.set_error(GL_INVALID_OPERATION);
    return false;
  }
  if (gs || tes) return true;
  *counted = true;
  return check_transform_feedback_space(ctx, mode, count, instances);
}

uint32_t index_size(GLenum type) {
  switch (type) {
    case GL_UNSIGNED_BYTE: return 1;
    case GL_UNSIGNED_SHORT: return 2;
    case GL_UNSIGNED_INT: return 4;
    default: return 0;
  }
}

void set_index_buffer(Context& ctx, pipe::Resource* r, uint32_t size) {
  VertexInputState& vi = ctx.vertex_input;
  if (vi.index_resource == r && vi.index_size == size) return;
  ctx.pipe().set_index_buffer(r, size, 0);
  vi.index_resource = r;
  vi.index_size = size;
  vi.index_offset = 0;
}

void draw(Context& ctx, const DrawCall& d) {
  pipe::PrimitiveType prim;
  if (!to_pipe_mode(ctx, d.mode, &prim)) return ctx.set_error(GL_INVALID_ENUM);
  const uint32_t isize = d.indexed ? index_size(d.type) : 0;
  if (d.indexed && !isize) return ctx.set_error(GL_INVALID_ENUM);
  if (d.count < 0 || d.instances < 0 || d.first < 0) return ctx.set_error(GL_INVALID_VALUE);
  if (d.has_range && d.range_end < d.range_start) return ctx.set_error(GL_INVALID_VALUE);
  // Quads and polygons are checked and captured as the triangles they
  // become (GL 4.6 compatibility table 13.1 takes them with TRIANGLES).
  const bool legacy = compat::is_legacy_primitive(d.mode);
  const GLenum as_mode = legacy ? GL_TRIANGLES : d.mode;
  const auto as_count = static_cast<GLsizei>(
      legacy ? compat::legacy_primitive_triangle_vertices(d.mode, static_cast<size_t>(d.count)) : d.count);
  Buffer* eb = d.indexed ? ctx.vertex_array->element_buffer.get() : nullptr;
  // Nothing changed since a draw of this mode passed the state checks:
  // they would pass again (validated_draw.h).
  const bool checked = draw_checks_hold(ctx, d.mode, d.indexed);
  if (checked) {
    // A new vertex buffer may be mapped (ES 3.0 §2.10.3).
    if ((ctx.dirty_bits() & kDirtyVertexBuffers) && !check_vertex_arrays(ctx)) return;
    // New texture or sampler bindings (texture_change.h).
    if ((ctx.dirty_bits() & kDirtyTextures) && !validate_texture_change(ctx)) return;
    // New values of the default uniform block, as validate_for_draw would
    // upload them.
    if (ctx.dirty_bits() & kDirtyUniforms) {
      validate_uniforms(ctx);
      ctx.clear_dirty(kDirtyUniforms);
    }
  }
  bool count_captured = false;
  if (!checked) {
    if (!primitive_modes_ok(ctx, as_mode, d.indexed, as_count, d.instances, &count_captured)) return;
    // The core profile draws only from a bound vertex array object (GL 4.6
    // core §10.4): it has no default one. The compatibility profile has.
    if (ctx.desktop() && !ctx.compatibility() && ctx.vertex_array.get() == ctx.default_vertex_array.get())
      return ctx.set_error(GL_INVALID_OPERATION);
    if (!check_vertex_arrays(ctx)) return;
    // Before the early return of empty draws: the error is the state's, not
    // the draw's.
    if (!advanced_blend_draw_ok(ctx)) return ctx.set_error(GL_INVALID_OPERATION);
    if (eb && eb->mapped_exclusively()) return ctx.set_error(GL_INVALID_OPERATION);
  }
  if (d.count == 0 || d.instances == 0) return;
  if (!checked) {
    // SELECT and FEEDBACK render modes rasterize nothing: the CPU processes
    // the primitives (compat/select_feedback_draw.h).
    if (ctx.compatibility() && select_feedback_active(ctx))
      return select_feedback_draw(ctx, d.mode, d.first, d.count, d.indexed ? d.type : GL_NONE, d.indices,
                                  d.base_vertex, d.instances);
    ctx.ff_pipeline.drawing_points = d.mode == GL_POINTS;  // compatibility point sprites
    if (!validate_for_draw(ctx)) return;
    // Points need gl_PointSize written (Vulkan leaves it undefined): the
    // program's point variant when its vertex shader does not write it.
    if (!bind_program_for_primitive(ctx, d.mode == GL_POINTS, d.indexed)) return;
    // A draw conditional rendering discards captures nothing either.
    if (!render_condition_passes(ctx, true)) return;
    if (count_captured) count_transform_feedback_vertices(ctx, as_mode, as_count, d.instances);
    remember_draw_checks(ctx, d.mode, d.indexed);
  }

  VertexInputState& vi = ctx.vertex_input;
  pipe::Screen& screen = ctx.screen();
  const bool loop = d.mode == GL_LINE_LOOP;
  const bool need_range = vertex_input_needs_range(ctx);
  const uintptr_t index_offset = reinterpret_cast<uintptr_t>(d.indices);
  // Only 8-bit indices ask (a virtual call the other draws skip).
  const bool uint8_ok = isize == 1 && screen.get_cap(pipe::Cap::IndexTypeUint8) != 0;
  // Primitive restart: ES's fixed index (all ones for the type), which takes
  // precedence, or desktop GL's PRIMITIVE_RESTART with any index (GL 4.6
  // §10.3.6). Vulkan restarts only at all ones: another index makes the CPU
  // rewrite the indices (an index beyond the type's range never matches).
  const uint32_t all_ones = isize == 1 ? 0xffu : isize == 2 ? 0xffffu : 0xffffffffu;
  // PRIMITIVE_RESTART_FOR_PATCHES_SUPPORTED is false: no restart in patches.
  bool restart = d.indexed && ctx.ff.primitive_restart_fixed_index && prim != pipe::PrimitiveType::Patches;
  uint32_t restart_in = all_ones;
  if (d.indexed && !restart && ctx.ff.primitive_restart && ctx.ff.primitive_restart_index <= all_ones &&
      prim != pipe::PrimitiveType::Patches) {
    restart = true;
    restart_in = ctx.ff.primitive_restart_index;
  }
  if (restart && !legacy && !screen.get_cap(pipe::Cap::PrimitiveRestartForLists) &&
      (prim == pipe::PrimitiveType::Points || prim == pipe::PrimitiveType::Lines ||
       prim == pipe::PrimitiveType::Triangles)) {
    BRASS_WARN_ONCE("primitive restart with list primitives is not supported by the device: ignored");
    restart = false;
  }
  const bool rewrite_restart = restart && restart_in != all_ones;

  // Indices the CPU must see or rewrite.
  const bool cpu_indices = d.indexed && (!eb || (isize == 1 && !uint8_ok) || index_offset % isize != 0 || loop ||
                                         (need_range && !d.has_range) || rewrite_restart || legacy);
  const uint8_t* src = nullptr;
  size_t count = static_cast<size_t>(d.count);
  // Indices past the end of the element buffer: Vulkan must never be
  // handed an index range beyond its buffer (issue 18, found by
  // BoundedInput), on the GPU path as on the CPU one. A robust context
  // draws the indices within the buffer (KHR_robust_buffer_access_behavior:
  // an out-of-bounds read returns zero or a value from within the buffer;
  // this is as if each returned the last index, whose extra primitives are
  // degenerate); other contexts draw nothing.
  if (eb && !range_fits<uint64_t>(index_offset, uint64_t{count} * isize, static_cast<uint64_t>(eb->size))) {
    if (!ctx.desc().robust_access || index_offset >= static_cast<uint64_t>(eb->size)) return;
    count = static_cast<size_t>((static_cast<uint64_t>(eb->size) - index_offset) / isize);
    if (count == 0) return;
  }
  if (cpu_indices) {
    if (!eb) {
      if (!d.indices) return;
      src = static_cast<const uint8_t*>(d.indices);
    } else {
      if (!eb->resource) return;
      // Indices past the end of the buffer: nothing defined to draw. Checked
      // before the copy is sized, so a huge count allocates nothing.
      const uint64_t bytes = uint64_t{count} * isize;
      if (!range_fits<uint64_t>(index_offset, bytes, static_cast<uint64_t>(eb->size))) return;
      vi.scratch2.resize(bytes);
      if (!read_buffer(ctx, *eb, static_cast<GLintptr>(index_offset), static_cast<GLsizeiptr>(bytes),
                       vi.scratch2.data()))
        return;
      src = vi.scratch2.data();
    }
  } else if (d.indexed && !eb->resource) {
    return;
  }

  VertexRange range;
  range.instances = static_cast<uint32_t>(d.instances);
  range.base_instance = d.base_instance;
  if (need_range) {
    range.known = true;
    if (d.has_range) {
      range.min = add_base_vertex(d.range_start, d.base_vertex);
      range.max = add_base_vertex(d.range_end, d.base_vertex);
    } else if (d.indexed) {
      uint32_t lo = 0xffffffffu, hi = 0;
      for (size_t i = 0; i < count; ++i) {
        const uint32_t v = read_index(src, isize, i);
        if (restart && v == restart_in) continue;
        lo = std::min(lo, v);
        hi = std::max(hi, v);
      }
      if (lo > hi) return;  // only restart indices
      range.min = add_base_vertex(lo, d.base_vertex);
      range.max = add_base_vertex(hi, d.base_vertex);
    } else {
      range.min = static_cast<uint32_t>(d.first);
      range.max = static_cast<uint32_t>(d.first) + static_cast<uint32_t>(d.count) - 1;
    }
  }

  // The draw's stream uploads must not wrap between each other.
  const uint32_t out_isize = !d.indexed ? 4u : (isize == 1 && !uint8_ok) ? 2u : isize;
  const bool index_upload = cpu_indices || (loop && !d.indexed) || legacy;
  // A loop gets its first index again at the end; with primitive restart,
  // every loop between restarts is closed (at most one closing index per
  // two input indices). Legacy primitives become triangles (restarts end
  // a primitive instead of being written).
  const size_t max_out_count = legacy ? compat::legacy_primitive_max_indices(d.mode, count)
                               : !loop ? count
                               : restart ? count + count / 2 + 1
                                         : count + 1;
  const uint64_t index_bytes = index_upload ? uint64_t{max_out_count} * out_isize + 16 : 0;
  // gl_DrawID of a multi-draw's draw (after the first): the draw becomes the
  // last command of an indirect multi-draw whose earlier commands draw
  // nothing, so that Vulkan's DrawIndex is its index
  // (compiler/draw_parameters.h). Direct multi-draws would serve too, but
  // lavapipe drops a whole multi-draw whose first draw is empty.
  bool numbered = false;
  if (d.draw_id != 0) {
    const LinkedProgram* vs = stage_executable(ctx, pipe::ShaderStage::Vertex);
    numbered = vs && vs->reads_draw_id && d.draw_id < screen.get_cap(pipe::Cap::MaxDrawIndirectCount);
  }
  constexpr uint32_t kIndexedCommandBytes = 20, kArraysCommandBytes = 16;  // Vk/GL indirect command layouts
  const uint64_t command_bytes =
      numbered ? (uint64_t{d.draw_id} + 1) * (d.indexed || index_upload ? kIndexedCommandBytes : kArraysCommandBytes) + 16
               : 0;
  if (!stream_reserve(ctx, index_bytes + command_bytes + vertex_input_stream_bytes(ctx, range))) return;

  pipe::DrawInfo info;
  info.mode = prim;
  if (prim == pipe::PrimitiveType::Patches) info.patch_vertices = static_cast<uint8_t>(ctx.state.patch_vertices);
  info.instance_count = static_cast<uint32_t>(d.instances);
  info.start_instance = d.base_instance;
  pipe::DrawStart start;
  start.count = static_cast<uint32_t>(count);
  bool indexed = d.indexed;
  if (index_upload) {
    vi.scratch.resize(max_out_count * out_isize);
    uint8_t* out = vi.scratch.data();
    const uint32_t restart_out = out_isize == 1 ? 0xffu : out_isize == 2 ? 0xffffu : 0xffffffffu;
    size_t out_count = 0;
    // The loop being written: its first index and how many it has so far.
    uint32_t loop_first = 0;
    size_t loop_length = 0;
    auto close_loop = [&] {
      if (loop && loop_length >= 2) write_index(out, out_isize, out_count++, loop_first);
      loop_length = 0;
    };
    compat::LegacyTriangulator triangulator(d.mode, ctx.ff.provoking_vertex == GL_FIRST_VERTEX_CONVENTION);
    const auto emit = [&](uint32_t index) { write_index(out, out_isize, out_count++, index); };
    for (size_t i = 0; i < count; ++i) {
      const uint32_t v = d.indexed ? read_index(src, isize, i) : static_cast<uint32_t>(d.first) + static_cast<uint32_t>(i);
      if (legacy) {
        if (restart && v == restart_in) triangulator.restart();
        else triangulator.vertex(v, emit);
        continue;
      }
      if (restart && v == restart_in) {
        close_loop();
        write_index(out, out_isize, out_count++, restart_out);
        continue;
      }
      if (loop_length++ == 0) loop_first = v;
      write_index(out, out_isize, out_count++, v);
    }
    close_loop();
    if (out_count == 0) return;  // no whole quad or polygon
    pipe::Resource* r = nullptr;
    uint64_t off = 0;
    if (!stream_upload(ctx, out, static_cast<uint32_t>(out_count * out_isize), &r, &off)) return;
    set_index_buffer(ctx, r, out_isize);
    start.start = static_cast<uint32_t>(off / out_isize);
    start.count = static_cast<uint32_t>(out_count);
    indexed = true;
  } else if (d.indexed) {
    set_index_buffer(ctx, eb->resource.get(), isize);
    start.start = static_cast<uint32_t>(index_offset / isize);
  }

  uint32_t base = 0;
  if (!validate_vertex_input(ctx, range, &base)) return;
  info.indexed = indexed;
  if (indexed) {
    start.index_bias = d.base_vertex - static_cast<int32_t>(base);
    info.primitive_restart = restart && !legacy;
    info.restart_index = out_isize == 1 ? 0xffu : out_isize == 2 ? 0xffffu : 0xffffffffu;
  } else {
    start.start = static_cast<uint32_t>(d.first) - base;
  }
  if (numbered) {
    const size_t size = indexed ? kIndexedCommandBytes : kArraysCommandBytes;
    vi.scratch.assign((size_t{d.draw_id} + 1) * size, 0);
    const uint32_t instances = info.instance_count;
    uint32_t* last = reinterpret_cast<uint32_t*>(vi.scratch.data() + size_t{d.draw_id} * size);
    if (indexed) {
      // VkDrawIndexedIndirectCommand: count, instances, first index, vertex offset, first instance.
      const uint32_t words[5] = {start.count, instances, start.start, static_cast<uint32_t>(start.index_bias),
                                 info.start_instance};
      std::memcpy(last, words, sizeof(words));
    } else {
      // VkDrawIndirectCommand: count, instances, first vertex, first instance.
      const uint32_t words[4] = {start.count, instances, start.start, info.start_instance};
      std::memcpy(last, words, sizeof(words));
    }
    pipe::DrawIndirect commands;
    if (!stream_upload(ctx, vi.scratch.data(), static_cast<uint32_t>(vi.scratch.size()), &commands.buffer,
                       &commands.offset))
      return;
    commands.draw_count = d.draw_id + 1;
    commands.stride = static_cast<uint32_t>(size);
    ctx.pipe().draw_vbo(info, &commands, {});
    return;
  }
  ctx.pipe().draw_vbo(info, nullptr, std::span<const pipe::DrawStart>(&start, 1));
}

DrawCall arrays_call(GLenum mode, GLint first, GLsizei count, GLsizei instances, GLuint base_instance) {
  DrawCall d;
  d.mode = mode;
  d.first = first;
  d.count = count;
  d.instances = instances;
  d.base_instance = base_instance;
  return d;
}

DrawCall elements_call(GLenum mode, GLsizei count, GLenum type, const void* indices, GLsizei instances,
                       GLint base_vertex, GLuint base_instance) {
  DrawCall d;
  d.mode = mode;
  d.count = count;
  d.indexed = true;
  d.type = type;
  d.indices = indices;
  d.instances = instances;
  d.base_vertex = base_vertex;
  d.base_instance = base_instance;
  return d;
}


// EXT_tessellation_shader §10.1.15: the vertices of each patch.
void PatchParameteri(Context& ctx, GLenum pname, GLint value) {
  if (!ctx.tessellation_shaders()) return ctx.set_error(GL_INVALID_OPERATION);
  if (pname != GL_PATCH_VERTICES) return ctx.set_error(GL_INVALID_ENUM);
  if (value <= 0 || value > ctx.limits.max_patch_vertices) return ctx.set_error(GL_INVALID_VALUE);
  ctx.state.patch_vertices = value;
  ctx.dirty(kDirtyDrawChecks);  // a program variant's input (bind_program_for_primitive)
}

// Desktop GL 4.6 §11.2.2: the default tessellation levels.
void PatchParameterfv(Context& ctx, GLenum pname, const GLfloat* values) {
  if (!ctx.tessellation_shaders()) return ctx.set_error(GL_INVALID_OPERATION);
  GLfloat* dst = pname == GL_PATCH_DEFAULT_OUTER_LEVEL   ? ctx.state.patch_default_outer
                 : pname == GL_PATCH_DEFAULT_INNER_LEVEL ? ctx.state.patch_default_inner
                                                         : nullptr;
  if (!dst) return ctx.set_error(GL_INVALID_ENUM);
  if (!values) return;
  std::memcpy(dst, values, (pname == GL_PATCH_DEFAULT_OUTER_LEVEL ? 4 : 2) * sizeof(GLfloat));
  // Programs without a control shader read them from their default
  // uniform block (validate_uniforms_of).
  ctx.dirty(kDirtyUniforms);
}

void DrawArrays(Context& ctx, GLenum mode, GLint first, GLsizei count) {
  draw(ctx, arrays_call(mode, first, count, 1, 0));
}

void DrawArraysInstanced(Context& ctx, GLenum mode, GLint first, GLsizei count, GLsizei instancecount) {
  draw(ctx, arrays_call(mode, first, count, instancecount, 0));
}

void DrawArraysInstancedBaseInstance(Context& ctx, GLenum mode, GLint first, GLsizei count, GLsizei instancecount,
                                     GLuint baseinstance) {
  draw(ctx, arrays_call(mode, first, count, instancecount, baseinstance));
}

void DrawElements(Context& ctx, GLenum mode, GLsizei count, GLenum type, const void* indices) {
  draw(ctx, elements_call(mode, count, type, indices, 1, 0, 0));
}

void DrawElementsInstanced(Context& ctx, GLenum mode, GLsizei count, GLenum type, const void* indices,
                           GLsizei instancecount) {
  draw(ctx, elements_call(mode, count, type, indices, instancecount, 0, 0));
}

void DrawElementsInstancedBaseVertexBaseInstance(Context& ctx, GLenum mode, GLsizei count, GLenum type,
                                                 const void* indices, GLsizei instancecount, GLint basevertex,
                                                 GLuint baseinstance) {
  draw(ctx, elements_call(mode, count, type, indices, instancecount, basevertex, baseinstance));
}

void DrawElementsInstancedBaseInstance(Context& ctx, GLenum mode, GLsizei count, GLenum type, const void* indices,
                                       GLsizei instancecount, GLuint baseinstance) {
  draw(ctx, elements_call(mode, count, type, indices, instancecount, 0, baseinstance));
}

void DrawElementsBaseVertex(Context& ctx, GLenum mode, GLsizei count, GLenum type, const void* indices,
                            GLint basevertex) {
  draw(ctx, elements_call(mode, count, type, indices, 1, basevertex, 0));
}

void DrawElementsInstancedBaseVertex(Context& ctx, GLenum mode, GLsizei count, GLenum type, const void* indices,
                                     GLsizei instancecount, GLint basevertex) {
  draw(ctx, elements_call(mode, count, type, indices, instancecount, basevertex, 0));
}

void DrawRangeElements(Context& ctx, GLenum mode, GLuint start, GLuint end, GLsizei count, GLenum type,
                       const void* indices) {
  DrawRangeElementsBaseVertex(ctx, mode, start, end, count, type, indices, 0);
}

void DrawRangeElementsBaseVertex(Context& ctx, GLenum mode, GLuint start, GLuint end, GLsizei count, GLenum type,
                                 const void* indices, GLint basevertex) {
  DrawCall d = elements_call(mode, count, type, indices, 1, basevertex, 0);
  d.has_range = true;
  d.range_start = start;
  d.range_end = end;
  draw(ctx, d);
}

namespace {
// A negative count in any of a multi-draw's draws is INVALID_VALUE for the
// whole command, which then draws nothing (GL 4.6 §2.3.1: a command that
// records an error has no effect; piglit gl-1.4-multidrawarrays-errors).
bool counts_valid(Context& ctx, const GLsizei* count, GLsizei drawcount) {
  for (GLsizei i = 0; i < drawcount; ++i) {
    if (count[i] < 0) {
      ctx.set_error(GL_INVALID_VALUE);
      return false;
    }
  }
  return true;
}
}  // namespace

// EXT_draw_elements_base_vertex with EXT_multi_draw_arrays: the draws one
// after another, each validated as its own DrawElementsBaseVertex once the
// counts are known to be valid (a state error in one leaves the ones before
// it drawn, as on other drivers).
void MultiDrawElementsBaseVertex(Context& ctx, GLenum mode, const GLsizei* count, GLenum type,
                                 const void* const* indices, GLsizei drawcount, const GLint* basevertex) {
  if (drawcount < 0) return ctx.set_error(GL_INVALID_VALUE);
  if (drawcount > 0 && (!count || !indices || !basevertex)) return ctx.set_error(GL_INVALID_VALUE);
  if (!counts_valid(ctx, count, drawcount)) return;
  for (GLsizei i = 0; i < drawcount; ++i) {
    DrawCall call = elements_call(mode, count[i], type, indices[i], 1, basevertex[i], 0);
    call.draw_id = static_cast<uint32_t>(i);
    draw(ctx, call);
  }
}

// EXT_multi_draw_arrays: a loop of single draws; each one is validated on
// its own like MultiDrawElementsBaseVertex above.
void MultiDrawArrays(Context& ctx, GLenum mode, const GLint* first, const GLsizei* count, GLsizei drawcount) {
  if (drawcount < 0) return ctx.set_error(GL_INVALID_VALUE);
  if (drawcount > 0 && (!first || !count)) return ctx.set_error(GL_INVALID_VALUE);
  if (!counts_valid(ctx, count, drawcount)) return;
  for (GLsizei i = 0; i < drawcount; ++i)
    if (first[i] < 0) return ctx.set_error(GL_INVALID_VALUE);
  for (GLsizei i = 0; i < drawcount; ++i) {
    DrawCall call = arrays_call(mode, first[i], count[i], 1, 0);
    call.draw_id = static_cast<uint32_t>(i);
    draw(ctx, call);
  }
}

void MultiDrawElements(Context& ctx, GLenum mode, const GLsizei* count, GLenum type, const void* const* indices,
                       GLsizei drawcount) {
  if (drawcount < 0) return ctx.set_error(GL_INVALID_VALUE);
  if (drawcount > 0 && (!count || !indices)) return ctx.set_error(GL_INVALID_VALUE);
  if (!counts_valid(ctx, count, drawcount)) return;
  for (GLsizei i = 0; i < drawcount; ++i) {
    DrawCall call = elements_call(mode, count[i], type, indices[i], 1, 0, 0);
    call.draw_id = static_cast<uint32_t>(i);
    draw(ctx, call);
  }
}

}  // namespace brass::gl::api
