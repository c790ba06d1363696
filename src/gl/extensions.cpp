#include "gl/extensions.h"

#include "pipe/screen.h"

namespace brass::gl {

std::vector<std::string> supported_extensions(const pipe::Screen& screen) {
  (void)screen;
  return {
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
      "GL_EXT_draw_instanced",
      "GL_EXT_instanced_arrays",
      "GL_EXT_map_buffer_range",
      "GL_OES_mapbuffer",
      "GL_OES_vertex_array_object",
      // dFdx/dFdy/fwidth in GLSL ES 1.00 fragment shaders (core in 3.00).
      "GL_OES_standard_derivatives",
      // Draw parameters the pipe draw carries natively (vertex offset and
      // first instance).
      "GL_EXT_base_instance",
      "GL_EXT_draw_elements_base_vertex",
      "GL_EXT_multi_draw_arrays",
      "GL_OES_draw_elements_base_vertex",
      "GL_EXT_discard_framebuffer",
      "GL_KHR_parallel_shader_compile",
  };
}

}  // namespace brass::gl
