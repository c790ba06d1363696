// Every program of the corpus (tests/compiler/corpus: ES 1.00-3.20, GLSL
// 1.10-4.60) compiles, links, and produces SPIR-V valid for Vulkan 1.2/1.3.
#include <set>

#include "test_helpers.h"

namespace brass::compiler::test {
namespace {

struct CorpusProgram {
  std::string name;
  std::vector<ShaderSource> shaders;
  Api api;
};

std::vector<CorpusProgram> load_corpus() {
  std::map<std::string, CorpusProgram> programs;
  for (const auto& entry : std::filesystem::directory_iterator(BRASS_COMPILER_CORPUS_DIR)) {
    const std::filesystem::path p = entry.path();
    const std::string ext = p.extension().string();
    ShaderStage stage;
    if (ext == ".vert") stage = ShaderStage::Vertex;
    else if (ext == ".tesc") stage = ShaderStage::TessControl;
    else if (ext == ".tese") stage = ShaderStage::TessEval;
    else if (ext == ".geom") stage = ShaderStage::Geometry;
    else if (ext == ".frag") stage = ShaderStage::Fragment;
    else if (ext == ".comp") stage = ShaderStage::Compute;
    else continue;
    CorpusProgram& prog = programs[p.stem().string()];
    prog.name = p.stem().string();
    prog.api = prog.name.rfind("es", 0) == 0 ? Api::GLES : Api::GL;
    prog.shaders.push_back({stage, read_text(p)});
  }
  std::vector<CorpusProgram> out;
  for (auto& [name, prog] : programs) out.push_back(std::move(prog));
  return out;
}

TEST(Corpus, EveryProgramCompilesLinksAndValidates) {
  const std::vector<CorpusProgram> corpus = load_corpus();
  ASSERT_GE(corpus.size(), 20u);
  std::set<std::string> versions_seen;
  for (const CorpusProgram& prog : corpus) {
    for (const ShaderSource& s : prog.shaders) {
      CompileOptions options;
      options.api = prog.api;
      const CompileResult c = compile_shader(s, options);
      EXPECT_TRUE(c.ok) << prog.name << ": " << c.info_log;
      versions_seen.insert(std::to_string(c.version) + (c.es ? "es" : ""));
    }
    const LinkResult r = link(prog.api, prog.shaders);
    ASSERT_TRUE(r.ok) << prog.name << ": " << r.info_log;
    EXPECT_EQ(r.stages.size(), prog.shaders.size()) << prog.name;
    expect_valid_spirv(r, prog.name);
  }
  for (const char* v : {"100es", "300es", "310es", "320es", "110", "120", "130", "140", "150", "330", "400",
                        "410", "420", "430", "440", "450", "460"})
    EXPECT_TRUE(versions_seen.count(v)) << "corpus lacks GLSL " << v;
}

}  // namespace
}  // namespace brass::compiler::test
