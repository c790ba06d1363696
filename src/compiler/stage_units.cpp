#include "compiler/stage_units.h"

#include <cctype>
#include <set>

namespace brass::compiler {
namespace {

bool is_identifier_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

size_t skip_space(std::string_view text, size_t pos) {
  while (pos < text.size() && std::isspace(static_cast<unsigned char>(text[pos]))) ++pos;
  return pos;
}

// `line` is a whole one-line function definition of a Brass-generated
// helper: "<type> brass_<name>(<params>) { <body> }". Returns the length of
// its head (up to the opening brace) or 0.
size_t generated_helper_head(std::string_view line) {
  const size_t name = line.find(" brass_");
  const size_t open_paren = line.find('(');
  const size_t brace = line.find('{');
  if (name == std::string_view::npos || open_paren == std::string_view::npos || brace == std::string_view::npos)
    return 0;
  if (!(name < open_paren && open_paren < brace)) return 0;
  // The name runs up to the parenthesis (no `=` of an initialised global
  // or other statement in between).
  for (size_t i = name + 1; i < open_paren; ++i)
    if (!is_identifier_char(line[i]) && !std::isspace(static_cast<unsigned char>(line[i]))) return 0;
  size_t end = line.size();
  while (end > 0 && std::isspace(static_cast<unsigned char>(line[end - 1]))) --end;
  if (end == 0 || line[end - 1] != '}') return 0;
  if (std::isspace(static_cast<unsigned char>(line[0]))) return 0;  // inside some other body
  return brace;
}

}  // namespace

bool defines_main(std::string_view text) {
  size_t pos = 0;
  while ((pos = text.find("main", pos)) != std::string_view::npos) {
    const size_t end = pos + 4;
    const bool whole = (pos == 0 || !is_identifier_char(text[pos - 1])) &&
                       (end >= text.size() || !is_identifier_char(text[end]));
    pos = end;
    if (!whole) continue;
    size_t at = skip_space(text, end);
    if (at >= text.size() || text[at] != '(') continue;
    const size_t close = text.find(')', at);
    if (close == std::string_view::npos) return false;
    at = skip_space(text, close + 1);
    if (at < text.size() && text[at] == '{') return true;
  }
  return false;
}

void share_generated_helpers(const std::vector<std::string*>& sources) {
  if (sources.size() < 2) return;
  std::set<std::string> defined;
  for (std::string* source : sources) {
    std::string out;
    out.reserve(source->size());
    size_t start = 0;
    while (start < source->size()) {
      size_t end = source->find('\n', start);
      if (end == std::string::npos) end = source->size();
      const std::string_view line(source->data() + start, end - start);
      const size_t head = generated_helper_head(line);
      if (head != 0 && !defined.insert(std::string(line)).second) {
        std::string_view signature = line.substr(0, head);
        while (!signature.empty() && std::isspace(static_cast<unsigned char>(signature.back())))
          signature.remove_suffix(1);
        out.append(signature);
        out += ';';
      } else {
        out.append(line);
      }
      if (end < source->size()) out += '\n';
      start = end + 1;
    }
    *source = std::move(out);
  }
}

}  // namespace brass::compiler
