// Source lowering of shader subroutines (subroutines.h).
#include "compiler/subroutines.h"

#include <algorithm>
#include <map>
#include <set>

#include "compiler/glsl_constant_expression.h"
#include "compiler/glsl_normalize.h"
#include "compiler/significant_tokens.h"

namespace brass::compiler {
namespace {

constexpr std::string_view kSelectionPrefix = "brass_subroutines_";
constexpr std::string_view kArrayCallPrefix = "brass_subroutine_call_";

const char* stage_suffix(ShaderStage s) {
  switch (s) {
    case ShaderStage::Vertex: return "vs";
    case ShaderStage::TessControl: return "tcs";
    case ShaderStage::TessEval: return "tes";
    case ShaderStage::Geometry: return "gs";
    case ShaderStage::Fragment: return "fs";
    case ShaderStage::Compute: return "cs";
  }
  return "vs";
}

bool is_precision(std::string_view t) { return t == "lowp" || t == "mediump" || t == "highp"; }

bool is_parameter_qualifier(std::string_view t) {
  return t == "const" || t == "in" || t == "out" || t == "inout" || is_precision(t) || t == "precise" ||
         t == "coherent" || t == "volatile" || t == "restrict" || t == "readonly" || t == "writeonly";
}

// One parameter of a subroutine type or function.
struct Parameter {
  std::string signature;  // direction, type and every array size: what must match
  std::string qualifiers;  // as written (for the dispatch function)
  std::string type;        // type with its own array sizes, as written
  std::string name_dims;   // array sizes written after the name
};

struct Signature {
  std::string return_type;  // normalized (precision dropped)
  std::string return_text;  // as written
  std::vector<Parameter> parameters;
  bool matches(const Signature& o) const {
    if (return_type != o.return_type || parameters.size() != o.parameters.size()) return false;
    for (size_t i = 0; i < parameters.size(); ++i)
      if (parameters[i].signature != o.parameters[i].signature) return false;
    return true;
  }
};

struct SubroutineType {
  std::string name;
  Signature signature;
};

struct SubroutineFunction {
  std::string name;
  std::optional<int64_t> explicit_index;
  std::vector<size_t> types;  // into types_
  Signature signature;
  size_t name_token = 0;      // sig index of its name in the definition
  uint32_t index = 0;         // assigned
};

struct UniformDeclarator {
  std::string name;
  size_t type = 0;                 // into types_
  std::vector<uint32_t> dims;
  std::optional<int64_t> explicit_location;
  size_t name_token = 0;
  bool active = false;
  uint32_t location = 0;  // assigned
  uint32_t total() const {
    uint32_t n = 1;
    for (uint32_t d : dims) n *= d;
    return n;
  }
};

class Lowering : SignificantTokens {
 public:
  Lowering(std::string_view text, ShaderStage stage, bool explicit_locations)
      : SignificantTokens(text), stage_(stage), explicit_locations_(explicit_locations) {
    mark_directives();
    collect_constants();
  }

  LoweredSubroutines run() {
    LoweredSubroutines out;
    if (parse() && check_names() && check_overloads() && assign_indices() && assign_locations()) {
      out.text = assemble();
      out.interface = interface();
    } else {
      out.ok = false;
      out.text = std::string(text_);
    }
    out.info_log = std::move(log_);
    return out;
  }

 private:
  // ---- Scanning helpers.

  void mark_directives() {
    directive_.assign(sig_.size(), false);
    bool line_start = true, in_directive = false;
    size_t k = 0;
    for (size_t t = 0; t < tokens_.size(); ++t) {
      const Token& tk = tokens_[t];
      if (tk.kind == TokenKind::Newline) {
        line_start = true;
        in_directive = false;
        continue;
      }
      if (tk.kind == TokenKind::Space) continue;
      if (line_start && tk.text == "#") in_directive = true;
      line_start = false;
      while (k < sig_.size() && sig_[k] < t) ++k;
      if (k < sig_.size() && sig_[k] == t) directive_[k] = in_directive;
    }
  }

