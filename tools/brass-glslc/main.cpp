// brass-glslc: compiles GLSL exactly as Brass does (validation with the
// application's version, upgrade, SPIR-V, reflection, binding layout),
// validates the SPIR-V, and prints the reflection or the info log. Also runs
// piglit .shader_test files and glslparsertest sources and reports whether
// Brass agrees with their expectation. Exit status 0 only when everything
// compiled / matched.
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "compiler/compiler.h"
#include "compiler/shader_cache.h"
#include "compiler/spirv_patch.h"
#include "piglit_formats.h"

using namespace brass;
using compiler::ShaderStage;

namespace {

struct Options {
  bool json = false;
  bool reflect = false;
  bool verbose = false;
  bool force_api = false;
  compiler::Api api = compiler::Api::GLES;
  std::string spirv_out;  // prefix: <prefix>.<stage>.spv per linked stage
  std::vector<std::string> files;
};

struct Verdict {
  std::string file;
  std::string kind;      // "shader_test", "parser_test", "glsl"
  std::string expected;  // "pass" / "fail" / "skip"
  std::string got;
  std::string log;
  bool matched = false;
};

bool read_file(const std::string& path, std::string* out) {
  std::ifstream f(path, std::ios::binary);
  if (!f) return false;
  std::stringstream ss;
  ss << f.rdbuf();
  *out = ss.str();
  return true;
}

std::string json_escape(const std::string& s) {
  std::string o;
  for (char c : s) {
    switch (c) {
      case '"': o += "\\\""; break;
      case '\\': o += "\\\\"; break;
      case '\n': o += "\\n"; break;
      case '\t': o += "\\t"; break;
      default:
        if (static_cast<unsigned char>(c) >= 0x80) {
          o += '?';  // logs may echo invalid UTF-8 from the source
        } else if (static_cast<unsigned char>(c) < 0x20) {
          char buf[8];
          std::snprintf(buf, sizeof(buf), "\\u%04x", c);
          o += buf;
        } else {
          o += c;
        }
    }
  }
  return o;
}

// Links and validates the SPIR-V for both Vulkan 1.2 and 1.3.
bool link_and_validate(const compiler::LinkInput& input, std::string* log, compiler::LinkResult* out = nullptr) {
  compiler::LinkResult r = compiler::link_program(input);
  *log += r.info_log;
  if (!r.ok) return false;
  for (const compiler::StageBinary& s : r.stages) {
    for (auto env : {compiler::VulkanEnv::Vulkan1_2, compiler::VulkanEnv::Vulkan1_3}) {
      std::string err;
      if (!compiler::validate_spirv(s.spirv, env, &err)) {
        *log += "spirv-val failed for stage " + std::to_string(static_cast<int>(s.stage)) + ": " + err;
        return false;
      }
    }
  }
  if (out) *out = std::move(r);
  return true;
}

bool has_main(const std::string& src) {
  size_t p = 0;
  while ((p = src.find("main", p)) != std::string::npos) {
    const bool before = p == 0 || !(std::isalnum(static_cast<unsigned char>(src[p - 1])) || src[p - 1] == '_');
    size_t q = p + 4;
    while (q < src.size() && std::isspace(static_cast<unsigned char>(src[q]))) ++q;
    if (before && q < src.size() && src[q] == '(') return true;
    p += 4;
  }
  return false;
}

Verdict run_shader_test(const std::string& path, const std::string& text) {
  Verdict v{path, "shader_test", "pass", "", "", false};
  std::string error;
  auto test = glslc::parse_shader_test(text, &error);
  if (!test) {
    v.expected = "skip";
    v.got = "skip";
    v.log = error;
    v.matched = true;
    return v;
  }
  v.expected = test->expect_link_success ? "pass" : "fail";
  if (test->has_unsupported_sections || test->duplicate_stage) {
    v.got = "skip";
    v.log = "unsupported shader sections (SPIR-V, assembly or several shaders per stage)";
    return v;
  }
  bool ok = true;
  for (const compiler::ShaderSource& s : test->shaders) {
    compiler::CompileOptions co;
    co.api = test->api;
    compiler::CompileResult c = compiler::compile_shader(s, co);
    if (!c.ok) {
      ok = false;
      v.log += c.info_log;
    }
  }
  if (ok) {
    compiler::LinkInput in;
    in.api = test->api;
    in.shaders = test->shaders;
    ok = link_and_validate(in, &v.log);
  }
  v.got = ok ? "pass" : "fail";
  v.matched = v.got == v.expected;
  return v;
}

Verdict run_parser_test(const std::string& path, const glslc::ParserTest& t) {
  Verdict v{path, "parser_test", t.expect_pass ? "pass" : "fail", "", "", false};
  compiler::CompileOptions co;
  co.api = t.api;
  compiler::CompileResult c = compiler::compile_shader({t.stage, t.source}, co);
  bool ok = c.ok;
  v.log = c.info_log;
  // A shader that compiles and has main() must also make valid SPIR-V;
  // with check_link the link verdict is the test's verdict.
  // Geometry and tessellation layouts may come from another shader of the
  // same stage, so those are only linked alone when the test asks for it.
  const bool standalone = t.stage == ShaderStage::Vertex || t.stage == ShaderStage::Fragment ||
                          t.stage == ShaderStage::Compute;
  if (ok && (t.check_link || (standalone && has_main(t.source)))) {
    compiler::LinkInput in;
    in.api = t.api;
    in.separable = true;
    in.shaders.push_back({t.stage, t.source});
    std::string log;
    const bool linked = link_and_validate(in, &log);
    if (!linked) {
      v.log += log;
      // Without check_link only the compile status counts for the piglit
      // verdict, but a failure to make SPIR-V is Brass's failure.
      ok = false;
    }
  }
  v.got = ok ? "pass" : "fail";
  v.matched = v.got == v.expected;
  return v;
}

const char* stage_name(ShaderStage s) {
  static const char* names[] = {"vertex", "tess_control", "tess_eval", "geometry", "fragment", "compute"};
  return names[static_cast<int>(s)];
}

const char* kind_name(compiler::DescriptorKind k) {
  switch (k) {
    case compiler::DescriptorKind::UniformBuffer: return "uniform_buffer";
    case compiler::DescriptorKind::CombinedImageSampler: return "combined_image_sampler";
    case compiler::DescriptorKind::UniformTexelBuffer: return "uniform_texel_buffer";
    case compiler::DescriptorKind::StorageBuffer: return "storage_buffer";
    case compiler::DescriptorKind::StorageImage: return "storage_image";
    case compiler::DescriptorKind::StorageTexelBuffer: return "storage_texel_buffer";
    case compiler::DescriptorKind::AtomicCounterBuffer: return "atomic_counter_buffer";
    case compiler::DescriptorKind::FramebufferFetch: return "framebuffer_fetch";
  }
  return "?";
}

void print_reflection(const compiler::LinkResult& r) {
  const compiler::ProgramInterface& pi = r.interface;
  std::printf("default block: %u bytes, %u uniform locations\n", pi.default_block_size, pi.uniform_location_count);
  for (size_t i = 0; i < pi.uniforms.size(); ++i) {
    const compiler::Uniform& u = pi.uniforms[i];
    std::printf("uniform %zu: %s type=0x%04X size=%d block=%d offset=%d array_stride=%d matrix_stride=%d location=%d stages=0x%x%s\n",
                i, u.name.c_str(), u.type, u.array_size, u.block_index, u.offset, u.array_stride, u.matrix_stride,
                u.location, u.stages, u.is_sampler ? " sampler" : u.is_image ? " image" : u.atomic_buffer_index >= 0 ? " atomic" : "");
  }
  for (size_t i = 0; i < pi.uniform_blocks.size(); ++i)
    std::printf("uniform block %zu: %s size=%d binding=%d stages=0x%x\n", i, pi.uniform_blocks[i].name.c_str(),
                pi.uniform_blocks[i].data_size, pi.uniform_blocks[i].initial_binding, pi.uniform_blocks[i].stages);
  for (size_t i = 0; i < pi.storage_blocks.size(); ++i)
    std::printf("storage block %zu: %s size=%d binding=%d stages=0x%x\n", i, pi.storage_blocks[i].name.c_str(),
                pi.storage_blocks[i].data_size, pi.storage_blocks[i].initial_binding, pi.storage_blocks[i].stages);
  for (size_t i = 0; i < pi.atomic_counter_buffers.size(); ++i)
    std::printf("atomic counter buffer %zu: binding=%d size=%d stages=0x%x\n", i, pi.atomic_counter_buffers[i].binding,
                pi.atomic_counter_buffers[i].data_size, pi.atomic_counter_buffers[i].stages);
  for (const compiler::BufferVariable& b : pi.buffer_variables)
    std::printf("buffer variable: %s type=0x%04X block=%d offset=%d\n", b.name.c_str(), b.type, b.block_index, b.offset);
  for (const compiler::InterfaceVariable& a : pi.attributes)
    std::printf("attribute: %s type=0x%04X size=%d location=%d\n", a.name.c_str(), a.type, a.array_size, a.location);
  for (const compiler::InterfaceVariable& o : pi.fragment_outputs)
    std::printf("fragment output: %s type=0x%04X location=%d index=%d\n", o.name.c_str(), o.type, o.location, o.index);
  for (const compiler::Binding& b : pi.bindings)
    std::printf("binding: set=%u binding=%u kind=%s count=%u slot=%u stages=0x%x\n", b.set, b.binding,
                kind_name(b.kind), b.array_count, b.slot, b.stages);
  for (const compiler::StageBinary& s : r.stages)
    std::printf("spirv %s: %zu words\n", stage_name(s.stage), s.spirv.size());
}

// Writes each linked stage's final SPIR-V (after Brass's rewrites, as the
// driver receives it) to <prefix>.<stage>.spv, for spirv-dis.
bool write_spirv(const std::string& prefix, const compiler::LinkResult& r) {
  for (const compiler::StageBinary& s : r.stages) {
    const std::string path = prefix + "." + stage_name(s.stage) + ".spv";
    std::ofstream f(path, std::ios::binary);
    f.write(reinterpret_cast<const char*>(s.spirv.data()), static_cast<std::streamsize>(s.spirv.size() * 4));
    if (!f) {
      std::fprintf(stderr, "brass-glslc: cannot write %s\n", path.c_str());
      return false;
    }
  }
  return true;
}

void usage() {
  std::fprintf(stderr,
               "usage: brass-glslc [--json] [--reflect] [--verbose] [--no-cache] [--api es|gl] [--spirv-out PREFIX] FILE...\n"
               "  FILE: .shader_test, a piglit glslparsertest source (.vert/.frag/... with [config]),\n"
               "        or plain GLSL stages (.vert .tesc .tese .geom .frag .comp) linked as one program.\n"
               "  --spirv-out PREFIX: write the linked stages' SPIR-V to PREFIX.<stage>.spv.\n");
}

}  // namespace

