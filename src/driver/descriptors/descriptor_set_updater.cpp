// The lazy and cached strategies: descriptor sets from the program's pools.
// They differ only in how a set is obtained (a fresh one, or the cached one
// holding the same ids) and so share the rest.
#include <array>
#include <span>

#include "driver/descriptors/descriptor_updater.h"
#include "driver/program.h"
#include "driver/screen.h"
#include "util/bitset.h"
#include "util/stats.h"

namespace brass::driver {

namespace {
StatCounter g_lazy_updates("descriptor.lazy.updates");
StatCounter g_lazy_pushes("descriptor.lazy.pushes");
StatCounter g_cached_updates("descriptor.cached.updates");
StatCounter g_bytes_written("descriptor.bytes_written");

class DescriptorSetUpdater final : public DescriptorUpdater {
 public:
  DescriptorSetUpdater(VulkanScreen& screen, BatchRing& ring, DescriptorGather& gather, const BindingTable& bindings,
                       bool cached)
      : device_(screen.vk_device()), ring_(ring), gather_(gather), bindings_(bindings), cached_(cached) {}

  vk::Status update(pipe::ShaderProgram& prog, VkPipelineLayout layout, DrawDirty& dirty) override;

 private:
  [[nodiscard]] vk::Status write_set(pipe::ShaderProgram& prog, VkPipelineLayout layout, unsigned set);
  void bind_dynamic_set(const ProgramDescriptors& pd, VkPipelineLayout layout, unsigned set);

  VkDevice device_;
  BatchRing& ring_;
  DescriptorGather& gather_;
  const BindingTable& bindings_;
  const bool cached_;
  std::array<VkDescriptorSet, kDescriptorTypeSets> bound_sets_{};
};

vk::Status DescriptorSetUpdater::write_set(pipe::ShaderProgram& prog, VkPipelineLayout layout, unsigned set) {
  ProgramDescriptors& pd = prog.descriptors;
  const uint32_t elements = pd.element_count(set);
  std::array<DescriptorInfo, kMaxSetElements> data;
  std::array<uint64_t, kMaxSetElements * kIdWordsPerElement> ids;
  // Default uniforms are streamed and never match a cached set; per-stage
  // layouts are written lazily (program_descriptors.h).
  const bool cached = cached_ && pd.mode() == DescriptorMode::Cached && !(pd.dynamic_sets() >> set & 1u);
  if (vk::Status s = gather_.gather(pd, set, data.data(), cached ? ids.data() : nullptr, nullptr); !s) return s;
  const VkDescriptorUpdateTemplate tmpl = pd.update_template(set);
  VkCommandBuffer cmd = ring_.main_cmd();
  g_bytes_written.add(elements * sizeof(DescriptorInfo));
  if (pd.pushed(set)) {
    vkCmdPushDescriptorSetWithTemplateKHR(cmd, tmpl, layout, set, data.data());
    g_lazy_pushes.add();
    return {};
  }
  VkDescriptorSet ds;
  bool hit = false;
  vk::Status s = cached ? pd.find_or_allocate(set, std::span(ids.data(), elements * kIdWordsPerElement), ring_.id(),
                                              ring_.current_serial(), tmpl, data.data(), &ds, &hit)
                        : pd.allocate(set, ring_.id(), ring_.current_serial(), &ds);
  if (!s) return s;
  if (!hit) {
    // A cached set was written by find_or_allocate, under its lock.
    if (!cached) vkUpdateDescriptorSetWithTemplate(device_, ds, tmpl, data.data());
    (cached ? g_cached_updates : g_lazy_updates).add();
  }
  ring_.hold(&prog);
  bound_sets_[set] = ds;
  // Sets with default uniforms are bound with their dynamic offsets (bind_dynamic_set).
  if (!(pd.dynamic_sets() >> set & 1u)) vkCmdBindDescriptorSets(cmd, prog.descriptors.bind_point(), layout, set, 1, &bound_sets_[set], 0, nullptr);
  return {};
}

void DescriptorSetUpdater::bind_dynamic_set(const ProgramDescriptors& pd, VkPipelineLayout layout, unsigned set) {
  std::array<uint32_t, 8> offsets{};
  uint32_t n = 0;
  for (const SetBinding& b : pd.bindings(set)) {
    if (b.type != VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER_DYNAMIC || n == offsets.size()) continue;
    const ConstantBinding& c = bindings_.constant(binding_stage(set, b), 0);
    offsets[n++] = (!c.buffer && c.vk_buffer) ? static_cast<uint32_t>(c.offset) : 0;
  }
  vkCmdBindDescriptorSets(ring_.main_cmd(), pd.bind_point(), layout, set, 1, &bound_sets_[set], n, offsets.data());
}

vk::Status DescriptorSetUpdater::update(pipe::ShaderProgram& prog, VkPipelineLayout layout, DrawDirty& dirty) {
  ProgramDescriptors& pd = prog.descriptors;
  const uint32_t used = pd.set_mask();
  // Per-stage layouts rewrite the sets of the stages whose bindings changed.
  const uint32_t todo = pd.dirty_sets(dirty.sets(), dirty.stage_sets()) & used;
  vk::Status status;
  for_each_bit(todo, [&](int set) {
    if (status) status = write_set(prog, layout, unsigned(set));
  });
  if (!status) return status;
  const uint32_t rebind = (dirty.test(DrawState::Set0Offsets) ? used : todo) & pd.dynamic_sets();
  for_each_bit(rebind, [&](int set) { bind_dynamic_set(pd, layout, unsigned(set)); });
  if (pd.per_stage()) dirty.clear_stage_sets((1u << pipe::kGraphicsStageCount) - 1);  // the layout has every stage drawn
  else dirty.clear_sets(pd.contract_sets(used));
  dirty.clear(DrawState::Set0Offsets);
  return {};
}
}  // namespace

std::unique_ptr<DescriptorUpdater> make_descriptor_set_updater(VulkanScreen& screen, BatchRing& ring,
                                                               DescriptorGather& gather, const BindingTable& bindings,
                                                               bool cached) {
  return std::make_unique<DescriptorSetUpdater>(screen, ring, gather, bindings, cached);
}

}  // namespace brass::driver
