// The bound constant-state objects and parameters a draw's pipeline and
// dynamic state are made from (everything but resources and the
// framebuffer). Plain data: binding calls write it and mark DrawDirty.
#pragma once
#include <array>
#include <cstdint>

#include "driver/state_objects.h"
#include "pipe/state.h"

namespace brass::driver {

struct FixedFunctionState {
  pipe::BlendObject* blend = nullptr;
  pipe::RasterizerObject* rasterizer = nullptr;
  pipe::DepthStencilAlphaObject* depth_stencil_alpha = nullptr;
  pipe::VertexElementsObject* vertex_elements = nullptr;
  std::array<pipe::Viewport, pipe::kMaxViewports> viewports{};
  uint32_t viewport_count = 1;
  std::array<pipe::ScissorRect, pipe::kMaxViewports> scissors{};
  uint32_t scissor_count = 1;
  pipe::StencilRef stencil_ref;
  pipe::BlendColor blend_color;
  uint32_t sample_mask = 0xffffffff;
};

}  // namespace brass::driver
