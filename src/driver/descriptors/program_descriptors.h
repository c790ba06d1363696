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
//  - db (VK_EXT_descriptor_buffer): no sets and no pools. The layouts are
//    descriptor-buffer layouts; a draw writes each changed set's
//    descriptors (vkGetDescriptorEXT) into the context's descriptor ring
//    (driver/descriptors/descriptor_buffer.h) at the offsets the layout
//    reports, and points the set at them with an offset.
// Set 0 holds UNIFORM_BUFFER_DYNAMIC descriptors of the stream buffer, so new
// uniform data per draw changes a dynamic offset, not the set; it is written
// the lazy way in the set modes (it changes only when the stream buffer
// does). Descriptor buffers have no dynamic descriptors: in db mode set 0 is
// plain uniform buffers, rewritten when the data moves.
//
// Layouts: ByType is the binding contract's (a set per descriptor type).
// PerStage is the separable programs' (docs/architecture.md, separable
// programs): one set per graphics stage holding all of its descriptors
// (per_stage_set: vertex 0, fragment 1, then tessellation control,
// evaluation and geometry), the default uniform block first (dynamic, as in set 0), then
// UBOs, samplers, SSBOs and images in contract order, numbered densely; the
// pipeline layout is made with VK_PIPELINE_LAYOUT_CREATE_INDEPENDENT_SETS_BIT_EXT
// and leaves the other stages' sets null. So a stage's layout depends on that
// stage alone: a library compiled for it links with any other stage's, and
// the union of the stages' layouts is the combination's. PerStage sets are
// never pushed and never cached (cached mode writes them the lazy way: a
// set holding a stage's default uniforms changes with the uniform stream).
#pragma once
#include <bit>
#include <array>
#include <cstdint>
#include <mutex>
#include <span>
#include <unordered_map>
#include <vector>
#include "device/device.h"
#include "device/handle.h"
#include "pipe/shader_info.h"
#include "util/options.h"

