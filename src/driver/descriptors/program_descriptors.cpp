#include "driver/descriptors/program_descriptors.h"

#include <algorithm>

#include "util/log.h"
#include "util/stats.h"

namespace brass::driver {

namespace {
StatCounter g_sets_allocated("descriptor.sets_allocated");
StatCounter g_pools_created("descriptor.pools_created");

VkShaderStageFlags vk_stages(uint8_t mask) {
  static constexpr VkShaderStageFlagBits t[] = {
      VK_SHADER_STAGE_VERTEX_BIT, VK_SHADER_STAGE_TESSELLATION_CONTROL_BIT, VK_SHADER_STAGE_TESSELLATION_EVALUATION_BIT,
      VK_SHADER_STAGE_GEOMETRY_BIT, VK_SHADER_STAGE_FRAGMENT_BIT, VK_SHADER_STAGE_COMPUTE_BIT};
  VkShaderStageFlags out = 0;
  for (unsigned i = 0; i < 6; ++i)
    if (mask & (1u << i)) out |= t[i];
  return out;
}

bool type_for(const pipe::ShaderBinding& b, VkDescriptorType* out) {
  using K = pipe::DescriptorKind;
  switch (b.set) {
    case 0: if (b.kind != K::UniformBuffer) return false; *out = VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER_DYNAMIC; return true;
    case 1: if (b.kind != K::UniformBuffer) return false; *out = VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER; return true;
    case 2:
      if (b.kind == K::CombinedImageSampler) *out = VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER;
      else if (b.kind == K::UniformTexelBuffer) *out = VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER;
      else return false;
      return true;
    case 3: if (b.kind != K::StorageBuffer) return false; *out = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER; return true;
    case 4:
      if (b.kind == K::StorageImage) *out = VK_DESCRIPTOR_TYPE_STORAGE_IMAGE;
      else if (b.kind == K::StorageTexelBuffer) *out = VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER;
      else return false;
      return true;
    default: return false;
  }
}
}  // namespace

ProgramDescriptors::~ProgramDescriptors() {
  if (!device_) return;
  for (auto& pools : pools_)
    for (VkDescriptorPool p : pools) vkDestroyDescriptorPool(device_, p, nullptr);
  for (VkDescriptorSetLayout l : layouts_)
    if (l != empty_layout_) vkDestroyDescriptorSetLayout(device_, l, nullptr);
  if (empty_layout_) vkDestroyDescriptorSetLayout(device_, empty_layout_, nullptr);
  if (pipeline_layout_) vkDestroyPipelineLayout(device_, pipeline_layout_, nullptr);
}

vk::Status ProgramDescriptors::init(VkDevice device, std::span<const pipe::ShaderBinding> bindings) {
  device_ = device;
  for (const pipe::ShaderBinding& b : bindings) {
    SetBinding sb;
    if (b.set >= kDescriptorTypeSets || !type_for(b, &sb.type) || b.array_count == 0) {
      BRASS_WARN("bad binding in shader table: set %u binding %u", b.set, b.binding);
      return vk::Status{VK_ERROR_INITIALIZATION_FAILED};
    }
    sb.binding = b.binding;
    sb.stage_mask = b.stage_mask;
    sb.kind = b.kind;
    sb.count = b.array_count;
    sb.slot = b.slot;
    bindings_[b.set].push_back(sb);
    set_mask_ |= 1u << b.set;
  }
  unsigned set_count = 0;
  for (unsigned s = 0; s < kDescriptorTypeSets; ++s) {
    auto& list = bindings_[s];
    std::sort(list.begin(), list.end(), [](const SetBinding& a, const SetBinding& b) { return a.binding < b.binding; });
    if (list.empty()) continue;
    set_count = s + 1;
    std::array<VkDescriptorSetLayoutBinding, 64> lb{};
    if (list.size() > lb.size()) return vk::Status{VK_ERROR_INITIALIZATION_FAILED};
    for (size_t i = 0; i < list.size(); ++i) {
      lb[i].binding = list[i].binding;
      lb[i].descriptorType = list[i].type;
      lb[i].descriptorCount = list[i].count;
      lb[i].stageFlags = vk_stages(list[i].stage_mask);
    }
    VkDescriptorSetLayoutCreateInfo ci{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO};
    ci.bindingCount = static_cast<uint32_t>(list.size());
    ci.pBindings = lb.data();
    BRASS_VK_RETURN_IF_FAILED(vkCreateDescriptorSetLayout(device, &ci, nullptr, &layouts_[s]));
  }
  // Sets below the highest used one still need a (empty) layout.
  for (unsigned s = 0; s < set_count; ++s) {
    if (layouts_[s]) continue;
    if (!empty_layout_) {
      VkDescriptorSetLayoutCreateInfo ci{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO};
      BRASS_VK_RETURN_IF_FAILED(vkCreateDescriptorSetLayout(device, &ci, nullptr, &empty_layout_));
    }
    layouts_[s] = empty_layout_;
  }
  VkPipelineLayoutCreateInfo pci{VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
  pci.setLayoutCount = set_count;
  pci.pSetLayouts = layouts_.data();
  BRASS_VK_RETURN_IF_FAILED(vkCreatePipelineLayout(device, &pci, nullptr, &pipeline_layout_));
  return {};
}

vk::Status ProgramDescriptors::allocate(unsigned set, uint32_t ring_id, uint64_t serial, VkDescriptorSet* out) {
  auto& free = free_[set];
  if (free.empty()) {
    // A new bucket: a pool sized exactly for kSetsPerPool sets of this layout.
    std::array<VkDescriptorPoolSize, 8> sizes{};
    uint32_t n = 0;
    for (const SetBinding& b : bindings_[set]) {
      uint32_t i = 0;
      while (i < n && sizes[i].type != b.type) ++i;
      if (i == n) sizes[n++] = {b.type, 0};
      sizes[i].descriptorCount += b.count * kSetsPerPool;
    }
    VkDescriptorPoolCreateInfo pci{VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO};
    pci.maxSets = kSetsPerPool;
    pci.poolSizeCount = n;
    pci.pPoolSizes = sizes.data();
    VkDescriptorPool pool;
    BRASS_VK_RETURN_IF_FAILED(vkCreateDescriptorPool(device_, &pci, nullptr, &pool));
    pools_[set].push_back(pool);
    g_pools_created.add();
    std::array<VkDescriptorSetLayout, kSetsPerPool> layouts;
    layouts.fill(layouts_[set]);
    std::array<VkDescriptorSet, kSetsPerPool> sets;
    VkDescriptorSetAllocateInfo ai{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO};
    ai.descriptorPool = pool;
    ai.descriptorSetCount = kSetsPerPool;
    ai.pSetLayouts = layouts.data();
    BRASS_VK_RETURN_IF_FAILED(vkAllocateDescriptorSets(device_, &ai, sets.data()));
    g_sets_allocated.add(kSetsPerPool);
    free.insert(free.end(), sets.begin(), sets.end());
  }
  *out = free.back();
  free.pop_back();
  in_flight_.push_back({ring_id, static_cast<uint8_t>(set), serial, *out});
  return {};
}

void ProgramDescriptors::release(uint32_t ring_id, uint64_t serial) {
  size_t w = 0;
  for (size_t r = 0; r < in_flight_.size(); ++r) {
    const InFlight& f = in_flight_[r];
    if (f.ring_id == ring_id && f.serial <= serial) {
      free_[f.set].push_back(f.ds);
    } else {
      in_flight_[w++] = f;
    }
  }
  in_flight_.resize(w);
}

}  // namespace brass::driver
