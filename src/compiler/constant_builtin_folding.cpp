// Constant built-in calls glslang does not fold, respelled with operations
// it folds (constant_builtin_folding.h).
#include "compiler/constant_builtin_folding.h"

#include <algorithm>
#include <map>
#include <optional>
#include <string_view>
#include <unordered_set>
#include <vector>

#include "compiler/glsl_lexer.h"

namespace brass::compiler {
namespace {

using Words = std::unordered_set<std::string_view>;

// Built-in functions whose calls with constant arguments are constant
// expressions (GLSL 4.60 §4.3.3; the texture, image, atomic, noise and
// derivative functions are not).
const Words& constant_builtins() {
  static const Words w = {
      "radians", "degrees", "sin", "cos", "tan", "asin", "acos", "atan", "sinh", "cosh", "tanh", "asinh", "acosh",
      "atanh", "pow", "exp", "log", "exp2", "log2", "sqrt", "inversesqrt", "abs", "sign", "floor", "trunc", "round",
      "roundEven", "ceil", "fract", "mod", "min", "max", "clamp", "mix", "step", "smoothstep", "isnan", "isinf",
      "floatBitsToInt", "floatBitsToUint", "intBitsToFloat", "uintBitsToFloat", "packUnorm2x16", "packSnorm2x16",
      "packUnorm4x8", "packSnorm4x8", "unpackUnorm2x16", "unpackSnorm2x16", "unpackUnorm4x8", "unpackSnorm4x8",
      "packHalf2x16", "unpackHalf2x16", "length", "distance", "dot", "cross", "normalize", "faceforward", "reflect",
      "refract", "matrixCompMult", "outerProduct", "transpose", "determinant", "inverse", "lessThan",
      "lessThanEqual", "greaterThan", "greaterThanEqual", "equal", "notEqual", "any", "all", "not", "bitCount",
      "findLSB", "findMSB", "bitfieldReverse", "bitfieldExtract", "bitfieldInsert",
  };
  return w;
}

// float, int, uint, bool, double and their vectors and matrices.
bool is_type_name(std::string_view w) {
  if (w == "float" || w == "int" || w == "uint" || w == "bool" || w == "double") return true;
  std::string_view rest = w;
  if (!rest.empty() && (rest[0] == 'b' || rest[0] == 'd' || rest[0] == 'i' || rest[0] == 'u') &&
      rest.substr(1, 3) == "vec")
    rest.remove_prefix(1);
  if (rest.size() == 4 && rest.substr(0, 3) == "vec") return rest[3] >= '2' && rest[3] <= '4';
  if (!w.empty() && w[0] == 'd') w.remove_prefix(1);
  if (w.substr(0, 3) != "mat") return false;
  w.remove_prefix(3);
  if (w.size() == 1) return w[0] >= '2' && w[0] <= '4';
  return w.size() == 3 && w[0] >= '2' && w[0] <= '4' && w[1] == 'x' && w[2] >= '2' && w[2] <= '4';
}

struct MatrixType {
  bool is_double = false;
  int columns = 0;
  int rows = 0;
  std::string name() const {
    std::string n = is_double ? "dmat" : "mat";
    n += std::to_string(columns);
    if (columns != rows) n += "x" + std::to_string(rows);
    return n;
  }
};

std::optional<MatrixType> matrix_type(std::string_view w) {
  MatrixType m;
  if (!w.empty() && w[0] == 'd') m.is_double = true, w.remove_prefix(1);
  if (w.substr(0, 3) != "mat") return std::nullopt;
  w.remove_prefix(3);
  if (w.size() == 1 && w[0] >= '2' && w[0] <= '4') {
    m.columns = m.rows = w[0] - '0';
    return m;
  }
  if (w.size() == 3 && w[0] >= '2' && w[0] <= '4' && w[1] == 'x' && w[2] >= '2' && w[2] <= '4') {
    m.columns = w[0] - '0';
    m.rows = w[2] - '0';
    return m;
  }
  return std::nullopt;
}

// The source's significant tokens outside preprocessor directives.
class Scan {
 public:
  explicit Scan(std::string_view text) : tokens_(lex(text)) {
    bool line_start = true, directive = false;
    for (size_t i = 0; i < tokens_.size(); ++i) {
      const Token& t = tokens_[i];
      if (t.kind == TokenKind::Newline) {
        line_start = true;
        directive = false;
        continue;
      }
      if (t.kind == TokenKind::Space) continue;
      if (line_start && t.text == "#") directive = true;
      line_start = false;
      if (!directive) sig_.push_back(i);
    }
    // Names declared `const` (with their type's name), and names declared
    // as functions (a type, the name, an opening parenthesis).
    for (size_t k = 0; k + 2 < sig_.size(); ++k) {
      if (tok(k) == "const") {
        size_t t = k + 1;
        while (tok(t) == "lowp" || tok(t) == "mediump" || tok(t) == "highp" || tok(t) == "precise") ++t;
        if (is_type_name(tok(t)) && is_ident(t + 1)) constants_[std::string(tok(t + 1))] = std::string(tok(t));
      }
      if (is_ident(k) && is_ident(k + 1) && tok(k + 2) == "(" &&
          (is_type_name(tok(k)) || tok(k) == "void"))
        functions_.insert(std::string(tok(k + 1)));
    }
  }

