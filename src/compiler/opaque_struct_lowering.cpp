#include "compiler/opaque_struct_lowering.h"

#include <algorithm>
#include <charconv>
#include <cstdlib>
#include <map>
#include <optional>

#include "compiler/significant_tokens.h"

namespace brass::compiler {

namespace {

bool is_opaque_type(std::string_view t) {
  auto starts = [t](std::string_view p) { return t.substr(0, p.size()) == p; };
  return starts("sampler") || starts("isampler") || starts("usampler") || starts("image") || starts("iimage") ||
         starts("uimage") || t == "atomic_uint";
}

bool is_precision(std::string_view t) { return t == "lowp" || t == "mediump" || t == "highp"; }

struct StructDef;

struct Member {
  std::string name;
  std::string type;
  std::string precision;
  uint32_t array_length = 0;
  std::vector<uint32_t> inner;  // an array of arrays' inner dimensions
  bool opaque = false;
  const StructDef* struct_type = nullptr;
};

struct StructDef {
  std::vector<Member> members;
  bool has_opaque = false;
  // Token ranges [first, last] of the member declarations to drop.
  std::vector<std::pair<size_t, size_t>> opaque_declarations;
};

struct Variable {
  const StructDef* type = nullptr;
  uint32_t array_length = 0;
  // An array of arrays' inner dimensions (ARB_arrays_of_arrays, GLSL ES
  // 3.10): path components without a name, so leaves are named
  // "s[1][0].tex".
  std::vector<uint32_t> inner;
};

struct Leaf {
  std::string flat_name;
  std::string type;
  std::string precision;
  uint32_t flat_size = 1;
  bool is_array = false;
};

// Function parameters' lowered samplers: not uniforms, so another prefix
// (reflection must not decode them).
constexpr std::string_view kLoweredParameterPrefix = "brass_op_";

std::string encode(const std::vector<LoweredPathComponent>& path, std::string_view prefix = kLoweredOpaquePrefix) {
  std::string out(prefix);
  for (size_t i = 0; i < path.size(); ++i) {
    if (i) out += '_';
    out += std::to_string(path[i].name.size()) + "_" + path[i].name + "_" + std::to_string(path[i].array_length);
  }
  return out;
}

void collect_leaves(const StructDef& s, std::vector<LoweredPathComponent>& path, std::vector<Leaf>* out,
                    std::string_view prefix = kLoweredOpaquePrefix) {
  for (const Member& m : s.members) {
    path.push_back({m.name, m.array_length});
    for (uint32_t n : m.inner) path.push_back({"", n});
    if (m.struct_type && m.struct_type->has_opaque) {
      collect_leaves(*m.struct_type, path, out, prefix);
    } else if (m.opaque) {
      Leaf leaf;
      leaf.flat_name = encode(path, prefix);
      leaf.type = m.type;
      leaf.precision = m.precision;
      for (const LoweredPathComponent& c : path) {
        if (c.array_length) {
          leaf.flat_size *= c.array_length;
          leaf.is_array = true;
        }
      }
      out->push_back(std::move(leaf));
    }
    path.resize(path.size() - 1 - m.inner.size());
  }
}

class Lowering : SignificantTokens {
 public:
  explicit Lowering(std::string_view text) : SignificantTokens(text) {}

  std::string run() {
    if (!parse_structs() || !any_opaque_struct_) return std::string(text_);
    if (!parse_uniforms() || variables_.empty()) return std::string(text_);
    if (!parse_functions() || !rewrite_calls() || !rewrite_uses()) return std::string(text_);
    return assemble();
  }

