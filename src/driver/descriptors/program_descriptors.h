// A program's descriptors: one set layout per descriptor type it uses
// (binding contract sets 0-4: default uniform blocks, UBOs, samplers, SSBOs,
// storage images), a pipeline layout over them, an update template per set,
// and per set type a pool of sets allocated in buckets sized exactly for
// that layout (the first bucket holds 8 sets, each next one twice as many,
// up to 256). Sets a batch used go back when the batch completes
// (BatchHeld::batch_done -> release).
//
// Modes (BRASS_DESCRIPTORS, resolved per device in device/device_paths.cpp):
//  - in both modes the samplers set is a push descriptor set where the
//    device allows (VK_KHR_push_descriptor, within maxPushDescriptors);
//  - lazy: every draw that changed another set type writes a fresh set
//    through its template;
//  - cached: sets are looked up by their contents first: the A cache holds
//    sets of batches in flight, the B cache idle sets still holding valid
//    contents; a miss takes a free set, else recycles the least recently
//    used B set, and writes it. Contents are keyed by never-reused object ids
//    (driver/object_uid.h), not handles, so a set that names a destroyed or
//    replaced (invalidated) object can never be found again: no per-object
//    back-pointers or hash tables are needed to keep stale sets out.
// Set 0 holds UNIFORM_BUFFER_DYNAMIC descriptors of the stream buffer, so new
// uniform data per draw changes a dynamic offset, not the set; it is written
// the lazy way in every mode (it changes only when the stream buffer does).
#pragma once
#include <array>
#include <cstdint>
#include <span>
#include <unordered_map>
#include <vector>
#include "device/device.h"
#include "pipe/shader_info.h"
#include "util/options.h"

namespace brass::driver {

inline constexpr unsigned kDescriptorTypeSets = 5;  // sets 0-4 (5 = bindless, unused)

struct SetBinding {
  uint8_t binding = 0;
  uint8_t stage_mask = 0;  // pipe stage bits
  pipe::DescriptorKind kind = pipe::DescriptorKind::UniformBuffer;
  VkDescriptorType type = VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER;
  uint16_t count = 1;
  uint16_t slot = 0;
  uint16_t first_element = 0;  // index of its first element in the set's template data
};

// One descriptor's data in a template update (laid out per element).
union DescriptorInfo {
  VkDescriptorImageInfo image;
  VkDescriptorBufferInfo buffer;
  VkBufferView texel;
};

// What identifies a descriptor's contents for the cached mode: never-reused
// object ids and ranges (3 words per element).
inline constexpr unsigned kIdWordsPerElement = 3;

class ProgramDescriptors {
 public:
  static constexpr uint32_t kFirstBucketSets = 8;
  static constexpr uint32_t kMaxBucketSets = 256;

  ProgramDescriptors() = default;
  ~ProgramDescriptors();
  ProgramDescriptors(const ProgramDescriptors&) = delete;
  ProgramDescriptors& operator=(const ProgramDescriptors&) = delete;

  // Fails with VK_ERROR_INITIALIZATION_FAILED on a malformed binding table.
  vk::Status init(const vk::Device& device, std::span<const pipe::ShaderBinding> bindings, DescriptorMode mode);

  DescriptorMode mode() const { return mode_; }
  VkPipelineLayout pipeline_layout() const { return pipeline_layout_; }
  uint32_t set_mask() const { return set_mask_; }  // sets that have bindings
  std::span<const SetBinding> bindings(unsigned set) const { return bindings_[set]; }
  uint32_t element_count(unsigned set) const { return element_count_[set]; }
  uint32_t dynamic_offset_count() const { return static_cast<uint32_t>(bindings_[0].size()); }
  VkDescriptorUpdateTemplate update_template(unsigned set) const { return templates_[set]; }
  // Written with vkCmdPushDescriptorSetWithTemplateKHR, never allocated.
  bool pushed(unsigned set) const { return push_set_ == set; }
  // Bytes of descriptor pool this program holds (estimate: elements x 32).
  uint64_t pool_bytes() const { return pool_bytes_; }

  // lazy: a set of type `set` for the batch (ring, serial).
  vk::Status allocate(unsigned set, uint32_t ring_id, uint64_t serial, VkDescriptorSet* out);
  // cached: the set holding `ids` (element_count(set) x kIdWordsPerElement
  // words): *hit = true when it already holds them (nothing to write).
  vk::Status find_or_allocate(unsigned set, std::span<const uint64_t> ids, uint32_t ring_id, uint64_t serial,
                              VkDescriptorSet* out, bool* hit);
  void release(uint32_t ring_id, uint64_t serial);

 private:
  vk::Status grow(unsigned set);
  void track(unsigned set, uint32_t index, uint32_t ring_id, uint64_t serial);

  VkDevice device_ = VK_NULL_HANDLE;
  DescriptorMode mode_ = DescriptorMode::Lazy;
  std::array<VkDescriptorSetLayout, kDescriptorTypeSets> layouts_{};
  VkDescriptorSetLayout empty_layout_ = VK_NULL_HANDLE;
  VkPipelineLayout pipeline_layout_ = VK_NULL_HANDLE;
  std::array<VkDescriptorUpdateTemplate, kDescriptorTypeSets> templates_{};
  uint32_t set_mask_ = 0;
  unsigned push_set_ = ~0u;
  uint64_t pool_bytes_ = 0;
  std::array<std::vector<SetBinding>, kDescriptorTypeSets> bindings_;
  std::array<uint32_t, kDescriptorTypeSets> element_count_{};
  std::array<std::vector<VkDescriptorPool>, kDescriptorTypeSets> pools_;
  std::array<uint32_t, kDescriptorTypeSets> next_bucket_{};

  // Every set allocated, by index; its state in the caches.
  enum class SetState : uint8_t { Free, A, B };
  struct Set {
    VkDescriptorSet set = VK_NULL_HANDLE;
    SetState state = SetState::Free;
    uint32_t ring_id = 0;
    uint64_t serial = 0;  // last batch that used it
    uint64_t hash = 0;    // of its contents (cached mode)
    uint64_t lru = 0;     // when it went idle (B)
  };
  struct PerType {
    std::vector<Set> sets;
    std::vector<uint64_t> ids;                       // cached: sets.size() x id words
    std::vector<uint32_t> free;                      // indices
    std::unordered_map<uint64_t, uint32_t> a, b;     // content hash -> index
  };
  std::array<PerType, kDescriptorTypeSets> types_;
  uint64_t lru_clock_ = 0;
  struct InFlight {
    uint32_t ring_id;
    uint8_t set;
    uint32_t index;
    uint64_t serial;
  };
  std::vector<InFlight> in_flight_;
};

}  // namespace brass::driver
