// On-disk cache of linked programs: SPIR-V per stage plus the program
// interface, keyed by (sources, link options, limits, compiler version).
// Entries are written to a temporary file and renamed into place, so readers
// never see half an entry; a corrupt or truncated entry is ignored with a
// warning. Safe to use from several threads and processes at once.
#pragma once

#include <optional>
#include <string>

#include "compiler/compiler.h"
#include "util/hash.h"

namespace brass::compiler {

struct CacheKey {
  Hash128 hash;
  std::string hex() const;
};
CacheKey make_cache_key(const LinkInput& input);

// Binary (de)serialisation of a successful LinkResult; deserialize returns
// nullopt on any inconsistency.
std::string serialize_link_result(const LinkResult& result);
std::optional<LinkResult> deserialize_link_result(std::string_view bytes);

class ShaderCache {
 public:
  ShaderCache(std::string directory, bool enabled);

  bool enabled() const { return enabled_; }
  // Tools (brass-glslc --no-cache) switch the process cache off.
  void set_enabled(bool enabled) { enabled_ = enabled && !directory_.empty(); }
  const std::string& directory() const { return directory_; }
  std::optional<LinkResult> load(const CacheKey& key) const;
  void store(const CacheKey& key, const LinkResult& result) const;
  std::string path_for(const CacheKey& key) const;

  // The cache link_program uses, configured from brass::options().
  static ShaderCache& process_cache();

 private:
  std::string directory_;
  bool enabled_;
};

}  // namespace brass::compiler