 private:
  bool parse_structs() {
    for (size_t k = 0; k + 2 < sig_.size(); ++k) {
      if (tok(k) != "struct" || !is_ident(k + 1) || tok(k + 2) != "{") continue;
      const size_t close = matching(k + 2);
      if (close >= sig_.size()) return false;
      StructDef def;
      bool supported = true;
      for (size_t d = k + 3; d < close;) {
        size_t end = d;
        while (end < close && tok(end) != ";") ++end;
        if (!parse_member_declaration(d, end, &def)) supported = false;
        d = end + 1;
      }
      const std::string name(tok(k + 1));
      struct_bodies_.push_back({k + 2, close});
      if (def.has_opaque) {
        // A variable declared with the definition, or a definition we could
        // not read, cannot be lowered.
        if (!supported || tok(close + 1) != ";") return false;
        any_opaque_struct_ = true;
      }
      structs_[name] = std::move(def);
      k = close;
    }
    return true;
  }

  bool parse_member_declaration(size_t begin, size_t end, StructDef* def) {
    size_t k = begin;
    std::string precision;
    while (k < end && (is_precision(tok(k)) || tok(k) == "const")) {
      if (is_precision(tok(k))) precision = std::string(tok(k));
      ++k;
    }
    if (k >= end || !is_ident(k)) return false;
    const std::string type(tok(k++));
    const auto nested = structs_.find(type);
    const StructDef* struct_type = nested == structs_.end() ? nullptr : &nested->second;
    const bool opaque = is_opaque_type(type);
    bool ok = true;
    while (k < end) {
      if (!is_ident(k)) return false;
      Member m;
      m.name = std::string(tok(k++));
      m.type = type;
      m.precision = precision;
      m.opaque = opaque;
      m.struct_type = struct_type;
      while (tok(k) == "[") {
        const auto n = literal(k + 1);
        if (!n || tok(k + 2) != "]") ok = false;
        if (m.array_length) m.inner.push_back(n.value_or(1));
        else m.array_length = n.value_or(1);
        k = matching(k) + 1;
      }
      def->members.push_back(std::move(m));
      if (tok(k) == ",") ++k;
    }
    if (opaque || (struct_type && struct_type->has_opaque)) def->has_opaque = true;
    if (opaque) def->opaque_declarations.push_back({sig_[begin], sig_[end]});
    return ok;
  }

  bool parse_uniforms() {
    for (size_t k = 0; k < sig_.size(); ++k) {
      if (tok(k) != "uniform") continue;
      size_t t = k + 1;
      std::string precision;
      while (is_precision(tok(t))) precision = std::string(tok(t++));
      const auto s = structs_.find(std::string(tok(t)));
      if (s == structs_.end() || !s->second.has_opaque) continue;
      size_t d = t + 1;
      size_t end = d;
      while (end < sig_.size() && tok(end) != ";") ++end;
      if (end >= sig_.size()) return false;
      std::vector<Leaf> declared;
      while (d < end) {
        if (!is_ident(d)) return false;
        const std::string name(tok(d));
        declarators_.push_back(d++);
        Variable v;
        v.type = &s->second;
        while (tok(d) == "[") {
          const auto n = literal(d + 1);
          if (!n || tok(d + 2) != "]") return false;
          if (v.array_length) v.inner.push_back(*n);
          else v.array_length = *n;
          d += 3;
        }
        if (tok(d) == "=") return false;  // structs with samplers have no initializers
        std::vector<LoweredPathComponent> path{{name, v.array_length}};
        for (uint32_t n : v.inner) path.push_back({"", n});
        collect_leaves(*v.type, path, &declared);
        variables_[name] = v;
        if (tok(d) == ",") ++d;
      }
      std::string decl;
      for (const Leaf& l : declared) {
        decl += " uniform ";
        if (!l.precision.empty()) decl += l.precision + " ";
        decl += l.type + " " + l.flat_name;
        if (l.is_array) decl += "[" + std::to_string(l.flat_size) + "]";
        decl += ";";
      }
      insert_after_[sig_[end]] += decl;
      k = end;
    }
    return true;
  }

