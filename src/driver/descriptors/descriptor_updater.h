// The draw's descriptors, behind one interface with a strategy per mode
// (program_descriptors.h explains the modes):
//   lazy    — every changed set is written into a fresh set from the
//             program's pools (set 0, the default uniforms, may be pushed);
//   cached  — sets are looked up by the ids of what they hold, so a
//             binding combination seen before costs no write;
//   db      — descriptor buffers: changed sets are written into a ring of
//             descriptor memory, only when their bytes differ.
// All three gather a set's data the same way (descriptor_gather.h). Which
// sets changed comes from DrawDirty, in pipe::DescriptorSet numbering.
#pragma once
#include <memory>

#include "driver/batch/batch_ring.h"
#include "driver/descriptors/descriptor_gather.h"
#include "driver/draw/draw_dirty.h"
#include "util/options.h"

namespace brass::pipe {
struct ShaderProgram;
}

namespace brass::driver {

class VulkanScreen;

class DescriptorUpdater {
 public:
  virtual ~DescriptorUpdater() = default;
  // Writes the bound program's dirty sets and binds them for `layout` (the
  // program's pipeline layout, bound with its pipeline).
  [[nodiscard]] virtual vk::Status update(pipe::ShaderProgram& prog, VkPipelineLayout layout, DrawDirty& dirty) = 0;
  // The command buffer's descriptor bindings are gone (a new command
  // buffer, a meta draw).
  virtual void forget_bindings() {}
  // Before a submit: host writes the GPU will read.
  [[nodiscard]] virtual vk::Status flush_writes() { return {}; }
};

// The strategy for `mode` (descriptor_set_updater.cpp, descriptor_buffer_updater.cpp).
std::unique_ptr<DescriptorUpdater> make_descriptor_set_updater(VulkanScreen& screen, BatchRing& ring,
                                                               DescriptorGather& gather, const BindingTable& bindings,
                                                               bool cached);
std::unique_ptr<DescriptorUpdater> make_descriptor_buffer_updater(VulkanScreen& screen, BatchRing& ring,
                                                                  DescriptorGather& gather);
inline std::unique_ptr<DescriptorUpdater> make_descriptor_updater(DescriptorMode mode, VulkanScreen& screen,
                                                                  BatchRing& ring, DescriptorGather& gather,
                                                                  const BindingTable& bindings) {
  if (mode == DescriptorMode::DescriptorBuffer) return make_descriptor_buffer_updater(screen, ring, gather);
  return make_descriptor_set_updater(screen, ring, gather, bindings, mode == DescriptorMode::Cached);
}

}  // namespace brass::driver
