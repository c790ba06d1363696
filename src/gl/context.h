// The GL context: per-context state, the GL error rule (the first error sticks
// until glGetError reads it), object bindings, the share group, the pipe
// context it records into, and the calling thread's current context. Knows
// nothing about EGL; EGL drives it through this header.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "gl/buffer.h"
#include "gl/compat/fixed_function_pipeline.h"
#include "gl/compat/fixed_state.h"
#include "gl/compat/legacy_state.h"
#include "gl/compat/pixel_state.h"
#include "gl/compat/vertex_spec_state.h"
#include "gl/debug_output.h"
#include "gl/draw_validation.h"
#include "gl/fixed_function.h"
#include "gl/framebuffer.h"
#include "gl/gl_types.h"
#include "gl/image.h"
#include "gl/pixel/format_table.h"
#include "gl/program.h"
#include "gl/program_pipeline.h"
#include "gl/query.h"
#include "gl/share_group.h"
#include "gl/subroutines.h"
#include "gl/texture.h"
#include "gl/vertex_array.h"
#include "pipe/context.h"
#include "pipe/screen.h"

namespace brass::gl {

// Which API a context implements: OpenGL ES, or desktop OpenGL (its core
// profile, or with ContextDesc::compatibility its compatibility profile).
enum class ContextApi : uint8_t { GLES, GLCore };

// What the window system asks for when it creates a context.
struct ContextDesc {
  ContextApi api = ContextApi::GLES;
  int major = 3, minor = 0;        // requested version (the context may be higher)
  bool forward_compatible = false;  // desktop only: GL_CONTEXT_FLAG_FORWARD_COMPATIBLE_BIT
  bool debug = false;
  bool robust_access = false;
  bool lose_context_on_reset = false;
  // Desktop only: OpenGL 3.1 without GL_ARB_compatibility instead of the
  // provided core version, for the window system's legacy requests (GLX's
  // glXCreateContext, or a version below 3.2; docs/glx.md). Ignored when no
  // desktop version is provided.
  bool desktop_3_1 = false;
  // Desktop only: the compatibility profile (the fixed-function pipeline and
  // every command the core profile removed; docs/compatibility.md), of the
  // version provided_compat_version gives. The window system asks for it
  // only when that is not 0.
  bool compatibility = false;
  // KHR_no_error's flag (GLX_ARB_create_context_no_error): CONTEXT_FLAGS
  // reports it and Context::set_error records no usage errors.
  bool no_error = false;
  std::string device_name;         // for GL_RENDERER: "Brass (<device_name>)"
  pipe::Screen* screen = nullptr;  // the device this context renders on
};

// Limits reported by glGet, from the screen's caps clamped to what the
// frontend supports.
struct Limits {
  GLint max_texture_size = 2048;
  GLint max_cube_map_texture_size = 2048;
  GLint max_3d_texture_size = 256;
  GLint max_array_texture_layers = 256;
  GLint max_renderbuffer_size = 2048;
  GLint max_viewport_dims[2] = {2048, 2048};
  GLint max_vertex_attribs = 16;
  GLint max_texture_image_units = 16;
  GLint max_vertex_texture_image_units = 16;
  GLint max_combined_texture_image_units = 32;
  GLint max_vertex_uniform_vectors = 256;
  GLint max_fragment_uniform_vectors = 224;
  GLint max_varying_vectors = 15;
  GLint max_draw_buffers = 4;
  GLint max_color_attachments = 4;
  GLint max_samples = 4;
  // ES 3.1 framebuffers without attachments (§9.2.1).
  GLint max_framebuffer_width = 2048, max_framebuffer_height = 2048, max_framebuffer_samples = 4;
  // ES 3.1 multisample textures (table 20.40 minimums): the highest sample
  // count of a texture the device can render and sample, per kind of format,
  // and the words of SAMPLE_MASK_VALUE.
  GLint max_color_texture_samples = 1, max_depth_texture_samples = 1, max_integer_samples = 1;
  GLint max_sample_mask_words = 1;
  GLint subpixel_bits = 4;
  GLint max_uniform_buffer_bindings = 24;
  GLint max_combined_uniform_blocks = 24;  // GL_MAX_COMBINED_UNIFORM_BLOCKS
  // Whether the stages of a program pipeline must agree on interpolation
  // qualifiers: ES and desktop GL before 4.3.
  bool varying_interpolation_must_match = true;
  GLint max_uniform_block_size = 16384;
  GLint uniform_buffer_offset_alignment = 256;
  GLint shader_storage_buffer_offset_alignment = 256;
  // ES 3.1 compute (table 20.45 minimums).
  GLint max_compute_work_group_count[3] = {65535, 65535, 65535};
  GLint max_compute_work_group_size[3] = {128, 128, 64};
  GLint max_compute_work_group_invocations = 128;
  GLint max_compute_shared_memory_size = 16384;
  GLint64 max_shader_storage_block_size = 1 << 27;
  // Storage blocks, atomic counters and images in vertex / fragment shaders
  // need the device's store features (ES 3.1 allows 0 for both stages).
  bool vertex_stores = false, fragment_stores = false;
  // Storage blocks and atomic counter buffers a stage (and a whole program)
  // may use: what the device's storage-buffer descriptors hold, two thirds
  // blocks and one third counter buffers, up to the binding points.
  GLint max_shader_storage_blocks = 8, max_atomic_counter_buffers = 4;
  // KHR_blend_equation_advanced by the device's blender, coherently
  // (pipe::Cap::AdvancedBlendCoherent); else the fragment shader blends.
  bool advanced_blend_coherent = false;
  // ES 3.1 images (table 20.48 minimums; vertex and fragment may be 0).
  GLint max_image_units = 4;
  GLint max_vertex_image_uniforms = 0;
  GLint max_fragment_image_uniforms = 0;
  GLint max_compute_image_uniforms = 4;
  GLint max_combined_image_uniforms = 4;
  GLint max_transform_feedback_separate_attribs = 4;
  // Vertex streams geometry shaders emit to and transform feedback captures
  // (ARB_transform_feedback3; pipe::Cap::MaxVertexStreams): 1 or up to 4.
  GLint max_vertex_streams = 1;
  // Geometry shaders (EXT/OES_geometry_shader, table 20.43 of ES 3.2 for
  // the minimums), from the device; 0 where it has none.
  GLint max_geometry_input_components = 0, max_geometry_output_components = 0;
  GLint max_geometry_output_vertices = 0, max_geometry_total_output_components = 0;
  GLint max_geometry_shader_invocations = 0;
  GLint max_framebuffer_layers = 256;  // layered attachments (glFramebufferTexture)
  // Tessellation shaders (EXT/OES_tessellation_shader, ES 3.2 table 20.43
  // for the minimums), from the device; 0 where it has none.
  GLint max_patch_vertices = 0, max_tess_gen_level = 0;
  GLint max_tess_control_input_components = 0, max_tess_control_output_components = 0;
  GLint max_tess_patch_components = 0, max_tess_control_total_output_components = 0;
  GLint max_tess_evaluation_input_components = 0, max_tess_evaluation_output_components = 0;
  // Texture buffers (EXT/OES_texture_buffer): texels one may address
  // (ES 3.2 minimum 65536) and the alignment of glTexBufferRange offsets,
  // from the device.
  GLint max_texture_buffer_size = 65536, texture_buffer_offset_alignment = 256;
  // OES_shader_multisample_interpolation (ES 3.2 table 21.41 minimums:
  // offsets -0.5 and 0.5, 4 bits).
  GLfloat min_fragment_interpolation_offset = -0.5f, max_fragment_interpolation_offset = 0.5f;
  GLint fragment_interpolation_offset_bits = 4;
  GLint max_point_size = 1;  // ALIASED_POINT_SIZE_RANGE's upper end
  GLint max_line_width = 1;  // ALIASED_LINE_WIDTH_RANGE's upper end
};

// The window-system buffers a context renders to (an EGL surface), as GL sees
// them. The surface owns the resources; the context references them while
// bound. Null draw/read: surfaceless (EGL_KHR_surfaceless_context).
struct Drawable {
  GLint width = 0, height = 0;
  GLint red_bits = 8, green_bits = 8, blue_bits = 8, alpha_bits = 8;
  GLint depth_bits = 0, stencil_bits = 0, samples = 0;
  Ref<pipe::Resource> color;          // what is drawn (multisampled when samples > 1)
  Ref<pipe::Resource> depth_stencil;  // null when the config has neither
};

// Values that glGet reports and that need no pipe object of their own.
struct State {
  GLfloat clear_color[4] = {0, 0, 0, 0};
  GLfloat clear_depth = 1.0f;
  GLint clear_stencil = 0;
  GLint viewport[4] = {0, 0, 0, 0};
  GLint scissor[4] = {0, 0, 0, 0};
  GLint pack_alignment = 4, unpack_alignment = 4;
  GLint pack_row_length = 0, pack_skip_rows = 0, pack_skip_pixels = 0;
  GLint unpack_row_length = 0, unpack_image_height = 0, unpack_skip_rows = 0;
  GLint unpack_skip_pixels = 0, unpack_skip_images = 0;
  // Desktop only: the 3D pack modes (GL 4.6 table 8.1) and the compressed
  // block modes, width, height, depth and size in bytes
  // (compressed_pixel_store.h).
  GLint pack_image_height = 0, pack_skip_images = 0;
  GLint unpack_compressed_block[4] = {0, 0, 0, 0};
  GLint pack_compressed_block[4] = {0, 0, 0, 0};
  GLenum generate_mipmap_hint = GL_DONT_CARE, fragment_shader_derivative_hint = GL_DONT_CARE;
  // KHR_parallel_shader_compile: the application's hint; 0xFFFFFFFF (the
  // initial value) leaves the number to the implementation.
  GLuint max_shader_compiler_threads = 0xFFFFFFFFu;
  // glPatchParameteri(GL_PATCH_VERTICES) (EXT_tessellation_shader).
  GLint patch_vertices = 3;
  // Desktop glClampColor(CLAMP_READ_COLOR) (GL 4.6 §18.2.8; read_pixels.cpp).
  GLenum clamp_read_color = GL_FIXED_ONLY;
  // Desktop glHint targets (GL 4.6 §21.5), kept and reported.
  GLenum line_smooth_hint = GL_DONT_CARE, polygon_smooth_hint = GL_DONT_CARE;
  GLenum texture_compression_hint = GL_DONT_CARE;
  // glPatchParameterfv (desktop GL 4.0 §11.2.2): the levels tessellation
  // uses without a control shader.
  GLfloat patch_default_outer[4] = {1.0f, 1.0f, 1.0f, 1.0f};
  GLfloat patch_default_inner[2] = {1.0f, 1.0f};
};

class Context {
 public:
  // `share` may be null. Null on failure (no screen, pipe context creation
  // failed, allocation failure).
  static std::unique_ptr<Context> create(const ContextDesc& desc, Context* share);
  ~Context();
  Context(const Context&) = delete;
  Context& operator=(const Context&) = delete;