  int line_of(size_t k) const {
    int line = 1;
    const size_t end = k < sig_.size() ? sig_[k] : tokens_.size();
    for (size_t t = 0; t < end; ++t)
      for (char c : tokens_[t].text) line += c == '\n';
    return line;
  }

  bool error(size_t k, std::string_view token, const std::string& message) {
    log_ += "ERROR: 0:" + std::to_string(line_of(k)) + ": '" + std::string(token) + "' : " + message + "\n";
    return false;
  }

  // The significant tokens [a, b) without white space: a normalized form.
  std::string compact(size_t a, size_t b) const {
    std::string s;
    for (size_t k = a; k < b && k < sig_.size(); ++k) {
      if (!s.empty() && is_ident(k) && (is_ident_char(s.back()))) s += ' ';
      s += tok(k);
    }
    return s;
  }

  // `const [precision] int|uint NAME = expr;` at file scope, for the
  // constant expressions of array sizes and layout qualifiers.
  void collect_constants() {
    int depth = 0;
    for (size_t k = 0; k < sig_.size(); ++k) {
      if (directive_[k]) continue;
      if (tok(k) == "{") ++depth;
      if (tok(k) == "}") --depth;
      if (depth != 0 || tok(k) != "const") continue;
      size_t t = k + 1;
      while (is_precision(tok(t))) ++t;
      if ((tok(t) != "int" && tok(t) != "uint") || !is_ident(t + 1) || tok(t + 2) != "=") continue;
      size_t end = t + 3;
      while (end < sig_.size() && tok(end) != ";" && tok(end) != ",") ++end;
      if (const std::optional<int64_t> v = evaluate(t + 3, end)) constants_[std::string(tok(t + 1))] = *v;
    }
  }

  // Integer constant expression over significant tokens [a, b).
  std::optional<int64_t> evaluate(size_t a, size_t b) const {
    std::vector<std::string_view> expression;
    for (size_t k = a; k < b && k < sig_.size(); ++k) expression.push_back(tok(k));
    return evaluate_integer_expression(expression, constants_);
  }

  // ---- Parsing.

  // [precision] TYPE [dims] at `k`; `end` past it.
  bool parse_type(size_t k, size_t* end, std::string* normalized, std::string* written) const {
    size_t t = k;
    while (is_precision(tok(t))) ++t;
    if (!is_ident(t)) return false;
    const size_t type = t++;
    while (tok(t) == "[") {
      const size_t close = matching(t);
      if (close >= sig_.size()) return false;
      t = close + 1;
    }
    *normalized = compact(type, t);
    *written = text_of(k, t);
    *end = t;
    return true;
  }

  // The parameter list between parentheses at `open` and `close`.
  bool parse_parameters(size_t open, size_t close, std::vector<Parameter>* out) {
    if (close == open + 1 || (close == open + 2 && tok(open + 1) == "void")) return true;
    size_t a = open + 1;
    while (a < close) {
      size_t b = a;
      while (b < close && tok(b) != ",") b = (tok(b) == "(" || tok(b) == "[") ? matching(b) + 1 : b + 1;
      Parameter p;
      size_t t = a;
      std::string direction = "in";
      while (t < b && is_parameter_qualifier(tok(t))) {
        if (tok(t) == "out" || tok(t) == "inout") direction = std::string(tok(t));
        ++t;
      }
      p.qualifiers = a < t ? text_of(a, t) : std::string();
      if (t >= b || !is_ident(t)) return error(a, tok(a), "malformed parameter");
      const size_t type = t++;
      while (t < b && tok(t) == "[") t = matching(t) + 1;
      p.type = text_of(type, t);
      std::string dims = compact(type + 1, t);
      if (t < b && is_ident(t)) {  // the parameter's name, then its own array sizes
        const size_t name_dims = ++t;
        while (t < b && tok(t) == "[") t = matching(t) + 1;
        p.name_dims = name_dims < t ? text_of(name_dims, t) : std::string();
        dims += compact(name_dims, t);
      }
      if (t != b) return error(t, tok(t), "malformed parameter");
      p.signature = direction + " " + std::string(tok(type)) + dims;
      out->push_back(std::move(p));
      a = b + 1;
    }
    return true;
  }

