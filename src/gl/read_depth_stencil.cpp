// glReadPixels of DEPTH_COMPONENT, STENCIL_INDEX and DEPTH_STENCIL (GL 4.6
// §18.2.1-18.2.3; on ES NV_read_depth, NV_read_stencil and
// NV_read_depth_stencil): the read framebuffer's depth and stencil
// buffers, packed with the pack state like colour reads (read_pixels.cpp
// hands these formats here).
#include <algorithm>

#include "gl/context.h"
#include "gl/framebuffer.h"
#include "gl/pixel/format_table.h"
#include "gl/pixel/pack_unpack.h"
#include "gl/pixel/pixel_store.h"
#include "gl/pixel/read_pixels_rules.h"
#include "gl/pixel_pack_destination.h"
#include "gl/read_pixels.h"
#include "util/log.h"

namespace brass::gl {

namespace {

// The image a depth/stencil read takes its values from.
struct DepthStencilSource {
  const pixel::InternalFormatInfo* info = nullptr;
  pipe::Resource* resource = nullptr;
  uint32_t level = 0, layer = 0;
  GLsizei width = 0, height = 0, samples = 0;
};

const pixel::InternalFormatInfo* drawable_depth_format(const Drawable& d) {
  if (!d.depth_stencil) return nullptr;
  const pipe::Format f = d.depth_stencil->templ().format;
  for (const pixel::InternalFormatInfo& i : pixel::all_internal_formats())
    if (i.storage == f && !i.is_color() && (i.availability & pixel::kAvailEs3)) return &i;
  return nullptr;
}

// The buffer holding what `format` reads: the depth attachment for depth
// (and packed depth/stencil) reads, the stencil attachment for stencil
// reads. False when the framebuffer has none (or, for DEPTH_STENCIL, when
// depth and stencil are not one packed image).
bool depth_stencil_source(Context& ctx, GLenum format, DepthStencilSource* out) {
  if (!ctx.read_framebuffer) {
    const Drawable* d = ctx.read();
    if (!d || !d->depth_stencil) return false;
    out->info = drawable_depth_format(*d);
    out->resource = d->depth_stencil.get();
    out->width = d->width;
    out->height = d->height;
    out->samples = d->samples > 1 ? d->samples : 0;
    return out->info != nullptr;
  }
  Framebuffer& fb = *ctx.read_framebuffer;
  const AttachmentImage depth = attachment_image(fb.depth), stencil = attachment_image(fb.stencil);
  const AttachmentImage& img = format == GL_STENCIL_INDEX ? stencil : depth;
  if (!img.info || !img.resource) return false;
  if (format == GL_DEPTH_STENCIL && (stencil.resource != depth.resource || !img.info->has_stencil())) {
    BRASS_WARN_ONCE("glReadPixels(DEPTH_STENCIL) of separate depth and stencil images is not supported");
    return false;
  }
  out->info = img.info;
  out->resource = img.resource;
  out->level = img.level;
  out->layer = img.layer;
  out->width = img.width;
  out->height = img.height;
  out->samples = img.samples;
  return true;
}

}  // namespace

bool is_depth_stencil_read(GLenum format) {
  return format == GL_DEPTH_COMPONENT || format == GL_STENCIL_INDEX || format == GL_DEPTH_STENCIL;
}

void read_depth_stencil_pixels(Context& ctx, GLint x, GLint y, GLsizei width, GLsizei height, GLenum format,
                               GLenum type, void* pixels, uint64_t buf_size) {
  const pixel::FormatFeatures& features = ctx.format_features;
  if (!pixel::is_client_type_enum(type, features.api) || !pixel::depth_stencil_type_ok(format, type))
    return ctx.set_error(GL_INVALID_ENUM);
  if (features.api == pixel::ApiKind::Es && !pixel::es_depth_stencil_read_type_ok(format, type))
    return ctx.set_error(GL_INVALID_ENUM);
  // NV_read_depth_stencil's DEPTH_COMPONENT / UNSIGNED_INT_24_8: depth in
  // the high 24 bits, the low 8 undefined; packed as DEPTH_STENCIL is (the
  // stencil value there, or 0 without one).
  const GLenum pack_format =
      format == GL_DEPTH_COMPONENT && type == GL_UNSIGNED_INT_24_8 ? GL_DEPTH_STENCIL : format;
  DepthStencilSource src;
  if (!depth_stencil_source(ctx, format, &src)) return ctx.set_error(GL_INVALID_OPERATION);
  if (const GLenum e = pixel::check_read_pixels_format(*src.info, format, type, features)) return ctx.set_error(e);
  // Multisampled values have no one value per pixel to read (§18.2.1).
  if (src.samples > 0) return ctx.set_error(GL_INVALID_OPERATION);

  const pixel::PixelStoreParams pack = pack_params(ctx, false);
  PackDestination dest;
  if (const GLenum e = check_pack_destination(ctx, pack, pack_format, type, static_cast<uint32_t>(width),
                                              static_cast<uint32_t>(height), 1, false, pixels, buf_size, &dest))
    return ctx.set_error(e);
  if (width == 0 || height == 0 || (!dest.pbo && !pixels)) return;

  // Pixels outside the framebuffer are left untouched.
  ReadRegion region;
  if (!clip_read_region(x, y, width, height, src.width, src.height, pack, &region)) return;
  const pixel::PixelStoreParams& clipped = region.pack;
  const pixel::PixelExtent extent = region.extent;

  pipe::Context& p = ctx.pipe();
  pipe::Box box = region.box;
  box.z = static_cast<int32_t>(src.layer);
  pipe::Transfer* transfer = nullptr;
  const void* map = p.transfer_map(src.resource, src.level, pipe::kMapRead, box, &transfer);
  if (!map) return ctx.pipe_failed(p.status() == pipe::Status::Ok ? pipe::Status::OutOfMemory : p.status());
  void* dst = pixels;
  pipe::Transfer* dst_transfer = nullptr;
  if (dest.pbo) {
    void* m = map_pack_buffer(p, dest, &dst_transfer);
    if (!m) {
      p.transfer_unmap(transfer);
      return ctx.pipe_failed(p.status() == pipe::Status::Ok ? pipe::Status::OutOfMemory : p.status());
    }
    dst = m;
  }
  const GLenum e = pixel::pack_pixels(*src.info, map, transfer->stride, 0, clipped, pack_format, type, dst, false,
                                      extent);
  if (dst_transfer) p.transfer_unmap(dst_transfer);
  p.transfer_unmap(transfer);
  if (e) ctx.set_error(e);
}

}  // namespace brass::gl
