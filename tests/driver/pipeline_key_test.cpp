// PipelineKey and its library sub-keys (src/driver/pipeline/pipeline_key.h):
// every field takes part in equality and the hash, and every field but the
// program belongs to exactly one library sub-key, so a pipeline fast-linked
// from libraries is built from the whole key.
#include "driver/pipeline/pipeline_key.h"

#include <gtest/gtest.h>

#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "pipe/state.h"
#include "util/hash.h"

namespace brass::driver {
namespace {

struct Field {
  std::string name;
  std::function<void(PipelineKey&)> change;
  // WholePipeline: state no library holds (pipelines with it are built
  // whole, pipeline_selector.cpp).
  enum Owner { Program, Shaders, VertexInput, FragmentOutput, WholePipeline } owner;
};

std::vector<Field> fields() {
  return {
      {"program_id", [](PipelineKey& k) { k.program_id = 42; }, Field::Program},
      {"vertex_input_id", [](PipelineKey& k) { k.vertex_input_id = 7; }, Field::VertexInput},
      {"color_formats[0]", [](PipelineKey& k) { k.color_formats[0] = 37; }, Field::FragmentOutput},
      {"color_formats[7]", [](PipelineKey& k) { k.color_formats[7] = 37; }, Field::FragmentOutput},
      {"depth_stencil_format", [](PipelineKey& k) { k.depth_stencil_format = 130; }, Field::FragmentOutput},
      {"blend_rt[0]", [](PipelineKey& k) { k.blend_rt[0] = 1; }, Field::FragmentOutput},
      {"blend_rt[7]", [](PipelineKey& k) { k.blend_rt[7] = 1u << 27; }, Field::FragmentOutput},
      {"sample_mask", [](PipelineKey& k) { k.sample_mask = 0x1; }, Field::FragmentOutput},
      {"color_count", [](PipelineKey& k) { k.color_count = 2; }, Field::FragmentOutput},
      {"samples", [](PipelineKey& k) { k.samples = 4; }, Field::FragmentOutput},
      {"topology_class", [](PipelineKey& k) { k.topology_class = 3; }, Field::VertexInput},
      {"patch_vertices", [](PipelineKey& k) { k.patch_vertices = 3; }, Field::Shaders},
      {"polygon_mode", [](PipelineKey& k) { k.polygon_mode = 1; }, Field::Shaders},
      {"depth_clamp", [](PipelineKey& k) { k.depth_clamp = 1; }, Field::Shaders},
      {"provoking_last", [](PipelineKey& k) { k.provoking_last = 1; }, Field::Shaders},
      {"negative_one_to_one", [](PipelineKey& k) { k.negative_one_to_one = 1; }, Field::Shaders},
      {"logic_op_enable", [](PipelineKey& k) { k.logic_op_enable = 1; }, Field::FragmentOutput},
      {"logic_op", [](PipelineKey& k) { k.logic_op = 5; }, Field::FragmentOutput},
      {"alpha_to_coverage", [](PipelineKey& k) { k.alpha_to_coverage = 1; }, Field::FragmentOutput},
      {"alpha_to_one", [](PipelineKey& k) { k.alpha_to_one = 1; }, Field::FragmentOutput},
      {"line_mode", [](PipelineKey& k) { k.line_mode = 2; }, Field::Shaders},
      {"sample_shading", [](PipelineKey& k) { k.sample_shading = 4; }, Field::WholePipeline},
  };
}

TEST(PipelineKey, EqualKeysAreEqualAndHashEqually) {
  PipelineKey a, b;
  EXPECT_TRUE(a == b);
  EXPECT_EQ(hash_key(a), hash_key(b));
  for (const Field& f : fields()) {
    f.change(a);
    f.change(b);
  }
  EXPECT_TRUE(a == b);
  EXPECT_EQ(hash_key(a), hash_key(b));
}

TEST(PipelineKey, EveryFieldChangesEqualityAndHash) {
  const PipelineKey base;
  const uint64_t base_hash = hash_key(base);
  for (const Field& f : fields()) {
    PipelineKey k;
    f.change(k);
    EXPECT_FALSE(k == base) << f.name;
    EXPECT_NE(hash_key(k), base_hash) << f.name;
  }
}

TEST(PipelineKey, EveryFieldButTheProgramBelongsToExactlyOneLibrary) {
  const PipelineKey base;
  for (const Field& f : fields()) {
    PipelineKey k;
    f.change(k);
    const bool shaders = !(ShaderLibraryKey::of(k) == ShaderLibraryKey::of(base));
    const bool vertex = !(VertexInputLibraryKey::of(k, false) == VertexInputLibraryKey::of(base, false));
    const bool fragment = !(FragmentOutputKey::of(k) == FragmentOutputKey::of(base));
    EXPECT_EQ(shaders, f.owner == Field::Shaders) << f.name;
    EXPECT_EQ(vertex, f.owner == Field::VertexInput) << f.name;
    EXPECT_EQ(fragment, f.owner == Field::FragmentOutput) << f.name;
    if (shaders) {
      EXPECT_NE(hash_key(ShaderLibraryKey::of(k)), hash_key(ShaderLibraryKey::of(base))) << f.name;
    }
    if (vertex) {
      EXPECT_NE(hash_key(VertexInputLibraryKey::of(k, false)), hash_key(VertexInputLibraryKey::of(base, false))) << f.name;
    }
    if (fragment) {
      EXPECT_NE(hash_key(FragmentOutputKey::of(k)), hash_key(FragmentOutputKey::of(base))) << f.name;
    }
  }
}

TEST(PipelineKey, RobustAndOtherVertexInputLibrariesDiffer) {
  // The screen's vertex input library cache serves robust contexts (whose
  // programs bounds-check vertex fetches) and others: never one for both.
  const PipelineKey k;
  EXPECT_FALSE(VertexInputLibraryKey::of(k, true) == VertexInputLibraryKey::of(k, false));
  EXPECT_NE(hash_key(VertexInputLibraryKey::of(k, true)), hash_key(VertexInputLibraryKey::of(k, false)));
}

TEST(PipelineKey, TheFieldListCoversTheWholeKey) {
  // The changes above touch disjoint bytes, and every field's first byte:
  // a field added to PipelineKey without a line in fields() fails here, so
  // the tests above cannot silently skip it.
  const PipelineKey base;
  const auto* b = reinterpret_cast<const uint8_t*>(&base);
  std::vector<int> touched(sizeof(PipelineKey), 0);
  for (const Field& f : fields()) {
    PipelineKey k;
    f.change(k);
    const auto* p = reinterpret_cast<const uint8_t*>(&k);
    for (size_t i = 0; i < sizeof(PipelineKey); ++i) touched[i] += p[i] != b[i];
  }
  for (size_t i = 0; i < sizeof(PipelineKey); ++i) EXPECT_LE(touched[i], 1) << "byte " << i;
  const size_t field_offsets[] = {
      offsetof(PipelineKey, program_id),           offsetof(PipelineKey, vertex_input_id),
      offsetof(PipelineKey, color_formats),        offsetof(PipelineKey, color_formats) + 7 * sizeof(uint32_t),
      offsetof(PipelineKey, depth_stencil_format), offsetof(PipelineKey, blend_rt),
      offsetof(PipelineKey, blend_rt) + 7 * sizeof(uint32_t) + 3,  // bit 27: the colour mask, top byte
      offsetof(PipelineKey, sample_mask) + 1,      // 0xffffffff -> 0x1 changes every byte
      offsetof(PipelineKey, color_count),          offsetof(PipelineKey, samples),
      offsetof(PipelineKey, topology_class),       offsetof(PipelineKey, patch_vertices),
      offsetof(PipelineKey, polygon_mode),         offsetof(PipelineKey, depth_clamp),
      offsetof(PipelineKey, provoking_last),       offsetof(PipelineKey, negative_one_to_one),
      offsetof(PipelineKey, logic_op_enable),      offsetof(PipelineKey, logic_op),
      offsetof(PipelineKey, alpha_to_coverage),    offsetof(PipelineKey, alpha_to_one),
      offsetof(PipelineKey, line_mode),            offsetof(PipelineKey, sample_shading)};
  for (size_t off : field_offsets) EXPECT_EQ(touched[off], 1) << "offset " << off;
  // Only the explicit padding follows the last field.
  EXPECT_EQ(offsetof(PipelineKey, pad) + sizeof(PipelineKey::pad), sizeof(PipelineKey));
  EXPECT_EQ(offsetof(PipelineKey, pad), offsetof(PipelineKey, sample_shading) + 1);
}

TEST(PipelineKey, ShaderLibraryKeyAppliesBackIntoAKey) {
  PipelineKey k;
  k.patch_vertices = 4;
  k.polygon_mode = 2;
  k.depth_clamp = 1;
  k.provoking_last = 1;
  k.negative_one_to_one = 1;
  k.line_mode = 2;  // VK_LINE_RASTERIZATION_MODE_BRESENHAM_EXT
  const ShaderLibraryKey s = ShaderLibraryKey::of(k);
  PipelineKey other;
  other.program_id = 9;
  s.apply(&other);
  EXPECT_TRUE(ShaderLibraryKey::of(other) == s);
  EXPECT_EQ(other.program_id, 9u) << "apply() sets only the shader library's fields";
  other.program_id = k.program_id;
  EXPECT_TRUE(other == k);
}

TEST(PipelineKey, PackBlendFieldsDoNotOverlap) {
  // Each field at its largest pipe value, alone, then all together.
  const uint32_t parts[] = {
      pack_blend(true, 0, 0, 0, 0, 0, 0, 0),
      pack_blend(false, unsigned(pipe::BlendOp::Max), 0, 0, 0, 0, 0, 0),
      pack_blend(false, 0, unsigned(pipe::BlendFactor::OneMinusSrc1Alpha), 0, 0, 0, 0, 0),
      pack_blend(false, 0, 0, unsigned(pipe::BlendFactor::OneMinusSrc1Alpha), 0, 0, 0, 0),
      pack_blend(false, 0, 0, 0, unsigned(pipe::BlendOp::Max), 0, 0, 0),
      pack_blend(false, 0, 0, 0, 0, unsigned(pipe::BlendFactor::OneMinusSrc1Alpha), 0, 0),
      pack_blend(false, 0, 0, 0, 0, 0, unsigned(pipe::BlendFactor::OneMinusSrc1Alpha), 0),
      pack_blend(false, 0, 0, 0, 0, 0, 0, pipe::kMaskRGBA),
  };
  uint32_t all = 0;
  for (size_t i = 0; i < std::size(parts); ++i) {
    EXPECT_NE(parts[i], 0u) << i;
    for (size_t j = 0; j < i; ++j) EXPECT_EQ(parts[i] & parts[j], 0u) << i << " overlaps " << j;
    all |= parts[i];
  }
  EXPECT_EQ(all, pack_blend(true, unsigned(pipe::BlendOp::Max), unsigned(pipe::BlendFactor::OneMinusSrc1Alpha),
                            unsigned(pipe::BlendFactor::OneMinusSrc1Alpha), unsigned(pipe::BlendOp::Max),
                            unsigned(pipe::BlendFactor::OneMinusSrc1Alpha),
                            unsigned(pipe::BlendFactor::OneMinusSrc1Alpha), pipe::kMaskRGBA));
  // The widest values fit their fields (3 bits for ops, 5 for factors).
  EXPECT_LT(unsigned(pipe::BlendOp::Max), 8u);
  EXPECT_LT(unsigned(pipe::BlendFactor::OneMinusSrc1Alpha), 32u);
}

// KHR_blend_equation_advanced by the device: bit 31, which no basic state
// sets, marks the attachment; the equation and the write mask stay apart.
TEST(PipelineKey, AdvancedBlendPacksApartFromBasicStates) {
  const uint32_t widest = pack_blend(true, unsigned(pipe::BlendOp::Max), unsigned(pipe::BlendFactor::OneMinusSrc1Alpha),
                                     unsigned(pipe::BlendFactor::OneMinusSrc1Alpha), unsigned(pipe::BlendOp::Max),
                                     unsigned(pipe::BlendFactor::OneMinusSrc1Alpha),
                                     unsigned(pipe::BlendFactor::OneMinusSrc1Alpha), pipe::kMaskRGBA);
  EXPECT_EQ(widest & kPackedAdvancedBlend, 0u);
  for (unsigned e = 1; e <= 15; ++e) {
    const uint32_t p = pack_advanced_blend(e, pipe::kMaskR | pipe::kMaskA);
    EXPECT_NE(p & kPackedAdvancedBlend, 0u);
    EXPECT_EQ(p & 1u, 1u);  // blending enabled
    EXPECT_EQ((p >> 4) & 31, e);
    EXPECT_EQ((p >> 27) & 15, unsigned(pipe::kMaskR | pipe::kMaskA));
    // The pipeline selector's masking of unwritten outputs keeps the mark.
    EXPECT_NE(p & ~(15u << 27) & kPackedAdvancedBlend, 0u);
  }
  EXPECT_NE(pack_advanced_blend(1, 15), pack_advanced_blend(2, 15));
}

TEST(PipelineKey, DistinctBlendStatesPackDistinctly) {
  const uint32_t add = pack_blend(true, unsigned(pipe::BlendOp::Add), unsigned(pipe::BlendFactor::SrcAlpha),
                                  unsigned(pipe::BlendFactor::OneMinusSrcAlpha), unsigned(pipe::BlendOp::Add),
                                  unsigned(pipe::BlendFactor::One), unsigned(pipe::BlendFactor::Zero), 15);
  const uint32_t swapped = pack_blend(true, unsigned(pipe::BlendOp::Add), unsigned(pipe::BlendFactor::OneMinusSrcAlpha),
                                      unsigned(pipe::BlendFactor::SrcAlpha), unsigned(pipe::BlendOp::Add),
                                      unsigned(pipe::BlendFactor::One), unsigned(pipe::BlendFactor::Zero), 15);
  const uint32_t masked = pack_blend(true, unsigned(pipe::BlendOp::Add), unsigned(pipe::BlendFactor::SrcAlpha),
                                     unsigned(pipe::BlendFactor::OneMinusSrcAlpha), unsigned(pipe::BlendOp::Add),
                                     unsigned(pipe::BlendFactor::One), unsigned(pipe::BlendFactor::Zero), 7);
  EXPECT_NE(add, swapped);
  EXPECT_NE(add, masked);
}

}  // namespace
}  // namespace brass::driver
