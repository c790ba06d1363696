// What every brass-bench scene shares: the command-line options a scene
// reads, the result record it fills, and the clock. Scenes are plain
// functions over GLES 3 with a current context; they know nothing of the EGL
// vendor underneath, so the same binary measures Brass, Mesa or a native
// driver.
#pragma once

#include <chrono>
#include <string>
#include <vector>

namespace bench {

using Clock = std::chrono::steady_clock;

inline double seconds_between(Clock::time_point a, Clock::time_point b) {
  return std::chrono::duration<double>(b - a).count();
}

struct Options {
  int frames = 0;        // measured frames; 0: the scene's default
  int draws = 0;         // draws per frame (draw-overhead, streaming); 0: default
  int programs = 0;      // new programs per frame (shader-storm, separable-storm); 0: default
  int size = 0;          // render target edge in pixels (fill); 0: default
  std::string variant;   // run only this variant; empty: all
  // Self-test of the frame checks (frame_check.h): the checked frame leaves
  // out its last draw, so every scene must report a wrong frame and fail.
  bool drop_last_draw = false;
};

struct Metric {
  std::string name;  // unit in the name: ns_per_draw, frames_per_s, ...
  double value;
};

struct Result {
  std::string variant;
  std::vector<Metric> metrics;
};

// A scene appends one Result per variant it ran. On failure (GL error,
// incomplete framebuffer, shader that does not link) it returns false with
// the reason in *why; results so far are not reported.
using SceneFn = bool (*)(const Options&, std::vector<Result>*, std::string* why);

struct Scene {
  const char* name;
  const char* summary;
  SceneFn run;
  std::vector<const char*> variants;
};

bool run_draw_overhead(const Options&, std::vector<Result>*, std::string* why);
bool run_streaming(const Options&, std::vector<Result>*, std::string* why);
bool run_shader_storm(const Options&, std::vector<Result>*, std::string* why);
bool run_separable_storm(const Options&, std::vector<Result>*, std::string* why);
bool run_fill(const Options&, std::vector<Result>*, std::string* why);

// Every scene, in the order `--scene all` runs them.
const std::vector<Scene>& scenes();

}  // namespace bench
