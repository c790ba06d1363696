// The seam's device object: capabilities, format support, resources and
// fences. One Screen per device; contexts come from it.
#pragma once
#include <cstdint>
#include <memory>
#include "pipe/format.h"
#include "pipe/resource.h"
#include "pipe/status.h"
#include "pipe/window_surface.h"
#include "util/ref_counted.h"

namespace brass::pipe {

class Context;

enum class Cap : uint8_t {
  MaxTextureSize2D,
  MaxTextureSize3D,
  MaxTextureArrayLayers,
  MaxColorBuffers,
  MaxVertexAttributes,
  MaxViewports,
  MaxSamples,
  ConstantBufferOffsetAlignment,
  ShaderBufferOffsetAlignment,
  TexelBufferOffsetAlignment,
  MaxUniformBlockSize,
  MultiDraw,              // native multi-draw (else the driver loops)
  PrimitiveRestartForLists,
  IndexTypeUint8,
  DepthClipControl,       // GL [-1,1] depth clip without shader patching
  GeometryShader,
  TessellationShader,
  DynamicRendering,       // informative: which render-pass path is in use
  MaxClipDistances,       // gl_ClipDistance elements a vertex shader may write (0: none)
  MaxCullDistances,
  MaxDualSourceDrawBuffers,  // colour attachments a dual-source blend may use (0: no SRC1 factors)
  MaxPointSize,           // largest point size rasterized, whole pixels (1 without large points)
  MaxLineWidth,           // largest line width rasterized, whole pixels (1 without wide lines)
  MaxVaryingComponents,   // user components a vertex shader may pass to a fragment shader
  IndependentBlend,       // color attachments may blend and mask differently (BlendState::independent_blend)
  MaxComputeWorkGroupCountX,  // work groups one dispatch may launch, per dimension
  MaxComputeWorkGroupCountY,
  MaxComputeWorkGroupCountZ,
  MaxComputeWorkGroupSizeX,   // invocations of one work group, per dimension
  MaxComputeWorkGroupSizeY,
  MaxComputeWorkGroupSizeZ,
  MaxComputeWorkGroupInvocations,
  MaxComputeSharedMemory,     // bytes of shared variables one work group may declare
  MaxShaderBufferSize,        // bytes one storage-buffer binding may address
  MaxShaderImages,            // storage images one shader stage may bind (at most kMaxShaderImages)
  MaxShaderBuffers,           // storage buffers one shader stage may bind (at most kMaxShaderBuffers)
  VertexShaderStores,         // vertex-pipeline stages may write storage buffers and images (and atomics)
  FragmentShaderStores,       // fragment shaders may
  MaxFramebufferWidth,        // of a framebuffer, also one without attachments
  MaxFramebufferHeight,
  MaxFramebufferNoAttachmentSamples,  // most samples a framebuffer without attachments rasterizes with
  DepthBiasClamp,             // RasterizerState::offset_clamp is applied
  NonSeamlessCubeMap,         // SamplerState::seamless_cube_map = false is applied
  // Highest sample count (1: none above one) of an image both rendered to
  // and sampled (GL's multisample textures), per kind of format.
  MaxColorTextureSamples,     // float, normalized and sRGB color formats
  MaxDepthTextureSamples,     // depth and stencil formats
  MaxIntegerSamples,          // integer color formats
  MaxSampleMaskWords,         // 32-bit words of the sample mask the device applies
  ImageFloatAtomicExchange,   // atomic exchange on R32_FLOAT storage images (integer R32 atomics always work)
  ShaderStencilExport,        // fragment shaders may write the stencil value (gl_FragStencilRefARB)
  Sampled2DViewOf3D,          // a Texture2D sampler view of one slice of a Texture3D resource
  // Geometry shaders (0 without GeometryShader).
  MaxGeometryInputComponents,        // per input vertex
  MaxGeometryOutputComponents,       // per output vertex
  MaxGeometryOutputVertices,         // max_vertices
  MaxGeometryTotalOutputComponents,  // max_vertices times the components of each
  MaxGeometryShaderInvocations,      // layout(invocations)
  GeometryPointSize,                 // a geometry shader's points take its gl_PointSize (else 1 pixel)
  MaxFramebufferLayers,              // layers a layered framebuffer may have
  PrimitivesGeneratedQuery,          // QueryType::PrimitivesGenerated counts, rasterizer discard or not
  // Tessellation shaders (0 without TessellationShader).
  MaxTessGenLevel,                   // gl_TessLevelOuter/Inner are clamped to this
  MaxPatchVertices,                  // control points of a patch (DrawInfo::patch_vertices, layout(vertices))
  MaxTessControlInputComponents,     // per control point read by the control shader
  MaxTessControlOutputComponents,    // per control point written by the control shader
  MaxTessPatchComponents,            // `patch out` components
  MaxTessControlTotalOutputComponents,  // per-vertex outputs times vertices, plus the patch outputs
  MaxTessEvaluationInputComponents,  // per control point read by the evaluation shader
  MaxTessEvaluationOutputComponents,
  TessellationPointSize,             // a point_mode evaluation shader's points take its gl_PointSize
  // SamplerState::border_color of any value (float or integer) is applied
  // exactly, through the view's swizzle as GL swizzles border texels.
  CustomBorderColor,
  MaxTexelBufferElements,            // texels a buffer sampler view or buffer image view may span
  // Per-sample fragment shading: RasterizerState::sample_shading, and
  // shaders using sample inputs (gl_SampleID, gl_SamplePosition, `sample`).
  SampleRateShading,
  // interpolateAtOffset's offsets (fragment shaders): the range, in units of
  // 1/65536 pixel, and the sub-pixel bits the offset is rounded to.
  MinInterpolationOffset,
  MaxInterpolationOffset,
  InterpolationOffsetBits,
  // textureGatherOffset with offsets that are not constant, and
  // textureGatherOffsets.
  ExtendedGather,
  // Arrays of uniform blocks and storage blocks indexed by dynamically
  // uniform expressions.
  BufferArrayDynamicIndexing,
  // Arrays of samplers, images and texel buffers indexed likewise; without
  // it the compiler lowers such indexing to constant indices
  // (ShaderLimits::lower_dynamic_opaque_indexing).
  ImageArrayDynamicIndexing,
  // 1 where the device's shader compiler evaluates the high half of
  // unpackHalf2x16 of a constant wrong (Mesa before 25.0): the compiler
  // then splits each call into low-half unpacks
  // (ShaderLimits::split_unpack_half_2x16).
  SplitUnpackHalf2x16,
  ShaderFloat64,                     // shaders may use 64-bit floats (SPIR-V Float64)
  ShaderInt64,                       // shaders may use 64-bit integers (SPIR-V Int64)
  MaxSamplerAnisotropy,              // SamplerState::max_anisotropy is applied up to this (1: not at all)
  // SamplerState::lod_bias may be from minus this to this (whole levels;
  // GL's MAX_TEXTURE_LOD_BIAS, at least 2 on every Vulkan device).
  MaxSamplerLodBias,
  // RenderTargetBlend::advanced is applied by the blender, coherently
  // (primitives blend in order, no barrier needed); else an advanced
  // equation must be blended by the fragment shader.
  AdvancedBlendCoherent,
  // Contexts made with ContextOptions::robust_buffer_access get bounds-checked
  // buffer, vertex input and image reads in every shader (out of bounds:
  // zero or values from within the buffer, never other memory), as GL's
  // robust buffer access asks (KHR_robust_buffer_access_behavior).
  RobustBufferAccess,
  // QueryType::SamplesPassed counts every sample exactly (else it may count
  // more, but is zero exactly when no sample passed).
  PreciseOcclusionQuery,
  // Bits of the GPU clock QueryType::TimeElapsed and Timestamp read (0:
  // no timer queries; results wrap at 2^bits clock ticks).
  TimestampBits,
  // pipe::DrawIndirect::captured draws (the byte count is read on the GPU).
  StreamOutputDraw,
  // QueryType::PrimitivesWritten and StreamOverflow count (else create_query
  // returns null for them).
  StreamOutputQueries,
  // Vertex streams a geometry shader may emit to (EmitStreamVertex), each
  // captured by stream output and counted by the PrimitivesWritten,
  // PrimitivesGenerated and StreamOverflow queries of its index (create_query's
  // `stream`); only stream 0 is rasterized. 1 where only stream 0 exists.
  MaxVertexStreams,
  // Draws one indirect draw (DrawIndirect::draw_count) may make: the
  // device's limit with multi-draw indirect, else 1 (the caller loops).
  MaxDrawIndirectCount,
  DrawIndirectCount,                 // DrawIndirect::count_buffer is honoured (else the caller reads it)
  SamplerMirrorClampToEdge,          // Wrap::MirrorClampToEdge is applied (else it clamps to edge)
  // Shader stages whose invocations vote across a group of several
  // (subgroup any/all/all-equal), one bit per stage: 1 vertex, 2
  // tessellation control, 4 evaluation, 8 geometry, 16 fragment, 32
  // compute. Other stages vote in groups of one invocation.
  SubgroupVoteStages,
  // QueryType::PipelineStatistic queries count (else create_query returns
  // null for them).
  PipelineStatisticsQuery,
};

// What a pipe context is made for, fixed for its life.
struct ContextOptions {
  // Robust buffer access (Cap::RobustBufferAccess must be 1): the shader
  // programs this context creates get bounds-checked accesses. Contexts
  // that share programs must agree (EGL and GLX refuse others).
  bool robust_buffer_access = false;
};

// A point on the GPU timeline; signalled when everything flushed before it
// has finished.
class Fence : public RefCounted {
 public:
  virtual ~Fence() = default;
};

class Screen {
 public:
  virtual ~Screen() = default;