  size_t size() const { return sig_.size(); }
  std::string_view tok(size_t k) const { return k < sig_.size() ? tokens_[sig_[k]].text : std::string_view{}; }
  bool is_ident(size_t k) const { return k < sig_.size() && tokens_[sig_[k]].kind == TokenKind::Identifier; }
  bool is_number(size_t k) const { return k < sig_.size() && tokens_[sig_[k]].kind == TokenKind::Number; }
  // Tokens k and k + 1 touch (no white space between them).
  bool adjacent(size_t k) const { return k + 1 < sig_.size() && sig_[k] + 1 == sig_[k + 1]; }
  bool declares_function(std::string_view name) const { return functions_.count(std::string(name)) != 0; }
  const std::string* constant_type(std::string_view name) const {
    auto it = constants_.find(std::string(name));
    return it == constants_.end() ? nullptr : &it->second;
  }

  // The bracket closing the one at `open` (size() when unbalanced).
  size_t closing(size_t open) const {
    const std::string_view o = tok(open), c = o == "(" ? ")" : "]";
    int depth = 0;
    for (size_t k = open; k < sig_.size(); ++k) {
      if (tok(k) == o) ++depth;
      if (tok(k) == c && --depth == 0) return k;
    }
    return sig_.size();
  }
  // The bracket opening the one at `close` (size() when unbalanced).
  size_t opening(size_t close) const {
    const std::string_view c = tok(close), o = c == ")" ? "(" : "[";
    int depth = 0;
    for (size_t k = close + 1; k-- > 0;) {
      if (tok(k) == c) ++depth;
      if (tok(k) == o && --depth == 0) return k;
    }
    return sig_.size();
  }

  // Byte offsets of significant token k's start and end in the text.
  size_t begin_of(size_t k) const { return offset_of_token(sig_[k]); }
  size_t end_of(size_t k) const { return offset_of_token(sig_[k]) + tokens_[sig_[k]].text.size(); }
  // The text of significant tokens [a, b) with what lies between them.
  std::string text_of(size_t a, size_t b, const std::string& text) const {
    return a < b ? text.substr(begin_of(a), end_of(b - 1) - begin_of(a)) : std::string();
  }

  // Whether significant tokens [a, b) spell a constant expression as far as
  // can be told without types: literals, operators, constructors of the
  // basic types, built-in calls, swizzles and names declared const; no
  // assignment, increment, block or statement.
  bool constant_looking(size_t a, size_t b) const {
    if (a >= b) return false;
    for (size_t k = a; k < b; ++k) {
      const std::string_view t = tok(k);
      if (is_number(k)) continue;
      if (is_ident(k)) {
        if (k > a && tok(k - 1) == ".") continue;  // swizzle or .length()
        if (t == "true" || t == "false" || is_type_name(t) || constant_type(t)) continue;
        if (constant_builtins().count(t) && tok(k + 1) == "(" && !declares_function(t)) continue;
        return false;
      }
      if (t == ";" || t == "{" || t == "}") return false;
      if ((t == "+" || t == "-") && adjacent(k) && tok(k + 1) == t) return false;  // ++ / --
      if (t == "=") {
        // Part of ==, !=, <= or >=; not =, +=, <<= and the other assignments.
        const bool comparison = (k > a && adjacent(k - 1) &&
                                 (tok(k - 1) == "=" || tok(k - 1) == "!" || tok(k - 1) == "<" || tok(k - 1) == ">")) ||
                                (adjacent(k) && tok(k + 1) == "=");
        const bool shift_assignment = k >= a + 2 && adjacent(k - 1) && adjacent(k - 2) &&
                                      (tok(k - 1) == "<" || tok(k - 1) == ">") && tok(k - 2) == tok(k - 1);
        if (!comparison || shift_assignment) return false;
      }
    }
    return true;
  }

