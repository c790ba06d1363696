// Why a stand-in and a patch: see image_formats.h.
#include "compiler/image_formats.h"

#include <algorithm>
#include <cstring>
#include <string_view>

#include "compiler/glsl_lexer.h"
#include "compiler/spirv_module.h"

namespace brass::compiler {
namespace {

// NV_image_formats' formats beyond ES 3.1's; the 16-bit normalized ones
// also need EXT_texture_norm16. glslang 12 rejects them all for ES.
struct ExtendedFormat {
  std::string_view qualifier;
  spv::ImageFormat format;
  std::string_view stand_in;  // an ES 3.1 format of the same component type
  bool norm16;
};
constexpr std::string_view kF = "rgba32f", kI = "rgba32i", kU = "rgba32ui";
constexpr ExtendedFormat kFormats[] = {
    {"rg32f", spv::ImageFormatRg32f, kF, false},
    {"rg16f", spv::ImageFormatRg16f, kF, false},
    {"r16f", spv::ImageFormatR16f, kF, false},
    {"r11f_g11f_b10f", spv::ImageFormatR11fG11fB10f, kF, false},
    {"rgb10_a2", spv::ImageFormatRgb10A2, kF, false},
    {"rg8", spv::ImageFormatRg8, kF, false},
    {"r8", spv::ImageFormatR8, kF, false},
    {"rg8_snorm", spv::ImageFormatRg8Snorm, kF, false},
    {"r8_snorm", spv::ImageFormatR8Snorm, kF, false},
    {"rgba16", spv::ImageFormatRgba16, kF, true},
    {"rg16", spv::ImageFormatRg16, kF, true},
    {"r16", spv::ImageFormatR16, kF, true},
    {"rgba16_snorm", spv::ImageFormatRgba16Snorm, kF, true},
    {"rg16_snorm", spv::ImageFormatRg16Snorm, kF, true},
    {"r16_snorm", spv::ImageFormatR16Snorm, kF, true},
    {"rg32i", spv::ImageFormatRg32i, kI, false},
    {"rg16i", spv::ImageFormatRg16i, kI, false},
    {"rg8i", spv::ImageFormatRg8i, kI, false},
    {"r16i", spv::ImageFormatR16i, kI, false},
    {"r8i", spv::ImageFormatR8i, kI, false},
    {"rgb10_a2ui", spv::ImageFormatRgb10a2ui, kU, false},
    {"rg32ui", spv::ImageFormatRg32ui, kU, false},
    {"rg16ui", spv::ImageFormatRg16ui, kU, false},
    {"rg8ui", spv::ImageFormatRg8ui, kU, false},
    {"r16ui", spv::ImageFormatR16ui, kU, false},
    {"r8ui", spv::ImageFormatR8ui, kU, false},
};

bool listed(const std::vector<std::string>& list, std::string_view name) {
  for (const std::string& s : list)
    if (s == name) return true;
  return false;
}

// True when some "#extension GL_NV_image_formats : enable|require|warn" line exists.
bool enables_nv_image_formats(const std::string& text) {
  size_t at = 0;
  while ((at = text.find("GL_NV_image_formats", at)) != std::string::npos) {
    const size_t line_start = text.rfind('\n', at) == std::string::npos ? 0 : text.rfind('\n', at) + 1;
    const size_t line_end = text.find('\n', at);
    const std::string_view line(text.data() + line_start,
                                (line_end == std::string::npos ? text.size() : line_end) - line_start);
    at += 1;
    if (line.find("#") == std::string_view::npos || line.find("extension") == std::string_view::npos) continue;
    if (line.find("disable") != std::string_view::npos) continue;
    return true;
  }
  return false;
}

}  // namespace

std::string rewrite_norm16_image_formats(const std::string& text, const GlslVersion& version,
                                         const std::vector<std::string>& unexposed,
                                         Norm16ImageFormats* formats) {
  if (!version.es || version.number < 310) return text;
  if (listed(unexposed, "GL_NV_image_formats") || !enables_nv_image_formats(text)) return text;
  const bool norm16 = !listed(unexposed, "GL_EXT_texture_norm16");
  // Which qualifier token is an extended format this context allows.
  auto extended = [norm16](const Token& t) -> const ExtendedFormat* {
    if (t.kind != TokenKind::Identifier) return nullptr;
    for (const ExtendedFormat& f : kFormats)
      if (t.text == f.qualifier && (norm16 || !f.norm16)) return &f;
    return nullptr;
  };
  const std::vector<Token> tokens = lex(text);
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < tokens.size(); ++i) {
    if (tokens[i].kind != TokenKind::Identifier || tokens[i].text != "layout") {
      out += tokens[i].text;
      continue;
    }
    // layout ( ... ) : find the group and whether it names a norm16 format.
    size_t open = i + 1;
    while (open < tokens.size() && tokens[open].kind == TokenKind::Space) ++open;
    if (open >= tokens.size() || tokens[open].text != "(") {
      out += tokens[i].text;
      continue;
    }
    size_t close = open;
    while (close < tokens.size() && tokens[close].text != ")") ++close;
    if (close >= tokens.size()) {
      out += tokens[i].text;
      continue;
    }
    uint32_t format = 0;
    for (size_t k = open; k < close; ++k)
      if (const ExtendedFormat* f = extended(tokens[k])) format = f->format;
    if (!format) {
      out += tokens[i].text;
      continue;
    }
    // The declared names: per declarator, the last identifier before its
    // '[', ',' or ';' (`layout(r8) uniform image2D a, b[2];`).
    std::vector<std::string_view> names;
    std::string_view candidate, pending;
    int depth = 0;
    for (size_t k = close + 1; k < tokens.size(); ++k) {
      const std::string_view t = tokens[k].text;
      if (t == "{") break;  // a block, not an image
      if (t == "[") {
        if (depth++ == 0 && pending.empty()) pending = candidate;
      } else if (t == "]") {
        --depth;
      } else if (depth == 0 && (t == "," || t == ";")) {
        names.push_back(pending.empty() ? candidate : pending);
        pending = {};
        if (t == ";") break;
      } else if (depth == 0 && tokens[k].kind == TokenKind::Identifier) {
        candidate = t;
      }
    }
    for (size_t k = i; k <= close; ++k) {
      const ExtendedFormat* f = k > open ? extended(tokens[k]) : nullptr;
      out += f ? f->stand_in : tokens[k].text;
    }
    if (formats)
      for (std::string_view name : names)
        if (!name.empty()) (*formats)[std::string(name)] = format;
    i = close;
  }
  return out;
}

