#include "driver/push_constant_block.h"

#include <algorithm>
#include <utility>

namespace brass::driver {

namespace {

constexpr uint32_t kMagic = 0x07230203u;
constexpr uint32_t kOpExtInst = 12, kOpName = 5, kOpMemberName = 6, kOpLine = 8, kOpCapability = 17,
                   kOpTypePointer = 32, kOpFunction = 54, kOpVariable = 59, kOpLoad = 61, kOpCopyMemory = 63,
                   kOpCopyMemorySized = 64, kOpAccessChain = 65, kOpInBoundsAccessChain = 66,
                   kOpPtrAccessChain = 67, kOpDecorate = 71, kOpCopyObject = 83, kOpNoLine = 317;
constexpr uint32_t kDecorationBinding = 33, kDecorationDescriptorSet = 34;
constexpr uint32_t kStorageUniform = 2, kStoragePushConstant = 9;
// Uniform-buffer 16- and 8-bit access: such members need the push-constant
// counterparts (StoragePushConstant16/8), which Brass does not enable.
constexpr uint32_t kCapStorageUniformBufferBlock16 = 4433, kCapStorageUniform16 = 4434,
                   kCapUniformAndStorageBuffer8BitAccess = 4449;

struct Pointer {
  uint32_t id, storage, pointee;
};
// A PushConstant pointer type to declare right after the Uniform one it
// mirrors (whose pointee is declared before it).
struct NewPointer {
  uint32_t after, id, pointee;
};

}  // namespace

PushBlockRewrite move_default_block_to_push_constants(std::vector<uint32_t>& code) {
  if (code.size() < 5 || code[0] != kMagic) return PushBlockRewrite::Unsupported;
  // The module's globals: set-0 ids, pointer types, Uniform variables.
  std::vector<uint32_t> set0;
  std::vector<Pointer> pointers;
  std::vector<std::pair<uint32_t, size_t>> uniform_vars;  // id, word of the OpVariable
  bool narrow = false, has_push = false;
  size_t functions = code.size();  // first word of the function bodies
  for (size_t w = 5; w < code.size();) {
    const uint32_t op = code[w] & 0xffffu, len = code[w] >> 16;
    if (len == 0 || w + len > code.size()) return PushBlockRewrite::Unsupported;
    if (op == kOpFunction) {
      functions = w;
      break;
    }
    if (op == kOpCapability && len >= 2 &&
        (code[w + 1] == kCapStorageUniformBufferBlock16 || code[w + 1] == kCapStorageUniform16 ||
         code[w + 1] == kCapUniformAndStorageBuffer8BitAccess))
      narrow = true;
    if (op == kOpDecorate && len >= 4 && code[w + 2] == kDecorationDescriptorSet && code[w + 3] == 0)
      set0.push_back(code[w + 1]);
    if (op == kOpTypePointer && len >= 4) pointers.push_back({code[w + 1], code[w + 2], code[w + 3]});
    if (op == kOpVariable && len >= 4 && code[w + 3] == kStoragePushConstant) has_push = true;
    if (op == kOpVariable && len >= 4 && code[w + 3] == kStorageUniform) uniform_vars.emplace_back(code[w + 2], w);
    w += len;
  }
  uint32_t var = 0;
  size_t var_word = 0;
  for (const auto& [id, word] : uniform_vars) {
    if (std::find(set0.begin(), set0.end(), id) == set0.end()) continue;
    if (var) return PushBlockRewrite::Unsupported;  // two default blocks: not the contract
    var = id;
    var_word = word;
  }
  if (!var) return PushBlockRewrite::NoBlock;
  if (narrow || has_push) return PushBlockRewrite::Unsupported;

  // Pointers derived from the block (access chains and copies, in order:
  // a definition comes before its uses in a valid module) and the result
  // type words to give PushConstant twins.
  std::vector<uint32_t> derived{var};
  std::vector<size_t> retyped{var_word + 1};
  auto is_derived = [&derived](uint32_t id) { return std::find(derived.begin(), derived.end(), id) != derived.end(); };
  for (size_t w = functions; w < code.size();) {
    const uint32_t op = code[w] & 0xffffu, len = code[w] >> 16;
    if (len == 0 || w + len > code.size()) return PushBlockRewrite::Unsupported;
    switch (op) {
      case kOpAccessChain:
      case kOpInBoundsAccessChain:
      case kOpPtrAccessChain:
      case kOpCopyObject:
        if (len >= 4 && is_derived(code[w + 3])) {
          derived.push_back(code[w + 2]);
          retyped.push_back(w + 1);
        }
        break;
      case kOpLoad:
      case kOpCopyMemory:
      case kOpCopyMemorySized:
      case kOpExtInst:  // debug information naming the variable
      case kOpName:
      case kOpMemberName:
      case kOpLine:
      case kOpNoLine:
        break;
      default:
        // Anything else taking such a pointer (a function argument, a phi,
        // a select) would need its own types rewritten. Literal operands
        // that happen to equal an id only make this conservative.
        for (uint32_t k = 1; k < len; ++k)
          if (is_derived(code[w + k])) return PushBlockRewrite::Unsupported;
        break;
    }
    w += len;
  }

  // A PushConstant twin of every Uniform pointer type those results have.
  uint32_t bound = code[3];
  std::vector<std::pair<uint32_t, uint32_t>> twins;  // Uniform pointer type -> PushConstant one
  std::vector<NewPointer> added;
  for (size_t word : retyped) {
    const uint32_t type = code[word];
    if (std::any_of(twins.begin(), twins.end(), [type](const auto& t) { return t.first == type; })) continue;
    const auto p = std::find_if(pointers.begin(), pointers.end(), [type](const Pointer& q) { return q.id == type; });
    if (p == pointers.end() || p->storage != kStorageUniform) return PushBlockRewrite::Unsupported;
    const auto existing = std::find_if(pointers.begin(), pointers.end(), [p](const Pointer& q) {
      return q.storage == kStoragePushConstant && q.pointee == p->pointee;
    });
    if (existing != pointers.end()) {
      twins.emplace_back(type, existing->id);
    } else {
      twins.emplace_back(type, bound);
      added.push_back({type, bound, p->pointee});
      ++bound;
    }
  }
  // Checked everything: rewrite.
  for (size_t word : retyped)
    for (const auto& [from, to] : twins)
      if (code[word] == from) {
        code[word] = to;
        break;
      }
  code[var_word + 3] = kStoragePushConstant;
  std::vector<uint32_t> out;
  out.reserve(code.size() + 4 * added.size());
  out.insert(out.end(), code.begin(), code.begin() + 5);
  out[3] = bound;
  for (size_t w = 5; w < code.size();) {
    const uint32_t op = code[w] & 0xffffu, len = code[w] >> 16;
    // A push-constant variable has no set or binding.
    const bool dropped = w < functions && op == kOpDecorate && len >= 3 && code[w + 1] == var &&
                         (code[w + 2] == kDecorationDescriptorSet || code[w + 2] == kDecorationBinding);
    if (!dropped) out.insert(out.end(), code.begin() + static_cast<std::ptrdiff_t>(w),
                             code.begin() + static_cast<std::ptrdiff_t>(w + len));
    if (w < functions && op == kOpTypePointer && len >= 4)
      for (const NewPointer& a : added)
        if (a.after == code[w + 1]) out.insert(out.end(), {(4u << 16) | kOpTypePointer, a.id, kStoragePushConstant, a.pointee});
    w += len;
  }
  code = std::move(out);
  return PushBlockRewrite::Moved;
}

}  // namespace brass::driver
