#include "driver/batch/submit_reason.h"

#include "util/stats.h"

namespace brass::driver {

namespace {
StatCounter g_submit[] = {
    StatCounter("submit.flush"),    StatCounter("submit.fence"), StatCounter("submit.readback"),
    StatCounter("submit.swap"),     StatCounter("submit.limit"), StatCounter("submit.destroy"),
};
static_assert(sizeof(g_submit) / sizeof(g_submit[0]) == static_cast<size_t>(SubmitReason::Count));
StatCounter g_submit_total("submit.total");
}  // namespace

const char* to_string(SubmitReason r) {
  switch (r) {
    case SubmitReason::Flush: return "flush";
    case SubmitReason::Fence: return "fence";
    case SubmitReason::Readback: return "readback";
    case SubmitReason::Swap: return "swap";
    case SubmitReason::Limit: return "limit";
    case SubmitReason::Destroy: return "destroy";
    case SubmitReason::Count: break;
  }
  return "?";
}

void count_submit(SubmitReason r) {
  g_submit[static_cast<size_t>(r)].add();
  g_submit_total.add();
}

}  // namespace brass::driver
