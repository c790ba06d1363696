#include "compiler/es100_builtin_overloads.h"

#include <array>
#include <cctype>

namespace brass::compiler {
namespace {

// One signature shape of a built-in. Type letters: T genType (float, vec2,
// vec3, vec4), f float, V vecN, I ivecN, B bvecN (N = 2..4), b bool, M matN
// (N = 2..4), 3 vec3. `family` says what N ranges over.
enum class Family { GenType, Vector, Matrix, Fixed };
struct Signature {
  const char* name;
  Family family;
  const char* result;  // one letter
  const char* params;  // one letter per parameter
};

constexpr Signature kSignatures[] = {
    // Angle and trigonometry (ESSL 1.00 §8.1).
    {"radians", Family::GenType, "T", "T"},
    {"degrees", Family::GenType, "T", "T"},
    {"sin", Family::GenType, "T", "T"},
    {"cos", Family::GenType, "T", "T"},
    {"tan", Family::GenType, "T", "T"},
    {"asin", Family::GenType, "T", "T"},
    {"acos", Family::GenType, "T", "T"},
    {"atan", Family::GenType, "T", "TT"},
    {"atan", Family::GenType, "T", "T"},
    // Exponential (§8.2).
    {"pow", Family::GenType, "T", "TT"},
    {"exp", Family::GenType, "T", "T"},
    {"log", Family::GenType, "T", "T"},
    {"exp2", Family::GenType, "T", "T"},
    {"log2", Family::GenType, "T", "T"},
    {"sqrt", Family::GenType, "T", "T"},
    {"inversesqrt", Family::GenType, "T", "T"},
    // Common (§8.3).
    {"abs", Family::GenType, "T", "T"},
    {"sign", Family::GenType, "T", "T"},
    {"floor", Family::GenType, "T", "T"},
    {"ceil", Family::GenType, "T", "T"},
    {"fract", Family::GenType, "T", "T"},
    {"mod", Family::GenType, "T", "Tf"},
    {"mod", Family::GenType, "T", "TT"},
    {"min", Family::GenType, "T", "TT"},
    {"min", Family::GenType, "T", "Tf"},
    {"max", Family::GenType, "T", "TT"},
    {"max", Family::GenType, "T", "Tf"},
    {"clamp", Family::GenType, "T", "TTT"},
    {"clamp", Family::GenType, "T", "Tff"},
    {"mix", Family::GenType, "T", "TTT"},
    {"mix", Family::GenType, "T", "TTf"},
    {"step", Family::GenType, "T", "TT"},
    {"step", Family::GenType, "T", "fT"},
    {"smoothstep", Family::GenType, "T", "TTT"},
    {"smoothstep", Family::GenType, "T", "ffT"},
    // Geometric (§8.4).
    {"length", Family::GenType, "f", "T"},
    {"distance", Family::GenType, "f", "TT"},
    {"dot", Family::GenType, "f", "TT"},
    {"cross", Family::Fixed, "3", "33"},
    {"normalize", Family::GenType, "T", "T"},
    {"faceforward", Family::GenType, "T", "TTT"},
    {"reflect", Family::GenType, "T", "TT"},
    {"refract", Family::GenType, "T", "TTf"},
    // Matrix (§8.5).
    {"matrixCompMult", Family::Matrix, "M", "MM"},
    // Vector relational (§8.6).
    {"lessThan", Family::Vector, "B", "VV"},
    {"lessThan", Family::Vector, "B", "II"},
    {"lessThanEqual", Family::Vector, "B", "VV"},
    {"lessThanEqual", Family::Vector, "B", "II"},
    {"greaterThan", Family::Vector, "B", "VV"},
    {"greaterThan", Family::Vector, "B", "II"},
    {"greaterThanEqual", Family::Vector, "B", "VV"},
    {"greaterThanEqual", Family::Vector, "B", "II"},
    {"equal", Family::Vector, "B", "VV"},
    {"equal", Family::Vector, "B", "II"},
    {"equal", Family::Vector, "B", "BB"},
    {"notEqual", Family::Vector, "B", "VV"},
    {"notEqual", Family::Vector, "B", "II"},
    {"notEqual", Family::Vector, "B", "BB"},
    {"any", Family::Vector, "b", "B"},
    {"all", Family::Vector, "b", "B"},
    {"not", Family::Vector, "B", "B"},
};

bool is_builtin(std::string_view name) {
  for (const Signature& s : kSignatures)
    if (name == s.name) return true;
  return false;
}

// The declared type of letter `c` for size n, with its precision.
std::string type_of(char c, int n) {
  const std::string size = std::to_string(n);
  switch (c) {
    case 'T': return n == 1 ? "highp float" : "highp vec" + size;
    case 'f': return "highp float";
    case 'V': return "highp vec" + size;
    case 'I': return "highp ivec" + size;
    case 'B': return "bvec" + size;
    case 'b': return "bool";
    case 'M': return "highp mat" + size;
    default: return "highp vec3";  // '3'
  }
}

}  // namespace

std::set<std::string> user_overloaded_builtins(const std::vector<Token>& tokens) {
  std::set<std::string> out;
  int braces = 0;
  bool line_start = true, in_directive = false;
  std::string_view previous;  // previous code token at global scope
  for (size_t i = 0; i < tokens.size(); ++i) {
    const Token& t = tokens[i];
    if (t.kind == TokenKind::Newline) {
      line_start = true;
      in_directive = false;
      continue;
    }
    if (t.kind == TokenKind::Space) continue;
    if (line_start && t.text == "#") in_directive = true;
    line_start = false;
    if (in_directive) continue;
    if (t.text == "{") ++braces;
    if (t.text == "}") --braces;
    if (braces != 0) continue;
    // `<type> name (` at global scope declares or defines a function; a
    // call there could only follow `=`, `(` or an operator.
    if (t.kind == TokenKind::Identifier && is_builtin(t.text)) {
      size_t k = i + 1;
      while (k < tokens.size() && (tokens[k].kind == TokenKind::Space || tokens[k].kind == TokenKind::Newline)) ++k;
      const bool after_type = !previous.empty() && (std::isalpha(static_cast<unsigned char>(previous[0])) ||
                                                    previous[0] == '_');
      if (k < tokens.size() && tokens[k].text == "(" && after_type) out.emplace(t.text);
    }
    previous = t.text;
  }
  return out;
}

std::string builtin_overload_wrappers(std::string_view builtin, std::string_view wrapper) {
  std::string out;
  std::set<std::string> seen;  // float forms of "T(T, f)" and "T(T, T)" coincide
  for (const Signature& s : kSignatures) {
    if (builtin != s.name) continue;
    const std::array<int, 4> sizes = s.family == Family::GenType ? std::array<int, 4>{1, 2, 3, 4}
                                     : s.family == Family::Fixed ? std::array<int, 4>{3, 0, 0, 0}
                                                                 : std::array<int, 4>{2, 3, 4, 0};
    for (int n : sizes) {
      if (n == 0) continue;
      std::string params, args;
      for (size_t p = 0; s.params[p]; ++p) {
        if (p) {
          params += ", ";
          args += ", ";
        }
        params += type_of(s.params[p], n) + " a" + std::to_string(p);
        args += "a" + std::to_string(p);
      }
      if (!seen.insert(params).second) continue;
      out += type_of(s.result[0], n) + " " + std::string(wrapper) + "(" + params + ") { return " +
             std::string(builtin) + "(" + args + "); }\n";
    }
  }
  return out;
}

}  // namespace brass::compiler
