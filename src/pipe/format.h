// The formats GL can see, as the seam names them. No Vulkan here: the device
// layer maps each to a VkFormat (with emulation fallbacks) in
// device/format_table.
#pragma once

#include <cstddef>
#include <cstdint>

namespace brass::pipe {

#define BRASS_PIPE_FORMATS(X)                                                   \
  /* name,            bytes, block w/h, channels, kind */                       \
  X(None,                0, 1, 1, 0, Unorm)                                     \
  X(R8_UNORM,            1, 1, 1, 1, Unorm)                                     \
  X(R8_SNORM,            1, 1, 1, 1, Snorm)                                     \
  X(R8_UINT,             1, 1, 1, 1, Uint)                                      \
  X(R8_SINT,             1, 1, 1, 1, Sint)                                      \
  X(RG8_UNORM,           2, 1, 1, 2, Unorm)                                     \
  X(RG8_SNORM,           2, 1, 1, 2, Snorm)                                     \
  X(RG8_UINT,            2, 1, 1, 2, Uint)                                      \
  X(RG8_SINT,            2, 1, 1, 2, Sint)                                      \
  X(R8_SRGB,             1, 1, 1, 1, Srgb)  /* EXT_texture_sRGB_R8 */           \
  X(RG8_SRGB,            2, 1, 1, 2, Srgb)  /* EXT_texture_sRGB_RG8 */          \
  X(RGB8_UNORM,          3, 1, 1, 3, Unorm)                                     \
  X(RGB8_SNORM,          3, 1, 1, 3, Snorm)                                     \
  X(RGB8_SRGB,           3, 1, 1, 3, Srgb)                                      \
  X(RGB8_UINT,           3, 1, 1, 3, Uint)                                      \
  X(RGB8_SINT,           3, 1, 1, 3, Sint)                                      \
  X(RGBA8_UNORM,         4, 1, 1, 4, Unorm)                                     \
  X(RGBA8_SNORM,         4, 1, 1, 4, Snorm)                                     \
  X(RGBA8_SRGB,          4, 1, 1, 4, Srgb)                                      \
  X(RGBA8_UINT,          4, 1, 1, 4, Uint)                                      \
  X(RGBA8_SINT,          4, 1, 1, 4, Sint)                                      \
  X(BGRA8_UNORM,         4, 1, 1, 4, Unorm)                                     \
  X(BGRA8_SRGB,          4, 1, 1, 4, Srgb)                                      \
  X(B5G6R5_UNORM,        2, 1, 1, 3, Unorm)  /* GL_RGB565 */                    \
  X(RGBA4_UNORM,         2, 1, 1, 4, Unorm)  /* GL_RGBA4 */                     \
  X(RGB5A1_UNORM,        2, 1, 1, 4, Unorm)  /* GL_RGB5_A1 */                   \
  X(RGB10A2_UNORM,       4, 1, 1, 4, Unorm)                                     \
  X(RGB10A2_UINT,        4, 1, 1, 4, Uint)                                      \
  X(R11G11B10_FLOAT,     4, 1, 1, 3, Float)                                     \
  X(RGB9E5_FLOAT,        4, 1, 1, 3, Float)                                     \
  X(R16_UNORM,           2, 1, 1, 1, Unorm)                                     \
  X(R16_SNORM,           2, 1, 1, 1, Snorm)                                     \
  X(R16_FLOAT,           2, 1, 1, 1, Float)                                     \
  X(R16_UINT,            2, 1, 1, 1, Uint)                                      \
  X(R16_SINT,            2, 1, 1, 1, Sint)                                      \
  X(RG16_UNORM,          4, 1, 1, 2, Unorm)                                     \
  X(RG16_SNORM,          4, 1, 1, 2, Snorm)                                     \
  X(RG16_FLOAT,          4, 1, 1, 2, Float)                                     \
  X(RG16_UINT,           4, 1, 1, 2, Uint)                                      \
  X(RG16_SINT,           4, 1, 1, 2, Sint)                                      \
  X(RGB16_UNORM,         6, 1, 1, 3, Unorm)                                     \
  X(RGB16_SNORM,         6, 1, 1, 3, Snorm)                                     \
  X(RGB16_FLOAT,         6, 1, 1, 3, Float)                                     \
  X(RGB16_UINT,          6, 1, 1, 3, Uint)                                      \
  X(RGB16_SINT,          6, 1, 1, 3, Sint)                                      \
  X(RGBA16_UNORM,        8, 1, 1, 4, Unorm)                                     \
  X(RGBA16_SNORM,        8, 1, 1, 4, Snorm)                                     \
  X(RGBA16_FLOAT,        8, 1, 1, 4, Float)                                     \
  X(RGBA16_UINT,         8, 1, 1, 4, Uint)                                      \
  X(RGBA16_SINT,         8, 1, 1, 4, Sint)                                      \
  X(R32_FLOAT,           4, 1, 1, 1, Float)                                     \
  X(R32_UINT,            4, 1, 1, 1, Uint)                                      \
  X(R32_SINT,            4, 1, 1, 1, Sint)                                      \
  X(RG32_FLOAT,          8, 1, 1, 2, Float)                                     \
  X(RG32_UINT,           8, 1, 1, 2, Uint)                                      \
  X(RG32_SINT,           8, 1, 1, 2, Sint)                                      \
  X(RGB32_FLOAT,        12, 1, 1, 3, Float)                                     \
  X(RGB32_UINT,         12, 1, 1, 3, Uint)                                      \
  X(RGB32_SINT,         12, 1, 1, 3, Sint)                                      \
  X(RGBA32_FLOAT,       16, 1, 1, 4, Float)                                     \
  X(RGBA32_UINT,        16, 1, 1, 4, Uint)                                      \
  X(RGBA32_SINT,        16, 1, 1, 4, Sint)                                      \
  /* 64-bit floats: vertex fetch only (ARB_vertex_attrib_64bit) */             \
  X(R64_FLOAT,           8, 1, 1, 1, Float)                                     \
  X(RG64_FLOAT,         16, 1, 1, 2, Float)                                     \
  X(RGB64_FLOAT,        24, 1, 1, 3, Float)                                     \
  X(RGBA64_FLOAT,       32, 1, 1, 4, Float)                                     \
  /* legacy luminance/alpha: emulated with swizzles */                          \
  X(A8_UNORM,            1, 1, 1, 1, Unorm)                                     \
  X(L8_UNORM,            1, 1, 1, 1, Unorm)                                     \
  X(L8A8_UNORM,          2, 1, 1, 2, Unorm)                                     \
  /* depth / stencil */                                                         \
  X(Z16_UNORM,           2, 1, 1, 1, Depth)                                     \
  X(Z24X8_UNORM,         4, 1, 1, 1, Depth)                                     \
  X(Z32_FLOAT,           4, 1, 1, 1, Depth)                                     \
  X(Z24_UNORM_S8_UINT,   4, 1, 1, 2, DepthStencil)                              \
  X(Z32_FLOAT_S8X24_UINT,8, 1, 1, 2, DepthStencil)                              \
  X(S8_UINT,             1, 1, 1, 1, Stencil)                                   \
  /* ETC2 / EAC (ES 3.0 core): decoded on the CPU where the device lacks them */ \
  X(ETC2_RGB8,           8, 4, 4, 3, Compressed)                                \
  X(ETC2_SRGB8,          8, 4, 4, 3, CompressedSrgb)                            \
  X(ETC2_RGB8A1,         8, 4, 4, 4, Compressed)                                \
  X(ETC2_SRGB8A1,        8, 4, 4, 4, CompressedSrgb)                            \
  X(ETC2_RGBA8,         16, 4, 4, 4, Compressed)                                \
  X(ETC2_SRGB8_A8,      16, 4, 4, 4, CompressedSrgb)                            \
  X(EAC_R11_UNORM,       8, 4, 4, 1, Compressed)                                \
  X(EAC_R11_SNORM,       8, 4, 4, 1, Compressed)                                \
  X(EAC_RG11_UNORM,     16, 4, 4, 2, Compressed)                                \
  X(EAC_RG11_SNORM,     16, 4, 4, 2, Compressed)                                \
  /* S3TC / RGTC (desktop) */                                                   \
  X(BC1_RGB_UNORM,       8, 4, 4, 3, Compressed)                                \
  X(BC1_RGBA_UNORM,      8, 4, 4, 4, Compressed)                                \
  X(BC2_UNORM,          16, 4, 4, 4, Compressed)                                \
  X(BC3_UNORM,          16, 4, 4, 4, Compressed)                                \
  /* sRGB S3TC (EXT_texture_sRGB / EXT_texture_compression_s3tc_srgb) */       \
  X(BC1_RGB_SRGB,        8, 4, 4, 3, CompressedSrgb)                            \
  X(BC1_RGBA_SRGB,       8, 4, 4, 4, CompressedSrgb)                            \
  X(BC2_SRGB,           16, 4, 4, 4, CompressedSrgb)                            \
  X(BC3_SRGB,           16, 4, 4, 4, CompressedSrgb)                            \
  X(BC4_UNORM,           8, 4, 4, 1, Compressed)                                \
  X(BC4_SNORM,           8, 4, 4, 1, Compressed)                                \
  X(BC5_UNORM,          16, 4, 4, 2, Compressed)                                \
  X(BC5_SNORM,          16, 4, 4, 2, Compressed)                                \
  /* BPTC (desktop GL 4.2): where the device samples them, never decoded */   \
  X(BC6H_UFLOAT,        16, 4, 4, 3, Compressed)                                \
  X(BC6H_SFLOAT,        16, 4, 4, 3, Compressed)                                \
  X(BC7_UNORM,          16, 4, 4, 4, Compressed)                                \
  X(BC7_SRGB,           16, 4, 4, 4, CompressedSrgb)                            \
  /* ASTC LDR (KHR_texture_compression_astc_ldr): 2D blocks of 16 bytes, */     \
  /* decoded on the CPU (libastcenc) where the device lacks them */             \
  X(ASTC_4x4_UNORM,    16,  4,  4, 4, Compressed)                               \
  X(ASTC_4x4_SRGB,     16,  4,  4, 4, CompressedSrgb)                           \
  X(ASTC_5x4_UNORM,    16,  5,  4, 4, Compressed)                               \
  X(ASTC_5x4_SRGB,     16,  5,  4, 4, CompressedSrgb)                           \
  X(ASTC_5x5_UNORM,    16,  5,  5, 4, Compressed)                               \
  X(ASTC_5x5_SRGB,     16,  5,  5, 4, CompressedSrgb)                           \
  X(ASTC_6x5_UNORM,    16,  6,  5, 4, Compressed)                               \
  X(ASTC_6x5_SRGB,     16,  6,  5, 4, CompressedSrgb)                           \
  X(ASTC_6x6_UNORM,    16,  6,  6, 4, Compressed)                               \
  X(ASTC_6x6_SRGB,     16,  6,  6, 4, CompressedSrgb)                           \
  X(ASTC_8x5_UNORM,    16,  8,  5, 4, Compressed)                               \
  X(ASTC_8x5_SRGB,     16,  8,  5, 4, CompressedSrgb)                           \
  X(ASTC_8x6_UNORM,    16,  8,  6, 4, Compressed)                               \
  X(ASTC_8x6_SRGB,     16,  8,  6, 4, CompressedSrgb)                           \
  X(ASTC_8x8_UNORM,    16,  8,  8, 4, Compressed)                               \
  X(ASTC_8x8_SRGB,     16,  8,  8, 4, CompressedSrgb)                           \
  X(ASTC_10x5_UNORM,   16, 10,  5, 4, Compressed)                               \
  X(ASTC_10x5_SRGB,    16, 10,  5, 4, CompressedSrgb)                           \
  X(ASTC_10x6_UNORM,   16, 10,  6, 4, Compressed)                               \
  X(ASTC_10x6_SRGB,    16, 10,  6, 4, CompressedSrgb)                           \
  X(ASTC_10x8_UNORM,   16, 10,  8, 4, Compressed)                               \
  X(ASTC_10x8_SRGB,    16, 10,  8, 4, CompressedSrgb)                           \
  X(ASTC_10x10_UNORM,  16, 10, 10, 4, Compressed)                               \
  X(ASTC_10x10_SRGB,   16, 10, 10, 4, CompressedSrgb)                           \
  X(ASTC_12x10_UNORM,  16, 12, 10, 4, Compressed)                               \
  X(ASTC_12x10_SRGB,   16, 12, 10, 4, CompressedSrgb)                           \
  X(ASTC_12x12_UNORM,  16, 12, 12, 4, Compressed)                               \
  X(ASTC_12x12_SRGB,   16, 12, 12, 4, CompressedSrgb)

enum class FormatKind : uint8_t { Unorm, Snorm, Srgb, Uint, Sint, Float, Depth, Stencil, DepthStencil, Compressed, CompressedSrgb };

enum class Format : uint16_t {
#define BRASS_X(name, bytes, bw, bh, ch, kind) name,
  BRASS_PIPE_FORMATS(BRASS_X)
#undef BRASS_X
  Count
};

struct FormatDescription {
  const char* name;
  uint8_t block_bytes;
  uint8_t block_width;
  uint8_t block_height;
  uint8_t channels;
  FormatKind kind;

