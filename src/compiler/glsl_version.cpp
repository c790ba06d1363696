#include "compiler/glsl_version.h"

#include <cctype>
#include <cstdlib>
#include <string>

namespace brass::compiler {

GlslVersion detect_glsl_version(std::string_view s, Api api) {
  GlslVersion v;
  v.number = api == Api::GLES ? 100 : 110;
  v.es = api == Api::GLES;
  size_t i = 0;
  int line = 1;
  // Skip white space and comments.
  while (i < s.size()) {
    const char c = s[i];
    if (c == '\n') {
      ++line;
      ++i;
    } else if (std::isspace(static_cast<unsigned char>(c))) {
      ++i;
    } else if (c == '/' && i + 1 < s.size() && s[i + 1] == '/') {
      while (i < s.size() && s[i] != '\n') ++i;
    } else if (c == '/' && i + 1 < s.size() && s[i + 1] == '*') {
      i += 2;
      while (i + 1 < s.size() && !(s[i] == '*' && s[i + 1] == '/')) {
        if (s[i] == '\n') ++line;
        ++i;
      }
      i += 2;
    } else {
      break;
    }
  }
  if (i >= s.size() || s[i] != '#') return v;
  size_t j = i + 1;
  while (j < s.size() && (s[j] == ' ' || s[j] == '\t')) ++j;
  if (s.substr(j, 7) != "version") return v;
  j += 7;
  const size_t eol = s.find('\n', j);
  std::string rest(s.substr(j, eol == std::string_view::npos ? std::string_view::npos : eol - j));
  char* end = nullptr;
  const long number = std::strtol(rest.c_str(), &end, 10);
  v.explicit_directive = true;
  v.directive_line = line;
  v.number = number > 0 && number < 10000 ? static_cast<int>(number) : 0;
  std::string profile;
  for (const char* p = end; p && *p; ++p) {
    if (std::isalpha(static_cast<unsigned char>(*p))) profile += *p;
    else if (!profile.empty()) break;
  }
  v.es = profile == "es" || v.number == 100 || v.number == 300 || v.number == 310 || v.number == 320;
  v.core = profile == "core" || (!v.es && profile.empty() && v.number >= 150);
  v.compatibility = profile == "compatibility";
  return v;
}

std::string line_directive_for(const GlslVersion& v, int next_line) {
  const bool sets_next = v.es || v.number >= 330;
  return "#line " + std::to_string(sets_next ? next_line : next_line - 1) + "\n";
}

}  // namespace brass::compiler