int main(int argc, char** argv) {
  Options opt;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--json") opt.json = true;
    else if (a == "--reflect") opt.reflect = true;
    else if (a == "--verbose" || a == "-v") opt.verbose = true;
    else if (a == "--no-cache") compiler::ShaderCache::process_cache().set_enabled(false);
    else if (a == "--spirv-out" && i + 1 < argc) opt.spirv_out = argv[++i];
    else if (a == "--api" && i + 1 < argc) {
      opt.force_api = true;
      opt.api = std::strcmp(argv[++i], "gl") == 0 ? compiler::Api::GL : compiler::Api::GLES;
    } else if (a == "--help" || a == "-h") {
      usage();
      return 0;
    } else {
      opt.files.push_back(a);
    }
  }
  if (opt.files.empty()) {
    usage();
    return 2;
  }
  compiler::warm_up();

  std::vector<Verdict> verdicts;
  compiler::LinkInput plain;
  std::vector<std::string> plain_files;
  for (const std::string& path : opt.files) {
    std::string text;
    if (!read_file(path, &text)) {
      verdicts.push_back({path, "io", "pass", "fail", "cannot read file", false});
      continue;
    }
    if (path.size() > 12 && path.compare(path.size() - 12, 12, ".shader_test") == 0) {
      verdicts.push_back(run_shader_test(path, text));
      continue;
    }
    std::string error;
    if (text.find("[config]") != std::string::npos) {
      if (auto t = glslc::parse_parser_test(path, text, &error)) {
        verdicts.push_back(run_parser_test(path, *t));
        continue;
      }
    }
    auto stage = glslc::stage_from_extension(path);
    if (!stage) {
      verdicts.push_back({path, "io", "pass", "fail", "unknown file type", false});
      continue;
    }
    plain.shaders.push_back({*stage, text});
    plain_files.push_back(path);
  }

  int status = 0;
  if (!plain.shaders.empty()) {
    // API: explicit flag, else ES when the first shader says so.
    const std::string& first = plain.shaders.front().text;
    plain.api = opt.force_api ? opt.api
                : (first.find("#version 100") != std::string::npos || first.find(" es") != std::string::npos ||
                   first.find("#version") == std::string::npos)
                    ? compiler::Api::GLES
                    : compiler::Api::GL;
    bool ok = true;
    for (size_t i = 0; i < plain.shaders.size(); ++i) {
      compiler::CompileOptions co;
      co.api = plain.api;
      compiler::CompileResult c = compiler::compile_shader(plain.shaders[i], co);
      if (!c.ok || !c.info_log.empty()) std::printf("%s:\n%s", plain_files[i].c_str(), c.info_log.c_str());
      ok = ok && c.ok;
    }
    if (ok) {
      std::string log;
      compiler::LinkResult r;
      ok = link_and_validate(plain, &log, &r);
      if (!log.empty()) std::printf("link:\n%s", log.c_str());
      if (ok && (opt.reflect || !opt.json)) print_reflection(r);
      if (ok && !opt.spirv_out.empty() && !write_spirv(opt.spirv_out, r)) ok = false;
    }
    if (!ok) status = 1;
  }

  size_t matched = 0;
  for (const Verdict& v : verdicts) {
    matched += v.matched;
    if (!opt.json) {
      std::printf("%s %s (expected %s, got %s)\n", v.matched ? "MATCH" : "MISMATCH", v.file.c_str(),
                  v.expected.c_str(), v.got.c_str());
      if ((opt.verbose || !v.matched) && !v.log.empty()) std::printf("%s", v.log.c_str());
    }
  }
  if (opt.json) {
    std::printf("{\"total\": %zu, \"matched\": %zu, \"results\": [\n", verdicts.size(), matched);
    for (size_t i = 0; i < verdicts.size(); ++i) {
      const Verdict& v = verdicts[i];
      std::printf("  {\"file\": \"%s\", \"kind\": \"%s\", \"expected\": \"%s\", \"got\": \"%s\", \"matched\": %s, \"log\": \"%s\"}%s\n",
                  json_escape(v.file).c_str(), v.kind.c_str(), v.expected.c_str(), v.got.c_str(),
                  v.matched ? "true" : "false", json_escape(v.log).c_str(), i + 1 < verdicts.size() ? "," : "");
    }
    std::printf("]}\n");
  } else if (!verdicts.empty()) {
    std::printf("%zu/%zu matched\n", matched, verdicts.size());
  }
  if (matched != verdicts.size()) status = 1;
  return status;
}
