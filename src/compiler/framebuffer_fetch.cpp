#include "compiler/framebuffer_fetch.h"

#include <cstdlib>
#include <cstring>
#include <map>
#include <set>

#include "compiler/glsl_lexer.h"
#include "compiler/spirv_module.h"

namespace brass::compiler {
namespace {

bool enables_fetch(std::string_view text) {
  // normalize_glsl leaves "// #extension NAME" where the directive was.
  return text.find("#extension GL_EXT_shader_framebuffer_fetch") != std::string_view::npos;
}

size_t next_significant(const std::vector<Token>& t, size_t i) {
  while (i < t.size() && (t[i].kind == TokenKind::Space || t[i].kind == TokenKind::Newline)) ++i;
  return i;
}

bool is_type_word(std::string_view w) {
  return w == "float" || w == "vec2" || w == "vec3" || w == "vec4" || w == "int" || w == "ivec2" ||
         w == "ivec3" || w == "ivec4" || w == "uint" || w == "uvec2" || w == "uvec3" || w == "uvec4";
}

}  // namespace

std::string make_fetch_source_parseable(std::string_view text, bool fragment, const GlslVersion& version,
                                        int max_draw_buffers, FramebufferFetchInfo* info) {
  *info = {};
  if (!fragment || !enables_fetch(text)) return std::string(text);
  const std::vector<Token> tokens = lex(text);
  info->enabled = true;
  std::string out;
  out.reserve(text.size() + 64);
  int depth = 0;
  int pending_location = -1;  // from a layout() earlier in this declaration
  bool in_directive = false;
  bool line_start = true;
  int max_index = -1;
  bool dynamic_index = false;
  for (size_t i = 0; i < tokens.size(); ++i) {
    const Token& t = tokens[i];
    if (t.kind == TokenKind::Newline) {
      in_directive = false;
      line_start = true;
      out += t.text;
      continue;
    }
    if (t.kind != TokenKind::Space) {
      if (line_start && t.text == "#") in_directive = true;
      line_start = false;
    }
    if (in_directive) {
      out += t.text;
      continue;
    }
    if (t.text == "{") ++depth;
    if (t.text == "}") --depth;
    if (t.text == ";") pending_location = -1;
    if (depth == 0 && t.text == "layout") {
      // layout( ... ): drop `noncoherent`, remember `location = N`.
      size_t open = next_significant(tokens, i + 1);
      if (open < tokens.size() && tokens[open].text == "(") {
        size_t close = open + 1;
        std::vector<std::string> items(1);
        while (close < tokens.size() && tokens[close].text != ")") {
          if (tokens[close].text == ",") items.emplace_back();
          else if (tokens[close].kind != TokenKind::Space && tokens[close].kind != TokenKind::Newline)
            items.back() += tokens[close].text;
          ++close;
        }
        std::string kept;
        for (const std::string& item : items) {
          if (item.empty() || item == "noncoherent") continue;
          if (item.rfind("location=", 0) == 0) pending_location = std::atoi(item.c_str() + 9);
          kept += (kept.empty() ? "" : ", ") + item;
        }
        std::string replacement = kept.empty() ? std::string() : "layout(" + kept + ")";
        // Keep newlines that were inside the layout.
        for (size_t k = i; k <= close && k < tokens.size(); ++k)
          if (tokens[k].kind == TokenKind::Newline) replacement += "\n";
        out += replacement;
        i = close;
        continue;
      }
    }
    if (depth == 0 && t.text == "inout" && version.es && version.number >= 300) {
      // inout mediump vec4 name[N];
      FetchedOutput o;
      o.location = pending_location >= 0 ? pending_location : 0;
      size_t k = i + 1;
      for (; k < tokens.size() && tokens[k].text != ";"; ++k) {
        if (tokens[k].kind != TokenKind::Identifier) continue;
        if (is_type_word(tokens[k].text)) o.type = std::string(tokens[k].text);
        else if (tokens[k].text != "lowp" && tokens[k].text != "mediump" && tokens[k].text != "highp")
          o.name = std::string(tokens[k].text);
      }
      for (size_t a = i + 1; a < k; ++a) {
        if (tokens[a].text == "[") {
          size_t n = next_significant(tokens, a + 1);
          if (n < k) o.array_size = std::atoi(std::string(tokens[n].text).c_str());
        }
      }
      if (!o.name.empty()) info->outputs.push_back(o);
      out += "out";
      continue;
    }
    if (t.text == "gl_LastFragData" && version.number < 300) {  // ESSL 1.00 only
      info->uses_last_frag_data = true;
      // A declaration (type word before it) redeclares the built-in.
      size_t p = i;
      while (p > 0 && (tokens[p - 1].kind == TokenKind::Space || tokens[p - 1].kind == TokenKind::Newline)) --p;
      if (depth == 0 && p > 0 && tokens[p - 1].text == "vec4") {
        info->redeclares_last_frag_data = true;
      } else {
        size_t b = next_significant(tokens, i + 1);
        if (b < tokens.size() && tokens[b].text == "[") {
          size_t n = next_significant(tokens, b + 1);
          size_t after = n < tokens.size() ? next_significant(tokens, n + 1) : n;
          if (n < tokens.size() && tokens[n].kind == TokenKind::Number && after < tokens.size() && tokens[after].text == "]")
            max_index = std::max(max_index, std::atoi(std::string(tokens[n].text).c_str()));
          else
            dynamic_index = true;
        }
      }
      out += kLastFragDataName;
      continue;
    }
    out += t.text;
  }
  if (info->uses_last_frag_data)
    info->last_frag_data_count = dynamic_index || max_index < 0 ? max_draw_buffers : max_index + 1;
  return out;
}

std::string fetch_preamble(const FramebufferFetchInfo& info, int max_draw_buffers) {
  if (!info.uses_last_frag_data || info.redeclares_last_frag_data) return {};
  return "mediump vec4 " + std::string(kLastFragDataName) + "[" + std::to_string(max_draw_buffers) + "];\n";
}

std::string add_subpass_loads(std::string_view text, const FramebufferFetchInfo& info) {
  if (!info.enabled || (info.outputs.empty() && !info.uses_last_frag_data)) return std::string(text);
  std::string decls, loads;
  // One sampler per fetched draw buffer, named after it (kFetchSamplerPrefix
  // + index): reflection recovers the draw buffer from the name. The GL
  // frontend binds a copy of that colour attachment made before the draw.
  auto sampler = [&decls](int index, const std::string& type) {
    const char* prefix = type.rfind("ivec", 0) == 0 || type == "int" ? "i" : type.rfind("uvec", 0) == 0 || type == "uint" ? "u" : "";
    const std::string var = std::string(kFetchSamplerPrefix) + std::to_string(index);
    decls += "uniform highp " + std::string(prefix) + "sampler2D " + var + "; ";
    return "texelFetch(" + var + ", ivec2(gl_FragCoord.xy), 0)";
  };
  auto swizzle = [](const std::string& type) -> std::string {
    if (type == "float" || type == "int" || type == "uint") return ".x";
    if (!type.empty() && type.back() == '2') return ".xy";
    if (!type.empty() && type.back() == '3') return ".xyz";
    return "";
  };
  for (const FetchedOutput& o : info.outputs) {
    const int count = o.array_size > 0 ? o.array_size : 1;
    for (int e = 0; e < count; ++e) {
      const std::string load = sampler(o.location + e, o.type);
      // The output may have been renamed by the upgrader only for ESSL < 3.00,
      // which has no inout outputs, so its name is as written.
      const std::string target = o.array_size > 0 ? o.name + "[" + std::to_string(e) + "]" : o.name;
      loads += target + " = " + load + swizzle(o.type) + "; ";
    }
  }
  for (int e = 0; info.uses_last_frag_data && e < info.last_frag_data_count; ++e)
    loads += std::string(kLastFragDataName) + "[" + std::to_string(e) + "] = " + sampler(e, "vec4") + "; ";
  // Find "main ( ... ) {" at global scope: declarations go before the return
  // type, loads after the brace. Nothing adds a newline.
  const std::vector<Token> tokens = lex(text);
  int depth = 0;
  size_t decl_at = std::string::npos, body_at = std::string::npos;
  size_t offset = 0, type_offset = 0;
  for (size_t i = 0; i < tokens.size(); offset += tokens[i].text.size(), ++i) {
    const Token& t = tokens[i];
    if (t.text == "{") ++depth;
    if (t.text == "}") --depth;
    if (depth == 0 && t.kind == TokenKind::Identifier && t.text == "void") type_offset = offset;
    if (depth == 0 && t.kind == TokenKind::Identifier && t.text == "main") {
      size_t j = next_significant(tokens, i + 1);
      if (j >= tokens.size() || tokens[j].text != "(") continue;
      size_t off = offset;
      for (size_t k = i; k < tokens.size(); ++k) {
        if (tokens[k].text == ";") break;  // a prototype
        if (tokens[k].text == "{") {
          decl_at = type_offset;
          body_at = off + 1;
          break;
        }
        off += tokens[k].text.size();
      }
      if (body_at != std::string::npos) break;
    }
  }
  if (body_at == std::string::npos) return std::string(text);
  std::string out(text.substr(0, decl_at));
  out += decls;
  out += text.substr(decl_at, body_at - decl_at);
  out += " " + loads;
  out += text.substr(body_at);
  return out;
}

bool make_fetch_multisampled(std::vector<uint32_t>& spirv) {
  auto module = SpirvModule::parse(spirv);
  if (!module) return false;
  SpirvModule& m = *module;
  // The fetch sampler variables, by OpName.
  std::set<uint32_t> vars;
  for (const SpirvInstruction& inst : m.instructions) {
    if (inst.opcode() != spv::OpName || inst.operand_count() < 2) continue;
    const char* text = reinterpret_cast<const char*>(inst.words.data() + 2);
    const std::string name(text, strnlen(text, (inst.words.size() - 2) * 4));
    if (name.rfind(kFetchSamplerPrefix, 0) == 0) vars.insert(inst.operand(0));
  }
  if (vars.empty()) return false;
  auto def = [&m](uint32_t id) -> SpirvInstruction* {
    const size_t i = m.find_definition(id);
    return i < m.instructions.size() ? &m.instructions[i] : nullptr;
  };
  // Multisampled twins of the types involved, made once per original type:
  // OpTypeImage %r %sampled Dim Depth Arrayed MS Sampled Format -> MS = 1.
  std::map<uint32_t, uint32_t> ms_image, ms_sampled, ms_pointer;
  auto twin_image = [&](uint32_t image) {
    if (auto it = ms_image.find(image); it != ms_image.end()) return it->second;
    SpirvInstruction copy = *def(image);
    const uint32_t id = m.new_id();
    copy.words[1] = id;
    copy.words[6] = 1;  // MS
    m.instructions.insert(m.instructions.begin() + m.first_function(), copy);
    return ms_image[image] = id;
  };
  auto twin_sampled = [&](uint32_t sampled) {
    if (auto it = ms_sampled.find(sampled); it != ms_sampled.end()) return it->second;
    const uint32_t image = twin_image(def(sampled)->operand(1));
    const uint32_t id = m.new_id();
    m.instructions.insert(m.instructions.begin() + m.first_function(),
                          SpirvModule::make(spv::OpTypeSampledImage, {id, image}));
    return ms_sampled[sampled] = id;
  };
  std::map<uint32_t, uint32_t> var_pointee;  // variable -> new sampled image type
  for (uint32_t v : vars) {
    SpirvInstruction* var = def(v);
    if (!var || var->opcode() != spv::OpVariable) return false;
    const SpirvInstruction* ptr = def(var->operand(0));
    const uint32_t sampled = twin_sampled(ptr->operand(2));
    if (!ms_pointer.count(var->operand(0)))
      ms_pointer[var->operand(0)] = m.get_pointer_type(spv::StorageClassUniformConstant, sampled);
    var_pointee[v] = sampled;
  }
  // Retype the variables and move them after their new types (a variable
  // may not refer to a type declared later).
  for (uint32_t v : vars) {
    const size_t at = m.find_definition(v);
    SpirvInstruction var = m.instructions[at];
    var.words[1] = ms_pointer[var.operand(0)];
    m.instructions.erase(m.instructions.begin() + static_cast<std::ptrdiff_t>(at));
    m.instructions.insert(m.instructions.begin() + m.first_function(), std::move(var));
  }

  // gl_SampleID: an Input int decorated BuiltIn SampleId.
  const uint32_t int_type = m.get_int_type(true);
  uint32_t sample_id = 0;
  if (auto existing = m.find_decorated(spv::DecorationBuiltIn, spv::BuiltInSampleId)) {
    sample_id = *existing;
  } else {
    sample_id = m.new_id();
    const uint32_t in_int = m.get_pointer_type(spv::StorageClassInput, int_type);
    m.insert_annotation(SpirvModule::make(spv::OpDecorate, {sample_id, spv::DecorationBuiltIn, spv::BuiltInSampleId}));
    // Vulkan wants integer fragment inputs Flat, built-ins included.
    m.insert_annotation(SpirvModule::make(spv::OpDecorate, {sample_id, spv::DecorationFlat}));
    m.instructions.insert(m.instructions.begin() + m.first_function(),
                          SpirvModule::make(spv::OpVariable, {in_int, sample_id, spv::StorageClassInput}));
    m.add_to_entry_point_interfaces(sample_id);
  }
  m.add_capability(spv::CapabilitySampleRateShading);

  // Loads of the variables, OpImage of those loads, and the fetches.
  std::set<uint32_t> loads, images;
  std::vector<SpirvInstruction> out;
  out.reserve(m.instructions.size() + 8);
  for (SpirvInstruction& inst : m.instructions) {
    if (inst.opcode() == spv::OpLoad && vars.count(inst.operand(2))) {
      inst.words[1] = var_pointee[inst.operand(2)];
      loads.insert(inst.operand(1));
    } else if (inst.opcode() == spv::OpImage && loads.count(inst.operand(2))) {
      inst.words[1] = twin_image(inst.operand(0));
      images.insert(inst.operand(1));
    } else if (inst.opcode() == spv::OpImageFetch && images.count(inst.operand(2))) {
      // OpImageFetch %type %r %image %coord [Lod %lod] -> [Sample %sample]
      const uint32_t sample = m.new_id();
      out.push_back(SpirvModule::make(spv::OpLoad, {int_type, sample, sample_id}));
      inst = SpirvModule::make(spv::OpImageFetch, {inst.operand(0), inst.operand(1), inst.operand(2), inst.operand(3),
                                                   spv::ImageOperandsSampleMask, sample});
    }
    out.push_back(std::move(inst));
  }
  m.instructions = std::move(out);
  spirv = m.serialize();
  return true;
}

}  // namespace brass::compiler