  // RET NAME ( params ) at `k`; `name` and `close` set.
  bool parse_signature(size_t k, Signature* sig, size_t* name, size_t* close) {
    size_t t = 0;
    if (!parse_type(k, &t, &sig->return_type, &sig->return_text) || !is_ident(t) || tok(t + 1) != "(")
      return error(k, tok(k), "malformed subroutine declaration");
    *name = t;
    *close = matching(t + 1);
    if (*close >= sig_.size()) return error(t, tok(t), "unbalanced parentheses");
    return parse_parameters(t + 1, *close, &sig->parameters);
  }

  // layout ( id [= expr], ... ) at `k`: the qualifiers by name.
  bool parse_layout(size_t k, size_t* end, std::map<std::string, std::pair<size_t, std::optional<int64_t>>>* ids) {
    if (tok(k + 1) != "(") return error(k, tok(k), "malformed layout qualifier");
    const size_t close = matching(k + 1);
    if (close >= sig_.size()) return error(k, tok(k), "malformed layout qualifier");
    size_t a = k + 2;
    while (a < close) {
      size_t b = a;
      while (b < close && tok(b) != ",") b = tok(b) == "(" ? matching(b) + 1 : b + 1;
      if (!is_ident(a)) return error(a, tok(a), "malformed layout qualifier");
      std::optional<int64_t> value;
      if (a + 1 < b) {
        if (tok(a + 1) != "=") return error(a, tok(a), "malformed layout qualifier");
        value = evaluate(a + 2, b);
        if (!value) return error(a, tok(a), "layout qualifier value is not an integer constant expression");
      }
      (*ids)[std::string(tok(a))] = {a, value};
      a = b + 1;
    }
    *end = close + 1;
    return true;
  }

  // The layout qualifier just before `k`, if any: its first token.
  std::optional<size_t> layout_before(size_t k) const {
    if (k == 0 || tok(k - 1) != ")") return std::nullopt;
    int depth = 0;
    for (size_t j = k - 1;; --j) {
      if (tok(j) == ")") ++depth;
      if (tok(j) == "(" && --depth == 0) {
        if (j > 0 && tok(j - 1) == "layout") return j - 1;
        return std::nullopt;
      }
      if (j == 0) return std::nullopt;
    }
  }

  std::optional<size_t> find_type(std::string_view name) const {
    for (size_t i = 0; i < types_.size(); ++i)
      if (types_[i].name == name) return i;
    return std::nullopt;
  }

  void consume(size_t a, size_t b, std::string replacement) {
    replace_[a] = {b, std::move(replacement)};
    for (size_t k = a; k <= b; ++k) consumed_.insert(k);
  }

  bool parse() {
    int depth = 0;
    for (size_t k = 0; k < sig_.size(); ++k) {
      if (directive_[k]) continue;
      if (tok(k) == "{") ++depth;
      if (tok(k) == "}") --depth;
      if (tok(k) != "subroutine") continue;
      if (depth != 0) return error(k, tok(k), "subroutines may be declared only at global scope");
      std::map<std::string, std::pair<size_t, std::optional<int64_t>>> layout;
      size_t start = k;
      if (const std::optional<size_t> l = layout_before(k)) {
        size_t end = 0;
        if (!parse_layout(*l, &end, &layout)) return false;
        start = *l;
      }
      size_t next = k + 1;
      if (tok(next) == "layout" && !parse_layout(next, &next, &layout)) return false;
      bool ok = tok(next) == "uniform"  ? parse_uniform(start, next + 1, layout, &k)
                : tok(next) == "("      ? parse_function(start, next, layout, &k)
                                        : parse_type_declaration(start, next, layout, &k);
      if (!ok) return false;
    }
    return true;
  }

