// The driver's Resource: what the frontend holds. Its storage is a
// ref-counted ResourceObject that invalidation may replace. Buffers track the
// byte range that holds valid data; every resource tracks its bind history
// (which descriptor types it was bound as, in which stages) so that a swap
// rebinds only the slots that may still point at it.
#pragma once
#include <array>
#include <atomic>
#include <cstdint>
#include <memory>
#include "driver/resource/compressed_shadow.h"
#include "driver/resource/resource_object.h"
#include "pipe/resource.h"
#include "pipe/shader_info.h"
#include "util/range.h"

namespace brass::driver {

// Binding kinds for bind history (descriptor types plus vertex/index input).
enum class BindKind : uint8_t { UniformBuffer, Sampler, StorageBuffer, StorageImage, VertexBuffer, IndexBuffer, Count };

class Resource final : public pipe::Resource {
 public:
  Resource(const pipe::ResourceTemplate& t, Ref<ResourceObject> obj) : pipe::Resource(t), object(std::move(obj)) {}

  ResourceObject* obj() const { return object.get(); }

  // Contexts of a share group on several threads bind one resource at once:
  // the history is atomic, and stored only when a bind adds to it (the
  // steady state binds what is already recorded and writes nothing).
  void note_bind(BindKind kind, uint32_t stage_mask) {
    std::atomic<uint8_t>& h = bind_stages[static_cast<size_t>(kind)];
    const auto bits = static_cast<uint8_t>(stage_mask | 0x80);
    if ((h.load(std::memory_order_relaxed) & bits) != bits) h.fetch_or(bits, std::memory_order_relaxed);
  }
  bool ever_bound(BindKind kind) const { return history(kind) != 0; }
  uint8_t bound_stages(BindKind kind) const { return history(kind) & 0x7f; }

  // Whether the device keeps this texture's compressed blocks decoded (the
  // GL layout then lives in `shadow`).
  bool stores_decoded() const {
    const vk::FormatConversion c = object->format.conversion;
    return c == vk::FormatConversion::DecodeEtc2 || c == vk::FormatConversion::DecodeBc ||
           c == vk::FormatConversion::DecodeAstc;
  }
  // The shadow, made at the first write of blocks (null if that allocation
  // fails).
  CompressedShadow* shadow_for_write() {
    if (!shadow) shadow.reset(new (std::nothrow) CompressedShadow(templ()));
    return shadow.get();
  }

  Ref<ResourceObject> object;
  Range valid_range;   // buffers: bytes holding defined data
  // Textures stored decoded: their blocks as GL sees them (compressed_shadow.h).
  std::unique_ptr<CompressedShadow> shadow;
  // Per BindKind: stage bits (pipe::stage_bit) | 0x80 "was bound at all".
  std::array<std::atomic<uint8_t>, static_cast<size_t>(BindKind::Count)> bind_stages{};

 private:
  uint8_t history(BindKind kind) const { return bind_stages[static_cast<size_t>(kind)].load(std::memory_order_relaxed); }
};

inline Resource* driver_resource(pipe::Resource* r) { return static_cast<Resource*>(r); }

}  // namespace brass::driver