  // A struct parameter of a function: its opaque leaves become parameters
  // of their own after it (`vec4 f(S s)` -> `vec4 f(S s, in sampler2D
  // brass_op_..._tex)`), read in the body as the uniforms' leaves are.
  struct Parameter {
    std::string name;
    Variable var;
    size_t body_begin = 0, body_end = 0;  // sig indices of the body's braces
  };
  struct Function {
    size_t parameter_count = 0;
    std::vector<std::pair<size_t, Variable>> struct_parameters;  // by position
  };

  static bool same(const Variable& a, const Variable& b) {
    return a.type == b.type && a.array_length == b.array_length && a.inner == b.inner;
  }

  // The lowered variable (uniform, or parameter of the function whose body
  // holds sig index k) called `name` there, with the prefix of its leaves.
  std::optional<std::pair<Variable, std::string_view>> lookup(std::string_view name, size_t k) const {
    for (const Parameter& p : parameters_)
      if (p.name == name && k > p.body_begin && k < p.body_end) return std::pair{p.var, kLoweredParameterPrefix};
    if (auto v = variables_.find(std::string(name)); v != variables_.end())
      return std::pair{v->second, kLoweredOpaquePrefix};
    return std::nullopt;
  }

  bool parse_functions() {
    int depth = 0;
    for (size_t k = 0; k < sig_.size(); ++k) {
      if (tok(k) == "{") ++depth;
      if (tok(k) == "}") --depth;
      if (depth != 0 || k == 0 || !is_ident(k - 1) || !is_ident(k) || tok(k + 1) != "(") continue;
      const size_t open = k + 1, close = matching(open);
      if (close >= sig_.size()) return false;
      const bool definition = tok(close + 1) == "{";
      if (!definition && tok(close + 1) != ";") continue;
      Function f;
      for (size_t p = open + 1; p < close; ++f.parameter_count) {
        size_t end = p;
        for (int d = 0; end < close && !(d == 0 && tok(end) == ","); ++end) {
          if (tok(end) == "(" || tok(end) == "[") ++d;
          if (tok(end) == ")" || tok(end) == "]") --d;
        }
        size_t t = p;
        while (t < end && (tok(t) == "in" || tok(t) == "const" || is_precision(tok(t)))) ++t;
        const auto s = structs_.find(std::string(tok(t)));
        if (s != structs_.end() && s->second.has_opaque) {
          Variable v{&s->second, 0};
          size_t after = t + 1;
          std::string name;
          if (after < end && is_ident(after)) {
            declarators_.push_back(after);
            name = std::string(tok(after++));
          }
          if (tok(after) == "[") {
            const auto n = literal(after + 1);
            if (!n || tok(after + 2) != "]") return false;
            v.array_length = *n;
            after += 3;
          }
          if (after != end) return false;  // out/inout, or something unexpected
          // A prototype may leave its parameter unnamed.
          std::vector<LoweredPathComponent> path{{name.empty() ? "p" + std::to_string(f.parameter_count) : name,
                                                  v.array_length}};
          std::vector<Leaf> leaves;
          collect_leaves(*v.type, path, &leaves, kLoweredParameterPrefix);
          std::string extra;
          for (const Leaf& l : leaves) {
            extra += ", in ";
            if (!l.precision.empty()) extra += l.precision + " ";
            extra += l.type + " " + l.flat_name;
            if (l.is_array) extra += "[" + std::to_string(l.flat_size) + "]";
          }
          insert_after_[sig_[end - 1]] += extra;
          f.struct_parameters.push_back({f.parameter_count, v});
          if (definition && !name.empty()) parameters_.push_back({name, v, close + 1, matching(close + 1)});
        }
        p = end + 1;
      }
      declaration_names_.push_back(k);
      if (!f.struct_parameters.empty()) {
        auto [it, first] = functions_.emplace(std::string(tok(k)), f);
        const auto& a = it->second.struct_parameters;
        const auto& b = f.struct_parameters;
        // Overloads of one name: only one struct-parameter shape is supported.
        if (!first && (it->second.parameter_count != f.parameter_count || a.size() != b.size() ||
                       !std::equal(a.begin(), a.end(), b.begin(), [](const auto& x, const auto& y) {
                         return x.first == y.first && same(x.second, y.second);
                       })))
          return false;
      }
      k = close;
    }
    return true;
  }

