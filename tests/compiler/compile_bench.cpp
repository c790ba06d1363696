// compiler_bench: compile+link time per program, without and with the disk
// cache. Not run by ctest.
#include <benchmark/benchmark.h>
#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "compiler/compiler.h"
#include "compiler/shader_cache.h"

namespace {

using namespace brass::compiler;

std::string read_text(const std::string& path) {
  std::ifstream f(path);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

LinkInput program(const char* stem, Api api) {
  const std::string base = std::string(BRASS_COMPILER_CORPUS_DIR) + "/" + stem;
  LinkInput in;
  in.api = api;
  in.shaders = {{ShaderStage::Vertex, read_text(base + ".vert")}, {ShaderStage::Fragment, read_text(base + ".frag")}};
  return in;
}

// Cold: every iteration links a source the cache has never seen (a unique
// comment defeats it), so this is glslang + reflection + SPIR-V patching.
void BM_LinkCold(benchmark::State& state, const char* stem, Api api) {
  warm_up();
  LinkInput in = program(stem, api);
  const std::string fs = in.shaders[1].text;
  static std::atomic<uint64_t> counter{0};
  for (auto _ : state) {
    in.shaders[1].text = fs + "\n// " + std::to_string(::getpid()) + "-" + std::to_string(counter++) + "\n";
    LinkResult r = link_program(in);
    if (!r.ok) state.SkipWithError(r.info_log.c_str());
    benchmark::DoNotOptimize(r);
  }
}

// Warm: the program comes from the disk cache (read + checksum + decode).
void BM_LinkWarmCache(benchmark::State& state, const char* stem, Api api) {
  const std::filesystem::path dir = std::filesystem::temp_directory_path() / ("brass-bench-" + std::to_string(::getpid()));
  ShaderCache cache(dir.string(), true);
  const LinkInput in = program(stem, api);
  const CacheKey key = make_cache_key(in);
  cache.store(key, link_program(in));
  for (auto _ : state) {
    auto r = cache.load(make_cache_key(in));
    if (!r) state.SkipWithError("cache miss");
    benchmark::DoNotOptimize(r);
  }
  std::filesystem::remove_all(dir);
}

BENCHMARK_CAPTURE(BM_LinkCold, es100_basic, "es100_basic", Api::GLES)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_LinkCold, es310_uniform_types, "es310_uniform_types", Api::GLES)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_LinkCold, gl140_blocks, "gl140_blocks", Api::GL)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_LinkWarmCache, es100_basic, "es100_basic", Api::GLES)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_LinkWarmCache, es310_uniform_types, "es310_uniform_types", Api::GLES)->Unit(benchmark::kMicrosecond);

}  // namespace

BENCHMARK_MAIN();
