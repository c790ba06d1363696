#include "gl/extensions.h"

#include <algorithm>

#include <initializer_list>

#include "gl/image.h"
#include "gl/texture_buffer.h"
#include "pipe/format.h"
#include "pipe/screen.h"

namespace brass::gl {

namespace {

bool all_supported(const pipe::Screen& screen, std::initializer_list<pipe::Format> formats, uint32_t usage) {
  for (pipe::Format f : formats)
    if (!screen.is_format_supported(f, pipe::Target::Texture2D, 1, usage)) return false;
  return true;
}

}  // namespace

pixel::FormatFeatures format_features_for(const pipe::Screen& screen) {
  pixel::FormatFeatures f = pixel::FormatFeatures::es3();
  const uint32_t render = pipe::kUsageColorAttachment | pipe::kUsageSampled;
  f.color_buffer_half_float =
      all_supported(screen, {pipe::Format::R16_FLOAT, pipe::Format::RG16_FLOAT, pipe::Format::RGBA16_FLOAT}, render);
  f.color_buffer_float =
      f.color_buffer_half_float &&
      all_supported(screen,
                    {pipe::Format::R32_FLOAT, pipe::Format::RG32_FLOAT, pipe::Format::RGBA32_FLOAT,
                     pipe::Format::R11G11B10_FLOAT},
                    render);
  f.texture_float_linear =
      all_supported(screen, {pipe::Format::R32_FLOAT, pipe::Format::RG32_FLOAT, pipe::Format::RGBA32_FLOAT},
                    pipe::kUsageSampled | pipe::kUsageFilterLinear);
  // S3TC, RGTC and ASTC LDR data the device cannot sample is decoded on
  // upload (src/device/format_conversion; ASTC through libastcenc), so they
  // are always available.
  f.s3tc = true;
  f.rgtc = true;
  f.astc_ldr = true;
  // 3D textures of ASTC slices: each slice is a 2D image of 2D blocks,
  // decoded (or stored) as the slices of a 3D RGBA8 image.
  f.astc_sliced_3d = true;
  // Sampled and filtered, natively or widened to RGBA8 sRGB on upload.
  const uint32_t filtered = pipe::kUsageSampled | pipe::kUsageFilterLinear;
  f.texture_srgb_r8 = all_supported(screen, {pipe::Format::R8_SRGB}, filtered);
  f.texture_srgb_rg8 = all_supported(screen, {pipe::Format::RG8_SRGB}, filtered);
  // BPTC: sampled natively, no decoder (BC6H/BC7 are Vulkan's
  // textureCompressionBC, which desktop-class devices have).
  f.bptc = all_supported(screen,
                         {pipe::Format::BC6H_UFLOAT, pipe::Format::BC6H_SFLOAT, pipe::Format::BC7_UNORM,
                          pipe::Format::BC7_SRGB},
                         filtered);
  // EXT_texture_norm16: all eight formats sampled and filtered (RGB ones
  // natively or widened to four channels on upload), R16/RG16/RGBA16
  // rendered and blended as well.
  f.texture_norm16 =
      all_supported(screen,
                    {pipe::Format::R16_UNORM, pipe::Format::RG16_UNORM, pipe::Format::RGB16_UNORM,
                     pipe::Format::RGBA16_UNORM, pipe::Format::R16_SNORM, pipe::Format::RG16_SNORM,
                     pipe::Format::RGB16_SNORM, pipe::Format::RGBA16_SNORM},
                    filtered) &&
      all_supported(screen, {pipe::Format::R16_UNORM, pipe::Format::RG16_UNORM, pipe::Format::RGBA16_UNORM},
                    render | pipe::kUsageBlend | pipe::kUsageFilterLinear);
  // OES_texture_stencil8: STENCIL_INDEX8 textures, sampled (stencil
  // texturing) and attached, where the device does both with S8_UINT.
  f.texture_stencil8 =
      all_supported(screen, {pipe::Format::S8_UINT}, pipe::kUsageSampled | pipe::kUsageDepthStencil);
  // EXT_render_snorm: R8/RG8/RGBA8_SNORM rendered and blended (blending
  // applies to them as to every fixed-point format, ES 3.2 §15.1.5), and the
  // 16-bit ones too where norm16 textures exist (the extension makes them
  // renderable with it). Blended by the device, or else by the fragment
  // shader against a copy it samples (shader_blend.h; lavapipe), which
  // `render` (attachment and sampled) covers.
  f.render_snorm =
      all_supported(screen, {pipe::Format::R8_SNORM, pipe::Format::RG8_SNORM, pipe::Format::RGBA8_SNORM}, render) &&
      (!f.texture_norm16 ||
       all_supported(screen, {pipe::Format::R16_SNORM, pipe::Format::RG16_SNORM, pipe::Format::RGBA16_SNORM}, render));
  return f;
}

std::vector<std::string> supported_extensions(const pipe::Screen& screen, const pixel::FormatFeatures& features,
                                              bool es31) {
  std::vector<std::string> out = {
      // ES 2.0 extensions that are ES 3.0 core functionality implemented by
      // the frontend (sized RGB8/RGBA8 and DEPTH_COMPONENT24 renderbuffers,
      // unsized depth textures, 32-bit indices, packed depth/stencil, full
      // NPOT), so applications written against ES 2.0 find them as on other
      // ES 3 drivers.
      "GL_OES_depth24",
      "GL_OES_depth_texture",
      "GL_OES_element_index_uint",
      "GL_OES_packed_depth_stencil",
      "GL_OES_rgb8_rgba8",
      "GL_OES_texture_npot",
      // Entry points that are ES 3.0 functions under extension names (the
      // generator maps them onto the core handlers).
      "GL_EXT_draw_buffers",
      // Color attachments 1..N (ES 3.0 core), under the ES 2.0 name that
      // allows attaching them without EXT_draw_buffers' draw-buffer state.
      "GL_NV_fbo_color_attachments",
      "GL_EXT_draw_instanced",
      "GL_EXT_instanced_arrays",
      "GL_EXT_map_buffer_range",
      "GL_OES_mapbuffer",
      "GL_OES_vertex_array_object",
      // dFdx/dFdy/fwidth in GLSL ES 1.00 fragment shaders (core in 3.00).
      "GL_OES_standard_derivatives",
      // gl_FragDepthEXT in GLSL ES 1.00 fragment shaders (gl_FragDepth is
      // core in 3.00; the compiler upgrades one to the other).
      "GL_EXT_frag_depth",
      // Draw parameters the pipe draw carries natively (vertex offset and
      // first instance).
      "GL_EXT_base_instance",
      "GL_EXT_draw_elements_base_vertex",
      "GL_EXT_multi_draw_arrays",
      "GL_OES_draw_elements_base_vertex",
      "GL_EXT_discard_framebuffer",
      "GL_KHR_parallel_shader_compile",
      // Occlusion queries (ANY_SAMPLES_PASSED and _CONSERVATIVE) under their
      // ES 2.0 names; the ES 3.0 query entry points serve both.
      "GL_EXT_occlusion_query_boolean",
      // Debug output, debug groups and object labels (api_debug.cpp).
      "GL_KHR_debug",
      // Formats: unsized FLOAT/HALF_FLOAT uploads, BGRA client data and
      // storage, compressed formats decoded when the device lacks them.
      "GL_EXT_texture_format_BGRA8888",
      "GL_OES_texture_float",
      "GL_OES_texture_half_float",
      "GL_OES_texture_half_float_linear",
      "GL_EXT_texture_compression_s3tc",
      // Its sRGB formats (BC1-3 sRGB, natively or decoded like the others).
      "GL_EXT_texture_compression_s3tc_srgb",
      "GL_EXT_texture_compression_rgtc",
      "GL_OES_compressed_ETC1_RGB8_texture",
      // glReadPixels of the depth and stencil attachments
      // (read_depth_stencil.cpp; the desktop path with the extensions'
      // format/type rules, pixel/read_pixels_rules.h).
      "GL_NV_read_depth",
      "GL_NV_read_depth_stencil",
      "GL_NV_read_stencil",
      // HALF_FLOAT_OES vertex arrays (the ES 3.0 HALF_FLOAT type).
      "GL_OES_vertex_half_float",
      // Sized internal formats everywhere an ES 2.0 enum was unsized (ES 3.0 core).
      "GL_OES_required_internalformat",
      // EGLImages as textures and renderbuffers (mutable, and immutable with
      // EXT_EGL_image_storage), sharing the image's storage
      // (api_egl_image.cpp), and as external textures: the
      // TEXTURE_EXTERNAL_OES target and samplerExternalOES in ESSL 1.00 and
      // 3.x (compiler/external_samplers.h).
      "GL_OES_EGL_image",
      "GL_EXT_EGL_image_storage",
      "GL_OES_EGL_image_external",
      "GL_OES_EGL_image_external_essl3",
      // Context loss and bounded queries (robustness.cpp). Robust buffer
      // access (GL_CONTEXT_ROBUST_ACCESS TRUE) is a context's, asked for
      // through EGL: context.cpp adds KHR_robust_buffer_access_behavior to
      // robust contexts.
      "GL_KHR_robustness",
      "GL_EXT_robustness",
  };
  // ES 3.1 extensions every device can do: glBufferStorage and persistent,
  // coherent maps (api_buffer_storage.cpp; immutable buffers live in
  // host-coherent memory, which every Vulkan device has, and are never
  // renamed), and glClearTexImage/glClearTexSubImage (api_clear_texture.cpp).
  if (es31) {
    out.emplace_back("GL_EXT_buffer_storage");
    out.emplace_back("GL_EXT_clear_texture");
  }
  if (es31 && features.texture_stencil8) out.emplace_back("GL_OES_texture_stencil8");
  // ASTC LDR textures (2D, arrays, cube maps) and, with sliced_3d, 3D
  // textures of 2D blocks; not the HDR profile.
  if (features.astc_ldr) out.emplace_back("GL_KHR_texture_compression_astc_ldr");
  if (features.astc_ldr && features.astc_sliced_3d) out.emplace_back("GL_KHR_texture_compression_astc_sliced_3d");
  // BC7/BC6H sampled by the device (no decoder), uploads of uncompressed
  // data compressed by gl/pixel/bptc_encoder.h; every ES context is 3.0+.
  if (features.bptc) out.emplace_back("GL_EXT_texture_compression_bptc");
  // gl_ClipDistance/gl_CullDistance in ES 3.00 shaders (the compiler maps
  // them onto the Vulkan built-ins; disabled planes are a shader variant).
  if (screen.get_cap(pipe::Cap::MaxClipDistances) >= 8 && screen.get_cap(pipe::Cap::MaxCullDistances) >= 8)
    out.emplace_back("GL_EXT_clip_cull_distance");
  // Dual-source blending: SRC1 factors read the fragment output at
  // Location 0, Index 1 (Vulkan dualSrcBlend; src/compiler/dual_source.h).
  if (screen.get_cap(pipe::Cap::MaxDualSourceDrawBuffers) >= 1) out.emplace_back("GL_EXT_blend_func_extended");
  // Program pipelines and separable programs (ES 3.1 core) in ES 2.0/3.0
  // contexts: the ES 3.1 handlers, and location qualifiers on ESSL 3.00
  // vertex outputs and fragment inputs (compiler/glslang_glue.cpp).
  out.emplace_back("GL_EXT_separate_shader_objects");
  // Blend enable, equation, function and color mask per draw buffer (the
  // EXT and OES names of one extension; ES 3.2 core).
  if (screen.get_cap(pipe::Cap::IndependentBlend)) {
    out.emplace_back("GL_EXT_draw_buffers_indexed");
    out.emplace_back("GL_OES_draw_buffers_indexed");
  }
  // Colour attachments read in fragment shaders, from a copy made before
  // each draw (src/gl/framebuffer_fetch.cpp); single-sampled attachments.
  out.emplace_back("GL_EXT_shader_framebuffer_fetch");
  out.emplace_back("GL_EXT_shader_framebuffer_fetch_non_coherent");
  // Advanced blend equations: by the device's blender where it blends them
  // coherently (VK_EXT_blend_operation_advanced), else in the fragment
  // shader from the same copy of draw buffer 0 (src/compiler/advanced_blend.h),
  // where primitives of one draw see the destination from before the draw:
  // not coherent.
  out.emplace_back("GL_KHR_blend_equation_advanced");
  if (screen.get_cap(pipe::Cap::AdvancedBlendCoherent)) out.emplace_back("GL_KHR_blend_equation_advanced_coherent");
  if (features.texture_float_linear) out.emplace_back("GL_OES_texture_float_linear");
  // ES 3.1 extensions.
  if (es31 && features.texture_norm16) out.emplace_back("GL_EXT_texture_norm16");
  if (es31 && features.render_snorm) out.emplace_back("GL_EXT_render_snorm");
  // NV_image_formats: the image formats of desktop GL's table beyond ES
  // 3.1's (image.cpp), in ES 3.1 contexts where the device makes every one
  // a storage image (the 16-bit normalized ones come with norm16 textures).
  if (es31 && extended_image_formats_supported(screen, features.texture_norm16))
    out.emplace_back("GL_NV_image_formats");
  // glPolygonOffsetClampEXT: Vulkan's depthBiasClamp.
  if (screen.get_cap(pipe::Cap::DepthBiasClamp)) out.emplace_back("GL_EXT_polygon_offset_clamp");
  // glClipControlEXT: the depth mode needs VK_EXT_depth_clip_control (GL's
  // [-1, 1] and [0, 1] both by pipeline state, no shader remap), the
  // upper-left origin a mirrored viewport.
  if (screen.get_cap(pipe::Cap::DepthClipControl)) out.emplace_back("GL_EXT_clip_control");
  if (features.texture_srgb_r8) out.emplace_back("GL_EXT_texture_sRGB_R8");
  if (features.texture_srgb_rg8) out.emplace_back("GL_EXT_texture_sRGB_RG8");
  if (features.color_buffer_half_float) out.emplace_back("GL_EXT_color_buffer_half_float");
  if (features.color_buffer_float) {
    out.emplace_back("GL_EXT_color_buffer_float");
    // Blending into 32-bit float attachments; without it such draws would be
    // an error the frontend does not raise, so it is listed only when true.
    if (all_supported(screen, {pipe::Format::R32_FLOAT, pipe::Format::RG32_FLOAT, pipe::Format::RGBA32_FLOAT},
                      pipe::kUsageColorAttachment | pipe::kUsageBlend))
      out.emplace_back("GL_EXT_float_blend");
  }
  // Image atomics (ES 3.1 has image load/store but no atomics on images):
  // add, min, max, and, or, xor, exchange and compare-exchange on r32i and
  // r32ui images, which every Vulkan device does, and exchange on r32f,
  // which needs the device's float image atomics.
  if (es31 && screen.get_cap(pipe::Cap::ImageFloatAtomicExchange)) out.emplace_back("GL_OES_shader_image_atomic");
  // Geometry shaders (ES 3.2's stage as ES 3.1 extensions; the EXT and OES
  // versions are the same text): the stage, adjacency draws, layered
  // framebuffers. gl_PointSize in the stage (geometry_point_size) only
  // where the device takes a geometry shader's point size.
  // PRIMITIVES_GENERATED queries come with it and need the device to count
  // them (VK_EXT_primitives_generated_query, also under rasterizer discard).
  const bool counts_primitives = screen.get_cap(pipe::Cap::PrimitivesGeneratedQuery) != 0;
  const bool geometry = es31 && screen.get_cap(pipe::Cap::GeometryShader) && counts_primitives;
  if (geometry) {
    out.emplace_back("GL_EXT_geometry_shader");
    out.emplace_back("GL_OES_geometry_shader");
    if (screen.get_cap(pipe::Cap::GeometryPointSize)) {
      out.emplace_back("GL_EXT_geometry_point_size");
      out.emplace_back("GL_OES_geometry_point_size");
    }
  }
  // Tessellation shaders likewise (EXT and OES are the same text): the two
  // stages, GL_PATCHES and glPatchParameteri, PRIMITIVES_GENERATED;
  // gl_PointSize in the stages (tessellation_point_size) only where the
  // device takes a point_mode evaluation shader's point size.
  const bool tessellation = es31 && screen.get_cap(pipe::Cap::TessellationShader) && counts_primitives;
  if (tessellation) {
    out.emplace_back("GL_EXT_tessellation_shader");
    out.emplace_back("GL_OES_tessellation_shader");
    if (screen.get_cap(pipe::Cap::TessellationPointSize)) {
      out.emplace_back("GL_EXT_tessellation_point_size");
      out.emplace_back("GL_OES_tessellation_point_size");
    }
  }
  // Buffer textures: samplerBuffer as uniform texel buffers, imageBuffer as
  // storage texel buffers, in every format table 8.18 lists (RGB32 ones
  // included, which Vulkan leaves optional).
  if (es31 && texel_buffer_formats_supported(screen, false)) {
    out.emplace_back("GL_EXT_texture_buffer");
    out.emplace_back("GL_OES_texture_buffer");
  }
  // Cube map arrays: sampled, rendered (one layer-face or all of them) and
  // as image units, where the device has imageCubeArray (the screen
  // supports no format for the target without it).
  if (es31 && screen.is_format_supported(pipe::Format::RGBA8_UNORM, pipe::Target::TextureCubeArray, 1,
                                         pipe::kUsageSampled | pipe::kUsageStorage)) {
    out.emplace_back("GL_EXT_texture_cube_map_array");
    out.emplace_back("GL_OES_texture_cube_map_array");
  }
  // TEXTURE_2D_MULTISAMPLE_ARRAY: ES 3.1's multisample textures with layers
  // (sampler2DMSArray, layered attachments), wherever those are.
  if (es31) out.emplace_back("GL_OES_texture_storage_multisample_2d_array");
  // CLAMP_TO_BORDER with any TEXTURE_BORDER_COLOR, float or integer: only
  // where the device applies custom border colors exactly (through the
  // view's swizzle, as GL swizzles border texels), not just Vulkan's three.
  if (screen.get_cap(pipe::Cap::CustomBorderColor)) {
    out.emplace_back("GL_EXT_texture_border_clamp");
    out.emplace_back("GL_OES_texture_border_clamp");
  }
  // Which both require: in/out blocks in every stage (glslang's; the
  // stages' interfaces match them by block name).
  if (geometry || tessellation) {
    out.emplace_back("GL_EXT_shader_io_blocks");
    out.emplace_back("GL_OES_shader_io_blocks");
  }
  // ES 3.2's per-sample shading as ES 3.1 extensions: SAMPLE_SHADING and
  // glMinSampleShading (Vulkan's sampleShadingEnable), the fragment
  // shader's sample inputs and outputs (gl_SampleID, gl_SamplePosition,
  // gl_SampleMaskIn, gl_SampleMask, gl_NumSamples), and the `sample`
  // qualifier with interpolateAt*; all need the device's sampleRateShading.
  if (es31 && screen.get_cap(pipe::Cap::SampleRateShading)) {
    out.emplace_back("GL_OES_sample_shading");
    out.emplace_back("GL_OES_sample_variables");
    out.emplace_back("GL_OES_shader_multisample_interpolation");
  }
  // GLSL ES 3.10 with ES 3.20's gpu_shader5 (the EXT and OES texts are one):
  // precise, fma, frexp/ldexp, gather offsets and component
  // select, dynamically uniform indexing of resource arrays (sampler and
  // image arrays through the compiler's switch lowering where the device
  // cannot index them), geometry shader invocations (with geometry shaders).
  if (es31 && screen.get_cap(pipe::Cap::ExtendedGather) && screen.get_cap(pipe::Cap::BufferArrayDynamicIndexing)) {
    out.emplace_back("GL_EXT_gpu_shader5");
    out.emplace_back("GL_OES_gpu_shader5");
  }
  // glCopyImageSubData between textures and renderbuffers of compatible
  // formats (api_copy_image.cpp; vkCmdCopyImage, or a conversion through
  // the CPU where the device stores the two formats differently).
  if (es31) {
    out.emplace_back("GL_EXT_copy_image");
    out.emplace_back("GL_OES_copy_image");
  }
  // Implicit int -> uint, int/uint -> float conversions in GLSL ES 3.10+
  // (glslang's, as desktop GLSL has them; the code it makes is ordinary
  // SPIR-V conversions).
  if (es31) out.emplace_back("GL_EXT_shader_implicit_conversions");
  // glPrimitiveBoundingBox and gl_BoundingBox: a hint Brass keeps and
  // reports but does not use (the spec lets an implementation ignore it).
  // Viewport arrays: 16 viewports, scissor boxes and depth ranges, chosen
  // per primitive by a geometry shader's gl_ViewportIndex (Vulkan's
  // multiViewport; the extension requires geometry shaders).
  if (geometry && screen.get_cap(pipe::Cap::MaxViewports) >= 16) out.emplace_back("GL_OES_viewport_array");
  // Texture views: views of immutable textures' storage in a format of
  // the same view class, over a range of levels and layers (mutable-format
  // Vulkan images; 2D arrays of square layers are also cube-compatible).
  if (es31) {
    out.emplace_back("GL_EXT_texture_view");
    out.emplace_back("GL_OES_texture_view");
  }
  if (es31) {
    out.emplace_back("GL_EXT_primitive_bounding_box");
    out.emplace_back("GL_OES_primitive_bounding_box");
  }
  return out;
}

namespace {

// ES 3.2 is ES 3.1 with these (ES 3.2 Appendix F.1 lists what became core).
constexpr const char* kEs32Extensions[] = {
    "GL_KHR_blend_equation_advanced",
    "GL_KHR_debug",
    "GL_KHR_robustness",
    "GL_KHR_texture_compression_astc_ldr",
    "GL_OES_draw_elements_base_vertex",
    "GL_OES_sample_shading",
    "GL_OES_sample_variables",
    "GL_OES_shader_image_atomic",
    "GL_OES_shader_multisample_interpolation",
    "GL_OES_texture_stencil8",
    "GL_OES_texture_storage_multisample_2d_array",
    "GL_EXT_color_buffer_float",
    "GL_EXT_copy_image",
    "GL_EXT_draw_buffers_indexed",
    "GL_EXT_geometry_shader",
    "GL_EXT_gpu_shader5",
    "GL_EXT_primitive_bounding_box",
    "GL_EXT_shader_io_blocks",
    "GL_EXT_tessellation_shader",
    "GL_EXT_texture_border_clamp",
    "GL_EXT_texture_buffer",
    "GL_EXT_texture_cube_map_array",
};

}  // namespace

std::vector<std::string> es32_missing(const std::vector<std::string>& es31_extensions) {
  std::vector<std::string> missing;
  for (const char* name : kEs32Extensions)
    if (std::find(es31_extensions.begin(), es31_extensions.end(), name) == es31_extensions.end())
      missing.emplace_back(name);
  return missing;
}

bool es32_complete(const std::vector<std::string>& es31_extensions) { return es32_missing(es31_extensions).empty(); }

std::vector<std::string> supported_desktop_extensions(const pipe::Screen& screen,
                                                      const pixel::FormatFeatures& features) {
  // Desktop contexts list the ARB extensions that became the core GL 3.0 -
  // 3.3 functionality the ES 3.0 frontend implements (applications and
  // piglit look for them by name, as other core-profile drivers list them),
  // and KHR extensions implemented under their desktop names. The list grows
  // with issue 17; nothing is listed before its desktop form works.
  std::vector<std::string> out = {
      "GL_ARB_copy_buffer",
      // glCopyImageSubData: the ES extension's handler and driver path.
      "GL_ARB_copy_image",
      "GL_ARB_depth_buffer_float",
      "GL_ARB_draw_elements_base_vertex",
      "GL_ARB_draw_instanced",
      "GL_ARB_explicit_attrib_location",
      "GL_ARB_framebuffer_object",
      "GL_ARB_half_float_vertex",
      "GL_ARB_instanced_arrays",
      "GL_ARB_map_buffer_range",
      "GL_ARB_occlusion_query2",
      "GL_ARB_sampler_objects",
      "GL_ARB_shader_bit_encoding",
      "GL_ARB_sync",
      "GL_ARB_texture_rg",
      "GL_ARB_texture_rgb10_a2ui",
      "GL_ARB_texture_swizzle",
      // The same enums and rules under the EXT name, which tests and
      // applications look for too.
      "GL_EXT_texture_swizzle",
      "GL_ARB_uniform_buffer_object",
      "GL_ARB_vertex_array_object",
      // Debug output, debug groups and object labels (api_debug.cpp).
      "GL_KHR_debug",
      // GL 3.0 - 3.2 functionality the frontend had before these names were
      // listed: compressed formats decoded where the device lacks them
      // (FormatFeatures::desktop), the packed float and shared-exponent
      // formats, float textures (their luminance / intensity formats are
      // not in the core profile), the depth clamp, provoking vertex and seamless
      // cube map state (api_desktop_state.cpp; Vulkan's cube sampling is
      // seamless), gl_FragCoord layout qualifiers (glslang) and BGRA vertex
      // arrays.
      "GL_ARB_texture_compression_rgtc",
      "GL_EXT_texture_compression_rgtc",
      "GL_EXT_texture_compression_s3tc",
      // GL 2.1's sRGB formats under their EXT name, with the sRGB S3TC
      // formats it adds where S3TC exists (the SLUMINANCE ones in
      // compatibility contexts).
      "GL_EXT_texture_sRGB",
      "GL_EXT_packed_float",
      "GL_EXT_texture_shared_exponent",
      "GL_ARB_texture_float",
      "GL_ARB_depth_clamp",
      "GL_ARB_provoking_vertex",
      "GL_ARB_seamless_cube_map",
      "GL_ARB_fragment_coord_conventions",
      "GL_ARB_vertex_array_bgra",
      // FRAMEBUFFER_SRGB (off by default in desktop contexts: sRGB
      // attachments then render through their linear format,
      // framebuffer_srgb.cpp) with the attachments' COLOR_ENCODING query.
      "GL_ARB_framebuffer_sRGB",
      // The packed 2_10_10_10 vertex types (ES 3.0's) and the
      // glVertexAttribP* current values (api_desktop_attribs.cpp).
      "GL_ARB_vertex_type_2_10_10_10_rev",
  };
  // Buffer textures (GL 3.1; ES 3.2's handlers with desktop table 8.16's
  // formats), glTexBufferRange (4.3) and the RGB32 formats (4.0), where the
  // device has every format as a uniform texel buffer (and the image formats
  // as storage texel buffers).
  // GL 4.0's per-buffer blend state and sample shading under their ARB
  // names (the entry points alias the core ones), on the ES extensions'
  // device conditions (EXT_draw_buffers_indexed, OES_sample_shading).
  {
    const std::vector<std::string> es = supported_extensions(screen, features, true);
    const auto has = [&](const char* name) { return std::find(es.begin(), es.end(), name) != es.end(); };
    if (has("GL_EXT_draw_buffers_indexed")) out.emplace_back("GL_ARB_draw_buffers_blend");
    if (has("GL_OES_sample_shading")) out.emplace_back("GL_ARB_sample_shading");
  }
  // Cube map arrays (GL 4.0): ES 3.2's targets, views and image units, on the
  // same device condition as EXT_texture_cube_map_array.
  if (screen.is_format_supported(pipe::Format::RGBA8_UNORM, pipe::Target::TextureCubeArray, 1,
                                 pipe::kUsageSampled | pipe::kUsageStorage))
    out.emplace_back("GL_ARB_texture_cube_map_array");
  // Integer textures are GL 3.0's; the extension's compatibility-profile
  // parts (glClearColorI*, luminance/alpha integer formats) have no core
  // form, as for other core-profile drivers that list it.
  out.emplace_back("GL_EXT_texture_integer");
  if (texel_buffer_formats_supported(screen, true)) {
    out.emplace_back("GL_ARB_texture_buffer_object");
    out.emplace_back("GL_ARB_texture_buffer_object_rgb32");
    out.emplace_back("GL_ARB_texture_buffer_range");
  }
  // Dual-source blending needs Vulkan's dualSrcBlend (as the ES extension).
  if (screen.get_cap(pipe::Cap::MaxDualSourceDrawBuffers) >= 1) out.emplace_back("GL_ARB_blend_func_extended");
  // The ES ASTC code serves desktop contexts unchanged (the KHR extensions
  // name both APIs).
  if (features.astc_ldr) out.emplace_back("GL_KHR_texture_compression_astc_ldr");
  if (features.astc_ldr && features.astc_sliced_3d) out.emplace_back("GL_KHR_texture_compression_astc_sliced_3d");
  // The ES contexts' advanced blending (one extension for both APIs; GLSL's
  // blend_support qualifiers are glslang's in desktop shaders too).
  out.emplace_back("GL_KHR_blend_equation_advanced");
  if (screen.get_cap(pipe::Cap::AdvancedBlendCoherent)) out.emplace_back("GL_KHR_blend_equation_advanced_coherent");
  // GL 4.4's buffer storage and texture clears, the ES extensions' handlers,
  // in every desktop context (context.cpp lists them as desktop features).
  out.emplace_back("GL_ARB_buffer_storage");
  // Query results written into a buffer object (QUERY_BUFFER,
  // glGetQueryBufferObject*; api_queries.cpp).
  out.emplace_back("GL_ARB_query_buffer_object");
  out.emplace_back("GL_ARB_clear_texture");
  // GL 4.5's direct state access: every command of the extension names its
  // object and runs the bind-to-edit command's steps on it (docs/architecture.md).
  out.emplace_back("GL_ARB_direct_state_access");
  // GL 4.5's box readback of a named texture (api_get_texture_sub_image.cpp).
  out.emplace_back("GL_ARB_get_texture_sub_image");
  // GL 4.5's gl_CullDistance (SPIR-V CullDistance, culled by Vulkan) on the
  // ES extension's device condition, with MAX_CULL_DISTANCES and
  // MAX_COMBINED_CLIP_AND_CULL_DISTANCES.
  if (screen.get_cap(pipe::Cap::MaxClipDistances) >= 8 && screen.get_cap(pipe::Cap::MaxCullDistances) >= 8)
    out.emplace_back("GL_ARB_cull_distance");
  // GL 4.5's textureSamples / imageSamples (SPIR-V OpImageQuerySamples;
  // sources below GLSL 4.50 that call them are compiled as 4.50,
  // desktop_glsl_rewrites.h).
  out.emplace_back("GL_ARB_shader_texture_image_samples");
  // GL 4.x functionality that ES 3.1 has too, in every desktop context
  // (Context::es31): the ES 3.1 handlers with the desktop-only commands
  // added (glShaderStorageBlockBinding, glGetActiveAtomicCounterBufferiv,
  // MAX_PROGRAM_TEXTURE_GATHER_COMPONENTS), and the desktop GLSL forms
  // (`#extension` and the macros) from glslang; compute shaders below GLSL
  // 4.30 are compiled as 4.30 (compiler.cpp, with_desktop_compute_version).
  for (const char* name : {
           "GL_ARB_compute_shader",
           "GL_ARB_draw_indirect",
           "GL_ARB_explicit_uniform_location",
           "GL_ARB_program_interface_query",
           "GL_ARB_separate_shader_objects",
           "GL_ARB_shader_atomic_counters",
           "GL_ARB_shader_storage_buffer_object",
           "GL_ARB_shading_language_420pack",
           "GL_ARB_stencil_texturing",
           "GL_ARB_texture_gather",
           "GL_ARB_vertex_attrib_binding",
           // The base-instance draws are EXT_base_instance's handlers.
           "GL_ARB_base_instance",
           // glBindBuffersBase/Range, glBindTextures, glBindSamplers,
           // glBindImageTextures, glBindVertexBuffers (api_multi_bind.cpp).
           "GL_ARB_multi_bind",
           // Shading-language only: textureQueryLOD (SPIR-V ImageQuery).
           "GL_ARB_texture_query_lod",
           // Shader subroutines, lowered by the compiler to a uniform
           // array of selected indices (compiler/subroutines.h) that the
           // frontend fills from glUniformSubroutinesuiv (gl/subroutines.h).
           "GL_ARB_shader_subroutine",
           // Fine and coarse derivatives (SPIR-V DPdxFine ...; sources
           // below GLSL 4.00 that call them are compiled as 4.00,
           // desktop_glsl_rewrites.h).
           "GL_ARB_derivative_control",
           // glTextureView (texture_view.cpp), as ES's OES_texture_view
           // with GL's targets and view classes.
           "GL_ARB_texture_view",
           // Desktop texture targets (api_desktop_textures.cpp, proxies in
           // texture_proxy.cpp): rectangles (sampled through the
           // compiler's lowering to 2D, rectangle_samplers.cpp), 2D
           // multisample textures and arrays with their mutable commands,
           // and immutable storage of every target, 1D included.
           "GL_ARB_texture_rectangle",
           // GL 3.0's array textures under the EXT name: the core targets
           // and commands (glFramebufferTextureLayerEXT is an alias), and
           // in GLSL 1.10 / 1.20 sources the old array lookups
           // (compiler/legacy_texture_extensions.h).
           "GL_EXT_texture_array",
           "GL_ARB_texture_multisample",
           "GL_ARB_texture_storage",
       })
    out.emplace_back(name);
  // Double-precision shaders and uniforms (glUniform*d, glGetUniformdv;
  // std140/std430 doubles are glslang's layout) where the device has
  // shaderFloat64.
  if (screen.get_cap(pipe::Cap::ShaderFloat64)) {
    out.emplace_back("GL_ARB_gpu_shader_fp64");
    // Double vertex inputs (glVertexAttribL*, api_vertex_attrib_64bit.cpp):
    // fetched in 64-bit vertex formats where the device has them, else as
    // 32-bit words rebuilt in the shader (compiler/vertex_input_64bit.h).
    out.emplace_back("GL_ARB_vertex_attrib_64bit");
  }
  // TEXTURE_MAX_ANISOTROPY on textures and samplers (GL 4.6; the EXT name is
  // the same extension), where the device filters anisotropically at least
  // 2x (the extension's minimum for MAX_TEXTURE_MAX_ANISOTROPY).
  if (screen.get_cap(pipe::Cap::MaxSamplerAnisotropy) >= 2) {
    out.emplace_back("GL_ARB_texture_filter_anisotropic");
    out.emplace_back("GL_EXT_texture_filter_anisotropic");
  }
  // glPolygonOffsetClamp (GL 4.6): Vulkan's depthBiasClamp, as the ES
  // extension (Context::has_feature takes it at every desktop version).
  if (screen.get_cap(pipe::Cap::DepthBiasClamp)) out.emplace_back("GL_ARB_polygon_offset_clamp");
  // gl_FragStencilRefARB: glslang's SPIR-V FragStencilRefEXT, which the
  // device takes with VK_EXT_shader_stencil_export (no ES counterpart).
  if (screen.get_cap(pipe::Cap::ShaderStencilExport)) out.emplace_back("GL_ARB_shader_stencil_export");
  // Viewport arrays (GL 4.1) as OES_viewport_array in ES 3.1 contexts, with
  // glDepthRange's doubles; gl_ViewportIndex needs geometry shaders.
  if (screen.get_cap(pipe::Cap::GeometryShader) && screen.get_cap(pipe::Cap::PrimitivesGeneratedQuery) &&
      screen.get_cap(pipe::Cap::MaxViewports) >= 16)
    out.emplace_back("GL_ARB_viewport_array");
  // Tessellation shaders (GL 4.0) on the ES extension's device conditions,
  // in 3.2 and 3.3 contexts too (GLSL 1.50 and 3.30 shaders enable them).
  // Programs with an evaluation shader alone get a control stage that
  // passes the patch on with the default levels
  // (compiler/passthrough_tess_control.h).
  if (screen.get_cap(pipe::Cap::TessellationShader) && screen.get_cap(pipe::Cap::PrimitivesGeneratedQuery))
    out.emplace_back("GL_ARB_tessellation_shader");
  // GLSL 4.00's gpu_shader5 features in GLSL 1.50 and 3.30 shaders that
  // enable the extension (compiled as 4.00: compiler/desktop_glsl_rewrites.h):
  // the device needs of EXT_gpu_shader5 (gather offsets and component,
  // dynamically uniform indexing of block arrays), plus sample-rate shading
  // for interpolateAtSample/AtOffset, gl_SampleMaskIn and `sample`, and
  // geometry shaders for their invocations.
  if (screen.get_cap(pipe::Cap::ExtendedGather) && screen.get_cap(pipe::Cap::BufferArrayDynamicIndexing) &&
      screen.get_cap(pipe::Cap::SampleRateShading) && screen.get_cap(pipe::Cap::GeometryShader))
    out.emplace_back("GL_ARB_gpu_shader5");
  // Conditional rendering, with GL 4.5's inverted modes (decided on the
  // CPU from the query's result: api_conditional_render.cpp).
  out.emplace_back("GL_NV_conditional_render");
  out.emplace_back("GL_ARB_conditional_render_inverted");
  // TIME_ELAPSED and TIMESTAMP need a GPU clock of at least 30 bits (a
  // second of nanoseconds; GL 4.6 §4.2.2).
  if (screen.get_cap(pipe::Cap::TimestampBits) >= 30) out.emplace_back("GL_ARB_timer_query");
  // Transform feedback objects and pause/resume are ES 3.0's;
  // glDrawTransformFeedback reads the captured count on the GPU
  // (vkCmdDrawIndirectByteCountEXT). _3: gl_NextBuffer / gl_SkipComponents,
  // indexed queries and draws of MAX_VERTEX_STREAMS streams (1 where the
  // device has no geometryStreams: the extension's minimum); _instanced:
  // the draws' instanced forms; the overflow queries compare the transform
  // feedback query's primitives needed with those written.
  if (screen.get_cap(pipe::Cap::StreamOutputDraw)) {
    for (const char* name : {"GL_ARB_transform_feedback2", "GL_ARB_transform_feedback3",
                             "GL_ARB_transform_feedback_instanced"})
      out.emplace_back(name);
    if (screen.get_cap(pipe::Cap::StreamOutputQueries))
      out.emplace_back("GL_ARB_transform_feedback_overflow_query");
  }
  // GL 4.3-4.6 buffer clears, invalidation and multi-draw indirect with
  // PARAMETER_BUFFER counts (api_clear_buffer.cpp, api_invalidate_subdata.cpp,
  // api_draw.cpp): on every device (the frontend loops where the device
  // lacks multiDrawIndirect or drawIndirectCount).
  for (const char* name : {"GL_ARB_clear_buffer_object", "GL_ARB_invalidate_subdata", "GL_ARB_multi_draw_indirect",
                           "GL_ARB_indirect_parameters"})
    out.emplace_back(name);
  // GL 4.1 - 4.3 functionality that the ES frontend has, under the desktop
  // names, on every device.
  for (const char* name : {
           // ES 2.0's commands and queries (glGetShaderPrecisionFormat,
           // glDepthRangef, glClearDepthf, glReleaseShaderCompiler,
           // glShaderBinary with no formats, IMPLEMENTATION_COLOR_READ_*,
           // the *_VECTORS limits), FIXED vertex attributes, RGB565, and
           // `#version 100` shaders (Context::glsl_es_version).
           "GL_ARB_ES2_compatibility",
           // ES 3.0's ETC2/EAC formats (decoded where the device lacks
           // them), PRIMITIVE_RESTART_FIXED_INDEX, conservative
           // occlusion queries, MAX_ELEMENT_INDEX and `#version 300 es`.
           "GL_ARB_ES3_compatibility",
           // Program binaries as ES 3.0 has them: glProgramParameteri and
           // PROGRAM_BINARY_RETRIEVABLE_HINT, and no binary format
           // (NUM_PROGRAM_BINARY_FORMATS 0, which the extension allows).
           "GL_ARB_get_program_binary",
           // Precision rules only; the `#extension` and macro are Brass's
           // (glsl_normalize.cpp).
           "GL_ARB_shader_precision",
           // The PACK/UNPACK_COMPRESSED_BLOCK_* modes: sub-rectangles of
           // compressed images in client memory (compressed_pixel_store.h).
           "GL_ARB_compressed_texture_pixel_storage",
           // MIN_MAP_BUFFER_ALIGNMENT 64, kept by the driver's maps
           // (pipe::kMinMapBufferAlignment).
           "GL_ARB_map_buffer_alignment",
           // glGetInternalformativ's SAMPLES and NUM_SAMPLE_COUNTS (ES 3.0's,
           // with the desktop targets).
           "GL_ARB_internalformat_query",
           // Every pname of glGetInternalformativ and
           // glGetInternalformati64v (internalformat_query2.h).
           "GL_ARB_internalformat_query2",
           // glTexStorage2DMultisample/3DMultisample (ES 3.1 and
           // OES_texture_storage_multisample_2d_array).
           "GL_ARB_texture_storage_multisample",
           // glFramebufferParameteri and framebuffers without attachments
           // (ES 3.1's).
           "GL_ARB_framebuffer_no_attachments",
           // GLSL 4.20/4.30 features in older desktop GLSL, compiled at the
           // version that has them (compiler/desktop_glsl_rewrites.h).
           "GL_ARB_conservative_depth",
           "GL_AMD_conservative_depth",
           "GL_ARB_texture_query_levels",
           "GL_ARB_shading_language_packing",
           // Arrays of arrays: sources below 1.40 through the upgrader, then
           // 4.30; arrays of arrays of opaque uniforms and of uniform and
           // storage blocks become one-dimensional arrays for Vulkan, named
           // back the GL way (compiler/opaque_array_flattening.h).
           "GL_ARB_arrays_of_arrays",
       })
    out.emplace_back(name);
  // Image load/store (GL 4.2): ES 3.1's image units with every desktop
  // image target and format (image.cpp), where a fragment shader may store
  // to at least 8 images, GL 4.2's minimum of MAX_IMAGE_UNITS and
  // MAX_FRAGMENT_IMAGE_UNIFORMS.
  // imageSize (GL 4.3's ARB_shader_image_size) comes with them: a size
  // query of the bound view (compiler/desktop_glsl_rewrites.h).
  if (screen.get_cap(pipe::Cap::FragmentShaderStores) && screen.get_cap(pipe::Cap::MaxShaderImages) >= 8) {
    out.emplace_back("GL_ARB_shader_image_load_store");
    out.emplace_back("GL_ARB_shader_image_size");
  }
  // Robust buffer access (GL 4.3 core, ARB_robustness's contexts): what
  // contexts created with robust access get where the device bounds every
  // access (pipe::Cap::RobustBufferAccess; EGL refuses such contexts
  // elsewhere). Other contexts make no promise, as the extension allows.
  if (screen.get_cap(pipe::Cap::RobustBufferAccess)) out.emplace_back("GL_ARB_robust_buffer_access_behavior");
  // BPTC textures where the device samples them (format_features_for): on
  // other devices GL 4.2 is not offered.
  if (features.bptc) out.emplace_back("GL_ARB_texture_compression_bptc");
  // gl_Layer and gl_ViewportIndex read in fragment shaders: the values a
  // geometry shader wrote (the SPIR-V built-ins need the device's geometry
  // shaders).
  if (screen.get_cap(pipe::Cap::GeometryShader)) out.emplace_back("GL_ARB_fragment_layer_viewport");
  // MIRROR_CLAMP_TO_EDGE wraps (GL 4.4) where the device samples with
  // Vulkan's samplerMirrorClampToEdge.
  if (screen.get_cap(pipe::Cap::SamplerMirrorClampToEdge)) out.emplace_back("GL_ARB_texture_mirror_clamp_to_edge");
  // STENCIL_INDEX8 textures (GL 4.4): OES_texture_stencil8's device
  // condition and code.
  if (features.texture_stencil8) out.emplace_back("GL_ARB_texture_stencil8");
  // UNSIGNED_INT_10F_11F_11F_REV vertex arrays (GL 4.4): fetched as
  // B10G11R11_UFLOAT where the device can, else unpacked on the CPU.
  out.emplace_back("GL_ARB_vertex_type_10f_11f_11f_rev");
  // glClipControl (GL 4.5): EXT_clip_control's state and device condition
  // (context.cpp gives desktop contexts that feature at every version).
  if (screen.get_cap(pipe::Cap::DepthClipControl)) out.emplace_back("GL_ARB_clip_control");
  // Context loss and bounded queries (robustness.cpp) under their desktop
  // names: glGetGraphicsResetStatus, glReadnPixels, glGetnUniform*v.
  out.emplace_back("GL_KHR_robustness");
  // ES 3.1's features missing from GL 4.4 (GL 4.5): #version 310 es shaders
  // (Context::glsl_es_version), glMemoryBarrierByRegion, the GLSL 4.50
  // built-ins ESSL 3.10 has (desktop_glsl_rewrites.h), and storage blocks
  // of at least 2^27 bytes.
  if (screen.get_cap(pipe::Cap::MaxShaderBufferSize) >= (int64_t{1} << 27))
    out.emplace_back("GL_ARB_ES3_1_compatibility");
  // Sampling what the draw renders into (glTextureBarrier): such draws
  // sample a copy made just before them (texture_feedback.h).
  out.emplace_back("GL_ARB_texture_barrier");
  // min3/max3/mid3 in every desktop GLSL version, in terms of min and max
  // (compiler/trinary_minmax.h); GL 2.0's non-power-of-two textures under
  // their ARB name (core everywhere Brass runs).
  out.emplace_back("GL_AMD_shader_trinary_minmax");
  out.emplace_back("GL_ARB_texture_non_power_of_two");
  // GL 3.2's provoking vertex under its EXT name (glProvokingVertexEXT
  // aliases glProvokingVertex), in core contexts too as ARB_provoking_vertex.
  out.emplace_back("GL_EXT_provoking_vertex");
  // Explicit-LOD lookups in fragment shaders and the *GradARB gradient
  // lookups in every stage (texture2DLod, texture2DGradARB, ...: glslang's,
  // at every desktop GLSL version; compiler.cpp lists the extension).
  out.emplace_back("GL_ARB_shader_texture_lod");
  // The context-creation extensions' GL side: CONTEXT_RELEASE_BEHAVIOR
  // (always FLUSH: EGL and GLX flush a context they release) and
  // CONTEXT_FLAG_NO_ERROR_BIT (GLX_ARB_create_context_no_error; such a
  // context records no usage errors, Context::set_error).
  out.emplace_back("GL_KHR_context_flush_control");
  out.emplace_back("GL_KHR_no_error");
  // Layout qualifiers of GL 4.4 (glslang's; 1.40 sources are compiled as
  // 1.50, desktop_glsl_rewrites.h): component, offset and align, constant
  // expressions in layouts, and the xfb_* qualifiers.
  out.emplace_back("GL_ARB_enhanced_layouts");
  // The pipeline statistics queries (GL 4.6): Vulkan's pipeline statistics,
  // compute dispatches included (driver/query/query_tracker.h).
  if (screen.get_cap(pipe::Cap::PipelineStatisticsQuery)) out.emplace_back("GL_ARB_pipeline_statistics_query");
  // gl_BaseVertex, gl_BaseInstance and gl_DrawID (GL 4.6): Vulkan's draw
  // parameters, gl_BaseVertex 0 in non-indexed draws (a variant) and
  // gl_DrawID numbered by the device's multi-draw indirect, which the
  // frontend's multi-draw loops use too (compiler/draw_parameters.h).
  if (screen.get_cap(pipe::Cap::MaxDrawIndirectCount) > 1)
    out.emplace_back("GL_ARB_shader_draw_parameters");
  // GL 4.6's shader votes (anyInvocation, allInvocations,
  // allInvocationsEqual) on every device: subgroup votes in the stages the
  // device votes in, sets of one invocation elsewhere, as the extension
  // allows (compiler/subgroup_vote.h); GLSL below 4.30 is compiled as 4.30.
  out.emplace_back("GL_ARB_shader_group_vote");
  // SPIR-V shaders: translated to GLSL and compiled as such
  // (compiler/spirv_to_glsl.h), with the SPIR-V extensions that
  // gl/spirv_extensions.h lists.
  out.emplace_back("GL_ARB_gl_spirv");
  out.emplace_back("GL_ARB_spirv_extensions");
  // The atomic counter operations of GL 4.6 (add ... compSwap): buffer
  // atomics, like the other counter functions, where counters exist
  // (compiler/gl46_function_versions.h).
  if (std::find(out.begin(), out.end(), "GL_ARB_shader_atomic_counters") != out.end())
    out.emplace_back("GL_ARB_shader_atomic_counter_ops");
  std::sort(out.begin(), out.end());
  return out;
}

void add_desktop_version_extensions(const pipe::Screen& screen, int version, std::vector<std::string>* extensions) {
  const size_t before = extensions->size();
  // 64-bit integer shaders and uniforms (glUniform*i64ARB, glGetUniformi64vARB,
  // api_uniforms.cpp; std140/std430 int64 members are glslang's layout).
  // The extension requires GL 4.0, and its conversions to and from double
  // (doubleBitsToInt64, int64_t(double)) need shaderFloat64 too.
  if (version >= 40 && screen.get_cap(pipe::Cap::ShaderInt64) && screen.get_cap(pipe::Cap::ShaderFloat64))
    extensions->emplace_back("GL_ARB_gpu_shader_int64");
  if (extensions->size() != before) std::sort(extensions->begin(), extensions->end());
}

}  // namespace brass::gl
