// Framebuffer objects (ES 3.0 §4.4): names, bindings, attachments,
// completeness, attachment queries, draw/read buffer selection and
// invalidation.
#include <algorithm>
#include <bit>

#include "gl/context.h"
#include "gl/pixel/format_table.h"
#include "gl/read_pixels.h"
#include "gl_functions.h"

namespace brass::gl {

namespace {

bool is_color_attachment_enum(GLenum a) { return a >= GL_COLOR_ATTACHMENT0 && a <= GL_COLOR_ATTACHMENT0 + 31; }

// The framebuffer object bound to `target`; *error set for a bad target.
Framebuffer* bound_framebuffer(Context& ctx, GLenum target, GLenum* error) {
  *error = GL_NO_ERROR;
  switch (target) {
    case GL_FRAMEBUFFER:
    case GL_DRAW_FRAMEBUFFER: return ctx.draw_framebuffer.get();
    case GL_READ_FRAMEBUFFER: return ctx.read_framebuffer.get();
    default: *error = GL_INVALID_ENUM; return nullptr;
  }
}

// Validates an attachment point of a framebuffer object: INVALID_ENUM for
// non-attachment enums, INVALID_OPERATION past MAX_COLOR_ATTACHMENTS.
GLenum check_attachment_enum(Context& ctx, GLenum attachment) {
  if (is_color_attachment_enum(attachment)) {
    return attachment - GL_COLOR_ATTACHMENT0 < static_cast<GLenum>(ctx.limits.max_color_attachments)
               ? GL_NO_ERROR
               : GL_INVALID_OPERATION;
  }
  if (attachment == GL_DEPTH_ATTACHMENT || attachment == GL_STENCIL_ATTACHMENT ||
      attachment == GL_DEPTH_STENCIL_ATTACHMENT)
    return GL_NO_ERROR;
  return GL_INVALID_ENUM;
}

void set_attachment(Context& ctx, Framebuffer& fb, GLenum attachment, const Attachment& value) {
  if (attachment == GL_DEPTH_STENCIL_ATTACHMENT) {
    fb.depth = value;
    fb.stencil = value;
  } else {
    *framebuffer_attachment(fb, attachment) = value;
  }
  ++fb.generation;
  ctx.dirty(kDirtyFramebuffer);
}

GLint floor_log2(GLint v) { return v > 0 ? static_cast<GLint>(std::bit_width(static_cast<uint32_t>(v))) - 1 : 0; }

// Which call attaches the texture: glFramebufferTexture2D (one image),
// glFramebufferTextureLayer (one layer) or glFramebufferTexture (the whole
// level, layered for 3D, array and cube textures).
// Desktop GL adds glFramebufferTexture1D and glFramebufferTexture3D (one
// slice of a 3D level).
enum class TextureCall { Image2D, Layer, Whole, Image1D, Image3D };

// `fb`: the framebuffer object changed; null for the default framebuffer,
// which has no attachments to change (INVALID_OPERATION after the
// argument checks).
void texture_attachment(Context& ctx, Framebuffer* fb, GLenum attachment, GLuint texture, GLint level, GLint layer,
                        bool cube_face, GLenum textarget, TextureCall call) {
  if (const GLenum e = check_attachment_enum(ctx, attachment)) return ctx.set_error(e);
  const bool layered_call = call == TextureCall::Layer;
  if (call == TextureCall::Whole && texture != 0) {
    // The texture's own kind decides (EXT_geometry_shader §9.2.8).
    const Ref<Texture> t = ctx.share_group().textures.lookup(texture);
    // A buffer texture has no image to render to (EXT_texture_buffer).
    if (!t || t->target == GL_NONE || t->target == GL_TEXTURE_BUFFER) return ctx.set_error(GL_INVALID_OPERATION);
    if (!fb) return ctx.set_error(GL_INVALID_OPERATION);
    GLint max_size = ctx.limits.max_texture_size;
    switch (t->target) {
      case GL_TEXTURE_3D: max_size = ctx.limits.max_3d_texture_size; break;
      case GL_TEXTURE_CUBE_MAP:
      case GL_TEXTURE_CUBE_MAP_ARRAY: max_size = ctx.limits.max_cube_map_texture_size; break;
      case GL_TEXTURE_2D_MULTISAMPLE:
      case GL_TEXTURE_2D_MULTISAMPLE_ARRAY_OES: max_size = 1; break;  // level 0 only
      default: break;
    }
    if (level < 0 || level > floor_log2(max_size)) return ctx.set_error(GL_INVALID_VALUE);
    Attachment a;
    a.type = GL_TEXTURE;
    bind(a.texture, t);
    a.level = level;
    a.layered = t->target == GL_TEXTURE_3D || t->target == GL_TEXTURE_2D_ARRAY || t->target == GL_TEXTURE_CUBE_MAP ||
                t->target == GL_TEXTURE_2D_MULTISAMPLE_ARRAY_OES || t->target == GL_TEXTURE_CUBE_MAP_ARRAY ||
                t->target == GL_TEXTURE_1D_ARRAY;
    return set_attachment(ctx, *fb, attachment, a);
  }
  if (call == TextureCall::Image2D) {
    const bool ok = textarget == GL_TEXTURE_2D ||
                    (textarget >= GL_TEXTURE_CUBE_MAP_POSITIVE_X && textarget <= GL_TEXTURE_CUBE_MAP_NEGATIVE_Z) ||
                    (textarget == GL_TEXTURE_2D_MULTISAMPLE && ctx.es31()) ||
                    (textarget == GL_TEXTURE_RECTANGLE && ctx.desktop());
    if (!ok) return ctx.set_error(GL_INVALID_ENUM);
  }
  // glFramebufferTexture1D / 3D (GL 4.6 §9.2.8): TEXTURE_1D, and TEXTURE_3D
  // with a slice.
  if (call == TextureCall::Image1D && textarget != GL_TEXTURE_1D) return ctx.set_error(GL_INVALID_ENUM);
  if (call == TextureCall::Image3D && textarget != GL_TEXTURE_3D) return ctx.set_error(GL_INVALID_ENUM);
  if (!fb) return ctx.set_error(GL_INVALID_OPERATION);
  Attachment a;
  if (texture != 0) {
    const Ref<Texture> t = ctx.share_group().textures.lookup(texture);
    if (!t) return ctx.set_error(GL_INVALID_OPERATION);
    GLint max_size = ctx.limits.max_texture_size;
    if (layered_call) {
      if (t->target == GL_TEXTURE_3D) {
        max_size = ctx.limits.max_3d_texture_size;
        if (layer >= ctx.limits.max_3d_texture_size) return ctx.set_error(GL_INVALID_VALUE);
      } else if (t->target == GL_TEXTURE_2D_ARRAY || t->target == GL_TEXTURE_1D_ARRAY) {
        if (layer >= ctx.limits.max_array_texture_layers) return ctx.set_error(GL_INVALID_VALUE);
      } else if (t->target == GL_TEXTURE_CUBE_MAP_ARRAY) {
        // Layer-face 6 * cube + face.
        if (layer >= ctx.limits.max_array_texture_layers) return ctx.set_error(GL_INVALID_VALUE);
        max_size = ctx.limits.max_cube_map_texture_size;
      } else if (t->target == GL_TEXTURE_2D_MULTISAMPLE_ARRAY_OES) {
        if (layer >= ctx.limits.max_array_texture_layers) return ctx.set_error(GL_INVALID_VALUE);
        max_size = 1;  // its one image is level 0
      } else if (t->target == GL_TEXTURE_CUBE_MAP && ctx.desktop()) {
        // Desktop GL 4.5 §9.2.8 (not ES): a cube map's layer is a face,
        // attached as glFramebufferTexture2D would attach it.
        if (layer >= 6) return ctx.set_error(GL_INVALID_VALUE);
        max_size = ctx.limits.max_cube_map_texture_size;
        cube_face = true;
        textarget = static_cast<GLenum>(GL_TEXTURE_CUBE_MAP_POSITIVE_X + std::max(layer, 0));
      } else {
        return ctx.set_error(GL_INVALID_OPERATION);
      }
      if (layer < 0) return ctx.set_error(GL_INVALID_VALUE);
    } else if (call == TextureCall::Image3D) {
      if (t->target != GL_TEXTURE_3D) return ctx.set_error(GL_INVALID_OPERATION);
      max_size = ctx.limits.max_3d_texture_size;
      if (layer < 0 || layer >= ctx.limits.max_3d_texture_size) return ctx.set_error(GL_INVALID_VALUE);
    } else if (textarget == GL_TEXTURE_1D) {
      if (t->target != GL_TEXTURE_1D) return ctx.set_error(GL_INVALID_OPERATION);
    } else if (textarget == GL_TEXTURE_RECTANGLE) {
      if (t->target != GL_TEXTURE_RECTANGLE) return ctx.set_error(GL_INVALID_OPERATION);
      if (level != 0) return ctx.set_error(GL_INVALID_VALUE);  // its one level
    } else if (textarget == GL_TEXTURE_2D) {
      if (t->target != GL_TEXTURE_2D) return ctx.set_error(GL_INVALID_OPERATION);
    } else if (textarget == GL_TEXTURE_2D_MULTISAMPLE) {
      if (t->target != GL_TEXTURE_2D_MULTISAMPLE) return ctx.set_error(GL_INVALID_OPERATION);
      // Its one image is level 0 (ES 3.1 §9.2.8).
      if (level != 0) return ctx.set_error(GL_INVALID_VALUE);
    } else {
      if (t->target != GL_TEXTURE_CUBE_MAP) return ctx.set_error(GL_INVALID_OPERATION);
      max_size = ctx.limits.max_cube_map_texture_size;
    }
    if (level < 0 || level > floor_log2(max_size)) return ctx.set_error(GL_INVALID_VALUE);
    a.type = GL_TEXTURE;
    bind(a.texture, t);
    a.level = level;
    a.layer = cube_face ? static_cast<GLint>(textarget - GL_TEXTURE_CUBE_MAP_POSITIVE_X) : layer;
    a.cube_face = cube_face;
  }
  set_attachment(ctx, *fb, attachment, a);
}

// The bind-to-edit form: the framebuffer bound to `target`.
void bound_texture_attachment(Context& ctx, GLenum target, GLenum attachment, GLuint texture, GLint level,
                              GLint layer, bool cube_face, GLenum textarget, TextureCall call) {
  GLenum error;
  Framebuffer* fb = bound_framebuffer(ctx, target, &error);
  if (error) return ctx.set_error(error);
  texture_attachment(ctx, fb, attachment, texture, level, layer, cube_face, textarget, call);
}

// Bits of one component of an attachment (GL_FRAMEBUFFER_ATTACHMENT_*_SIZE).
GLint component_bits(const pixel::InternalFormatInfo& info, GLenum pname) {
  switch (pname) {
    case GL_FRAMEBUFFER_ATTACHMENT_RED_SIZE: return info.bits.red;
    case GL_FRAMEBUFFER_ATTACHMENT_GREEN_SIZE: return info.bits.green;
    case GL_FRAMEBUFFER_ATTACHMENT_BLUE_SIZE: return info.bits.blue;
    case GL_FRAMEBUFFER_ATTACHMENT_ALPHA_SIZE: return info.bits.alpha;
    case GL_FRAMEBUFFER_ATTACHMENT_DEPTH_SIZE: return info.bits.depth;
    case GL_FRAMEBUFFER_ATTACHMENT_STENCIL_SIZE: return info.bits.stencil;
    default: return 0;
  }
}

bool is_attachment_pname(GLenum pname) {
  switch (pname) {
    case GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE:
    case GL_FRAMEBUFFER_ATTACHMENT_OBJECT_NAME:
    case GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_LEVEL:
    case GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_CUBE_MAP_FACE:
    case GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_LAYER:
    case GL_FRAMEBUFFER_ATTACHMENT_RED_SIZE:
    case GL_FRAMEBUFFER_ATTACHMENT_GREEN_SIZE:
    case GL_FRAMEBUFFER_ATTACHMENT_BLUE_SIZE:
    case GL_FRAMEBUFFER_ATTACHMENT_ALPHA_SIZE:
    case GL_FRAMEBUFFER_ATTACHMENT_DEPTH_SIZE:
    case GL_FRAMEBUFFER_ATTACHMENT_STENCIL_SIZE:
    case GL_FRAMEBUFFER_ATTACHMENT_COMPONENT_TYPE:
    case GL_FRAMEBUFFER_ATTACHMENT_COLOR_ENCODING: return true;
    default: return false;
  }
}

// Format-derived answers shared by the default framebuffer and objects.
bool format_query(const pixel::InternalFormatInfo& info, GLenum pname, GLint* v) {
  switch (pname) {
    case GL_FRAMEBUFFER_ATTACHMENT_COMPONENT_TYPE:
      *v = static_cast<GLint>(pixel::component_type_enum(info.component_type));
      return true;
    case GL_FRAMEBUFFER_ATTACHMENT_COLOR_ENCODING: *v = info.srgb ? GL_SRGB : GL_LINEAR; return true;
    case GL_FRAMEBUFFER_ATTACHMENT_RED_SIZE:
    case GL_FRAMEBUFFER_ATTACHMENT_GREEN_SIZE:
    case GL_FRAMEBUFFER_ATTACHMENT_BLUE_SIZE:
    case GL_FRAMEBUFFER_ATTACHMENT_ALPHA_SIZE:
    case GL_FRAMEBUFFER_ATTACHMENT_DEPTH_SIZE:
    case GL_FRAMEBUFFER_ATTACHMENT_STENCIL_SIZE: *v = component_bits(info, pname); return true;
    default: return false;
  }
}

void default_attachment_query(Context& ctx, bool read, GLenum attachment, GLenum pname, GLint* params) {
  const Drawable* d = read ? ctx.read() : ctx.draw();
  Drawable none;
  none.red_bits = none.green_bits = none.blue_bits = none.alpha_bits = 0;
  if (!d) d = &none;
  bool present = false;
  pixel::ComponentSizes bits;
  switch (attachment) {
    case GL_BACK:
      present = d->color != nullptr;
      bits.red = static_cast<uint8_t>(d->red_bits);
      bits.green = static_cast<uint8_t>(d->green_bits);
      bits.blue = static_cast<uint8_t>(d->blue_bits);
      bits.alpha = static_cast<uint8_t>(d->alpha_bits);
      break;
    case GL_DEPTH:
      present = d->depth_bits > 0;
      bits.depth = static_cast<uint8_t>(d->depth_bits);
      break;
    case GL_STENCIL:
      present = d->stencil_bits > 0;
      bits.stencil = static_cast<uint8_t>(d->stencil_bits);
      break;
    default:
      return ctx.set_error(is_color_attachment_enum(attachment) || attachment == GL_DEPTH_ATTACHMENT ||
                                   attachment == GL_STENCIL_ATTACHMENT || attachment == GL_DEPTH_STENCIL_ATTACHMENT
                               ? GL_INVALID_OPERATION
                               : GL_INVALID_ENUM);
  }
  GLint v = 0;
  if (pname == GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE) {
    v = present ? GL_FRAMEBUFFER_DEFAULT : GL_NONE;
  } else if (!present) {
    if (pname != GL_FRAMEBUFFER_ATTACHMENT_OBJECT_NAME) return ctx.set_error(GL_INVALID_OPERATION);
  } else {
    switch (pname) {
      case GL_FRAMEBUFFER_ATTACHMENT_COMPONENT_TYPE:
        v = attachment == GL_STENCIL ? GL_UNSIGNED_INT : GL_UNSIGNED_NORMALIZED;
        break;
      case GL_FRAMEBUFFER_ATTACHMENT_COLOR_ENCODING: v = GL_LINEAR; break;
      case GL_FRAMEBUFFER_ATTACHMENT_RED_SIZE: v = bits.red; break;
      case GL_FRAMEBUFFER_ATTACHMENT_GREEN_SIZE: v = bits.green; break;
      case GL_FRAMEBUFFER_ATTACHMENT_BLUE_SIZE: v = bits.blue; break;
      case GL_FRAMEBUFFER_ATTACHMENT_ALPHA_SIZE: v = bits.alpha; break;
      case GL_FRAMEBUFFER_ATTACHMENT_DEPTH_SIZE: v = bits.depth; break;
      case GL_FRAMEBUFFER_ATTACHMENT_STENCIL_SIZE: v = bits.stencil; break;
      default: return ctx.set_error(GL_INVALID_ENUM);  // object name / texture pnames
    }
  }
  if (params) *params = v;
}

// Contents of an attachment become undefined: whole single-image resources
// are discarded, anything else is kept (invalidation is a hint).
void discard_resource(Context& ctx, pipe::Resource* r) {
  if (!r) return;
  const pipe::ResourceTemplate& t = r->templ();
  if (t.levels == 1 && t.array_size == 1 && t.depth == 1) ctx.pipe().invalidate_resource(r);
}

}  // namespace

namespace api {

void GenFramebuffers(Context& ctx, GLsizei n, GLuint* framebuffers) {
  if (n < 0) return ctx.set_error(GL_INVALID_VALUE);
  if (n == 0 || !framebuffers) return;
  ctx.framebuffer_objects.generate(n, framebuffers);
}

void DeleteFramebuffers(Context& ctx, GLsizei n, const GLuint* framebuffers) {
  if (n < 0) return ctx.set_error(GL_INVALID_VALUE);
  if (!framebuffers) return;
  for (GLsizei i = 0; i < n; ++i) {
    if (framebuffers[i] == 0) continue;
    Ref<Framebuffer> fb = ctx.framebuffer_objects.remove(framebuffers[i]);
    if (!fb) continue;
    // Deleting a bound framebuffer reverts that binding to the default (§4.4.1).
    if (ctx.draw_framebuffer.get() == fb.get()) {
      ctx.draw_framebuffer.reset();
      ctx.dirty(kDirtyFramebuffer);
    }
    if (ctx.read_framebuffer.get() == fb.get()) ctx.read_framebuffer.reset();
  }
}

GLboolean IsFramebuffer(Context& ctx, GLuint framebuffer) {
  return framebuffer != 0 && ctx.framebuffer_objects.lookup(framebuffer) ? GL_TRUE : GL_FALSE;
}

}  // namespace api

// `allow_unreserved`: whether a name glGenFramebuffers did not return gets
// an object (ES, the compatibility profile, as Mesa and the pre-profile
// GL 3.0 rules do, and EXT_framebuffer_object) or INVALID_OPERATION (the
// core profile, GL 4.6 core §9.2).
void bind_framebuffer(Context& ctx, GLenum target, GLuint framebuffer, bool allow_unreserved) {
  if (target != GL_FRAMEBUFFER && target != GL_DRAW_FRAMEBUFFER && target != GL_READ_FRAMEBUFFER)
    return ctx.set_error(GL_INVALID_ENUM);
  Ref<Framebuffer> fb;
  if (framebuffer != 0) {
    if (!allow_unreserved && !ctx.framebuffer_objects.is_name(framebuffer))
      return ctx.set_error(GL_INVALID_OPERATION);
    fb = ctx.framebuffer_objects.get_or_create(framebuffer, true,
                                               [](GLuint name) { return make_ref<Framebuffer>(name); });
    if (!fb) return ctx.set_error(GL_OUT_OF_MEMORY);
  }
  if (target != GL_READ_FRAMEBUFFER && ctx.draw_framebuffer.get() != fb.get()) {
    bind(ctx.draw_framebuffer, fb);
    ctx.dirty(kDirtyFramebuffer);
  }
  if (target != GL_DRAW_FRAMEBUFFER) bind(ctx.read_framebuffer, fb);
}

namespace api {

void BindFramebuffer(Context& ctx, GLenum target, GLuint framebuffer) {
  bind_framebuffer(ctx, target, framebuffer, !ctx.desktop() || ctx.compatibility());
}

void FramebufferTexture2D(Context& ctx, GLenum target, GLenum attachment, GLenum textarget, GLuint texture,
                          GLint level) {
  const bool cube = textarget >= GL_TEXTURE_CUBE_MAP_POSITIVE_X && textarget <= GL_TEXTURE_CUBE_MAP_NEGATIVE_Z;
  bound_texture_attachment(ctx, target, attachment, texture, level, 0, cube, textarget, TextureCall::Image2D);
}

void FramebufferTextureLayer(Context& ctx, GLenum target, GLenum attachment, GLuint texture, GLint level,
                             GLint layer) {
  bound_texture_attachment(ctx, target, attachment, texture, level, layer, false, GL_NONE, TextureCall::Layer);
}

// Desktop GL 3.0 (GL 4.6 §9.2.8).
void FramebufferTexture1D(Context& ctx, GLenum target, GLenum attachment, GLenum textarget, GLuint texture,
                          GLint level) {
  bound_texture_attachment(ctx, target, attachment, texture, level, 0, false, textarget, TextureCall::Image1D);
}

void FramebufferTexture3D(Context& ctx, GLenum target, GLenum attachment, GLenum textarget, GLuint texture,
                          GLint level, GLint zoffset) {
  bound_texture_attachment(ctx, target, attachment, texture, level, zoffset, false, textarget, TextureCall::Image3D);
}

// EXT/OES_geometry_shader (ES 3.2 core).
void FramebufferTexture(Context& ctx, GLenum target, GLenum attachment, GLuint texture, GLint level) {
  if (!ctx.geometry_shaders()) return ctx.set_error(GL_INVALID_OPERATION);
  bound_texture_attachment(ctx, target, attachment, texture, level, 0, false, GL_NONE, TextureCall::Whole);
}

void FramebufferRenderbuffer(Context& ctx, GLenum target, GLenum attachment, GLenum renderbuffertarget,
                             GLuint renderbuffer) {
  GLenum error;
  Framebuffer* fb = bound_framebuffer(ctx, target, &error);
  if (error) return ctx.set_error(error);
  renderbuffer_attachment(ctx, fb, attachment, renderbuffertarget, renderbuffer);
}

}  // namespace api

void renderbuffer_attachment(Context& ctx, Framebuffer* fb, GLenum attachment, GLenum renderbuffertarget,
                             GLuint renderbuffer) {
  if (const GLenum e = check_attachment_enum(ctx, attachment)) return ctx.set_error(e);
  if (renderbuffertarget != GL_RENDERBUFFER) return ctx.set_error(GL_INVALID_ENUM);
  if (!fb) return ctx.set_error(GL_INVALID_OPERATION);
  Attachment a;
  if (renderbuffer != 0) {
    ObjectTable<Renderbuffer>& table = ctx.share_group().renderbuffers;
    if (!table.is_name(renderbuffer)) return ctx.set_error(GL_INVALID_OPERATION);
    Ref<Renderbuffer> rb = table.get_or_create(renderbuffer, false, [](GLuint name) { return make_ref<Renderbuffer>(name); });
    if (!rb) return ctx.set_error(GL_OUT_OF_MEMORY);
    a.type = GL_RENDERBUFFER;
    bind(a.renderbuffer, rb);
  }
  set_attachment(ctx, *fb, attachment, a);
}

void framebuffer_texture(Context& ctx, Framebuffer* fb, GLenum attachment, GLuint texture, GLint level) {
  texture_attachment(ctx, fb, attachment, texture, level, 0, false, GL_NONE, TextureCall::Whole);
}

void framebuffer_texture_layer(Context& ctx, Framebuffer* fb, GLenum attachment, GLuint texture, GLint level,
                               GLint layer) {
  texture_attachment(ctx, fb, attachment, texture, level, layer, false, GL_NONE, TextureCall::Layer);
}

namespace api {

namespace {
// glFramebufferParameteri / glGetFramebufferParameteriv's framebuffer: the
// object bound to `target`; null with the error recorded (none bound is
// INVALID_OPERATION, ES 3.1 §9.2.1).
Framebuffer* parameter_framebuffer(Context& ctx, GLenum target) {
  if (!ctx.es31()) {
    ctx.set_error(GL_INVALID_OPERATION);
    return nullptr;
  }
  GLenum error;
  Framebuffer* fb = bound_framebuffer(ctx, target, &error);
  if (error) ctx.set_error(error);
  else if (!fb) ctx.set_error(GL_INVALID_OPERATION);
  return error ? nullptr : fb;
}
}  // namespace

void FramebufferParameteri(Context& ctx, GLenum target, GLenum pname, GLint param) {
  if (Framebuffer* fb = parameter_framebuffer(ctx, target)) framebuffer_parameter(ctx, *fb, pname, param);
}

void GetFramebufferParameteriv(Context& ctx, GLenum target, GLenum pname, GLint* params) {
  if (Framebuffer* fb = parameter_framebuffer(ctx, target)) get_framebuffer_parameter(ctx, *fb, pname, params);
}

}  // namespace api

void framebuffer_parameter(Context& ctx, Framebuffer& framebuffer, GLenum pname, GLint param) {
  Framebuffer* fb = &framebuffer;
  const Limits& l = ctx.limits;
  switch (pname) {
    case GL_FRAMEBUFFER_DEFAULT_WIDTH:
      if (param < 0 || param > l.max_framebuffer_width) return ctx.set_error(GL_INVALID_VALUE);
      fb->default_width = param;
      break;
    case GL_FRAMEBUFFER_DEFAULT_HEIGHT:
      if (param < 0 || param > l.max_framebuffer_height) return ctx.set_error(GL_INVALID_VALUE);
      fb->default_height = param;
      break;
    case GL_FRAMEBUFFER_DEFAULT_SAMPLES:
      if (param < 0 || param > l.max_framebuffer_samples) return ctx.set_error(GL_INVALID_VALUE);
      fb->default_samples = param;
      break;
    case GL_FRAMEBUFFER_DEFAULT_FIXED_SAMPLE_LOCATIONS: fb->default_fixed_sample_locations = param != 0; break;
    case GL_FRAMEBUFFER_DEFAULT_LAYERS_EXT:
      if (!ctx.geometry_shaders()) return ctx.set_error(GL_INVALID_ENUM);
      if (param < 0 || param > l.max_framebuffer_layers) return ctx.set_error(GL_INVALID_VALUE);
      fb->default_layers = param;
      break;
    default: return ctx.set_error(GL_INVALID_ENUM);
  }
  ++fb->generation;
  ctx.dirty(kDirtyFramebuffer);
}

void get_framebuffer_parameter(Context& ctx, const Framebuffer& framebuffer, GLenum pname, GLint* params) {
  const Framebuffer* fb = &framebuffer;
  GLint v = 0;
  switch (pname) {
    case GL_FRAMEBUFFER_DEFAULT_WIDTH: v = fb->default_width; break;
    case GL_FRAMEBUFFER_DEFAULT_HEIGHT: v = fb->default_height; break;
    case GL_FRAMEBUFFER_DEFAULT_SAMPLES: v = fb->default_samples; break;
    case GL_FRAMEBUFFER_DEFAULT_FIXED_SAMPLE_LOCATIONS: v = fb->default_fixed_sample_locations ? 1 : 0; break;
    case GL_FRAMEBUFFER_DEFAULT_LAYERS_EXT:
      if (!ctx.geometry_shaders()) return ctx.set_error(GL_INVALID_ENUM);
      v = fb->default_layers;
      break;
    default: return ctx.set_error(GL_INVALID_ENUM);
  }
  if (params) *params = v;
}

namespace api {

GLenum CheckFramebufferStatus(Context& ctx, GLenum target) {
  GLenum error;
  Framebuffer* fb = bound_framebuffer(ctx, target, &error);
  if (error) {
    ctx.set_error(error);
    return 0;
  }
  if (!fb) {
    const Drawable* d = target == GL_READ_FRAMEBUFFER ? ctx.read() : ctx.draw();
    return d ? GL_FRAMEBUFFER_COMPLETE : GL_FRAMEBUFFER_UNDEFINED;
  }
  return check_framebuffer_status(ctx, *fb);
}

void GetFramebufferAttachmentParameteriv(Context& ctx, GLenum target, GLenum attachment, GLenum pname,
                                         GLint* params) {
  GLenum error;
  Framebuffer* fb = bound_framebuffer(ctx, target, &error);
  if (error) return ctx.set_error(error);
  framebuffer_attachment_parameter(ctx, fb, target == GL_READ_FRAMEBUFFER, attachment, pname, params);
}

}  // namespace api

void framebuffer_attachment_parameter(Context& ctx, Framebuffer* fb, bool read, GLenum attachment, GLenum pname,
                                      GLint* params) {
  const bool layered_pname = pname == GL_FRAMEBUFFER_ATTACHMENT_LAYERED_EXT && ctx.geometry_shaders();
  if (!is_attachment_pname(pname) && !layered_pname) return ctx.set_error(GL_INVALID_ENUM);
  if (!fb) return default_attachment_query(ctx, read, attachment, pname, params);
  if (const GLenum e = check_attachment_enum(ctx, attachment)) return ctx.set_error(e);
  const Attachment* a;
  if (attachment == GL_DEPTH_STENCIL_ATTACHMENT) {
    // Only when both points hold the same image (§6.1.13).
    const bool same = fb->depth.type == fb->stencil.type && fb->depth.texture.get() == fb->stencil.texture.get() &&
                      fb->depth.renderbuffer.get() == fb->stencil.renderbuffer.get() &&
                      fb->depth.level == fb->stencil.level && fb->depth.layer == fb->stencil.layer &&
                      fb->depth.layered == fb->stencil.layered;
    if (!same) return ctx.set_error(GL_INVALID_OPERATION);
    if (pname == GL_FRAMEBUFFER_ATTACHMENT_COMPONENT_TYPE) return ctx.set_error(GL_INVALID_OPERATION);
    a = &fb->depth;
  } else {
    a = framebuffer_attachment(*fb, attachment);
  }
  GLint v = 0;
  if (pname == GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE) {
    v = static_cast<GLint>(a->type);
  } else if (a->type == GL_NONE) {
    if (pname != GL_FRAMEBUFFER_ATTACHMENT_OBJECT_NAME) return ctx.set_error(GL_INVALID_OPERATION);
  } else if (pname == GL_FRAMEBUFFER_ATTACHMENT_OBJECT_NAME) {
    v = static_cast<GLint>(a->type == GL_TEXTURE ? a->texture->name() : a->renderbuffer->name());
  } else if (pname == GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_LEVEL || pname == GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_CUBE_MAP_FACE ||
             pname == GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_LAYER || layered_pname) {
    if (a->type != GL_TEXTURE) return ctx.set_error(GL_INVALID_ENUM);
    if (layered_pname) v = a->layered ? GL_TRUE : GL_FALSE;
    else if (pname == GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_LEVEL) v = a->level;
    else if (pname == GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_CUBE_MAP_FACE)
      v = a->cube_face ? static_cast<GLint>(GL_TEXTURE_CUBE_MAP_POSITIVE_X) + a->layer : 0;
    else v = a->cube_face ? 0 : a->layer;
  } else {
    const AttachmentImage img = attachment_image(*a);
    if (img.info) {
      format_query(*img.info, pname, &v);
      // The depth or stencil half of a packed format is what the point sees.
      if (pname == GL_FRAMEBUFFER_ATTACHMENT_COMPONENT_TYPE && attachment == GL_STENCIL_ATTACHMENT)
        v = GL_UNSIGNED_INT;
      if (attachment == GL_DEPTH_ATTACHMENT && pname == GL_FRAMEBUFFER_ATTACHMENT_STENCIL_SIZE) v = 0;
      if (attachment == GL_STENCIL_ATTACHMENT && pname == GL_FRAMEBUFFER_ATTACHMENT_DEPTH_SIZE) v = 0;
    } else if (pname == GL_FRAMEBUFFER_ATTACHMENT_COMPONENT_TYPE) {
      v = GL_NONE;
    } else if (pname == GL_FRAMEBUFFER_ATTACHMENT_COLOR_ENCODING) {
      v = GL_LINEAR;
    }
  }
  if (params) *params = v;
}

namespace {
// Desktop glDrawBuffers (GL 4.6 core §17.4.1): the default framebuffer
// takes the names of table 17.6 and BACK (alone), a framebuffer object its
// attachments in any order; no buffer twice. Brass's default framebuffer
// has only its back-left buffer, which BACK and BACK_LEFT name.
GLenum desktop_draw_buffers_error(Context& ctx, const Framebuffer* framebuffer, GLsizei n, const GLenum* bufs) {
  const bool fbo = framebuffer != nullptr;
  for (GLsizei i = 0; i < n; ++i) {
    const GLenum b = bufs[i];
    if (b == GL_NONE) continue;
    const bool named = b == GL_FRONT_LEFT || b == GL_FRONT_RIGHT || b == GL_BACK_LEFT || b == GL_BACK_RIGHT;
    if (!named && b != GL_BACK && !is_color_attachment_enum(b)) return GL_INVALID_ENUM;
    for (GLsizei j = 0; j < i; ++j)
      if (bufs[j] == b) return GL_INVALID_OPERATION;
    if (fbo) {
      if (!is_color_attachment_enum(b) ||
          b - GL_COLOR_ATTACHMENT0 >= static_cast<GLenum>(ctx.limits.max_color_attachments))
        return GL_INVALID_OPERATION;
    } else if (is_color_attachment_enum(b) || (b == GL_BACK && n != 1) || (b != GL_BACK && b != GL_BACK_LEFT)) {
      return GL_INVALID_OPERATION;
    }
  }
  return GL_NO_ERROR;
}
}  // namespace

void draw_buffers(Context& ctx, Framebuffer* framebuffer, GLsizei n, const GLenum* bufs) {
  if (n < 0 || n > ctx.limits.max_draw_buffers) return ctx.set_error(GL_INVALID_VALUE);
  if (n > 0 && !bufs) return;
  if (ctx.desktop()) {
    if (const GLenum e = desktop_draw_buffers_error(ctx, framebuffer, n, bufs)) return ctx.set_error(e);
    if (!framebuffer) {
      // Draw buffer 0 is the one Brass's default framebuffer writes.
      ctx.default_draw_buffer = n > 0 ? bufs[0] : GL_NONE;
    } else {
      Framebuffer& fb = *framebuffer;
      for (unsigned i = 0; i < kMaxColorAttachments; ++i)
        fb.draw_buffers[i] = i < static_cast<unsigned>(n) ? bufs[i] : GL_NONE;
    }
    return ctx.dirty(kDirtyFramebuffer);
  }
  if (!framebuffer) {
    // The default framebuffer: exactly one buffer, BACK or NONE (ES 3.0 §4.2.1).
    if (n != 1) return ctx.set_error(GL_INVALID_OPERATION);
    if (bufs[0] != GL_BACK && bufs[0] != GL_NONE)
      return ctx.set_error(is_color_attachment_enum(bufs[0]) ? GL_INVALID_OPERATION : GL_INVALID_ENUM);
    ctx.default_draw_buffer = bufs[0];
    ctx.dirty(kDirtyFramebuffer);
    return;
  }
  for (GLsizei i = 0; i < n; ++i) {
    const GLenum b = bufs[i];
    if (b == GL_NONE) continue;
    if (b == GL_BACK) return ctx.set_error(GL_INVALID_OPERATION);
    if (!is_color_attachment_enum(b)) return ctx.set_error(GL_INVALID_ENUM);
    if (b - GL_COLOR_ATTACHMENT0 >= static_cast<GLenum>(ctx.limits.max_color_attachments) ||
        b != GL_COLOR_ATTACHMENT0 + static_cast<GLenum>(i))
      return ctx.set_error(GL_INVALID_OPERATION);
  }
  Framebuffer& fb = *framebuffer;
  for (unsigned i = 0; i < kMaxColorAttachments; ++i)
    fb.draw_buffers[i] = i < static_cast<unsigned>(n) ? bufs[i] : GL_NONE;
  ctx.dirty(kDirtyFramebuffer);
}

void read_buffer(Context& ctx, Framebuffer* framebuffer, GLenum src) {
  if (ctx.desktop()) {
    // Desktop GL also names the default framebuffer's buffers (GL 4.6
    // §18.2.1); Brass's has only the back-left one.
    switch (src) {
      case GL_BACK_LEFT: case GL_LEFT:
        if (framebuffer) return ctx.set_error(GL_INVALID_OPERATION);
        ctx.default_read_buffer = src;
        return;
      case GL_FRONT: case GL_FRONT_LEFT: case GL_FRONT_RIGHT: case GL_RIGHT: case GL_BACK_RIGHT: case GL_FRONT_AND_BACK:
        return ctx.set_error(GL_INVALID_OPERATION);
      default: break;
    }
  }
  if (src != GL_BACK && src != GL_NONE && !is_color_attachment_enum(src)) return ctx.set_error(GL_INVALID_ENUM);
  if (!framebuffer) {
    if (src != GL_BACK && src != GL_NONE) return ctx.set_error(GL_INVALID_OPERATION);
    ctx.default_read_buffer = src;
    return;
  }
  if (src == GL_BACK) return ctx.set_error(GL_INVALID_OPERATION);
  if (src != GL_NONE && src - GL_COLOR_ATTACHMENT0 >= static_cast<GLenum>(ctx.limits.max_color_attachments))
    return ctx.set_error(GL_INVALID_OPERATION);
  framebuffer->read_buffer = src;
}

namespace api {

void DrawBuffers(Context& ctx, GLsizei n, const GLenum* bufs) { draw_buffers(ctx, ctx.draw_framebuffer.get(), n, bufs); }

void ReadBuffer(Context& ctx, GLenum src) { read_buffer(ctx, ctx.read_framebuffer.get(), src); }

void InvalidateSubFramebuffer(Context& ctx, GLenum target, GLsizei numAttachments, const GLenum* attachments,
                              GLint x, GLint y, GLsizei width, GLsizei height);

void InvalidateFramebuffer(Context& ctx, GLenum target, GLsizei numAttachments, const GLenum* attachments) {
  InvalidateSubFramebuffer(ctx, target, numAttachments, attachments, 0, 0, INT32_MAX, INT32_MAX);
}

// EXT_discard_framebuffer: ES 3.0's invalidation restricted to FRAMEBUFFER
// (COLOR_EXT, DEPTH_EXT and STENCIL_EXT are GL_COLOR, GL_DEPTH, GL_STENCIL).
void DiscardFramebufferEXT(Context& ctx, GLenum target, GLsizei numAttachments, const GLenum* attachments) {
  if (target != GL_FRAMEBUFFER) return ctx.set_error(GL_INVALID_ENUM);
  InvalidateFramebuffer(ctx, target, numAttachments, attachments);
}

void InvalidateSubFramebuffer(Context& ctx, GLenum target, GLsizei numAttachments, const GLenum* attachments,
                              GLint x, GLint y, GLsizei width, GLsizei height) {
  GLenum error;
  Framebuffer* fb = bound_framebuffer(ctx, target, &error);
  if (error) return ctx.set_error(error);
  invalidate_framebuffer(ctx, fb, target == GL_READ_FRAMEBUFFER, numAttachments, attachments, x, y, width, height);
}

}  // namespace api

void invalidate_framebuffer(Context& ctx, Framebuffer* fb, bool read, GLsizei numAttachments,
                            const GLenum* attachments, GLint x, GLint y, GLsizei width, GLsizei height) {
  if (numAttachments < 0 || width < 0 || height < 0) return ctx.set_error(GL_INVALID_VALUE);
  if (numAttachments > 0 && !attachments) return;
  bool color = false, depth = false, stencil = false;
  uint32_t colors = 0;
  for (GLsizei i = 0; i < numAttachments; ++i) {
    const GLenum a = attachments[i];
    if (!fb) {
      if (a == GL_COLOR) color = true;
      else if (a == GL_DEPTH) depth = true;
      else if (a == GL_STENCIL) stencil = true;
      else return ctx.set_error(GL_INVALID_ENUM);
      continue;
    }
    if (const GLenum e = check_attachment_enum(ctx, a)) return ctx.set_error(e);
    if (is_color_attachment_enum(a)) colors |= 1u << (a - GL_COLOR_ATTACHMENT0);
    if (a == GL_DEPTH_ATTACHMENT || a == GL_DEPTH_STENCIL_ATTACHMENT) depth = true;
    if (a == GL_STENCIL_ATTACHMENT || a == GL_DEPTH_STENCIL_ATTACHMENT) stencil = true;
  }
  // Only whole-buffer invalidations become discards; a region is a no-op.
  const bool whole = x <= 0 && y <= 0 && width == INT32_MAX && height == INT32_MAX;
  if (!whole) return;
  if (!fb) {
    const Drawable* d = read ? ctx.read() : ctx.draw();
    if (!d) return;
    if (color) discard_resource(ctx, d->color.get());
    if (d->depth_stencil && (depth || d->depth_bits == 0) && (stencil || d->stencil_bits == 0))
      discard_resource(ctx, d->depth_stencil.get());
    return;
  }
  for (unsigned i = 0; i < kMaxColorAttachments; ++i)
    if (colors & (1u << i)) discard_resource(ctx, attachment_image(fb->color[i]).resource);
  const bool shared = fb->depth.type != GL_NONE && fb->depth.type == fb->stencil.type &&
                      fb->depth.renderbuffer.get() == fb->stencil.renderbuffer.get() &&
                      fb->depth.texture.get() == fb->stencil.texture.get();
  auto packed = [](const Attachment& a) {
    const AttachmentImage img = attachment_image(a);
    return img.info && img.info->has_depth() && img.info->has_stencil();
  };
  if (depth && fb->depth.type != GL_NONE && ((shared && stencil) || (!shared && !packed(fb->depth))))
    discard_resource(ctx, attachment_image(fb->depth).resource);
  if (stencil && !shared && fb->stencil.type != GL_NONE && !packed(fb->stencil))
    discard_resource(ctx, attachment_image(fb->stencil).resource);
}

}  // namespace brass::gl