  // The GL error rule: only the first error is kept until glGetError. Every
  // error is also a KHR_debug message (a flag test when debug output is off).
  // A no-error context (KHR_no_error) reports only running out of memory
  // and context loss: the command still does nothing, as in any context.
  void set_error(GLenum error) {
    if (desc_.no_error && error != GL_OUT_OF_MEMORY && error != GL_CONTEXT_LOST) return;
    if (error_ == GL_NO_ERROR) error_ = error;
    if (debug.output_enabled) debug.api_error(error);
  }
  GLenum take_error() {
    const GLenum e = error_;
    error_ = GL_NO_ERROR;
    return e;
  }
  // For a generated entry point with no handler yet.
  void unimplemented(int function_index, const char* name);
  // For a desktop-only entry point called in an ES context, which has no
  // such command: GL_INVALID_OPERATION.
  void api_unavailable(const char* name);
  // Maps a failed pipe status to the GL error (OUT_OF_MEMORY, lost context).
  void pipe_failed(pipe::Status status);
  // After each command (generated entry points): what the pipe context
  // reported failing during it becomes that command's error.
  void collect_pipe_failure() { pipe_failed(pipe_->take_failure()); }

  // --- robustness (KHR_robustness, GL 4.5 §2.3.2, robustness.cpp) ---
  // The context was lost (its device was lost or reset): every command but
  // the few the robustness specs name does nothing (lost_command()).
  bool lost() const { return lost_; }
  // What a command of a lost context does: GL_CONTEXT_LOST when the
  // context notifies resets (LOSE_CONTEXT_ON_RESET), nothing otherwise.
  void lost_command();
  // glGetGraphicsResetStatus: the reset once, then NO_ERROR.
  GLenum graphics_reset_status();

