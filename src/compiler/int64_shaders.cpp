// ARB_gpu_shader_int64 source rewrites (int64_shaders.h).
#include "compiler/int64_shaders.h"

#include <algorithm>
#include <cctype>
#include <string_view>

#include "compiler/desktop_glsl_rewrites.h"

namespace brass::compiler {
namespace {

constexpr std::string_view kExtension = "GL_ARB_gpu_shader_int64";

// Offset of the end of the line (its '\n' or the text's end) of the first
// `#extension GL_ARB_gpu_shader_int64 : require|enable|warn` directive;
// npos when there is none.
size_t directive_line_end(const std::string& text) {
  auto skip_blanks = [&text](size_t at) {
    while (at < text.size() && (text[at] == ' ' || text[at] == '\t')) ++at;
    return at;
  };
  auto word_at = [&text](size_t at) {
    size_t end = at;
    while (end < text.size() && (std::isalnum(static_cast<unsigned char>(text[end])) || text[end] == '_')) ++end;
    return std::string_view(text).substr(at, end - at);
  };
  for (size_t line = 0; line < text.size();) {
    size_t line_end = text.find('\n', line);
    if (line_end == std::string::npos) line_end = text.size();
    size_t at = skip_blanks(line);
    if (at < line_end && text[at] == '#') {
      at = skip_blanks(at + 1);
      if (word_at(at) == "extension") {
        at = skip_blanks(at + 9);
        if (word_at(at) == kExtension) {
          at = skip_blanks(at + kExtension.size());
          if (at < line_end && text[at] == ':') {
            const std::string_view behavior = word_at(skip_blanks(at + 1));
            if (behavior == "require" || behavior == "enable" || behavior == "warn") return line_end;
          }
        }
      }
    }
    line = line_end + 1;
  }
  return std::string::npos;
}

// One overload per signature; vectors apply the scalar one per component.
std::string make_definitions() {
  std::string out;
  struct Family {
    const char* scalar;
    const char* vec;  // "i64vec" / "u64vec"
    const char* suffix;  // literal suffix
    bool is_signed;
  };
  const Family families[] = {{"int64_t", "i64vec", "l", true}, {"uint64_t", "u64vec", "ul", false}};
  auto vec = [](const Family& f, int n) { return n == 1 ? std::string(f.scalar) : f.vec + std::to_string(n); };
  static const char* kComp[] = {"x", "y", "z", "w"};
  // "T(f(a.x, b.x), f(a.y, b.y))" for the components of an n-vector; `args`
  // are the argument names with a flag for a vector (per component) or not.
  auto per_component = [](const std::string& type, int n, const std::string& fn,
                          std::initializer_list<std::pair<const char*, bool>> args) {
    std::string body = type + "(";
    for (int c = 0; c < n; ++c) {
      if (c) body += ", ";
      body += fn + "(";
      bool first = true;
      for (const auto& [name, is_vec] : args) {
        if (!first) body += ", ";
        first = false;
        body += name;
        if (is_vec) body += std::string(".") + kComp[c];
      }
      body += ")";
    }
    return body + ")";
  };
  for (const Family& f : families) {
    const std::string s = f.scalar;
    if (f.is_signed) {
      out += s + " abs(" + s + " x) { return x < 0l ? -x : x; }";
      out += s + " sign(" + s + " x) { return x > 0l ? 1l : (x < 0l ? -1l : 0l); }";
    }
    out += s + " min(" + s + " x, " + s + " y) { return y < x ? y : x; }";
    out += s + " max(" + s + " x, " + s + " y) { return x < y ? y : x; }";
    out += s + " clamp(" + s + " x, " + s + " lo, " + s + " hi) { return min(max(x, lo), hi); }";
    out += s + " mix(" + s + " x, " + s + " y, bool a) { return a ? y : x; }";
    for (int n = 2; n <= 4; ++n) {
      const std::string v = vec(f, n), b = "bvec" + std::to_string(n);
      if (f.is_signed) {
        out += v + " abs(" + v + " x) { return " + per_component(v, n, "abs", {{"x", true}}) + "; }";
        out += v + " sign(" + v + " x) { return " + per_component(v, n, "sign", {{"x", true}}) + "; }";
      }
      for (const char* fn : {"min", "max"}) {
        out += v + " " + fn + "(" + v + " x, " + v + " y) { return " +
               per_component(v, n, fn, {{"x", true}, {"y", true}}) + "; }";
        out += v + " " + fn + "(" + v + " x, " + s + " y) { return " +
               per_component(v, n, fn, {{"x", true}, {"y", false}}) + "; }";
      }
      out += v + " clamp(" + v + " x, " + v + " lo, " + v + " hi) { return " +
             per_component(v, n, "clamp", {{"x", true}, {"lo", true}, {"hi", true}}) + "; }";
      out += v + " clamp(" + v + " x, " + s + " lo, " + s + " hi) { return " +
             per_component(v, n, "clamp", {{"x", true}, {"lo", false}, {"hi", false}}) + "; }";
      out += v + " mix(" + v + " x, " + v + " y, " + b + " a) { return " +
             per_component(v, n, "mix", {{"x", true}, {"y", true}, {"a", true}}) + "; }";
    }
  }
  out += "uint64_t packUint2x32(uvec2 v) { return uint64_t(v.x) | (uint64_t(v.y) << 32); }";
  out += "int64_t packInt2x32(ivec2 v) { return int64_t(packUint2x32(uvec2(v))); }";
  out += "uvec2 unpackUint2x32(uint64_t v) { return uvec2(uint(v), uint(v >> 32)); }";
  out += "ivec2 unpackInt2x32(int64_t v) { return ivec2(unpackUint2x32(uint64_t(v))); }";
  out += "uint64_t doubleBitsToUint64(double d) { return packUint2x32(unpackDouble2x32(d)); }";
  out += "int64_t doubleBitsToInt64(double d) { return int64_t(doubleBitsToUint64(d)); }";
  out += "double uint64BitsToDouble(uint64_t v) { return packDouble2x32(unpackUint2x32(v)); }";
  out += "double int64BitsToDouble(int64_t v) { return uint64BitsToDouble(uint64_t(v)); }";
  for (int n = 2; n <= 4; ++n) {
    const std::string d = "dvec" + std::to_string(n), i = "i64vec" + std::to_string(n), u = "u64vec" + std::to_string(n);
    out += u + " doubleBitsToUint64(" + d + " x) { return " + per_component(u, n, "doubleBitsToUint64", {{"x", true}}) +
           "; }";
    out += i + " doubleBitsToInt64(" + d + " x) { return " + per_component(i, n, "doubleBitsToInt64", {{"x", true}}) +
           "; }";
    out += d + " uint64BitsToDouble(" + u + " x) { return " + per_component(d, n, "uint64BitsToDouble", {{"x", true}}) +
           "; }";
    out += d + " int64BitsToDouble(" + i + " x) { return " + per_component(d, n, "int64BitsToDouble", {{"x", true}}) +
           "; }";
  }
  return out;
}

}  // namespace

const std::string& int64_builtin_definitions() {
  static const std::string kDefinitions = make_definitions();
  return kDefinitions;
}

std::string with_int64_support(std::string text, ShaderStage stage, const GlslVersion& declared,
                               const std::vector<std::string>& unexposed) {
  if (declared.es || !declared.explicit_directive || declared.number >= 450) return text;
  if (std::find(unexposed.begin(), unexposed.end(), kExtension) != unexposed.end()) return text;
  if (text.find(kExtension) == std::string::npos) return text;
  const size_t line_end = directive_line_end(text);
  if (line_end == std::string::npos) return text;
  // On lines of their own after the directive's, then a #line that gives
  // the next line its own number again (inserted first: the version change
  // below does not move this line).
  const int directive_line = 1 + static_cast<int>(std::count(text.begin(), text.begin() + line_end, '\n'));
  GlslVersion compiled = declared;
  compiled.number = std::max(declared.number, stage == ShaderStage::Compute ? 430 : 400);
  std::string line = line_directive_for(compiled, directive_line + 1);
  line.pop_back();  // its newline: the directive's line ends the #line
  text.insert(line_end, "\n" + int64_builtin_definitions() + "\n" + line);
  if (compiled.number != declared.number) text = with_version_number(std::move(text), declared, compiled.number);
  return text;
}

}  // namespace brass::compiler
