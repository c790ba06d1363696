#include "compiler/line_continuation.h"

namespace brass::compiler {

std::string splice_line_continuations(const std::string& source) {
  if (source.find('\\') == std::string::npos) return source;
  std::string out;
  out.reserve(source.size());
  size_t swallowed = 0;  // new-lines removed from the logical line being built
  for (size_t i = 0; i < source.size(); ++i) {
    const char c = source[i];
    if (c == '\\') {
      // "\\\n" and "\\\r\n" join; a backslash elsewhere stays (the
      // compiler reports it).
      size_t next = i + 1;
      if (next < source.size() && source[next] == '\r') ++next;
      if (next < source.size() && source[next] == '\n') {
        ++swallowed;
        i = next;
        continue;
      }
    }
    out += c;
    if (c == '\n' && swallowed) {
      out.append(swallowed, '\n');
      swallowed = 0;
    }
  }
  out.append(swallowed, '\n');
  return out;
}

}  // namespace brass::compiler