 private:
  size_t offset_of_token(size_t index) const {
    // Tokens are views into one text: offsets from the first one.
    return static_cast<size_t>(tokens_[index].text.data() - tokens_[0].text.data());
  }

  std::vector<Token> tokens_;
  std::vector<size_t> sig_;
  std::map<std::string, std::string> constants_;
  std::unordered_set<std::string> functions_;
};

struct Edit {
  size_t begin, end;  // byte range replaced
  std::string text;
};

// `(m)[c][r]`: element of the matrix m spells.
std::string element(const std::string& m, int c, int r) {
  return "(" + m + ")[" + std::to_string(c) + "][" + std::to_string(r) + "]";
}

// The determinant of the submatrix of `m` made of `columns` x `rows`
// (expansion along its first column).
std::string determinant_of(const std::string& m, const std::vector<int>& columns, const std::vector<int>& rows) {
  if (columns.size() == 1) return element(m, columns[0], rows[0]);
  if (columns.size() == 2)
    return "(" + element(m, columns[0], rows[0]) + " * " + element(m, columns[1], rows[1]) + " - " +
           element(m, columns[1], rows[0]) + " * " + element(m, columns[0], rows[1]) + ")";
  std::string out = "(";
  const std::vector<int> rest(columns.begin() + 1, columns.end());
  for (size_t i = 0; i < rows.size(); ++i) {
    std::vector<int> minor_rows = rows;
    minor_rows.erase(minor_rows.begin() + static_cast<std::ptrdiff_t>(i));
    out += i == 0 ? "" : (i % 2 ? " - " : " + ");
    out += element(m, columns[0], rows[i]) + " * " + determinant_of(m, rest, minor_rows);
  }
  return out + ")";
}

std::vector<int> indices(int n, int except = -1) {
  std::vector<int> v;
  for (int i = 0; i < n; ++i)
    if (i != except) v.push_back(i);
  return v;
}

// The replacement of one call, or nothing when it cannot be respelled.
std::optional<std::string> respell(std::string_view name, const std::vector<std::string>& args,
                                   const std::vector<std::optional<MatrixType>>& types) {
  if (name == "sinh" || name == "cosh" || name == "tanh" || name == "asinh" || name == "acosh" || name == "atanh") {
    if (args.size() != 1) return std::nullopt;
    const std::string x = "(" + args[0] + ")";
    const std::string ep = "exp(" + x + ")", en = "exp(-" + x + ")";
    if (name == "sinh") return "((" + ep + " - " + en + ") * 0.5)";
    if (name == "cosh") return "((" + ep + " + " + en + ") * 0.5)";
    if (name == "tanh") return "((" + ep + " - " + en + ") / (" + ep + " + " + en + "))";
    // asinh is odd; the logarithm form loses precision for negative x.
    if (name == "asinh") return "(sign(" + x + ") * log(abs(" + x + ") + sqrt(" + x + " * " + x + " + 1.0)))";
    if (name == "acosh") return "log(" + x + " + sqrt(" + x + " * " + x + " - 1.0))";
    return "(0.5 * log((1.0 + " + x + ") / (1.0 - " + x + ")))";
  }
  if (types.empty()) return std::nullopt;
  if (name == "transpose" && args.size() == 1 && types[0]) {
    const MatrixType m = *types[0];
    const MatrixType t{m.is_double, m.rows, m.columns};
    std::string out = t.name() + "(";
    for (int c = 0; c < t.columns; ++c)
      for (int r = 0; r < t.rows; ++r) out += (c || r ? ", " : "") + element(args[0], r, c);
    return out + ")";
  }
  if (name == "matrixCompMult" && args.size() == 2 && (types[0] || types[1])) {
    const MatrixType m = types[0] ? *types[0] : *types[1];
    std::string out = m.name() + "(";
    for (int c = 0; c < m.columns; ++c)
      for (int r = 0; r < m.rows; ++r)
        out += (c || r ? ", " : "") + element(args[0], c, r) + " * " + element(args[1], c, r);
    return out + ")";
  }
  if ((name == "determinant" || name == "inverse") && args.size() == 1 && types[0] &&
      types[0]->columns == types[0]->rows) {
    const MatrixType m = *types[0];
    const std::string det = determinant_of(args[0], indices(m.columns), indices(m.rows));
    if (name == "determinant") return det;
    // inverse[c][r] = cofactor of element (column r, row c) / determinant.
    std::string out = "(" + m.name() + "(";
    for (int c = 0; c < m.columns; ++c) {
      for (int r = 0; r < m.rows; ++r) {
        const std::string minor = determinant_of(args[0], indices(m.columns, r), indices(m.rows, c));
        out += (c || r ? ", " : "") + std::string((c + r) % 2 ? "-" : "") + minor;
      }
    }
    return out + ") * (1.0 / " + det + "))";
  }
  return std::nullopt;
}

// Built-ins glslang does not fold, each with the versions that have it.
bool unfolded_builtin(std::string_view name, int version, bool es) {
  const bool hyperbolic = name == "sinh" || name == "cosh" || name == "tanh" || name == "asinh" ||
                          name == "acosh" || name == "atanh";
  if (hyperbolic) return es ? version >= 300 : version >= 130;
  if (name == "matrixCompMult") return true;
  if (name == "transpose") return es ? version >= 300 : version >= 120;
  if (name == "inverse") return es ? version >= 300 : version >= 140;
  if (name == "determinant") return es ? version >= 300 : version >= 150;
  return false;
}

// The calls of one round: those with no other such call in their arguments.
std::vector<Edit> call_edits(const Scan& s, const std::string& text, int version, bool es) {
  std::vector<Edit> edits;
  for (size_t k = 0; k + 1 < s.size(); ++k) {
    const std::string_view name = s.tok(k);
    if (!s.is_ident(k) || s.tok(k + 1) != "(" || !unfolded_builtin(name, version, es) || s.declares_function(name) ||
        (k > 0 && s.tok(k - 1) == "."))
      continue;
    const size_t close = s.closing(k + 1);
    if (close >= s.size()) continue;
    bool inner_call = false;
    for (size_t j = k + 2; j < close; ++j)
      inner_call = inner_call || (s.is_ident(j) && s.tok(j + 1) == "(" && unfolded_builtin(s.tok(j), version, es));
    if (inner_call || !s.constant_looking(k + 2, close)) continue;
    // Arguments split at the top-level commas, with their matrix types
    // where one can tell: a constructor or a name declared const.
    std::vector<std::string> args;
    std::vector<std::optional<MatrixType>> types;
    size_t start = k + 2;
    for (size_t j = start; j <= close; ++j) {
      if (s.tok(j) == "(" || s.tok(j) == "[") {
        j = s.closing(j);
        continue;
      }
      if (j != close && s.tok(j) != ",") continue;
      if (j == start) break;
      args.push_back(s.text_of(start, j, text));
      std::optional<MatrixType> type;
      if (s.tok(start + 1) == "(" && s.closing(start + 1) + 1 == j) type = matrix_type(s.tok(start));
      if (j == start + 1 && s.constant_type(s.tok(start))) type = matrix_type(*s.constant_type(s.tok(start)));
      types.push_back(type);
      start = j + 1;
    }
    const std::optional<std::string> replacement = respell(name, args, types);
    if (!replacement) continue;
    Edit e{s.begin_of(k), s.end_of(close), *replacement};
    // Newlines inside the call follow its replacement: later lines keep
    // their numbers.
    for (size_t i = e.begin; i < e.end; ++i)
      if (text[i] == '\n') e.text += '\n';
    edits.push_back(std::move(e));
    k = close;
  }
  return edits;
}

// `==` / `!=` between constant-looking operands, wrapped in bool().
std::vector<Edit> equality_edits(const Scan& s) {
  std::vector<Edit> edits;
  auto is_stop = [&](size_t k) {
    const std::string_view t = s.tok(k);
    return t == "(" || t == "[" || t == "{" || t == "}" || t == ";" || t == "," || t == "?" || t == ":" ||
           t == "&" || t == "|" || t == "^" || t == "return";
  };
  for (size_t k = 1; k + 2 < s.size(); ++k) {
    if (!(s.tok(k) == "=" || s.tok(k) == "!") || !s.adjacent(k) || s.tok(k + 1) != "=") continue;
    if (s.tok(k) == "=" && s.adjacent(k - 1) &&
        (s.tok(k - 1) == "=" || s.tok(k - 1) == "!" || s.tok(k - 1) == "<" || s.tok(k - 1) == ">"))
      continue;
    // Left operand: back to the nearest token of lower precedence.
    size_t left = k;
    bool chained = false;
    while (left > 0) {
      const size_t p = left - 1;
      if (s.tok(p) == ")" || s.tok(p) == "]") {
        const size_t o = s.opening(p);
        if (o >= s.size()) break;
        left = o;
        continue;
      }
      if (is_stop(p)) break;
      if (s.tok(p) == "=") {
        // <= and >= bind tighter; another ==, != or an assignment do not.
        const bool relational = p > 0 && s.adjacent(p - 1) && (s.tok(p - 1) == "<" || s.tok(p - 1) == ">");
        if (!relational) {
          chained = p > 0 && s.adjacent(p - 1) && (s.tok(p - 1) == "=" || s.tok(p - 1) == "!");
          break;
        }
      }
      left = p;
    }
    // Right operand: on to the nearest token of lower precedence.
    size_t right = k + 2;
    while (right < s.size()) {
      if (s.tok(right) == "(" || s.tok(right) == "[") {
        const size_t c = s.closing(right);
        if (c >= s.size()) break;
        right = c + 1;
        continue;
      }
      if (s.tok(right) == ")" || s.tok(right) == "]" || is_stop(right)) break;
      if (s.tok(right) == "=" || (s.tok(right) == "!" && s.adjacent(right) && s.tok(right + 1) == "=")) {
        const bool relational =
            s.tok(right) == "=" && right > 0 && s.adjacent(right - 1) && (s.tok(right - 1) == "<" || s.tok(right - 1) == ">");
        if (!relational) {
          chained = true;
          break;
        }
      }
      ++right;
    }
    if (chained || !s.constant_looking(left, k) || !s.constant_looking(k + 2, right)) continue;
    edits.push_back({s.begin_of(left), s.begin_of(left), "bool("});
    edits.push_back({s.end_of(right - 1), s.end_of(right - 1), ")"});
  }
  return edits;
}

std::string apply(std::string text, std::vector<Edit> edits) {
  // Last first, so earlier offsets stay valid; at one offset, closing
  // parentheses before opening ones.
  std::stable_sort(edits.begin(), edits.end(), [](const Edit& a, const Edit& b) {
    if (a.begin != b.begin) return a.begin > b.begin;
    return a.text == "bool(" && b.text == ")";
  });
  for (const Edit& e : edits) text.replace(e.begin, e.end - e.begin, e.text);
  return text;
}

bool mentions_any(const std::string& text, std::initializer_list<std::string_view> words) {
  for (std::string_view w : words)
    if (text.find(w) != std::string::npos) return true;
  return false;
}

}  // namespace

std::string fold_constant_builtin_calls(std::string text, int version, bool es) {
  // Rounds: innermost calls first, so a respelled constructor is the
  // argument the enclosing call sees; a call that stays (not constant, or
  // of unknown size) keeps the calls around it too.
  if (mentions_any(text, {"sinh", "cosh", "tanh", "asinh", "acosh", "atanh", "transpose", "matrixCompMult",
                          "determinant", "inverse"})) {
    for (int round = 0; round < 16; ++round) {
      const Scan s(text);
      std::vector<Edit> edits = call_edits(s, text, version, es);
      if (edits.empty()) break;
      text = apply(std::move(text), std::move(edits));
    }
  }
  if (text.find("==") != std::string::npos || text.find("!=") != std::string::npos) {
    const Scan s(text);
    text = apply(std::move(text), equality_edits(s));
  }
  return text;
}

}  // namespace brass::compiler
