// brass-bench: GLES 3 micro-benchmarks that use only EGL and GLES, so the
// same binary measures whichever EGL vendor glvnd loads (Brass through
// tools/brass-run or __EGL_VENDOR_LIBRARY_FILENAMES, Mesa, a native driver).
// See docs/performance.md and tools/bench/compare.
//   brass-bench --scene NAME|all [--variant V] [--json] [--frames N]
//               [--draws N] [--programs N] [--size N]
//               [--platform surfaceless|device] [--drop-last-draw]
// Every scene checks the pixels of its last frame (frame_check.h) and fails
// on a wrong one; --drop-last-draw leaves one draw out of that frame, so
// every scene must fail (the self-test of the checks).
//   brass-bench --list
#include <GLES3/gl3.h>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "bench.h"
#include "egl_context.h"
#include "json_writer.h"

namespace bench {

const std::vector<Scene>& scenes() {
  static const std::vector<Scene> all = {
      {"draw-overhead", "ns per tiny draw, after a state change of each kind", run_draw_overhead,
       {"no-change", "uniform", "texture", "vertex-buffer", "program", "framebuffer"}},
      {"streaming", "ns per draw that rewrites its vertex buffer first", run_streaming,
       {"buffer-data", "map-invalidate", "buffer-subdata"}},
      {"shader-storm", "first-draw latency of never-seen programs, worst frame", run_shader_storm,
       {"new-programs"}},
      {"separable-storm", "first-draw latency of new program pipelines of never-seen separable stages",
       run_separable_storm, {"new-pipelines"}},
      {"fill", "GPU-bound blended, textured full-screen quads", run_fill, {"blended-quads"}},
  };
  return all;
}

}  // namespace bench

namespace {

struct Args {
  std::string scene;
  bool json = false;
  bool list = false;
  bench::EglContext::Platform platform = bench::EglContext::Platform::Any;
  bench::Options opt;
};

bool parse_int(const char* v, int* out) {
  if (!v) return false;
  char* end = nullptr;
  const long n = std::strtol(v, &end, 10);
  if (*end != '\0' || n <= 0 || n > 100000000) return false;
  *out = static_cast<int>(n);
  return true;
}

bool parse_args(int argc, char** argv, Args* a) {
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    const char* v = i + 1 < argc ? argv[i + 1] : nullptr;
    if (arg == "--scene" && v) {
      a->scene = v;
      ++i;
    } else if (arg == "--variant" && v) {
      a->opt.variant = v;
      ++i;
    } else if (arg == "--platform" && v) {
      const std::string p = v;
      if (p == "surfaceless") {
        a->platform = bench::EglContext::Platform::Surfaceless;
      } else if (p == "device") {
        a->platform = bench::EglContext::Platform::Device;
      } else {
        return false;
      }
      ++i;
    } else if (arg == "--json") {
      a->json = true;
    } else if (arg == "--drop-last-draw") {
      a->opt.drop_last_draw = true;
    } else if (arg == "--list") {
      a->list = true;
    } else if (arg == "--frames") {
      if (!parse_int(v, &a->opt.frames)) return false;
      ++i;
    } else if (arg == "--draws") {
      if (!parse_int(v, &a->opt.draws)) return false;
      ++i;
    } else if (arg == "--programs") {
      if (!parse_int(v, &a->opt.programs)) return false;
      ++i;
    } else if (arg == "--size") {
      if (!parse_int(v, &a->opt.size)) return false;
      ++i;
    } else {
      return false;
    }
  }
  return a->list || !a->scene.empty();
}

const char* gl_string(GLenum name) {
  const auto* s = reinterpret_cast<const char*>(glGetString(name));
  return s ? s : "";
}

void print_text(const std::string& scene, const std::vector<bench::Result>& results) {
  for (const auto& r : results) {
    std::printf("%-14s %-15s", scene.c_str(), r.variant.c_str());
    for (const auto& m : r.metrics) std::printf("  %s=%.6g", m.name.c_str(), m.value);
    std::printf("\n");
  }
}

}  // namespace

int main(int argc, char** argv) {
  Args args;
  if (!parse_args(argc, argv, &args)) {
    std::fprintf(stderr,
                 "usage: brass-bench --scene NAME|all [--variant V] [--json] [--frames N] [--draws N]\n"
                 "                   [--programs N] [--size N] [--platform surfaceless|device]\n"
                 "                   [--drop-last-draw]\n"
                 "       brass-bench --list\n");
    return 2;
  }
  if (args.list) {
    for (const auto& s : bench::scenes()) {
      std::printf("%-14s %s\n", s.name, s.summary);
      for (const char* v : s.variants) std::printf("    %s\n", v);
    }
    return 0;
  }
  std::vector<const bench::Scene*> chosen;
  for (const auto& s : bench::scenes()) {
    if (args.scene == "all" || args.scene == s.name) chosen.push_back(&s);
  }
  if (chosen.empty()) {
    std::fprintf(stderr, "brass-bench: no scene '%s' (--list shows them)\n", args.scene.c_str());
    return 2;
  }
  bench::EglContext egl;
  std::string why;
  if (!egl.init(args.platform, &why)) {
    std::fprintf(stderr, "brass-bench: %s\n", why.c_str());
    return 1;
  }
  const std::string renderer = gl_string(GL_RENDERER);
  const std::string version = gl_string(GL_VERSION);
  const std::string vendor = gl_string(GL_VENDOR);
  if (!args.json) {
    std::printf("GL_RENDERER: %s\nGL_VERSION: %s\nEGL platform: %s\n", renderer.c_str(), version.c_str(),
                egl.platform_name());
  }

  bench::JsonWriter json;
  json.begin_object();
  json.key("driver").string(renderer);
  json.key("gl_vendor").string(vendor);
  json.key("gl_version").string(version);
  json.key("egl_platform").string(egl.platform_name());
  json.key("results").begin_array();
  int status = 0;
  for (const bench::Scene* s : chosen) {
    std::vector<bench::Result> results;
    if (!s->run(args.opt, &results, &why)) {
      std::fprintf(stderr, "brass-bench: scene %s failed: %s\n", s->name, why.c_str());
      status = 1;
      break;
    }
    if (!args.json) print_text(s->name, results);
    for (const auto& r : results) {
      json.begin_object();
      json.key("scene").string(s->name);
      json.key("variant").string(r.variant);
      json.key("driver").string(renderer);
      json.key("metrics").begin_object();
      for (const auto& m : r.metrics) json.key(m.name).number(m.value);
      json.end_object();
      json.end_object();
    }
  }
  json.end_array();
  json.end_object();
  if (args.json && status == 0) std::printf("%s\n", json.str().c_str());
  return status;
}
