#include "driver/barrier/access_state.h"

namespace brass::driver {

BarrierNeed apply_access(AccessState& s, const AccessRequest& req, bool is_image) {
  BarrierNeed n;
  const bool layout_change = is_image && s.layout != req.layout;
  if (!req.write) {
    const bool visible = s.write_access == 0 ||
                         ((req.access & ~s.read_access) == 0 && (req.stages & ~s.read_stages) == 0);
    if (!layout_change && visible) {
      // Stored only when it adds something: contexts of a share group on
      // several threads read one object at once (GL allows concurrent
      // reads), and a read that changes nothing must not write.
      if ((s.read_stages & req.stages) != req.stages) s.read_stages |= req.stages;
      if (s.write_access && (s.read_access & req.access) != req.access) s.read_access |= req.access;
      return n;
    }
    n.needed = true;
    n.src_stages = s.write_stages | (layout_change ? s.read_stages : 0);
    n.src_access = s.write_access;
    n.dst_stages = req.stages;
    n.dst_access = req.access;
    if (layout_change) {
      // The transition is a write chained to this barrier's destination:
      // reads by other stages later must wait for it.
      s.write_stages = req.stages;
      s.write_access = VK_ACCESS_2_MEMORY_WRITE_BIT;
      s.read_stages = req.stages;
      s.read_access = req.access;
    } else {
      s.read_stages |= req.stages;
      s.read_access |= req.access;
    }
  } else {
    const bool first_use = s.write_stages == 0 && s.read_stages == 0;
    if (!layout_change && first_use) {
      s.write_stages = req.stages;
      s.write_access = req.access & kWriteAccessMask;
      return n;
    }
    n.needed = true;
    n.src_stages = s.write_stages | s.read_stages;
    n.src_access = s.write_access;  // reads need an execution dependency only
    n.dst_stages = req.stages;
    n.dst_access = req.access;
    s.write_stages = req.stages;
    s.write_access = req.access & kWriteAccessMask;
    s.read_stages = 0;
    s.read_access = 0;
  }
  if (n.src_stages == 0) n.src_stages = VK_PIPELINE_STAGE_2_NONE;
  n.old_layout = is_image ? s.layout : VK_IMAGE_LAYOUT_UNDEFINED;
  n.new_layout = is_image ? req.layout : VK_IMAGE_LAYOUT_UNDEFINED;
  if (is_image) s.layout = req.layout;
  return n;
}

}  // namespace brass::driver
