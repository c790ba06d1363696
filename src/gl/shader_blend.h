// Blending in the fragment shader for draw buffers whose attachment the
// device cannot blend (src/compiler/shader_blend.h says how the shader does
// it). GL blends every fixed-point and floating-point colour buffer (GL 4.6
// §17.3.6, ES 3.2 §15.1.5), SNORM ones included, where Vulkan devices may
// not (lavapipe has no COLOR_ATTACHMENT_BLEND for SNORM): a draw with
// blending enabled on such a buffer draws with a program variant
// (VariantKey::shader_blend_mask) that blends against a copy of the
// attachment made before the draw (the copies of framebuffer_fetch.cpp),
// while fixed-function blending stays off there (the driver writes
// unblended to an attachment it cannot blend). Every such draw pays a copy
// of each of those attachments; draws that blend nothing that way pay
// nothing.
#pragma once

#include <cstdint>

#include "compiler/shader_blend.h"
#include "gl/gl_types.h"
#include "pipe/resource.h"
#include "pipe/context.h"
#include "pipe/shader_info.h"

namespace brass::gl {

class Context;
struct LinkedProgram;

// Per context: the uniform block the variants read, and what it holds.
struct ShaderBlendDrawState {
  Ref<pipe::Resource> uniforms;
  compiler::ShaderBlendUniforms uploaded;
  bool uploaded_valid = false;
  // The draw buffers the last draw blended in the shader (its draws are
  // never replayed without validation: each needs new copies).
  uint8_t active_mask = 0;
};

// Whether the device blends `surface` (pipe::Surface::blendable; true for
// integer formats, which GL never blends). Asked when a framebuffer is
// validated (FramebufferInfo::unblendable).
bool device_blends(const pipe::Surface& surface);

// Where a variant of `info`'s program places the destination samplers and
// the uniform block: after everything the program binds. `ok` is false when
// the sampler or uniform-block slots would run out.
struct ShaderBlendSlots {
  uint32_t sampler_binding = 0;  // set 2 binding of the first masked draw buffer's sampler (+ k for the k-th)
  uint32_t sampler_slot = 0;     // its fragment sampler slot (+ k likewise)
  uint32_t uniform_binding = 0;  // set 1
  uint32_t uniform_slot = 0;     // fragment constant-buffer slot
  bool ok = false;
};
ShaderBlendSlots shader_blend_slots(const pipe::ShaderInfo& info);

// The draw buffers this draw must blend in the shader with `lp` drawing:
// blending enabled with a non-advanced equation, an attachment of a
// non-integer format the device cannot blend, and a colour output there.
uint8_t shader_blend_mask(const Context& ctx, const LinkedProgram& lp);

// A variant's fragment SPIR-V and bindings for `mask` (before the other
// variant patches, so that a multisampled variant reads the copies per
// sample). False when the module could not be patched.
bool add_shader_blend_to_variant(const LinkedProgram& lp, uint8_t mask, std::vector<uint32_t>& fragment_spirv,
                                 pipe::ShaderInfo& info);

// Before a draw with the variant: the copies of the masked attachments and
// the blend state. False when nothing may be drawn (the error recorded).
bool bind_shader_blend_sources(Context& ctx, const LinkedProgram& lp, uint8_t mask);

}  // namespace brass::gl