bool patch_norm16_image_formats(std::vector<uint32_t>& spirv, const Norm16ImageFormats& formats) {
  if (formats.empty()) return true;
  auto module = SpirvModule::parse(spirv);
  if (!module) return false;
  SpirvModule& m = *module;
  // Variables by OpName.
  std::map<uint32_t, uint32_t> wanted;  // variable id -> format
  for (const SpirvInstruction& inst : m.instructions) {
    if (inst.opcode() != spv::OpName || inst.operand_count() < 2) continue;
    const char* text = reinterpret_cast<const char*>(inst.words.data() + 2);
    const std::string name(text, strnlen(text, (inst.words.size() - 2) * 4));
    auto f = formats.find(name);
    if (f != formats.end()) wanted[inst.operand(0)] = f->second;
  }
  bool changed = false;
  for (const auto& [var, format] : wanted) {
    const size_t var_at = m.find_definition(var);
    if (var_at == m.instructions.size() || m.instructions[var_at].opcode() != spv::OpVariable) continue;
    const uint32_t ptr_type = m.instructions[var_at].operand(0);
    const size_t ptr_at = m.find_definition(ptr_type);
    if (ptr_at == m.instructions.size() || m.instructions[ptr_at].opcode() != spv::OpTypePointer) return false;
    const uint32_t pointee = m.instructions[ptr_at].operand(2);
    const size_t pointee_at = m.find_definition(pointee);
    if (pointee_at == m.instructions.size()) return false;
    // A plain image, or an array of them (ES allows constant-indexed ones).
    const bool array = m.instructions[pointee_at].opcode() == spv::OpTypeArray;
    const size_t image_at = array ? m.find_definition(m.instructions[pointee_at].operand(1)) : pointee_at;
    if (image_at == m.instructions.size() || m.instructions[image_at].opcode() != spv::OpTypeImage) return false;
    // Reuse an identical image type (non-aggregate types must be unique).
    SpirvInstruction image = m.instructions[image_at];
    image.words[8] = format;  // result, sampled type, dim, depth, arrayed, ms, sampled, format
    uint32_t image_id = 0;
    for (const SpirvInstruction& inst : m.instructions)
      if (inst.opcode() == spv::OpTypeImage &&
          std::equal(inst.words.begin() + 2, inst.words.end(), image.words.begin() + 2, image.words.end()))
        image_id = inst.operand(0);
    if (!image_id) {
      image_id = m.new_id();
      image.words[1] = image_id;
      m.instructions.insert(m.instructions.begin() + m.find_definition(var), image);
    }
    uint32_t var_pointee = image_id;
    if (array) {
      // Arrays may repeat; a fresh one of the same length (defined earlier).
      var_pointee = m.new_id();
      const uint32_t length = m.instructions[m.find_definition(pointee)].operand(2);
      m.instructions.insert(m.instructions.begin() + m.find_definition(var),
                            SpirvModule::make(spv::OpTypeArray, {var_pointee, image_id, length}));
    }
    const uint32_t new_ptr = m.get_pointer_type(spv::StorageClassUniformConstant, var_pointee);
    // get_pointer_type may append at the end of the globals, after the variable: move the variable after it.
    size_t v = m.find_definition(var);
    SpirvInstruction var_inst = m.instructions[v];
    m.instructions.erase(m.instructions.begin() + v);
    var_inst.words[1] = new_ptr;
    m.instructions.insert(m.instructions.begin() + m.find_definition(new_ptr) + 1, var_inst);
    // Element pointers of an array, then every load of the image.
    std::vector<uint32_t> image_pointers = {var};
    if (array) {
      const uint32_t element_ptr = m.get_pointer_type(spv::StorageClassUniformConstant, image_id);
      image_pointers.clear();
      for (SpirvInstruction& inst : m.instructions)
        if ((inst.opcode() == spv::OpAccessChain || inst.opcode() == spv::OpInBoundsAccessChain) &&
            inst.operand(2) == var) {
          inst.words[1] = element_ptr;
          image_pointers.push_back(inst.operand(1));
        }
    }
    for (SpirvInstruction& inst : m.instructions)
      if (inst.opcode() == spv::OpLoad &&
          std::find(image_pointers.begin(), image_pointers.end(), inst.operand(2)) != image_pointers.end())
        inst.words[1] = image_id;
    changed = true;
  }
  if (!changed) return true;
  m.add_capability(spv::CapabilityStorageImageExtendedFormats);
  spirv = m.serialize();
  return true;
}

}  // namespace brass::compiler
