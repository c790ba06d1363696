// spirv.hpp's HasResultAndType, which tells where an instruction's result
// type is.
#define SPV_ENABLE_UTILITY_CODE
#include "compiler/rectangle_samplers.h"

#include <cstddef>
#include <map>
#include <set>

#include "compiler/spirv_module.h"

namespace brass::compiler {

namespace {



// Whether words[1] of the instruction is its result type (and words[2] its
// result).
bool has_result_type(spv::Op op) {
  bool result = false, result_type = false;
  spv::HasResultAndType(op, &result, &result_type);
  return result && result_type;
}

// Whether the instruction samples or gathers with float coordinates at
// operand 3 (words: op, result type, result, sampled image, coordinate, ...).
bool is_sampling(spv::Op op) {
  switch (op) {
    case spv::OpImageSampleImplicitLod: case spv::OpImageSampleExplicitLod:
    case spv::OpImageSampleDrefImplicitLod: case spv::OpImageSampleDrefExplicitLod:
    case spv::OpImageSampleProjImplicitLod: case spv::OpImageSampleProjExplicitLod:
    case spv::OpImageSampleProjDrefImplicitLod: case spv::OpImageSampleProjDrefExplicitLod:
    case spv::OpImageGather: case spv::OpImageDrefGather:
      return true;
    default: return false;
  }
}

// Index in `words` of the image-operands mask, or 0 when there is none.
size_t image_operands_index(const SpirvInstruction& inst) {
  size_t first = 5;  // op, result type, result, image, coordinate
  switch (inst.opcode()) {
    case spv::OpImageSampleDrefImplicitLod: case spv::OpImageSampleDrefExplicitLod:
    case spv::OpImageSampleProjDrefImplicitLod: case spv::OpImageSampleProjDrefExplicitLod:
    case spv::OpImageGather: case spv::OpImageDrefGather:
      first = 6;  // the depth reference or the component
      break;
    default: break;
  }
  return inst.words.size() > first ? first : 0;
}

// Replaces type id `from` by `to` where a type is referenced.
void replace_type(SpirvModule& m, uint32_t from, uint32_t to) {
  for (SpirvInstruction& inst : m.instructions) {
    auto& w = inst.words;
    switch (inst.opcode()) {
      case spv::OpTypeSampledImage: case spv::OpTypeArray: case spv::OpTypeRuntimeArray:
        if (w.size() > 2 && w[2] == from) w[2] = to;
        break;
      case spv::OpTypePointer:
        if (w.size() > 3 && w[3] == from) w[3] = to;
        break;
      case spv::OpTypeFunction: case spv::OpTypeStruct:
        for (size_t i = 2; i < w.size(); ++i)
          if (w[i] == from) w[i] = to;
        break;
      default:
        if (has_result_type(inst.opcode()) && w.size() > 1 && w[1] == from) w[1] = to;
        break;
    }
  }
}

// Two type declarations of one opcode and operands are not allowed: a Rect
// type made 2D that equals an existing 2D one (and the sampled-image types
// over both) is replaced by the existing one.
void merge_duplicate_types(SpirvModule& m, spv::Op op) {
  std::map<std::vector<uint32_t>, uint32_t> seen;
  for (size_t i = 0; i < m.instructions.size();) {
    SpirvInstruction& inst = m.instructions[i];
    if (inst.opcode() != op) {
      ++i;
      continue;
    }
    std::vector<uint32_t> key(inst.words.begin() + 2, inst.words.end());
    auto [it, inserted] = seen.emplace(std::move(key), inst.words[1]);
    if (inserted) {
      ++i;
      continue;
    }
    const uint32_t dup = inst.words[1];
    m.instructions.erase(m.instructions.begin() + static_cast<std::ptrdiff_t>(i));
    replace_type(m, dup, it->second);
    // A name of the removed type goes with it.
    for (size_t j = 0; j < m.instructions.size();) {
      const SpirvInstruction& n = m.instructions[j];
      if (n.opcode() == spv::OpName && n.words.size() > 1 && n.words[1] == dup) {
        m.instructions.erase(m.instructions.begin() + static_cast<std::ptrdiff_t>(j));
        if (j < i) --i;
      } else {
        ++j;
      }
    }
  }
}

// Whether the module declares a Rect image, by a scan of the words (most
// modules have none and are not parsed).
bool declares_rect_image(const std::vector<uint32_t>& spirv) {
  for (size_t i = 5; i < spirv.size();) {
    const uint32_t count = spirv[i] >> 16;
    if (count == 0) return false;
    if ((spirv[i] & 0xffffu) == static_cast<uint32_t>(spv::OpTypeImage) && i + 3 < spirv.size() &&
        spirv[i + 3] == static_cast<uint32_t>(spv::DimRect))
      return true;
    i += count;
  }
  return false;
}

}  // namespace

bool lower_rectangle_samplers(std::vector<uint32_t>& spirv) {
  if (!declares_rect_image(spirv)) return true;
  std::optional<SpirvModule> parsed = SpirvModule::parse(spirv);
  if (!parsed) return false;
  SpirvModule& m = *parsed;
  std::set<uint32_t> rect_images, rect_sampled, rect_storage;
  for (const SpirvInstruction& inst : m.instructions)
    if (inst.opcode() == spv::OpTypeImage && inst.words.size() > 3 && inst.words[3] == static_cast<uint32_t>(spv::DimRect)) {
      rect_images.insert(inst.words[1]);
      // Sampled 2: an image2DRect (storage image), whose loads, stores,
      // atomics and size queries are in texels on a 2D image too.
      if (inst.words.size() > 7 && inst.words[7] == 2) rect_storage.insert(inst.words[1]);
    }
  if (rect_images.empty()) return true;
  for (const SpirvInstruction& inst : m.instructions)
    if (inst.opcode() == spv::OpTypeSampledImage && inst.words.size() > 2 && rect_images.count(inst.words[2]))
      rect_sampled.insert(inst.words[1]);
  // The type of every value that may hold a rectangle sampler or image.
  std::map<uint32_t, uint32_t> type_of;
  for (const SpirvInstruction& inst : m.instructions)
    if (has_result_type(inst.opcode()) && inst.words.size() > 2) type_of[inst.words[2]] = inst.words[1];
  auto is_rect_sampled = [&](uint32_t id) {
    auto it = type_of.find(id);
    return it != type_of.end() && rect_sampled.count(it->second) > 0;
  };
  auto rect_image_of = [&](uint32_t id) -> uint32_t {
    auto it = type_of.find(id);
    return it != type_of.end() && rect_images.count(it->second) ? it->second : 0u;
  };

  const uint32_t float_t = m.get_float_type(), int_t = m.get_int_type(true);
  const uint32_t vec2 = m.get_vector_type(float_t, 2), ivec2 = m.get_vector_type(int_t, 2);
  const uint32_t zero = m.get_constant(int_t, 0);
  bool query_used = false;
  for (size_t i = m.first_function(); i < m.instructions.size(); ++i) {
    SpirvInstruction inst = m.instructions[i];
    const spv::Op op = inst.opcode();
    if (op == spv::OpImageQuerySize && inst.words.size() == 4 && rect_image_of(inst.words[3]) &&
        !rect_storage.count(rect_image_of(inst.words[3]))) {
      // textureSize(sampler2DRect): level 0's size.
      m.instructions[i] = SpirvModule::make(spv::OpImageQuerySizeLod, {inst.words[1], inst.words[2], inst.words[3], zero});
      query_used = true;
      continue;
    }
    if (op == spv::OpImageFetch && inst.words.size() >= 5 && rect_image_of(inst.words[3])) {
      // texelFetch(sampler2DRect, p): level 0, named (Lod 0) for the 2D image.
      SpirvInstruction& f = m.instructions[i];
      if (f.words.size() == 5) {
        f.words.push_back(spv::ImageOperandsLodMask);
        f.words.push_back(zero);
      } else if (!(f.words[5] & spv::ImageOperandsLodMask)) {
        f.words[5] |= spv::ImageOperandsLodMask;
        f.words.insert(f.words.begin() + 6, zero);  // Lod precedes every operand a fetch may have
      }
      f.words[0] = (static_cast<uint32_t>(f.words.size()) << 16) | spv::OpImageFetch;
      continue;
    }
    if (!is_sampling(op) || inst.words.size() < 5 || !is_rect_sampled(inst.words[3])) continue;
    // The sampled image's size at level 0, as floats.
    uint32_t rect_image_type = 0;
    for (const SpirvInstruction& t : m.instructions)
      if (t.opcode() == spv::OpTypeSampledImage && t.words[1] == type_of[inst.words[3]]) rect_image_type = t.words[2];
    std::vector<SpirvInstruction> pre;
    const uint32_t image = m.new_id(), size = m.new_id(), size_f = m.new_id();
    pre.push_back(SpirvModule::make(spv::OpImage, {rect_image_type, image, inst.words[3]}));
    pre.push_back(SpirvModule::make(spv::OpImageQuerySizeLod, {ivec2, size, image, zero}));
    pre.push_back(SpirvModule::make(spv::OpConvertSToF, {vec2, size_f, size}));
    query_used = true;
    // Scales the first two components of a float vector value of `type`.
    auto scale = [&](uint32_t value) -> uint32_t {
      const auto t = type_of.find(value);
      uint32_t components = 2;
      uint32_t value_type = vec2;
      if (t != type_of.end()) value_type = t->second;
      for (const SpirvInstruction& v : m.instructions)
        if (v.opcode() == spv::OpTypeVector && v.words[1] == value_type) components = v.words[3];
      if (components == 2) {
        const uint32_t out = m.new_id();
        pre.push_back(SpirvModule::make(spv::OpFDiv, {vec2, out, value, size_f}));
        return out;
      }
      const uint32_t xy = m.new_id(), scaled = m.new_id(), out = m.new_id();
      pre.push_back(SpirvModule::make(spv::OpVectorShuffle, {vec2, xy, value, value, 0, 1}));
      pre.push_back(SpirvModule::make(spv::OpFDiv, {vec2, scaled, xy, size_f}));
      std::vector<uint32_t> shuffle = {value_type, out, scaled, value, 0, 1};
      for (uint32_t c = 2; c < components; ++c) shuffle.push_back(2 + c);
      pre.push_back(SpirvModule::make(spv::OpVectorShuffle, shuffle));
      return out;
    };
    SpirvInstruction rewritten = inst;
    rewritten.words[4] = scale(inst.words[4]);
    if (const size_t mask_at = image_operands_index(inst); mask_at && (inst.words[mask_at] & spv::ImageOperandsGradMask)) {
      size_t at = mask_at + 1;
      if (inst.words[mask_at] & spv::ImageOperandsBiasMask) ++at;
      if (inst.words[mask_at] & spv::ImageOperandsLodMask) ++at;
      if (at + 1 < inst.words.size()) {
        rewritten.words[at] = scale(inst.words[at]);
        rewritten.words[at + 1] = scale(inst.words[at + 1]);
      }
    }
    m.instructions[i] = std::move(rewritten);
    m.instructions.insert(m.instructions.begin() + static_cast<std::ptrdiff_t>(i), pre.begin(), pre.end());
    i += pre.size();
  }
  // Every rectangle is now a 2D image; the capability goes.
  for (SpirvInstruction& inst : m.instructions)
    if (inst.opcode() == spv::OpTypeImage && rect_images.count(inst.words[1])) inst.words[3] = spv::Dim2D;
  for (size_t i = 0; i < m.instructions.size();) {
    const SpirvInstruction& inst = m.instructions[i];
    if (inst.opcode() == spv::OpCapability && (inst.words[1] == static_cast<uint32_t>(spv::CapabilitySampledRect) ||
                                               inst.words[1] == static_cast<uint32_t>(spv::CapabilityImageRect)))
      m.instructions.erase(m.instructions.begin() + static_cast<std::ptrdiff_t>(i));
    else
      ++i;
  }
  if (query_used) m.add_capability(spv::CapabilityImageQuery);
  merge_duplicate_types(m, spv::OpTypeImage);
  merge_duplicate_types(m, spv::OpTypeSampledImage);
  spirv = m.serialize();
  return true;
}

}  // namespace brass::compiler
