#include "compiler/es_builtin_standins.h"

#include <array>
#include <cstring>
#include <iterator>
#include <map>

#include "compiler/glsl_lexer.h"
#include "compiler/spec_constants.h"
#include "compiler/spirv_module.h"

namespace brass::compiler {

namespace {

// Where a token stream is: at a line start, inside a preprocessor directive,
// and (once known) where the first line that is not a directive begins.
struct LineTracker {
  bool line_start = true;
  bool in_directive = false;
  size_t first_code = std::string::npos;  // offset in the output of the first non-directive line

  // Call before the token's text is appended to `out`.
  void see(const Token& t, const std::string& out) {
    if (t.kind == TokenKind::Newline) {
      line_start = true;
      in_directive = false;
      return;
    }
    if (t.kind == TokenKind::Space) return;
    if (line_start && t.text == "#") in_directive = true;
    if (line_start && !in_directive && first_code == std::string::npos) first_code = out.size();
    line_start = false;
  }
};

size_t skip_space(const std::vector<Token>& t, size_t i) {
  while (i < t.size() && (t[i].kind == TokenKind::Space || t[i].kind == TokenKind::Newline)) ++i;
  return i;
}

struct StandIn {
  std::string_view builtin_name;  // gl_ClipDistance
  const char* standin_name;       // brass_ClipDistance
  std::string_view extension;
  int min_version;                // ESSL version the extension needs
  const char* type;               // declared type; `array` adds [kMaxClipDistances]
  bool array;
  bool integer;                   // fragment inputs need `flat`
  spv::BuiltIn builtin;
  spv::Capability capability;
};

constexpr StandIn kStandIns[] = {
    {"gl_ClipDistance", kClipDistanceName, "GL_EXT_clip_cull_distance", 300, "highp float", true, false,
     spv::BuiltInClipDistance, spv::CapabilityClipDistance},
    {"gl_CullDistance", kCullDistanceName, "GL_EXT_clip_cull_distance", 300, "highp float", true, false,
     spv::BuiltInCullDistance, spv::CapabilityCullDistance},
    {"gl_ViewportIndex", kViewportIndexName, "GL_OES_viewport_array", 310, "highp int", false, true,
     spv::BuiltInViewportIndex, spv::CapabilityMultiViewport},
};

// `#extension NAME : enable|require|warn`.
bool enables_extension(const std::vector<Token>& t, std::string_view extension) {
  bool line_start = true;
  for (size_t i = 0; i < t.size(); ++i) {
    if (t[i].kind == TokenKind::Newline) {
      line_start = true;
      continue;
    }
    if (t[i].kind == TokenKind::Space) continue;
    if (line_start && t[i].text == "#") {
      size_t k = skip_space(t, i + 1);
      if (k < t.size() && t[k].text == "extension") {
        k = skip_space(t, k + 1);
        if (k < t.size() && t[k].text == extension) {
          k = skip_space(t, k + 1);
          if (k < t.size() && t[k].text == ":") k = skip_space(t, k + 1);
          if (k < t.size() && t[k].text != "disable") return true;
        }
      }
    }
    line_start = false;
  }
  return false;
}

}  // namespace

bool is_builtin_standin(std::string_view name) {
  for (const StandIn& s : kStandIns)
    if (name == s.standin_name) return true;
  return false;
}

namespace {

// glslang declares gl_SampleMask and gl_SampleMaskIn without a size, so
// that .length() on them fails to compile; GLSL ES 3.20 gives them
// ceil(gl_MaxSamples / 32) elements, which the call becomes.
std::string size_sample_mask_lengths(std::string_view text) {
  const std::vector<Token> tokens = lex(text);
  std::string body;
  body.reserve(text.size());
  for (size_t i = 0; i < tokens.size(); ++i) {
    const Token& t = tokens[i];
    if (t.kind == TokenKind::Identifier && (t.text == "gl_SampleMask" || t.text == "gl_SampleMaskIn")) {
      size_t j = skip_space(tokens, i + 1);
      const bool dot = j < tokens.size() && tokens[j].text == ".";
      const size_t name = dot ? skip_space(tokens, j + 1) : tokens.size();
      const size_t open = name < tokens.size() && tokens[name].text == "length" ? skip_space(tokens, name + 1)
                                                                                : tokens.size();
      const size_t close = open < tokens.size() && tokens[open].text == "(" ? skip_space(tokens, open + 1)
                                                                             : tokens.size();
      if (close < tokens.size() && tokens[close].text == ")") {
        body += "((gl_MaxSamples + 31) / 32)";
        i = close;
        continue;
      }
    }
    body += t.text;
  }
  return body;
}

}  // namespace

std::string rewrite_es_builtin_standins(std::string_view text, ShaderStage stage, const GlslVersion& version,
                                        const std::vector<std::string>& unexposed) {
  if (!version.es || version.number < 300 || stage == ShaderStage::Compute) return std::string(text);
  if (stage == ShaderStage::Fragment && text.find("gl_SampleMask") != std::string_view::npos &&
      text.find("length") != std::string_view::npos) {
    const std::string sized = size_sample_mask_lengths(text);
    // The sized text has no such call left: this recursion ends there.
    if (sized != text) return rewrite_es_builtin_standins(sized, stage, version, unexposed);
  }
  const std::vector<Token> tokens = lex(text);
  std::array<bool, std::size(kStandIns)> enabled{}, used{}, redeclared{};
  bool any = false;
  for (size_t i = 0; i < std::size(kStandIns); ++i) {
    bool hidden = false;
    for (const std::string& u : unexposed) hidden = hidden || u == kStandIns[i].extension;
    enabled[i] = !hidden && version.number >= kStandIns[i].min_version &&
                 enables_extension(tokens, kStandIns[i].extension);
    any = any || enabled[i];
  }
  if (!any) return std::string(text);

  std::string body;
  body.reserve(text.size() + 64);
  LineTracker lines;
  const std::string_view* prev_significant = nullptr;
  for (const Token& t : tokens) {
    lines.see(t, body);
    if (t.kind == TokenKind::Newline) {
      body += t.text;
      continue;
    }
    bool replaced = false;
    if (t.kind == TokenKind::Identifier) {
      for (size_t i = 0; i < std::size(kStandIns); ++i) {
        if (!enabled[i] || t.text != kStandIns[i].builtin_name) continue;
        used[i] = true;
        // `out float gl_ClipDistance[N];`: the application declares it.
        if (prev_significant && (*prev_significant == "float" || *prev_significant == "int")) redeclared[i] = true;
        body += kStandIns[i].standin_name;
        replaced = true;
      }
    }
    if (!replaced) body += t.text;
    if (t.kind != TokenKind::Space && t.kind != TokenKind::Newline) prev_significant = &t.text;
  }
  std::string decls;
  for (size_t i = 0; i < std::size(kStandIns); ++i) {
    if (!used[i] || redeclared[i]) continue;
    const StandIn& s = kStandIns[i];
    const bool input = stage == ShaderStage::Fragment;
    decls += std::string(input && s.integer ? "flat in " : input ? "in " : "out ") + s.type + " " + s.standin_name;
    if (s.array) decls += "[" + std::to_string(kMaxClipDistances) + "]";
    decls += "; ";
  }
  if (decls.empty()) return std::string(text);
  body.insert(lines.first_code == std::string::npos ? body.size() : lines.first_code, decls);
  return body;
}

namespace {

std::map<uint32_t, std::string> names_of(const SpirvModule& m) {
  std::map<uint32_t, std::string> names;
  for (const SpirvInstruction& inst : m.instructions) {
    if (inst.opcode() != spv::OpName || inst.operand_count() < 2) continue;
    const char* text = reinterpret_cast<const char*>(inst.words.data() + 2);
    names[inst.operand(0)] = std::string(text, strnlen(text, (inst.words.size() - 2) * 4));
  }
  return names;
}

}  // namespace

bool patch_builtin_standins(std::vector<uint32_t>& spirv) {
  auto module = SpirvModule::parse(spirv);
  if (!module) return false;
  SpirvModule& m = *module;
  std::map<uint32_t, const StandIn*> builtins;
  for (const auto& [id, name] : names_of(m))
    for (const StandIn& s : kStandIns)
      if (name == s.standin_name) builtins[id] = &s;
  if (builtins.empty()) return false;
  std::vector<SpirvInstruction> kept;
  kept.reserve(m.instructions.size());
  for (SpirvInstruction& inst : m.instructions) {
    // Interface decorations of the stand-ins go; the built-in replaces them.
    if (inst.opcode() == spv::OpDecorate && inst.operand_count() >= 2 && builtins.count(inst.operand(0)) &&
        (inst.operand(1) == spv::DecorationLocation || inst.operand(1) == spv::DecorationComponent))
      continue;
    kept.push_back(std::move(inst));
  }
  m.instructions = std::move(kept);
  for (const auto& [id, s] : builtins) {
    m.insert_annotation(SpirvModule::make(spv::OpDecorate, {id, spv::DecorationBuiltIn, static_cast<uint32_t>(s->builtin)}));
    if (!m.has_capability(s->capability)) m.add_capability(s->capability);
  }
  spirv = m.serialize();
  return true;
}

bool writes_clip_distance(const std::vector<uint32_t>& spirv) {
  auto module = SpirvModule::parse(spirv);
  if (!module) return false;
  const auto id = module->find_decorated(spv::DecorationBuiltIn, spv::BuiltInClipDistance);
  if (!id) return false;
  const size_t def = module->find_definition(*id);
  return def < module->instructions.size() && module->instructions[def].opcode() == spv::OpVariable &&
         module->instructions[def].operand(2) == spv::StorageClassOutput;
}

bool zero_disabled_clip_distances(std::vector<uint32_t>& spirv, uint32_t enabled) {
  auto module = SpirvModule::parse(spirv);
  if (!module) return false;
  SpirvModule& m = *module;
  const auto var = m.find_decorated(spv::DecorationBuiltIn, spv::BuiltInClipDistance);
  if (!var) return false;
  const size_t def = m.find_definition(*var);
  if (def >= m.instructions.size() || m.instructions[def].opcode() != spv::OpVariable ||
      m.instructions[def].operand(2) != spv::StorageClassOutput)
    return false;
  uint32_t entry = 0;
  for (const SpirvInstruction& inst : m.instructions)
    if (inst.opcode() == spv::OpEntryPoint) entry = inst.operand(1);
  if (!entry) return false;

  const uint32_t float_type = m.get_float_type();
  const uint32_t zero = m.get_constant(float_type, 0);
  const uint32_t out_float_ptr = m.get_pointer_type(spv::StorageClassOutput, float_type);
  const uint32_t int_type = m.get_int_type(true);
  std::vector<uint32_t> indices;
  for (int i = 0; i < kMaxClipDistances; ++i)
    if (!(enabled & (1u << i))) indices.push_back(m.get_constant(int_type, static_cast<uint32_t>(i)));
  if (indices.empty()) return true;

  // Where the last pre-rasterization stage hands its outputs on: each
  // return of the vertex shader's main, each geometry shader emit.
  const std::vector<size_t> points = m.output_commit_points(entry);
  for (auto p = points.rbegin(); p != points.rend(); ++p) {
    std::vector<SpirvInstruction> code;
    for (uint32_t index : indices) {
      const uint32_t ptr = m.new_id();
      code.push_back(SpirvModule::make(spv::OpAccessChain, {out_float_ptr, ptr, *var, index}));
      code.push_back(SpirvModule::make(spv::OpStore, {ptr, zero}));
    }
    m.instructions.insert(m.instructions.begin() + static_cast<std::ptrdiff_t>(*p), code.begin(), code.end());
  }
  spirv = m.serialize();
  return true;
}

std::string rewrite_depth_range(std::string_view text) {
  if (text.find("gl_DepthRange") == std::string_view::npos) return std::string(text);
  const std::vector<Token> tokens = lex(text);
  std::string body;
  body.reserve(text.size() + 160);
  bool used = false;
  LineTracker lines;
  for (const Token& t : tokens) {
    lines.see(t, body);
    if (t.kind == TokenKind::Identifier && t.text == "gl_DepthRange") {
      body += "brass_gl_DepthRange";
      used = true;
      continue;
    }
    body += t.text;
  }
  if (!used) return std::string(text);
  body.insert(lines.first_code == std::string::npos ? body.size() : lines.first_code,
              "struct brass_gl_DepthRangeParameters { highp float near; highp float far; highp float diff; }; "
              "uniform brass_gl_DepthRangeParameters brass_gl_DepthRange; ");
  return body;
}

std::string rewrite_num_samples(std::string_view text, ShaderStage stage) {
  if (stage != ShaderStage::Fragment || text.find("gl_NumSamples") == std::string_view::npos) return std::string(text);
  std::string body;
  body.reserve(text.size() + 96);
  bool used = false;
  LineTracker lines;
  for (const Token& t : lex(text)) {
    lines.see(t, body);
    if (!lines.in_directive && t.kind == TokenKind::Identifier && t.text == "gl_NumSamples") {
      body += "brass_NumSamples";
      used = true;
      continue;
    }
    body += t.text;
  }
  if (!used) return std::string(text);
  body.insert(lines.first_code == std::string::npos ? body.size() : lines.first_code,
              "layout(constant_id = " + std::to_string(kNumSamplesSpecId) +
                  ") const highp int brass_NumSamples = 1; ");
  return body;
}

bool reads_num_samples(const std::vector<uint32_t>& spirv) {
  return has_spec_constant(spirv, kNumSamplesSpecId);
}

bool set_num_samples(std::vector<uint32_t>& spirv, uint32_t samples) {
  return freeze_spec_constant(spirv, kNumSamplesSpecId, samples);
}

std::string flip_point_coord(std::string_view text, ShaderStage stage) {
  if (stage != ShaderStage::Fragment || text.find("gl_PointCoord") == std::string_view::npos) return std::string(text);
  std::string body;
  body.reserve(text.size() + 160);
  bool used = false;
  LineTracker lines;
  for (const Token& t : lex(text)) {
    lines.see(t, body);
    if (!lines.in_directive && t.kind == TokenKind::Identifier && t.text == "gl_PointCoord") {
      body += "vec2(gl_PointCoord.x, brass_PointCoordUpperLeft ? 1.0 - gl_PointCoord.y : gl_PointCoord.y)";
      used = true;
    } else {
      body += t.text;
    }
  }
  if (!used) return body;
  body.insert(lines.first_code == std::string::npos ? body.size() : lines.first_code,
              "layout(constant_id = " + std::to_string(kPointCoordUpperLeftSpecId) +
                  ") const bool brass_PointCoordUpperLeft = true; ");
  return body;
}

bool reads_point_coord(const std::vector<uint32_t>& spirv) {
  return has_spec_constant(spirv, kPointCoordUpperLeftSpecId);
}

bool set_point_coord_lower_left(std::vector<uint32_t>& spirv) {
  return freeze_bool_spec_constant(spirv, kPointCoordUpperLeftSpecId, false);
}

}  // namespace brass::compiler