  bool check_layout(const std::map<std::string, std::pair<size_t, std::optional<int64_t>>>& layout,
                    std::string_view allowed, std::optional<int64_t>* value) {
    for (const auto& [id, where] : layout) {
      if (id != allowed)
        return error(where.first, id, allowed.empty() ? "no layout qualifier is allowed on a subroutine type"
                                                      : "layout qualifier not allowed here; only '" +
                                                            std::string(allowed) + "' is");
      if (!explicit_locations_)
        return error(where.first, id,
                     "requires GLSL 4.30 or GL_ARB_explicit_uniform_location for subroutines");
      if (!where.second) return error(where.first, id, "needs a value");
      *value = where.second;
    }
    return true;
  }

  bool parse_type_declaration(size_t start, size_t k,
                              const std::map<std::string, std::pair<size_t, std::optional<int64_t>>>& layout,
                              size_t* last) {
    std::optional<int64_t> unused;
    if (!check_layout(layout, "", &unused)) return false;
    SubroutineType type;
    size_t name = 0, close = 0;
    if (!parse_signature(k, &type.signature, &name, &close)) return false;
    if (tok(close + 1) != ";")
      return error(k - 1, "subroutine", "a subroutine type is a declaration without a body");
    type.name = std::string(tok(name));
    if (find_type(type.name)) return error(name, type.name, "subroutine type redefined");
    types_.push_back(std::move(type));
    consume(start, close + 1, "");
    *last = close + 1;
    return true;
  }

  bool parse_function(size_t start, size_t open,
                      const std::map<std::string, std::pair<size_t, std::optional<int64_t>>>& layout, size_t* last) {
    SubroutineFunction f;
    if (!check_layout(layout, "index", &f.explicit_index)) return false;
    const size_t close = matching(open);
    if (close >= sig_.size()) return error(open, "(", "unbalanced parentheses");
    if (close == open + 1) return error(open, "subroutine", "empty list of subroutine types");
    for (size_t t = open + 1; t < close; t += 2) {
      if (!is_ident(t)) return error(t, tok(t), "subroutine type name expected");
      const std::optional<size_t> type = find_type(tok(t));
      if (!type) return error(t, tok(t), "undeclared subroutine type");
      f.types.push_back(*type);
      if (t + 1 < close && tok(t + 1) != ",") return error(t + 1, tok(t + 1), "',' expected");
    }
    size_t k = close + 1;
    if (tok(k) == "subroutine") return error(k, tok(k), "only one subroutine qualifier is allowed");
    size_t name = 0, params_close = 0;
    if (!parse_signature(k, &f.signature, &name, &params_close)) return false;
    if (tok(params_close + 1) != "{")
      return error(name, tok(name), "a function with a subroutine qualifier must be defined here");
    for (size_t type : f.types)
      if (!types_[type].signature.matches(f.signature))
        return error(name, tok(name),
                     "arguments and return type do not match subroutine type '" + types_[type].name + "'");
    f.name = std::string(tok(name));
    f.name_token = name;
    for (const SubroutineFunction& g : functions_)
      if (g.name == f.name) return error(name, f.name, "subroutine functions cannot be overloaded");
    functions_.push_back(std::move(f));
    consume(start, close, "");
    *last = params_close;  // the body is scanned as usual
    return true;
  }

