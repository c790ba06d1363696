#include "compiler/binding_resolver.h"

#include "compiler/glslang_glue.h"

namespace brass::compiler {

uint32_t descriptor_set_for(const glslang::TType& type) {
  if (type.getBasicType() == glslang::EbtSampler) {
    return type.getSampler().isImage() ? kSetStorageImages : kSetSamplers;
  }
  if (type.getQualifier().storage == glslang::EvqBuffer) return kSetStorageBuffers;
  if (type.getBasicType() == glslang::EbtBlock && type.getTypeName() == kDefaultBlockName) {
    return kSetDefaultUniforms;
  }
  return kSetUniformBuffers;
}

DescriptorKind descriptor_kind_for(const glslang::TType& type) {
  if (type.getBasicType() == glslang::EbtSampler) {
    const glslang::TSampler& s = type.getSampler();
    if (s.isSubpass()) return DescriptorKind::FramebufferFetch;
    const bool buffer = s.dim == glslang::EsdBuffer;
    if (s.isImage()) return buffer ? DescriptorKind::StorageTexelBuffer : DescriptorKind::StorageImage;
    return buffer ? DescriptorKind::UniformTexelBuffer : DescriptorKind::CombinedImageSampler;
  }
  if (type.getQualifier().storage == glslang::EvqBuffer) return DescriptorKind::StorageBuffer;
  return DescriptorKind::UniformBuffer;
}

std::string BindingResolver::resource_key(const glslang::TVarEntryInfo& ent) {
  const glslang::TType& type = ent.symbol->getType();
  // Blocks match across stages by block name (instance names may differ and
  // anonymous blocks get per-stage internal names); other resources by name.
  if (type.getBasicType() == glslang::EbtBlock) return "block:" + std::string(type.getTypeName().c_str());
  return "var:" + std::string(ent.symbol->getName().c_str());
}

int BindingResolver::resolveSet(EShLanguage, glslang::TVarEntryInfo& ent) {
  ent.newSet = static_cast<int>(descriptor_set_for(ent.symbol->getType()));
  return ent.newSet;
}

int BindingResolver::resolveBinding(EShLanguage stage, glslang::TVarEntryInfo& ent) {
  const glslang::TType& type = ent.symbol->getType();
  const uint32_t set = descriptor_set_for(type);
  if (set == kSetDefaultUniforms) {
    ent.newBinding = static_cast<int>(default_block_binding(from_glslang(stage)));
    return ent.newBinding;
  }
  const auto key = std::make_pair(set, resource_key(ent));
  auto it = assigned_.find(key);
  if (it == assigned_.end()) {
    const int binding = next_binding_[set];
    // Arrays of blocks/samplers are one descriptor array: one binding.
    next_binding_[set] += 1;
    it = assigned_.emplace(key, binding).first;
    const glslang::TQualifier& q = type.getQualifier();
    initial_binding_[{set, binding}] = q.hasBinding() ? static_cast<int>(q.layoutBinding) : 0;
    if (q.hasBinding()) explicit_binding_.insert({set, binding});
  }
  ent.newBinding = it->second;
  return ent.newBinding;
}

int BindingResolver::gl_initial_binding(uint32_t set, int binding) const {
  auto it = initial_binding_.find({set, binding});
  return it == initial_binding_.end() ? 0 : it->second;
}

bool BindingResolver::gl_has_initial_binding(uint32_t set, int binding) const {
  return explicit_binding_.count({set, binding}) > 0;
}

}  // namespace brass::compiler
