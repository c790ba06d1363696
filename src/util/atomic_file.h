// Whole-file reads and atomic whole-file writes for the on-disk caches. A
// write goes to a temporary file beside the target (unique per process and
// call) and is renamed over it, so a reader, in this process or another,
// sees either the old file or the new one, never half of one.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace brass {

// Creates the parent directory if needed. On failure returns false and
// leaves the target as it was; `error` (optional) says why.
bool write_file_atomically(const std::string& path, std::string_view bytes, std::string* error = nullptr);

// nullopt when the file does not exist or cannot be read.
std::optional<std::string> read_whole_file(const std::string& path);

}  // namespace brass
