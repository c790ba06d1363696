// ARB_multi_bind (GL 4.4; GL 4.6 §8.1, §8.2, §8.26, §10.3.1): binding
// sequences of textures, samplers, image units and vertex buffers in one
// call. Each command first checks the whole range (INVALID_OPERATION when
// first + count runs past the units there are), then each entry alone: an
// entry in error records the error and keeps its old binding, the others
// are bound. A null array unbinds the whole range. (glBindBuffersBase and
// glBindBuffersRange are with the other buffer bindings, api_buffers.cpp.)
#include <algorithm>

#include "gl/context.h"
#include "gl/draw_validation.h"
#include "gl/image.h"
#include "gl/vertex_array.h"
#include "gl_functions.h"

namespace brass::gl {

namespace api {

namespace {

// The binding of `unit` a texture of `target` goes to; null for a target
// with no binding point here.
Binding<Texture>* unit_binding(TextureUnit& u, GLenum target) {
  switch (target) {
    case GL_TEXTURE_2D: return &u.texture_2d;
    case GL_TEXTURE_3D: return &u.texture_3d;
    case GL_TEXTURE_2D_ARRAY: return &u.texture_2d_array;
    case GL_TEXTURE_CUBE_MAP: return &u.texture_cube;
    case GL_TEXTURE_2D_MULTISAMPLE: return &u.texture_2d_multisample;
    case GL_TEXTURE_1D: return &u.texture_1d;
    case GL_TEXTURE_1D_ARRAY: return &u.texture_1d_array;
    case GL_TEXTURE_RECTANGLE: return &u.texture_rect;
    default: return nullptr;
  }
}

// Whether [first, first + count) lies within `units`; records the error when
// not (a negative count: INVALID_VALUE).
bool range_ok(Context& ctx, GLuint first, GLsizei count, GLint64 units) {
  if (count < 0) {
    ctx.set_error(GL_INVALID_VALUE);
    return false;
  }
  if (GLint64{first} + count > units) {
    ctx.set_error(GL_INVALID_OPERATION);
    return false;
  }
  return true;
}

GLint64 texture_units(const Context& ctx) {
  return std::min<GLint64>(ctx.limits.max_combined_texture_image_units, kMaxTextureUnits);
}

}  // namespace

void BindTextures(Context& ctx, GLuint first, GLsizei count, const GLuint* textures) {
  if (!range_ok(ctx, first, count, texture_units(ctx))) return;
  for (GLsizei i = 0; i < count; ++i) {
    TextureUnit& unit = ctx.textures.units[first + static_cast<GLuint>(i)];
    const GLuint name = textures ? textures[i] : 0;
    if (name == 0) {
      // Zero unbinds every target of the unit.
      for (GLenum target : {GL_TEXTURE_2D, GL_TEXTURE_3D, GL_TEXTURE_2D_ARRAY, GL_TEXTURE_CUBE_MAP,
                            GL_TEXTURE_2D_MULTISAMPLE, GL_TEXTURE_1D, GL_TEXTURE_1D_ARRAY, GL_TEXTURE_RECTANGLE})
        unit_binding(unit, target)->reset();
      continue;
    }
    // An existing texture object: one that a bind gave a target. A name
    // that was only generated has no target to bind it to.
    Ref<Texture> t = ctx.share_group().textures.lookup(name);
    Binding<Texture>* point = t ? unit_binding(unit, t->target) : nullptr;
    if (!point) {
      ctx.set_error(GL_INVALID_OPERATION);
      continue;
    }
    bind(*point, std::move(t));
  }
  ctx.dirty(kDirtyTextures);
}

void BindSamplers(Context& ctx, GLuint first, GLsizei count, const GLuint* samplers) {
  if (!range_ok(ctx, first, count, texture_units(ctx))) return;
  for (GLsizei i = 0; i < count; ++i) {
    const GLuint name = samplers ? samplers[i] : 0;
    Ref<Sampler> s;
    if (name != 0) {
      s = ctx.share_group().samplers.lookup(name);
      if (!s) {
        ctx.set_error(GL_INVALID_OPERATION);
        continue;
      }
    }
    bind(ctx.textures.units[first + static_cast<GLuint>(i)].sampler, std::move(s));
  }
  ctx.dirty(kDirtyTextures);
}

void BindImageTextures(Context& ctx, GLuint first, GLsizei count, const GLuint* textures) {
  if (!range_ok(ctx, first, count, std::min<GLint64>(ctx.limits.max_image_units, kMaxImageUnits))) return;
  for (GLsizei i = 0; i < count; ++i) {
    const GLuint unit = first + static_cast<GLuint>(i);
    const GLuint name = textures ? textures[i] : 0;
    if (name == 0) {
      ctx.image_units[unit] = initial_image_unit(ctx);
      continue;
    }
    // Level 0, every layer, READ_WRITE, the format of level 0's image, which
    // must exist and be one image units take (INVALID_OPERATION otherwise).
    // Image units take immutable textures only, as glBindImageTexture does
    // (the ES 3.1 rule Brass keeps; desktop image load/store is not exposed).
    Ref<Texture> t = ctx.share_group().textures.lookup(name);
    const TextureImage* img = t ? t->image(0, 0) : nullptr;
    if (!img || !t->immutable || img->width <= 0 || img->height <= 0 || img->depth <= 0 ||
        !find_image_format(ctx, img->internal_format)) {
      ctx.set_error(GL_INVALID_OPERATION);
      continue;
    }
    BindImageTexture(ctx, unit, name, 0, GL_TRUE, 0, GL_READ_WRITE, img->internal_format);
  }
  ctx.dirty(kDirtyImages);
}

void BindVertexBuffers(Context& ctx, GLuint first, GLsizei count, const GLuint* buffers, const GLintptr* offsets,
                       const GLsizei* strides) {
  // The core profile has no default vertex array to bind them to.
  if (ctx.desktop() && !ctx.compatibility() && ctx.vertex_array.get() == ctx.default_vertex_array.get())
    return ctx.set_error(GL_INVALID_OPERATION);
  vertex_array_vertex_buffers(ctx, *ctx.vertex_array, first, count, buffers, offsets, strides);
}

}  // namespace api

void vertex_array_vertex_buffers(Context& ctx, VertexArray& vao, GLuint first, GLsizei count, const GLuint* buffers,
                                 const GLintptr* offsets, const GLsizei* strides) {
  if (!api::range_ok(ctx, first, count, kMaxVertexAttribBindings)) return;
  for (GLsizei i = 0; i < count; ++i) {
    const GLuint name = buffers ? buffers[i] : 0;
    if (name != 0 && !ctx.share_group().buffers.is_name(name)) {
      ctx.set_error(GL_INVALID_OPERATION);
      continue;
    }
    // Without buffers, the bindings' initial offset and stride.
    GLintptr offset = 0;
    GLsizei stride = 16;
    if (buffers) {
      if (!offsets || !strides) {
        ctx.set_error(GL_INVALID_VALUE);
        continue;
      }
      offset = offsets[i];
      stride = strides[i];
    }
    // Negative offsets or strides and strides past the limit are
    // INVALID_VALUE, as for glBindVertexBuffer, which checks them.
    vertex_array_vertex_buffer(ctx, vao, first + static_cast<GLuint>(i), name, offset, stride);
  }
}

}  // namespace brass::gl
