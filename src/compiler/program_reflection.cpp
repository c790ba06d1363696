#include "compiler/program_reflection.h"

#include <glslang/MachineIndependent/LiveTraverser.h>
#include <glslang/MachineIndependent/localintermediate.h>
#include <glslang/MachineIndependent/reflection.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <map>
#include <set>
#include <string_view>

#include "compiler/block_members.h"
#include "compiler/builtin_io.h"
#include "compiler/framebuffer_fetch.h"
#include "compiler/gl_types.h"
#include "compiler/io_blocks.h"
#include "compiler/glsl_upgrader.h"
#include "compiler/glslang_glue.h"
#include "compiler/opaque_struct_lowering.h"
#include "compiler/subroutines.h"

namespace brass::compiler {

uint32_t gl_type_of(const glslang::TType& type) {
  using namespace glslang;
  if (type.getBasicType() == EbtSampler) return 0;  // reflection reports these
  const int v = type.getVectorSize();
  if (type.isMatrix()) {
    const int c = type.getMatrixCols(), r = type.getMatrixRows();
    const bool dbl = type.getBasicType() == EbtDouble;
    if (c == r) return dbl ? (c == 2 ? gl::DOUBLE_MAT2 : c == 3 ? gl::DOUBLE_MAT3 : gl::DOUBLE_MAT4)
                           : (c == 2 ? gl::FLOAT_MAT2 : c == 3 ? gl::FLOAT_MAT3 : gl::FLOAT_MAT4);
    if (c == 2) return r == 3 ? gl::FLOAT_MAT2x3 : gl::FLOAT_MAT2x4;
    if (c == 3) return r == 2 ? gl::FLOAT_MAT3x2 : gl::FLOAT_MAT3x4;
    return r == 2 ? gl::FLOAT_MAT4x2 : gl::FLOAT_MAT4x3;
  }
  const auto pick = [v](uint32_t s, uint32_t v2, uint32_t v3, uint32_t v4) {
    return v <= 1 ? s : v == 2 ? v2 : v == 3 ? v3 : v4;
  };
  switch (type.getBasicType()) {
    case EbtFloat: return pick(gl::FLOAT, gl::FLOAT_VEC2, gl::FLOAT_VEC3, gl::FLOAT_VEC4);
    case EbtInt: return pick(gl::INT, gl::INT_VEC2, gl::INT_VEC3, gl::INT_VEC4);
    case EbtUint: return pick(gl::UNSIGNED_INT, gl::UNSIGNED_INT_VEC2, gl::UNSIGNED_INT_VEC3, gl::UNSIGNED_INT_VEC4);
    case EbtBool: return pick(gl::BOOL, gl::BOOL_VEC2, gl::BOOL_VEC3, gl::BOOL_VEC4);
    case EbtDouble: return pick(gl::DOUBLE, gl::DOUBLE_VEC2, gl::DOUBLE_VEC3, gl::DOUBLE_VEC4);
    case EbtInt64: return pick(gl::INT64, gl::INT64_VEC2, gl::INT64_VEC3, gl::INT64_VEC4);
    case EbtUint64:
      return pick(gl::UNSIGNED_INT64, gl::UNSIGNED_INT64_VEC2, gl::UNSIGNED_INT64_VEC3, gl::UNSIGNED_INT64_VEC4);
    default: return 0;
  }
}

uint32_t gl_type_size_bytes(uint32_t t) {
  switch (t) {
    case gl::FLOAT: case gl::INT: case gl::UNSIGNED_INT: case gl::BOOL: return 4;
    case gl::FLOAT_VEC2: case gl::INT_VEC2: case gl::UNSIGNED_INT_VEC2: case gl::BOOL_VEC2: case gl::DOUBLE:
    case gl::INT64: case gl::UNSIGNED_INT64: return 8;
    case gl::FLOAT_VEC3: case gl::INT_VEC3: case gl::UNSIGNED_INT_VEC3: case gl::BOOL_VEC3: return 12;
    case gl::FLOAT_VEC4: case gl::INT_VEC4: case gl::UNSIGNED_INT_VEC4: case gl::BOOL_VEC4: case gl::DOUBLE_VEC2:
    case gl::FLOAT_MAT2: case gl::INT64_VEC2: case gl::UNSIGNED_INT64_VEC2: return 16;
    case gl::DOUBLE_VEC3: case gl::FLOAT_MAT2x3: case gl::FLOAT_MAT3x2: case gl::INT64_VEC3: case gl::UNSIGNED_INT64_VEC3:
      return 24;
    case gl::DOUBLE_VEC4: case gl::FLOAT_MAT2x4: case gl::FLOAT_MAT4x2: case gl::DOUBLE_MAT2: case gl::INT64_VEC4:
    case gl::UNSIGNED_INT64_VEC4: return 32;
    case gl::FLOAT_MAT3: return 36;
    case gl::FLOAT_MAT3x4: case gl::FLOAT_MAT4x3: return 48;
    case gl::FLOAT_MAT4: return 64;
    case gl::DOUBLE_MAT3: return 72;
    case gl::DOUBLE_MAT4: return 128;
    default: return 16;
  }
}

namespace {

StageMask to_stage_mask(EShLanguageMask m) {
  return static_cast<StageMask>(m) & ((1u << kShaderStageCount) - 1);
}

int lowest_stage(StageMask m) {
  for (int s = 0; s < kShaderStageCount; ++s)
    if (m & (1u << s)) return s;
  return kShaderStageCount;
}

bool is_default_block(const glslang::TObjectReflection& block) {
  return block.name == kDefaultBlockName;
}

// "Block[3]" -> 3; "Block" -> 0.
int array_element_of(const std::string& name) {
  if (name.empty() || name.back() != ']') return 0;
  const size_t open = name.rfind('[');
  return open == std::string::npos ? 0 : std::atoi(name.c_str() + open + 1);
}

// Whether a block's name is that of an array of blocks' first element
// ("B[0]", "B[0][0]" of an array of arrays) or of no array at all.
bool is_first_array_element(const std::string& name) {
  for (size_t open = name.find('['); open != std::string::npos; open = name.find('[', open + 1))
    if (std::atoi(name.c_str() + open + 1) != 0) return false;
  return true;
}

struct PendingBinding {
  uint32_t set;
  uint32_t provisional;
  Binding binding;
};

void add_pending(std::vector<PendingBinding>& pending, uint32_t set, uint32_t provisional, StageMask stages,
                 DescriptorKind kind, uint32_t count, uint32_t slot) {
  for (PendingBinding& p : pending) {
    if (p.set == set && p.provisional == provisional) {
      p.binding.stages |= stages;
      p.binding.array_count = std::max(p.binding.array_count, count);
      p.binding.slot = std::min(p.binding.slot, slot);
      return;
    }
  }
  Binding b;
  b.set = set;
  b.stages = stages;
  b.kind = kind;
  b.array_count = count;
  b.slot = slot;
  pending.push_back({set, provisional, b});
}

// The GL uniforms of a sampler lowered out of (arrays of) structs:
// "s[0].t[1].tex" for every index of the struct arrays on the path; an
// array member at the end stays one array uniform ("s[0].texs[0]").
// `flat.array_size` is the descriptor array's length, the declared flat
// array's (Vulkan wants a descriptor for each element the SPIR-V declares),
// so every element of every uniform has a descriptor (and a unit to set).
std::vector<Uniform> expand_lowered_sampler(const std::vector<LoweredPathComponent>& path, const Uniform& flat) {
  const uint32_t last_length = std::max<uint32_t>(path.back().array_length, 1);
  const int32_t descriptors = std::max(flat.array_size, 1);
  std::vector<uint32_t> index(path.size(), 0);
  std::vector<Uniform> out;
  for (int32_t element = 0; element < descriptors; element += static_cast<int32_t>(last_length)) {
    Uniform u = flat;
    u.name.clear();
    for (size_t c = 0; c < path.size(); ++c) {
      // An unnamed component is an inner dimension of an array of arrays
      // (opaque_array_flattening.h): "t[0][0]", not "t[0].[0]".
      if (c && !path[c].name.empty()) u.name += '.';
      if (!path[c].name.empty()) u.name += original_name(path[c].name);
      if (path[c].array_length) u.name += "[" + std::to_string(c + 1 < path.size() ? index[c] : 0) + "]";
    }
    u.array_size = std::min(static_cast<int32_t>(last_length), descriptors - element);
    u.sampler_element = element;
    out.push_back(std::move(u));
    // Next index, the innermost struct array first.
    size_t c = path.size() - 1;
    while (c-- > 0) {
      if (!path[c].array_length) continue;
      if (++index[c] < path[c].array_length) break;
      index[c] = 0;
    }
    if (c == static_cast<size_t>(-1)) break;
  }
  return out;
}

int32_t io_location(const glslang::TType& type) {
  return type.getQualifier().hasLocation() ? static_cast<int32_t>(type.getQualifier().layoutLocation) : -1;
}

// The entries of a varying of struct type (or array of structs):
// "s.a", "s[1].b[0]", ... with their GL types and locations from `location`
// on, member after member (-1: none; the compiler clears the locations
// glslang assigned to varyings declared without one).
void expand_struct_varying(const glslang::TType& type, const std::string& name, int32_t location, EShLanguage stage,
                           const glslang::TQualifier& var, std::vector<InterfaceVariable>* out) {
  const int dims = type.isArray() ? type.getArraySizes()->getNumDims() : 0;
  for (const std::string& suffix : index_suffixes(type, dims)) {
    for (const glslang::TTypeLoc& member : *type.getStruct()) {
      const glslang::TType& t = *member.type;
      const std::string member_name = name + suffix + "." + original_name(t.getFieldName().c_str());
      if (t.isStruct()) {
        expand_struct_varying(t, member_name, location, stage, var, out);
      } else {
        InterfaceVariable v;
        v.name = t.isArray() ? member_name + "[0]" : member_name;
        v.type = gl_type_of(t);
        v.array_size = t.isArray() ? std::max(t.getOuterArraySize(), 1) : 1;
        v.location = location;
        v.per_patch = var.patch;
        v.interpolation = interpolation_of(var);
        out->push_back(std::move(v));
      }
      if (location >= 0) location += glslang::TIntermediate::computeTypeLocationSize(t, stage);
    }
  }
}

// The named blocks of `storage` the stages declare that reflection left
// out (no shader reads them), appended to `blocks` with one entry per
// element of an array of blocks, laid out from the SPIR-V, with the
// application's layout(binding) (the resolver remembers it: after the I/O
// mapping the qualifier holds the Vulkan binding). They get no descriptor
// (nothing reads them) but every GL query and binding point.
// `add_members(type, prefix, first)` lists the members of the block whose
// first element is blocks[first].
template <typename AddMembers>
void add_unread_blocks(const glslang::TProgram& program, glslang::TStorageQualifier storage,
                       const std::set<std::string>& reflected, const std::vector<BlockLayouts>& layouts,
                       const BindingResolver& resolver, uint32_t default_set, std::vector<Block>* blocks,
                       const AddMembers& add_members) {
  for (const auto& [type_name, d] : collect_declared_blocks(program, storage)) {
    if (reflected.count(type_name) || !d.type->isStruct()) continue;
    std::optional<int32_t> size;
    for (const BlockLayouts& l : layouts)
      if (!size) size = l.block_size(type_name);
    if (!size) continue;  // not in the SPIR-V: nothing to lay out
    const int elements = d.type->isArray() ? std::max(d.type->getOuterArraySize(), 1) : 1;
    const glslang::TQualifier& q = d.type->getQualifier();
    const size_t first = blocks->size();
    for (int e = 0; e < elements; ++e) {
      Block block;
      block.name = original_name(type_name) + (d.type->isArray() ? "[" + std::to_string(e) + "]" : "");
      block.data_size = *size;
      block.stages = d.stages;
      block.read_only = q.readonly;
      block.initial_binding =
          q.hasBinding() ? resolver.gl_initial_binding(q.hasSet() ? q.layoutSet : default_set,
                                                       static_cast<int>(q.layoutBinding)) + e
                         : 0;
      blocks->push_back(std::move(block));
    }
    add_members(*d.type, d.instanced ? type_name + "." : std::string(), static_cast<int>(first));
  }
}

// An array of blocks is one block per element with the same members and
// stages: reflection attributes each member (and may attribute the stages)
// to the element it saw used, GL lists them for every element. The members
// belong to the first element (the GL_UNIFORM_BLOCK_INDEX / GL_BLOCK_INDEX
// GL reports), whichever element reflection saw them used through.
// `Variable` is Uniform or BufferVariable.
template <typename Variable>
void share_block_array_members(std::vector<Block>* blocks, std::vector<Variable>* variables) {
  auto array_base = [](const std::string& name) {
    const size_t open = name.find('[');
    return open == std::string::npos ? std::string() : name.substr(0, open);
  };
  for (size_t b = 0; b < blocks->size(); ++b) {
    const std::string base = array_base((*blocks)[b].name);
    if (base.empty()) continue;
    for (size_t other = 0; other < blocks->size(); ++other) {
      if (other == b || array_base((*blocks)[other].name) != base) continue;
      (*blocks)[other].stages |= (*blocks)[b].stages;
      std::vector<uint32_t>& members = (*blocks)[other].active_members;
      for (uint32_t m : (*blocks)[b].active_members)
        if (std::find(members.begin(), members.end(), m) == members.end()) members.push_back(m);
    }
  }
  for (Block& b : *blocks) std::sort(b.active_members.begin(), b.active_members.end());
  for (Variable& v : *variables) {
    if (v.block_index < 0) continue;
    const std::string base = array_base((*blocks)[static_cast<size_t>(v.block_index)].name);
    if (base.empty()) continue;
    for (size_t b = 0; b < blocks->size(); ++b) {
      if ((*blocks)[b].name == base + "[0]") {
        v.block_index = static_cast<int32_t>(b);
        break;
      }
    }
  }
}

}  // namespace

bool build_program_interface(const glslang::TProgram& program, const BindingResolver& resolver,
                             const std::map<std::string, int>& explicit_locations, ProgramInterface* out,
                             BindingRemapTable* remap, std::vector<LayoutQuery>* layout_queries,
                             const std::vector<BlockLayouts>* layouts,
                             const std::set<std::string>* external_samplers) {
  ProgramInterface& pi = *out;
  std::vector<PendingBinding> pending;

  // ---- Uniform blocks (the default block is Brass-internal, set 0).
  const int num_ublocks = program.getNumUniformBlocks();
  std::vector<int> block_remap(static_cast<size_t>(std::max(num_ublocks, 0)), -1);
  int default_block = -1;
  for (int i = 0; i < num_ublocks; ++i) {
    const glslang::TObjectReflection& b = program.getUniformBlock(i);
    if (is_default_block(b)) {
      default_block = i;
      pi.default_block_size = static_cast<uint32_t>(b.size);
      const StageMask stages = to_stage_mask(b.stages);
      for (int s = 0; s < kShaderStageCount; ++s) {
        if (!(stages & (1u << s))) continue;
        Binding d;
        d.set = kSetDefaultUniforms;
        d.binding = default_block_binding(static_cast<ShaderStage>(s));
        d.stages = 1u << s;
        d.kind = DescriptorKind::UniformBuffer;
        d.slot = static_cast<uint32_t>(s);
        pi.bindings.push_back(d);
      }
      continue;
    }
    block_remap[i] = static_cast<int>(pi.uniform_blocks.size());
    Block block;
    block.name = original_name(b.name);
    block.data_size = b.size;
    block.stages = to_stage_mask(b.stages);
    const glslang::TType* type = b.getType();
    // glslang sizes the block with the block's matrix order, ignoring a
    // member's own layout(row_major) (a row-major mat2x3 member is three
    // 16-byte rows, not two columns); the SPIR-V's layout is what the
    // shader reads, so the block is at least that large.
    if (type && layouts)
      for (const BlockLayouts& l : *layouts)
        if (const std::optional<int32_t> size = l.block_size(type->getTypeName().c_str()))
          block.data_size = std::max(block.data_size, *size);
    const uint32_t set = type ? type->getQualifier().layoutSet : kSetUniformBuffers;
    const int provisional = b.getBinding();
    block.initial_binding = resolver.gl_initial_binding(set, provisional) + array_element_of(b.name);
    // Reflection lists each element of an array of blocks ("Block[2]") with
    // the element's type: the descriptor array reaches the highest element.
    const uint32_t elements = std::max<uint32_t>(
        type && type->isArray() ? static_cast<uint32_t>(type->getOuterArraySize()) : 1u,
        static_cast<uint32_t>(array_element_of(b.name)) + 1);
    add_pending(pending, set, static_cast<uint32_t>(provisional), block.stages, DescriptorKind::UniformBuffer,
                elements, static_cast<uint32_t>(pi.uniform_blocks.size()));
    pi.uniform_blocks.push_back(std::move(block));
  }

  // ---- Uniforms: default-block members, opaque types, block members.
  // Locations are Brass's own (Vulkan has none for loose uniforms): explicit
  // layout(location = N) from the application first, then the lowest free
  // locations in reflection order, one per array element.
  std::vector<size_t> needs_location;
  for (int i = 0; i < program.getNumUniformVariables(); ++i) {
    const glslang::TObjectReflection& r = program.getUniform(i);
    const glslang::TType* type = r.getType();
    Uniform u;
    u.name = original_name(r.name);
    u.type = static_cast<uint32_t>(r.glDefineType);
    u.array_size = std::max(r.size, 1);
    u.offset = r.offset;
    u.array_stride = r.arrayStride;
    u.stages = to_stage_mask(r.stages);
    if (type) {
      u.matrix_stride = matrix_stride_of(*type);
      u.row_major = type->isMatrix() && type->getQualifier().layoutMatrix == glslang::ElmRowMajor;
    }
    if (const std::optional<ShaderStage> stage = subroutine_selection_stage(u.name)) {
      // A stage's subroutine selections (subroutines.h): Brass-internal,
      // written by the GL frontend, not a GL uniform.
      pi.subroutines[static_cast<size_t>(*stage)].selection_offset = r.offset;
      pi.subroutines[static_cast<size_t>(*stage)].selection_stride = r.arrayStride;
      continue;
    }
    const bool opaque = type && type->getBasicType() == glslang::EbtSampler;
    // A samplerExternalOES the Vulkan parse saw as a sampler2D.
    if (opaque && external_samplers && u.type == gl::SAMPLER_2D &&
        external_samplers->count(std::string(r.name.substr(0, r.name.find('[')))))
      u.type = gl::SAMPLER_EXTERNAL_OES;
    if (opaque && u.name.rfind(kFetchSamplerPrefix, 0) == 0) {
      // Framebuffer fetch source: Brass-internal, not a GL uniform. The
      // name carries the draw buffer index.
      const uint32_t draw_buffer =
          static_cast<uint32_t>(std::strtoul(u.name.c_str() + std::strlen(kFetchSamplerPrefix), nullptr, 10));
      add_pending(pending, type->getQualifier().layoutSet, static_cast<uint32_t>(r.getBinding()), u.stages,
                  DescriptorKind::FramebufferFetch, 1, draw_buffer);
      continue;
    }
    if (opaque) {
      if (auto path = decode_lowered_opaque_name(r.name)) {
        // A sampler lowered out of a struct: one descriptor array, one GL
        // uniform per element of the struct arrays on its path.
        u.is_image = type->getSampler().isImage();
        u.is_sampler = !u.is_image;
        u.offset = -1;
        // Reflection sizes an array by the highest element the shader
        // names; the descriptor array (and so the GL uniforms) is the
        // declared flat array, which the SPIR-V declares.
        if (type->isSizedArray()) u.array_size = std::max(u.array_size, type->getCumulativeArraySize());
        // layout(binding = N) of a flattened array of arrays: element a of
        // the descriptor array reads unit N + a.
        u.initial_binding = resolver.gl_initial_binding(type->getQualifier().layoutSet, r.getBinding());
        u.explicit_binding = resolver.gl_has_initial_binding(type->getQualifier().layoutSet, r.getBinding());
        add_pending(pending, type->getQualifier().layoutSet, static_cast<uint32_t>(r.getBinding()), u.stages,
                    descriptor_kind_for(*type), static_cast<uint32_t>(u.array_size),
                    static_cast<uint32_t>(pi.uniforms.size()));
        for (Uniform& element : expand_lowered_sampler(*path, u)) {
          element.location = lowered_sampler_location(*path, element.name, explicit_locations);
          if (element.location < 0) needs_location.push_back(pi.uniforms.size());
          pi.uniforms.push_back(std::move(element));
        }
        continue;
      }
    }
    if (opaque) {
      u.is_image = type->getSampler().isImage();
      u.is_sampler = !u.is_image;
      u.offset = -1;
      const uint32_t set = type->getQualifier().layoutSet;
      const int provisional = r.getBinding();
      u.initial_binding = resolver.gl_initial_binding(set, provisional);
      u.explicit_binding = resolver.gl_has_initial_binding(set, provisional);
      // The GL uniform ends at the highest element read (reflection's
      // size); the descriptor array is the declared one, as the SPIR-V
      // declares it (a shorter one is
      // VUID-VkGraphicsPipelineCreateInfo-layout-00756).
      const int32_t descriptors =
          type->isSizedArray() ? std::max(u.array_size, type->getCumulativeArraySize()) : u.array_size;
      add_pending(pending, set, static_cast<uint32_t>(provisional), u.stages, descriptor_kind_for(*type),
                  static_cast<uint32_t>(descriptors), static_cast<uint32_t>(pi.uniforms.size()));
    }
    const glslang::TType* declared_aoa = nullptr;  // an array of arrays' declared type
    if (!opaque && r.index >= 0 && r.index < num_ublocks) {
      // glslang sizes an element of an array of arrays ("v[1][0]") by the
      // outermost dimension; GL's uniform is an array of the innermost.
      if (const glslang::TType* block_type = program.getUniformBlock(r.index).getType())
        if (const glslang::TType* declared = member_by_path(*block_type, r.name))
          if (declared->isArray() && declared->getArraySizes()->getNumDims() > 1) {
            u.array_size = std::max(declared->getArraySizes()->getDimSize(declared->getArraySizes()->getNumDims() - 1), 1);
            declared_aoa = declared;
          }
    }
    if (layout_queries && !opaque && u.offset >= 0) {
      const bool in_default = r.index == default_block || r.index < 0 || r.index >= num_ublocks;
      const glslang::TType* block_type = in_default ? nullptr : program.getUniformBlock(r.index).getType();
      layout_queries->push_back({pi.uniforms.size(),
                                 block_type ? std::string(block_type->getTypeName().c_str()) : kDefaultBlockName,
                                 r.name});
    }
    if (opaque || r.index == default_block || r.index < 0) {
      u.block_index = -1;
      std::string base = u.name;
      if (base.size() > 3 && base.compare(base.size() - 3, 3, "[0]") == 0) base.resize(base.size() - 3);
      // An element "v[i][j][0]" of an array of arrays: the uniform's
      // explicit location plus the locations of the elements before it.
      int32_t element_offset = 0;
      if (declared_aoa && base.find('[') != std::string::npos) {
        const glslang::TArraySizes& dims = *declared_aoa->getArraySizes();
        int d = 0;
        for (size_t open = base.find('['); open != std::string::npos && d + 1 < dims.getNumDims();
             open = base.find('[', open + 1), ++d) {
          int32_t stride = u.array_size;
          for (int later = d + 1; later + 1 < dims.getNumDims(); ++later) stride *= std::max(dims.getDimSize(later), 1);
          element_offset += std::atoi(base.c_str() + open + 1) * stride;
        }
        base.resize(base.find('['));
      }
      auto ex = explicit_locations.find(base);
      if (ex != explicit_locations.end()) u.location = ex->second + element_offset;
      else needs_location.push_back(pi.uniforms.size());
    } else {
      u.block_index = r.index < num_ublocks ? block_remap[r.index] : -1;
      if (u.block_index >= 0)
        pi.uniform_blocks[u.block_index].active_members.push_back(static_cast<uint32_t>(pi.uniforms.size()));
    }
    pi.uniforms.push_back(std::move(u));
  }
  // Every member of a named std140 or shared block is active, referenced or
  // not (ES 3.0 §2.12.6); Brass lays out shared and packed blocks as std140
  // too. Reflection lists only the members the shaders read: add the rest
  // from the block's type (the first element of an array of blocks; the
  // others get them below).
  for (int i = 0; i < num_ublocks; ++i) {
    const int bi = block_remap[i];
    if (bi < 0 || !is_first_array_element(pi.uniform_blocks[bi].name)) continue;
    const glslang::TType* block_type = program.getUniformBlock(i).getType();
    if (!block_type || !block_type->isStruct()) continue;
    const std::string type_name = block_type->getTypeName().c_str();
    // Instanced blocks name their members "Block.member": take the prefix
    // from a member reflection did list.
    std::string prefix;
    for (const LayoutQuery& q : layout_queries ? *layout_queries : std::vector<LayoutQuery>{})
      if (pi.uniforms[q.uniform].block_index == bi && q.name.rfind(type_name + ".", 0) == 0) prefix = type_name + ".";
    add_inactive_block_members(*block_type->getStruct(), prefix, type_name, bi, &pi, layout_queries);
  }

  // A named std140 (or shared) block is active even when no shader reads it
  // (ES 3.0 §2.12.6): add the declared blocks reflection left out, with all
  // their members, laid out from the SPIR-V. They get no descriptor binding
  // (nothing reads them) but every GL query and binding point.
  if (layouts && layout_queries) {
    std::set<std::string> reflected;
    for (int i = 0; i < num_ublocks; ++i)
      if (const glslang::TType* t = program.getUniformBlock(i).getType()) reflected.insert(t->getTypeName().c_str());
    add_unread_blocks(program, glslang::EvqUniform, reflected, *layouts, resolver, kSetUniformBuffers,
                      &pi.uniform_blocks, [&](const glslang::TType& type, const std::string& prefix, int first) {
                        add_inactive_block_members(*type.getStruct(), prefix, type.getTypeName().c_str(), first, &pi,
                                                   layout_queries);
                      });
  }

  share_block_array_members(&pi.uniform_blocks, &pi.uniforms);

  auto claim = [&pi](int32_t location, int32_t count, int32_t uniform) {
    const size_t end = static_cast<size_t>(location + count);
    if (pi.location_to_uniform.size() < end) pi.location_to_uniform.resize(end, -1);
    for (int32_t e = 0; e < count; ++e) pi.location_to_uniform[static_cast<size_t>(location + e)] = uniform;
  };
  for (size_t i = 0; i < pi.uniforms.size(); ++i) {
    const Uniform& u = pi.uniforms[i];
    if (u.location >= 0) claim(u.location, u.array_size, static_cast<int32_t>(i));
  }
  int32_t next_free = 0;
  for (size_t i : needs_location) {
    Uniform& u = pi.uniforms[i];
    for (;; ++next_free) {
      bool free = true;
      for (int32_t e = 0; e < u.array_size && free; ++e) {
        const size_t at = static_cast<size_t>(next_free + e);
        free = at >= pi.location_to_uniform.size() || pi.location_to_uniform[at] < 0;
      }
      if (free) break;
    }
    u.location = next_free;
    claim(next_free, u.array_size, static_cast<int32_t>(i));
    next_free += u.array_size;
  }
  pi.uniform_location_count = static_cast<uint32_t>(pi.location_to_uniform.size());

  // ---- Shader storage blocks and their members. Under Vulkan rules glslang
  // turns atomic counters into storage blocks named gl_AtomicCounterBlock_<binding>;
  // GL reports those as atomic counter buffers and uniforms.
  static constexpr std::string_view kAtomicPrefix = "gl_AtomicCounterBlock_";
  const int num_sblocks = program.getNumBufferBlocks();
  std::vector<int> storage_remap(static_cast<size_t>(std::max(num_sblocks, 0)), -1);
  std::vector<int> atomic_remap(static_cast<size_t>(std::max(num_sblocks, 0)), -1);
  for (int i = 0; i < num_sblocks; ++i) {
    const glslang::TObjectReflection& b = program.getBufferBlock(i);
    const glslang::TType* type = b.getType();
    const uint32_t set = type ? type->getQualifier().layoutSet : kSetStorageBuffers;
    const int provisional = b.getBinding();
    const StageMask stages = to_stage_mask(b.stages);
    if (b.name.compare(0, kAtomicPrefix.size(), kAtomicPrefix) == 0) {
      atomic_remap[i] = static_cast<int>(pi.atomic_counter_buffers.size());
      AtomicCounterBuffer acb;
      acb.binding = std::atoi(b.name.c_str() + kAtomicPrefix.size());
      acb.data_size = b.size;
      acb.stages = stages;
      add_pending(pending, set, static_cast<uint32_t>(provisional), stages, DescriptorKind::AtomicCounterBuffer, 1,
                  static_cast<uint32_t>(pi.atomic_counter_buffers.size()));
      pi.atomic_counter_buffers.push_back(std::move(acb));
      continue;
    }
    storage_remap[i] = static_cast<int>(pi.storage_blocks.size());
    Block block;
    block.name = original_name(b.name);
    block.data_size = b.size;
    block.stages = stages;
    block.initial_binding = resolver.gl_initial_binding(set, provisional) + array_element_of(b.name);
    block.read_only = type && type->getQualifier().readonly;
    const uint32_t elements = std::max<uint32_t>(
        type && type->isArray() ? static_cast<uint32_t>(type->getOuterArraySize()) : 1u,
        static_cast<uint32_t>(array_element_of(b.name)) + 1);
    add_pending(pending, set, static_cast<uint32_t>(provisional), block.stages, DescriptorKind::StorageBuffer, elements,
                static_cast<uint32_t>(pi.storage_blocks.size()));
    pi.storage_blocks.push_back(std::move(block));
  }
  for (int i = 0; i < program.getNumBufferVariables(); ++i) {
    const glslang::TObjectReflection& r = program.getBufferVariable(i);
    const bool in_range = r.index >= 0 && r.index < num_sblocks;
    if (in_range && atomic_remap[r.index] >= 0) {
      Uniform u;
      u.name = original_name(r.name);
      u.type = gl::UNSIGNED_INT_ATOMIC_COUNTER;
      u.array_size = std::max(r.size, 1);
      u.offset = r.offset;
      u.array_stride = r.arrayStride;
      u.stages = to_stage_mask(r.stages);
      u.atomic_buffer_index = atomic_remap[r.index];
      AtomicCounterBuffer& acb = pi.atomic_counter_buffers[atomic_remap[r.index]];
      // An array of arrays of counters is one GL uniform per element of its
      // outer dimensions, each an array of the innermost one ("a[1][0]",
      // GL 4.6 §7.3.1.1), the elements one after another in the buffer.
      const glslang::TType* block_type = program.getBufferBlock(r.index).getType();
      const glslang::TType* declared = block_type ? member_by_path(*block_type, r.name) : nullptr;
      if (declared && declared->isArray() && declared->getArraySizes()->getNumDims() > 1) {
        const int dims = declared->getArraySizes()->getNumDims();
        const int32_t inner = std::max(declared->getArraySizes()->getDimSize(dims - 1), 1);
        const std::string base = u.name.substr(0, u.name.find('['));
        const int32_t stride = u.array_stride > 0 ? u.array_stride : 4;
        int32_t element = 0;
        for (const std::string& suffix : index_suffixes(*declared, dims - 1)) {
          Uniform e = u;
          e.name = base + suffix + "[0]";
          e.array_size = inner;
          e.offset = u.offset + element * inner * stride;
          ++element;
          acb.active_counters.push_back(static_cast<uint32_t>(pi.uniforms.size()));
          pi.uniforms.push_back(std::move(e));
        }
        continue;
      }
      acb.active_counters.push_back(static_cast<uint32_t>(pi.uniforms.size()));
      pi.uniforms.push_back(std::move(u));
      continue;
    }
    BufferVariable v;
    v.name = original_name(r.name);
    v.type = static_cast<uint32_t>(r.glDefineType);
    const glslang::TType* type = r.getType();
    // GL_ARRAY_SIZE is 0 for an array declared without a size (the last
    // member of a storage block, sized by the bound buffer).
    v.array_size = type && type->isUnsizedArray() ? 0 : std::max(r.size, 1);
    v.block_index = in_range ? storage_remap[r.index] : -1;
    v.offset = r.offset;
    v.array_stride = r.arrayStride;
    const glslang::TType* top =
        top_level_member(in_range ? program.getBufferBlock(r.index).getType() : nullptr, r.name);
    v.top_level_array_size = top_level_array_size(top);
    if (type) {
      v.matrix_stride = matrix_stride_of(*type);
      v.row_major = type->isMatrix() && type->getQualifier().layoutMatrix == glslang::ElmRowMajor;
    }
    v.top_level_array_stride = top && is_top_level_array(*top) ? r.topLevelArrayStride : 0;
    v.stages = to_stage_mask(r.stages);
    // Offsets and strides as the SPIR-V lays them out (glslang's own
    // figures for top-level strides of nested aggregates are off).
    if (layout_queries && in_range) {
      if (const glslang::TType* block_type = program.getBufferBlock(r.index).getType()) {
        LayoutQuery q{pi.buffer_variables.size(), block_type->getTypeName().c_str(), r.name, true, ""};
        if (top && is_top_level_array(*top)) {
          std::string_view path = r.name;
          const std::string prefix = q.block_type + ".";
          if (path.starts_with(prefix)) path.remove_prefix(prefix.size());
          q.top_level_name = std::string(path.substr(0, path.find_first_of(".[")));
        }
        layout_queries->push_back(std::move(q));
      }
    }
    if (v.block_index >= 0)
      pi.storage_blocks[v.block_index].active_members.push_back(static_cast<uint32_t>(pi.buffer_variables.size()));
    pi.buffer_variables.push_back(std::move(v));
  }
  // Members no shader reads, of the first element of each array of blocks
  // (the other elements share its members).
  for (int i = 0; i < num_sblocks; ++i) {
    const int bi = storage_remap[i];
    if (bi < 0 || !is_first_array_element(pi.storage_blocks[bi].name)) continue;
    const glslang::TType* block_type = program.getBufferBlock(i).getType();
    if (!block_type || !block_type->isStruct()) continue;
    const std::string type_name = block_type->getTypeName().c_str();
    std::string prefix;
    for (uint32_t m : pi.storage_blocks[bi].active_members)
      if (pi.buffer_variables[m].name.rfind(original_name(type_name) + ".", 0) == 0) prefix = type_name + ".";
    add_inactive_storage_members(*block_type->getStruct(), prefix, type_name, bi, nullptr, std::string(), &pi,
                                 layout_queries);
  }
  // A std140, std430 or shared storage block is active even when no shader
  // reads it (ES 3.1 §7.3.1; Brass lays out shared and packed blocks as
  // std140): add the declared blocks reflection left out, as for uniform
  // blocks above.
  if (layouts && layout_queries) {
    std::set<std::string> reflected;
    for (int i = 0; i < num_sblocks; ++i)
      if (const glslang::TType* t = program.getBufferBlock(i).getType()) reflected.insert(t->getTypeName().c_str());
    add_unread_blocks(program, glslang::EvqBuffer, reflected, *layouts, resolver, kSetStorageBuffers,
                      &pi.storage_blocks, [&](const glslang::TType& type, const std::string& prefix, int first) {
                        add_inactive_storage_members(*type.getStruct(), prefix, type.getTypeName().c_str(), first,
                                                     nullptr, std::string(), &pi, layout_queries);
                      });
  }

  share_block_array_members(&pi.storage_blocks, &pi.buffer_variables);

  // ---- Attributes and fragment outputs (locations are fixed up by the
  // linker, which knows about glBindAttribLocation).
  for (int i = 0; i < program.getNumPipeInputs(); ++i) {
    const glslang::TObjectReflection& r = program.getPipeInput(i);
    if (r.name.compare(0, 3, "gl_") == 0) continue;
    const glslang::TType* type = r.getType();
    if (!type || type->getQualifier().storage != glslang::EvqVaryingIn) continue;
    // Interface blocks: gl_PerVertex's members are built-ins (below), user
    // blocks are listed by member (io_blocks.h).
    if (type->getBasicType() == glslang::EbtBlock) continue;
    if (type->getBasicType() == glslang::EbtStruct) {
      // Varyings of struct type (between separable stages): one entry per
      // member (ES 3.1 §7.3.1.1).
      expand_struct_varying(*type, original_name(r.name), io_location(*type), first_stage(program),
                            type->getQualifier(), &pi.attributes);
      continue;
    }
    InterfaceVariable v;
    v.name = original_name(r.name);
    // GL names arrays of program inputs/outputs "name[0]".
    if (type->isArray() && v.name.find('[') == std::string::npos) v.name += "[0]";
    v.type = static_cast<uint32_t>(r.glDefineType);
    v.array_size = std::max(r.size, type->isArray() ? type->getOuterArraySize() : 1);
    v.location = type->getQualifier().hasLocation() ? static_cast<int32_t>(type->getQualifier().layoutLocation) : -1;
    v.per_patch = type->getQualifier().patch;
    v.interpolation = interpolation_of(type->getQualifier());
    pi.attributes.push_back(std::move(v));
  }
  for (int i = 0; i < program.getNumPipeOutputs(); ++i) {
    const glslang::TObjectReflection& r = program.getPipeOutput(i);
    if (r.name.compare(0, 3, "gl_") == 0) continue;
    const glslang::TType* type = r.getType();
    if (!type || type->getQualifier().storage != glslang::EvqVaryingOut) continue;
    if (type->getBasicType() == glslang::EbtBlock) continue;
    if (type->getBasicType() == glslang::EbtStruct) {
      expand_struct_varying(*type, original_name(r.name), io_location(*type), last_stage(program),
                            type->getQualifier(), &pi.fragment_outputs);
      continue;
    }
    InterfaceVariable v;
    v.name = original_name(r.name);
    // GL names arrays of program inputs/outputs "name[0]".
    if (type->isArray() && v.name.find('[') == std::string::npos) v.name += "[0]";
    v.type = static_cast<uint32_t>(r.glDefineType);
    v.array_size = std::max(r.size, type->isArray() ? type->getOuterArraySize() : 1);
    v.location = type->getQualifier().hasLocation() ? static_cast<int32_t>(type->getQualifier().layoutLocation) : -1;
    v.index = type->getQualifier().hasIndex() ? static_cast<int32_t>(type->getQualifier().layoutIndex) : 0;
    v.per_patch = type->getQualifier().patch;
    v.interpolation = interpolation_of(type->getQualifier());
    pi.fragment_outputs.push_back(std::move(v));
  }

  add_builtin_io(program, &pi);

  for (int d = 0; d < 3; ++d) pi.compute_local_size[d] = program.getLocalSize(d);
  if (const glslang::TIntermediate* gs = program.getIntermediate(EShLangGeometry)) {
    auto primitive = [](glslang::TLayoutGeometry g) -> uint32_t {
      switch (g) {
        case glslang::ElgLines: return gl::LINES;
        case glslang::ElgLinesAdjacency: return gl::LINES_ADJACENCY;
        case glslang::ElgLineStrip: return gl::LINE_STRIP;
        case glslang::ElgTriangles: return gl::TRIANGLES;
        case glslang::ElgTrianglesAdjacency: return gl::TRIANGLES_ADJACENCY;
        case glslang::ElgTriangleStrip: return gl::TRIANGLE_STRIP;
        default: return gl::POINTS;
      }
    };
    pi.geometry_input_type = primitive(gs->getInputPrimitive());
    pi.geometry_output_type = primitive(gs->getOutputPrimitive());
    pi.geometry_vertices_out = static_cast<uint32_t>(std::max(gs->getVertices(), 0));
    // layoutNotSet (-1) or 0: one invocation.
    pi.geometry_invocations = static_cast<uint32_t>(std::max(gs->getInvocations(), 1));
  }
  if (const glslang::TIntermediate* tcs = program.getIntermediate(EShLangTessControl))
    pi.tess_control_output_vertices = static_cast<uint32_t>(std::max(tcs->getVertices(), 0));
  if (const glslang::TIntermediate* tes = program.getIntermediate(EShLangTessEvaluation)) {
    const glslang::TLayoutGeometry mode = tes->getInputPrimitive();
    pi.tess_gen_mode = mode == glslang::ElgQuads      ? gl::QUADS
                       : mode == glslang::ElgIsolines ? gl::ISOLINES
                                                      : gl::TRIANGLES;
    const glslang::TVertexSpacing spacing = tes->getVertexSpacing();
    pi.tess_gen_spacing = spacing == glslang::EvsFractionalEven  ? gl::FRACTIONAL_EVEN
                          : spacing == glslang::EvsFractionalOdd ? gl::FRACTIONAL_ODD
                                                                 : gl::EQUAL;
    pi.tess_gen_vertex_order = tes->getVertexOrder() == glslang::EvoCw ? gl::CW : gl::CCW;
    pi.tess_gen_point_mode = tes->getPointMode() ? 1 : 0;
  }

  // ---- Dense bindings per set: stage order, then slot order.
  std::stable_sort(pending.begin(), pending.end(), [](const PendingBinding& a, const PendingBinding& b) {
    if (a.set != b.set) return a.set < b.set;
    const int sa = lowest_stage(a.binding.stages), sb = lowest_stage(b.binding.stages);
    if (sa != sb) return sa < sb;
    return a.binding.slot < b.binding.slot;
  });
  // Opaque members of structs reach reflection without a descriptor set
  // (Vulkan has no samplers in structs): nothing Brass can bind.
  for (const PendingBinding& p : pending)
    if (p.set >= kSetCount) return false;
  uint32_t next_binding[kSetCount] = {};
  for (PendingBinding& p : pending) {
    p.binding.binding = next_binding[p.set]++;
    (*remap)[{p.set, p.provisional}] = p.binding.binding;
    pi.bindings.push_back(p.binding);
  }
  std::stable_sort(pi.bindings.begin(), pi.bindings.end(), [](const Binding& a, const Binding& b) {
    return a.set != b.set ? a.set < b.set : a.binding < b.binding;
  });
  return true;
}

void restrict_to_referencing_stages(const glslang::TProgram& program, int reflection_options, ProgramInterface* pi) {
  // GL name -> stages whose own reflection lists it.
  std::map<std::string, StageMask> uniforms, buffer_variables;
  for (int s = 0; s < kShaderStageCount; ++s) {
    const EShLanguage lang = to_glslang(static_cast<ShaderStage>(s));
    const glslang::TIntermediate* im = program.getIntermediate(lang);
    if (!im) continue;
    glslang::TReflection r(static_cast<EShReflectionOptions>(reflection_options), lang, lang);
    if (!r.addStage(lang, *im)) continue;
    for (int i = 0; i < r.getNumUniforms(); ++i) uniforms[original_name(r.getUniform(i).name)] |= 1u << s;
    for (int i = 0; i < r.getNumBufferVariables(); ++i)
      buffer_variables[original_name(r.getBufferVariable(i).name)] |= 1u << s;
  }
  // Variables no stage lists by that name (samplers lowered out of structs,
  // members of std140 blocks no shader reads) keep what they have.
  const auto restrict = [](const std::map<std::string, StageMask>& refs, const std::string& name, StageMask* stages) {
    const auto it = refs.find(name);
    if (it != refs.end()) *stages &= it->second;
  };
  for (Uniform& u : pi->uniforms)
    restrict(u.atomic_buffer_index >= 0 ? buffer_variables : uniforms, u.name, &u.stages);
  for (BufferVariable& v : pi->buffer_variables) restrict(buffer_variables, v.name, &v.stages);
  // An image array's descriptor binding goes to the stages its uniform is
  // now restricted to: the frontend counts each stage's image uniforms
  // against GL_MAX_<stage>_IMAGE_UNIFORMS and the combined limit from them.
  for (Binding& b : pi->bindings) {
    if (b.kind != DescriptorKind::StorageImage || b.slot >= pi->uniforms.size()) continue;
    const StageMask used = pi->uniforms[b.slot].stages;
    if (used & b.stages) b.stages &= used;
  }
}

}  // namespace brass::compiler