  // Called by the window system when this context becomes current on the
  // calling thread with these buffers (null: surfaceless). The first bind with
  // a draw buffer sets viewport and scissor to its size (ES 3.0 §2.12.1).
  void bind_drawables(const Drawable* draw, const Drawable* read);

  // The ES version every context on this device provides, whatever was
  // asked for (EGL lets an ES 2 or 3 request get a higher compatible
  // version): 3.2 where the device has everything ES 3.2 adds
  // (es32_available), else 3.1, unless BRASS_GLES_VERSION_OVERRIDE asks for
  // another (3.0: to test ES 3.0 contexts; major * 10 + minor).
  static int provided_version(const pipe::Screen& screen);
  // Whether ES 3.2 contexts can be made on this device (extensions.h,
  // es32_complete).
  static bool es32_available(const pipe::Screen& screen);
  // The desktop core-profile version (major * 10 + minor) desktop contexts
  // get on this device, whatever was asked for (a 3.2+ core context is
  // backward compatible to 3.2): the highest version all of whose commands
  // and features Brass has (desktop_versions.h), or BRASS_GL_VERSION_OVERRIDE's;
  // 0 when desktop GL is not offered.
  static int provided_desktop_version(const pipe::Screen& screen);
  // The compatibility-profile version desktop compatibility contexts get on
  // this device: the core version provided, while every command of the
  // compatibility profile up to it has a handler (kCompatCommandsCompleteVersion,
  // at least GL 3.0's), or BRASS_GL_COMPAT_OVERRIDE's; 0 when compatibility
  // contexts are not offered.
  static int provided_compat_version(const pipe::Screen& screen);
  // Whether desktop GL can be offered on any device (before one is chosen:
  // glvnd asks a vendor which APIs it has when it loads it).
  static bool desktop_possible();
  // Version actually provided.
  int major() const { return major_; }
  int minor() const { return minor_; }
  int version() const { return major_ * 10 + minor_; }
  ContextApi api() const { return desc_.api; }
  // A desktop OpenGL context, core or compatibility profile (else OpenGL ES).
  bool desktop() const { return desc_.api == ContextApi::GLCore; }
  // A desktop OpenGL compatibility-profile context: legacy commands, enums
  // and behaviours (vertex array object 0, the fixed-function pipeline)
  // exist only here.
  bool compatibility() const { return compatibility_; }
  // ES 3.1 state, enums and entry points exist in this context: ES 3.1, or
  // any desktop context. Desktop GL 4.3 is the first core version that
  // contains all of ES 3.1; below it a desktop context has the same
  // machinery as the ARB extensions that became 4.0 - 4.3 (compute shaders,
  // storage buffers, images, atomic counters, multisample textures, ...;
  // supported_desktop_extensions lists those whose desktop parts exist).
  bool es31() const { return desktop() || version() >= 31; }
  // Program pipelines and separable programs: ES 3.1, or
  // EXT_separate_shader_objects in an ES 2.0/3.0 context.
  bool separate_shader_objects() const { return separate_shader_objects_; }
  // Geometry shaders, adjacency primitives and layered framebuffers
  // (EXT/OES_geometry_shader, advertised together in ES 3.1 contexts).
  bool geometry_shaders() const { return geometry_shaders_; }
  // Tessellation control and evaluation shaders and GL_PATCHES
  // (EXT/OES_tessellation_shader, advertised together in ES 3.1 contexts).
  bool tessellation_shaders() const { return tessellation_shaders_; }
  // TEXTURE_2D_MULTISAMPLE_ARRAY (OES_texture_storage_multisample_2d_array).
  bool multisample_2d_array() const { return multisample_2d_array_; }
  // TEXTURE_BUFFER textures and buffer binding (EXT/OES_texture_buffer).
  bool texture_buffers() const { return texture_buffers_; }
  // TEXTURE_CUBE_MAP_ARRAY (EXT/OES_texture_cube_map_array).
  bool cube_map_arrays() const { return cube_map_arrays_; }
  // The highest `#version NNN es` this context compiles: in desktop GL,
  // ARB_ES2_compatibility (4.1) brings 100, ARB_ES3_compatibility (4.3)
  // 300 es and ARB_ES3_1_compatibility (4.5) 310 es; 0 for none.
  int glsl_es_version() const;
  // The highest desktop `#version` this context compiles (0 in ES): 150 in
  // GL 3.2, 330 in 3.3, then 400 + 10 * minor.
  int glsl_version() const;
  const ContextDesc& desc() const { return desc_; }
  ShareGroup& share_group() { return *share_group_; }
  const ShareGroup* share_group_ptr() const { return share_group_.get(); }
  const Drawable* draw() const { return has_draw_ ? &draw_ : nullptr; }
  const Drawable* read() const { return has_read_ ? &read_ : nullptr; }

