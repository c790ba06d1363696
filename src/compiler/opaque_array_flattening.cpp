#include "compiler/opaque_array_flattening.h"

#include <algorithm>
#include <charconv>
#include <map>
#include <optional>
#include <vector>

#include "compiler/significant_tokens.h"
#include "compiler/opaque_struct_lowering.h"

namespace brass::compiler {
namespace {

bool is_opaque_type(std::string_view t) {
  auto starts = [t](std::string_view p) { return t.substr(0, p.size()) == p; };
  return starts("sampler") || starts("isampler") || starts("usampler") || starts("image") || starts("iimage") ||
         starts("uimage");
}

bool is_qualifier(std::string_view t) {
  return t == "lowp" || t == "mediump" || t == "highp" || t == "readonly" || t == "writeonly" || t == "coherent" ||
         t == "volatile" || t == "restrict";
}

struct Flattened {
  std::string flat_name;
  std::vector<uint32_t> dims;
  size_t declarator = 0;  // sig index of the name in its declaration
};

class Flattening : SignificantTokens {
 public:
  explicit Flattening(std::string_view text) : SignificantTokens(text) {}

  std::string run() {
    if (!parse_declarations() || variables_.empty() || !rewrite_uses()) return std::string(text_);
    return assemble();
  }

 private:
  // `uniform [qualifiers] <opaque type> name[A][B]...;` at file scope.
  bool parse_declarations() {
    int depth = 0;
    for (size_t k = 0; k < sig_.size(); ++k) {
      if (tok(k) == "{") ++depth;
      if (tok(k) == "}") --depth;
      if (depth != 0 || tok(k) != "uniform") continue;
      size_t t = k + 1;
      while (is_qualifier(tok(t))) ++t;
      if (!is_ident(t) || !is_opaque_type(tok(t)) || !is_ident(t + 1)) continue;
      const size_t name = t + 1;
      std::vector<uint32_t> dims;
      size_t d = name + 1;
      while (tok(d) == "[") {
        const std::optional<uint32_t> n = literal(d + 1, 4096);
        if (!n || tok(d + 2) != "]") {
          dims.clear();
          break;
        }
        dims.push_back(*n);
        d += 3;
      }
      if (dims.size() < 2) continue;
      if (tok(d) != ";") return false;  // several declarators, or a size we cannot read
      std::vector<LoweredPathComponent> path = {{std::string(tok(name)), dims[0]}};
      for (size_t i = 1; i < dims.size(); ++i) path.push_back({"", dims[i]});
      Flattened f;
      f.flat_name = encode(path);
      f.dims = dims;
      f.declarator = name;
      uint32_t total = 1;
      for (uint32_t n : dims) total *= n;
      replace_[sig_[name]] = {sig_[d - 1], f.flat_name + "[" + std::to_string(total) + "]"};
      variables_[std::string(tok(name))] = std::move(f);
      k = d;
    }
    return true;
  }

  static std::string encode(const std::vector<LoweredPathComponent>& path) {
    std::string out(kLoweredOpaquePrefix);
    for (size_t i = 0; i < path.size(); ++i) {
      if (i) out += '_';
      out += std::to_string(path[i].name.size()) + "_" + path[i].name + "_" + std::to_string(path[i].array_length);
    }
    return out;
  }

  bool rewrite_uses() {
    for (size_t k = 0; k < sig_.size(); ++k) {
      if (!is_ident(k) || (k > 0 && tok(k - 1) == ".")) continue;
      const auto v = variables_.find(std::string(tok(k)));
      if (v == variables_.end() || v->second.declarator == k) continue;
      const Flattened& f = v->second;
      std::string linear;
      size_t pos = k + 1;
      for (size_t i = 0; i < f.dims.size(); ++i) {
        if (tok(pos) != "[") return false;  // a sub-array or the whole array used
        const size_t close = matching(pos);
        if (close >= sig_.size()) return false;
        uint32_t scale = 1;
        for (size_t j = i + 1; j < f.dims.size(); ++j) scale *= f.dims[j];
        if (i) linear += " + ";
        linear += "(" + text_of(pos + 1, close) + ")";
        if (scale != 1) linear += " * " + std::to_string(scale);
        pos = close + 1;
      }
      if (tok(pos) == "[") return false;
      replace_[sig_[k]] = {sig_[pos - 1], f.flat_name + "[" + linear + "]"};
      k = pos - 1;
    }
    return true;
  }

  std::string assemble() const {
    std::string out;
    out.reserve(text_.size() + 256);
    for (size_t t = 0; t < tokens_.size(); ++t) {
      if (auto r = replace_.find(t); r != replace_.end()) {
        out += r->second.second;
        // Newlines inside the replaced range stay, so lines keep their numbers.
        for (size_t u = t; u <= r->second.first; ++u)
          if (tokens_[u].kind == TokenKind::Newline) out += tokens_[u].text;
        t = r->second.first;
        continue;
      }
      out += tokens_[t].text;
    }
    return out;
  }

  std::map<std::string, Flattened> variables_;
  std::map<size_t, std::pair<size_t, std::string>> replace_;  // first token -> (last token, text)
};

}  // namespace

std::string flatten_opaque_arrays_of_arrays(std::string_view text) {
  if (text.find(']') == std::string_view::npos) return std::string(text);
  return Flattening(text).run();
}

}  // namespace brass::compiler
