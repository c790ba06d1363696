#include "compiler/opaque_array_indexing.h"

#include <spirv-tools/libspirv.h>

#include <algorithm>
#include <optional>
#include <unordered_map>
#include <unordered_set>

#include "compiler/spirv_module.h"

namespace brass::compiler {
namespace {

// What SPIRV-Tools' grammar says about one instruction: its result and type
// ids and where its other id operands are, so that a clone can be renamed
// without an opcode table of our own.
struct InstInfo {
  uint32_t type_id = 0;
  uint32_t result_id = 0;
  uint16_t result_word = 0;
  bool glsl_std_ext = false;        // OpExtInst of GLSL.std.450
  std::vector<uint16_t> id_words;  // word offsets of id operands (not the result, not the type)
};

bool parse_infos(const std::vector<uint32_t>& words, std::vector<InstInfo>* infos) {
  infos->clear();
  spv_context context = spvContextCreate(SPV_ENV_UNIVERSAL_1_6);
  auto on_inst = [](void* user, const spv_parsed_instruction_t* p) -> spv_result_t {
    InstInfo info;
    info.type_id = p->type_id;
    info.result_id = p->result_id;
    info.glsl_std_ext = p->opcode == spv::OpExtInst && p->ext_inst_type == SPV_EXT_INST_TYPE_GLSL_STD_450;
    for (uint16_t i = 0; i < p->num_operands; ++i) {
      const spv_parsed_operand_t& o = p->operands[i];
      switch (o.type) {
        case SPV_OPERAND_TYPE_RESULT_ID: info.result_word = o.offset; break;
        case SPV_OPERAND_TYPE_TYPE_ID: break;
        case SPV_OPERAND_TYPE_ID:
        case SPV_OPERAND_TYPE_MEMORY_SEMANTICS_ID:
        case SPV_OPERAND_TYPE_SCOPE_ID: info.id_words.push_back(o.offset); break;
        default: break;
      }
    }
    static_cast<std::vector<InstInfo>*>(user)->push_back(std::move(info));
    return SPV_SUCCESS;
  };
  const spv_result_t r = spvBinaryParse(context, infos, words.data(), words.size(), nullptr, on_inst, nullptr);
  spvContextDestroy(context);
  return r == SPV_SUCCESS;
}

bool is_terminator(spv::Op op) {
  switch (op) {
    case spv::OpBranch: case spv::OpBranchConditional: case spv::OpSwitch: case spv::OpReturn:
    case spv::OpReturnValue: case spv::OpKill: case spv::OpUnreachable: case spv::OpTerminateInvocation:
      return true;
    default: return false;
  }
}

// No memory access and no side effect: may move above the split point.
bool is_pure(spv::Op op, bool glsl_std_ext) {
  const uint32_t o = op;
  if (op == spv::OpExtInst) return glsl_std_ext;
  return op == spv::OpUndef || op == spv::OpAccessChain || op == spv::OpInBoundsAccessChain ||
         (o >= spv::OpVectorExtractDynamic && o <= spv::OpTranspose) ||
         (o >= spv::OpConvertFToU && o <= spv::OpBitcast) || (o >= spv::OpSNegate && o <= spv::OpSMulExtended) ||
         (o >= spv::OpAny && o <= spv::OpFUnordGreaterThanEqual) ||
         (o >= spv::OpShiftRightLogical && o <= spv::OpBitCount) || (o >= spv::OpDPdx && o <= spv::OpFwidthCoarse);
}

// Reads memory but writes nothing: later loads may still move above it.
bool only_reads(spv::Op op) {
  const uint32_t o = op;
  if (op == spv::OpImageWrite) return false;
  return op == spv::OpLoad || op == spv::OpImageTexelPointer || op == spv::OpLine || op == spv::OpNoLine ||
         (o >= spv::OpSampledImage && o <= spv::OpImageQuerySamples) ||
         (o >= spv::OpImageSparseSampleImplicitLod && o <= spv::OpImageSparseRead);
}

class Lowering {
 public:
  explicit Lowering(SpirvModule& m) : m_(m) {}