  bool parse_uniform(size_t start, size_t k,
                     const std::map<std::string, std::pair<size_t, std::optional<int64_t>>>& layout, size_t* last) {
    std::optional<int64_t> location;
    if (!check_layout(layout, "location", &location)) return false;
    if (!is_ident(k)) return error(k, tok(k), "subroutine type name expected");
    const std::optional<size_t> type = find_type(tok(k));
    if (!type) return error(k, tok(k), "undeclared subroutine type");
    size_t t = k + 1;
    const size_t first = declarators_.size();
    for (;;) {
      if (!is_ident(t)) return error(t, tok(t), "subroutine uniform name expected");
      UniformDeclarator d;
      d.name = std::string(tok(t));
      d.type = *type;
      d.name_token = t;
      d.explicit_location = declarators_.size() == first ? location : std::nullopt;
      ++t;
      while (tok(t) == "[") {
        const size_t close = matching(t);
        const std::optional<int64_t> n = close < sig_.size() ? evaluate(t + 1, close) : std::nullopt;
        if (!n || *n <= 0 || *n > kMaxSubroutineUniformLocations)
          return error(t, d.name, "subroutine uniform arrays need a positive constant size");
        d.dims.push_back(static_cast<uint32_t>(*n));
        t = close + 1;
      }
      declarators_.push_back(std::move(d));
      if (tok(t) == ";") break;
      if (tok(t) != ",") return error(t, tok(t), "';' expected");
      ++t;
    }
    uniform_declarations_.push_back({start, t, first, declarators_.size()});
    *last = t;
    return true;
  }

  // ---- Checks and assignment.

  // A subroutine type's name is no other identifier's: anything but the
  // three declaration forms using it is an error (calling it, declaring a
  // function of that name).
  bool check_names() {
    for (size_t k = 0; k < sig_.size(); ++k) {
      if (directive_[k] || !is_ident(k) || consumed_.count(k) || (k > 0 && tok(k - 1) == ".")) continue;
      bool in_uniform = false;
      for (const UniformDeclaration& u : uniform_declarations_) in_uniform = in_uniform || (k >= u.first && k <= u.last);
      if (in_uniform) continue;
      if (tok(k) == "subroutine") return error(k, tok(k), "reserved keyword");
      if (find_type(tok(k))) return error(k, tok(k), "a subroutine type name cannot be used here");
    }
    return true;
  }

  // No other function may share a subroutine function's name (GL 4.6
  // §7.10: a program with such overloads fails to link); a prototype of
  // the same function is allowed.
  bool check_overloads() {
    int depth = 0;
    for (size_t k = 0; k < sig_.size(); ++k) {
      if (directive_[k]) continue;
      if (tok(k) == "{") ++depth;
      if (tok(k) == "}") --depth;
      if (depth != 0 || !is_ident(k) || tok(k + 1) != "(" || k == 0) continue;
      if (!is_ident(k - 1) && tok(k - 1) != "]") continue;  // not a declaration
      for (const SubroutineFunction& f : functions_) {
        if (f.name != tok(k) || f.name_token == k) continue;
        const size_t close = matching(k + 1);
        std::vector<Parameter> params;
        if (close >= sig_.size() || !parse_parameters(k + 1, close, &params)) return false;
        bool same = params.size() == f.signature.parameters.size();
        for (size_t i = 0; same && i < params.size(); ++i)
          same = params[i].signature == f.signature.parameters[i].signature;
        if (!same) return error(k, tok(k), "a subroutine function cannot be overloaded");
      }
    }
    return true;
  }

  bool assign_indices() {
    std::vector<bool> taken(kMaxSubroutines, false);
    for (const SubroutineFunction& f : functions_) {
      if (!f.explicit_index) continue;
      if (*f.explicit_index < 0 || *f.explicit_index >= static_cast<int64_t>(kMaxSubroutines))
        return error(f.name_token, f.name, "subroutine index out of range (0 to MAX_SUBROUTINES - 1)");
      if (taken[static_cast<size_t>(*f.explicit_index)])
        return error(f.name_token, f.name, "subroutine index already used");
      taken[static_cast<size_t>(*f.explicit_index)] = true;
    }
    uint32_t next = 0;
    for (SubroutineFunction& f : functions_) {
      if (f.explicit_index) {
        f.index = static_cast<uint32_t>(*f.explicit_index);
        continue;
      }
      while (next < kMaxSubroutines && taken[next]) ++next;
      if (next >= kMaxSubroutines) return error(f.name_token, f.name, "too many subroutines");
      taken[next] = true;
      f.index = next;
    }
    return true;
  }

