// The first descriptor path: per program, one set layout per descriptor
// type it uses (binding contract sets 0-4), a pipeline layout over them, and
// per set type a bucket allocator of sets from pools sized exactly for that
// layout. Sets used by a batch go back to their free list when the batch
// completes (BatchHeld::batch_done). The cached/A-B and descriptor-buffer
// modes replace the inside of this class; the context only calls layout(),
// bindings() and allocate().
//
// Set 0 (default uniform blocks) uses UNIFORM_BUFFER_DYNAMIC descriptors, so
// new uniform data per draw changes a dynamic offset, not the set.
#pragma once
#include <array>
#include <cstdint>
#include <span>
#include <vector>
#include "device/vk.h"
#include "pipe/shader_info.h"

namespace brass::driver {

inline constexpr unsigned kDescriptorTypeSets = 5;  // sets 0-4 (5 = bindless, unused)

struct SetBinding {
  uint8_t binding = 0;
  uint8_t stage_mask = 0;  // pipe stage bits
  pipe::DescriptorKind kind = pipe::DescriptorKind::UniformBuffer;
  VkDescriptorType type = VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER;
  uint16_t count = 1;
  uint16_t slot = 0;
};

class ProgramDescriptors {
 public:
  static constexpr uint32_t kSetsPerPool = 32;

  ProgramDescriptors() = default;
  ~ProgramDescriptors();
  ProgramDescriptors(const ProgramDescriptors&) = delete;
  ProgramDescriptors& operator=(const ProgramDescriptors&) = delete;

  // Fails with VK_ERROR_INITIALIZATION_FAILED on a malformed binding table.
  vk::Status init(VkDevice device, std::span<const pipe::ShaderBinding> bindings);

  VkPipelineLayout pipeline_layout() const { return pipeline_layout_; }
  uint32_t set_mask() const { return set_mask_; }  // sets that have bindings
  std::span<const SetBinding> bindings(unsigned set) const { return bindings_[set]; }
  uint32_t dynamic_offset_count() const { return static_cast<uint32_t>(bindings_[0].size()); }

  // A set of type `set` for the batch (ring, serial); returned by release().
  vk::Status allocate(unsigned set, uint32_t ring_id, uint64_t serial, VkDescriptorSet* out);
  void release(uint32_t ring_id, uint64_t serial);

 private:
  VkDevice device_ = VK_NULL_HANDLE;
  std::array<VkDescriptorSetLayout, kDescriptorTypeSets> layouts_{};
  VkDescriptorSetLayout empty_layout_ = VK_NULL_HANDLE;
  VkPipelineLayout pipeline_layout_ = VK_NULL_HANDLE;
  uint32_t set_mask_ = 0;
  std::array<std::vector<SetBinding>, kDescriptorTypeSets> bindings_;
  std::array<std::vector<VkDescriptorPool>, kDescriptorTypeSets> pools_;
  std::array<std::vector<VkDescriptorSet>, kDescriptorTypeSets> free_;
  struct InFlight {
    uint32_t ring_id;
    uint8_t set;
    uint64_t serial;
    VkDescriptorSet ds;
  };
  std::vector<InFlight> in_flight_;
};

}  // namespace brass::driver
