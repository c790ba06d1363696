// Summaries of measured times. Frames are timed one by one and reduced by
// median, not by mean: on a shared machine, or with a software rasterizer
// whose threads compete with the application, a few frames can take several
// times longer than the rest, and a mean would report the interruptions.
#pragma once

#include <vector>

#include "bench.h"

namespace bench {

// p in [0, 1]; nearest-rank on a sorted copy. 0 for an empty list.
double percentile(std::vector<double> values, double p);

// Per-draw figures from per-frame times in seconds (whole frame including
// the finish, and its submission part), each frame `draws` draws:
// ns_per_draw and submit_ns_per_draw (median frame), ns_per_draw_min (best
// frame), draws_per_s (from the median), frames, draws_per_frame.
std::vector<Metric> per_draw_metrics(const std::vector<double>& frame_s, const std::vector<double>& submit_s,
                                     int draws);

}  // namespace bench