  const std::string& renderer_string() const { return renderer_; }
  const std::string& version_string() const { return version_; }
  const std::string& glsl_version_string() const { return glsl_version_string_; }
  const std::vector<std::string>& extensions() const { return extensions_; }
  const std::string& extensions_string() const { return extensions_string_; }
  bool has_extension(std::string_view name) const;
  // Whether the functionality of this ES extension exists in the context:
  // in ES, the extension is advertised; in desktop GL, the version has it in
  // core (GL 3.3's dual-source blending is EXT_blend_func_extended's, ...)
  // and the device can do it (the same conditions as the ES extension).
  bool has_feature(std::string_view es_extension) const;
  // Shading-language extensions the compiler supports but this context does
  // not expose (compiler::CompileOptions::unexposed_extensions).
  const std::vector<std::string>& unexposed_glsl_extensions() const { return unexposed_glsl_extensions_; }

  pipe::Screen& screen() { return *desc_.screen; }
  pipe::Context& pipe() { return *pipe_; }

  // Marks state groups for revalidation at the next draw (draw_validation.h).
  void dirty(uint32_t bits) {
    dirty_ |= bits;
    // What vertex input streams is planned again once, at the next draw.
    if (bits & kDirtyVertexInput) vertex_input.sources_known = false;
  }
  uint32_t dirty_bits() const { return dirty_; }
  void clear_dirty(uint32_t bits) { dirty_ &= ~bits; }

