#include "driver/batch/pending_draws.h"

#include "util/stats.h"

namespace brass::driver {

namespace {
// Commands recorded for merged draws; draw.calls over this is the draws per command.
StatCounter g_merged_commands("draw.merged_commands");
}  // namespace

void PendingDraws::record() {
  if (count_ == 0) return;
  const uint32_t n = count_;
  count_ = 0;
  g_merged_commands.add();
  if (n == 1) {
    const pipe::DrawStart& d = draws_[0];
    if (indexed_) vkCmdDrawIndexed(cmd_, d.count, instances_, d.start, d.index_bias, first_instance_);
    else vkCmdDraw(cmd_, d.count, instances_, d.start, first_instance_);
    return;
  }
  // pipe::DrawStart has VkMultiDrawIndexedInfoEXT's layout and begins with
  // VkMultiDrawInfoEXT's: the array goes as it is, with its own stride.
  static_assert(sizeof(pipe::DrawStart) == sizeof(VkMultiDrawIndexedInfoEXT));
  if (indexed_)
    vkCmdDrawMultiIndexedEXT(cmd_, n, reinterpret_cast<const VkMultiDrawIndexedInfoEXT*>(draws_), instances_,
                             first_instance_, sizeof(pipe::DrawStart), nullptr);
  else
    vkCmdDrawMultiEXT(cmd_, n, reinterpret_cast<const VkMultiDrawInfoEXT*>(draws_), instances_, first_instance_,
                      sizeof(pipe::DrawStart));
}

}  // namespace brass::driver