  // One step: finds the first access chain that needs it and rewrites it
  // (or adds the constants it needs). Returns nullopt on failure, false
  // when nothing is left to do.
  std::optional<bool> step(OpaqueIndexingStats* stats);
  // Moves each instruction that makes a handle (access chain, load,
  // OpSampledImage, OpImage) down to right before its first use in its
  // block. glslang evaluates `imageStore(a[i], p, imageLoad(b[i], p))` as
  // a's chain, then b's, then the load and the store: sunk, each handle's
  // chain is contiguous with its consumers, so one element's switch does not
  // repeat the other's access in every case. They read nothing that
  // changes (descriptors), so the order does not matter otherwise.
  bool sink_handles();

 private:
  struct Site {
    size_t index = 0;      // instruction index of the access chain
    uint32_t dim = 0;      // which index operand is dynamic
    uint32_t length = 0;   // the array's length at that dimension
    uint32_t index_type = 0;
  };
  const SpirvInstruction* def(uint32_t id) const {
    auto it = def_.find(id);
    return it == def_.end() ? nullptr : &m_.instructions[it->second];
  }
  uint32_t type_of(uint32_t id) const {
    auto it = def_.find(id);
    return it == def_.end() ? 0 : infos_[it->second].type_id;
  }
  bool is_opaque(uint32_t type) const {
    const SpirvInstruction* t = def(type);
    if (!t) return false;
    const spv::Op op = t->opcode();
    return op == spv::OpTypeImage || op == spv::OpTypeSampler || op == spv::OpTypeSampledImage;
  }
  bool is_pointer(uint32_t type) const {
    const SpirvInstruction* t = def(type);
    return t && t->opcode() == spv::OpTypePointer;
  }
  // A handle value may not cross blocks (or meet in OpPhi) in a Vulkan
  // shader: opaque values and pointers to UniformConstant / Image memory.
  bool is_handle(uint32_t type) const {
    const SpirvInstruction* t = def(type);
    if (!t) return false;
    if (t->opcode() == spv::OpTypePointer)
      return t->operand(1) == spv::StorageClassUniformConstant || t->operand(1) == spv::StorageClassImage;
    return is_opaque(type);
  }
  bool uses_any(size_t index, const std::unordered_set<uint32_t>& ids) const {
    const SpirvInstruction& inst = m_.instructions[index];
    for (uint16_t w : infos_[index].id_words)
      if (ids.count(inst.words[w])) return true;
    return false;
  }
  bool analyze();
  std::optional<Site> find_site() const;
  bool rewrite(const Site& site, OpaqueIndexingStats* stats);

