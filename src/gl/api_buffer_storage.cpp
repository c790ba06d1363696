// glBufferStorage (EXT_buffer_storage, ARB_buffer_storage, GL 4.4 §6.2):
// a buffer's size and flags fixed for life. Its pipe resource is Immutable:
// the driver never swaps its storage for fresh storage (so a persistent map,
// GL_MAP_PERSISTENT_BIT, stays valid while the GPU uses the buffer) and keeps
// it in host-coherent memory (so GL_MAP_COHERENT_BIT maps need no flush).
// The map, sub-data and query rules that depend on the flags are in
// api_buffers.cpp.
#include <cstring>
#include <limits>

#include "gl/buffer.h"
#include "gl/context.h"
#include "gl_functions.h"

namespace brass::gl::api {

void BufferStorage(Context& ctx, GLenum target, GLsizeiptr size, const void* data, GLbitfield flags) {
  if (!ctx.has_feature("GL_EXT_buffer_storage")) return ctx.set_error(GL_INVALID_OPERATION);
  Binding<Buffer>* point = buffer_binding_point(ctx, target);
  if (!point) return ctx.set_error(GL_INVALID_ENUM);
  buffer_storage(ctx, point->get(), size, data, flags);
}

}  // namespace brass::gl::api

namespace brass::gl {

void buffer_storage(Context& ctx, Buffer* buffer, GLsizeiptr size, const void* data, GLbitfield flags) {
  if (!buffer) return ctx.set_error(GL_INVALID_OPERATION);
  constexpr GLbitfield kFlags = GL_MAP_READ_BIT | GL_MAP_WRITE_BIT | GL_MAP_PERSISTENT_BIT | GL_MAP_COHERENT_BIT |
                                GL_DYNAMIC_STORAGE_BIT | GL_CLIENT_STORAGE_BIT;
  if (size <= 0 || (flags & ~kFlags)) return ctx.set_error(GL_INVALID_VALUE);
  if ((flags & GL_MAP_PERSISTENT_BIT) && !(flags & (GL_MAP_READ_BIT | GL_MAP_WRITE_BIT)))
    return ctx.set_error(GL_INVALID_VALUE);
  if ((flags & GL_MAP_COHERENT_BIT) && !(flags & GL_MAP_PERSISTENT_BIT)) return ctx.set_error(GL_INVALID_VALUE);
  Buffer& b = *buffer;
  if (b.immutable) return ctx.set_error(GL_INVALID_OPERATION);
  // Transfers address buffers with int32 boxes: 2 GiB is the largest buffer.
  if (size > std::numeric_limits<int32_t>::max()) return ctx.set_error(GL_OUT_OF_MEMORY);
  unmap_buffer(b);
  pipe::ResourceTemplate t;
  t.target = pipe::Target::Buffer;
  t.format = pipe::Format::None;
  t.width = static_cast<uint32_t>(size);
  t.bind = kBufferBind;
  t.usage = pipe::Usage::Immutable;
  pipe::Status status = pipe::Status::Ok;
  Ref<pipe::Resource> r = ctx.screen().resource_create(t, &status);
  if (!r) return ctx.set_error(GL_OUT_OF_MEMORY);
  b.resource = std::move(r);
  ctx.dirty(kDirtyVertexInput | kDirtyUniformBuffers | kDirtyTransformFeedback | kDirtyStorageBuffers |
            kDirtyTextures | kDirtyImages);
  // The initial contents: `data`, or zeros (undefined by the spec; zeros
  // leave nothing of an earlier owner of the memory visible).
  if (data) {
    ctx.pipe().buffer_subdata(b.resource.get(), pipe::kMapDiscardWholeResource, 0, static_cast<uint64_t>(size), data);
  } else {
    pipe::Transfer* transfer = nullptr;
    const pipe::Box box{0, 0, 0, static_cast<int32_t>(size), 1, 1};
    if (void* p = ctx.pipe().transfer_map(b.resource.get(), 0, pipe::kMapWrite | pipe::kMapDiscardWholeResource, box,
                                          &transfer)) {
      std::memset(p, 0, static_cast<size_t>(size));
      ctx.pipe().transfer_unmap(transfer);
    }
  }
  b.size = size;
  b.usage = GL_DYNAMIC_DRAW;  // GL 4.6 table 6.3
  b.immutable = true;
  b.storage_flags = flags;
}

}  // namespace brass::gl