  bool assign_locations() {
    // Active: named anywhere outside its declaration.
    for (UniformDeclarator& d : declarators_) {
      for (size_t k = 0; k < sig_.size() && !d.active; ++k)
        d.active = k != d.name_token && !directive_[k] && tok(k) == d.name && (k == 0 || tok(k - 1) != ".");
    }
    std::vector<bool> taken(kMaxSubroutineUniformLocations, false);
    for (const UniformDeclarator& d : declarators_) {
      if (!d.active || !d.explicit_location) continue;
      const int64_t loc = *d.explicit_location;
      if (loc < 0 || loc + d.total() > static_cast<int64_t>(kMaxSubroutineUniformLocations))
        return error(d.name_token, d.name, "subroutine uniform location out of range");
      for (uint32_t e = 0; e < d.total(); ++e) {
        if (taken[static_cast<size_t>(loc) + e]) return error(d.name_token, d.name, "location already used");
        taken[static_cast<size_t>(loc) + e] = true;
      }
    }
    for (UniformDeclarator& d : declarators_) {
      if (!d.active) continue;
      if (d.explicit_location) {
        d.location = static_cast<uint32_t>(*d.explicit_location);
      } else {
        uint32_t loc = 0;
        for (;; ++loc) {
          if (loc + d.total() > kMaxSubroutineUniformLocations)
            return error(d.name_token, d.name, "too many subroutine uniform locations");
          bool free = true;
          for (uint32_t e = 0; e < d.total() && free; ++e) free = !taken[loc + e];
          if (free) break;
        }
        for (uint32_t e = 0; e < d.total(); ++e) taken[loc + e] = true;
        d.location = loc;
      }
      location_count_ = std::max(location_count_, d.location + d.total());
    }
    return true;
  }

  // ---- Output.

  std::string parameter_list(const Signature& s) const {
    std::string out;
    for (size_t i = 0; i < s.parameters.size(); ++i) {
      const Parameter& p = s.parameters[i];
      if (i) out += ", ";
      if (!p.qualifiers.empty()) out += p.qualifiers + " ";
      out += p.type + " brass_p" + std::to_string(i) + p.name_dims;
    }
    return out;
  }

  std::string dispatch_name(const UniformDeclarator& d) const {
    return d.dims.empty() ? d.name : std::string(kArrayCallPrefix) + d.name;
  }

  std::string prototype(const UniformDeclarator& d) const {
    const Signature& s = types_[d.type].signature;
    std::string params = parameter_list(s);
    if (!d.dims.empty()) params = "uint brass_element" + std::string(params.empty() ? "" : ", ") + params;
    return s.return_text + " " + dispatch_name(d) + "(" + params + ")";
  }

  std::string definition(const UniformDeclarator& d) const {
    const Signature& s = types_[d.type].signature;
    std::string args;
    for (size_t i = 0; i < s.parameters.size(); ++i) args += (i ? ", brass_p" : "brass_p") + std::to_string(i);
    const bool returns = s.return_type != "void";
    std::string out = prototype(d) + " {\n  uint brass_selected = " + subroutine_selection_name(stage_) + "[" +
                      std::to_string(d.location) + "u";
    if (!d.dims.empty()) out += " + min(brass_element, " + std::to_string(d.total() - 1) + "u)";
    out += "];\n";
    std::vector<const SubroutineFunction*> compatible;
    for (const SubroutineFunction& f : functions_)
      if (std::find(f.types.begin(), f.types.end(), d.type) != f.types.end()) compatible.push_back(&f);
    std::sort(compatible.begin(), compatible.end(),
              [](const SubroutineFunction* a, const SubroutineFunction* b) { return a->index < b->index; });
    for (size_t i = 0; i < compatible.size(); ++i) {
      const std::string call = compatible[i]->name + "(" + args + ")";
      const std::string body = returns ? "return " + call + ";" : call + "; return;";
      // The last one takes any other value too (an index the frontend
      // never writes: it checks compatibility).
      out += i + 1 < compatible.size() ? "  if (brass_selected == " + std::to_string(compatible[i]->index) +
                                             "u) { " + body + " }\n"
                                       : "  " + body + "\n";
    }
    if (compatible.empty() && returns) out += "  " + s.return_text + " brass_none; return brass_none;\n";
    return out + "}\n";
  }