  SpirvModule& m_;
  std::vector<InstInfo> infos_;
  std::unordered_map<uint32_t, size_t> def_;
};

std::optional<Lowering::Site> Lowering::find_site() const {
  for (size_t i = m_.first_function(); i < m_.instructions.size(); ++i) {
    const SpirvInstruction& inst = m_.instructions[i];
    if (inst.opcode() != spv::OpAccessChain && inst.opcode() != spv::OpInBoundsAccessChain) continue;
    if (inst.operand_count() < 4) continue;
    const SpirvInstruction* ptr_type = def(inst.operand(0));
    if (!ptr_type || ptr_type->opcode() != spv::OpTypePointer || ptr_type->operand(1) != spv::StorageClassUniformConstant)
      continue;
    const SpirvInstruction* base_type = def(type_of(inst.operand(2)));
    if (!base_type || base_type->opcode() != spv::OpTypePointer) continue;
    uint32_t type = base_type->operand(2);
    for (uint32_t d = 0; d + 3 < inst.operand_count(); ++d) {
      const SpirvInstruction* array = def(type);
      if (!array || array->opcode() != spv::OpTypeArray) break;
      const uint32_t index = inst.operand(3 + d);
      const SpirvInstruction* index_def = def(index);
      if (!index_def || index_def->opcode() != spv::OpConstant) {
        const SpirvInstruction* length = def(array->operand(2));
        Site s;
        s.index = i;
        s.dim = d;
        s.length = length && length->opcode() == spv::OpConstant ? length->operand(2) : 0;
        s.index_type = type_of(index);
        return s;
      }
      type = array->operand(1);
    }
  }
  return std::nullopt;
}

bool Lowering::analyze() {
  if (!parse_infos(m_.serialize(), &infos_) || infos_.size() != m_.instructions.size()) return false;
  def_.clear();
  for (size_t i = 0; i < infos_.size(); ++i)
    if (infos_[i].result_id) def_[infos_[i].result_id] = i;
  return true;
}

bool Lowering::sink_handles() {
  if (!analyze()) return false;
  std::vector<SpirvInstruction>& insts = m_.instructions;
  for (size_t end = insts.size(); end-- > m_.first_function();) {
    // `end` walks each block's body backwards; a label starts over.
    const spv::Op op = insts[end].opcode();
    const bool makes_handle = (op == spv::OpAccessChain || op == spv::OpInBoundsAccessChain || op == spv::OpLoad ||
                               op == spv::OpSampledImage || op == spv::OpImage || op == spv::OpCopyObject) &&
                              infos_[end].result_id && is_handle(infos_[end].type_id);
    if (!makes_handle) continue;
    const std::unordered_set<uint32_t> one = {infos_[end].result_id};
    size_t user = end + 1;
    while (user < insts.size() && !uses_any(user, one) && !is_terminator(insts[user].opcode()) &&
           insts[user].opcode() != spv::OpLabel)
      ++user;
    if (user >= insts.size() || !uses_any(user, one) || insts[user].opcode() == spv::OpPhi || user == end + 1) continue;
    // Move `end` to just before `user` (both lists alike).
    std::rotate(insts.begin() + static_cast<std::ptrdiff_t>(end), insts.begin() + static_cast<std::ptrdiff_t>(end + 1),
                insts.begin() + static_cast<std::ptrdiff_t>(user));
    std::rotate(infos_.begin() + static_cast<std::ptrdiff_t>(end), infos_.begin() + static_cast<std::ptrdiff_t>(end + 1),
                infos_.begin() + static_cast<std::ptrdiff_t>(user));
  }
  return true;
}

std::optional<bool> Lowering::step(OpaqueIndexingStats* stats) {
  if (!analyze()) return std::nullopt;
  const std::optional<Site> site = find_site();
  if (!site) return false;
  const SpirvInstruction* index_type = def(site->index_type);
  if (site->length == 0 || site->length > 4096 || !index_type || index_type->opcode() != spv::OpTypeInt ||
      index_type->operand(1) != 32)
    return std::nullopt;
  // The case constants first (they go to the global section and move every
  // instruction index); the next step finds the same site again.
  bool added = false;
  for (uint32_t k = 0; k < site->length; ++k) {
    const size_t before = m_.instructions.size();
    m_.get_constant(site->index_type, k);
    added = added || m_.instructions.size() != before;
  }
  if (added) return true;
  if (!rewrite(*site, stats)) return std::nullopt;
  return true;
}

bool Lowering::rewrite(const Site& site, OpaqueIndexingStats* stats) {
  std::vector<SpirvInstruction>& insts = m_.instructions;
  const size_t i = site.index;
  const uint32_t index_word = 4 + site.dim;  // OpAccessChain: type, result, base, indexes...
  const uint32_t index_id = insts[i].words[index_word];
  if (site.length == 1) {  // the only valid index
    insts[i].words[index_word] = m_.get_constant(site.index_type, 0);
    if (stats) ++stats->accesses;
    return true;
  }
  // The block and the function around the access.
  size_t label = i;
  while (label > 0 && insts[label].opcode() != spv::OpLabel) --label;
  size_t term = i;
  while (term < insts.size() && !is_terminator(insts[term].opcode())) ++term;
  if (insts[label].opcode() != spv::OpLabel || term == insts.size()) return false;
  size_t limit = term;
  if (insts[term - 1].opcode() == spv::OpLoopMerge) return false;  // glslang never indexes in a loop header
  if (insts[term - 1].opcode() == spv::OpSelectionMerge) limit = term - 1;
  size_t fn_begin = label, fn_end = term;
  while (fn_begin > 0 && insts[fn_begin].opcode() != spv::OpFunction) --fn_begin;
  while (fn_end < insts.size() && insts[fn_end].opcode() != spv::OpFunctionEnd) ++fn_end;
  if (fn_end == insts.size()) return false;

  // The handle and everything made from it, up to its last consumer.
  std::unordered_set<uint32_t> handles = {infos_[i].result_id};
  size_t last = i;
  for (size_t j = i + 1; j < limit; ++j) {
    if (!uses_any(j, handles)) continue;
    last = j;
    if (infos_[j].result_id && (is_handle(infos_[j].type_id) || is_pointer(infos_[j].type_id)))
      handles.insert(infos_[j].result_id);
  }
  for (size_t j = fn_begin; j <= fn_end; ++j)
    if ((j < i || j > last) && uses_any(j, handles)) return false;

  // What each case repeats; independent pure work moves above the switch.
  std::vector<size_t> kept = {i}, hoisted;
  std::unordered_set<uint32_t> kept_ids = {infos_[i].result_id};
  bool wrote = false;
  for (size_t j = i + 1; j <= last; ++j) {
    const InstInfo& info = infos_[j];
    const spv::Op op = insts[j].opcode();
    const bool movable = info.result_id && !is_handle(info.type_id) &&
                         (is_pure(op, info.glsl_std_ext) || (op == spv::OpLoad && !wrote));
    if (movable && !uses_any(j, kept_ids)) {
      hoisted.push_back(j);
      continue;
    }
    kept.push_back(j);
    if (info.result_id) kept_ids.insert(info.result_id);
    if (!is_pure(op, info.glsl_std_ext) && !only_reads(op)) wrote = true;
  }
  // Values the cases make that are used after them meet in OpPhi.
  std::vector<size_t> outputs;
  for (size_t j : kept) {
    const uint32_t id = infos_[j].result_id;
    if (!id) continue;
    const std::unordered_set<uint32_t> one = {id};
    bool used_after = false;
    for (size_t u = fn_begin; u <= fn_end && !used_after; ++u)
      used_after = (u < i || u > last) && uses_any(u, one);
    if (!used_after) continue;
    if (is_handle(infos_[j].type_id) || is_pointer(infos_[j].type_id)) return false;
    outputs.push_back(j);
  }
  // Decorations of the repeated results (NoContraction for `precise`,
  // RelaxedPrecision) go to every copy.
  std::unordered_map<uint32_t, std::vector<SpirvInstruction>> decorations;
  for (size_t j = 0; j < m_.first_function(); ++j)
    if (insts[j].opcode() == spv::OpDecorate && kept_ids.count(insts[j].operand(0)))
      decorations[insts[j].operand(0)].push_back(insts[j]);

  const uint32_t block_label = insts[label].operand(0);
  const uint32_t merge_label = m_.new_id();
  std::vector<uint32_t> case_labels(site.length);
  for (uint32_t& l : case_labels) l = m_.new_id();
  std::vector<SpirvInstruction> out(insts.begin() + static_cast<std::ptrdiff_t>(label),
                                    insts.begin() + static_cast<std::ptrdiff_t>(i));
  for (size_t h : hoisted) out.push_back(insts[h]);
  out.push_back(SpirvModule::make(spv::OpSelectionMerge, {merge_label, spv::SelectionControlMaskNone}));
  std::vector<uint32_t> switch_operands = {index_id, case_labels[0]};  // default: element 0
  for (uint32_t k = 1; k < site.length; ++k) {
    switch_operands.push_back(k);
    switch_operands.push_back(case_labels[k]);
  }
  out.push_back(SpirvModule::make(spv::OpSwitch, switch_operands));
  std::vector<SpirvInstruction> new_decorations;
  std::unordered_map<size_t, std::vector<uint32_t>> copies;  // kept index -> result id per case
  for (uint32_t k = 0; k < site.length; ++k) {
    out.push_back(SpirvModule::make(spv::OpLabel, {case_labels[k]}));
    std::unordered_map<uint32_t, uint32_t> rename;
    for (size_t j : kept) {
      SpirvInstruction copy = insts[j];
      for (uint16_t w : infos_[j].id_words) {
        auto it = rename.find(copy.words[w]);
        if (it != rename.end()) copy.words[w] = it->second;
      }
      if (j == i) copy.words[index_word] = m_.get_constant(site.index_type, k);
      if (const uint32_t id = infos_[j].result_id) {
        const uint32_t fresh = m_.new_id();
        rename[id] = fresh;
        copy.words[infos_[j].result_word] = fresh;
        copies[j].push_back(fresh);
        auto d = decorations.find(id);
        if (d != decorations.end())
          for (SpirvInstruction dec : d->second) {
            dec.words[1] = fresh;
            new_decorations.push_back(std::move(dec));
          }
      }
      out.push_back(std::move(copy));
    }
    out.push_back(SpirvModule::make(spv::OpBranch, {merge_label}));
  }
  out.push_back(SpirvModule::make(spv::OpLabel, {merge_label}));
  for (size_t j : outputs) {
    std::vector<uint32_t> phi = {infos_[j].type_id, infos_[j].result_id};
    for (uint32_t k = 0; k < site.length; ++k) {
      phi.push_back(copies[j][k]);
      phi.push_back(case_labels[k]);
    }
    out.push_back(SpirvModule::make(spv::OpPhi, phi));
  }
  // The rest of the block, its merge instruction and terminator included.
  std::unordered_set<uint32_t> targets;
  for (uint16_t w : infos_[term].id_words) targets.insert(insts[term].words[w]);
  out.insert(out.end(), insts.begin() + static_cast<std::ptrdiff_t>(last + 1),
             insts.begin() + static_cast<std::ptrdiff_t>(term + 1));
  const std::ptrdiff_t growth = static_cast<std::ptrdiff_t>(out.size()) - static_cast<std::ptrdiff_t>(term + 1 - label);
  insts.erase(insts.begin() + static_cast<std::ptrdiff_t>(label), insts.begin() + static_cast<std::ptrdiff_t>(term + 1));
  insts.insert(insts.begin() + static_cast<std::ptrdiff_t>(label), out.begin(), out.end());
  fn_end = static_cast<size_t>(static_cast<std::ptrdiff_t>(fn_end) + growth);

  // The successors' OpPhi now come from the merge block.
  for (size_t j = fn_begin; j < fn_end; ++j) {
    if (insts[j].opcode() != spv::OpLabel || !targets.count(insts[j].operand(0))) continue;
    for (size_t p = j + 1; p < fn_end && insts[p].opcode() == spv::OpPhi; ++p)
      for (size_t w = 4; w < insts[p].words.size(); w += 2)
        if (insts[p].words[w] == block_label) insts[p].words[w] = merge_label;
  }
  // Results that only the cases make now lose their debug names and
  // decorations (their copies have them); the merged ones keep theirs.
  std::unordered_set<uint32_t> gone = kept_ids;
  for (size_t j : outputs) gone.erase(infos_[j].result_id);
  const size_t globals = m_.first_function();
  size_t write = 0;
  for (size_t j = 0; j < insts.size(); ++j) {
    const spv::Op op = insts[j].opcode();
    const bool names_gone = j < globals &&
                            (op == spv::OpDecorate || op == spv::OpName || op == spv::OpDecorateId ||
                             op == spv::OpDecorateString) &&
                            insts[j].operand_count() >= 1 && gone.count(insts[j].operand(0));
    if (names_gone) continue;
    if (write != j) insts[write] = std::move(insts[j]);
    ++write;
  }
  insts.resize(write);
  for (SpirvInstruction& d : new_decorations) m_.insert_annotation(std::move(d));
  if (stats) {
    ++stats->accesses;
    stats->cases += site.length;
  }
  return true;
}

}  // namespace

bool lower_dynamic_opaque_indexing(std::vector<uint32_t>& spirv, OpaqueIndexingStats* stats) {
  std::optional<SpirvModule> m = SpirvModule::parse(spirv);
  if (!m) return false;
  // Nested arrays multiply the cases; a module this pass makes huge is
  // refused rather than handed to the driver.
  const size_t budget = m->instructions.size() * 64 + 65536;
  OpaqueIndexingStats local;
  if (!Lowering(*m).sink_handles()) return false;
  for (;;) {
    const std::optional<bool> progressed = Lowering(*m).step(&local);
    if (!progressed) return false;
    if (!*progressed) break;
    if (m->instructions.size() > budget) return false;
  }
  if (local.accesses == 0) {
    if (stats) *stats = local;
    return true;
  }
  // Every index into an opaque array is constant now: the capabilities
  // glslang declared for dynamic ones go too (the texel-buffer ones need
  // device features the devices this runs for lack,
  // VUID-VkShaderModuleCreateInfo-pCode-01091).
  std::erase_if(m->instructions, [](const SpirvInstruction& inst) {
    if (inst.opcode() != spv::OpCapability) return false;
    switch (static_cast<spv::Capability>(inst.operand(0))) {
      case spv::CapabilitySampledImageArrayDynamicIndexing:
      case spv::CapabilityStorageImageArrayDynamicIndexing:
      case spv::CapabilityUniformTexelBufferArrayDynamicIndexing:
      case spv::CapabilityStorageTexelBufferArrayDynamicIndexing: return true;
      default: return false;
    }
  });
  spirv = m->serialize();
  if (stats) *stats = local;
  return true;
}

}  // namespace brass::compiler
