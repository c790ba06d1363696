// Buffer objects and the context's buffer binding points.
#pragma once

#include <array>

#include "gl/gl_object.h"
#include "pipe/resource.h"
#include "pipe/state.h"

namespace brass::pipe {
class Context;
}

namespace brass::gl {

class Context;

class Buffer final : public Object {
 public:
  using Object::Object;
  // Null until the first glBufferData. Same-size re-specification keeps the
  // resource (the pipe swaps its storage); a new size makes a new one.
  Ref<pipe::Resource> resource;
  GLsizeiptr size = 0;
  GLenum usage = GL_STATIC_DRAW;
  // glBufferStorage (EXT/ARB_buffer_storage): size and flags fixed for life,
  // the storage never swapped. BUFFER_STORAGE_FLAGS of glBufferData buffers
  // are MAP_READ | MAP_WRITE | DYNAMIC_STORAGE (GL 4.6 table 6.3).
  bool immutable = false;
  GLbitfield storage_flags = 0;
  // Mapping (glMapBufferRange); pipe transfer while mapped.
  bool mapped = false;
  GLbitfield map_access = 0;
  GLintptr map_offset = 0;
  GLsizeiptr map_length = 0;
  void* map_pointer = nullptr;
  pipe::Transfer* transfer = nullptr;
  pipe::Context* map_context = nullptr;  // the pipe context that owns `transfer`
  // Mapped in a way that forbids other uses meanwhile: any map but a
  // persistent one (GL 4.6 §6.3.2).
  bool mapped_exclusively() const { return mapped && !(map_access & GL_MAP_PERSISTENT_BIT); }
  // Set while bound for transform feedback: other uses are errors (ES 3.0 §2.15.2).
  int transform_feedback_bindings = 0;
};

// Every GL use of a buffer object: one resource serves them all.
inline constexpr uint32_t kBufferBind = pipe::kBindVertexBuffer | pipe::kBindIndexBuffer |
                                        pipe::kBindConstantBuffer | pipe::kBindShaderBuffer | pipe::kBindIndirect;

// An indexed binding (uniform buffer, transform feedback buffer).
struct IndexedBufferBinding {
  Binding<Buffer> buffer;
  GLintptr offset = 0;
  GLsizeiptr size = 0;  // 0: whole buffer (glBindBufferBase)
};

inline constexpr unsigned kMaxUniformBufferBindings = 72;
inline constexpr unsigned kMaxTransformFeedbackBuffers = 4;
// Binding points (GL 4.6 minimums 8 and 1). A program's storage blocks and
// atomic counter buffers share the pipe's storage-buffer slots
// (pipe::kMaxShaderBuffers, 24): blocks first, then counter buffers, so
// 16 + 8 binding points fill them. How many blocks and counter buffers a
// program may use follows the device (Limits::max_shader_storage_blocks,
// max_atomic_counter_buffers, at most these).
inline constexpr unsigned kMaxShaderStorageBufferBindings = 16;
inline constexpr unsigned kMaxAtomicCounterBufferBindings = 8;

struct BufferBindings {
  Binding<Buffer> array, copy_read, copy_write, pixel_pack, pixel_unpack, uniform, transform_feedback;
  // ES 3.1 generic binding points.
  Binding<Buffer> shader_storage, atomic_counter, dispatch_indirect, draw_indirect;
  // TEXTURE_BUFFER (EXT/OES_texture_buffer): a generic binding point only.
  Binding<Buffer> texture;
  // PARAMETER_BUFFER (desktop GL 4.6, ARB_indirect_parameters): the draw
  // counts of glMultiDraw*IndirectCount.
  Binding<Buffer> parameter;
  // QUERY_BUFFER (desktop GL 4.4, ARB_query_buffer_object): while bound,
  // glGetQueryObject* write their value into it, `params` being the offset.
  Binding<Buffer> query;
  std::array<IndexedBufferBinding, kMaxUniformBufferBindings> uniform_indexed;
  std::array<IndexedBufferBinding, kMaxShaderStorageBufferBindings> storage_indexed;
  std::array<IndexedBufferBinding, kMaxAtomicCounterBufferBindings> atomic_indexed;
};

// The binding point of a glBindBuffer target (ELEMENT_ARRAY_BUFFER: the bound
// VAO's), or null for an unknown target.
Binding<Buffer>* buffer_binding_point(Context& ctx, GLenum target);
// Unmaps `b` if it is mapped (glUnmapBuffer, implicit unmaps on delete and
// re-specification). False when it was not mapped.
bool unmap_buffer(Buffer& b);
// Reads `size` bytes at `offset` of a buffer for the CPU (index scans,
// vertex format conversion): waits for the GPU's writes. False on failure.
bool read_buffer(Context& ctx, Buffer& b, GLintptr offset, GLsizeiptr size, void* out);

// The operations of one buffer object, shared by the commands that name a
// binding point and the direct state access ones that name the buffer
// (GL 4.6 §6.2-6.6). `buffer` null: none bound / no such buffer object,
// INVALID_OPERATION where the spec checks it among the call's other errors.
void buffer_data(Context& ctx, Buffer* buffer, GLsizeiptr size, const void* data, GLenum usage);
void buffer_storage(Context& ctx, Buffer* buffer, GLsizeiptr size, const void* data, GLbitfield flags);
void buffer_sub_data(Context& ctx, Buffer* buffer, GLintptr offset, GLsizeiptr size, const void* data);
void get_buffer_sub_data(Context& ctx, Buffer* buffer, GLintptr offset, GLsizeiptr size, void* data);
void* map_buffer_range(Context& ctx, Buffer* buffer, GLintptr offset, GLsizeiptr length, GLbitfield access);
void* map_buffer(Context& ctx, Buffer* buffer, GLenum access);
void flush_mapped_buffer_range(Context& ctx, Buffer* buffer, GLintptr offset, GLsizeiptr length);
GLboolean unmap_buffer_checked(Context& ctx, Buffer* buffer);
void buffer_pointer(Context& ctx, Buffer* buffer, GLenum pname, void** params);
void copy_buffer_sub_data(Context& ctx, Buffer* source, Buffer* dest, GLintptr read_offset, GLintptr write_offset,
                          GLsizeiptr size);
// ClearBuffer(Sub)Data on an existing buffer (`whole`: every byte).
void clear_buffer_range(Context& ctx, Buffer& b, GLenum internal_format, GLintptr offset, GLsizeiptr size, bool whole,
                        GLenum format, GLenum type, const void* data);
// Points an indexed binding at `buffer` (null: unbinds it): the whole
// buffer, or with `range` the range offset..offset+size (checked by the
// caller).
void set_indexed_binding(IndexedBufferBinding& slot, Ref<Buffer> buffer, GLintptr offset, GLsizeiptr size, bool range);
// A BUFFER_* parameter of glGetBufferParameter* (false after recording the
// error: an unknown pname, or no buffer).
bool buffer_parameter(Context& ctx, const Buffer* buffer, GLenum pname, GLint64* out);
// A 64-bit value read as GLint: clamped, not wrapped (GL 4.6 §2.2.2).
GLint clamp_to_int(GLint64 v);

// glGet of buffer and vertex array bindings (ARRAY_BUFFER_BINDING, ...,
// VERTEX_ARRAY_BINDING, MAX_ELEMENTS_*): false for other pnames.
bool query_buffer_state(Context& ctx, GLenum pname, GLint* out);

}  // namespace brass::gl
