// The extension names a compatibility-profile context lists on top of the
// desktop ones: functionality the compatibility profile has under the
// ARB / EXT / NV / SGIS names it was first specified by, with the suffixed
// commands that alias the core ones (tools/gen/gen_gl.py
// --compat-extensions). Declared in gl/extensions.h.
#include <algorithm>

#include "gl/extensions.h"
#include "pipe/context.h"
#include "pipe/screen.h"

namespace brass::gl {

void add_compatibility_extensions(const pipe::Screen& screen, std::vector<std::string>* extensions) {
  const size_t before = extensions->size();
  // EXT_gpu_shader4: the commands are GL 3.0's under their EXT names
  // (tools/gen/gen_gl.py --compat-extensions; the enums are the same
  // values), and GLSL 1.10 / 1.20 sources that enable it are compiled as
  // GLSL 1.30 - 1.50 (compiler/legacy_texture_extensions.h). Its fragment
  // gl_PrimitiveID is SPIR-V PrimitiveId, which needs the device's geometry
  // shaders; samplerBuffer needs buffer textures.
  const bool buffer_textures = std::find(extensions->begin(), extensions->end(),
                                         "GL_ARB_texture_buffer_object") != extensions->end();
  if (screen.get_cap(pipe::Cap::GeometryShader) && buffer_textures) extensions->emplace_back("GL_EXT_gpu_shader4");
  // EXT_texture_buffer_object: glTexBufferEXT is GL 3.1's glTexBuffer under
  // its EXT name (gen_gl.py --compat-extensions; same enums), and its table
  // holds the legacy ALPHA / LUMINANCE / INTENSITY formats that compatibility
  // contexts take (gl/texture_buffer.h); its glGet queries of the
  // active unit's buffer texture are texture_validation.cpp's.
  if (buffer_textures) extensions->emplace_back("GL_EXT_texture_buffer_object");
  // GL 1.3 - 1.5 functionality of the compatibility profile under the ARB
  // names it was first specified by: vertex buffer objects (the legacy
  // arrays' *_ARRAY_BUFFER_BINDING included, compat/vertex_arrays_legacy.cpp)
  // and glWindowPos (compat/raster_position.cpp), whose ARB commands alias
  // the core ones (tools/gen/gen_gl.py --compat-extensions), and cube maps
  // (no commands; the fixed-function stages sample them and generate their
  // NORMAL_MAP / REFLECTION_MAP coordinates, compat/api_texgen_clip.cpp).
  for (const char* name : {"GL_ARB_vertex_buffer_object", "GL_ARB_window_pos", "GL_ARB_texture_cube_map"})
    extensions->emplace_back(name);
  // GL 3.0's framebuffer objects under the EXT names they were first
  // specified by: the *EXT commands alias the core ones (gen_gl.py
  // --compat-extensions) but glBindFramebufferEXT / glBindRenderbufferEXT,
  // which create objects for names glGen* did not return
  // (api_framebuffer_object_ext.cpp); blits, multisample renderbuffers,
  // DEPTH_STENCIL / DEPTH24_STENCIL8 / UNSIGNED_INT_24_8 and the provoking
  // vertex are the core features under the same enums (EXT_provoking_vertex
  // in every desktop context: supported_desktop_extensions).
  for (const char* name : {"GL_EXT_framebuffer_object", "GL_EXT_framebuffer_blit", "GL_EXT_framebuffer_multisample",
                           "GL_EXT_packed_depth_stencil"})
    extensions->emplace_back(name);
  // GL 1.4's fog coordinates and secondary colours under their EXT names
  // (the *EXT commands alias the core ones: gen_gl.py --compat-extensions),
  // and NV_fog_distance's eye-plane, signed and radial fog distances
  // (FOG_DISTANCE_MODE_NV; compat/ff_vertex_shader.cpp).
  for (const char* name : {"GL_EXT_fog_coord", "GL_EXT_secondary_color", "GL_NV_fog_distance"})
    extensions->emplace_back(name);
  // GL 1.2 - 2.0 functionality under the ARB / EXT / SGIS names it was
  // first specified by. Commands alias the core ones (gen_gl.py
  // --compat-extensions): multitexture, transpose matrices, multisample
  // coverage, compressed images, occlusion queries, blend colour /
  // equations / functions, 3D textures and copies, range draws, indexed
  // enables and colour masks. The rest are enums and state of the same
  // values: texture environment combiners with crossbar, DOT3 and ADD
  // (compat/ff_fragment_shader.cpp), point sprites, depth textures, border /
  // mirrored / edge clamps, BGRA / ABGR / packed pixel formats,
  // RESCALE_NORMAL, separate specular colour, wrapping stencil operations,
  // LOD bias through glTexEnv, the GENERATE_MIPMAP texture parameter, LOD
  // clamps. Not listed although their entry points exist: ARB_draw_buffers
  // (gl_FragColor and fixed-function colour are written to draw buffer 0
  // only, not to every one), ARB/EXT_point_parameters (piglit's aliased
  // point attenuation fails), ARB_shadow / EXT_shadow_funcs (piglit's
  // depth-tex-compare fails).
  for (const char* name :
       {"GL_ARB_multitexture", "GL_ARB_transpose_matrix", "GL_ARB_multisample", "GL_ARB_texture_compression",
        "GL_ARB_occlusion_query", "GL_EXT_blend_color", "GL_EXT_blend_equation_separate",
        "GL_EXT_blend_func_separate", "GL_EXT_blend_subtract", "GL_EXT_texture3D", "GL_EXT_copy_texture",
        "GL_EXT_subtexture", "GL_EXT_draw_range_elements", "GL_EXT_draw_buffers2", "GL_ARB_texture_env_combine",
        "GL_ARB_texture_env_crossbar", "GL_ARB_texture_env_dot3", "GL_ARB_texture_env_add", "GL_ARB_point_sprite",
        "GL_ARB_depth_texture", "GL_ARB_texture_border_clamp", "GL_ARB_texture_mirrored_repeat",
        "GL_SGIS_texture_edge_clamp", "GL_EXT_bgra", "GL_EXT_abgr", "GL_EXT_packed_pixels", "GL_EXT_rescale_normal",
        "GL_EXT_separate_specular_color", "GL_EXT_stencil_wrap", "GL_EXT_texture_lod_bias", "GL_SGIS_generate_mipmap",
        "GL_SGIS_texture_lod"})
    extensions->emplace_back(name);
  // EXT_timer_query's 64-bit results and TIME_ELAPSED, where the device's
  // timestamps make ARB_timer_query.
  if (std::find(extensions->begin(), extensions->end(), "GL_ARB_timer_query") != extensions->end())
    extensions->emplace_back("GL_EXT_timer_query");
  if (extensions->size() != before) std::sort(extensions->begin(), extensions->end());
}

}  // namespace brass::gl
