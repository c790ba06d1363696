// The GL context: per-context state, the GL error rule (the first error sticks
// until glGetError reads it), the share group, and the calling thread's
// current context. Knows nothing about EGL; EGL drives it through this header.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "gl/gl_types.h"
#include "gl/share_group.h"

namespace brass::gl {

// What the window system asks for when it creates a context.
struct ContextDesc {
  int major = 3, minor = 0;        // requested ES version (the context may be higher)
  bool debug = false;
  bool robust_access = false;
  bool lose_context_on_reset = false;
  std::string device_name;         // for GL_RENDERER: "Brass (<device_name>)"
};

// Limits reported by glGet. Filled with ES 3.0 minimums today; the pipe
// screen's caps replace them once contexts have a pipe::Screen.
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
  GLint subpixel_bits = 4;
};

// The window-system buffers a context renders to (an EGL surface), as GL sees
// them. Null draw/read: surfaceless (EGL_KHR_surfaceless_context).
struct Drawable {
  GLint width = 0, height = 0;
  GLint red_bits = 8, green_bits = 8, blue_bits = 8, alpha_bits = 8;
  GLint depth_bits = 0, stencil_bits = 0, samples = 0;
};

// State that glGet* reports and later pipe state is built from.
struct State {
  GLfloat clear_color[4] = {0, 0, 0, 0};
  GLfloat clear_depth = 1.0f;
  GLint clear_stencil = 0;
  GLint viewport[4] = {0, 0, 0, 0};
  GLint scissor[4] = {0, 0, 0, 0};
  bool scissor_test = false, depth_test = false, blend = false, cull_face = false;
  bool stencil_test = false, dither = true, polygon_offset_fill = false;
  bool sample_alpha_to_coverage = false, sample_coverage = false;
  bool rasterizer_discard = false, primitive_restart_fixed_index = false;
  GLint pack_alignment = 4, unpack_alignment = 4;
  GLint pack_row_length = 0, pack_skip_rows = 0, pack_skip_pixels = 0;
  GLint unpack_row_length = 0, unpack_image_height = 0, unpack_skip_rows = 0;
  GLint unpack_skip_pixels = 0, unpack_skip_images = 0;
};

class Context {
 public:
  // `share` may be null. Never fails today; returns null only on allocation failure.
  static std::unique_ptr<Context> create(const ContextDesc& desc, Context* share);
  ~Context();
  Context(const Context&) = delete;
  Context& operator=(const Context&) = delete;

  // The GL error rule: only the first error is kept until glGetError.
  void set_error(GLenum error) {
    if (error_ == GL_NO_ERROR) error_ = error;
  }
  GLenum take_error() {
    const GLenum e = error_;
    error_ = GL_NO_ERROR;
    return e;
  }
  // For a generated entry point with no handler yet.
  void unimplemented(int function_index, const char* name);

  // Called by the window system when this context becomes current on the
  // calling thread with these buffers (null: surfaceless). The first bind with
  // a draw buffer sets viewport and scissor to its size (ES 3.0 §2.12.1).
  void bind_drawables(const Drawable* draw, const Drawable* read);

  // Version actually provided (ES 3.0 for every ES 2/3 request).
  int major() const { return major_; }
  int minor() const { return minor_; }
  const ContextDesc& desc() const { return desc_; }
  ShareGroup& share_group() { return *share_group_; }
  const ShareGroup* share_group_ptr() const { return share_group_.get(); }
  NameSpace& framebuffers() { return framebuffers_; }
  const Drawable* draw() const { return has_draw_ ? &draw_ : nullptr; }

  const std::string& renderer_string() const { return renderer_; }
  const std::string& version_string() const { return version_; }
  const std::vector<std::string>& extensions() const { return extensions_; }
  const std::string& extensions_string() const { return extensions_string_; }

  State state;
  Limits limits;

 private:
  Context() = default;
  ContextDesc desc_;
  int major_ = 3, minor_ = 0;
  GLenum error_ = GL_NO_ERROR;
  Ref<ShareGroup> share_group_;
  NameSpace framebuffers_;
  Drawable draw_, read_;
  bool has_draw_ = false, has_read_ = false, ever_bound_draw_ = false;
  std::string renderer_, version_, extensions_string_;
  std::vector<std::string> extensions_;
};

// The calling thread's current GL context (null: none; GL calls are no-ops).
Context* current_context();
void set_current_context(Context* ctx);

// Name -> entry point for GetProcAddress and glvnd's dispatch table; null for
// names Brass does not know.
void* get_proc_address(const char* name);

}  // namespace brass::gl
