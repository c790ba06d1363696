// glGet*: every value of the ES 3.0 state tables 6.1-6.35 that the generic
// getters answer, with the type conversions of ES 3.0 §6.1.2, and
// glIsEnabled. The indexed getters (glGetIntegeri_v, glGetInteger64i_v) live
// with the buffer area (api_buffers.cpp).
#include <algorithm>
#include <climits>
#include <cmath>
#include <initializer_list>

#include "compiler/subroutines.h"
#include "gl/compat/legacy_queries.h"
#include "gl/compat/state_queries_compat.h"
#include "gl/compat/vertex_arrays_legacy.h"
#include "gl/context.h"
#include "gl/pixel/format_table.h"
#include "gl/pixel/read_pixels_rules.h"
#include "gl/read_pixels.h"
#include "gl/state_queries.h"
#include "gl/texture_storage.h"
#include "gl_functions.h"
#include "util/log.h"

namespace brass::gl {

namespace {

// Implementation-dependent values that need no screen cap (ES 3.0 tables
// 6.27-6.33); each is the spec minimum or what the compiler supports.
constexpr GLint64 kMaxElementIndex = 0xffffffffll;
constexpr GLint kMaxUniformBlocksPerStage = 12;
constexpr GLint kMinProgramTexelOffset = -8, kMaxProgramTexelOffset = 7;
constexpr GLint kMaxElementsIndices = 1 << 20, kMaxElementsVertices = 1 << 20;
constexpr GLint kMaxTransformFeedbackInterleavedComponents = 64;
constexpr GLint kMaxTransformFeedbackSeparateComponents = 4;
constexpr GLint64 kMaxServerWaitTimeout = 0;
// The longest answer is GL_COMPRESSED_TEXTURE_FORMATS: 47 formats with ETC1,
// S3TC, RGTC and the 28 ASTC LDR formats.
constexpr int kMaxValues = 64;

// One glGet answer: values of one kind, converted on the way out.
struct QueryValue {
  enum Kind { Int, Float, Bool } kind = Int;
  int count = 0;
  bool normalized = false;  // a color or depth value: ints map [-1,1] to the full range
  bool mask = false;        // unsigned bit masks: GetIntegerv keeps the bit pattern
  GLint64 i[kMaxValues] = {};
  GLfloat f[kMaxValues] = {};
  bool b[kMaxValues] = {};
};

QueryValue ints(std::initializer_list<GLint64> v) {
  QueryValue q;
  for (GLint64 x : v) q.i[q.count++] = x;
  return q;
}
QueryValue enum_value(GLenum e) { return ints({static_cast<GLint64>(e)}); }
// Masks keep their bit pattern as GLint (a full mask reads as -1); as a
// float or a 64-bit integer they are the unsigned value.
QueryValue uint_value(GLuint v) {
  QueryValue q = ints({static_cast<GLint64>(v)});
  q.mask = true;
  return q;
}
QueryValue floats(std::initializer_list<GLfloat> v, bool normalized = false) {
  QueryValue q;
  q.kind = QueryValue::Float;
  q.normalized = normalized;
  for (GLfloat x : v) q.f[q.count++] = x;
  return q;
}
QueryValue floats(const GLfloat* v, int n, bool normalized) {
  QueryValue q;
  q.kind = QueryValue::Float;
  q.normalized = normalized;
  q.count = n;
  for (int k = 0; k < n; ++k) q.f[k] = v[k];
  return q;
}
QueryValue booleans(std::initializer_list<bool> v) {
  QueryValue q;
  q.kind = QueryValue::Bool;
  for (bool x : v) q.b[q.count++] = x;
  return q;
}

template <typename T>
GLint64 name_of(const Ref<T>& obj) {
  return obj ? static_cast<GLint64>(obj->name()) : 0;
}

// The color buffer RED_BITS... describe: draw buffer 0 of the draw framebuffer
// (or its first color attachment when draw buffer 0 is NONE).
const pixel::InternalFormatInfo* draw_color_format(Context& ctx) {
  ColorBuffer cb;
  if (draw_color_buffer(ctx, 0, &cb)) return cb.info;
  if (!ctx.draw_framebuffer) return nullptr;
  for (const Attachment& a : ctx.draw_framebuffer->color) {
    const AttachmentImage img = attachment_image(a);
    if (img.info) return img.info;
  }
  return nullptr;
}

// Framebuffer-dependent values (ES 3.0 table 6.34): RED_BITS..., SAMPLES.
bool query_framebuffer_bits(Context& ctx, GLenum pname, QueryValue* out) {
  switch (pname) {
    case GL_RED_BITS:
    case GL_GREEN_BITS:
    case GL_BLUE_BITS:
    case GL_ALPHA_BITS:
    case GL_DEPTH_BITS:
    case GL_STENCIL_BITS:
    case GL_SAMPLES:
    case GL_SAMPLE_BUFFERS: break;
    default: return false;
  }
  if (!ctx.draw_framebuffer) {
    const Drawable* d = ctx.draw();
    Drawable none;
    none.red_bits = none.green_bits = none.blue_bits = none.alpha_bits = 0;
    if (!d) d = &none;
    const bool color = d->color != nullptr;
    switch (pname) {
      case GL_RED_BITS: *out = ints({color ? d->red_bits : 0}); break;
      case GL_GREEN_BITS: *out = ints({color ? d->green_bits : 0}); break;
      case GL_BLUE_BITS: *out = ints({color ? d->blue_bits : 0}); break;
      case GL_ALPHA_BITS: *out = ints({color ? d->alpha_bits : 0}); break;
      case GL_DEPTH_BITS: *out = ints({d->depth_bits}); break;
      case GL_STENCIL_BITS: *out = ints({d->stencil_bits}); break;
      case GL_SAMPLES: *out = ints({d->samples > 1 ? d->samples : 0}); break;
      case GL_SAMPLE_BUFFERS: *out = ints({d->samples > 1 ? 1 : 0}); break;
      default: break;
    }
    return true;
  }
  Framebuffer& fb = *ctx.draw_framebuffer;
  const pixel::InternalFormatInfo* color = draw_color_format(ctx);
  const AttachmentImage depth = attachment_image(fb.depth), stencil = attachment_image(fb.stencil);
  const GLsizei samples = draw_framebuffer_samples(ctx);
  switch (pname) {
    case GL_RED_BITS: *out = ints({color ? color->bits.red : 0}); break;
    case GL_GREEN_BITS: *out = ints({color ? color->bits.green : 0}); break;
    case GL_BLUE_BITS: *out = ints({color ? color->bits.blue : 0}); break;
    case GL_ALPHA_BITS: *out = ints({color ? color->bits.alpha : 0}); break;
    case GL_DEPTH_BITS: *out = ints({depth.info ? depth.info->bits.depth : 0}); break;
    case GL_STENCIL_BITS: *out = ints({stencil.info ? stencil.info->bits.stencil : 0}); break;
    case GL_SAMPLES: *out = ints({samples}); break;
    case GL_SAMPLE_BUFFERS: *out = ints({samples > 0 ? 1 : 0}); break;
    default: break;
  }
  return true;
}

// Object bindings (ES 3.0 tables 6.2-6.26).
bool query_bindings(Context& ctx, GLenum pname, QueryValue* out) {
  const BufferBindings& b = ctx.buffers;
  const TextureUnit& unit = ctx.textures.units[ctx.textures.active];
  switch (pname) {
    case GL_ARRAY_BUFFER_BINDING: *out = ints({name_of(b.array)}); return true;
    case GL_ELEMENT_ARRAY_BUFFER_BINDING: *out = ints({name_of(ctx.vertex_array->element_buffer)}); return true;
    case GL_VERTEX_ARRAY_BINDING: *out = ints({name_of(ctx.vertex_array)}); return true;
    case GL_COPY_READ_BUFFER_BINDING: *out = ints({name_of(b.copy_read)}); return true;
    case GL_COPY_WRITE_BUFFER_BINDING: *out = ints({name_of(b.copy_write)}); return true;
    case GL_PIXEL_PACK_BUFFER_BINDING: *out = ints({name_of(b.pixel_pack)}); return true;
    case GL_PIXEL_UNPACK_BUFFER_BINDING: *out = ints({name_of(b.pixel_unpack)}); return true;
    case GL_UNIFORM_BUFFER_BINDING: *out = ints({name_of(b.uniform)}); return true;
    case GL_TRANSFORM_FEEDBACK_BUFFER_BINDING: *out = ints({name_of(b.transform_feedback)}); return true;
    case GL_TRANSFORM_FEEDBACK_BINDING: *out = ints({name_of(ctx.transform_feedback)}); return true;
    case GL_TRANSFORM_FEEDBACK_ACTIVE: *out = booleans({ctx.transform_feedback->active}); return true;
    case GL_TRANSFORM_FEEDBACK_PAUSED: *out = booleans({ctx.transform_feedback->paused}); return true;
    case GL_TEXTURE_BINDING_2D: *out = ints({name_of(unit.texture_2d)}); return true;
    case GL_TEXTURE_BINDING_3D: *out = ints({name_of(unit.texture_3d)}); return true;
    case GL_TEXTURE_BINDING_2D_ARRAY: *out = ints({name_of(unit.texture_2d_array)}); return true;
    case GL_TEXTURE_BINDING_CUBE_MAP: *out = ints({name_of(unit.texture_cube)}); return true;
    case GL_SAMPLER_BINDING: *out = ints({name_of(unit.sampler)}); return true;
    case GL_ACTIVE_TEXTURE: *out = enum_value(GL_TEXTURE0 + ctx.textures.active); return true;
    case GL_CURRENT_PROGRAM: *out = ints({name_of(ctx.current_program)}); return true;
    case GL_PROGRAM_PIPELINE_BINDING:
      if (!ctx.separate_shader_objects()) return false;
      *out = ints({name_of(ctx.program_pipeline)});
      return true;
    case GL_RENDERBUFFER_BINDING: *out = ints({name_of(ctx.renderbuffer)}); return true;
    case GL_DRAW_FRAMEBUFFER_BINDING: *out = ints({name_of(ctx.draw_framebuffer)}); return true;
    case GL_READ_FRAMEBUFFER_BINDING: *out = ints({name_of(ctx.read_framebuffer)}); return true;
    case GL_READ_BUFFER:
      *out = enum_value(ctx.read_framebuffer ? ctx.read_framebuffer->read_buffer : ctx.default_read_buffer);
      return true;
    default: break;
  }
  if (pname >= GL_DRAW_BUFFER0 && pname < GL_DRAW_BUFFER0 + static_cast<GLenum>(ctx.limits.max_draw_buffers)) {
    const unsigned i = pname - GL_DRAW_BUFFER0;
    if (ctx.draw_framebuffer) *out = enum_value(ctx.draw_framebuffer->draw_buffers[i]);
    else *out = enum_value(i == 0 ? ctx.default_draw_buffer : GL_NONE);
    return true;
  }
  return false;
}

// Implementation-dependent limits (ES 3.0 tables 6.27-6.33).
bool query_limits(Context& ctx, GLenum pname, QueryValue* out) {
  const Limits& l = ctx.limits;
  switch (pname) {
    case GL_MAX_ELEMENT_INDEX: *out = ints({kMaxElementIndex}); return true;
    case GL_SUBPIXEL_BITS: *out = ints({l.subpixel_bits}); return true;
    case GL_MAX_TEXTURE_SIZE: *out = ints({l.max_texture_size}); return true;
    case GL_MAX_CUBE_MAP_TEXTURE_SIZE: *out = ints({l.max_cube_map_texture_size}); return true;
    case GL_MAX_3D_TEXTURE_SIZE: *out = ints({l.max_3d_texture_size}); return true;
    case GL_MAX_ARRAY_TEXTURE_LAYERS: *out = ints({l.max_array_texture_layers}); return true;
    // The device's bound on the sum of the biases (Vulkan's maxSamplerLodBias).
    case GL_MAX_TEXTURE_LOD_BIAS:
      *out = floats({static_cast<GLfloat>(ctx.screen().get_cap(pipe::Cap::MaxSamplerLodBias))});
      return true;
    case GL_MAX_RENDERBUFFER_SIZE: *out = ints({l.max_renderbuffer_size}); return true;
    case GL_MAX_DRAW_BUFFERS: *out = ints({l.max_draw_buffers}); return true;
    case GL_MAX_COLOR_ATTACHMENTS: *out = ints({l.max_color_attachments}); return true;
    case GL_MAX_VIEWPORT_DIMS: *out = ints({l.max_viewport_dims[0], l.max_viewport_dims[1]}); return true;
    case GL_ALIASED_POINT_SIZE_RANGE: *out = floats({1.0f, static_cast<GLfloat>(ctx.limits.max_point_size)}); return true;
    case GL_ALIASED_LINE_WIDTH_RANGE: *out = floats({1.0f, static_cast<GLfloat>(ctx.limits.max_line_width)}); return true;
    // ES 3.2: the widths of multisampled lines, which are rasterized with
    // the same whole-pixel widths as aliased ones.
    case GL_MULTISAMPLE_LINE_WIDTH_RANGE:
      if (ctx.desktop() || ctx.version() < 32) return false;
      *out = floats({1.0f, static_cast<GLfloat>(ctx.limits.max_line_width)});
      return true;
    case GL_MULTISAMPLE_LINE_WIDTH_GRANULARITY:
      if (ctx.desktop() || ctx.version() < 32) return false;
      *out = floats({1.0f});
      return true;
    case GL_MAX_ELEMENTS_INDICES: *out = ints({kMaxElementsIndices}); return true;
    case GL_MAX_ELEMENTS_VERTICES: *out = ints({kMaxElementsVertices}); return true;
    // Every compressed format glCompressedTexImage2D accepts in this context
    // (ETC2/EAC, and ETC1, S3TC, RGTC, ASTC LDR where exposed): applications and
    // conformance suites take a format's absence here as "unsupported".
    case GL_NUM_COMPRESSED_TEXTURE_FORMATS:
    case GL_COMPRESSED_TEXTURE_FORMATS: {
      QueryValue q;
      for (const pixel::InternalFormatInfo& f : pixel::all_internal_formats())
        if (f.is_compressed() && pixel::is_available(f, ctx.format_features)) {
          BRASS_ASSERT(q.count < kMaxValues);
          if (q.count < kMaxValues) q.i[q.count++] = f.internal_format;
        }
      *out = pname == GL_COMPRESSED_TEXTURE_FORMATS ? q : ints({q.count});
      return true;
    }
    case GL_NUM_PROGRAM_BINARY_FORMATS: *out = ints({0}); return true;
    case GL_PROGRAM_BINARY_FORMATS: *out = QueryValue{}; return true;
    case GL_NUM_SHADER_BINARY_FORMATS: *out = ints({0}); return true;
    case GL_SHADER_BINARY_FORMATS: *out = QueryValue{}; return true;
    case GL_SHADER_COMPILER: *out = booleans({true}); return true;
    // EXT_clip_cull_distance (GL_MAX_CLIP_DISTANCES_EXT is GL_MAX_CLIP_PLANES'
    // value); only when the extension is exposed. ES requires 8 of each and
    // 8 combined; Brass never exposes more than the compiler declares.
    // EXT_shader_framebuffer_fetch: a discarded fragment leaves its samples
    // untouched (the fetched copy is not written back).
    case GL_FRAGMENT_SHADER_DISCARDS_SAMPLES_EXT:
      if (!ctx.has_extension("GL_EXT_shader_framebuffer_fetch")) return false;
      *out = booleans({false});
      return true;
    case GL_MAX_DUAL_SOURCE_DRAW_BUFFERS_EXT:
      // The extension is advertised only with Vulkan's dualSrcBlend, whose
      // guaranteed maxFragmentDualSrcAttachments is the ES minimum of 1.
      if (!ctx.has_feature("GL_EXT_blend_func_extended")) return false;
      *out = ints({1});
      return true;
    case GL_MAX_CULL_DISTANCES_EXT:
    case GL_MAX_COMBINED_CLIP_AND_CULL_DISTANCES_EXT:
      // ARB_cull_distance in desktop contexts (GL 4.5's; listed where the
      // device culls, extensions.cpp).
      if (ctx.desktop() && !ctx.has_extension("GL_ARB_cull_distance")) return false;
      [[fallthrough]];
    case GL_MAX_CLIP_DISTANCES_EXT:
      if (!ctx.has_feature("GL_EXT_clip_cull_distance")) return false;
      *out = ints({8});
      return true;
    case GL_MAX_SHADER_COMPILER_THREADS_KHR:
      // An unsigned value: GetIntegerv returns its bit pattern (0xFFFFFFFF reads as -1).
      *out = ints({static_cast<GLint>(ctx.state.max_shader_compiler_threads)});
      return true;
    case GL_MAX_SERVER_WAIT_TIMEOUT: *out = ints({kMaxServerWaitTimeout}); return true;
    case GL_NUM_EXTENSIONS: *out = ints({static_cast<GLint64>(ctx.extensions().size())}); return true;
    case GL_MAJOR_VERSION: *out = ints({ctx.major()}); return true;
    // Desktop core contexts only (GL 4.6 table 23.81); there is no
    // compatibility profile.
    case GL_CONTEXT_PROFILE_MASK:
      if (!ctx.desktop() || ctx.version() < 32) return false;  // 3.1 has no profiles
      *out = ints({ctx.compatibility() ? GL_CONTEXT_COMPATIBILITY_PROFILE_BIT : GL_CONTEXT_CORE_PROFILE_BIT});
      return true;
    case GL_MINOR_VERSION: *out = ints({ctx.minor()}); return true;
    case GL_MAX_VERTEX_ATTRIBS: *out = ints({l.max_vertex_attribs}); return true;
    case GL_MAX_VERTEX_UNIFORM_COMPONENTS: *out = ints({l.max_vertex_uniform_vectors * 4}); return true;
    case GL_MAX_VERTEX_UNIFORM_VECTORS: *out = ints({l.max_vertex_uniform_vectors}); return true;
    case GL_MAX_VERTEX_UNIFORM_BLOCKS: *out = ints({kMaxUniformBlocksPerStage}); return true;
    case GL_MAX_VERTEX_OUTPUT_COMPONENTS: *out = ints({std::max(64, l.max_varying_vectors * 4)}); return true;
    case GL_MAX_VERTEX_TEXTURE_IMAGE_UNITS: *out = ints({l.max_vertex_texture_image_units}); return true;
    case GL_MAX_FRAGMENT_UNIFORM_COMPONENTS: *out = ints({l.max_fragment_uniform_vectors * 4}); return true;
    case GL_MAX_FRAGMENT_UNIFORM_VECTORS: *out = ints({l.max_fragment_uniform_vectors}); return true;
    case GL_MAX_FRAGMENT_UNIFORM_BLOCKS: *out = ints({kMaxUniformBlocksPerStage}); return true;
    case GL_MAX_FRAGMENT_INPUT_COMPONENTS: *out = ints({std::max(60, l.max_varying_vectors * 4)}); return true;
    case GL_MAX_TEXTURE_IMAGE_UNITS: *out = ints({l.max_texture_image_units}); return true;
    case GL_MIN_PROGRAM_TEXEL_OFFSET: *out = ints({kMinProgramTexelOffset}); return true;
    case GL_MAX_PROGRAM_TEXEL_OFFSET: *out = ints({kMaxProgramTexelOffset}); return true;
    case GL_MAX_UNIFORM_BUFFER_BINDINGS: *out = ints({l.max_uniform_buffer_bindings}); return true;
    case GL_MAX_UNIFORM_BLOCK_SIZE: *out = ints({l.max_uniform_block_size}); return true;
    case GL_UNIFORM_BUFFER_OFFSET_ALIGNMENT: *out = ints({l.uniform_buffer_offset_alignment}); return true;
    case GL_MAX_COMBINED_UNIFORM_BLOCKS: *out = ints({l.max_combined_uniform_blocks}); return true;
    case GL_MAX_COMBINED_VERTEX_UNIFORM_COMPONENTS:
      *out = ints({GLint64{kMaxUniformBlocksPerStage} * l.max_uniform_block_size / 4 + l.max_vertex_uniform_vectors * 4});
      return true;
    case GL_MAX_COMBINED_FRAGMENT_UNIFORM_COMPONENTS:
      *out = ints({GLint64{kMaxUniformBlocksPerStage} * l.max_uniform_block_size / 4 + l.max_fragment_uniform_vectors * 4});
      return true;
    case GL_MAX_VARYING_COMPONENTS: *out = ints({l.max_varying_vectors * 4}); return true;
    case GL_MAX_VARYING_VECTORS: *out = ints({l.max_varying_vectors}); return true;
    case GL_MAX_COMBINED_TEXTURE_IMAGE_UNITS: *out = ints({l.max_combined_texture_image_units}); return true;
    case GL_MAX_TRANSFORM_FEEDBACK_INTERLEAVED_COMPONENTS:
      *out = ints({kMaxTransformFeedbackInterleavedComponents});
      return true;
    case GL_MAX_TRANSFORM_FEEDBACK_SEPARATE_ATTRIBS: *out = ints({l.max_transform_feedback_separate_attribs}); return true;
    case GL_MAX_TRANSFORM_FEEDBACK_SEPARATE_COMPONENTS:
      *out = ints({kMaxTransformFeedbackSeparateComponents});
      return true;
    case GL_MAX_SAMPLES: *out = ints({l.max_samples}); return true;
    default: return false;
  }
}

// ES 3.1 limits of compute, storage blocks, atomic counters and images (ES
// 3.1 tables 20.44-20.48), in ES 3.1 contexts only. Vertex and fragment
// shaders get storage blocks, counters and images where the device can store
// from them (ES 3.1 allows none there).
bool query_es31_limits(Context& ctx, GLenum pname, QueryValue* out) {
  if (!ctx.es31()) return false;
  const Limits& l = ctx.limits;
  const GLint64 blocks = kMaxShaderStorageBufferBindings, counters = kMaxAtomicCounterBufferBindings;
  switch (pname) {
    case GL_MAX_COMPUTE_WORK_GROUP_INVOCATIONS: *out = ints({l.max_compute_work_group_invocations}); return true;
    // textureGatherOffset's range: what Vulkan guarantees
    // (minTexelGatherOffset <= -8, maxTexelGatherOffset >= 7) is ES 3.1's minimum.
    case GL_MIN_PROGRAM_TEXTURE_GATHER_OFFSET: *out = ints({-8}); return true;
    case GL_MAX_PROGRAM_TEXTURE_GATHER_OFFSET: *out = ints({7}); return true;
    // Explicit uniform locations: the compiler accepts any location below this.
    case GL_MAX_UNIFORM_LOCATIONS: *out = ints({1024}); return true;
    case GL_MAX_FRAMEBUFFER_WIDTH: *out = ints({l.max_framebuffer_width}); return true;
    case GL_MAX_FRAMEBUFFER_HEIGHT: *out = ints({l.max_framebuffer_height}); return true;
    case GL_MAX_FRAMEBUFFER_SAMPLES: *out = ints({l.max_framebuffer_samples}); return true;
    case GL_MAX_COMPUTE_SHARED_MEMORY_SIZE: *out = ints({l.max_compute_shared_memory_size}); return true;
    case GL_MAX_COMPUTE_UNIFORM_BLOCKS: *out = ints({kMaxUniformBlocksPerStage}); return true;
    case GL_MAX_COMPUTE_TEXTURE_IMAGE_UNITS: *out = ints({l.max_texture_image_units}); return true;
    case GL_MAX_COMPUTE_UNIFORM_COMPONENTS: *out = ints({l.max_fragment_uniform_vectors * 4}); return true;
    case GL_MAX_COMBINED_COMPUTE_UNIFORM_COMPONENTS:
      *out = ints({GLint64{kMaxUniformBlocksPerStage} * l.max_uniform_block_size / 4 + l.max_fragment_uniform_vectors * 4});
      return true;
    case GL_MAX_SHADER_STORAGE_BUFFER_BINDINGS:
    case GL_MAX_COMPUTE_SHADER_STORAGE_BLOCKS:
    case GL_MAX_COMBINED_SHADER_STORAGE_BLOCKS: *out = ints({blocks}); return true;
    case GL_MAX_VERTEX_SHADER_STORAGE_BLOCKS: *out = ints({l.vertex_stores ? blocks : 0}); return true;
    case GL_MAX_FRAGMENT_SHADER_STORAGE_BLOCKS: *out = ints({l.fragment_stores ? blocks : 0}); return true;
    case GL_MAX_SHADER_STORAGE_BLOCK_SIZE: *out = ints({l.max_shader_storage_block_size}); return true;
    case GL_SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT: *out = ints({l.shader_storage_buffer_offset_alignment}); return true;
    // Fragment outputs, storage blocks and images together: the sum of the
    // three limits (what the compiler checks too, program_link.cpp).
    case GL_MAX_COMBINED_SHADER_OUTPUT_RESOURCES:
      *out = ints({GLint64{l.max_draw_buffers} + blocks + l.max_combined_image_uniforms});
      return true;
    case GL_MAX_IMAGE_UNITS: *out = ints({l.max_image_units}); return true;
    case GL_MAX_VERTEX_IMAGE_UNIFORMS: *out = ints({l.max_vertex_image_uniforms}); return true;
    case GL_MAX_FRAGMENT_IMAGE_UNIFORMS: *out = ints({l.max_fragment_image_uniforms}); return true;
    case GL_MAX_COMPUTE_IMAGE_UNIFORMS: *out = ints({l.max_compute_image_uniforms}); return true;
    case GL_MAX_COMBINED_IMAGE_UNIFORMS: *out = ints({l.max_combined_image_uniforms}); return true;
    // Desktop GL 4.2's: no multisample image (the driver does not enable
    // Vulkan's shaderStorageImageMultisample; the minimum is 0).
    // (MAX_COMBINED_IMAGE_UNITS_AND_FRAGMENT_OUTPUTS is the enum of
    // MAX_COMBINED_SHADER_OUTPUT_RESOURCES, above.)
    case GL_MAX_IMAGE_SAMPLES:
      if (!ctx.desktop()) return false;
      *out = ints({0});
      return true;
    case GL_MAX_ATOMIC_COUNTER_BUFFER_BINDINGS:
    case GL_MAX_COMPUTE_ATOMIC_COUNTER_BUFFERS:
    case GL_MAX_COMBINED_ATOMIC_COUNTER_BUFFERS: *out = ints({counters}); return true;
    case GL_MAX_VERTEX_ATOMIC_COUNTER_BUFFERS: *out = ints({l.vertex_stores ? counters : 0}); return true;
    case GL_MAX_FRAGMENT_ATOMIC_COUNTER_BUFFERS: *out = ints({l.fragment_stores ? counters : 0}); return true;
    case GL_MAX_ATOMIC_COUNTER_BUFFER_SIZE: *out = ints({32 * 4}); return true;
    case GL_MAX_COMPUTE_ATOMIC_COUNTERS:
    case GL_MAX_COMBINED_ATOMIC_COUNTERS: *out = ints({32}); return true;
    case GL_MAX_VERTEX_ATOMIC_COUNTERS: *out = ints({l.vertex_stores ? 32 : 0}); return true;
    case GL_MAX_FRAGMENT_ATOMIC_COUNTERS: *out = ints({l.fragment_stores ? 32 : 0}); return true;
    // Multisample textures and the sample mask (table 20.40).
    case GL_MAX_SAMPLE_MASK_WORDS: *out = ints({l.max_sample_mask_words}); return true;
    case GL_MAX_COLOR_TEXTURE_SAMPLES: *out = ints({l.max_color_texture_samples}); return true;
    case GL_MAX_DEPTH_TEXTURE_SAMPLES: *out = ints({l.max_depth_texture_samples}); return true;
    case GL_MAX_INTEGER_SAMPLES: *out = ints({l.max_integer_samples}); return true;
    default: return false;
  }
}

// EXT/OES_geometry_shader's limits (ES 3.2 table 20.43), where the context
// exposes geometry shaders. Storage blocks, counters and images follow the
// vertex stage: Vulkan's vertexPipelineStoresAndAtomics covers both.
bool query_geometry_limits(Context& ctx, GLenum pname, QueryValue* out) {
  if (!ctx.geometry_shaders()) return false;
  const Limits& l = ctx.limits;
  const GLint64 blocks = kMaxShaderStorageBufferBindings, counters = kMaxAtomicCounterBufferBindings;
  switch (pname) {
    case GL_MAX_GEOMETRY_UNIFORM_COMPONENTS_EXT: *out = ints({l.max_vertex_uniform_vectors * 4}); return true;
    case GL_MAX_GEOMETRY_UNIFORM_BLOCKS_EXT: *out = ints({kMaxUniformBlocksPerStage}); return true;
    case GL_MAX_COMBINED_GEOMETRY_UNIFORM_COMPONENTS_EXT:
      *out = ints({GLint64{kMaxUniformBlocksPerStage} * l.max_uniform_block_size / 4 + l.max_vertex_uniform_vectors * 4});
      return true;
    case GL_MAX_GEOMETRY_INPUT_COMPONENTS_EXT: *out = ints({l.max_geometry_input_components}); return true;
    case GL_MAX_GEOMETRY_OUTPUT_COMPONENTS_EXT: *out = ints({l.max_geometry_output_components}); return true;
    case GL_MAX_GEOMETRY_OUTPUT_VERTICES_EXT: *out = ints({l.max_geometry_output_vertices}); return true;
    case GL_MAX_GEOMETRY_TOTAL_OUTPUT_COMPONENTS_EXT: *out = ints({l.max_geometry_total_output_components}); return true;
    case GL_MAX_GEOMETRY_SHADER_INVOCATIONS_EXT: *out = ints({l.max_geometry_shader_invocations}); return true;
    case GL_MAX_GEOMETRY_TEXTURE_IMAGE_UNITS_EXT: *out = ints({l.max_texture_image_units}); return true;
    case GL_MAX_GEOMETRY_ATOMIC_COUNTER_BUFFERS_EXT: *out = ints({l.vertex_stores ? counters : 0}); return true;
    case GL_MAX_GEOMETRY_ATOMIC_COUNTERS_EXT: *out = ints({l.vertex_stores ? 32 : 0}); return true;
    case GL_MAX_GEOMETRY_SHADER_STORAGE_BLOCKS_EXT: *out = ints({l.vertex_stores ? blocks : 0}); return true;
    case GL_MAX_GEOMETRY_IMAGE_UNIFORMS_EXT: *out = ints({l.max_vertex_image_uniforms}); return true;
    // Vulkan does not say which vertex of a primitive gives its Layer.
    case GL_LAYER_PROVOKING_VERTEX_EXT: *out = enum_value(GL_UNDEFINED_VERTEX_EXT); return true;
    case GL_MAX_FRAMEBUFFER_LAYERS_EXT: *out = ints({l.max_framebuffer_layers}); return true;
    default: return false;
  }
}

// EXT/OES_tessellation_shader's limits (ES 3.2 table 20.43) and
// PATCH_VERTICES, where the context exposes tessellation shaders. Uniforms,
// textures, storage blocks, counters and images follow the vertex stage,
// as for geometry shaders.
bool query_tessellation_state(Context& ctx, GLenum pname, QueryValue* out) {
  if (!ctx.tessellation_shaders()) return false;
  const Limits& l = ctx.limits;
  const GLint64 blocks = kMaxShaderStorageBufferBindings, counters = kMaxAtomicCounterBufferBindings;
  const GLint64 combined_uniforms =
      GLint64{kMaxUniformBlocksPerStage} * l.max_uniform_block_size / 4 + l.max_vertex_uniform_vectors * 4;
  switch (pname) {
    case GL_PATCH_VERTICES_EXT: *out = ints({ctx.state.patch_vertices}); return true;
    case GL_PATCH_DEFAULT_OUTER_LEVEL:
      if (!ctx.desktop()) return false;
      *out = floats(ctx.state.patch_default_outer, 4, false);
      return true;
    case GL_PATCH_DEFAULT_INNER_LEVEL:
      if (!ctx.desktop()) return false;
      *out = floats(ctx.state.patch_default_inner, 2, false);
      return true;
    case GL_MAX_PATCH_VERTICES_EXT: *out = ints({l.max_patch_vertices}); return true;
    case GL_MAX_TESS_GEN_LEVEL_EXT: *out = ints({l.max_tess_gen_level}); return true;
    case GL_MAX_TESS_CONTROL_UNIFORM_COMPONENTS_EXT:
    case GL_MAX_TESS_EVALUATION_UNIFORM_COMPONENTS_EXT: *out = ints({l.max_vertex_uniform_vectors * 4}); return true;
    case GL_MAX_TESS_CONTROL_TEXTURE_IMAGE_UNITS_EXT:
    case GL_MAX_TESS_EVALUATION_TEXTURE_IMAGE_UNITS_EXT: *out = ints({l.max_texture_image_units}); return true;
    case GL_MAX_TESS_CONTROL_OUTPUT_COMPONENTS_EXT: *out = ints({l.max_tess_control_output_components}); return true;
    case GL_MAX_TESS_PATCH_COMPONENTS_EXT: *out = ints({l.max_tess_patch_components}); return true;
    case GL_MAX_TESS_CONTROL_TOTAL_OUTPUT_COMPONENTS_EXT:
      *out = ints({l.max_tess_control_total_output_components});
      return true;
    case GL_MAX_TESS_EVALUATION_OUTPUT_COMPONENTS_EXT:
      *out = ints({l.max_tess_evaluation_output_components});
      return true;
    case GL_MAX_TESS_CONTROL_INPUT_COMPONENTS_EXT: *out = ints({l.max_tess_control_input_components}); return true;
    case GL_MAX_TESS_EVALUATION_INPUT_COMPONENTS_EXT:
      *out = ints({l.max_tess_evaluation_input_components});
      return true;
    case GL_MAX_TESS_CONTROL_UNIFORM_BLOCKS_EXT:
    case GL_MAX_TESS_EVALUATION_UNIFORM_BLOCKS_EXT: *out = ints({kMaxUniformBlocksPerStage}); return true;
    case GL_MAX_COMBINED_TESS_CONTROL_UNIFORM_COMPONENTS_EXT:
    case GL_MAX_COMBINED_TESS_EVALUATION_UNIFORM_COMPONENTS_EXT: *out = ints({combined_uniforms}); return true;
    case GL_MAX_TESS_CONTROL_ATOMIC_COUNTER_BUFFERS_EXT:
    case GL_MAX_TESS_EVALUATION_ATOMIC_COUNTER_BUFFERS_EXT: *out = ints({l.vertex_stores ? counters : 0}); return true;
    case GL_MAX_TESS_CONTROL_ATOMIC_COUNTERS_EXT:
    case GL_MAX_TESS_EVALUATION_ATOMIC_COUNTERS_EXT: *out = ints({l.vertex_stores ? 32 : 0}); return true;
    case GL_MAX_TESS_CONTROL_SHADER_STORAGE_BLOCKS_EXT:
    case GL_MAX_TESS_EVALUATION_SHADER_STORAGE_BLOCKS_EXT: *out = ints({l.vertex_stores ? blocks : 0}); return true;
    case GL_MAX_TESS_CONTROL_IMAGE_UNIFORMS_EXT:
    case GL_MAX_TESS_EVALUATION_IMAGE_UNIFORMS_EXT: *out = ints({l.max_vertex_image_uniforms}); return true;
    // Vulkan restarts patch lists only with primitiveTopologyPatchListRestart.
    case GL_PRIMITIVE_RESTART_FOR_PATCHES_SUPPORTED: *out = booleans({false}); return true;
    default: return false;
  }
}

// The ES 3.2 shading state of its ES 3.1 extensions, where the context
// exposes them: OES_sample_shading's value, OES_shader_multisample_
// interpolation's offset limits, EXT/OES_primitive_bounding_box's box.
bool query_es32_shading_state(Context& ctx, GLenum pname, QueryValue* out) {
  switch (pname) {
    case GL_MIN_SAMPLE_SHADING_VALUE_OES:
      if (!ctx.has_feature("GL_OES_sample_shading")) return false;
      *out = floats({ctx.ff.min_sample_shading});
      return true;
    case GL_MIN_FRAGMENT_INTERPOLATION_OFFSET_OES:
    case GL_MAX_FRAGMENT_INTERPOLATION_OFFSET_OES:
    case GL_FRAGMENT_INTERPOLATION_OFFSET_BITS_OES: {
      if (!ctx.has_feature("GL_OES_shader_multisample_interpolation")) return false;
      const Limits& l = ctx.limits;
      if (pname == GL_FRAGMENT_INTERPOLATION_OFFSET_BITS_OES) *out = ints({l.fragment_interpolation_offset_bits});
      else if (pname == GL_MIN_FRAGMENT_INTERPOLATION_OFFSET_OES) *out = floats({l.min_fragment_interpolation_offset});
      else *out = floats({l.max_fragment_interpolation_offset});
      return true;
    }
    case GL_PRIMITIVE_BOUNDING_BOX_EXT:
      if (!ctx.has_feature("GL_EXT_primitive_bounding_box")) return false;
      *out = floats(ctx.ff.primitive_bounding_box.data(), 8, false);
      return true;
    default: return false;
  }
}

// Fixed-function, pixel and hint state (ES 3.0 tables 6.3, 6.5, 6.6, 6.11, 6.12, 6.16, 6.25).
bool query_fixed_function(Context& ctx, GLenum pname, QueryValue* out) {
  const FixedFunctionState& f = ctx.ff;
  const State& s = ctx.state;
  switch (pname) {
    case GL_VIEWPORT:
      // Index 0's as floats where glViewportIndexedf gave it fractions
      // (GetIntegerv rounds them); glViewport's integers otherwise.
      if (max_viewports(ctx) > 1) *out = floats(f.viewports.viewport[0].data(), 4, false);
      else *out = ints({s.viewport[0], s.viewport[1], s.viewport[2], s.viewport[3]});
      return true;
    case GL_MAX_VIEWPORTS:
      if (max_viewports(ctx) <= 1) return false;
      *out = ints({max_viewports(ctx)});
      return true;
    case GL_VIEWPORT_SUBPIXEL_BITS:
      if (max_viewports(ctx) <= 1) return false;
      *out = ints({0});
      return true;
    case GL_VIEWPORT_BOUNDS_RANGE: {
      if (max_viewports(ctx) <= 1) return false;
      GLfloat b[2];
      viewport_bounds(ctx, b);
      *out = floats(b, 2, false);
      return true;
    }
    case GL_VIEWPORT_INDEX_PROVOKING_VERTEX:
      // Which vertex's gl_ViewportIndex counts is the device's business.
      if (max_viewports(ctx) <= 1) return false;
      *out = enum_value(GL_UNDEFINED_VERTEX);
      return true;
    case GL_SCISSOR_BOX: *out = ints({s.scissor[0], s.scissor[1], s.scissor[2], s.scissor[3]}); return true;
    case GL_COLOR_CLEAR_VALUE: *out = floats(s.clear_color, 4, true); return true;
    case GL_DEPTH_CLEAR_VALUE: *out = floats({s.clear_depth}, true); return true;
    case GL_STENCIL_CLEAR_VALUE: *out = ints({s.clear_stencil}); return true;
    case GL_PACK_ALIGNMENT: *out = ints({s.pack_alignment}); return true;
    case GL_UNPACK_ALIGNMENT: *out = ints({s.unpack_alignment}); return true;
    case GL_PACK_ROW_LENGTH: *out = ints({s.pack_row_length}); return true;
    case GL_PACK_SKIP_ROWS: *out = ints({s.pack_skip_rows}); return true;
    case GL_PACK_SKIP_PIXELS: *out = ints({s.pack_skip_pixels}); return true;
    case GL_UNPACK_ROW_LENGTH: *out = ints({s.unpack_row_length}); return true;
    case GL_UNPACK_IMAGE_HEIGHT: *out = ints({s.unpack_image_height}); return true;
    case GL_UNPACK_SKIP_ROWS: *out = ints({s.unpack_skip_rows}); return true;
    case GL_UNPACK_SKIP_PIXELS: *out = ints({s.unpack_skip_pixels}); return true;
    case GL_UNPACK_SKIP_IMAGES: *out = ints({s.unpack_skip_images}); return true;
    case GL_BLEND_SRC_RGB: *out = enum_value(f.blend_eq[0].src_rgb); return true;
    case GL_BLEND_DST_RGB: *out = enum_value(f.blend_eq[0].dst_rgb); return true;
    case GL_BLEND_SRC_ALPHA: *out = enum_value(f.blend_eq[0].src_alpha); return true;
    case GL_BLEND_DST_ALPHA: *out = enum_value(f.blend_eq[0].dst_alpha); return true;
    case GL_BLEND_EQUATION_RGB: *out = enum_value(f.blend_eq[0].rgb); return true;
    case GL_BLEND_EQUATION_ALPHA: *out = enum_value(f.blend_eq[0].alpha); return true;
    case GL_BLEND_COLOR: *out = floats(f.blend_color, 4, true); return true;
    case GL_COLOR_WRITEMASK:
      *out = booleans({f.color_mask[0][0] != 0, f.color_mask[0][1] != 0, f.color_mask[0][2] != 0,
                       f.color_mask[0][3] != 0});
      return true;
    case GL_DEPTH_FUNC: *out = enum_value(f.depth_func); return true;
    case GL_DEPTH_WRITEMASK: *out = booleans({f.depth_mask}); return true;
    case GL_DEPTH_RANGE: *out = floats(f.depth_range, 2, true); return true;
    case GL_STENCIL_FUNC: *out = enum_value(f.stencil_front.func); return true;
    case GL_STENCIL_REF: *out = ints({f.stencil_front.ref}); return true;
    case GL_STENCIL_VALUE_MASK: *out = uint_value(f.stencil_front.value_mask); return true;
    case GL_STENCIL_WRITEMASK: *out = uint_value(f.stencil_front.write_mask); return true;
    case GL_STENCIL_FAIL: *out = enum_value(f.stencil_front.fail); return true;
    case GL_STENCIL_PASS_DEPTH_FAIL: *out = enum_value(f.stencil_front.zfail); return true;
    case GL_STENCIL_PASS_DEPTH_PASS: *out = enum_value(f.stencil_front.zpass); return true;
    case GL_STENCIL_BACK_FUNC: *out = enum_value(f.stencil_back.func); return true;
    case GL_STENCIL_BACK_REF: *out = ints({f.stencil_back.ref}); return true;
    case GL_STENCIL_BACK_VALUE_MASK: *out = uint_value(f.stencil_back.value_mask); return true;
    case GL_STENCIL_BACK_WRITEMASK: *out = uint_value(f.stencil_back.write_mask); return true;
    case GL_STENCIL_BACK_FAIL: *out = enum_value(f.stencil_back.fail); return true;
    case GL_STENCIL_BACK_PASS_DEPTH_FAIL: *out = enum_value(f.stencil_back.zfail); return true;
    case GL_STENCIL_BACK_PASS_DEPTH_PASS: *out = enum_value(f.stencil_back.zpass); return true;
    case GL_CULL_FACE_MODE: *out = enum_value(f.cull_face_mode); return true;
    case GL_FRONT_FACE: *out = enum_value(f.front_face); return true;
    case GL_POLYGON_OFFSET_FACTOR: *out = floats({f.polygon_offset_factor}); return true;
    case GL_POLYGON_OFFSET_UNITS: *out = floats({f.polygon_offset_units}); return true;
    case GL_POLYGON_OFFSET_CLAMP_EXT:
      if (!ctx.has_feature("GL_EXT_polygon_offset_clamp")) return false;
      *out = floats({f.polygon_offset_clamp});
      return true;
    case GL_CLIP_ORIGIN_EXT:
      if (!ctx.has_feature("GL_EXT_clip_control")) return false;
      *out = enum_value(f.clip_origin);
      return true;
    case GL_CLIP_DEPTH_MODE_EXT:
      if (!ctx.has_feature("GL_EXT_clip_control")) return false;
      *out = enum_value(f.clip_depth_mode);
      return true;
    case GL_LINE_WIDTH: *out = floats({f.line_width}); return true;
    case GL_SAMPLE_COVERAGE_VALUE: *out = floats({f.sample_coverage_value}); return true;
    case GL_SAMPLE_COVERAGE_INVERT: *out = booleans({f.sample_coverage_invert}); return true;
    case GL_GENERATE_MIPMAP_HINT: *out = enum_value(s.generate_mipmap_hint); return true;
    case GL_FRAGMENT_SHADER_DERIVATIVE_HINT: *out = enum_value(s.fragment_shader_derivative_hint); return true;
    default: return false;
  }
}

// The legacy state of compatibility contexts (compat/legacy_queries.h).
bool query_legacy(Context& ctx, GLenum pname, QueryValue* out) {
  LegacyQueryValue l;
  if (!legacy_query(ctx, pname, &l)) return false;
  QueryValue q;
  q.kind = l.kind == LegacyQueryValue::Float ? QueryValue::Float
           : l.kind == LegacyQueryValue::Bool ? QueryValue::Bool
                                              : QueryValue::Int;
  q.count = l.count;
  q.mask = l.mask;
  q.normalized = l.normalized;
  for (int k = 0; k < l.count; ++k) {
    q.i[k] = l.i[k];
    q.f[k] = l.f[k];
    q.b[k] = l.b[k];
  }
  *out = q;
  return true;
}

// EXT_texture_integer's only state (no core enum has its value).
constexpr GLenum kRgbaIntegerModeExt = 0x8D9E;

// Desktop core-profile state (api_desktop_state.cpp); false in ES.
bool query_desktop_state(Context& ctx, GLenum pname, QueryValue* out) {
  if (!ctx.desktop()) return false;
  const FixedFunctionState& f = ctx.ff;
  switch (pname) {
    // The core profile has one mode for both faces; the query still
    // answers front and back (GL 4.6 table 23.10).
    case GL_POLYGON_MODE: *out = ints({f.polygon_mode, f.polygon_mode}); return true;
    case GL_PROVOKING_VERTEX: *out = enum_value(f.provoking_vertex); return true;
    case GL_PRIMITIVE_RESTART_INDEX: *out = uint_value(f.primitive_restart_index); return true;
    case GL_POINT_SIZE: *out = floats({f.point_size}); return true;
    case GL_POINT_SIZE_RANGE: *out = floats({1.0f, static_cast<GLfloat>(ctx.limits.max_point_size)}); return true;
    case GL_POINT_SIZE_GRANULARITY: *out = floats({1.0f}); return true;
    // EXT_texture_integer (listed in every desktop context): whether the
    // draw framebuffer takes integer colours, i.e. one of its draw buffers
    // has an integer format.
    case kRgbaIntegerModeExt: {
      bool integer = false;
      ColorBuffer cb;
      for (int i = 0; i < ctx.limits.max_draw_buffers && !integer; ++i)
        integer = draw_color_buffer(ctx, static_cast<unsigned>(i), &cb) && cb.info && cb.info->is_integer();
      *out = booleans({integer});
      return true;
    }
    // ARB_timer_query: the GPU clock now (api_queries.cpp).
    case GL_TIMESTAMP: *out = ints({current_gpu_time(ctx)}); return true;
    // ARB_texture_gather: textureGather reads any of a texel's four
    // components (after the texture's swizzle), as Vulkan's OpImageGather does.
    case GL_MAX_PROGRAM_TEXTURE_GATHER_COMPONENTS_ARB: *out = ints({4}); return true;
    // ARB_shader_subroutine: the compiler's limits (compiler/subroutines.h).
    case GL_MAX_SUBROUTINES:
    case GL_MAX_SUBROUTINE_UNIFORM_LOCATIONS:
      if (ctx.version() < 40 && !ctx.has_extension("GL_ARB_shader_subroutine")) return false;
      *out = ints({static_cast<GLint>(pname == GL_MAX_SUBROUTINES ? compiler::kMaxSubroutines
                                                                   : compiler::kMaxSubroutineUniformLocations)});
      return true;
    // ARB_map_buffer_alignment (GL 4.2): every map's pointer less its
    // offset is a multiple of this (the driver aligns buffers and staging).
    case GL_PACK_IMAGE_HEIGHT: *out = ints({ctx.state.pack_image_height}); return true;
    case GL_PACK_SKIP_IMAGES: *out = ints({ctx.state.pack_skip_images}); return true;
    case GL_UNPACK_COMPRESSED_BLOCK_WIDTH:
    case GL_UNPACK_COMPRESSED_BLOCK_HEIGHT:
    case GL_UNPACK_COMPRESSED_BLOCK_DEPTH:
    case GL_UNPACK_COMPRESSED_BLOCK_SIZE:
      *out = ints({ctx.state.unpack_compressed_block[pname - GL_UNPACK_COMPRESSED_BLOCK_WIDTH]});
      return true;
    case GL_PACK_COMPRESSED_BLOCK_WIDTH:
    case GL_PACK_COMPRESSED_BLOCK_HEIGHT:
    case GL_PACK_COMPRESSED_BLOCK_DEPTH:
    case GL_PACK_COMPRESSED_BLOCK_SIZE:
      *out = ints({ctx.state.pack_compressed_block[pname - GL_PACK_COMPRESSED_BLOCK_WIDTH]});
      return true;
    case GL_MIN_MAP_BUFFER_ALIGNMENT: *out = ints({static_cast<GLint64>(pipe::kMinMapBufferAlignment)}); return true;
    // ARB_transform_feedback3: the binding points gl_NextBuffer may reach
    // and the vertex streams a geometry shader may emit to.
    case GL_MAX_TRANSFORM_FEEDBACK_BUFFERS:
      *out = ints({std::min<GLint>(ctx.limits.max_transform_feedback_separate_attribs, kMaxTransformFeedbackBuffers)});
      return true;
    case GL_MAX_VERTEX_STREAMS: *out = ints({ctx.limits.max_vertex_streams}); return true;
    case GL_MAX_TEXTURE_MAX_ANISOTROPY:
      if (!anisotropic_filtering(ctx)) return false;
      *out = floats({static_cast<GLfloat>(ctx.screen().get_cap(pipe::Cap::MaxSamplerAnisotropy))});
      return true;
    // api_desktop_raster.cpp's state.
    case GL_LOGIC_OP_MODE: *out = enum_value(f.logic_op); return true;
    case GL_POINT_FADE_THRESHOLD_SIZE: *out = floats({f.point_fade_threshold_size}); return true;
    case GL_POINT_SPRITE_COORD_ORIGIN: *out = enum_value(f.point_sprite_coord_origin); return true;
    case GL_CLAMP_READ_COLOR: *out = enum_value(ctx.state.clamp_read_color); return true;
    case GL_DRAW_BUFFER:  // draw buffer 0
      *out = enum_value(ctx.draw_framebuffer ? ctx.draw_framebuffer->draw_buffers[0] : ctx.default_draw_buffer);
      return true;
    // Lines are not antialiased: the smooth range is the aliased one.
    case GL_SMOOTH_LINE_WIDTH_RANGE: *out = floats({1.0f, static_cast<GLfloat>(ctx.limits.max_line_width)}); return true;
    case GL_SMOOTH_LINE_WIDTH_GRANULARITY: *out = floats({1.0f}); return true;
    case GL_LINE_SMOOTH_HINT: *out = enum_value(ctx.state.line_smooth_hint); return true;
    case GL_POLYGON_SMOOTH_HINT: *out = enum_value(ctx.state.polygon_smooth_hint); return true;
    case GL_TEXTURE_COMPRESSION_HINT: *out = enum_value(ctx.state.texture_compression_hint); return true;
    // QUADS_FOLLOW_PROVOKING_VERTEX_CONVENTION is not a core-profile state
    // (no quads): INVALID_ENUM.
    default: return false;
  }
}

// Compatibility-profile fixed-function state (gl/compat/state_queries_compat.h).
bool query_compat_state(Context& ctx, GLenum pname, QueryValue* out, GLenum* error) {
  compat::StateQueryValue v;
  if (!compat::query_state(ctx, pname, &v, error)) return false;
  QueryValue q;
  q.kind = v.kind == compat::StateQueryValue::Float ? QueryValue::Float : QueryValue::Int;
  q.normalized = v.normalized;
  q.count = v.count;
  for (int k = 0; k < v.count; ++k) {
    q.i[k] = v.i[k];
    q.f[k] = v.f[k];
  }
  *out = q;
  return true;
}

// The compatibility profile's current values and conventional arrays
// (compat/vertex_arrays_legacy.h).
bool query_compat_vertex_spec(Context& ctx, GLenum pname, QueryValue* out) {
  compat::VertexStateValue v;
  if (!ctx.compatibility() || !compat::vertex_spec_query(ctx, pname, &v)) return false;
  if (v.is_float) {
    *out = floats(v.f, v.count, v.normalized);
  } else {
    *out = QueryValue{};
    for (int k = 0; k < v.count; ++k) out->i[out->count++] = v.i[k];
  }
  return true;
}

// GL_NO_ERROR with *out filled, or the error to record (INVALID_ENUM for an
// unknown pname).
GLenum query(Context& ctx, GLenum pname, QueryValue* out) {
  if (bool* flag = enable_flag(ctx, pname)) {
    *out = booleans({*flag});
    return GL_NO_ERROR;
  }
  if (ctx.compatibility() && query_legacy(ctx, pname, out)) return GL_NO_ERROR;
  if (pname == GL_IMPLEMENTATION_COLOR_READ_FORMAT || pname == GL_IMPLEMENTATION_COLOR_READ_TYPE) {
    if (ctx.read_framebuffer ? check_framebuffer_status(ctx, *ctx.read_framebuffer) != GL_FRAMEBUFFER_COMPLETE
                             : !ctx.read())
      return GL_INVALID_FRAMEBUFFER_OPERATION;
    ColorBuffer cb;
    if (!read_color_buffer(ctx, &cb)) return GL_INVALID_OPERATION;
    const pixel::PixelLayout l = pixel::implementation_color_read_layout(*cb.info, ctx.format_features);
    *out = enum_value(pname == GL_IMPLEMENTATION_COLOR_READ_FORMAT ? l.format : l.type);
    return GL_NO_ERROR;
  }
  // Buffer and vertex array bindings come from the buffer area (buffer.h).
  GLint buffer_value = 0;
  if (query_buffer_state(ctx, pname, &buffer_value)) {
    *out = ints({buffer_value});
    return GL_NO_ERROR;
  }
  // Texture bindings and the active unit come from the texture area (texture.h).
  GLint texture_value = 0;
  if (query_texture_state(ctx, pname, &texture_value)) {
    *out = ints({texture_value});
    return GL_NO_ERROR;
  }
  GLint debug_value = 0;
  if (query_debug_state(ctx, pname, &debug_value) || query_robustness_state(ctx, pname, &debug_value) ||
      compat::query_display_list_state(ctx, pname, &debug_value)) {
    *out = ints({debug_value});
    return GL_NO_ERROR;
  }
  if (GLenum compat_error = GL_NO_ERROR; query_compat_state(ctx, pname, out, &compat_error)) return compat_error;
  if (query_fixed_function(ctx, pname, out) || query_bindings(ctx, pname, out) || query_limits(ctx, pname, out) ||
      query_es31_limits(ctx, pname, out) || query_geometry_limits(ctx, pname, out) ||
      query_tessellation_state(ctx, pname, out) || query_es32_shading_state(ctx, pname, out) ||
      query_framebuffer_bits(ctx, pname, out) || query_desktop_state(ctx, pname, out) ||
      query_compat_vertex_spec(ctx, pname, out))
    return GL_NO_ERROR;
  if (compat::StateAnswer a; ctx.desktop() && compat::query_pixel_state(ctx, pname, &a)) {
    out->kind = a.kind == compat::StateAnswer::Int ? QueryValue::Int
                : a.kind == compat::StateAnswer::Bool ? QueryValue::Bool : QueryValue::Float;
    out->count = a.count;
    out->normalized = a.normalized;
    std::copy(a.f, a.f + a.count, out->f);
    std::copy(a.i, a.i + a.count, out->i);
    std::copy(a.b, a.b + a.count, out->b);
    return GL_NO_ERROR;
  }
  return GL_INVALID_ENUM;
}

// §6.1.2: a normalized float maps [-1,1] onto the full signed 32-bit range,
// other floats round to the nearest integer; values beyond the range clamp.
GLint64 float_to_int(GLfloat v, bool normalized) {
  if (normalized) {
    const double c = std::clamp(static_cast<double>(v), -1.0, 1.0);
    return std::llround(c * 2147483647.0);
  }
  const double r = std::nearbyint(static_cast<double>(v));
  if (!(r == r)) return 0;
  return static_cast<GLint64>(std::clamp(r, -9.2233720368547748e18, 9.2233720368547748e18));
}

GLint clamp_int(GLint64 v) { return static_cast<GLint>(std::clamp<GLint64>(v, INT_MIN, INT_MAX)); }

template <typename T>
void write_values(const QueryValue& q, T* data) {
  for (int k = 0; k < q.count; ++k) {
    if constexpr (std::is_same_v<T, GLboolean>) {
      switch (q.kind) {
        case QueryValue::Int: data[k] = q.i[k] != 0 ? GL_TRUE : GL_FALSE; break;
        case QueryValue::Bool: data[k] = q.b[k] ? GL_TRUE : GL_FALSE; break;
        case QueryValue::Float: data[k] = q.f[k] != 0.0f ? GL_TRUE : GL_FALSE; break;
      }
    } else if constexpr (std::is_same_v<T, GLfloat> || std::is_same_v<T, GLdouble>) {
      switch (q.kind) {
        case QueryValue::Int: data[k] = static_cast<T>(q.i[k]); break;
        case QueryValue::Bool: data[k] = q.b[k] ? T{1} : T{0}; break;
        case QueryValue::Float: data[k] = q.f[k]; break;
      }
    } else {
      GLint64 v = 0;
      switch (q.kind) {
        case QueryValue::Int: v = q.i[k]; break;
        case QueryValue::Bool: v = q.b[k] ? 1 : 0; break;
        case QueryValue::Float: v = float_to_int(q.f[k], q.normalized); break;
      }
      if constexpr (std::is_same_v<T, GLint>) data[k] = q.mask ? static_cast<GLint>(static_cast<GLuint>(v)) : clamp_int(v);
      else data[k] = v;
    }
  }
}

template <typename T>
void get(Context& ctx, GLenum pname, T* data) {
  QueryValue q;
  if (const GLenum e = query(ctx, pname, &q)) return ctx.set_error(e);
  if (data) write_values(q, data);
}

}  // namespace

int draw_buffer_state(Context& ctx, GLenum pname, GLuint index, GLint64 out[4]) {
  switch (pname) {
    case GL_BLEND_EQUATION_RGB: case GL_BLEND_EQUATION_ALPHA: case GL_BLEND_SRC_RGB: case GL_BLEND_SRC_ALPHA:
    case GL_BLEND_DST_RGB: case GL_BLEND_DST_ALPHA: case GL_COLOR_WRITEMASK:
      break;
    default: return -1;
  }
  if (!ctx.has_feature("GL_EXT_draw_buffers_indexed")) {
    ctx.set_error(GL_INVALID_ENUM);
    return 0;
  }
  if (index >= static_cast<GLuint>(ctx.limits.max_draw_buffers)) {
    ctx.set_error(GL_INVALID_VALUE);
    return 0;
  }
  const BlendEquation& e = ctx.ff.blend_eq[index];
  switch (pname) {
    case GL_BLEND_EQUATION_RGB: out[0] = e.rgb; return 1;
    case GL_BLEND_EQUATION_ALPHA: out[0] = e.alpha; return 1;
    case GL_BLEND_SRC_RGB: out[0] = e.src_rgb; return 1;
    case GL_BLEND_SRC_ALPHA: out[0] = e.src_alpha; return 1;
    case GL_BLEND_DST_RGB: out[0] = e.dst_rgb; return 1;
    case GL_BLEND_DST_ALPHA: out[0] = e.dst_alpha; return 1;
    default:
      for (int i = 0; i < 4; ++i) out[i] = ctx.ff.color_mask[index][i] ? 1 : 0;
      return 4;
  }
}

int sample_mask_state(Context& ctx, GLenum pname, GLuint index, GLint64 out[4]) {
  if (pname != GL_SAMPLE_MASK_VALUE || !ctx.es31()) return -1;
  if (index >= static_cast<GLuint>(ctx.limits.max_sample_mask_words) || index >= kMaxSampleMaskWords) {
    ctx.set_error(GL_INVALID_VALUE);
    return 0;
  }
  out[0] = ctx.ff.sample_mask_value[index];
  return 1;
}

GLsizei draw_framebuffer_samples(Context& ctx) {
  if (ctx.draw_framebuffer) {
    // Without attachments, what the defaults rasterize with (ES 3.1 §9.2.1).
    const uint32_t defaults = no_attachment_samples(ctx, *ctx.draw_framebuffer);
    if (defaults) return defaults > 1 ? static_cast<GLsizei>(defaults) : 0;
    return framebuffer_samples(*ctx.draw_framebuffer);
  }
  const Drawable* d = ctx.draw();
  return d && d->samples > 1 ? d->samples : 0;
}

namespace api {

void GetIntegerv(Context& ctx, GLenum pname, GLint* data) { get(ctx, pname, data); }
void GetInteger64v(Context& ctx, GLenum pname, GLint64* data) { get(ctx, pname, data); }
void GetFloatv(Context& ctx, GLenum pname, GLfloat* data) { get(ctx, pname, data); }
void GetBooleanv(Context& ctx, GLenum pname, GLboolean* data) { get(ctx, pname, data); }
// Desktop only: every pname the other getters answer (GL 4.6 §22.1).
void GetDoublev(Context& ctx, GLenum pname, GLdouble* data) { get(ctx, pname, data); }

GLboolean IsEnabledi(Context& ctx, GLenum target, GLuint index) {
  if (target == GL_SCISSOR_TEST && max_viewports(ctx) > 1) {
    GLint64 ints[4] = {};
    GLfloat floats[4] = {};
    bool is_float = false;
    return viewport_indexed_state(ctx, target, index, ints, floats, &is_float) == 1 && ints[0] ? GL_TRUE : GL_FALSE;
  }
  if (target != GL_BLEND) {
    ctx.set_error(GL_INVALID_ENUM);
    return GL_FALSE;
  }
  if (index >= static_cast<GLuint>(ctx.limits.max_draw_buffers)) {
    ctx.set_error(GL_INVALID_VALUE);
    return GL_FALSE;
  }
  return ctx.ff.blend[index] ? GL_TRUE : GL_FALSE;
}

GLboolean IsEnabled(Context& ctx, GLenum cap) {
  if (ctx.compatibility())
    if (const int on = compat::client_array_enabled(ctx, cap); on >= 0) return on ? GL_TRUE : GL_FALSE;
  if (ctx.compatibility() && compat::texture_enable_out_of_range(ctx, cap)) return GL_FALSE;
  bool* flag = enable_flag(ctx, cap);
  if (!flag) {
    ctx.set_error(GL_INVALID_ENUM);
    return GL_FALSE;
  }
  return *flag ? GL_TRUE : GL_FALSE;
}

}  // namespace api
}  // namespace brass::gl
