// Plain state structs the frontend fills and the driver turns into Vulkan
// state. Enums follow GL's meaning; the driver translates them.
#pragma once
#include <algorithm>
#include <array>
#include <cstdint>
#include "pipe/format.h"
#include "pipe/resource.h"

namespace brass::pipe {

inline constexpr unsigned kMaxColorBuffers = 8;
inline constexpr unsigned kMaxVertexBuffers = 16;
inline constexpr unsigned kMaxVertexElements = 32;
inline constexpr unsigned kMaxViewports = 16;
inline constexpr unsigned kMaxConstantBuffers = 16;  // slot 0 = default uniform block
inline constexpr unsigned kMaxSamplers = 32;
inline constexpr unsigned kMaxShaderBuffers = 24;  // storage blocks, then atomic counter buffers
inline constexpr unsigned kMaxShaderImages = 16;

enum class CompareFunc : uint8_t { Never, Less, Equal, LessEqual, Greater, NotEqual, GreaterEqual, Always };

// --- blend ---
enum class BlendFactor : uint8_t {
  Zero, One, SrcColor, OneMinusSrcColor, DstColor, OneMinusDstColor, SrcAlpha, OneMinusSrcAlpha,
  DstAlpha, OneMinusDstAlpha, ConstColor, OneMinusConstColor, ConstAlpha, OneMinusConstAlpha,
  SrcAlphaSaturate, Src1Color, OneMinusSrc1Color, Src1Alpha, OneMinusSrc1Alpha,
};
enum class BlendOp : uint8_t { Add, Subtract, ReverseSubtract, Min, Max };
enum class LogicOp : uint8_t { Clear, And, AndReverse, Copy, AndInverted, Noop, Xor, Or, Nor, Equiv, Invert, OrReverse, CopyInverted, OrInverted, Nand, Set };
enum ColorMask : uint8_t { kMaskR = 1, kMaskG = 2, kMaskB = 4, kMaskA = 8, kMaskRGBA = 15 };

struct RenderTargetBlend {
  bool blend_enable = false;
  BlendOp rgb_op = BlendOp::Add;
  BlendFactor rgb_src = BlendFactor::One, rgb_dst = BlendFactor::Zero;
  BlendOp alpha_op = BlendOp::Add;
  BlendFactor alpha_src = BlendFactor::One, alpha_dst = BlendFactor::Zero;
  uint8_t color_mask = kMaskRGBA;
  // KHR_blend_equation_advanced equation (1..15 in the extension's table
  // order, MULTIPLY first) the blender applies to premultiplied colours
  // instead of the ops and factors above; 0: none. Only with
  // Cap::AdvancedBlendCoherent and blend_enable.
  uint8_t advanced = 0;
};

struct BlendState {
  bool independent_blend = false;  // false: rt[0] applies to all
  bool logic_op_enable = false;
  LogicOp logic_op = LogicOp::Copy;
  bool alpha_to_coverage = false;
  bool alpha_to_one = false;
  std::array<RenderTargetBlend, kMaxColorBuffers> rt{};
};

// --- rasterizer ---
enum class CullFace : uint8_t { None, Front, Back, FrontAndBack };
enum class PolygonMode : uint8_t { Fill, Line, Point };

struct RasterizerState {
  CullFace cull = CullFace::None;
  bool front_ccw = true;
  PolygonMode polygon_mode = PolygonMode::Fill;
  bool depth_clamp = false;
  bool rasterizer_discard = false;
  bool offset_enable = false;
  float offset_units = 0, offset_scale = 0, offset_clamp = 0;
  float line_width = 1;
  bool scissor = false;              // scissor test enabled
  bool multisample = true;
  bool flatshade_first = false;      // provoking vertex first (GL default: last)
  bool clip_halfz = false;           // depth clip space [0,1] (else GL's [-1,1])
  bool point_size_per_vertex = true; // VS writes gl_PointSize
  float point_size = 1;
  // Sample shading (GL_SAMPLE_SHADING, glMinSampleShading): with a
  // multisampled framebuffer at least ceil(min_sample_shading * samples)
  // samples of each pixel get their own fragment shader invocation. Needs
  // Cap::SampleRateShading.
  bool sample_shading = false;
  float min_sample_shading = 0;
};

// --- depth / stencil ---
enum class StencilOp : uint8_t { Keep, Zero, Replace, IncrClamp, DecrClamp, Invert, IncrWrap, DecrWrap };

struct StencilFace {
  bool enabled = false;
  CompareFunc func = CompareFunc::Always;
  StencilOp fail_op = StencilOp::Keep, zfail_op = StencilOp::Keep, zpass_op = StencilOp::Keep;
  uint8_t value_mask = 0xff, write_mask = 0xff;
};

struct DepthStencilAlphaState {
  bool depth_enabled = false;
  bool depth_write = false;
  CompareFunc depth_func = CompareFunc::Less;
  std::array<StencilFace, 2> stencil{};  // [0] front, [1] back (used when two-sided)
  bool two_sided_stencil = false;
  bool depth_bounds_test = false;
  float depth_bounds_min = 0, depth_bounds_max = 1;
};

struct StencilRef {
  uint8_t ref_value[2] = {0, 0};
};

struct BlendColor {
  float color[4] = {0, 0, 0, 0};
};

// --- vertex input ---
struct VertexElement {
  uint32_t src_offset = 0;
  uint8_t vertex_buffer_index = 0;
  Format src_format = Format::RGBA32_FLOAT;
  uint32_t instance_divisor = 0;  // 0: per vertex
};

struct VertexElementsState {
  uint32_t count = 0;
  std::array<VertexElement, kMaxVertexElements> elements{};  // element i feeds input location i
};

struct VertexBuffer {
  Resource* buffer = nullptr;
  uint64_t offset = 0;
  uint32_t stride = 0;
};

// --- samplers and views ---
union ColorValue {
  float f[4];
  int32_t i[4];
  uint32_t ui[4];
};

// A texture clear's value as clear commands take it (Context::clear_texture):
// color as f, i or ui by the format's kind (linear for sRGB formats).
struct TextureClearValue {
  ColorValue color{};
  double depth = 0.0;
  uint32_t stencil = 0;
};

enum class Wrap : uint8_t { Repeat, ClampToEdge, ClampToBorder, MirroredRepeat, MirrorClampToEdge };
enum class Filter : uint8_t { Nearest, Linear };
enum class MipFilter : uint8_t { None, Nearest, Linear };

struct SamplerState {
  Wrap wrap_s = Wrap::Repeat, wrap_t = Wrap::Repeat, wrap_r = Wrap::Repeat;
  Filter min_filter = Filter::Nearest, mag_filter = Filter::Nearest;
  MipFilter mip_filter = MipFilter::None;
  float lod_bias = 0, min_lod = 0, max_lod = 1000;
  bool compare_enable = false;
  CompareFunc compare_func = CompareFunc::LessEqual;
  // Used where a wrap mode is ClampToBorder: floats, or with
  // border_color_integer the signed/unsigned integers an integer view reads
  // (the sampler does not know the view; GL keeps the raw words).
  ColorValue border_color{};
  bool border_color_integer = false;
  float max_anisotropy = 1;
  bool normalized_coords = true;
  // Cube maps filtered across faces (Vulkan's behaviour, ES and desktop GL's
  // TEXTURE_CUBE_MAP_SEAMLESS). False samples each face alone with its wrap
  // modes (desktop GL's default), where Cap::NonSeamlessCubeMap says so.
  bool seamless_cube_map = true;
};

// The aspect a view of a depth/stencil resource samples (GL's
// DEPTH_STENCIL_TEXTURE_MODE): depth as a float, or stencil as an unsigned
// integer in the red channel. Views of other resources ignore it.
enum class DepthStencilAspect : uint8_t { Depth, Stencil };

// A view of a multisampled resource (samples > 1) is a multisample view:
// shaders read it with texelFetch and a sample index (GL's sampler2DMS), and
// `target` stays Texture2D, since nothing else about the view differs.
struct SamplerViewTemplate {
  Format format = Format::None;  // None: the resource's format
  DepthStencilAspect depth_stencil_aspect = DepthStencilAspect::Depth;
  Target target = Target::Texture2D;
  uint32_t first_level = 0, last_level = 0;
  uint32_t first_layer = 0, last_layer = 0;
  uint64_t buffer_offset = 0, buffer_size = 0;  // texel buffers
  std::array<Swizzle, 4> swizzle{Swizzle::R, Swizzle::G, Swizzle::B, Swizzle::A};
};

struct SurfaceTemplate {
  Format format = Format::None;  // None: the resource's format
  uint32_t level = 0;
  uint32_t first_layer = 0, last_layer = 0;
};

// Views are created by a context and may be shared (GL share groups), so
// they are reference counted; their driver objects outlive in-flight use.
class SamplerView : public RefCounted {
 public:
  SamplerView(Resource* r, const SamplerViewTemplate& t) : resource_(Ref<Resource>::share(r)), templ_(t) {}
  virtual ~SamplerView() = default;
  Resource* resource() const { return resource_.get(); }
  const SamplerViewTemplate& templ() const { return templ_; }

