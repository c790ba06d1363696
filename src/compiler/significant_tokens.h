// A GLSL source's tokens with an index of the significant ones (not white
// space or newlines): the cursor the source-level rewriters
// (opaque_struct_lowering, opaque_array_flattening) walk declarations with,
// keeping every other token so that line numbers survive.
#pragma once

#include <charconv>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "compiler/glsl_lexer.h"

namespace brass::compiler {

class SignificantTokens {
 protected:
  explicit SignificantTokens(std::string_view text) : text_(text), tokens_(lex(text)) {
    for (size_t i = 0; i < tokens_.size(); ++i)
      if (tokens_[i].kind != TokenKind::Space && tokens_[i].kind != TokenKind::Newline) sig_.push_back(i);
  }

  // The text of significant token `k` (empty past the end).
  std::string_view tok(size_t k) const { return k < sig_.size() ? tokens_[sig_[k]].text : std::string_view{}; }
  bool is_ident(size_t k) const { return k < sig_.size() && tokens_[sig_[k]].kind == TokenKind::Identifier; }

  // The significant index of the bracket closing the one at `open`
  // (sig_.size() when unbalanced).
  size_t matching(size_t open) const {
    const std::string_view o = tok(open), c = o == "[" ? "]" : o == "(" ? ")" : "}";
    int depth = 0;
    for (size_t k = open; k < sig_.size(); ++k) {
      if (tok(k) == o) ++depth;
      if (tok(k) == c && --depth == 0) return k;
    }
    return sig_.size();
  }

  // A decimal array size in 1..max at `k`, else nothing.
  std::optional<uint32_t> literal(size_t k, uint32_t max = UINT32_MAX) const {
    if (k >= sig_.size() || tokens_[sig_[k]].kind != TokenKind::Number) return std::nullopt;
    uint32_t v = 0;
    const std::string_view s = tok(k);
    auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc{} || end != s.data() + s.size() || v == 0 || v > max) return std::nullopt;
    return v;
  }

  // The source from significant token `a` up to (not including) `b`, with
  // the white space between them.
  std::string text_of(size_t a, size_t b) const {
    std::string out;
    for (size_t t = sig_[a]; a < b && t < sig_[b]; ++t) out += tokens_[t].text;
    return out;
  }

  std::string_view text_;
  std::vector<Token> tokens_;
  std::vector<size_t> sig_;  // indices of the tokens that are not white space
};

}  // namespace brass::compiler
