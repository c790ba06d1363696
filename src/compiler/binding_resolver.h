// glslang I/O resolver used at link time. Locations of varyings and vertex
// inputs come from glslang's GLSL resolver (it matches names across stages).
// Descriptor sets follow Brass's one-set-per-type contract; bindings are
// provisional (unique per set and resource name across the program) and are
// renumbered densely after reflection by a SPIR-V rewrite (binding_layout.h),
// because the final order depends on GL block indices that only exist after
// reflection. GL's layout(binding=N) is not a Vulkan binding; it is kept as
// the initial GL binding point / texture unit.
#pragma once

#include <glslang/MachineIndependent/iomapper.h>

#include <map>
#include <set>
#include <string>
#include <utility>

#include "compiler/program_interface.h"

namespace brass::compiler {

// Which descriptor set a uniform-storage glslang type belongs in.
uint32_t descriptor_set_for(const glslang::TType& type);
DescriptorKind descriptor_kind_for(const glslang::TType& type);

class BindingResolver : public glslang::TDefaultGlslIoResolver {
 public:
  explicit BindingResolver(const glslang::TIntermediate& intermediate)
      : glslang::TDefaultGlslIoResolver(intermediate) {}

  int resolveBinding(EShLanguage stage, glslang::TVarEntryInfo& ent) override;
  int resolveSet(EShLanguage stage, glslang::TVarEntryInfo& ent) override;
  // Explicit GL bindings are not Vulkan slots: nothing to reserve.
  void reserverResourceSlot(glslang::TVarEntryInfo&, TInfoSink&) override {}

  // GL initial binding (layout(binding=N)) of the resource now at
  // (set, provisional binding); 0 when none was given.
  int gl_initial_binding(uint32_t set, int binding) const;
  // Whether that resource has a layout(binding=N) at all (binding 0 on an
  // array of images gives its elements units 0, 1, ...; no binding gives
  // them all 0).
  bool gl_has_initial_binding(uint32_t set, int binding) const;

 private:
  static std::string resource_key(const glslang::TVarEntryInfo& ent);

  std::map<std::pair<uint32_t, std::string>, int> assigned_;
  std::map<std::pair<uint32_t, int>, int> initial_binding_;
  std::set<std::pair<uint32_t, int>> explicit_binding_;
  int next_binding_[kSetCount] = {};
};

}  // namespace brass::compiler