  // Full-token range [t0, t1), with declarations replaced and calls of
  // subroutine uniform arrays rewritten (recursively inside their indices).
  void emit(size_t t0, size_t t1, std::string& out) const {
    size_t k = static_cast<size_t>(std::lower_bound(sig_.begin(), sig_.end(), t0) - sig_.begin());
    for (size_t t = t0; t < t1; ++t) {
      if (k >= sig_.size() || sig_[k] != t) {
        out += tokens_[t].text;
        continue;
      }
      if (auto r = replace_.find(k); r != replace_.end()) {
        out += r->second.second;
        // Newlines inside the replaced range stay, so lines keep their numbers.
        for (size_t u = t; u <= sig_[r->second.first]; ++u)
          if (tokens_[u].kind == TokenKind::Newline) out += tokens_[u].text;
        t = sig_[r->second.first];
        k = r->second.first + 1;
        continue;
      }
      if (!directive_[k] && is_ident(k) && (k == 0 || tok(k - 1) != ".")) {
        if (const UniformDeclarator* d = array_uniform(tok(k))) {
          if (const std::optional<size_t> end = emit_array_call(*d, k, out)) {
            t = sig_[*end];
            k = *end + 1;
            continue;
          }
        }
      }
      out += tokens_[t].text;
      ++k;
    }
  }

  const UniformDeclarator* array_uniform(std::string_view name) const {
    for (const UniformDeclarator& d : declarators_)
      if (d.active && !d.dims.empty() && d.name == name) return &d;
    return nullptr;
  }

  // `u[i][j](` at `k` as `brass_subroutine_call_u(uint(i) * J + uint(j), `:
  // the sig index of the "(" it replaced, or nothing when the use is not a
  // call of one element (glslang reports it: the name is no variable).
  std::optional<size_t> emit_array_call(const UniformDeclarator& d, size_t k, std::string& out) const {
    std::string flat;
    size_t pos = k + 1;
    for (size_t i = 0; i < d.dims.size(); ++i) {
      if (tok(pos) != "[") return std::nullopt;
      const size_t close = matching(pos);
      if (close >= sig_.size()) return std::nullopt;
      uint32_t scale = 1;
      for (size_t j = i + 1; j < d.dims.size(); ++j) scale *= d.dims[j];
      std::string index;
      emit(sig_[pos] + 1, sig_[close], index);
      if (i) flat += " + ";
      flat += "uint(" + index + ")";
      if (scale != 1) flat += " * " + std::to_string(scale) + "u";
      pos = close + 1;
    }
    if (tok(pos) != "(") return std::nullopt;
    out += dispatch_name(d) + "(" + flat + (tok(pos + 1) == ")" ? "" : ", ");
    return pos;
  }

  std::string assemble() {
    for (const UniformDeclaration& u : uniform_declarations_) {
      std::string prototypes;
      for (size_t i = u.first_declarator; i < u.end_declarator; ++i)
        if (declarators_[i].active) prototypes += prototype(declarators_[i]) + "; ";
      replace_[u.first] = {u.last, prototypes};
    }
    std::string out;
    out.reserve(text_.size() + 512);
    emit(0, tokens_.size(), out);
    if (location_count_ == 0) return out;
    if (!out.empty() && out.back() != '\n') out += '\n';
    out += "uniform uint " + subroutine_selection_name(stage_) + "[" + std::to_string(location_count_) + "];\n";
    for (const UniformDeclarator& d : declarators_)
      if (d.active) out += definition(d);
    return out;
  }