  // Calls pass the argument's opaque leaves after it: a whole variable its
  // flat arrays, an element `v[i]` of a struct array its elements of them.
  bool rewrite_calls() {
    for (size_t k = 0; k < sig_.size(); ++k) {
      const auto f = functions_.find(std::string(tok(k)));
      if (f == functions_.end() || tok(k + 1) != "(") continue;
      if (std::find(declaration_names_.begin(), declaration_names_.end(), k) != declaration_names_.end()) continue;
      const size_t open = k + 1, close = matching(open);
      if (close >= sig_.size()) return false;
      std::vector<std::pair<size_t, size_t>> args;  // [first, end) sig ranges
      for (size_t a = open + 1; a < close;) {
        size_t end = a;
        for (int d = 0; end < close && !(d == 0 && tok(end) == ","); ++end) {
          if (tok(end) == "(" || tok(end) == "[") ++d;
          if (tok(end) == ")" || tok(end) == "]") --d;
        }
        args.push_back({a, end});
        a = end + 1;
      }
      if (args.size() != f->second.parameter_count) continue;  // another overload
      for (const auto& [index, param] : f->second.struct_parameters) {
        const auto [a, end] = args[index];
        const auto found = lookup(tok(a), a);
        if (!is_ident(a) || !found) return false;
        const auto& [var, prefix] = *found;
        if (!var.inner.empty()) return false;  // arrays of arrays are not passed to functions
        std::vector<LoweredPathComponent> path{{std::string(tok(a)), var.array_length}};
        std::vector<Leaf> leaves;
        collect_leaves(*var.type, path, &leaves, prefix);
        std::string extra;
        if (end == a + 1 && same(var, param)) {
          for (const Leaf& l : leaves) extra += ", " + l.flat_name;
        } else if (tok(a + 1) == "[" && matching(a + 1) + 1 == end && var.type == param.type && var.array_length &&
                   !param.array_length) {
          // One element: each leaf must be one sampler per element.
          const std::string index_expr = text_of(a + 2, end - 1);
          for (const Leaf& l : leaves) {
            if (l.flat_size != var.array_length) return false;
            extra += ", " + l.flat_name + "[(" + index_expr + ")]";
          }
        } else {
          return false;
        }
        insert_after_[sig_[end - 1]] += extra;
        passed_whole_.push_back(a);
      }
      k = open;
    }
    return true;
  }

