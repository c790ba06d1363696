// Buffer objects (ES 3.0 §2.10): names, bindings, data specification,
// mapping, copies and queries. A buffer is one pipe resource bindable for
// every GL use; re-specifying it at the same size while the GPU still reads
// it invalidates the resource (the pipe swaps storage) instead of waiting.
#include <algorithm>
#include <climits>
#include <cmath>
#include <cstring>
#include <limits>

#include "gl/context.h"
#include "gl/state_queries.h"
#include "util/range.h"
#include "gl_functions.h"

namespace brass::gl {

Binding<Buffer>* buffer_binding_point(Context& ctx, GLenum target) {
  BufferBindings& b = ctx.buffers;
  switch (target) {
    case GL_ARRAY_BUFFER: return &b.array;
    case GL_ELEMENT_ARRAY_BUFFER: return &ctx.vertex_array->element_buffer;
    case GL_COPY_READ_BUFFER: return &b.copy_read;
    case GL_COPY_WRITE_BUFFER: return &b.copy_write;
    case GL_PIXEL_PACK_BUFFER: return &b.pixel_pack;
    case GL_PIXEL_UNPACK_BUFFER: return &b.pixel_unpack;
    case GL_UNIFORM_BUFFER: return &b.uniform;
    case GL_TRANSFORM_FEEDBACK_BUFFER: return &b.transform_feedback;
    default: break;
  }
  if (!ctx.es31()) return nullptr;
  switch (target) {
    case GL_SHADER_STORAGE_BUFFER: return &b.shader_storage;
    case GL_ATOMIC_COUNTER_BUFFER: return &b.atomic_counter;
    case GL_DISPATCH_INDIRECT_BUFFER: return &b.dispatch_indirect;
    case GL_DRAW_INDIRECT_BUFFER: return &b.draw_indirect;
    case GL_TEXTURE_BUFFER: return ctx.texture_buffers() ? &b.texture : nullptr;
    case GL_PARAMETER_BUFFER: return ctx.desktop() ? &b.parameter : nullptr;
    case GL_QUERY_BUFFER: return ctx.desktop() ? &b.query : nullptr;
    default: return nullptr;
  }
}

bool unmap_buffer(Buffer& b) {
  if (!b.mapped) return false;
  if (b.map_context && b.transfer) b.map_context->transfer_unmap(b.transfer);
  b.mapped = false;
  next_object_generation();  // the draws that checked for a mapping check again (validated_draw.h)
  b.map_access = 0;
  b.map_offset = 0;
  b.map_length = 0;
  b.map_pointer = nullptr;
  b.transfer = nullptr;
  b.map_context = nullptr;
  return true;
}

bool read_buffer(Context& ctx, Buffer& b, GLintptr offset, GLsizeiptr size, void* out) {
  if (size <= 0) return true;
  if (!b.resource || !range_fits<GLint64>(offset, size, b.size)) return false;
  pipe::Transfer* t = nullptr;
  const pipe::Box box{static_cast<int32_t>(offset), 0, 0, static_cast<int32_t>(size), 1, 1};
  const void* p = ctx.pipe().transfer_map(b.resource.get(), 0, pipe::kMapRead, box, &t);
  if (!p) return false;
  std::memcpy(out, p, static_cast<size_t>(size));
  ctx.pipe().transfer_unmap(t);
  return true;
}

bool query_buffer_state(Context& ctx, GLenum pname, GLint* out) {
  auto name = [](const Binding<Buffer>& b) { return b ? static_cast<GLint>(b->name()) : 0; };
  const BufferBindings& bb = ctx.buffers;
  switch (pname) {
    case GL_ARRAY_BUFFER_BINDING: *out = name(bb.array); return true;
    case GL_ELEMENT_ARRAY_BUFFER_BINDING: *out = name(ctx.vertex_array->element_buffer); return true;
    case GL_COPY_READ_BUFFER_BINDING: *out = name(bb.copy_read); return true;
    case GL_COPY_WRITE_BUFFER_BINDING: *out = name(bb.copy_write); return true;
    case GL_PIXEL_PACK_BUFFER_BINDING: *out = name(bb.pixel_pack); return true;
    case GL_PIXEL_UNPACK_BUFFER_BINDING: *out = name(bb.pixel_unpack); return true;
    case GL_UNIFORM_BUFFER_BINDING: *out = name(bb.uniform); return true;
    case GL_TEXTURE_BUFFER_BINDING:
      if (!ctx.texture_buffers()) return false;
      *out = name(bb.texture);
      return true;
    case GL_TRANSFORM_FEEDBACK_BUFFER_BINDING: *out = name(bb.transform_feedback); return true;
    case GL_PARAMETER_BUFFER_BINDING:
      if (!ctx.desktop()) return false;
      *out = name(bb.parameter);
      return true;
    case GL_QUERY_BUFFER_BINDING:
      if (!ctx.desktop()) return false;
      *out = name(bb.query);
      return true;
    case GL_VERTEX_ARRAY_BINDING: *out = static_cast<GLint>(ctx.vertex_array->name()); return true;
    case GL_SHADER_STORAGE_BUFFER_BINDING:
    case GL_ATOMIC_COUNTER_BUFFER_BINDING:
    case GL_DISPATCH_INDIRECT_BUFFER_BINDING:
    case GL_DRAW_INDIRECT_BUFFER_BINDING:
      if (!ctx.es31()) return false;
      *out = name(pname == GL_SHADER_STORAGE_BUFFER_BINDING   ? bb.shader_storage
                  : pname == GL_ATOMIC_COUNTER_BUFFER_BINDING ? bb.atomic_counter
                  : pname == GL_DISPATCH_INDIRECT_BUFFER_BINDING ? bb.dispatch_indirect
                                                                 : bb.draw_indirect);
      return true;
    // Recommendations only: larger draws work (streamed ranges grow).
    case GL_MAX_ELEMENTS_VERTICES: *out = 1 << 20; return true;
    case GL_MAX_ELEMENTS_INDICES: *out = 1 << 20; return true;
    case GL_MAX_ELEMENT_INDEX: *out = 0x7fffffff; return true;
    case GL_MAX_VERTEX_ATTRIB_BINDINGS: *out = kMaxVertexAttribBindings; return true;
    case GL_MAX_VERTEX_ATTRIB_RELATIVE_OFFSET: *out = kMaxVertexAttribRelativeOffset; return true;
    case GL_MAX_VERTEX_ATTRIB_STRIDE: *out = kMaxVertexAttribStride; return true;
    default: return false;
  }
}

namespace {

bool fail(Context& ctx, GLenum error) {
  ctx.set_error(error);
  return false;
}

// glGetInteger(64)i_v of the indexed buffer bindings.
bool indexed_buffer_state(Context& ctx, GLenum target, GLuint index, GLint64* out) {
  const IndexedBufferBinding* b = nullptr;
  switch (target) {
    case GL_UNIFORM_BUFFER_BINDING: case GL_UNIFORM_BUFFER_START: case GL_UNIFORM_BUFFER_SIZE:
      if (index >= static_cast<GLuint>(ctx.limits.max_uniform_buffer_bindings) || index >= kMaxUniformBufferBindings) {
        ctx.set_error(GL_INVALID_VALUE);
        return false;
      }
      b = &ctx.buffers.uniform_indexed[index];
      break;
    case GL_TRANSFORM_FEEDBACK_BUFFER_BINDING: case GL_TRANSFORM_FEEDBACK_BUFFER_START:
    case GL_TRANSFORM_FEEDBACK_BUFFER_SIZE:
      if (index >= static_cast<GLuint>(ctx.limits.max_transform_feedback_separate_attribs) ||
          index >= kMaxTransformFeedbackBuffers) {
        ctx.set_error(GL_INVALID_VALUE);
        return false;
      }
      b = &ctx.transform_feedback->buffers[index];
      break;
    case GL_SHADER_STORAGE_BUFFER_BINDING: case GL_SHADER_STORAGE_BUFFER_START: case GL_SHADER_STORAGE_BUFFER_SIZE:
      if (!ctx.es31()) {
        ctx.set_error(GL_INVALID_ENUM);
        return false;
      }
      if (index >= kMaxShaderStorageBufferBindings) {
        ctx.set_error(GL_INVALID_VALUE);
        return false;
      }
      b = &ctx.buffers.storage_indexed[index];
      break;
    case GL_ATOMIC_COUNTER_BUFFER_BINDING: case GL_ATOMIC_COUNTER_BUFFER_START: case GL_ATOMIC_COUNTER_BUFFER_SIZE:
      if (!ctx.es31()) {
        ctx.set_error(GL_INVALID_ENUM);
        return false;
      }
      if (index >= kMaxAtomicCounterBufferBindings) {
        ctx.set_error(GL_INVALID_VALUE);
        return false;
      }
      b = &ctx.buffers.atomic_indexed[index];
      break;
    default: ctx.set_error(GL_INVALID_ENUM); return false;
  }
  switch (target) {
    case GL_UNIFORM_BUFFER_BINDING:
    case GL_TRANSFORM_FEEDBACK_BUFFER_BINDING:
    case GL_SHADER_STORAGE_BUFFER_BINDING:
    case GL_ATOMIC_COUNTER_BUFFER_BINDING: *out = b->buffer ? b->buffer->name() : 0; return true;
    case GL_UNIFORM_BUFFER_START:
    case GL_TRANSFORM_FEEDBACK_BUFFER_START:
    case GL_SHADER_STORAGE_BUFFER_START:
    case GL_ATOMIC_COUNTER_BUFFER_START: *out = b->offset; return true;
    default: *out = b->size; return true;
  }
}

// Every indexed glGet*i_v value: per-draw-buffer blend state, vertex buffer
// bindings, indexed buffer bindings. The number of values written to v, 0
// after an error was recorded.
// glGetIntegeri_v / glGetInteger64i_v of the ES 3.1 per-dimension compute
// limits; false for other targets.
bool compute_limit(Context& ctx, GLenum target, GLuint index, GLint64* out) {
  if (!ctx.es31() || (target != GL_MAX_COMPUTE_WORK_GROUP_COUNT && target != GL_MAX_COMPUTE_WORK_GROUP_SIZE))
    return false;
  if (index >= 3) {
    ctx.set_error(GL_INVALID_VALUE);
    return true;
  }
  *out = target == GL_MAX_COMPUTE_WORK_GROUP_COUNT ? ctx.limits.max_compute_work_group_count[index]
                                                   : ctx.limits.max_compute_work_group_size[index];
  return true;
}

int indexed_state(Context& ctx, GLenum target, GLuint index, GLint64 v[4]) {
  if (compute_limit(ctx, target, index, v)) return index < 3 ? 1 : 0;
  int n = draw_buffer_state(ctx, target, index, v);
  if (n < 0) n = sample_mask_state(ctx, target, index, v);
  if (n < 0) n = vertex_binding_state(ctx, target, index, v);
  if (n < 0) n = image_unit_state(ctx, target, index, v);
  if (n < 0) {
    // VIEWPORT and DEPTH_RANGE are floats: integers by rounding (VIEWPORT)
    // or mapping [0, 1] onto the integer range (DEPTH_RANGE, ES 3.1 §2.2.2).
    GLfloat f[4] = {};
    bool is_float = false;
    n = viewport_indexed_state(ctx, target, index, v, f, &is_float);
    for (int k = 0; is_float && k < n; ++k)
      v[k] = target == GL_DEPTH_RANGE
                 ? static_cast<GLint64>(std::llround(static_cast<double>(f[k]) * 4294967295.0 - 1.0) / 2)
                 : std::llround(f[k]);
  }
  if (n < 0) n = indexed_buffer_state(ctx, target, index, v) ? 1 : 0;
  return n;
}

pipe::Usage to_pipe_usage(GLenum usage) {
  switch (usage) {
    case GL_STREAM_DRAW:
    case GL_STREAM_READ:
    case GL_STREAM_COPY: return pipe::Usage::Stream;
    case GL_DYNAMIC_DRAW:
    case GL_DYNAMIC_READ:
    case GL_DYNAMIC_COPY: return pipe::Usage::Dynamic;
    default: return pipe::Usage::Default;
  }
}

bool is_buffer_usage(GLenum usage) {
  switch (usage) {
    case GL_STREAM_DRAW: case GL_STREAM_READ: case GL_STREAM_COPY:
    case GL_STATIC_DRAW: case GL_STATIC_READ: case GL_STATIC_COPY:
    case GL_DYNAMIC_DRAW: case GL_DYNAMIC_READ: case GL_DYNAMIC_COPY: return true;
    default: return false;
  }
}

// The buffer bound to `target`, with the errors of the buffer-data entry
// points: INVALID_ENUM for the target, INVALID_OPERATION when none is bound.
Buffer* target_buffer(Context& ctx, GLenum target) {
  Binding<Buffer>* point = buffer_binding_point(ctx, target);
  if (!point) {
    ctx.set_error(GL_INVALID_ENUM);
    return nullptr;
  }
  if (!*point) {
    ctx.set_error(GL_INVALID_OPERATION);
    return nullptr;
  }
  return point->get();
}

template <typename T>
void unbind_if(Binding<T>& point, T* obj) {
  if (point.get() == obj) point.reset();
}

}  // namespace

bool buffer_parameter(Context& ctx, const Buffer* buffer, GLenum pname, GLint64* out) {
  switch (pname) {
    case GL_BUFFER_SIZE: case GL_BUFFER_USAGE: case GL_BUFFER_ACCESS_FLAGS: case GL_BUFFER_MAPPED:
    case GL_BUFFER_MAP_LENGTH: case GL_BUFFER_MAP_OFFSET: case GL_BUFFER_ACCESS_OES: break;
    case GL_BUFFER_IMMUTABLE_STORAGE: case GL_BUFFER_STORAGE_FLAGS:
      if (!ctx.has_feature("GL_EXT_buffer_storage")) return fail(ctx, GL_INVALID_ENUM);
      break;
    default: return fail(ctx, GL_INVALID_ENUM);
  }
  if (!buffer) return fail(ctx, GL_INVALID_OPERATION);
  const Buffer& b = *buffer;
  switch (pname) {
    case GL_BUFFER_SIZE: *out = b.size; return true;
    case GL_BUFFER_USAGE: *out = b.usage; return true;
    case GL_BUFFER_ACCESS_FLAGS: *out = b.mapped ? b.map_access : 0; return true;
    case GL_BUFFER_MAPPED: *out = b.mapped ? GL_TRUE : GL_FALSE; return true;
    case GL_BUFFER_MAP_LENGTH: *out = b.mapped ? b.map_length : 0; return true;
    case GL_BUFFER_MAP_OFFSET: *out = b.mapped ? b.map_offset : 0; return true;
    case GL_BUFFER_IMMUTABLE_STORAGE: *out = b.immutable ? GL_TRUE : GL_FALSE; return true;
    case GL_BUFFER_STORAGE_FLAGS: *out = b.storage_flags; return true;
    // OES_mapbuffer has only write-only mappings, and the initial value is
    // WRITE_ONLY_OES too.
    case GL_BUFFER_ACCESS_OES:
      // Desktop: the access of the current mapping (READ_WRITE, the initial
      // value, when unmapped); OES_mapbuffer knows only WRITE_ONLY.
      if (!ctx.desktop()) {
        *out = GL_WRITE_ONLY_OES;
      } else {
        const GLbitfield rw = b.mapped ? b.map_access & (GL_MAP_READ_BIT | GL_MAP_WRITE_BIT) : 0;
        *out = rw == GL_MAP_READ_BIT ? GL_READ_ONLY : rw == GL_MAP_WRITE_BIT ? GL_WRITE_ONLY : GL_READ_WRITE;
      }
      return true;
    default: return fail(ctx, GL_INVALID_ENUM);
  }
}

namespace {


// glBindBufferBase/Range; `generic` false for the multi-bind forms, which
// leave the generic binding point alone (GL 4.6 §6.7.1).
void bind_indexed(Context& ctx, GLenum target, GLuint index, GLuint name, GLintptr offset, GLsizeiptr size,
                  bool range, bool generic = true) {
  IndexedBufferBinding* slot = nullptr;
  if (target == GL_UNIFORM_BUFFER) {
    if (index >= static_cast<GLuint>(ctx.limits.max_uniform_buffer_bindings) || index >= kMaxUniformBufferBindings)
      return ctx.set_error(GL_INVALID_VALUE);
    slot = &ctx.buffers.uniform_indexed[index];
  } else if (target == GL_TRANSFORM_FEEDBACK_BUFFER) {
    if (index >= static_cast<GLuint>(ctx.limits.max_transform_feedback_separate_attribs) ||
        index >= kMaxTransformFeedbackBuffers)
      return ctx.set_error(GL_INVALID_VALUE);
    slot = &ctx.transform_feedback->buffers[index];
  } else if (target == GL_SHADER_STORAGE_BUFFER && ctx.es31()) {
    if (index >= kMaxShaderStorageBufferBindings) return ctx.set_error(GL_INVALID_VALUE);
    slot = &ctx.buffers.storage_indexed[index];
  } else if (target == GL_ATOMIC_COUNTER_BUFFER && ctx.es31()) {
    if (index >= kMaxAtomicCounterBufferBindings) return ctx.set_error(GL_INVALID_VALUE);
    slot = &ctx.buffers.atomic_indexed[index];
  } else {
    return ctx.set_error(GL_INVALID_ENUM);
  }
  if (range && name != 0) {
    if (size <= 0 || offset < 0) return ctx.set_error(GL_INVALID_VALUE);
    if (target == GL_UNIFORM_BUFFER && offset % ctx.limits.uniform_buffer_offset_alignment != 0)
      return ctx.set_error(GL_INVALID_VALUE);
    if (target == GL_SHADER_STORAGE_BUFFER && offset % ctx.limits.shader_storage_buffer_offset_alignment != 0)
      return ctx.set_error(GL_INVALID_VALUE);
    if (target == GL_ATOMIC_COUNTER_BUFFER && offset % 4 != 0) return ctx.set_error(GL_INVALID_VALUE);
    if (target == GL_TRANSFORM_FEEDBACK_BUFFER && (offset % 4 != 0 || size % 4 != 0))
      return ctx.set_error(GL_INVALID_VALUE);
  }
  if (target == GL_TRANSFORM_FEEDBACK_BUFFER && ctx.transform_feedback->active)
    return ctx.set_error(GL_INVALID_OPERATION);
  Ref<Buffer> b;
  if (name != 0) {
    b = ctx.share_group().buffers.get_or_create(name, true, [](GLuint n) { return make_ref<Buffer>(n); });
    if (!b) return ctx.set_error(GL_OUT_OF_MEMORY);
  }
  set_indexed_binding(*slot, b, offset, size, range);
  // The generic binding point changes too (ES 3.0 §2.10.1.1, ES 3.1 §6.1.1).
  switch (target) {
    case GL_UNIFORM_BUFFER:
      if (generic) bind(ctx.buffers.uniform, b);
      ctx.dirty(kDirtyUniformBuffers);
      break;
    case GL_TRANSFORM_FEEDBACK_BUFFER:
      if (generic) bind(ctx.buffers.transform_feedback, b);
      ctx.dirty(kDirtyTransformFeedback);
      break;
    case GL_SHADER_STORAGE_BUFFER:
      if (generic) bind(ctx.buffers.shader_storage, b);
      ctx.dirty(kDirtyStorageBuffers);
      break;
    default:
      if (generic) bind(ctx.buffers.atomic_counter, b);
      ctx.dirty(kDirtyStorageBuffers);
      break;
  }
}

// glBindBuffersBase / glBindBuffersRange (GL 4.4, ARB_multi_bind; GL 4.6
// §6.7.1): BindBufferBase/Range on first .. first + count - 1, without the
// generic binding point. Checks of the whole call first; then each entry is
// checked alone, and one in error is skipped with its error while the rest
// are bound.
void bind_buffers(Context& ctx, GLenum target, GLuint first, GLsizei count, const GLuint* buffers,
                  const GLintptr* offsets, const GLsizeiptr* sizes, bool range) {
  GLint64 points = 0;
  switch (target) {
    case GL_UNIFORM_BUFFER:
      points = std::min<GLint64>(ctx.limits.max_uniform_buffer_bindings, kMaxUniformBufferBindings);
      break;
    case GL_TRANSFORM_FEEDBACK_BUFFER:
      points = std::min<GLint64>(ctx.limits.max_transform_feedback_separate_attribs, kMaxTransformFeedbackBuffers);
      break;
    case GL_SHADER_STORAGE_BUFFER: points = kMaxShaderStorageBufferBindings; break;
    case GL_ATOMIC_COUNTER_BUFFER: points = kMaxAtomicCounterBufferBindings; break;
    default: return ctx.set_error(GL_INVALID_ENUM);
  }
  if (count < 0) return ctx.set_error(GL_INVALID_VALUE);
  if (GLint64{first} + count > points) return ctx.set_error(GL_INVALID_OPERATION);
  if (target == GL_TRANSFORM_FEEDBACK_BUFFER && ctx.transform_feedback->active)
    return ctx.set_error(GL_INVALID_OPERATION);
  // Offsets and sizes are read only with buffers; without them a range
  // cannot be checked, so every named buffer's entry is in error.
  const bool ranges_given = offsets && sizes;
  for (GLsizei i = 0; i < count; ++i) {
    const GLuint name = buffers ? buffers[i] : 0;
    const GLuint index = first + static_cast<GLuint>(i);
    // Names no Gen* returned (or deleted ones) are INVALID_OPERATION.
    if (name != 0 && !ctx.share_group().buffers.is_name(name)) {
      ctx.set_error(GL_INVALID_OPERATION);
      continue;
    }
    if (range && name != 0 && !ranges_given) {
      ctx.set_error(GL_INVALID_VALUE);
      continue;
    }
    const GLintptr offset = range && name != 0 ? offsets[i] : 0;
    const GLsizeiptr size = range && name != 0 ? sizes[i] : 0;
    bind_indexed(ctx, target, index, name, offset, size, range && name != 0, false);
  }
}

}  // namespace

void set_indexed_binding(IndexedBufferBinding& slot, Ref<Buffer> buffer, GLintptr offset, GLsizeiptr size,
                         bool range) {
  const bool ranged = range && buffer;
  bind(slot.buffer, std::move(buffer));
  slot.offset = ranged ? offset : 0;
  slot.size = ranged ? size : 0;
}

// --- the operations on one buffer object, shared by the bind-to-edit
// commands (the buffer bound to a target) and the direct state access ones
// (a named buffer). A null buffer is "none bound" / "no such buffer", which
// both kinds of command report as INVALID_OPERATION at the same point. ---

void buffer_data(Context& ctx, Buffer* buffer, GLsizeiptr size, const void* data, GLenum usage) {
  if (size < 0) return ctx.set_error(GL_INVALID_VALUE);
  if (!is_buffer_usage(usage)) return ctx.set_error(GL_INVALID_ENUM);
  if (!buffer) return ctx.set_error(GL_INVALID_OPERATION);
  // Transfers address buffers with int32 boxes: 2 GiB is the largest buffer.
  if (size > std::numeric_limits<int32_t>::max()) return ctx.set_error(GL_OUT_OF_MEMORY);
  Buffer& b = *buffer;
  if (b.immutable) return ctx.set_error(GL_INVALID_OPERATION);  // GL 4.6 §6.2
  unmap_buffer(b);
  const uint32_t width = size > 0 ? static_cast<uint32_t>(size) : 1u;
  const pipe::Usage pusage = to_pipe_usage(usage);
  if (b.resource && b.resource->templ().width == width && b.resource->templ().usage == pusage) {
    // Same storage: throw the old contents away; draws already recorded keep
    // reading them, later ones see the new data. Never a stall.
    ctx.pipe().invalidate_resource(b.resource.get());
  } else {
    pipe::ResourceTemplate t;
    t.target = pipe::Target::Buffer;
    t.format = pipe::Format::None;
    t.width = width;
    t.bind = kBufferBind;
    t.usage = pusage;
    pipe::Status status = pipe::Status::Ok;
    Ref<pipe::Resource> r = ctx.screen().resource_create(t, &status);
    if (!r) return ctx.set_error(GL_OUT_OF_MEMORY);
    b.resource = std::move(r);
    // The resource pointer changed: vertex and uniform bindings rebind, and
    // buffer textures make their views again.
    ctx.dirty(kDirtyVertexInput | kDirtyUniformBuffers | kDirtyTransformFeedback | kDirtyStorageBuffers |
              kDirtyTextures | kDirtyImages);
  }
  if (data && size > 0)
    ctx.pipe().buffer_subdata(b.resource.get(), pipe::kMapDiscardWholeResource, 0, static_cast<uint64_t>(size), data);
  b.size = size;
  b.usage = usage;
  b.storage_flags = GL_MAP_READ_BIT | GL_MAP_WRITE_BIT | GL_DYNAMIC_STORAGE_BIT;
}

void buffer_sub_data(Context& ctx, Buffer* buffer, GLintptr offset, GLsizeiptr size, const void* data) {
  if (offset < 0 || size < 0) return ctx.set_error(GL_INVALID_VALUE);
  if (!buffer) return ctx.set_error(GL_INVALID_OPERATION);
  Buffer& b = *buffer;
  if (!range_fits<GLint64>(offset, size, b.size)) return ctx.set_error(GL_INVALID_VALUE);
  if (b.mapped_exclusively()) return ctx.set_error(GL_INVALID_OPERATION);
  if (b.immutable && !(b.storage_flags & GL_DYNAMIC_STORAGE_BIT)) return ctx.set_error(GL_INVALID_OPERATION);
  if (size == 0 || !data || !b.resource) return;
  ctx.pipe().buffer_subdata(b.resource.get(), 0, static_cast<uint64_t>(offset), static_cast<uint64_t>(size), data);
}

void get_buffer_sub_data(Context& ctx, Buffer* buffer, GLintptr offset, GLsizeiptr size, void* data) {
  if (!buffer) return ctx.set_error(GL_INVALID_OPERATION);
  if (offset < 0 || size < 0) return ctx.set_error(GL_INVALID_VALUE);
  Buffer& b = *buffer;
  if (!range_fits<GLint64>(offset, size, b.size)) return ctx.set_error(GL_INVALID_VALUE);
  // A persistent map leaves the buffer usable (GL 4.6 §6.3.2).
  if (b.mapped_exclusively()) return ctx.set_error(GL_INVALID_OPERATION);
  if (size == 0 || !data || !b.resource) return;
  if (!read_buffer(ctx, b, offset, size, data)) ctx.set_error(GL_OUT_OF_MEMORY);
}

void* map_buffer_range(Context& ctx, Buffer* buffer, GLintptr offset, GLsizeiptr length, GLbitfield access) {
  // PERSISTENT and COHERENT with buffer storage (EXT/ARB_buffer_storage).
  const GLbitfield kAll = GL_MAP_READ_BIT | GL_MAP_WRITE_BIT | GL_MAP_INVALIDATE_RANGE_BIT |
                          GL_MAP_INVALIDATE_BUFFER_BIT | GL_MAP_FLUSH_EXPLICIT_BIT | GL_MAP_UNSYNCHRONIZED_BIT |
                          (ctx.has_feature("GL_EXT_buffer_storage") ? GL_MAP_PERSISTENT_BIT | GL_MAP_COHERENT_BIT : 0);
  auto fail = [&](GLenum e) -> void* {
    ctx.set_error(e);
    return nullptr;
  };
  if (offset < 0 || length < 0 || (access & ~kAll)) return fail(GL_INVALID_VALUE);
  if (!buffer) return fail(GL_INVALID_OPERATION);
  Buffer& b = *buffer;
  if (!range_fits<GLint64>(offset, length, b.size)) return fail(GL_INVALID_VALUE);
  if (length == 0) return fail(GL_INVALID_OPERATION);  // ES 3.0 §2.10.3
  if (b.mapped) return fail(GL_INVALID_OPERATION);
  if (!(access & (GL_MAP_READ_BIT | GL_MAP_WRITE_BIT))) return fail(GL_INVALID_OPERATION);
  if ((access & GL_MAP_READ_BIT) &&
      (access & (GL_MAP_INVALIDATE_RANGE_BIT | GL_MAP_INVALIDATE_BUFFER_BIT | GL_MAP_UNSYNCHRONIZED_BIT)))
    return fail(GL_INVALID_OPERATION);
  if ((access & GL_MAP_FLUSH_EXPLICIT_BIT) && !(access & GL_MAP_WRITE_BIT)) return fail(GL_INVALID_OPERATION);
  // Each of these the storage must allow (GL 4.6 §6.3).
  constexpr GLbitfield kStorageChecked = GL_MAP_READ_BIT | GL_MAP_WRITE_BIT | GL_MAP_PERSISTENT_BIT | GL_MAP_COHERENT_BIT;
  if ((access & kStorageChecked) & ~b.storage_flags) return fail(GL_INVALID_OPERATION);
  if (!b.resource) return fail(GL_OUT_OF_MEMORY);

  uint32_t flags = 0;
  if (access & GL_MAP_READ_BIT) flags |= pipe::kMapRead;
  if (access & GL_MAP_WRITE_BIT) flags |= pipe::kMapWrite;
  if (access & GL_MAP_INVALIDATE_RANGE_BIT) flags |= pipe::kMapDiscardRange;
  if (access & GL_MAP_INVALIDATE_BUFFER_BIT) flags |= pipe::kMapDiscardWholeResource;
  if (access & GL_MAP_FLUSH_EXPLICIT_BIT) flags |= pipe::kMapFlushExplicit;
  if (access & GL_MAP_UNSYNCHRONIZED_BIT) flags |= pipe::kMapUnsynchronized;
  if (access & GL_MAP_PERSISTENT_BIT) flags |= pipe::kMapPersistent;
  if (access & GL_MAP_COHERENT_BIT) flags |= pipe::kMapCoherent;
  // Invalidating the whole buffer: swap storage once, then map the range
  // unsynchronized-free of any reader.
  if ((access & GL_MAP_INVALIDATE_BUFFER_BIT) && !(offset == 0 && length == b.size)) {
    ctx.pipe().invalidate_resource(b.resource.get());
    flags &= ~pipe::kMapDiscardWholeResource;
    flags |= pipe::kMapDiscardRange;
  }
  const pipe::Box box{static_cast<int32_t>(offset), 0, 0, static_cast<int32_t>(length), 1, 1};
  pipe::Transfer* t = nullptr;
  void* p = ctx.pipe().transfer_map(b.resource.get(), 0, flags, box, &t);
  if (!p) return fail(GL_OUT_OF_MEMORY);
  b.mapped = true;
  next_object_generation();  // the draws that checked for a mapping check again (validated_draw.h)
  b.map_access = access;
  b.map_offset = offset;
  b.map_length = length;
  b.map_pointer = p;
  b.transfer = t;
  b.map_context = &ctx.pipe();
  return p;
}

// OES_mapbuffer: the whole buffer, write-only, synchronized (the contents
// outside what the application writes must survive, so nothing is discarded).
void* map_buffer(Context& ctx, Buffer* buffer, GLenum access) {
  // OES_mapbuffer maps for writing only; desktop GL also for reading.
  GLbitfield flags = GL_MAP_WRITE_BIT;
  if (ctx.desktop() && access == GL_READ_ONLY) flags = GL_MAP_READ_BIT;
  else if (ctx.desktop() && access == GL_READ_WRITE) flags = GL_MAP_READ_BIT | GL_MAP_WRITE_BIT;
  else if (access != GL_WRITE_ONLY_OES) {
    ctx.set_error(GL_INVALID_ENUM);
    return nullptr;
  }
  if (!buffer || buffer->mapped) {
    ctx.set_error(GL_INVALID_OPERATION);
    return nullptr;
  }
  // A zero-sized buffer has no storage to map; ES 3.0's MapBufferRange calls
  // that an invalid operation and OES_mapbuffer names no other outcome.
  return map_buffer_range(ctx, buffer, 0, buffer->size, flags);
}

void flush_mapped_buffer_range(Context& ctx, Buffer* buffer, GLintptr offset, GLsizeiptr length) {
  if (offset < 0 || length < 0) return ctx.set_error(GL_INVALID_VALUE);
  if (!buffer) return ctx.set_error(GL_INVALID_OPERATION);
  Buffer& b = *buffer;
  if (!b.mapped || !(b.map_access & GL_MAP_FLUSH_EXPLICIT_BIT)) return ctx.set_error(GL_INVALID_OPERATION);
  if (!range_fits<GLint64>(offset, length, b.map_length)) return ctx.set_error(GL_INVALID_VALUE);
  if (length == 0) return;
  const pipe::Box box{static_cast<int32_t>(offset), 0, 0, static_cast<int32_t>(length), 1, 1};
  b.map_context->transfer_flush_region(b.transfer, box);
}

GLboolean unmap_buffer_checked(Context& ctx, Buffer* buffer) {
  if (!buffer || !unmap_buffer(*buffer)) {
    ctx.set_error(GL_INVALID_OPERATION);
    return GL_FALSE;
  }
  return GL_TRUE;
}

void buffer_pointer(Context& ctx, Buffer* buffer, GLenum pname, void** params) {
  if (pname != GL_BUFFER_MAP_POINTER) return ctx.set_error(GL_INVALID_ENUM);
  if (!buffer) return ctx.set_error(GL_INVALID_OPERATION);
  if (params) *params = buffer->mapped ? buffer->map_pointer : nullptr;
}

void copy_buffer_sub_data(Context& ctx, Buffer* source, Buffer* dest, GLintptr read_offset, GLintptr write_offset,
                          GLsizeiptr size) {
  if (!source || !dest) return ctx.set_error(GL_INVALID_OPERATION);
  Buffer& src = *source;
  Buffer& dst = *dest;
  if (read_offset < 0 || write_offset < 0 || size < 0) return ctx.set_error(GL_INVALID_VALUE);
  if (src.mapped_exclusively() || dst.mapped_exclusively()) return ctx.set_error(GL_INVALID_OPERATION);
  if (!range_fits<GLint64>(read_offset, size, src.size) || !range_fits<GLint64>(write_offset, size, dst.size))
    return ctx.set_error(GL_INVALID_VALUE);
  if (&src == &dst && ranges_overlap<GLint64>(read_offset, write_offset, size))
    return ctx.set_error(GL_INVALID_VALUE);
  if (size == 0 || !src.resource || !dst.resource) return;
  const pipe::Box box{static_cast<int32_t>(read_offset), 0, 0, static_cast<int32_t>(size), 1, 1};
  ctx.pipe().resource_copy_region(dst.resource.get(), 0, static_cast<uint32_t>(write_offset), 0, 0,
                                  src.resource.get(), 0, box);}

GLint clamp_to_int(GLint64 v) {
  return static_cast<GLint>(std::clamp<GLint64>(v, std::numeric_limits<GLint>::min(), std::numeric_limits<GLint>::max()));
}

namespace api {

void GenBuffers(Context& ctx, GLsizei n, GLuint* buffers) {
  if (n < 0) return ctx.set_error(GL_INVALID_VALUE);
  if (n == 0 || !buffers) return;
  ctx.share_group().buffers.generate(n, buffers);
}

void DeleteBuffers(Context& ctx, GLsizei n, const GLuint* buffers) {
  if (n < 0) return ctx.set_error(GL_INVALID_VALUE);
  if (!buffers) return;
  for (GLsizei i = 0; i < n; ++i) {
    if (buffers[i] == 0) continue;
    Ref<Buffer> b = ctx.share_group().buffers.remove(buffers[i]);
    if (!b) continue;
    unmap_buffer(*b);
    // Bindings of the current context revert to zero (ES 3.0 §2.10.1).
    BufferBindings& bb = ctx.buffers;
    for (auto* p : {&bb.array, &bb.copy_read, &bb.copy_write, &bb.pixel_pack, &bb.pixel_unpack, &bb.uniform,
                    &bb.transform_feedback, &bb.shader_storage, &bb.atomic_counter, &bb.dispatch_indirect,
                    &bb.draw_indirect, &bb.texture, &bb.parameter, &bb.query})
      unbind_if(*p, b.get());
    for (auto& ib : bb.uniform_indexed) unbind_if(ib.buffer, b.get());
    for (auto& ib : bb.storage_indexed) unbind_if(ib.buffer, b.get());
    for (auto& ib : bb.atomic_indexed) unbind_if(ib.buffer, b.get());
    for (auto& ib : ctx.transform_feedback->buffers) unbind_if(ib.buffer, b.get());
    unbind_if(ctx.vertex_array->element_buffer, b.get());
    for (auto& vb : ctx.vertex_array->bindings) unbind_if(vb.buffer, b.get());
    ctx.dirty(kDirtyVertexInput | kDirtyUniformBuffers | kDirtyTransformFeedback | kDirtyStorageBuffers);
  }
}


void GetIntegeri_v(Context& ctx, GLenum target, GLuint index, GLint* data) {
  GLint64 v[4] = {};
  const int n = indexed_state(ctx, target, index, v);
  // VERTEX_BINDING_OFFSET is a GLintptr: clamped, not wrapped, like every
  // 64-bit value read as GLint (ES 3.1 §2.2.2). SAMPLE_MASK_VALUE is a bit
  // mask: its bit pattern, as GetIntegerv gives masks (all ones reads -1).
  const bool mask = target == GL_SAMPLE_MASK_VALUE;
  for (int i = 0; data && i < n; ++i)
    data[i] = mask ? static_cast<GLint>(static_cast<GLuint>(v[i])) : static_cast<GLint>(std::clamp<GLint64>(v[i], INT_MIN, INT_MAX));
}

void GetInteger64i_v(Context& ctx, GLenum target, GLuint index, GLint64* data) {
  GLint64 v[4] = {};
  const int n = indexed_state(ctx, target, index, v);
  // SAMPLE_MASK_VALUE is a 32-bit GLbitfield word read as a (signed) GL
  // integer, then widened: all ones reads -1 here too, as in GetIntegeri_v
  // (dEQP-GLES31 state_query.indexed.sample_mask_value_getinteger64i_v).
  const bool mask = target == GL_SAMPLE_MASK_VALUE;
  for (int i = 0; data && i < n; ++i) data[i] = mask ? static_cast<GLint>(static_cast<GLuint>(v[i])) : v[i];
}

void GetBooleani_v(Context& ctx, GLenum target, GLuint index, GLboolean* data) {
  GLint64 v[4] = {};
  const int n = indexed_state(ctx, target, index, v);
  for (int i = 0; data && i < n; ++i) data[i] = v[i] != 0 ? GL_TRUE : GL_FALSE;
}

GLboolean IsBuffer(Context& ctx, GLuint buffer) {
  return buffer != 0 && ctx.share_group().buffers.lookup(buffer) ? GL_TRUE : GL_FALSE;
}

void BindBuffer(Context& ctx, GLenum target, GLuint buffer) {
  Binding<Buffer>* point = buffer_binding_point(ctx, target);
  if (!point) return ctx.set_error(GL_INVALID_ENUM);
  Ref<Buffer> b;
  if (buffer != 0) {
    b = ctx.share_group().buffers.get_or_create(buffer, true, [](GLuint n) { return make_ref<Buffer>(n); });
    if (!b) return ctx.set_error(GL_OUT_OF_MEMORY);
  }
  bind(*point, b);
  if (target == GL_ELEMENT_ARRAY_BUFFER) ctx.dirty(kDirtyVertexInput);
}

void BindBufferBase(Context& ctx, GLenum target, GLuint index, GLuint buffer) {
  bind_indexed(ctx, target, index, buffer, 0, 0, false);
}

void BindBufferRange(Context& ctx, GLenum target, GLuint index, GLuint buffer, GLintptr offset, GLsizeiptr size) {
  bind_indexed(ctx, target, index, buffer, offset, size, true);
}

void BindBuffersBase(Context& ctx, GLenum target, GLuint first, GLsizei count, const GLuint* buffers) {
  bind_buffers(ctx, target, first, count, buffers, nullptr, nullptr, false);
}

void BindBuffersRange(Context& ctx, GLenum target, GLuint first, GLsizei count, const GLuint* buffers,
                      const GLintptr* offsets, const GLsizeiptr* sizes) {
  bind_buffers(ctx, target, first, count, buffers, offsets, sizes, true);
}

void BufferData(Context& ctx, GLenum target, GLsizeiptr size, const void* data, GLenum usage) {
  Binding<Buffer>* point = buffer_binding_point(ctx, target);
  if (!point) return ctx.set_error(GL_INVALID_ENUM);
  buffer_data(ctx, point->get(), size, data, usage);
}

void BufferSubData(Context& ctx, GLenum target, GLintptr offset, GLsizeiptr size, const void* data) {
  Binding<Buffer>* point = buffer_binding_point(ctx, target);
  if (!point) return ctx.set_error(GL_INVALID_ENUM);
  buffer_sub_data(ctx, point->get(), offset, size, data);
}

// Desktop GL (GL 4.6 §6.3.1): a copy of the buffer's bytes, after the GPU
// work that writes them. The target is refused in ES by the entry point.
void GetBufferSubData(Context& ctx, GLenum target, GLintptr offset, GLsizeiptr size, void* data) {
  Binding<Buffer>* point = buffer_binding_point(ctx, target);
  if (!point) return ctx.set_error(GL_INVALID_ENUM);
  get_buffer_sub_data(ctx, point->get(), offset, size, data);
}

void* MapBufferRange(Context& ctx, GLenum target, GLintptr offset, GLsizeiptr length, GLbitfield access) {
  Binding<Buffer>* point = buffer_binding_point(ctx, target);
  if (!point) {
    ctx.set_error(GL_INVALID_ENUM);
    return nullptr;
  }
  return map_buffer_range(ctx, point->get(), offset, length, access);
}

void* MapBuffer(Context& ctx, GLenum target, GLenum access) {
  Binding<Buffer>* point = buffer_binding_point(ctx, target);
  if (!point) {
    ctx.set_error(GL_INVALID_ENUM);
    return nullptr;
  }
  return map_buffer(ctx, point->get(), access);
}

void FlushMappedBufferRange(Context& ctx, GLenum target, GLintptr offset, GLsizeiptr length) {
  Binding<Buffer>* point = buffer_binding_point(ctx, target);
  if (!point) return ctx.set_error(GL_INVALID_ENUM);
  flush_mapped_buffer_range(ctx, point->get(), offset, length);
}

GLboolean UnmapBuffer(Context& ctx, GLenum target) {
  Buffer* b = target_buffer(ctx, target);
  if (!b) return GL_FALSE;
  return unmap_buffer_checked(ctx, b);
}

void GetBufferPointerv(Context& ctx, GLenum target, GLenum pname, void** params) {
  Binding<Buffer>* point = buffer_binding_point(ctx, target);
  if (!point) return ctx.set_error(GL_INVALID_ENUM);
  buffer_pointer(ctx, point->get(), pname, params);
}

void GetBufferParameteriv(Context& ctx, GLenum target, GLenum pname, GLint* params) {
  Binding<Buffer>* point = buffer_binding_point(ctx, target);
  if (!point) return ctx.set_error(GL_INVALID_ENUM);
  GLint64 v = 0;
  if (buffer_parameter(ctx, point->get(), pname, &v) && params) *params = clamp_to_int(v);
}

void GetBufferParameteri64v(Context& ctx, GLenum target, GLenum pname, GLint64* params) {
  Binding<Buffer>* point = buffer_binding_point(ctx, target);
  if (!point) return ctx.set_error(GL_INVALID_ENUM);
  GLint64 v = 0;
  if (buffer_parameter(ctx, point->get(), pname, &v) && params) *params = v;
}

void CopyBufferSubData(Context& ctx, GLenum read_target, GLenum write_target, GLintptr read_offset,
                       GLintptr write_offset, GLsizeiptr size) {
  Binding<Buffer>* rp = buffer_binding_point(ctx, read_target);
  Binding<Buffer>* wp = buffer_binding_point(ctx, write_target);
  if (!rp || !wp) return ctx.set_error(GL_INVALID_ENUM);
  copy_buffer_sub_data(ctx, rp->get(), wp->get(), read_offset, write_offset, size);
}

}  // namespace api

}  // namespace brass::gl