  State state;
  FixedFunctionState ff;
  // Compatibility profile: attribute stacks, selection / feedback,
  // evaluators, stipples and the other legacy state (compat/legacy_state.h).
  LegacyState legacy;
  // Compatibility profile: matrices, lighting, texgen, clip planes, fog,
  // texture environments, alpha test, point parameters (gl/compat/).
  compat::FixedState compat_state;
  // Compatibility profile: pixel transfer, pixel maps and zoom, the raster
  // position, the pixel rectangle commands' objects (gl/compat/pixel_state.h).
  compat::PixelState compat_pixels;
  Limits limits;
  // Format extensions in effect (what the device can render and filter).
  pixel::FormatFeatures format_features;

  // Bindings (ES 3.0 state tables 6.2-6.24).
  BufferBindings buffers;
  TextureUnits textures;
  std::array<ImageUnit, kMaxImageUnits> image_units;  // ES 3.1 §8.23
  Binding<VertexArray> vertex_array;  // never null: the default VAO when 0 is bound
  Ref<VertexArray> default_vertex_array;
  std::array<GenericAttrib, kMaxVertexAttribs> generic_attribs{};
  // Compatibility profile: current conventional attributes, glBegin/glEnd,
  // client active texture, client attribute stack (compat/vertex_spec_state.h).
  compat::VertexSpecState vertex_spec;
  Binding<Program> current_program;
  // The executable this context draws with for current_program: taken at
  // glUseProgram and at a successful relink in this context, so that a
  // relink in another context is seen at the next glUseProgram (GL 4.6
  // §5.3) and draws read no slot another thread replaces
  // (program_validation.h).
  std::shared_ptr<LinkedProgram> current_executable;
  // ES 3.1 program pipeline bound with glBindProgramPipeline (draws use it
  // when no program is current).
  Binding<ProgramPipeline> program_pipeline;
  // ARB_shader_subroutine: the subroutine each stage's uniforms select.
  SubroutineSelections subroutines;
  Binding<Framebuffer> draw_framebuffer, read_framebuffer;  // null: the default framebuffer
  Binding<Renderbuffer> renderbuffer;
  GLenum default_draw_buffer = GL_BACK, default_read_buffer = GL_BACK;
  Binding<TransformFeedback> transform_feedback;  // never null: the default object when 0 is bound
  Ref<TransformFeedback> default_transform_feedback;
  // The active query of each target (api_queries.cpp, slot_of).
  std::array<Binding<Query>, kActiveQuerySlots> active_queries;
  ConditionalRender conditional_render;

