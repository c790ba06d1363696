// Recursive descent over the tokens of an integer constant expression
// (glsl_constant_expression.h), by GLSL's precedence: unary, then
// multiplicative, additive, shifts.
#include "compiler/glsl_constant_expression.h"

#include <charconv>

namespace brass::compiler {
namespace {

constexpr int64_t kMin = INT32_MIN, kMax = UINT32_MAX;

class Evaluator {
 public:
  Evaluator(std::span<const std::string_view> tokens, const std::map<std::string, int64_t, std::less<>>& constants)
      : t_(tokens), constants_(constants) {}

  std::optional<int64_t> run() {
    std::optional<int64_t> v = shift();
    if (!v || k_ != t_.size()) return std::nullopt;
    return v;
  }

 private:
  std::string_view at(size_t k) const { return k < t_.size() ? t_[k] : std::string_view{}; }
  static std::optional<int64_t> bounded(int64_t v) {
    if (v < kMin || v > kMax) return std::nullopt;
    return v;
  }

  std::optional<int64_t> shift() {
    std::optional<int64_t> v = additive();
    while (v && (at(k_) == "<" || at(k_) == ">") && at(k_ + 1) == at(k_)) {
      const bool left = at(k_) == "<";
      k_ += 2;
      const std::optional<int64_t> r = additive();
      if (!r || *r < 0 || *r > 31) return std::nullopt;
      v = bounded(left ? *v * (int64_t{1} << *r) : *v >> *r);
    }
    return v;
  }
  std::optional<int64_t> additive() {
    std::optional<int64_t> v = multiplicative();
    while (v && (at(k_) == "+" || at(k_) == "-")) {
      const bool plus = at(k_++) == "+";
      const std::optional<int64_t> r = multiplicative();
      if (!r) return std::nullopt;
      v = bounded(plus ? *v + *r : *v - *r);
    }
    return v;
  }
  std::optional<int64_t> multiplicative() {
    std::optional<int64_t> v = unary();
    while (v && (at(k_) == "*" || at(k_) == "/" || at(k_) == "%")) {
      const std::string_view op = at(k_++);
      const std::optional<int64_t> r = unary();
      if (!r || (op != "*" && *r == 0)) return std::nullopt;
      // Operands are within 32 bits: products fit in 64.
      v = bounded(op == "*" ? *v * *r : op == "/" ? *v / *r : *v % *r);
    }
    return v;
  }
  std::optional<int64_t> unary() {
    if (at(k_) == "-" || at(k_) == "+") {
      const bool minus = at(k_++) == "-";
      const std::optional<int64_t> v = unary();
      if (!v) return std::nullopt;
      return bounded(minus ? -*v : *v);
    }
    if (at(k_) == "(") {
      ++k_;
      const std::optional<int64_t> v = shift();
      if (!v || at(k_) != ")") return std::nullopt;
      ++k_;
      return v;
    }
    std::string_view s = at(k_);
    if (s.empty()) return std::nullopt;
    if (const auto c = constants_.find(s); c != constants_.end()) {
      ++k_;
      return bounded(c->second);
    }
    if (s.back() == 'u' || s.back() == 'U') s.remove_suffix(1);
    int base = 10;
    if (s.size() > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
      base = 16;
      s.remove_prefix(2);
    } else if (s.size() > 1 && s[0] == '0') {
      base = 8;
      s.remove_prefix(1);
    }
    int64_t v = 0;
    auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v, base);
    if (s.empty() || ec != std::errc{} || end != s.data() + s.size()) return std::nullopt;
    ++k_;
    return bounded(v);
  }

  std::span<const std::string_view> t_;
  const std::map<std::string, int64_t, std::less<>>& constants_;
  size_t k_ = 0;
};

}  // namespace

std::optional<int64_t> evaluate_integer_expression(std::span<const std::string_view> tokens,
                                                   const std::map<std::string, int64_t, std::less<>>& constants) {
  return Evaluator(tokens, constants).run();
}

}  // namespace brass::compiler