  // Every use `v[i].m[j].tex` of a lowered variable that ends at an opaque
  // member becomes the flat uniform indexed by the linearized indices.
  bool rewrite_uses() {
    for (size_t k = 0; k < sig_.size(); ++k) {
      if (!is_ident(k) || (k > 0 && tok(k - 1) == ".")) continue;
      // A struct member may share a lowered variable's name; it is no use.
      if (std::any_of(struct_bodies_.begin(), struct_bodies_.end(),
                      [k](const auto& body) { return k > body.first && k < body.second; }))
        continue;
      const auto found = lookup(tok(k), k);
      if (!found) continue;
      if (std::find(declarators_.begin(), declarators_.end(), k) != declarators_.end()) continue;
      if (std::find(passed_whole_.begin(), passed_whole_.end(), k) != passed_whole_.end()) continue;
      const auto& [variable, prefix] = *found;
      std::vector<LoweredPathComponent> path{{std::string(tok(k)), variable.array_length}};
      std::vector<std::pair<std::string, uint32_t>> indices;  // expression, array length
      size_t pos = k + 1;
      auto take_index = [&](uint32_t length) {
        if (tok(pos) != "[") return false;
        const size_t close = matching(pos);
        if (close >= sig_.size()) return false;
        indices.push_back({text_of(pos + 1, close), length});
        pos = close + 1;
        return true;
      };
      if (variable.array_length && !take_index(variable.array_length)) return false;
      for (uint32_t n : variable.inner) {
        path.push_back({"", n});
        if (!take_index(n)) return false;
      }
      const StructDef* type = variable.type;
      bool done = false;
      while (!done) {
        // Only structs holding opaque members get here: used whole (passed
        // to a function, assigned), they cannot be lowered.
        if (tok(pos) != "." || !is_ident(pos + 1)) return false;
        const Member* member = nullptr;
        for (const Member& m : type->members)
          if (m.name == tok(pos + 1)) member = &m;
        if (!member) return false;
        pos += 2;
        path.push_back({member->name, member->array_length});
        const bool holds_opaque = member->opaque || (member->struct_type && member->struct_type->has_opaque);
        if (!holds_opaque) break;  // a plain member: the struct keeps it
        if (member->array_length && !take_index(member->array_length)) return false;
        for (uint32_t n : member->inner) {
          path.push_back({"", n});
          if (!take_index(n)) return false;
        }
        if (member->opaque) {
          std::string replacement = encode(path, prefix);
          if (!indices.empty()) {
            std::string linear;
            for (size_t i = 0; i < indices.size(); ++i) {
              uint32_t scale = 1;
              for (size_t j = i + 1; j < indices.size(); ++j) scale *= indices[j].second;
              if (i) linear += " + ";
              linear += "(" + indices[i].first + ")";
              if (scale != 1) linear += " * " + std::to_string(scale);
            }
            replacement += "[" + linear + "]";
          }
          replace_[sig_[k]] = {sig_[pos - 1], std::move(replacement)};
          done = true;
        } else {
          type = member->struct_type;
        }
      }
      k = pos - 1;
    }
    return true;
  }

  std::string assemble() const {
    // Member declarations that go: their newlines stay, so lines keep their
    // numbers; a struct left empty gets a placeholder member.
    std::map<size_t, size_t> dropped;
    std::map<size_t, bool> first_of_struct;
    for (const auto& [name, def] : structs_) {
      if (def.opaque_declarations.empty()) continue;
      const bool emptied = def.opaque_declarations.size() == def.members.size() ||
                           std::all_of(def.members.begin(), def.members.end(), [](const Member& m) { return m.opaque; });
      for (size_t i = 0; i < def.opaque_declarations.size(); ++i) {
        dropped[def.opaque_declarations[i].first] = def.opaque_declarations[i].second;
        if (i == 0 && emptied) first_of_struct[def.opaque_declarations[i].first] = true;
      }
    }
    std::string out;
    out.reserve(text_.size() + 256);
    for (size_t t = 0; t < tokens_.size(); ++t) {
      if (auto d = dropped.find(t); d != dropped.end()) {
        if (first_of_struct.count(t)) out += "highp float brass_os_placeholder;";
        for (size_t u = t; u <= d->second; ++u)
          if (tokens_[u].kind == TokenKind::Newline) out += tokens_[u].text;
        t = d->second;
        continue;
      }
      if (auto r = replace_.find(t); r != replace_.end()) {
        out += r->second.second;
        for (size_t u = t; u <= r->second.first; ++u)
          if (tokens_[u].kind == TokenKind::Newline) out += tokens_[u].text;
        t = r->second.first;
        continue;
      }
      out += tokens_[t].text;
      if (auto ins = insert_after_.find(t); ins != insert_after_.end()) out += ins->second;
    }
    return out;
  }

