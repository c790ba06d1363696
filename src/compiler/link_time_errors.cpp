// Aliasing errors moved from compile to link time (link_time_errors.h).
#include "compiler/link_time_errors.h"

#include <algorithm>

#include "compiler/glsl_normalize.h"

namespace brass::compiler {

namespace {

// glslang's messages for location and component aliasing of one interface.
constexpr std::string_view kAliasingMessages[] = {
    "overlapping use of location",
    "fragment outputs sharing the same location must be the same basic type",
    "location aliases must have the same numerical type",
};

bool is_error_count(std::string_view line) {
  return line.find("compilation errors") != std::string_view::npos;
}

bool is_aliasing(std::string_view line) {
  for (std::string_view m : kAliasingMessages)
    if (line.find(m) != std::string_view::npos) return true;
  return false;
}

template <typename F>
void for_each_line(std::string_view text, F&& f) {
  while (!text.empty()) {
    const size_t end = text.find('\n');
    f(text.substr(0, end));
    if (end == std::string_view::npos) break;
    text.remove_prefix(end + 1);
  }
}

}  // namespace

bool only_link_time_errors(std::string_view log) {
  bool any = false, other = false;
  for_each_line(log, [&](std::string_view line) {
    if (line.rfind("ERROR:", 0) != 0 || is_error_count(line)) return;
    if (is_aliasing(line)) any = true;
    else other = true;
  });
  return any && !other;
}

std::string as_link_time_warnings(std::string_view log) {
  std::string out;
  for_each_line(log, [&](std::string_view line) {
    if (line.rfind("ERROR:", 0) == 0 && is_error_count(line)) return;
    if (line.rfind("ERROR:", 0) == 0 && is_aliasing(line)) {
      out += "WARNING:";
      out += line.substr(6);
      out += " (a link error)\n";
      return;
    }
    if (!line.empty()) {
      out += line;
      out += '\n';
    }
  });
  return out;
}

bool defers_aliasing_errors(std::string_view source, const std::vector<std::string>& unexposed) {
  if (std::find(unexposed.begin(), unexposed.end(), "GL_ARB_enhanced_layouts") != unexposed.end()) return false;
  return enables_extension(source, "GL_ARB_enhanced_layouts");
}

}  // namespace brass::compiler