  bool is_depth() const { return kind == FormatKind::Depth || kind == FormatKind::DepthStencil; }
  bool is_stencil() const { return kind == FormatKind::Stencil || kind == FormatKind::DepthStencil; }
  bool is_compressed() const { return kind == FormatKind::Compressed || kind == FormatKind::CompressedSrgb; }
  bool is_integer() const { return kind == FormatKind::Uint || kind == FormatKind::Sint; }
  // Double-precision components: formats only vertex arrays use, with no
  // texture or render-target form.
  bool is_64bit_float() const { return kind == FormatKind::Float && channels && block_bytes / channels == 8; }
};

inline constexpr FormatDescription kFormatDescriptions[] = {
#define BRASS_X(name, bytes, bw, bh, ch, kind) {#name, bytes, bw, bh, ch, FormatKind::kind},
    BRASS_PIPE_FORMATS(BRASS_X)
#undef BRASS_X
};
static_assert(sizeof(kFormatDescriptions) / sizeof(kFormatDescriptions[0]) == static_cast<size_t>(Format::Count));

inline const FormatDescription& describe(Format f) { return kFormatDescriptions[static_cast<size_t>(f)]; }
constexpr size_t kFormatCount = static_cast<size_t>(Format::Count);

// What a format will be used for; a format table lookup asks for all of them.
enum FormatUsage : uint32_t {
  kUsageSampled = 1u << 0,
  kUsageFilterLinear = 1u << 1,
  kUsageColorAttachment = 1u << 2,
  kUsageBlend = 1u << 3,
  kUsageDepthStencil = 1u << 4,
  kUsageStorage = 1u << 5,
  kUsageVertexBuffer = 1u << 6,
  kUsageTexelBuffer = 1u << 7,
  kUsageTransfer = 1u << 8,
};

// Channel sources for swizzles (sampler views, format emulation).
enum class Swizzle : uint8_t { R, G, B, A, Zero, One };

}  // namespace brass::pipe
