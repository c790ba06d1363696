#include "device/host_allocator.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>

#include "util/fault_injection.h"

namespace brass::vk {
namespace {

// What pfnReallocation needs to know of an allocation, kept right in front
// of the pointer handed out: its size (to copy) and how far in front of it
// the block from the C heap starts (to free).
struct Header {
  size_t size;
  size_t offset;
};
constexpr size_t kMinAlignment = alignof(std::max_align_t);
static_assert(sizeof(Header) <= kMinAlignment);

// Vulkan asks for power-of-two alignments; anything else (a driver bug) is
// refused like an allocation that fails.
bool valid_alignment(size_t alignment) { return alignment != 0 && (alignment & (alignment - 1)) == 0; }

void* allocate(size_t size, size_t alignment) {
  if (size == 0 || !valid_alignment(alignment)) return nullptr;
  // The header takes a whole alignment unit in front of the data, so the
  // data keeps the block's alignment.
  const size_t align = std::max(alignment, kMinAlignment);
  if (size > SIZE_MAX - 2 * align) return nullptr;
  const size_t total = (align + size + align - 1) / align * align;  // aligned_alloc wants a multiple
  auto* block = static_cast<unsigned char*>(std::aligned_alloc(align, total));
  if (!block) return nullptr;
  unsigned char* data = block + align;
  Header h{size, align};
  std::memcpy(data - sizeof(Header), &h, sizeof(Header));
  fault::note_host_blocks(1);
  return data;
}

Header header_of(void* p) {
  Header h;
  std::memcpy(&h, static_cast<unsigned char*>(p) - sizeof(Header), sizeof(Header));
  return h;
}

void release(void* p) {
  if (!p) return;
  fault::note_host_blocks(-1);
  std::free(static_cast<unsigned char*>(p) - header_of(p).offset);
}

VKAPI_ATTR void* VKAPI_CALL on_allocation(void* /*user*/, size_t size, size_t alignment,
                                           VkSystemAllocationScope /*scope*/) {
  if (fault::host_allocation_should_fail()) [[unlikely]] return nullptr;
  return allocate(size, alignment);
}

// The Vulkan rules: a null original is an allocation; size 0 frees the
// original and returns null; otherwise the contents up to the smaller
// size move to a new block of the original's alignment, and on failure
// null is returned and the original is left as it was.
VKAPI_ATTR void* VKAPI_CALL on_reallocation(void* /*user*/, void* original, size_t size, size_t alignment,
                                             VkSystemAllocationScope scope) {
  if (!original) return on_allocation(nullptr, size, alignment, scope);
  if (size == 0) {
    release(original);
    return nullptr;
  }
  if (fault::host_allocation_should_fail()) [[unlikely]] return nullptr;
  void* moved = allocate(size, alignment);
  if (!moved) return nullptr;
  std::memcpy(moved, original, std::min(size, header_of(original).size));
  release(original);
  return moved;
}

VKAPI_ATTR void VKAPI_CALL on_free(void* /*user*/, void* memory) { release(memory); }

constexpr VkAllocationCallbacks kCallbacks{
    .pUserData = nullptr,
    .pfnAllocation = &on_allocation,
    .pfnReallocation = &on_reallocation,
    .pfnFree = &on_free,
    .pfnInternalAllocation = nullptr,
    .pfnInternalFree = nullptr,
};

}  // namespace

const VkAllocationCallbacks* host_allocation_callbacks() { return &kCallbacks; }

}  // namespace brass::vk
