#include "stats.h"

#include <algorithm>
#include <cmath>

namespace bench {

double percentile(std::vector<double> values, double p) {
  if (values.empty()) return 0;
  std::sort(values.begin(), values.end());
  // Nearest rank: the smallest value with at least p of the list at or below it.
  const double rank = std::ceil(p * static_cast<double>(values.size()));
  const size_t i = rank < 1 ? 0 : static_cast<size_t>(rank) - 1;
  return values[std::min(i, values.size() - 1)];
}

std::vector<Metric> per_draw_metrics(const std::vector<double>& frame_s, const std::vector<double>& submit_s,
                                     int draws) {
  const double per_draw_ns = 1e9 / draws;
  const double median = percentile(frame_s, 0.5) * per_draw_ns;
  return {{"ns_per_draw", median},
          {"submit_ns_per_draw", percentile(submit_s, 0.5) * per_draw_ns},
          {"ns_per_draw_min", percentile(frame_s, 0.0) * per_draw_ns},
          {"draws_per_s", 1e9 / median},
          {"frames", static_cast<double>(frame_s.size())},
          {"draws_per_frame", static_cast<double>(draws)}};
}

}  // namespace bench
