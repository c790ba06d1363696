// A GLSL lexer that loses nothing: white space and comments are tokens too,
// so rewriting some tokens and copying the rest keeps every line number.
#pragma once

#include <cctype>
#include <cstdint>
#include <string_view>
#include <vector>

namespace brass::compiler {

// ---- Lexing -----------------------------------------------------------------
// The lexer keeps every byte: white space and comments are tokens too, so
// unchanged text (and therefore every line number) survives the rewrite.

enum class TokenKind : uint8_t { Identifier, Number, Punct, Space, Newline };

struct Token {
  TokenKind kind;
  std::string_view text;
};

inline bool is_ident_start(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_'; }
inline bool is_ident_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

inline std::vector<Token> lex(std::string_view s) {
  std::vector<Token> out;
  size_t i = 0;
  while (i < s.size()) {
    const size_t start = i;
    const char c = s[i];
    TokenKind kind;
    if (c == '\n') {
      ++i;
      kind = TokenKind::Newline;
    } else if (c == '\\' && i + 1 < s.size() && s[i + 1] == '\n') {
      i += 2;  // line continuation: a newline the preprocessor joins
      kind = TokenKind::Space;
    } else if (c == '/' && i + 1 < s.size() && s[i + 1] == '/') {
      while (i < s.size() && s[i] != '\n') ++i;
      kind = TokenKind::Space;
    } else if (c == '/' && i + 1 < s.size() && s[i + 1] == '*') {
      // Block comments may span lines; they stay one token (newlines inside
      // are copied verbatim, so line numbers are kept).
      i += 2;
      while (i + 1 < s.size() && !(s[i] == '*' && s[i + 1] == '/')) ++i;
      i = i + 2 <= s.size() ? i + 2 : s.size();
      kind = TokenKind::Space;
    } else if (std::isspace(static_cast<unsigned char>(c))) {
      while (i < s.size() && s[i] != '\n' && std::isspace(static_cast<unsigned char>(s[i]))) ++i;
      kind = TokenKind::Space;
    } else if (is_ident_start(c)) {
      while (i < s.size() && is_ident_char(s[i])) ++i;
      kind = TokenKind::Identifier;
    } else if (std::isdigit(static_cast<unsigned char>(c)) ||
               (c == '.' && i + 1 < s.size() && std::isdigit(static_cast<unsigned char>(s[i + 1])))) {
      while (i < s.size() && (is_ident_char(s[i]) || s[i] == '.' ||
                              ((s[i] == '+' || s[i] == '-') && (s[i - 1] == 'e' || s[i - 1] == 'E'))))
        ++i;
      kind = TokenKind::Number;
    } else {
      ++i;
      kind = TokenKind::Punct;
    }
    out.push_back({kind, s.substr(start, i - start)});
  }
  return out;
}

}  // namespace brass::compiler