 private:
  Ref<Resource> resource_;
  SamplerViewTemplate templ_;
};

class Surface : public RefCounted {
 public:
  Surface(Resource* r, const SurfaceTemplate& t) : resource_(Ref<Resource>::share(r)), templ_(t) {}
  virtual ~Surface() = default;
  Resource* resource() const { return resource_.get(); }
  const SurfaceTemplate& templ() const { return templ_; }
  uint32_t width() const { return std::max(1u, resource_->templ().width >> templ_.level); }
  uint32_t height() const { return std::max(1u, resource_->templ().height >> templ_.level); }

  // Set by the driver: the device blends the format the surface is drawn
  // in (Vulkan COLOR_ATTACHMENT_BLEND). Where it does not, the driver draws
  // to it unblended and the frontend blends in the fragment shader
  // (src/gl/shader_blend.h).
  bool blendable = true;

 private:
  Ref<Resource> resource_;
  SurfaceTemplate templ_;
};

struct FramebufferState {
  uint32_t width = 0, height = 0, layers = 1, samples = 1;
  uint32_t nr_cbufs = 0;
  std::array<Surface*, kMaxColorBuffers> cbufs{};  // may hold nulls
  Surface* zsbuf = nullptr;
};

struct Viewport {
  float x = 0, y = 0, width = 0, height = 0, min_depth = 0, max_depth = 1;
};

struct ScissorRect {
  int32_t x = 0, y = 0;
  uint32_t width = 0, height = 0;
};

// --- shader resources ---
struct ConstantBuffer {
  Resource* buffer = nullptr;        // or null with user_data
  uint64_t offset = 0;
  uint32_t size = 0;
  const void* user_data = nullptr;   // copied at bind time (default uniform block)
};

struct ShaderBuffer {
  Resource* buffer = nullptr;
  uint64_t offset = 0;
  uint32_t size = 0;
  bool writable = true;
};

struct ImageView {
  Resource* resource = nullptr;
  Format format = Format::None;
  uint32_t level = 0;
  uint32_t first_layer = 0, last_layer = 0;
  uint64_t buffer_offset = 0, buffer_size = 0;
  bool writable = true;
  // The shader sees the resource's own kind of image (an array stays an
  // array even with one layer, a cube is a cube, a 3D texture is whole)
  // rather than one 2D layer, or a 2D array of the layer range when it has
  // several (GL's layered image bindings, ES 3.1 §8.23).
  bool layered = false;
  bool operator==(const ImageView&) const = default;
};

// --- draws ---
enum class PrimitiveType : uint8_t {
  Points, Lines, LineLoop, LineStrip, Triangles, TriangleStrip, TriangleFan,
  LinesAdjacency, LineStripAdjacency, TrianglesAdjacency, TriangleStripAdjacency, Patches,
};

struct DrawInfo {
  PrimitiveType mode = PrimitiveType::Triangles;
  bool indexed = false;               // uses the bound index buffer
  bool primitive_restart = false;
  uint32_t restart_index = 0xffffffff;
  uint32_t instance_count = 1;
  uint32_t start_instance = 0;
  uint8_t patch_vertices = 0;
};

struct DrawStart {
  uint32_t start = 0;      // first vertex or first index
  uint32_t count = 0;
  int32_t index_bias = 0;  // base vertex for indexed draws
};

// Declared with the context (pipe/context.h).
struct StreamOutputTarget;

struct DrawIndirect {
  Resource* buffer = nullptr;  // VkDrawIndirectCommand / VkDrawIndexedIndirectCommand layout
  uint64_t offset = 0;
  uint32_t draw_count = 1;
  uint32_t stride = 0;
  Resource* count_buffer = nullptr;  // optional: draw count read from here
  uint64_t count_offset = 0;
  // Instead of `buffer`: one non-indexed draw of the vertices a stream
  // output target holds (its written bytes / vertex_stride), as
  // glDrawTransformFeedback draws (Cap::StreamOutputDraw).
  StreamOutputTarget* captured = nullptr;
  uint32_t vertex_stride = 0;
};

// --- compute ---
// A dispatch of grid[0] x grid[1] x grid[2] work groups, or, with
// `indirect`, of the three uint32 counts at indirect_offset in that buffer
// (the layout of VkDispatchIndirectCommand and GL's
// DispatchIndirectCommand).
struct GridInfo {
  uint32_t grid[3] = {1, 1, 1};
  Resource* indirect = nullptr;
  uint64_t indirect_offset = 0;
};

// --- clears, copies, blits ---
enum ClearFlags : uint32_t {
  kClearColor0 = 1u << 0,  // kClearColor0 << i for color buffer i
  kClearColorAll = 0xffu,
  kClearDepth = 1u << 8,
  kClearStencil = 1u << 9,
};

// Write masks a clear honours (GL applies glColorMask[i] and glStencilMask
// to glClear / glClearBuffer). Defaults write everything.
struct ClearMasks {
  std::array<uint8_t, kMaxColorBuffers> color{kMaskRGBA, kMaskRGBA, kMaskRGBA, kMaskRGBA,
                                              kMaskRGBA, kMaskRGBA, kMaskRGBA, kMaskRGBA};  // ColorMask bits
  uint8_t stencil = 0xff;
};

enum BlitMask : uint8_t { kBlitColor = 1, kBlitDepth = 2, kBlitStencil = 4 };

struct BlitSide {
  Resource* resource = nullptr;
  uint32_t level = 0;
  Box box;               // z = first layer; width/height may be negative to flip
  Format format = Format::None;  // None: the resource's format
};

struct BlitInfo {
  BlitSide dst, src;
  uint8_t mask = kBlitColor;
  Filter filter = Filter::Nearest;
  bool scissor_enable = false;
  ScissorRect scissor;
};

// --- transfers ---
enum MapFlags : uint32_t {
  kMapRead = 1u << 0,
  kMapWrite = 1u << 1,
  kMapUnsynchronized = 1u << 2,
  kMapDiscardRange = 1u << 3,
  kMapDiscardWholeResource = 1u << 4,
  kMapFlushExplicit = 1u << 5,
  kMapPersistent = 1u << 6,
  kMapCoherent = 1u << 7,
  kMapDontBlock = 1u << 8,  // fail instead of waiting
};

// A buffer map returns a pointer p for the range starting at offset x with
// (p - x) a multiple of this (GL 4.2's MIN_MAP_BUFFER_ALIGNMENT, whose
// minimum is 64): applications may use aligned SIMD loads and stores on
// the mapped range by its offset.
constexpr uint64_t kMinMapBufferAlignment = 64;

struct Transfer {
  Resource* resource = nullptr;
  uint32_t level = 0;
  uint32_t usage = 0;  // MapFlags
  Box box;
  uint32_t stride = 0, layer_stride = 0;
};

}  // namespace brass::pipe