  StageSubroutines interface() const {
    StageSubroutines s;
    for (const SubroutineFunction& f : functions_) {
      if (s.functions.size() <= f.index) s.functions.resize(f.index + 1);
      s.functions[f.index] = f.name;
    }
    for (const UniformDeclarator& d : declarators_) {
      if (!d.active) continue;
      std::vector<uint32_t> compatible;
      for (const SubroutineFunction& f : functions_)
        if (std::find(f.types.begin(), f.types.end(), d.type) != f.types.end()) compatible.push_back(f.index);
      std::sort(compatible.begin(), compatible.end());
      if (d.dims.size() <= 1) {
        s.uniforms.push_back({d.dims.empty() ? d.name : d.name + "[0]", static_cast<int32_t>(d.location),
                              d.dims.empty() ? 1 : static_cast<int32_t>(d.dims[0]), compatible});
        continue;
      }
      // Arrays of arrays: one entry per innermost array, as for uniforms.
      const uint32_t inner = d.dims.back();
      for (uint32_t outer = 0; outer < d.total() / inner; ++outer) {
        std::string name = d.name;
        uint32_t rest = outer;
        std::string subscripts;
        for (size_t i = d.dims.size() - 1; i-- > 0;) {
          subscripts = "[" + std::to_string(rest % d.dims[i]) + "]" + subscripts;
          rest /= d.dims[i];
        }
        s.uniforms.push_back({name + subscripts + "[0]", static_cast<int32_t>(d.location + outer * inner),
                              static_cast<int32_t>(inner), compatible});
      }
    }
    s.location_count = location_count_;
    return s;
  }

  struct UniformDeclaration {
    size_t first = 0, last = 0;  // sig range, `;` included
    size_t first_declarator = 0, end_declarator = 0;
  };

  ShaderStage stage_;
  bool explicit_locations_;
  std::vector<bool> directive_;  // per significant token: inside a preprocessor directive
  std::map<std::string, int64_t, std::less<>> constants_;
  std::vector<SubroutineType> types_;
  std::vector<SubroutineFunction> functions_;
  std::vector<UniformDeclarator> declarators_;
  std::vector<UniformDeclaration> uniform_declarations_;
  std::map<size_t, std::pair<size_t, std::string>> replace_;  // first sig token -> (last, text)
  std::set<size_t> consumed_;  // sig tokens of subroutine types and qualifiers
  uint32_t location_count_ = 0;
  std::string log_;
};

bool listed(const std::vector<std::string>& list, std::string_view name) {
  return std::find(list.begin(), list.end(), name) != list.end();
}

}  // namespace

std::string subroutine_selection_name(ShaderStage stage) {
  return std::string(kSelectionPrefix) + stage_suffix(stage);
}

std::optional<ShaderStage> subroutine_selection_stage(std::string_view reflected_name) {
  for (int s = 0; s < kShaderStageCount; ++s) {
    const std::string name = subroutine_selection_name(static_cast<ShaderStage>(s));
    if (reflected_name == name || reflected_name == name + "[0]") return static_cast<ShaderStage>(s);
  }
  return std::nullopt;
}

LoweredSubroutines lower_subroutines(std::string_view text, ShaderStage stage, const GlslVersion& version, Api api,
                                     const std::vector<std::string>& unexposed) {
  LoweredSubroutines out;
  const bool enabled =
      api == Api::GL && !version.es &&
      (version.number >= 400 || (version.number >= 150 && !listed(unexposed, "GL_ARB_shader_subroutine") &&
                                 enables_extension(text, "GL_ARB_shader_subroutine")));
  if (!enabled || text.find("subroutine") == std::string_view::npos) {
    out.text = std::string(text);
    return out;
  }
  const bool explicit_locations =
      version.number >= 430 ||
      (!listed(unexposed, "GL_ARB_explicit_uniform_location") &&
       enables_extension(text, "GL_ARB_explicit_uniform_location"));
  return Lowering(text, stage, explicit_locations).run();
}

}  // namespace brass::compiler
