// Pipelines for the driver's own draws: masked clears and shader blits
// (shaders/meta/). One pipeline layout (set 0 = one combined image sampler
// as a push descriptor, 48 bytes of push constants = MetaPush), and a cache
// of pipelines keyed by MetaKey. Viewport, scissor, stencil write mask and
// reference are dynamic; everything else is in the key.
#pragma once
#include <cstdint>
#include <cstring>
#include <type_traits>
#include <unordered_map>
#include "device/device.h"
#include "device/handle.h"
#include "util/hash.h"

namespace brass::driver {

enum class MetaShader : uint8_t {
  None,        // no fragment shader (stencil-only clear)
  ClearFloat,
  ClearSint,
  ClearUint,
  BlitFloat,
  BlitSint,
  BlitUint,
  BlitMsFloat,  // multisample source, samples averaged
  BlitDepth,    // writes gl_FragDepth
  BlitDepthMs,  // multisample source: sample 0, or per sample into as many
  // Stencil, one bit per draw (no stencil export): discards the fragments
  // whose source stencil lacks the bit; the stencil op writes the rest.
  BlitStencilBit,
  BlitStencilBitMs,  // multisample source, sampled as BlitDepthMs
  Count,
};

struct MetaPush {
  float src[4] = {};    // uv at the viewport's top-left (xy) and bottom-right (zw) corners
  uint32_t value[4] = {};  // clear value (float/int/uint bits)
  int32_t misc[4] = {};    // misc[0]: source sample count (BlitMsFloat)
  // value[0] of BlitStencilBit*: the stencil bit the draw writes.
};
static_assert(sizeof(MetaPush) == 48);

struct MetaKey {
  uint64_t render_pass = 0;         // VkRenderPass (0: dynamic rendering)
  uint32_t color_formats[8] = {};   // VkFormat per attachment of the pass
  uint32_t depth_stencil_format = 0;
  uint8_t color_count = 0;
  uint8_t samples = 1;
  uint8_t shader = 0;               // MetaShader
  uint8_t location = 0;             // attachment the fragment shader writes
  uint8_t write_mask = 0;           // color write mask of that attachment
  uint8_t stencil_write = 0;        // stencil replace (mask and reference dynamic)
  uint8_t depth_write = 0;          // depth always-pass write (BlitDepth)
  // Drawn once per layer of a layered framebuffer (instance = layer), through
  // meta_layer.vert/.geom: the device has geometry shaders.
  uint8_t layered = 0;
  uint8_t pad[4] = {};
  bool operator==(const MetaKey& o) const { return std::memcmp(this, &o, sizeof(*this)) == 0; }
};
static_assert(sizeof(MetaKey) == 56);
static_assert(std::has_unique_object_representations_v<MetaKey>);

class MetaPipelines {
 public:
  MetaPipelines(vk::Device& device, VkPipelineCache cache) : device_(device), cache_(cache) {}
  ~MetaPipelines();
  MetaPipelines(const MetaPipelines&) = delete;
  MetaPipelines& operator=(const MetaPipelines&) = delete;

  // Needs push descriptors; without them available() is false and blits
  // that need the shader path are dropped (counted as blit.unsupported).
  vk::Status init();
  bool available() const { return static_cast<bool>(layout_); }
  bool blit_available() const { return push_descriptors_; }

  vk::Status get(const MetaKey& key, VkPipeline* out);
  VkPipelineLayout layout() const { return layout_.get(); }
  VkSampler sampler(bool linear) const { return (linear ? linear_ : nearest_).get(); }

 private:
  vk::Status module(MetaShader s, uint32_t location, VkShaderModule* out);

  vk::Device& device_;
  VkPipelineCache cache_;
  bool push_descriptors_ = false;
  // Declared before the caches whose objects use them, so destroyed after.
  vk::Handle<VkDescriptorSetLayout> set_layout_;
  vk::Handle<VkPipelineLayout> layout_;
  vk::Handle<VkSampler> nearest_, linear_;
  vk::Handle<VkShaderModule> vert_;
  vk::Handle<VkShaderModule> layer_vert_, layer_geom_;  // made at the first layered key
  // Fragment modules by shader and output location (clears patch it).
  std::unordered_map<uint32_t, VkShaderModule> modules_;
  std::unordered_map<MetaKey, VkPipeline, KeyHash<MetaKey>> pipelines_;
};

}  // namespace brass::driver
