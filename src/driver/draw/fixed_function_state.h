// The bound constant-state objects and parameters a draw's pipeline and
// dynamic state are made from (everything but resources and the
// framebuffer). Plain data: binding calls write it and mark DrawDirty.
#pragma once
#include <algorithm>
#include <array>
#include <cstdint>
#include <span>

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

  // Entries past kMaxViewports are ignored; the count only grows (GL's
  // viewport array keeps every index's last value).
  void set_viewports(uint32_t start, std::span<const pipe::Viewport> v) {
    for (size_t i = 0; i < v.size() && start + i < pipe::kMaxViewports; ++i) viewports[start + i] = v[i];
    viewport_count = std::max<uint32_t>(viewport_count, std::min<uint32_t>(start + v.size(), pipe::kMaxViewports));
  }
  void set_scissors(uint32_t start, std::span<const pipe::ScissorRect> s) {
    for (size_t i = 0; i < s.size() && start + i < pipe::kMaxViewports; ++i) scissors[start + i] = s[i];
    scissor_count = std::max<uint32_t>(scissor_count, std::min<uint32_t>(start + s.size(), pipe::kMaxViewports));
  }
};

}  // namespace brass::driver
