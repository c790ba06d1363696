#include "util/stats.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <mutex>

#include "util/options.h"

namespace brass {

namespace {
// Function-local statics: counters are constructed during static init of
// other translation units, so the registry must exist before them.
std::mutex& registry_mutex() {
  static std::mutex m;
  return m;
}
std::vector<StatCounter*>& registry() {
  static std::vector<StatCounter*> r;
  return r;
}
}  // namespace

StatCounter::StatCounter(const char* name) : name_(name) {
  std::lock_guard<std::mutex> lock(registry_mutex());
  registry().push_back(this);
}

std::vector<StatValue> stats_snapshot() {
  std::vector<StatValue> out;
  {
    std::lock_guard<std::mutex> lock(registry_mutex());
    for (auto* c : registry()) {
      auto it = std::find_if(out.begin(), out.end(), [&](const StatValue& v) { return v.name == c->name(); });
      if (it != out.end()) it->value += c->value();
      else out.push_back({c->name(), c->value()});
    }
  }
  std::sort(out.begin(), out.end(), [](const StatValue& a, const StatValue& b) { return a.name < b.name; });
  return out;
}

std::optional<uint64_t> stat_value(const char* name) {
  std::optional<uint64_t> total;
  std::lock_guard<std::mutex> lock(registry_mutex());
  for (auto* c : registry())
    if (std::strcmp(c->name(), name) == 0) total = total.value_or(0) + c->value();
  return total;
}

void stats_reset_all() {
  std::lock_guard<std::mutex> lock(registry_mutex());
  for (auto* c : registry()) c->reset();
}

std::string stats_format() {
  std::string out;
  for (const auto& v : stats_snapshot()) {
    char line[256];
    std::snprintf(line, sizeof(line), "%-40s %llu\n", v.name.c_str(),
                  static_cast<unsigned long long>(v.value));
    out += line;
  }
  return out;
}

void stats_report() {
  const std::string& where = options().stats;
  if (where.empty()) return;
  const std::string text = stats_format();
  if (where == "stderr") {
    std::fprintf(stderr, "brass stats:\n%s", text.c_str());
    return;
  }
  if (FILE* f = std::fopen(where.c_str(), "a")) {
    std::fputs(text.c_str(), f);
    std::fclose(f);
  } else {
    std::fprintf(stderr, "brass: BRASS_STATS: cannot open '%s'\n", where.c_str());
  }
}

}  // namespace brass
