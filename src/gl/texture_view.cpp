// glTextureView (GL 4.3 §8.18, OES/EXT_texture_view): its errors, and the
// view texture it makes over the original's storage.
#include "gl/texture_view.h"

#include <algorithm>
#include <new>

#include "gl/context.h"
#include "gl/texture_storage.h"
#include "gl/texture_view_classes.h"
#include "gl_functions.h"

namespace brass::gl {

bool has_texture_views(const Context& ctx) {
  return ctx.has_extension(ctx.desktop() ? "GL_ARB_texture_view" : "GL_OES_texture_view");
}

pipe::Format view_storage_format(const Texture& tex) {
  if (!tex.is_view || !tex.resource) return pipe::Format::None;
  const TextureImage* img = tex.image(0, 0);
  if (!img || img->info->storage == tex.resource->templ().format) return pipe::Format::None;
  return img->info->storage;
}

namespace {

// Table 8.X.1 (GL 4.6 table 8.21): the targets a view of a texture of
// `orig` may have.
bool targets_compatible(GLenum orig, GLenum view) {
  switch (orig) {
    case GL_TEXTURE_2D: return view == GL_TEXTURE_2D || view == GL_TEXTURE_2D_ARRAY;
    case GL_TEXTURE_3D: return view == GL_TEXTURE_3D;
    case GL_TEXTURE_CUBE_MAP:
    case GL_TEXTURE_2D_ARRAY:
    case GL_TEXTURE_CUBE_MAP_ARRAY:
      return view == GL_TEXTURE_CUBE_MAP || view == GL_TEXTURE_2D || view == GL_TEXTURE_2D_ARRAY ||
             view == GL_TEXTURE_CUBE_MAP_ARRAY;
    case GL_TEXTURE_2D_MULTISAMPLE:
    case GL_TEXTURE_2D_MULTISAMPLE_ARRAY_OES:
      return view == GL_TEXTURE_2D_MULTISAMPLE || view == GL_TEXTURE_2D_MULTISAMPLE_ARRAY_OES;
    case GL_TEXTURE_1D:
    case GL_TEXTURE_1D_ARRAY: return view == GL_TEXTURE_1D || view == GL_TEXTURE_1D_ARRAY;
    case GL_TEXTURE_RECTANGLE: return view == GL_TEXTURE_RECTANGLE;
    default: return false;  // TEXTURE_BUFFER has no views
  }
}

bool is_array_target(GLenum t) {
  return t == GL_TEXTURE_2D_ARRAY || t == GL_TEXTURE_CUBE_MAP_ARRAY || t == GL_TEXTURE_2D_MULTISAMPLE_ARRAY_OES ||
         t == GL_TEXTURE_1D_ARRAY;
}

}  // namespace

namespace api {

void TextureView(Context& ctx, GLuint texture, GLenum target, GLuint origtexture, GLenum internalformat,
                 GLuint minlevel, GLuint numlevels, GLuint minlayer, GLuint numlayers) {
  if (!has_texture_views(ctx)) return ctx.set_error(GL_INVALID_OPERATION);
  if (texture == 0) return ctx.set_error(GL_INVALID_VALUE);
  ShareGroup& sg = ctx.share_group();
  // `texture` must be a generated name that was never bound (given a target).
  if (!sg.textures.is_name(texture)) return ctx.set_error(GL_INVALID_OPERATION);
  const Ref<Texture> existing = sg.textures.lookup(texture);
  if (existing && existing->target != GL_NONE) return ctx.set_error(GL_INVALID_OPERATION);
  const Ref<Texture> orig = origtexture != 0 ? sg.textures.lookup(origtexture) : Ref<Texture>();
  if (!orig || orig->target == GL_NONE) return ctx.set_error(GL_INVALID_VALUE);
  if (!orig->immutable || !orig->resource) return ctx.set_error(GL_INVALID_OPERATION);
  const TextureTargetIndex view_index = target_index(target);
  if (view_index == TextureTargetIndex::Count || !target_available(ctx, view_index) ||
      !targets_compatible(orig->target, target))
    return ctx.set_error(GL_INVALID_OPERATION);
  const TextureImage* orig_base = orig->image(0, 0);
  if (!orig_base) return ctx.set_error(GL_INVALID_OPERATION);
  // The original's own format as it was named (an unsized one too: an
  // EGLImage made from a glTexImage2D(GL_RGBA) texture) is its sized format.
  const pixel::InternalFormatInfo* info =
      internalformat == orig_base->internal_format
          ? orig_base->info
          : pixel::find_internal_format(internalformat, texture_format_features(ctx));
  // GL's classes have the 16-bit normalized formats; OES_texture_view left
  // them out only because ES had none, so ES contexts with
  // EXT_texture_norm16 class them as GL does (as piglit and Mesa expect).
  const bool norm16_classes = ctx.desktop() || ctx.has_extension("GL_EXT_texture_norm16");
  if (!info ||
      !texture_view_formats_compatible(orig_base->info->internal_format, info->internal_format, norm16_classes))
    return ctx.set_error(GL_INVALID_OPERATION);

  // Levels and layers, relative to the original view (GLuint arithmetic:
  // every difference is taken only once the operand is known smaller).
  const GLuint orig_levels = orig->view_num_levels, orig_layers = orig->view_num_layers;
  if (minlevel >= orig_levels || minlayer >= orig_layers) return ctx.set_error(GL_INVALID_VALUE);
  const GLuint levels = std::min(numlevels, orig_levels - minlevel);
  const GLuint layers = std::min(numlayers, orig_layers - minlayer);
  switch (target) {
    case GL_TEXTURE_CUBE_MAP:
      if (layers != 6) return ctx.set_error(GL_INVALID_VALUE);
      break;
    case GL_TEXTURE_CUBE_MAP_ARRAY:
      if (layers == 0 || layers % 6 != 0) return ctx.set_error(GL_INVALID_VALUE);
      break;
    case GL_TEXTURE_2D:
    case GL_TEXTURE_3D:
    case GL_TEXTURE_2D_MULTISAMPLE:
    case GL_TEXTURE_1D:
    case GL_TEXTURE_RECTANGLE:
      if (numlayers != 1) return ctx.set_error(GL_INVALID_VALUE);
      break;
    default: break;
  }
  const TextureImage* first = orig->image(static_cast<GLint>(minlevel), 0);
  if (!first || !first->resource) return ctx.set_error(GL_INVALID_OPERATION);
  if ((target == GL_TEXTURE_CUBE_MAP || target == GL_TEXTURE_CUBE_MAP_ARRAY) && orig_base->width != orig_base->height)
    return ctx.set_error(GL_INVALID_OPERATION);
  // The original's dimensions must fit the new target's limits.
  const GLint max_dim = target == GL_TEXTURE_3D ? ctx.limits.max_3d_texture_size
                        : target == GL_TEXTURE_CUBE_MAP || target == GL_TEXTURE_CUBE_MAP_ARRAY
                            ? ctx.limits.max_cube_map_texture_size
                            : ctx.limits.max_texture_size;
  if (orig_base->width > max_dim || orig_base->height > max_dim ||
      (target == GL_TEXTURE_3D && orig_base->depth > max_dim) ||
      (is_array_target(target) && layers > static_cast<GLuint>(ctx.limits.max_array_texture_layers)))
    return ctx.set_error(GL_INVALID_OPERATION);
  // The device must see the storage in the view's format: a format Brass
  // stores in another Vulkan format than the original's (texel size or
  // conversion) cannot alias it.
  if (!ctx.screen().can_view_format(*first->resource, info->storage)) return ctx.set_error(GL_INVALID_OPERATION);

  Ref<Texture> view =
      sg.textures.get_or_create(texture, false, [](GLuint name) { return make_ref<Texture>(name); });
  if (!view) return ctx.set_error(GL_OUT_OF_MEMORY);
  if (view->target != GL_NONE) return ctx.set_error(GL_INVALID_OPERATION);  // bound meanwhile elsewhere
  const unsigned faces = target == GL_TEXTURE_CUBE_MAP ? 6u : 1u;
  const uint32_t first_layer = first->resource_layer + minlayer;
  try {
    view->images.assign(levels, {});
  } catch (const std::bad_alloc&) {
    return ctx.set_error(GL_OUT_OF_MEMORY);
  }
  for (GLuint l = 0; l < levels; ++l) {
    const TextureImage* src = orig->image(static_cast<GLint>(minlevel + l), 0);
    if (!src) return ctx.set_error(GL_INVALID_OPERATION);
    for (unsigned f = 0; f < faces; ++f) {
      TextureImage& img = view->images[l][f];
      img.internal_format = internalformat == orig_base->internal_format ? internalformat : info->internal_format;
      img.info = info;
      img.width = src->width;
      img.height = src->height;
      img.depth = target == GL_TEXTURE_3D ? src->depth : is_array_target(target) ? static_cast<GLsizei>(layers) : 1;
      img.resource = src->resource;
      img.resource_level = src->resource_level;
      img.resource_layer = first_layer + (target == GL_TEXTURE_CUBE_MAP ? f : 0u);
    }
  }
  set_texture_target(*view, target);
  view->resource = orig->resource;
  view->resource_base = orig->resource_base - static_cast<GLint>(minlevel);
  view->main_shared = false;
  view->immutable = true;
  view->immutable_levels = orig->immutable_levels;
  view->samples = orig->samples;
  view->fixed_sample_locations = orig->fixed_sample_locations;
  view->is_view = true;
  view->view_min_level = orig->view_min_level + minlevel;
  view->view_num_levels = levels;
  view->view_min_layer = orig->view_min_layer + minlayer;
  view->view_num_layers = layers;
  view->view_resource_layer = first_layer;
  view->changed();
  ctx.dirty(kDirtyTextures);
}

}  // namespace api
}  // namespace brass::gl
