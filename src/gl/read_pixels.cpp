#include "gl/read_pixels.h"

#include <algorithm>
#include <cstring>
#include <vector>

#include "gl/compat/pixel_transfer_paths.h"
#include "gl/context.h"
#include "gl/pixel/format_table.h"
#include "gl/pixel/pack_unpack.h"
#include "gl/pixel/pixel_store.h"
#include "gl/pixel/read_pixels_rules.h"
#include "gl/pixel_pack_destination.h"

namespace brass::gl {

namespace {


bool fill_from_attachment(const Attachment& a, ColorBuffer* out) {
  const AttachmentImage img = attachment_image(a);
  if (!img.info || !img.resource) return false;
  out->info = out->storage_info = img.info;
  out->resource = img.resource;
  out->level = img.level;
  out->layer = img.layer;
  out->width = img.width;
  out->height = img.height;
  out->samples = img.samples;
  return true;
}

bool fill_from_drawable(const Drawable* d, ColorBuffer* out) {
  if (!d || !d->color) return false;
  drawable_color_formats(*d, &out->info, &out->storage_info);
  out->resource = d->color.get();
  out->width = d->width;
  out->height = d->height;
  out->samples = d->samples > 1 ? d->samples : 0;
  out->alpha_is_one = out->info != out->storage_info;
  return out->info != nullptr;
}

void map_failed(Context& ctx) {
  ctx.pipe_failed(ctx.pipe().status() == pipe::Status::Ok ? pipe::Status::OutOfMemory : ctx.pipe().status());
}

}  // namespace

void drawable_color_formats(const Drawable& d, const pixel::InternalFormatInfo** info,
                            const pixel::InternalFormatInfo** storage) {
  *info = *storage = nullptr;
  if (!d.color) return;
  const pipe::Format f = d.color->templ().format;
  if (f == pipe::Format::RGBA8_UNORM) {
    *storage = pixel::find_internal_format(GL_RGBA8);
    *info = d.alpha_bits == 0 ? pixel::find_internal_format(GL_RGB8) : *storage;
    return;
  }
  for (const pixel::InternalFormatInfo& i : pixel::all_internal_formats()) {
    if (i.storage == f && (i.availability & pixel::kAvailEs3) && i.is_color()) {
      *info = *storage = &i;
      return;
    }
  }
}

bool read_color_buffer(Context& ctx, ColorBuffer* out) {
  *out = ColorBuffer{};
  if (!ctx.read_framebuffer) {
    if (ctx.default_read_buffer == GL_NONE) return false;
    return fill_from_drawable(ctx.read(), out);
  }
  Framebuffer& fb = *ctx.read_framebuffer;
  if (fb.read_buffer == GL_NONE) return false;
  const unsigned i = fb.read_buffer - GL_COLOR_ATTACHMENT0;
  if (i >= kMaxColorAttachments) return false;
  return fill_from_attachment(fb.color[i], out);
}

bool draw_color_buffer(Context& ctx, unsigned i, ColorBuffer* out) {
  *out = ColorBuffer{};
  if (!ctx.draw_framebuffer) {
    if (i != 0 || ctx.default_draw_buffer == GL_NONE) return false;
    return fill_from_drawable(ctx.draw(), out);
  }
  Framebuffer& fb = *ctx.draw_framebuffer;
  if (i >= kMaxColorAttachments || fb.draw_buffers[i] == GL_NONE) return false;
  return fill_from_attachment(fb.color[fb.draw_buffers[i] - GL_COLOR_ATTACHMENT0], out);
}

void read_pixels(Context& ctx, GLint x, GLint y, GLsizei width, GLsizei height, GLenum format, GLenum type,
                 void* pixels, uint64_t buf_size) {
  if (width < 0 || height < 0) return ctx.set_error(GL_INVALID_VALUE);
  if (ctx.read_framebuffer) {
    if (check_framebuffer_status(ctx, *ctx.read_framebuffer) != GL_FRAMEBUFFER_COMPLETE)
      return ctx.set_error(GL_INVALID_FRAMEBUFFER_OPERATION);
    if (framebuffer_samples(*ctx.read_framebuffer) > 0) return ctx.set_error(GL_INVALID_OPERATION);
  } else if (!ctx.read() || !ctx.read()->color) {
    return ctx.set_error(GL_INVALID_FRAMEBUFFER_OPERATION);  // FRAMEBUFFER_UNDEFINED
  }
  // Desktop GL, and ES with NV_read_depth/_stencil/_depth_stencil.
  if (is_depth_stencil_read(format))
    return read_depth_stencil_pixels(ctx, x, y, width, height, format, type, pixels, buf_size);
  ColorBuffer cb;
  if (!read_color_buffer(ctx, &cb)) {
    const pixel::ApiKind api = ctx.format_features.api;
    if (!pixel::is_client_format_enum(format, api) || !pixel::is_client_type_enum(type, api))
      return ctx.set_error(GL_INVALID_ENUM);
    return ctx.set_error(GL_INVALID_OPERATION);
  }
  if (const GLenum e = pixel::check_read_pixels_format(*cb.info, format, type, ctx.format_features)) return ctx.set_error(e);

  const pixel::PixelStoreParams pack = pack_params(ctx, false);
  PackDestination dest;
  if (const GLenum e = check_pack_destination(ctx, pack, format, type, static_cast<uint32_t>(width),
                                              static_cast<uint32_t>(height), 1, false, pixels, buf_size, &dest))
    return ctx.set_error(e);
  if (width == 0 || height == 0 || (!dest.pbo && !pixels)) return;

  // Pixels outside the framebuffer are left untouched.
  ReadRegion region;
  if (!clip_read_region(x, y, width, height, cb.width, cb.height, pack, &region)) return;
  const pixel::PixelStoreParams& clipped = region.pack;
  const pixel::PixelExtent extent = region.extent;

  pipe::Context& p = ctx.pipe();
  pipe::Box box = region.box;
  box.z = static_cast<int32_t>(cb.layer);
  pipe::Resource* src = cb.resource;
  uint32_t level = cb.level;
  Ref<pipe::Resource> resolved;
  if (src->templ().samples > 1) {
    // A multisampled default framebuffer: resolve the region first.
    pipe::ResourceTemplate t;
    t.format = src->templ().format;
    t.width = static_cast<uint32_t>(box.width);
    t.height = static_cast<uint32_t>(box.height);
    t.bind = pipe::kBindRenderTarget;
    pipe::Status status = pipe::Status::Ok;
    resolved = ctx.screen().resource_create(t, &status);
    if (!resolved) return ctx.set_error(GL_OUT_OF_MEMORY);
    pipe::BlitInfo blit;
    blit.src.resource = src;
    blit.src.level = level;
    blit.src.box = box;
    blit.dst.resource = resolved.get();
    blit.dst.box = box;
    blit.dst.box.x = blit.dst.box.y = blit.dst.box.z = 0;
    p.blit(blit);
    src = resolved.get();
    level = 0;
    box.x = box.y = box.z = 0;
  }

  pipe::Transfer* transfer = nullptr;
  const void* map = p.transfer_map(src, level, pipe::kMapRead, box, &transfer);
  if (!map) return map_failed(ctx);
  uint64_t src_stride = transfer->stride;
  std::vector<uint8_t> forced;
  if (cb.alpha_is_one) {
    // RGB stored as RGBA8: what the alpha bytes hold is not GL's alpha.
    const size_t row = static_cast<size_t>(box.width) * 4;
    forced.resize(row * static_cast<size_t>(box.height));
    for (int32_t r = 0; r < box.height; ++r) {
      uint8_t* d = forced.data() + row * static_cast<size_t>(r);
      std::memcpy(d, static_cast<const uint8_t*>(map) + src_stride * static_cast<uint64_t>(r), row);
      for (size_t k = 3; k < row; k += 4) d[k] = 0xff;
    }
    map = forced.data();
    src_stride = row;
  }

  void* dst = pixels;
  pipe::Transfer* dst_transfer = nullptr;
  if (dest.pbo) {
    void* m = map_pack_buffer(p, dest, &dst_transfer);
    if (!m) {
      p.transfer_unmap(transfer);
      return map_failed(ctx);
    }
    dst = m;
  }
  pixel::ConversionOptions options;
  // CLAMP_READ_COLOR (desktop, GL 4.6 §18.2.8): TRUE clamps what a
  // floating-point buffer holds; FIXED_ONLY and FALSE leave it (fixed-point
  // buffers hold nothing outside the range to clamp).
  options.clamp_color_to_unit =
      ctx.state.clamp_read_color == GL_TRUE && cb.info->component_type == pixel::ComponentType::Float;
  // Compatibility profile: LUMINANCE reads R + G + B (§18.2.8), and the
  // pixel transfer operations apply (compat/pixel_transfer_paths.h).
  options.luminance_is_rgb_sum = ctx.compatibility();
  GLenum e = GL_NO_ERROR;
  if (!compat::pack_with_transfer(ctx, *cb.storage_info, map, src_stride, clipped, format, type, dst, extent, options,
                                  &e))
    e = pixel::pack_pixels(*cb.storage_info, map, src_stride, 0, clipped, format, type, dst, false, extent, options);
  if (dst_transfer) p.transfer_unmap(dst_transfer);
  p.transfer_unmap(transfer);
  if (e) ctx.set_error(e);
}

}  // namespace brass::gl