  virtual const char* name() const = 0;
  virtual int64_t get_cap(Cap cap) const = 0;
  // `usage` is pipe::FormatUsage bits; `samples` the sample count needed
  // for all of them (a multisampled image that is also sampled needs a count
  // the device can both render and sample).
  virtual bool is_format_supported(Format format, Target target, uint32_t samples, uint32_t usage) const = 0;

  // Where sample `index` of a pixel rendered with `samples` samples lies:
  // x and y in [0, 1) from the pixel's lower-left corner in GL window
  // coordinates. False when the device does not say (its locations are
  // not the standard ones) or `index` >= `samples`.
  virtual bool sample_position(uint32_t samples, uint32_t index, float* x, float* y) const {
    (void)samples, (void)index, (void)x, (void)y;
    return false;
  }

  // Returns null with *status set on failure (OutOfMemory, Unsupported).
  virtual Ref<Resource> resource_create(const ResourceTemplate& templ, Status* status) = 0;

  // Whether sampler views and surfaces of `resource` may see its texels
  // as `view_format` (GL's texture views): the storage the device gave the
  // resource's format and the one it gives `view_format` hold texels of one
  // size, converted alike. Always true for the resource's own format.
  virtual bool can_view_format(const Resource& resource, Format view_format) const {
    return view_format == resource.templ().format;
  }

  // Waits up to timeout_ns (0 = poll). Returns true when signalled.
  virtual bool fence_finish(Fence* fence, uint64_t timeout_ns) = 0;

  virtual std::unique_ptr<Context> context_create(const ContextOptions& options, Status* status) = 0;
  std::unique_ptr<Context> context_create(Status* status) { return context_create(ContextOptions{}, status); }

  // Presentation to a native window (pipe/window_surface.h). Null with
  // *status Unsupported when the screen cannot present to that window system,
  // InvalidArgument when the window is not a usable window.
  virtual std::unique_ptr<WindowSurface> create_window_surface(const NativeWindow& window, Status* status) {
    (void)window;
    if (status) *status = Status::Unsupported;
    return nullptr;
  }
};

}  // namespace brass::pipe
