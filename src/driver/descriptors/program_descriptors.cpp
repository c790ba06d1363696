#include "driver/descriptors/program_descriptors.h"

#include <algorithm>
#include <bit>

#include "driver/descriptors/descriptor_buffer.h"
#include "util/hash.h"
#include "util/log.h"
#include "util/stats.h"

namespace brass::driver {

namespace {
StatCounter g_sets_allocated("descriptor.sets_allocated");
StatCounter g_allocate_calls("descriptor.allocate_calls");
StatCounter g_pools_created("descriptor.pools_created");
StatCounter g_pool_bytes("descriptor.pool_bytes");
StatCounter g_a_hits("descriptor.cached.a_hits");
StatCounter g_b_hits("descriptor.cached.b_hits");
StatCounter g_misses("descriptor.cached.misses");
StatCounter g_recycles("descriptor.cached.recycles");

// Descriptor pool memory is the driver's business; 32 bytes per descriptor
// is the order of magnitude of real implementations (and of
// VK_EXT_descriptor_buffer descriptor sizes), enough to compare programs.
constexpr uint64_t kBytesPerDescriptor = 32;
// How many idle sets a miss looks at for the least recently used one.
constexpr unsigned kRecycleProbe = 8;

VkShaderStageFlags vk_stages(uint8_t mask) {
  static constexpr VkShaderStageFlagBits t[] = {
      VK_SHADER_STAGE_VERTEX_BIT, VK_SHADER_STAGE_TESSELLATION_CONTROL_BIT, VK_SHADER_STAGE_TESSELLATION_EVALUATION_BIT,
      VK_SHADER_STAGE_GEOMETRY_BIT, VK_SHADER_STAGE_FRAGMENT_BIT, VK_SHADER_STAGE_COMPUTE_BIT};
  VkShaderStageFlags out = 0;
  for (unsigned i = 0; i < 6; ++i)
    if (mask & (1u << i)) out |= t[i];
  return out;
}

bool type_for(const pipe::ShaderBinding& b, bool descriptor_buffer, VkDescriptorType* out) {
  using K = pipe::DescriptorKind;
  switch (b.set) {
    case 0:
      if (b.kind != K::UniformBuffer) return false;
      *out = descriptor_buffer ? VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER : VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER_DYNAMIC;
      return true;
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
  for (VkDescriptorUpdateTemplate t : templates_)
    if (t) vkDestroyDescriptorUpdateTemplate(device_, t, nullptr);
  for (VkDescriptorSetLayout l : layouts_)
    if (l != empty_layout_.get()) vkDestroyDescriptorSetLayout(device_, l, nullptr);
  g_pool_bytes.add(0 - pool_bytes_);
}

vk::Status ProgramDescriptors::init(const vk::Device& device, std::span<const pipe::ShaderBinding> bindings,
                                    DescriptorMode mode, DescriptorLayout layout, uint32_t stages,
                                    VkPushConstantRange push) {
  device_ = device.handle();
  per_stage_ = layout == DescriptorLayout::PerStage;
  mode_ = mode == DescriptorMode::Cached || mode == DescriptorMode::DescriptorBuffer ? mode : DescriptorMode::Lazy;
  // Per-stage sets hold a stage's streamed default uniforms next to its
  // other descriptors, so they would never be found again: written lazily.
  if (per_stage_ && mode_ == DescriptorMode::Cached) mode_ = DescriptorMode::Lazy;
  const bool db = mode_ == DescriptorMode::DescriptorBuffer;
  compact_ = !per_stage_ && device.paths().compact_descriptor_sets;
  for (const pipe::ShaderBinding& b : bindings) {
    SetBinding sb;
    const bool one_graphics_stage = std::has_single_bit(unsigned{b.stage_mask}) &&
                                    b.stage_mask < pipe::stage_bit(pipe::ShaderStage::Compute);
    if (b.set >= kDescriptorTypeSets || !type_for(b, db, &sb.type) || b.array_count == 0 ||
        (compact_ && b.set == kFoldedSet && b.binding >= 256 - kFoldedBindingOffset) ||
        (per_stage_ && !one_graphics_stage)) {
      BRASS_WARN("bad binding in shader table: set %u binding %u", b.set, b.binding);
      return vk::Status{VK_ERROR_INITIALIZATION_FAILED};
    }
    const bool folded = compact_ && b.set == kFoldedSet;
    const unsigned set = per_stage_ ? per_stage_set(static_cast<unsigned>(std::countr_zero(unsigned{b.stage_mask})))
                         : folded   ? kFoldedIntoSet
                                    : b.set;
    sb.binding = static_cast<uint8_t>(folded ? b.binding + kFoldedBindingOffset : b.binding);
    sb.source_set = b.set;
    sb.source_binding = b.binding;
    sb.stage = static_cast<uint8_t>(contract_binding_stage(b));
    sb.stage_mask = b.stage_mask;
    sb.kind = b.kind;
    sb.count = b.array_count;
    sb.slot = b.slot;
    if (b.stage_mask & pipe::stage_bit(pipe::ShaderStage::Compute)) bind_point_ = VK_PIPELINE_BIND_POINT_COMPUTE;
    if (sb.type == VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER_DYNAMIC) dynamic_sets_ |= 1u << set;
    bindings_[set].push_back(sb);
    set_mask_ |= 1u << set;
  }
  if (per_stage_) {
    // A stage's set in contract order (default uniforms, UBOs, samplers,
    // SSBOs, images), numbered densely: the numbering depends on this
    // stage's bindings alone.
    for (auto& list : bindings_) {
      std::sort(list.begin(), list.end(), [](const SetBinding& a, const SetBinding& b) {
        return a.source_set != b.source_set ? a.source_set < b.source_set : a.source_binding < b.source_binding;
      });
      for (size_t i = 0; i < list.size(); ++i) {
        if (i > 0 && list[i].source_set == list[i - 1].source_set &&
            list[i].source_binding == list[i - 1].source_binding) {
          BRASS_WARN("a binding listed twice in a separable stage's table");
          return vk::Status{VK_ERROR_INITIALIZATION_FAILED};
        }
        list[i].binding = static_cast<uint8_t>(i);
      }
    }
  }
  // Both modes push the samplers set: textures are the bindings that change
  // most often between draws, and a push costs no set, no pool, no lookup and
  // no bind call. Measured (docs/performance.md, descriptor modes): on the
  // H100 a texture change per draw cost 205 ns pushed against 344 ns through
  // the A/B cache; on lavapipe 228 against 252. Only where the set fits
  // maxPushDescriptors; otherwise it is an ordinary set of the mode.
  // Descriptor buffers take no push sets (descriptorBufferPushDescriptors
  // stays off): every set is written into the descriptor buffer.
  const vk::Capabilities& caps = device.caps();
  const VkDescriptorSetLayoutCreateFlags db_flag = db ? VK_DESCRIPTOR_SET_LAYOUT_CREATE_DESCRIPTOR_BUFFER_BIT_EXT : 0;
  unsigned set_count = 0;
  const uint32_t empty_stage_sets = per_stage_ ? per_stage_sets(stages) & ~set_mask_ : 0;
  for (unsigned s = 0; s < kDescriptorTypeSets; ++s) {
    auto& list = bindings_[s];
    std::sort(list.begin(), list.end(), [](const SetBinding& a, const SetBinding& b) { return a.binding < b.binding; });
    if (empty_stage_sets >> s & 1u) {
      // A stage without descriptors still has its set (empty), so that
      // the union of the stages' layouts has none missing.
      if (!empty_layout_) {
        VkDescriptorSetLayoutCreateInfo ci{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO};
        ci.flags = db_flag;
        BRASS_VK_RETURN_IF_FAILED(vkCreateDescriptorSetLayout(device_, &ci, nullptr, empty_layout_.receive(device_)));
      }
      layouts_[s] = empty_layout_.get();
      set_count = s + 1;
      continue;
    }
    if (list.empty()) continue;
    set_count = s + 1;
    uint32_t elements = 0;
    for (SetBinding& b : list) {
      b.first_element = static_cast<uint16_t>(elements);
      elements += b.count;
    }
    if (elements > kMaxSetElements) {
      // GL's per-stage limits keep real programs far below this.
      BRASS_WARN("a descriptor set of %u elements exceeds Brass's limit of %u", elements, kMaxSetElements);
      return vk::Status{VK_ERROR_INITIALIZATION_FAILED};
    }
    element_count_[s] = elements;
    if (s == 2 && !db && !per_stage_ && caps.push_descriptor && elements <= caps.limits.max_push_descriptors)
      push_set_ = s;
    std::array<VkDescriptorSetLayoutBinding, 64> lb{};
    std::array<VkDescriptorUpdateTemplateEntry, 64> te{};
    if (list.size() > lb.size()) return vk::Status{VK_ERROR_INITIALIZATION_FAILED};
    for (size_t i = 0; i < list.size(); ++i) {
      lb[i].binding = list[i].binding;
      lb[i].descriptorType = list[i].type;
      lb[i].descriptorCount = list[i].count;
      lb[i].stageFlags = vk_stages(list[i].stage_mask);
      te[i].dstBinding = list[i].binding;
      te[i].descriptorCount = list[i].count;
      te[i].descriptorType = list[i].type;
      te[i].offset = list[i].first_element * sizeof(DescriptorInfo);
      te[i].stride = sizeof(DescriptorInfo);
    }
    VkDescriptorSetLayoutCreateInfo ci{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO};
    ci.flags = (push_set_ == s ? VK_DESCRIPTOR_SET_LAYOUT_CREATE_PUSH_DESCRIPTOR_BIT_KHR : 0) | db_flag;
    ci.bindingCount = static_cast<uint32_t>(list.size());
    ci.pBindings = lb.data();
    BRASS_VK_RETURN_IF_FAILED(vkCreateDescriptorSetLayout(device_, &ci, nullptr, &layouts_[s]));
    element_count_[s] = elements;
    if (db) {
      // Where the driver wants each binding; a set's descriptors are written
      // there, relative to the set's offset in the buffer.
      VkDeviceSize size = 0;
      vkGetDescriptorSetLayoutSizeEXT(device_, layouts_[s], &size);
      db_set_size_[s] = static_cast<uint32_t>(size);
      for (SetBinding& b : list) {
        VkDeviceSize offset = 0;
        vkGetDescriptorSetLayoutBindingOffsetEXT(device_, layouts_[s], b.binding, &offset);
        b.db_offset = static_cast<uint32_t>(offset);
        b.db_size = static_cast<uint16_t>(descriptor_buffer_size(caps.descriptor_buffer_limits, b.type));
      }
    }
    // Template per set; the push template needs the pipeline layout, made below.
    if (push_set_ != s && !db) {
      VkDescriptorUpdateTemplateCreateInfo tci{VK_STRUCTURE_TYPE_DESCRIPTOR_UPDATE_TEMPLATE_CREATE_INFO};
      tci.descriptorUpdateEntryCount = static_cast<uint32_t>(list.size());
      tci.pDescriptorUpdateEntries = te.data();
      tci.templateType = VK_DESCRIPTOR_UPDATE_TEMPLATE_TYPE_DESCRIPTOR_SET;
      tci.descriptorSetLayout = layouts_[s];
      BRASS_VK_RETURN_IF_FAILED(vkCreateDescriptorUpdateTemplate(device_, &tci, nullptr, &templates_[s]));
    }
  }
  // A shader object names a layout for every set below its own (no null
  // ones, as independent-set pipeline layouts may have).
  if (per_stage_ && !empty_layout_) {
    VkDescriptorSetLayoutCreateInfo ci{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO};
    ci.flags = db_flag;
    BRASS_VK_RETURN_IF_FAILED(vkCreateDescriptorSetLayout(device_, &ci, nullptr, empty_layout_.receive(device_)));
  }
  // Sets below the highest used one still need a (empty) layout; with
  // independent sets they stay null (another stage's set goes there).
  for (unsigned s = 0; s < set_count && !per_stage_; ++s) {
    if (layouts_[s]) continue;
    if (!empty_layout_) {
      // A pipeline layout's set layouts are all descriptor-buffer ones or none.
      VkDescriptorSetLayoutCreateInfo ci{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO};
      ci.flags = db_flag;
      BRASS_VK_RETURN_IF_FAILED(vkCreateDescriptorSetLayout(device_, &ci, nullptr, empty_layout_.receive(device_)));
    }
    layouts_[s] = empty_layout_.get();
  }
  VkPipelineLayoutCreateInfo pci{VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
  if (per_stage_) pci.flags = VK_PIPELINE_LAYOUT_CREATE_INDEPENDENT_SETS_BIT_EXT;
  pci.setLayoutCount = set_count;
  pci.pSetLayouts = layouts_.data();
  if (push.size) {
    pci.pushConstantRangeCount = 1;
    pci.pPushConstantRanges = &push;
  }
  BRASS_VK_RETURN_IF_FAILED(vkCreatePipelineLayout(device_, &pci, nullptr, pipeline_layout_.receive(device_)));
  if (push_set_ < kDescriptorTypeSets) {
    const auto& list = bindings_[push_set_];
    std::array<VkDescriptorUpdateTemplateEntry, 64> te{};
    for (size_t i = 0; i < list.size(); ++i)
      te[i] = {list[i].binding, 0, list[i].count, list[i].type, list[i].first_element * sizeof(DescriptorInfo),
               sizeof(DescriptorInfo)};
    VkDescriptorUpdateTemplateCreateInfo tci{VK_STRUCTURE_TYPE_DESCRIPTOR_UPDATE_TEMPLATE_CREATE_INFO};
    tci.descriptorUpdateEntryCount = static_cast<uint32_t>(list.size());
    tci.pDescriptorUpdateEntries = te.data();
    tci.templateType = VK_DESCRIPTOR_UPDATE_TEMPLATE_TYPE_PUSH_DESCRIPTORS_KHR;
    tci.pipelineBindPoint = bind_point_;
    tci.pipelineLayout = pipeline_layout_.get();
    tci.set = push_set_;
    BRASS_VK_RETURN_IF_FAILED(vkCreateDescriptorUpdateTemplate(device_, &tci, nullptr, &templates_[push_set_]));
  }
  return {};
}

uint32_t ProgramDescriptors::shader_set_layouts(std::array<VkDescriptorSetLayout, kDescriptorTypeSets>* out) const {
  uint32_t count = 0;
  for (unsigned s = 0; s < kDescriptorTypeSets; ++s) {
    (*out)[s] = layouts_[s] ? layouts_[s] : empty_layout_.get();
    if (layouts_[s]) count = s + 1;
  }
  return count;
}

vk::Status ProgramDescriptors::grow(unsigned set) {
  // A new bucket: a pool sized exactly for this layout, twice the last one.
  PerType& t = types_[set];
  const uint32_t count = next_bucket_[set] ? next_bucket_[set] : kFirstBucketSets;
  next_bucket_[set] = std::min(count * 2, kMaxBucketSets);
  std::array<VkDescriptorPoolSize, 8> sizes{};
  uint32_t n = 0;
  for (const SetBinding& b : bindings_[set]) {
    uint32_t i = 0;
    while (i < n && sizes[i].type != b.type) ++i;
    if (i == n) sizes[n++] = {b.type, 0};
    sizes[i].descriptorCount += b.count * count;
  }
  VkDescriptorPoolCreateInfo pci{VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO};
  pci.maxSets = count;
  pci.poolSizeCount = n;
  pci.pPoolSizes = sizes.data();
  VkDescriptorPool pool;
  BRASS_VK_RETURN_IF_FAILED(vkCreateDescriptorPool(device_, &pci, nullptr, &pool));
  pools_[set].push_back(pool);
  g_pools_created.add();
  const uint64_t bytes = uint64_t(element_count_[set]) * count * kBytesPerDescriptor;
  pool_bytes_ += bytes;
  g_pool_bytes.add(bytes);
  std::array<VkDescriptorSetLayout, kMaxBucketSets> layouts;
  layouts.fill(layouts_[set]);
  std::array<VkDescriptorSet, kMaxBucketSets> sets;
  VkDescriptorSetAllocateInfo ai{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO};
  ai.descriptorPool = pool;
  ai.descriptorSetCount = count;
  ai.pSetLayouts = layouts.data();
  BRASS_VK_RETURN_IF_FAILED(vkAllocateDescriptorSets(device_, &ai, sets.data()));
  g_allocate_calls.add();
  g_sets_allocated.add(count);
  const size_t first = t.sets.size();
  t.sets.resize(first + count);
  if (mode_ == DescriptorMode::Cached) t.ids.resize(t.sets.size() * element_count_[set] * kIdWordsPerElement);
  for (uint32_t i = 0; i < count; ++i) {
    t.sets[first + i].set = sets[i];
    t.free.push_back(static_cast<uint32_t>(first + i));
  }
  return {};
}

void ProgramDescriptors::track(unsigned set, uint32_t index, uint32_t ring_id, uint64_t serial) {
  Set& s = types_[set].sets[index];
  // Once per batch: a set reused by many draws of one batch is listed once.
  if (s.ring_id == ring_id && s.serial == serial && s.state != SetState::Free) return;
  s.ring_id = ring_id;
  s.serial = serial;
  ++s.users;
  in_flight_.push_back({ring_id, static_cast<uint8_t>(set), index, serial});
}

vk::Status ProgramDescriptors::allocate(unsigned set, uint32_t ring_id, uint64_t serial, VkDescriptorSet* out) {
  std::lock_guard<std::mutex> lock(mutex_);
  PerType& t = types_[set];
  if (t.free.empty()) BRASS_VK_RETURN_IF_FAILED(grow(set).result);
  const uint32_t index = t.free.back();
  t.free.pop_back();
  t.sets[index].state = SetState::A;  // in flight, holding nothing reusable
  t.sets[index].ring_id = 0;
  track(set, index, ring_id, serial);
  *out = t.sets[index].set;
  return {};
}

vk::Status ProgramDescriptors::find_or_allocate(unsigned set, std::span<const uint64_t> ids, uint32_t ring_id,
                                                uint64_t serial, VkDescriptorUpdateTemplate tmpl, const void* data,
                                                VkDescriptorSet* out, bool* hit) {
  std::lock_guard<std::mutex> lock(mutex_);
  PerType& t = types_[set];
  const size_t words = size_t(element_count_[set]) * kIdWordsPerElement;
  const uint64_t hash = hash_bytes(ids.data(), words * sizeof(uint64_t));
  auto same = [&](uint32_t index) {
    return std::equal(ids.begin(), ids.begin() + words, t.ids.begin() + index * words);
  };
  if (auto it = t.a.find(hash); it != t.a.end() && same(it->second)) {
    g_a_hits.add();
    track(set, it->second, ring_id, serial);
    *hit = true;
    return *out = t.sets[it->second].set, vk::Status{};
  }
  if (auto it = t.b.find(hash); it != t.b.end() && same(it->second)) {
    g_b_hits.add();
    const uint32_t index = it->second;
    t.b.erase(it);
    t.a[hash] = index;
    t.sets[index].state = SetState::A;
    track(set, index, ring_id, serial);
    *hit = true;
    return *out = t.sets[index].set, vk::Status{};
  }
  g_misses.add();
  *hit = false;
  uint32_t index;
  if (!t.free.empty() || t.b.empty()) {
    if (t.free.empty()) BRASS_VK_RETURN_IF_FAILED(grow(set).result);
    index = t.free.back();
    t.free.pop_back();
  } else {
    // Recycle the least recently idle of a few B sets (a bounded probe,
    // not a scan of the whole cache).
    auto victim = t.b.begin();
    unsigned probed = 0;
    for (auto it = t.b.begin(); it != t.b.end() && probed < kRecycleProbe; ++it, ++probed)
      if (t.sets[it->second].lru < t.sets[victim->second].lru) victim = it;
    index = victim->second;
    t.b.erase(victim);
    g_recycles.add();
  }
  // A hash already in A with other contents (a collision) keeps its set; the
  // new one is not cached under that hash.
  Set& s = t.sets[index];
  // Written before the A cache lists it (find_or_allocate's comment).
  vkUpdateDescriptorSetWithTemplate(device_, s.set, tmpl, data);
  s.state = SetState::A;
  s.hash = hash;
  std::copy(ids.begin(), ids.begin() + words, t.ids.begin() + index * words);
  if (!t.a.count(hash)) t.a.emplace(hash, index);
  track(set, index, ring_id, serial);
  *out = s.set;
  return {};
}

void ProgramDescriptors::release(uint32_t ring_id, uint64_t serial) {
  std::lock_guard<std::mutex> lock(mutex_);
  size_t w = 0;
  for (size_t r = 0; r < in_flight_.size(); ++r) {
    const InFlight f = in_flight_[r];
    if (f.ring_id != ring_id || f.serial > serial) {
      in_flight_[w++] = f;
      continue;
    }
    PerType& t = types_[f.set];
    Set& s = t.sets[f.index];
    // Another batch (of this or another ring) still uses it. Not "the last
    // batch tracked is not this one": a batch of another ring tracked
    // later may complete first, and the set was recycled under a batch
    // still recording with it (validation: a set updated while bound, by
    // two threads at once).
    if (--s.users != 0) continue;
    s.ring_id = 0;
    s.serial = 0;
    if (mode_ == DescriptorMode::Cached && f.set != 0) {
      auto it = t.a.find(s.hash);
      if (it != t.a.end() && it->second == f.index) {
        // Idle with its contents intact: the B cache.
        t.a.erase(it);
        s.state = SetState::B;
        s.lru = ++lru_clock_;
        if (!t.b.emplace(s.hash, f.index).second) {
          s.state = SetState::Free;
          t.free.push_back(f.index);
        }
        continue;
      }
    }
    s.state = SetState::Free;
    t.free.push_back(f.index);
  }
  in_flight_.resize(w);
}

}  // namespace brass::driver
