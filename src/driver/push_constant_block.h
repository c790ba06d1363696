// A whole program's default uniform block as a push-constant block (issue
// 19): the module's Uniform-storage variable decorated DescriptorSet 0 (the
// binding contract's default block, pipe/shader_info.h) becomes a
// PushConstant variable with the same block type, so every member keeps the
// std140 offset the GL frontend writes it at (the GL-visible reflection and
// the bytes of the block do not change; std140 offsets and strides satisfy
// the base alignment Vulkan asks of push-constant blocks). The pointers
// derived from it take PushConstant twins of their Uniform pointer types.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

namespace brass::driver {

// The largest default block pushed (device/device_paths.cpp caps the
// device path's budget at the same figure).
inline constexpr uint32_t kMaxPushedBlockBytes = 256;

enum class PushBlockRewrite : uint8_t {
  Moved,       // the default block is now the push-constant block
  NoBlock,     // the module declares no default block: unchanged
  Unsupported  // something the rewrite does not follow: keep the uniform buffer
};

// `code` is rewritten in place only when the result is Moved. Unsupported:
// a pointer into the block reaches an instruction other than a load, an
// access chain or a copy (a function argument, a phi), the module already has
// a push-constant block, or the block holds 8- or 16-bit members (push
// constants of those need storagePushConstant8/16).
PushBlockRewrite move_default_block_to_push_constants(std::vector<uint32_t>& code);

}  // namespace brass::driver