namespace brass::driver {

inline constexpr unsigned kDescriptorTypeSets = 5;  // sets 0-4 (5 = bindless, unused)
// Descriptors one set may hold (a draw gathers a set on the stack).
inline constexpr unsigned kMaxSetElements = 128;
// The compact layout (vk::DevicePaths::compact_descriptor_sets), for devices
// that bind only 4 sets, the minimum Vulkan guarantees: the storage images of
// set 4 join the storage buffers in set 3, their bindings moved up by an
// offset (the shaders are patched to match, driver/program.cpp).
inline constexpr unsigned kFoldedSet = 4, kFoldedIntoSet = 3, kFoldedBindingOffset = 128;

struct SetBinding {
  uint8_t binding = 0;
  uint8_t stage_mask = 0;  // pipe stage bits
  pipe::DescriptorKind kind = pipe::DescriptorKind::UniformBuffer;
  VkDescriptorType type = VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER;
  uint16_t count = 1;
  uint16_t slot = 0;
  uint16_t first_element = 0;  // index of its first element in the set's template data
  uint8_t source_set = 0;      // its set in the binding contract (differs when folded or per stage)
  uint8_t source_binding = 0;  // its binding in the binding contract (differs when folded or per stage)
  uint8_t stage = 0;           // the stage its slot numbers refer to (binding_stage)
  uint16_t db_size = 0;        // db mode: bytes per descriptor
  uint32_t db_offset = 0;      // db mode: where its first descriptor starts in the set
};

// The stage a descriptor binding's slot numbers refer to: set 0's binding is
// its stage (a compute program's only one is binding 0), other sets'
// bindings use the first stage that reads them.
inline unsigned contract_binding_stage(const pipe::ShaderBinding& b) {
  if (b.set == 0)
    return (b.stage_mask & pipe::stage_bit(pipe::ShaderStage::Compute)) ? static_cast<unsigned>(pipe::ShaderStage::Compute)
                                                                         : b.binding;
  return b.stage_mask ? static_cast<unsigned>(std::countr_zero(static_cast<unsigned>(b.stage_mask))) : 0;
}
inline unsigned binding_stage(unsigned /*set*/, const SetBinding& b) { return b.stage; }

// The set of a graphics stage in the per-stage layout. Vertex and fragment
// first, so that the layout of a vertex + fragment combination has no
// empty set between its two (lavapipe 22.3 reads every set layout below
// the one it binds).
inline unsigned per_stage_set(unsigned stage) {
  constexpr unsigned kSets[pipe::kGraphicsStageCount] = {0, 2, 3, 4, 1};
  return stage < pipe::kGraphicsStageCount ? kSets[stage] : 0;
}
// Stage bits (pipe::stage_bit) -> per-stage layout set bits.
inline uint32_t per_stage_sets(uint32_t stages) {
  uint32_t sets = 0;
  for (unsigned s = 0; s < pipe::kGraphicsStageCount; ++s)
    if (stages >> s & 1u) sets |= 1u << per_stage_set(s);
  return sets;
}

enum class DescriptorLayout : uint8_t { ByType, PerStage };


// One descriptor's data in a template update (laid out per element).
union DescriptorInfo {
  VkDescriptorImageInfo image;
  VkDescriptorBufferInfo buffer;
  VkBufferView texel;
};

// db mode: what a buffer descriptor points at (vkGetDescriptorEXT takes
// addresses, not buffer handles or views).
struct DescriptorAddress {
  VkDeviceAddress address = 0;
  VkDeviceSize range = 0;
  VkFormat format = VK_FORMAT_UNDEFINED;  // texel buffers
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
  // PerStage: every binding names exactly one graphics stage (its
  // stage_mask), the device binds 5 sets or more, and `stages` (stage bits)
  // get their set even when they have no descriptors (an empty one).
  // `push`: the pipeline layout's one push-constant range (size 0: none),
  // a default uniform block moved to push constants (push_constant_block.h).
  vk::Status init(const vk::Device& device, std::span<const pipe::ShaderBinding> bindings, DescriptorMode mode,
                  DescriptorLayout layout = DescriptorLayout::ByType, uint32_t stages = 0,
                  VkPushConstantRange push = {});

  DescriptorMode mode() const { return mode_; }
  bool per_stage() const { return per_stage_; }
  // Sets with dynamic (default uniform) descriptors, bound with their offsets.
  uint32_t dynamic_sets() const { return dynamic_sets_; }
  VkPipelineLayout pipeline_layout() const { return pipeline_layout_.get(); }
  // PerStage: the set layouts a shader object of this program's stage is
  // created with (separable_shader_objects.h): its sets up to the highest,
  // the other stages' below it empty. Returns the count.
  uint32_t shader_set_layouts(std::array<VkDescriptorSetLayout, kDescriptorTypeSets>* out) const;
  // Where its sets are bound: a compute program's bindings are all read by
  // the compute stage (GL links compute alone), any other program's by
  // graphics stages.
  VkPipelineBindPoint bind_point() const { return bind_point_; }
  uint32_t set_mask() const { return set_mask_; }  // sets that have bindings
  // The sets to write for a draw: per stage (stage bits) in the per-stage
  // layout, else per type (contract set bits).
  uint32_t dirty_sets(uint32_t contract_sets, uint32_t stages) const {
    return per_stage_ ? per_stage_sets(stages) : layout_sets(contract_sets);
  }
  // Binding-contract sets (bit per set) -> the sets this program's layout
  // has them in, and back (the same unless the layout is compact).
  uint32_t layout_sets(uint32_t contract_sets) const {
    return compact_ ? (contract_sets & ~(1u << kFoldedSet)) | ((contract_sets >> kFoldedSet & 1u) << kFoldedIntoSet)
                    : contract_sets;
  }
  uint32_t contract_sets(uint32_t layout_sets) const {
    return compact_ && (layout_sets >> kFoldedIntoSet & 1u) ? layout_sets | 1u << kFoldedSet : layout_sets;
  }
  std::span<const SetBinding> bindings(unsigned set) const { return bindings_[set]; }
  uint32_t element_count(unsigned set) const { return element_count_[set]; }
  VkDescriptorUpdateTemplate update_template(unsigned set) const { return templates_[set]; }
  // Written with vkCmdPushDescriptorSetWithTemplateKHR, never allocated.
  bool pushed(unsigned set) const { return push_set_ == set; }
  // Bytes of descriptor pool this program holds (estimate: elements x 32).
  uint64_t pool_bytes() const { return pool_bytes_; }
  // db mode: bytes of descriptor buffer one set of type `set` takes.
  uint32_t db_set_size(unsigned set) const { return db_set_size_[set]; }