  std::map<std::string, StructDef> structs_;
  bool any_opaque_struct_ = false;
  std::map<std::string, Variable> variables_;
  std::vector<std::pair<size_t, size_t>> struct_bodies_;  // sig indices of each struct's braces
  std::vector<size_t> declarators_;  // sig indices of lowered variables' and struct parameters' names
  std::vector<Parameter> parameters_;
  std::map<std::string, Function> functions_;  // functions with struct parameters holding opaque members
  std::vector<size_t> declaration_names_;      // sig indices of function names where declared
  std::vector<size_t> passed_whole_;           // sig indices of struct arguments (rewritten by rewrite_calls)
  std::map<size_t, std::string> insert_after_;                     // token index -> text
  std::map<size_t, std::pair<size_t, std::string>> replace_;       // first token -> (last token, text)
};

}  // namespace

std::string lower_opaque_struct_members(std::string_view text) {
  if (text.find("struct") == std::string_view::npos) return std::string(text);
  return Lowering(text).run();
}

std::optional<std::vector<LoweredPathComponent>> decode_lowered_opaque_name(std::string_view name) {
  if (name.substr(0, kLoweredOpaquePrefix.size()) != kLoweredOpaquePrefix) return std::nullopt;
  std::string_view rest = name.substr(kLoweredOpaquePrefix.size());
  if (const size_t bracket = rest.find('['); bracket != std::string_view::npos) rest = rest.substr(0, bracket);
  std::vector<LoweredPathComponent> path;
  auto number = [&rest](uint32_t* v) {
    auto [end, ec] = std::from_chars(rest.data(), rest.data() + rest.size(), *v);
    if (ec != std::errc{}) return false;
    rest.remove_prefix(static_cast<size_t>(end - rest.data()));
    return true;
  };
  while (!rest.empty()) {
    uint32_t length = 0;
    LoweredPathComponent c;
    if (!number(&length) || rest.size() < length + 2 || rest[0] != '_') return std::nullopt;
    c.name = std::string(rest.substr(1, length));
    rest.remove_prefix(length + 1);
    if (rest.empty() || rest[0] != '_') return std::nullopt;
    rest.remove_prefix(1);
    if (!number(&c.array_length)) return std::nullopt;
    path.push_back(std::move(c));
    if (!rest.empty()) {
      if (rest[0] != '_') return std::nullopt;
      rest.remove_prefix(1);
    }
  }
  if (path.empty()) return std::nullopt;
  return path;
}

// The explicit location of an element uniform of a sampler lowered out of
// a structure at an explicit location ("s.si[1][0].tex", "s.tex[1][0]" of
// `sampler2D tex[2][3]`): its member's location (explicit_uniform_locations
// lists each leaf member, an array of arrays whole) plus the locations of
// the member's elements before it. -1: none.
int32_t lowered_sampler_location(const std::vector<LoweredPathComponent>& path, const std::string& name,
                                 const std::map<std::string, int>& explicit_locations) {
  const size_t dot = name.rfind('.');
  const size_t open = name.find('[', dot == std::string::npos ? 0 : dot);
  const auto found = explicit_locations.find(name.substr(0, open));
  if (found == explicit_locations.end()) return -1;
  if (open == std::string::npos) return found->second;
  // The member's dimensions: its own path component and the unnamed ones
  // after it (the inner dimensions of an array of arrays).
  size_t member = path.size() - 1;
  while (member > 0 && path[member].name.empty()) --member;
  std::vector<uint32_t> lengths;
  for (size_t c = member; c < path.size(); ++c)
    if (path[c].array_length) lengths.push_back(path[c].array_length);
  int64_t flat = 0;
  size_t d = 0;
  for (size_t at = open; at != std::string::npos && d < lengths.size(); at = name.find('[', at + 1), ++d)
    flat = flat * lengths[d] + std::atoi(name.c_str() + at + 1);
  for (; d < lengths.size(); ++d) flat *= lengths[d];
  return found->second + static_cast<int32_t>(flat);
}

}  // namespace brass::compiler
