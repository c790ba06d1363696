// ThreadedContext::texture_subdata: the texels are copied into the batch
// when they fit, exactly the bytes the driver will read (the rows and
// slices of the box in the resource format's blocks, at the caller's
// strides), so the application may reuse its memory when the call returns.
#include <cstring>
#include "threaded/threaded_context.h"

namespace brass::threaded {
namespace {

// Bytes of `data` an upload of `box` reads, or 0 when not computable (the
// caller then calls the real context directly).
uint64_t upload_bytes(const pipe::Resource& r, const pipe::Box& box, uint32_t* stride, uint32_t* layer_stride) {
  const pipe::Format f = r.templ().format;
  if (r.is_buffer() || f == pipe::Format::None || box.width <= 0 || box.height <= 0) return 0;
  const pipe::FormatDescription& d = pipe::describe(f);
  if (d.block_width == 0 || d.block_height == 0 || d.block_bytes == 0) return 0;
  const uint64_t row = (uint64_t(box.width) + d.block_width - 1) / d.block_width * d.block_bytes;
  const uint64_t rows = (uint64_t(box.height) + d.block_height - 1) / d.block_height;
  const uint64_t slices = box.depth > 1 ? uint64_t(box.depth) : 1;
  // The driver's defaults for zero strides: tightly packed.
  if (!*stride) *stride = static_cast<uint32_t>(row);
  if (!*layer_stride) *layer_stride = static_cast<uint32_t>(*stride * rows);
  if (row > 0xffffffffu || uint64_t(*stride) * rows > 0xffffffffu) return 0;
  return (slices - 1) * *layer_stride + (rows - 1) * *stride + row;
}

}  // namespace

void ThreadedContext::texture_subdata(pipe::Resource* r, uint32_t level, uint32_t usage, const pipe::Box& box,
                                      const void* data, uint32_t stride, uint32_t layer_stride) {
  uint32_t s = stride, ls = layer_stride;
  const uint64_t bytes = r && data ? upload_bytes(*r, box, &s, &ls) : 0;
  std::byte* p = bytes && bytes <= BatchQueue::kBatchBytes / 2
                     ? queue_.record_call(bytes, [t = Ref<pipe::Resource>::share(r), level, usage, box, s, ls](
                                                     pipe::Context& c, std::byte* d) {
                         c.texture_subdata(t.get(), level, usage, box, d, s, ls);
                       })
                     : nullptr;
  if (!p) {
    sync().texture_subdata(r, level, usage, box, data, stride, layer_stride);
    return after_direct();
  }
  std::memcpy(p, data, bytes);
  after_record();
}

}  // namespace brass::threaded