  // Per-context namespaces (container objects are never shared).
  ObjectTable<Framebuffer> framebuffer_objects;
  ObjectTable<VertexArray> vertex_array_objects;
  ObjectTable<ProgramPipeline> program_pipeline_objects;
  ObjectTable<Query> query_objects;
  ObjectTable<TransformFeedback> transform_feedback_objects;

  // KHR_debug: message log, callback, debug groups (debug_output.h).
  DebugOutput debug;
  // Compatibility profile: the list being compiled, LIST_BASE, glCallList
  // nesting (compat/display_lists.h).
  compat::DisplayListState display_lists;

  // Pipe objects the validation code keeps bound; owned here.
  DrawValidationState validation;
  VertexInputState vertex_input;  // vertex_validation.cpp
  // Default textures and the texture validation's pipe objects (texture.h).
  TextureContextState texture_state;
  ImageContextState image_state;  // image.h
  // Compatibility profile: texture-unit enables and the generated programs
  // of draws without a program (compat/fixed_function_pipeline.h).
  compat::FixedFunctionPipeline ff_pipeline;

 private:
  Context() = default;
  ContextDesc desc_;
  int major_ = 3, minor_ = 0;
  bool compatibility_ = false;
  GLenum error_ = GL_NO_ERROR;
  bool lost_ = false;
  bool reset_reported_ = false;
  uint32_t dirty_ = kDirtyAll;
  Ref<ShareGroup> share_group_;
  std::unique_ptr<pipe::Context> pipe_;
  Drawable draw_, read_;
  bool has_draw_ = false, has_read_ = false, ever_bound_draw_ = false;
  std::string renderer_, version_, glsl_version_string_, extensions_string_;
  std::vector<std::string> extensions_;
  std::vector<std::string> core_features_;  // desktop: has_feature's ES extension names
  bool separate_shader_objects_ = false;
  bool geometry_shaders_ = false;
  bool tessellation_shaders_ = false;
  bool multisample_2d_array_ = false;
  bool texture_buffers_ = false;
  bool cube_map_arrays_ = false;
  std::vector<std::string> unexposed_glsl_extensions_;
};

// The calling thread's current GL context (null: none; GL calls are no-ops).
Context* current_context();
void set_current_context(Context* ctx);

// Name -> entry point for GetProcAddress and glvnd's dispatch table; null for
// names Brass does not know.
void* get_proc_address(const char* name);

}  // namespace brass::gl
