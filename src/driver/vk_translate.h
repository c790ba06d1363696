// pipe enums to Vulkan enums. Tables indexed by the pipe enum's value.
#pragma once
#include "device/vk.h"
#include "pipe/state.h"

namespace brass::driver {

inline VkCompareOp vk_compare(pipe::CompareFunc f) { return static_cast<VkCompareOp>(f); }  // same order

inline VkBlendFactor vk_blend_factor(pipe::BlendFactor f) {
  static constexpr VkBlendFactor t[] = {
      VK_BLEND_FACTOR_ZERO, VK_BLEND_FACTOR_ONE, VK_BLEND_FACTOR_SRC_COLOR, VK_BLEND_FACTOR_ONE_MINUS_SRC_COLOR,
      VK_BLEND_FACTOR_DST_COLOR, VK_BLEND_FACTOR_ONE_MINUS_DST_COLOR, VK_BLEND_FACTOR_SRC_ALPHA,
      VK_BLEND_FACTOR_ONE_MINUS_SRC_ALPHA, VK_BLEND_FACTOR_DST_ALPHA, VK_BLEND_FACTOR_ONE_MINUS_DST_ALPHA,
      VK_BLEND_FACTOR_CONSTANT_COLOR, VK_BLEND_FACTOR_ONE_MINUS_CONSTANT_COLOR, VK_BLEND_FACTOR_CONSTANT_ALPHA,
      VK_BLEND_FACTOR_ONE_MINUS_CONSTANT_ALPHA, VK_BLEND_FACTOR_SRC_ALPHA_SATURATE, VK_BLEND_FACTOR_SRC1_COLOR,
      VK_BLEND_FACTOR_ONE_MINUS_SRC1_COLOR, VK_BLEND_FACTOR_SRC1_ALPHA, VK_BLEND_FACTOR_ONE_MINUS_SRC1_ALPHA};
  return t[static_cast<unsigned>(f)];
}

inline VkBlendOp vk_blend_op(pipe::BlendOp op) {
  static constexpr VkBlendOp t[] = {VK_BLEND_OP_ADD, VK_BLEND_OP_SUBTRACT, VK_BLEND_OP_REVERSE_SUBTRACT,
                                    VK_BLEND_OP_MIN, VK_BLEND_OP_MAX};
  return t[static_cast<unsigned>(op)];
}

// pipe::RenderTargetBlend::advanced (1..15, KHR_blend_equation_advanced's
// table order) as VK_EXT_blend_operation_advanced's operation.
inline VkBlendOp vk_advanced_blend_op(unsigned equation) {
  static constexpr VkBlendOp t[] = {
      VK_BLEND_OP_MULTIPLY_EXT,   VK_BLEND_OP_SCREEN_EXT,     VK_BLEND_OP_OVERLAY_EXT,
      VK_BLEND_OP_DARKEN_EXT,     VK_BLEND_OP_LIGHTEN_EXT,    VK_BLEND_OP_COLORDODGE_EXT,
      VK_BLEND_OP_COLORBURN_EXT,  VK_BLEND_OP_HARDLIGHT_EXT,  VK_BLEND_OP_SOFTLIGHT_EXT,
      VK_BLEND_OP_DIFFERENCE_EXT, VK_BLEND_OP_EXCLUSION_EXT,  VK_BLEND_OP_HSL_HUE_EXT,
      VK_BLEND_OP_HSL_SATURATION_EXT, VK_BLEND_OP_HSL_COLOR_EXT, VK_BLEND_OP_HSL_LUMINOSITY_EXT};
  return equation >= 1 && equation <= 15 ? t[equation - 1] : VK_BLEND_OP_ADD;
}

inline VkStencilOp vk_stencil_op(pipe::StencilOp op) {
  static constexpr VkStencilOp t[] = {VK_STENCIL_OP_KEEP, VK_STENCIL_OP_ZERO, VK_STENCIL_OP_REPLACE,
                                      VK_STENCIL_OP_INCREMENT_AND_CLAMP, VK_STENCIL_OP_DECREMENT_AND_CLAMP,
                                      VK_STENCIL_OP_INVERT, VK_STENCIL_OP_INCREMENT_AND_WRAP,
                                      VK_STENCIL_OP_DECREMENT_AND_WRAP};
  return t[static_cast<unsigned>(op)];
}

inline VkLogicOp vk_logic_op(pipe::LogicOp op) {
  static constexpr VkLogicOp t[] = {VK_LOGIC_OP_CLEAR, VK_LOGIC_OP_AND, VK_LOGIC_OP_AND_REVERSE, VK_LOGIC_OP_COPY,
                                    VK_LOGIC_OP_AND_INVERTED, VK_LOGIC_OP_NO_OP, VK_LOGIC_OP_XOR, VK_LOGIC_OP_OR,
                                    VK_LOGIC_OP_NOR, VK_LOGIC_OP_EQUIVALENT, VK_LOGIC_OP_INVERT,
                                    VK_LOGIC_OP_OR_REVERSE, VK_LOGIC_OP_COPY_INVERTED, VK_LOGIC_OP_OR_INVERTED,
                                    VK_LOGIC_OP_NAND, VK_LOGIC_OP_SET};
  return t[static_cast<unsigned>(op)];
}

// Line loops have no Vulkan topology: the context draws them as indexed
// strips with a generated closing index (context_draw.cpp, convert_draw).
inline VkPrimitiveTopology vk_topology(pipe::PrimitiveType p) {
  static constexpr VkPrimitiveTopology t[] = {
      VK_PRIMITIVE_TOPOLOGY_POINT_LIST, VK_PRIMITIVE_TOPOLOGY_LINE_LIST, VK_PRIMITIVE_TOPOLOGY_LINE_STRIP,
      VK_PRIMITIVE_TOPOLOGY_LINE_STRIP, VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST, VK_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP,
      VK_PRIMITIVE_TOPOLOGY_TRIANGLE_FAN, VK_PRIMITIVE_TOPOLOGY_LINE_LIST_WITH_ADJACENCY,
      VK_PRIMITIVE_TOPOLOGY_LINE_STRIP_WITH_ADJACENCY, VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST_WITH_ADJACENCY,
      VK_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP_WITH_ADJACENCY, VK_PRIMITIVE_TOPOLOGY_PATCH_LIST};
  return t[static_cast<unsigned>(p)];
}

// The pipeline only fixes the topology class; the topology itself is dynamic.
inline VkPrimitiveTopology topology_class(VkPrimitiveTopology t) {
  switch (t) {
    case VK_PRIMITIVE_TOPOLOGY_POINT_LIST: return VK_PRIMITIVE_TOPOLOGY_POINT_LIST;
    case VK_PRIMITIVE_TOPOLOGY_LINE_LIST:
    case VK_PRIMITIVE_TOPOLOGY_LINE_STRIP:
    case VK_PRIMITIVE_TOPOLOGY_LINE_LIST_WITH_ADJACENCY:
    case VK_PRIMITIVE_TOPOLOGY_LINE_STRIP_WITH_ADJACENCY: return VK_PRIMITIVE_TOPOLOGY_LINE_LIST;
    case VK_PRIMITIVE_TOPOLOGY_PATCH_LIST: return VK_PRIMITIVE_TOPOLOGY_PATCH_LIST;
    default: return VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST;
  }
}

inline VkSamplerAddressMode vk_wrap(pipe::Wrap w) {
  static constexpr VkSamplerAddressMode t[] = {
      VK_SAMPLER_ADDRESS_MODE_REPEAT, VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE, VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_BORDER,
      VK_SAMPLER_ADDRESS_MODE_MIRRORED_REPEAT, VK_SAMPLER_ADDRESS_MODE_MIRROR_CLAMP_TO_EDGE};
  return t[static_cast<unsigned>(w)];
}

inline VkComponentSwizzle vk_swizzle(pipe::Swizzle s) {
  static constexpr VkComponentSwizzle t[] = {VK_COMPONENT_SWIZZLE_R, VK_COMPONENT_SWIZZLE_G, VK_COMPONENT_SWIZZLE_B,
                                             VK_COMPONENT_SWIZZLE_A, VK_COMPONENT_SWIZZLE_ZERO, VK_COMPONENT_SWIZZLE_ONE};
  return t[static_cast<unsigned>(s)];
}

inline VkImageViewType vk_view_type(pipe::Target t) {
  switch (t) {
    case pipe::Target::Texture1D: return VK_IMAGE_VIEW_TYPE_1D;
    case pipe::Target::Texture1DArray: return VK_IMAGE_VIEW_TYPE_1D_ARRAY;
    case pipe::Target::Texture3D: return VK_IMAGE_VIEW_TYPE_3D;
    case pipe::Target::TextureCube: return VK_IMAGE_VIEW_TYPE_CUBE;
    case pipe::Target::TextureCubeArray: return VK_IMAGE_VIEW_TYPE_CUBE_ARRAY;
    case pipe::Target::Texture2DArray: return VK_IMAGE_VIEW_TYPE_2D_ARRAY;
    default: return VK_IMAGE_VIEW_TYPE_2D;
  }
}

}  // namespace brass::driver
