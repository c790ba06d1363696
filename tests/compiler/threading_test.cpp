// Several threads compiling and linking at once get the same results as one.
#include <thread>

#include "test_helpers.h"

namespace brass::compiler::test {
namespace {

TEST(Threading, EightThreadsCompileAndLinkConcurrently) {
  warm_up();
  std::vector<LinkInput> programs;
  for (const char* stem : {"es100_basic", "es300_basic", "es310_structs", "es310_uniform_types", "gl140_blocks", "gl330_locations"}) {
    LinkInput in;
    const std::string base = std::string(BRASS_COMPILER_CORPUS_DIR) + "/" + stem;
    in.api = stem[0] == 'e' ? Api::GLES : Api::GL;
    in.shaders = {{ShaderStage::Vertex, read_text(base + ".vert")}, {ShaderStage::Fragment, read_text(base + ".frag")}};
    programs.push_back(std::move(in));
  }
  std::vector<LinkResult> reference;
  for (const LinkInput& in : programs) reference.push_back(link_program(in));
  for (const LinkResult& r : reference) { ASSERT_TRUE(r.ok) << r.info_log; }

  constexpr int kThreads = 8;
  std::vector<std::thread> threads;
  std::vector<int> failures(kThreads, 0);
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      for (int round = 0; round < 3; ++round) {
        for (size_t i = 0; i < programs.size(); ++i) {
          const size_t p = (i + static_cast<size_t>(t)) % programs.size();
          const LinkResult r = link_program(programs[p]);
          if (!r.ok || r.stages != reference[p].stages || !(r.interface == reference[p].interface)) failures[t]++;
          CompileOptions o;
          o.api = programs[p].api;
          if (!compile_shader(programs[p].shaders[1], o).ok) failures[t]++;
          // A bad shader in the mix must not disturb the others.
          if (compile_shader({ShaderStage::Vertex, "#version 100\nvoid main() { oops }\n"}).ok) failures[t]++;
        }
      }
    });
  }
  for (std::thread& th : threads) th.join();
  for (int t = 0; t < kThreads; ++t) { EXPECT_EQ(failures[t], 0) << "thread " << t; }
}

}  // namespace
}  // namespace brass::compiler::test