  // lazy: a set of type `set` for the batch (ring, serial).
  vk::Status allocate(unsigned set, uint32_t ring_id, uint64_t serial, VkDescriptorSet* out);
  // cached: the set holding `ids` (element_count(set) x kIdWordsPerElement
  // words): *hit = true when it already held them. On a miss the set is
  // written here from `tmpl` and `data`, under the lock, before the cache
  // lists it: another context finding it must never bind it unwritten or
  // while it is written (validation: a descriptor never updated, a set used
  // by two threads at once).
  vk::Status find_or_allocate(unsigned set, std::span<const uint64_t> ids, uint32_t ring_id, uint64_t serial,
                              VkDescriptorUpdateTemplate tmpl, const void* data, VkDescriptorSet* out, bool* hit);
  void release(uint32_t ring_id, uint64_t serial);

 private:
  // allocate / find_or_allocate / release come from every context drawing
  // the program (a share group on several threads) and from batch
  // completion: they take this lock.
  std::mutex mutex_;
  vk::Status grow(unsigned set);
  void track(unsigned set, uint32_t index, uint32_t ring_id, uint64_t serial);

  VkDevice device_ = VK_NULL_HANDLE;
  VkPipelineBindPoint bind_point_ = VK_PIPELINE_BIND_POINT_GRAPHICS;
  DescriptorMode mode_ = DescriptorMode::Lazy;
  bool compact_ = false;
  bool per_stage_ = false;
  uint32_t dynamic_sets_ = 0;
  std::array<VkDescriptorSetLayout, kDescriptorTypeSets> layouts_{};
  vk::Handle<VkDescriptorSetLayout> empty_layout_;  // shared by the sets without bindings
  vk::Handle<VkPipelineLayout> pipeline_layout_;
  std::array<VkDescriptorUpdateTemplate, kDescriptorTypeSets> templates_{};
  uint32_t set_mask_ = 0;
  unsigned push_set_ = ~0u;
  uint64_t pool_bytes_ = 0;
  std::array<std::vector<SetBinding>, kDescriptorTypeSets> bindings_;
  std::array<uint32_t, kDescriptorTypeSets> element_count_{};
  std::array<uint32_t, kDescriptorTypeSets> db_set_size_{};
  std::array<std::vector<VkDescriptorPool>, kDescriptorTypeSets> pools_;
  std::array<uint32_t, kDescriptorTypeSets> next_bucket_{};

  // Every set allocated, by index; its state in the caches.
  enum class SetState : uint8_t { Free, A, B };
  struct Set {
    VkDescriptorSet set = VK_NULL_HANDLE;
    SetState state = SetState::Free;
    uint32_t ring_id = 0;
    uint64_t serial = 0;  // last batch that used it
    // Batches (of any ring) using it that have not completed: one per
    // in_flight_ entry. Contexts on several rings share a program's sets,
    // and another ring's later batch may complete first: the set goes idle
    // only when the last of them does.
    uint32_t users = 0;
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
