#include "compiler/opaque_array_flattening.h"

#include <algorithm>
#include <cctype>
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
      if (depth == 0 && (tok(k) == "uniform" || tok(k) == "buffer") && is_ident(k + 1) && tok(k + 2) == "{") {
        if (!parse_block(k)) return false;
        continue;
      }
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

  // `uniform|buffer Block { ... } instance[A][B]...;`: the instance becomes
  // one array of A*B*... blocks, and the block is renamed to carry the
  // inner dimensions (block_array_name()) so that reflection reports its
  // elements as "Block[a][b]". Other block declarations are skipped.
  bool parse_block(size_t& k) {
    const size_t block = k + 1;
    const size_t close = matching(k + 2);
    if (close >= sig_.size()) return false;
    const size_t name = close + 1;
    size_t d = name + 1;
    std::vector<uint32_t> dims;
    if (is_ident(name)) {
      while (tok(d) == "[") {
        const std::optional<uint32_t> n = literal(d + 1, 4096);
        if (!n || tok(d + 2) != "]") {
          dims.clear();
          break;
        }
        dims.push_back(*n);
        d += 3;
      }
    }
    k = close;
    if (dims.size() < 2) return true;
    if (tok(d) != ";") return false;
    uint32_t total = 1;
    for (uint32_t n : dims) total *= n;
    std::string renamed(kBlockArrayPrefix);
    for (size_t i = 1; i < dims.size(); ++i) renamed += std::to_string(dims[i]) + "_";
    renamed += "_" + std::string(tok(block));
    replace_[sig_[block]] = {sig_[block], renamed};
    replace_[sig_[name]] = {sig_[d - 1], std::string(tok(name)) + "[" + std::to_string(total) + "]"};
    Flattened f;
    f.flat_name = std::string(tok(name));
    f.dims = dims;
    f.declarator = name;
    variables_[std::string(tok(name))] = std::move(f);
    k = d;
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

std::string block_array_name(std::string_view reflected) {
  std::string out;
  size_t i = 0;
  while (i < reflected.size()) {
    const bool ident_start = i == 0 || !(std::isalnum(static_cast<unsigned char>(reflected[i - 1])) ||
                                         reflected[i - 1] == '_');
    if (!ident_start || reflected.substr(i, kBlockArrayPrefix.size()) != kBlockArrayPrefix) {
      out += reflected[i++];
      continue;
    }
    // Inner dimensions, each followed by '_', then '_' and the block name.
    size_t p = i + kBlockArrayPrefix.size();
    std::vector<uint32_t> inner;
    while (p < reflected.size() && std::isdigit(static_cast<unsigned char>(reflected[p]))) {
      uint32_t n = 0;
      const auto [end, ec] = std::from_chars(reflected.data() + p, reflected.data() + reflected.size(), n);
      if (ec != std::errc() || end >= reflected.data() + reflected.size() || *end != '_' || n == 0) break;
      inner.push_back(n);
      p = static_cast<size_t>(end - reflected.data()) + 1;
    }
    if (inner.empty() || p >= reflected.size() || reflected[p] != '_') {
      out += reflected[i++];
      continue;
    }
    size_t name_end = p + 1;
    while (name_end < reflected.size() &&
           (std::isalnum(static_cast<unsigned char>(reflected[name_end])) || reflected[name_end] == '_'))
      ++name_end;
    out += reflected.substr(p + 1, name_end - p - 1);
    i = name_end;
    // "[k]": the linear element, split row-major over the dimensions.
    if (i < reflected.size() && reflected[i] == '[') {
      uint32_t k = 0;
      const auto [end, ec] = std::from_chars(reflected.data() + i + 1, reflected.data() + reflected.size(), k);
      if (ec == std::errc() && end < reflected.data() + reflected.size() && *end == ']') {
        uint32_t inner_total = 1;
        for (uint32_t n : inner) inner_total *= n;
        std::string indices = "[" + std::to_string(k / inner_total) + "]";
        uint32_t rest = k % inner_total;
        for (size_t d = 0; d < inner.size(); ++d) {
          inner_total /= inner[d];
          indices += "[" + std::to_string(rest / inner_total) + "]";
          rest %= inner_total;
        }
        out += indices;
        i = static_cast<size_t>(end - reflected.data()) + 1;
      }
    }
  }
  return out;
}

std::string flatten_opaque_arrays_of_arrays(std::string_view text) {
  if (text.find(']') == std::string_view::npos) return std::string(text);
  return Flattening(text).run();
}

}  // namespace brass::compiler
