#include "gl/context.h"

#include <algorithm>
#include <atomic>
#include <new>
#include <string>

#include "compiler/compiler.h"
#include "gl/compat/pixel_extensions.h"
#include "gl/desktop_versions.h"
#include "gl/extensions.h"
#include "gl_functions.h"
#include "threaded/wrap.h"
#include "util/log.h"
#include "util/options.h"

namespace brass::gl {

namespace {

thread_local Context* t_current = nullptr;

// One flag per generated function: log each missing one once per process.
std::atomic<bool> g_unimplemented_logged[kFunctionCount];

GLint cap(pipe::Screen& s, pipe::Cap c, GLint lo, GLint hi) {
  return static_cast<GLint>(std::clamp<int64_t>(s.get_cap(c), lo, hi));
}

void fill_limits(pipe::Screen& s, Limits& l) {
  l.max_texture_size = cap(s, pipe::Cap::MaxTextureSize2D, 2048, 16384);
  l.max_cube_map_texture_size = l.max_texture_size;
  l.max_renderbuffer_size = l.max_texture_size;
  l.max_3d_texture_size = cap(s, pipe::Cap::MaxTextureSize3D, 256, 2048);
  l.max_array_texture_layers = cap(s, pipe::Cap::MaxTextureArrayLayers, 256, 2048);
  l.max_viewport_dims[0] = l.max_viewport_dims[1] = l.max_texture_size;
  l.max_vertex_attribs = cap(s, pipe::Cap::MaxVertexAttributes, 16, kMaxVertexAttribs);
  l.max_draw_buffers = l.max_color_attachments = cap(s, pipe::Cap::MaxColorBuffers, 4, kMaxColorAttachments);
  l.max_samples = cap(s, pipe::Cap::MaxSamples, 4, 16);
  // What every format of the kind offers (a format may offer more), at most
  // MAX_SAMPLES like renderbuffers (Brass lists counts up to 16); at least
  // 1, which ES 3.1 allows for a device without multisample sampling.
  l.max_color_texture_samples = std::min(cap(s, pipe::Cap::MaxColorTextureSamples, 1, 16), l.max_samples);
  l.max_depth_texture_samples = std::min(cap(s, pipe::Cap::MaxDepthTextureSamples, 1, 16), l.max_samples);
  l.max_integer_samples = std::min(cap(s, pipe::Cap::MaxIntegerSamples, 1, 16), l.max_samples);
  // One 32-bit word covers every count up to MAX_SAMPLES (16).
  l.max_sample_mask_words = cap(s, pipe::Cap::MaxSampleMaskWords, 1, static_cast<GLint>(kMaxSampleMaskWords));
  l.uniform_buffer_offset_alignment = cap(s, pipe::Cap::ConstantBufferOffsetAlignment, 1, 256);
  l.shader_storage_buffer_offset_alignment = cap(s, pipe::Cap::ShaderBufferOffsetAlignment, 1, 256);
  l.texture_buffer_offset_alignment = cap(s, pipe::Cap::TexelBufferOffsetAlignment, 1, 256);
  l.max_texture_buffer_size = cap(s, pipe::Cap::MaxTexelBufferElements, 65536, 1 << 27);
  l.max_uniform_block_size = cap(s, pipe::Cap::MaxUniformBlockSize, 16384, 65536);
  l.max_point_size = cap(s, pipe::Cap::MaxPointSize, 1, 8192);
  // ES 3.0 needs 15 vectors; 32 is GLSL's location space for varyings. The
  // vertex shader's gl_Position and gl_PointSize (5 components) count
  // against the same Vulkan output limit (the validation layer counts them),
  // so they are kept out of what GL offers the application.
  l.max_varying_vectors = std::max(15, (cap(s, pipe::Cap::MaxVaryingComponents, 60, 128) - 5) / 4);
  l.max_line_width = cap(s, pipe::Cap::MaxLineWidth, 1, 8192);
  // Vulkan's own minimums meet ES 3.1's; GLint bounds the rest.
  const pipe::Cap counts[] = {pipe::Cap::MaxComputeWorkGroupCountX, pipe::Cap::MaxComputeWorkGroupCountY,
                              pipe::Cap::MaxComputeWorkGroupCountZ};
  const pipe::Cap sizes[] = {pipe::Cap::MaxComputeWorkGroupSizeX, pipe::Cap::MaxComputeWorkGroupSizeY,
                             pipe::Cap::MaxComputeWorkGroupSizeZ};
  for (int i = 0; i < 3; ++i) {
    l.max_compute_work_group_count[i] = cap(s, counts[i], 65535, 0x7fffffff);
    l.max_compute_work_group_size[i] = cap(s, sizes[i], i == 2 ? 64 : 128, 0x7fffffff);
  }
  l.max_compute_work_group_invocations = cap(s, pipe::Cap::MaxComputeWorkGroupInvocations, 128, 0x7fffffff);
  l.max_compute_shared_memory_size = cap(s, pipe::Cap::MaxComputeSharedMemory, 16384, 0x7fffffff);
  // What one storage-buffer descriptor may address (ES 3.1 asks for 2^27;
  // Vulkan guarantees 2^27 too).
  l.max_shader_storage_block_size = s.get_cap(pipe::Cap::MaxShaderBufferSize);
  l.vertex_stores = s.get_cap(pipe::Cap::VertexShaderStores) != 0;
  l.max_framebuffer_width = cap(s, pipe::Cap::MaxFramebufferWidth, 2048, 0x7fffffff);
  l.max_framebuffer_height = cap(s, pipe::Cap::MaxFramebufferHeight, 2048, 0x7fffffff);
  l.max_framebuffer_samples = cap(s, pipe::Cap::MaxFramebufferNoAttachmentSamples, 1, 64);
  l.fragment_stores = s.get_cap(pipe::Cap::FragmentShaderStores) != 0;
  l.advanced_blend_coherent = s.get_cap(pipe::Cap::AdvancedBlendCoherent) != 0;
  // Images: as many per stage as the device binds (Vulkan guarantees the ES
  // minimum of 4) up to the pipe's slots. Units, the compute stage and whole
  // programs get the same number, so no program can bind more images than
  // one stage's slots; vertex and fragment shaders only where the device
  // lets them store (ES allows 0 there).
  // Storage blocks and atomic counter buffers share a stage's storage-buffer
  // descriptors (Vulkan guarantees 4; lavapipe has 32): a third for counter
  // buffers, the rest for blocks, each up to its binding points.
  const GLint shader_buffers = cap(s, pipe::Cap::MaxShaderBuffers, 4, static_cast<GLint>(pipe::kMaxShaderBuffers));
  l.max_atomic_counter_buffers =
      std::clamp<GLint>(shader_buffers / 3, 1, static_cast<GLint>(kMaxAtomicCounterBufferBindings));
  l.max_shader_storage_blocks = std::min<GLint>(shader_buffers - l.max_atomic_counter_buffers,
                                                static_cast<GLint>(kMaxShaderStorageBufferBindings));
  const GLint images = cap(s, pipe::Cap::MaxShaderImages, 4, static_cast<GLint>(kMaxImageUnits));
  l.max_image_units = l.max_compute_image_uniforms = l.max_combined_image_uniforms = images;
  l.max_vertex_image_uniforms = l.vertex_stores ? images : 0;
  l.max_fragment_image_uniforms = l.fragment_stores ? images : 0;
  // Geometry shaders: the device's limits, which Vulkan's own minimums
  // bring up to ES 3.2's where it has the stage (64 input and output
  // components, 256 vertices, 1024 total components, 32 invocations);
  // the output components stay within what GLSL's location space and the
  // compiler's resources take (128).
  if (s.get_cap(pipe::Cap::GeometryShader)) {
    l.max_geometry_input_components = cap(s, pipe::Cap::MaxGeometryInputComponents, 64, 128);
    l.max_geometry_output_components = cap(s, pipe::Cap::MaxGeometryOutputComponents, 64, 128);
    l.max_geometry_output_vertices = cap(s, pipe::Cap::MaxGeometryOutputVertices, 256, 1024);
    l.max_geometry_total_output_components = cap(s, pipe::Cap::MaxGeometryTotalOutputComponents, 1024, 0x7fffffff);
    l.max_geometry_shader_invocations = cap(s, pipe::Cap::MaxGeometryShaderInvocations, 32, 0x7fffffff);
    l.max_vertex_streams = cap(s, pipe::Cap::MaxVertexStreams, 1, 4);
  }
  l.max_framebuffer_layers = cap(s, pipe::Cap::MaxFramebufferLayers, 256, l.max_array_texture_layers);
  // interpolateAtOffset: the device's range and precision, at least ES
  // 3.2's. Vulkan may stop at 0.5 - 2^-bits, where GL names 0.5: that
  // offset reaches the pixel's edge, which rounding to the device's
  // sub-pixel grid lands on or next to.
  l.min_fragment_interpolation_offset =
      std::min(-0.5f, static_cast<GLfloat>(s.get_cap(pipe::Cap::MinInterpolationOffset)) / 65536.0f);
  l.max_fragment_interpolation_offset =
      std::max(0.5f, static_cast<GLfloat>(s.get_cap(pipe::Cap::MaxInterpolationOffset)) / 65536.0f);
  l.fragment_interpolation_offset_bits = cap(s, pipe::Cap::InterpolationOffsetBits, 4, 32);
  // Tessellation: the device's limits, which Vulkan's minimums bring up to
  // ES 3.2's where it has the stages (32 patch vertices, level 64, 64
  // components in and out per vertex, 120 per patch, 2048 in all); the
  // per-vertex components stay within GLSL's location space (128) and a
  // patch's vertices within the pipe's 8 bits.
  if (s.get_cap(pipe::Cap::TessellationShader)) {
    l.max_patch_vertices = cap(s, pipe::Cap::MaxPatchVertices, 32, 255);
    l.max_tess_gen_level = cap(s, pipe::Cap::MaxTessGenLevel, 64, 0x7fffffff);
    l.max_tess_control_input_components = cap(s, pipe::Cap::MaxTessControlInputComponents, 64, 128);
    l.max_tess_control_output_components = cap(s, pipe::Cap::MaxTessControlOutputComponents, 64, 128);
    l.max_tess_patch_components = cap(s, pipe::Cap::MaxTessPatchComponents, 120, 120);
    l.max_tess_control_total_output_components =
        cap(s, pipe::Cap::MaxTessControlTotalOutputComponents, 2048, 0x7fffffff);
    l.max_tess_evaluation_input_components = cap(s, pipe::Cap::MaxTessEvaluationInputComponents, 64, 128);
    l.max_tess_evaluation_output_components = cap(s, pipe::Cap::MaxTessEvaluationOutputComponents, 64, 128);
  }
}

}  // namespace

Context* current_context() { return t_current; }

int Context::provided_version(const pipe::Screen& screen) {
  if (const int override_version = options().gles_version_override) {
    // 3.2 only where the device has all of it: the override cannot make
    // ES 3.2 true where it is not.
    return override_version == 32 && !es32_available(screen) ? 31 : override_version;
  }
  return es32_available(screen) ? 32 : 31;
}

bool Context::es32_available(const pipe::Screen& screen) {
  return es32_complete(supported_extensions(screen, format_features_for(screen), true));
}
int Context::provided_desktop_version(const pipe::Screen& screen) {
  if (options().no_desktop_gl) return 0;
  if (options().gl_version_override) return options().gl_version_override;
  const std::vector<std::string> extensions = supported_desktop_extensions(screen, format_features_for(screen));
  const int offered = desktop_offered_version(kDesktopCommandsCompleteVersion, extensions);
  static std::atomic<bool> logged{false};
  if (offered < 46 && !logged.exchange(true)) {
    // What the next version lacks, for whoever wonders why it is not offered.
    const int next = offered == 0 ? 32 : offered == 33 ? 40 : offered + 1;
    std::string lacks;
    for (const std::string& name : desktop_version_missing(extensions, next)) lacks += " " + name;
    if (kDesktopCommandsCompleteVersion < next) lacks += " (and commands: all are there only to GL " +
                                                      std::to_string(kDesktopCommandsCompleteVersion / 10) + "." +
                                                      std::to_string(kDesktopCommandsCompleteVersion % 10) + ")";
    BRASS_INFO("desktop GL %d.%d offered; %d.%d lacks%s", offered / 10, offered % 10, next / 10, next % 10,
               lacks.c_str());
  }
  return offered;
}

int Context::provided_compat_version(const pipe::Screen& screen) {
  const int core = provided_desktop_version(screen);
  if (core == 0) return 0;
  if (options().gl_compat_override) return core;
  // GL 3.0's legacy commands are the least a compatibility profile needs
  // (3.1 contexts list GL_ARB_compatibility with them).
  if (kCompatCommandsCompleteVersion < 30) return 0;
  return std::min(core, kCompatCommandsCompleteVersion);
}

bool Context::desktop_possible() {
  if (options().no_desktop_gl) return false;
  return options().gl_version_override != 0 || kDesktopCommandsCompleteVersion >= 32;
}

int Context::glsl_es_version() const {
  if (!desktop()) return version() >= 32 ? 320 : es31() ? 310 : 300;
  // GLSL ES versions are desktop GL 4.1's (1.00), 4.3's (3.00) and 4.5's
  // (3.10), and ARB_ES2/ES3/ES3_1_compatibility's below them.
  if (version() >= 45 || has_extension("GL_ARB_ES3_1_compatibility")) return 310;
  if (version() >= 43 || has_extension("GL_ARB_ES3_compatibility")) return 300;
  return version() >= 41 || has_extension("GL_ARB_ES2_compatibility") ? 100 : 0;
}

int Context::glsl_version() const {
  if (!desktop()) return 0;
  if (version() == 31) return 140;
  if (version() == 32) return 150;
  return version() == 33 ? 330 : 400 + 10 * minor_;
}

void set_current_context(Context* ctx) { t_current = ctx; }

std::unique_ptr<Context> Context::create(const ContextDesc& desc, Context* share) {
  if (!desc.screen) return nullptr;
  std::unique_ptr<Context> ctx(new (std::nothrow) Context());
  if (!ctx) return nullptr;
  ctx->desc_ = desc;
  ctx->debug.output_enabled = desc.debug;  // DEBUG_OUTPUT starts on only in debug contexts
  const bool compat = desc.api == ContextApi::GLCore && desc.compatibility;
  int version = compat                              ? provided_compat_version(*desc.screen)
                : desc.api == ContextApi::GLCore ? provided_desktop_version(*desc.screen)
                                                  : provided_version(*desc.screen);
  if (version == 0) return nullptr;  // desktop GL (or its compatibility profile) is not offered
  if (desc.api == ContextApi::GLCore && desc.desktop_3_1 && !compat) version = 31;
  ctx->compatibility_ = compat;
  ctx->major_ = version / 10;
  ctx->minor_ = version % 10;
  if (share) {
    if (share->desc_.screen != desc.screen) return nullptr;  // share groups stay on one device
    ctx->share_group_ = share->share_group_;
  } else {
    ctx->share_group_ = Ref<ShareGroup>::adopt(new (std::nothrow) ShareGroup(desc.screen));
    if (!ctx->share_group_) return nullptr;
  }
  pipe::Status status = pipe::Status::Ok;
  pipe::ContextOptions options;
  options.robust_buffer_access = desc.robust_access;
  ctx->pipe_ = desc.screen->context_create(options, &status);
  if (!ctx->pipe_) {
    BRASS_WARN("cannot create a pipe context: %s", pipe::to_string(status));
    return nullptr;
  }
  // BRASS_THREAD: the pipe calls run on a driver thread of this context.
  ctx->pipe_ = threaded::wrap_if_enabled(std::move(ctx->pipe_));
  fill_limits(*desc.screen, ctx->limits);
  ctx->compat_state.point.size_max = static_cast<float>(ctx->limits.max_point_size);
  ctx->default_vertex_array = make_ref<VertexArray>(0);
  bind(ctx->vertex_array, ctx->default_vertex_array.get());
  ctx->default_transform_feedback = make_ref<TransformFeedback>(0);
  bind(ctx->transform_feedback, ctx->default_transform_feedback.get());

  ctx->renderer_ = desc.device_name.empty() ? "Brass" : "Brass (" + desc.device_name + ")";
  // ES: "OpenGL ES N.M <vendor>"; desktop: "N.M <vendor>" (GL 4.6 §22.2),
  // with the profile as other core-profile drivers put it.
  const std::string number = std::to_string(ctx->major_) + "." + std::to_string(ctx->minor_);
  // OpenGL 3.1 has no profiles: its string names none.
  const char* profile = ctx->version() < 32 ? "" : compat ? " (Compatibility Profile)" : " (Core Profile)";
  ctx->version_ = ctx->desktop() ? number + profile + " Brass " BRASS_VERSION_STRING
                                 : "OpenGL ES " + number + " Brass " BRASS_VERSION_STRING;
  if (ctx->desktop()) {
    const int glsl = ctx->glsl_version();
    ctx->glsl_version_string_ = std::to_string(glsl / 100) + "." + (glsl % 100 < 10 ? "0" : "") +
                                std::to_string(glsl % 100);
  } else {
    ctx->glsl_version_string_ = ctx->version() >= 32 ? "OpenGL ES GLSL ES 3.20"
                                : ctx->es31()          ? "OpenGL ES GLSL ES 3.10"
                                                       : "OpenGL ES GLSL ES 3.00";
  }
  ctx->format_features = format_features_for(*desc.screen);
  if (ctx->desktop()) {
    // Desktop format rules (unsized client formats, BGRA as a client format
    // only, desktop ReadPixels/GetTexImage pairs) with what the device can do.
    ctx->format_features.api = pixel::ApiKind::Desktop;
    ctx->format_features.bgra8888 = false;
    // The legacy internal formats (luminance/intensity/alpha sizes, ...).
    ctx->format_features.compatibility = compat;
  }
  ctx->extensions_ = ctx->desktop() ? supported_desktop_extensions(*desc.screen, ctx->format_features)
                                    : supported_extensions(*desc.screen, ctx->format_features, ctx->es31());
  if (ctx->desktop()) add_desktop_version_extensions(*desc.screen, ctx->version(), &ctx->extensions_);
  // GL 3.1+ compatibility contexts name the legacy functionality they keep.
  if (compat && ctx->version() >= 31) ctx->extensions_.emplace_back("GL_ARB_compatibility");
  if (compat) compat::add_pixel_extensions(&ctx->extensions_);
  if (compat) add_compatibility_extensions(*desc.screen, &ctx->extensions_);
  // Robust buffer access behaviour is what a robust context has (the pipe
  // context made its programs' accesses bounds-checked); other contexts
  // make no promise about out-of-bounds reads, so only robust ones list it.
  // Desktop GL has the robustness queries it refers to from 4.5.
  if (desc.robust_access && !ctx->desktop()) ctx->extensions_.emplace_back("GL_KHR_robust_buffer_access_behavior");
  // (ARB_robust_buffer_access_behavior is in every desktop list where the
  // device can: supported_desktop_extensions.)
  if (desc.robust_access && ctx->desktop() && ctx->version() >= 45)
    ctx->extensions_.emplace_back("GL_KHR_robust_buffer_access_behavior");
  if (!ctx->desktop()) {
    // Format rules of ES 3.1 extensions an ES 3.0 context does not list.
    pixel::FormatFeatures& f = ctx->format_features;
    f.texture_norm16 = f.texture_norm16 && ctx->has_extension("GL_EXT_texture_norm16");
    f.render_snorm = f.render_snorm && ctx->has_extension("GL_EXT_render_snorm");
    f.texture_stencil8 = f.texture_stencil8 && ctx->has_extension("GL_OES_texture_stencil8");
  }
  if (ctx->desktop()) {
    // ES extensions whose functionality desktop core has, from this version
    // (clip distances and their enables are GL 3.0's, cull distances 4.5's;
    // GLSL gates gl_CullDistance by version).
    static constexpr std::pair<const char*, int> kCoreIn[] = {
        {"GL_EXT_clip_cull_distance", 32},       {"GL_EXT_blend_func_extended", 33},
        // Per-buffer blending and sample shading: GL 4.0's, and from 3.0 on
        // as ARB_draw_buffers_blend / ARB_sample_shading where listed.
        {"GL_EXT_draw_buffers_indexed", 30},     {"GL_EXT_separate_shader_objects", 41},
        {"GL_OES_sample_shading", 30},           {"GL_OES_sample_variables", 30},
        // interpolateAt*'s offset limits: GL 4.0's, ARB_gpu_shader5's below.
        {"GL_OES_shader_multisample_interpolation", 30},
        // Polygon offset clamp is GL 4.6's, and ARB_polygon_offset_clamp's
        // below (listed in every desktop context the device can clamp in);
        // clip control GL 4.5's and ARB_clip_control's likewise.
        {"GL_EXT_clip_control", 30},             {"GL_EXT_polygon_offset_clamp", 32},
        {"GL_EXT_texture_border_clamp", 30},
        // ARB_buffer_storage and ARB_clear_texture are listed at every version.
        {"GL_EXT_buffer_storage", 30},           {"GL_EXT_clear_texture", 30},
    };
    // The ES 3.1 list: desktop contexts have ES 3.1's functionality (es31()).
    const std::vector<std::string> es = supported_extensions(*desc.screen, ctx->format_features, true);
    for (auto [name, since] : kCoreIn)
      if (ctx->version() >= since && std::find(es.begin(), es.end(), name) != es.end())
        ctx->core_features_.emplace_back(name);
  }
  ctx->separate_shader_objects_ = ctx->es31() || ctx->has_feature("GL_EXT_separate_shader_objects");
  // Geometry shaders: EXT/OES_geometry_shader in ES 3.1 contexts; core in
  // desktop GL 3.2, on the same device conditions.
  if (ctx->desktop()) {
    pipe::Screen& screen = *desc.screen;
    ctx->geometry_shaders_ = ctx->version() >= 32 && screen.get_cap(pipe::Cap::GeometryShader) &&
                             screen.get_cap(pipe::Cap::PrimitivesGeneratedQuery);
  } else {
    ctx->geometry_shaders_ = ctx->has_extension("GL_EXT_geometry_shader");
  }
  // ES 3.1 raises the combined texture units to 48 (vertex, fragment and
  // compute, 16 each), geometry shaders to 64 (dEQP-GLES31's minimum with
  // EXT_geometry_shader; four stages of 16).
  if (ctx->es31() || ctx->desktop()) ctx->limits.max_combined_texture_image_units = 48;
  if (ctx->geometry_shaders_) ctx->limits.max_combined_texture_image_units = 64;
  // EXT_tessellation_shader raises them to 96 (dEQP-GLES31's minimum with it;
  // 16 for each of six stages).
  // Core in desktop GL 4.0, ARB_tessellation_shader below (listed on the
  // ES extension's device conditions, extensions.cpp).
  if (ctx->desktop()) {
    ctx->tessellation_shaders_ = ctx->has_extension("GL_ARB_tessellation_shader");
  } else {
    ctx->tessellation_shaders_ = ctx->has_extension("GL_EXT_tessellation_shader");
  }
  if (ctx->tessellation_shaders_) ctx->limits.max_combined_texture_image_units = 96;
  // Uniform-buffer binding points and the uniform blocks one program may
  // use, at the minimums of ES 3.1 (36 / 24), of EXT_geometry_shader
  // (48 / 36), of EXT_tessellation_shader and ES 3.2 (72 / 60) and of
  // desktop GL 3.2 (36 / 36). Set 1 holds a program's blocks as plain
  // uniform-buffer descriptors: at most 12 per stage, as before.
  if (ctx->es31() || ctx->desktop()) ctx->limits.max_uniform_buffer_bindings = 36;
  if (ctx->desktop()) ctx->limits.max_combined_uniform_blocks = 36;
  if (ctx->geometry_shaders_ && !ctx->desktop()) {
    ctx->limits.max_uniform_buffer_bindings = 48;
    ctx->limits.max_combined_uniform_blocks = 36;
  }
  if (ctx->desktop() && ctx->version() >= 43) ctx->limits.varying_interpolation_must_match = false;
  if (ctx->tessellation_shaders_) {
    ctx->limits.max_uniform_buffer_bindings = 72;
    ctx->limits.max_combined_uniform_blocks = 60;
  }
  for (ImageUnit& u : ctx->image_units) u = initial_image_unit(*ctx);
  // Desktop GL has them from 3.2 (ARB_texture_multisample).
  ctx->multisample_2d_array_ = ctx->desktop() || ctx->has_extension("GL_OES_texture_storage_multisample_2d_array");
  // Buffer textures are core in desktop GL 3.1 (listed as
  // ARB_texture_buffer_object where the device has every format).
  ctx->texture_buffers_ = ctx->has_extension(ctx->desktop() ? "GL_ARB_texture_buffer_object" : "GL_EXT_texture_buffer");
  ctx->cube_map_arrays_ =
      ctx->has_extension(ctx->desktop() ? "GL_ARB_texture_cube_map_array" : "GL_EXT_texture_cube_map_array");
  for (const std::string& e : compiler::context_dependent_extensions())
    if (!ctx->has_extension(e)) ctx->unexposed_glsl_extensions_.push_back(e);
  // Desktop GLSL extensions in ES contexts are never exposed (the
  // compiler's own ones, as ARB_ES3_1_compatibility, would else have their
  // macro defined).
  for (const std::string& e : compiler::desktop_glsl_extensions())
    if (!ctx->desktop() || !ctx->has_extension(e)) ctx->unexposed_glsl_extensions_.push_back(e);
  // The eight clip and cull distances (MAX_COMBINED_CLIP_AND_CULL_DISTANCES)
  // count against the same Vulkan output limit as the varyings (the
  // validation layer counts them). Where the context has them, the varying
  // limit leaves their room, so that a program using every varying and every
  // distance — a compatibility vertex shader clipping against the client
  // planes gets eight from the upgrader — stays within the device's.
  if (ctx->has_feature("GL_EXT_clip_cull_distance"))
    ctx->limits.max_varying_vectors =
        std::max(15, (cap(*desc.screen, pipe::Cap::MaxVaryingComponents, 60, 128) - 5 - 8) / 4);
  for (size_t i = 0; i < ctx->extensions_.size(); ++i) {
    if (i) ctx->extensions_string_ += ' ';
    ctx->extensions_string_ += ctx->extensions_[i];
  }
  return ctx;
}

Context::~Context() {
  if (t_current == this) t_current = nullptr;
  if (pipe_) {
    release_validation_state(*this);
    release_transform_feedback_objects(*this);
    release_query_objects(*this);
    // Finish what was recorded so objects shared with other contexts are not
    // left referenced by a batch nobody will submit, and wait for it: a
    // context destroyed during process exit (EGL teardown) must not leave
    // work running in a software driver whose LLVM is being torn down.
    // Out of memory for the flush or its fence (std::bad_alloc must not
    // leave a destructor), the pipe context's own destructor submits what
    // it can and waits for its ring.
    try {
      Ref<pipe::Fence> fence;
      pipe_->flush(&fence, 0);
      if (fence) desc_.screen->fence_finish(fence.get(), UINT64_MAX);
    } catch (const std::bad_alloc&) {
    }
  }
}

bool Context::has_extension(std::string_view name) const {
  return std::find(extensions_.begin(), extensions_.end(), name) != extensions_.end();
}

bool Context::has_feature(std::string_view es_extension) const {
  if (!desktop()) return has_extension(es_extension);
  return std::find(core_features_.begin(), core_features_.end(), es_extension) != core_features_.end();
}

void Context::unimplemented(int function_index, const char* name) {
  set_error(GL_INVALID_OPERATION);
  if (function_index >= 0 && static_cast<size_t>(function_index) < kFunctionCount &&
      !g_unimplemented_logged[function_index].exchange(true, std::memory_order_relaxed)) {
    BRASS_WARN("%s is not implemented yet (GL_INVALID_OPERATION)", name);
  }
}

void Context::api_unavailable(const char* name) {
  set_error(GL_INVALID_OPERATION);
  BRASS_WARN_ONCE("%s does not exist in this context's API or profile (GL_INVALID_OPERATION)", name);
}

void Context::pipe_failed(pipe::Status status) {
  switch (status) {
    case pipe::Status::Ok: return;
    case pipe::Status::OutOfMemory: set_error(GL_OUT_OF_MEMORY); return;
    // A lost device loses the context: from now on commands do nothing
    // (robustness.cpp), and this one reports it as they will.
    case pipe::Status::DeviceLost:
      if (lost_) return;  // reported already (the status stays DeviceLost)
      lost_ = true;
      lost_command();
      return;
    case pipe::Status::Unsupported:
    case pipe::Status::InvalidArgument: set_error(GL_INVALID_OPERATION); return;
  }
}

void Context::bind_drawables(const Drawable* draw, const Drawable* read) {
  has_draw_ = draw != nullptr;
  has_read_ = read != nullptr;
  draw_ = draw ? *draw : Drawable{};
  read_ = read ? *read : Drawable{};
  if (draw && !ever_bound_draw_) {
    ever_bound_draw_ = true;
    reset_viewports_to_drawable(*this, draw->width, draw->height);
  }
  dirty(kDirtyFramebuffer);
}

void* get_proc_address(const char* name) {
  if (!name) return nullptr;
  const FunctionInfo* f = find_function(name);
  return f ? reinterpret_cast<void*>(f->proc) : nullptr;
}

}  // namespace brass::gl
