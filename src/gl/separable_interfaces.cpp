#include "gl/separable_interfaces.h"

#include <map>
#include <vector>

namespace brass::gl {
namespace {

using compiler::InterfaceVariable;

bool builtin(const InterfaceVariable& v) { return v.name.rfind("gl_", 0) == 0; }

// "Block.member" / "s.a": the block or struct the entry belongs to, else "".
std::string aggregate_of(const std::string& name) {
  const size_t dot = name.find('.');
  return dot == std::string::npos ? std::string() : name.substr(0, name.find_first_of(".[", 0));
}

const InterfaceVariable* matching_output(const std::vector<InterfaceVariable>& outputs, const InterfaceVariable& in) {
  for (const InterfaceVariable& out : outputs) {
    if (builtin(out)) continue;
    if (in.location >= 0 ? out.location == in.location : out.location < 0 && out.name == in.name) return &out;
  }
  return nullptr;
}

}  // namespace

bool separable_interfaces_match(const std::vector<InterfaceVariable>& outputs,
                                const std::vector<InterfaceVariable>& inputs, bool interpolation_must_match,
                                std::string* why) {
  for (const InterfaceVariable& in : inputs) {
    if (builtin(in)) continue;
    const InterfaceVariable* out = matching_output(outputs, in);
    if (!out) {
      *why = "error: input '" + in.name + "' has no matching output in the previous stage's program\n";
      return false;
    }
    if (out->type != in.type || out->array_size != in.array_size || out->per_patch != in.per_patch) {
      *why = "error: input '" + in.name + "' and output '" + out->name + "' differ in type or array size\n";
      return false;
    }
    if (interpolation_must_match && out->interpolation != in.interpolation) {
      *why = "error: input '" + in.name + "' and output '" + out->name + "' differ in interpolation\n";
      return false;
    }
  }
  // Blocks and structs match member by member, in declaration order.
  std::map<std::string, std::vector<std::string>> in_members, out_members;
  for (const InterfaceVariable& in : inputs)
    if (!builtin(in) && !aggregate_of(in.name).empty()) in_members[aggregate_of(in.name)].push_back(in.name);
  for (const InterfaceVariable& out : outputs)
    if (!builtin(out) && !aggregate_of(out.name).empty()) out_members[aggregate_of(out.name)].push_back(out.name);
  for (const auto& [aggregate, members] : in_members) {
    auto o = out_members.find(aggregate);
    // Located members were matched by location above.
    if (o != out_members.end() && o->second != members) {
      *why = "error: the members of '" + aggregate + "' differ between the stages\n";
      return false;
    }
  }
  return true;
}

}  // namespace brass::gl
