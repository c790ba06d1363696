// The pixel transfer operations on the texture upload and glReadPixels
// paths (see the header).
#include "gl/compat/pixel_transfer_paths.h"

#include <algorithm>
#include <cmath>

#include "gl/compat/pixel_state.h"
#include "gl/context.h"
#include "gl/pixel/client_format.h"

namespace brass::gl::compat {

namespace {

bool is_luminance_format(GLenum f) { return f == GL_LUMINANCE || f == GL_LUMINANCE_ALPHA; }

bool alloc(Context& ctx, std::vector<GLfloat>* v, uint64_t n) {
  try {
    v->resize(n);
  } catch (const std::bad_alloc&) {
    ctx.set_error(GL_OUT_OF_MEMORY);
    return false;
  }
  return true;
}

}  // namespace

bool transfer_upload(Context& ctx, const pixel::InternalFormatInfo& dst, UploadSource* src, pixel::PixelExtent extent,
                     std::vector<GLfloat>* scratch) {
  if (!ctx.compatibility() || pixel::is_integer_client_format(src->format)) return true;
  const PixelState& s = ctx.compat_pixels;
  const uint64_t count = uint64_t{extent.width} * extent.height * extent.depth;
  if (dst.has_depth() && src->format == GL_DEPTH_COMPONENT) {
    if (s.transfer.depth_scale == 1.0f && s.transfer.depth_bias == 0.0f) return true;
    if (!alloc(ctx, scratch, count)) return false;
    const pixel::InternalFormatInfo* f = pixel::find_internal_format(GL_DEPTH_COMPONENT32F);
    const GLenum e = pixel::unpack_pixels(src->unpack, src->format, src->type, src->data, src->three_d, *f,
                                          scratch->data(), uint64_t{extent.width} * 4,
                                          uint64_t{extent.width} * extent.height * 4, extent);
    if (e != GL_NO_ERROR) return ctx.set_error(e), false;
    apply_depth_transfer(s, scratch->data(), count);
    for (GLfloat& d : *scratch) d = std::clamp(std::isnan(d) ? 0.0f : d, 0.0f, 1.0f);
    src->format = GL_DEPTH_COMPONENT;
  } else {
    if (!dst.is_color() || dst.is_integer()) return true;
    // LUMINANCE data become R = G = B = L (§8.4.4 "Conversion to RGB"),
    // which matters for images that keep green or blue.
    const bool replicate = is_luminance_format(src->format) && (dst.base_format == GL_RGB ||
                                                                 dst.base_format == GL_RGBA || dst.base_format == GL_RG);
    if (!replicate && !s.color_transfer_active()) return true;
    if (!alloc(ctx, scratch, count * 4)) return false;
    const pixel::InternalFormatInfo* f = pixel::find_internal_format(GL_RGBA32F);
    const GLenum e = pixel::unpack_pixels(src->unpack, src->format, src->type, src->data, src->three_d, *f,
                                          scratch->data(), uint64_t{extent.width} * 16,
                                          uint64_t{extent.width} * extent.height * 16, extent);
    if (e != GL_NO_ERROR) return ctx.set_error(e), false;
    GLfloat* p = scratch->data();
    if (is_luminance_format(src->format))
      for (uint64_t i = 0; i < count; ++i) p[i * 4 + 1] = p[i * 4 + 2] = p[i * 4];
    apply_color_transfer(s, p, count);
    src->format = GL_RGBA;
  }
  src->type = GL_FLOAT;
  src->data = scratch->data();
  src->unpack = pixel::PixelStoreParams{};
  return true;
}

bool pack_with_transfer(Context& ctx, const pixel::InternalFormatInfo& storage, const void* src, uint64_t src_stride,
                        const pixel::PixelStoreParams& pack, GLenum format, GLenum type, void* dst,
                        pixel::PixelExtent extent, const pixel::ConversionOptions& options, GLenum* err) {
  if (!ctx.compatibility()) return false;
  const PixelState& s = ctx.compat_pixels;
  if (s.reading_for_copy || !s.color_transfer_active() || !storage.is_color() || storage.is_integer() ||
      pixel::is_integer_client_format(format))
    return false;
  const uint64_t count = uint64_t{extent.width} * extent.height;
  std::vector<GLfloat> rgba;
  if (!alloc(ctx, &rgba, count * 4)) return *err = GL_NO_ERROR, true;
  pixel::PixelStoreParams tight;
  tight.alignment = 4;
  *err = pixel::pack_pixels(storage, src, src_stride, 0, tight, GL_RGBA, GL_FLOAT, rgba.data(), false, extent);
  if (*err != GL_NO_ERROR) return true;
  apply_color_transfer(s, rgba.data(), count);
  // What a fixed-point destination cannot hold is clamped by the packing;
  // the read clamp applies after the transfer (§18.2.8).
  pixel::ConversionOptions o = options;
  if (!o.clamp_color_to_unit && ctx.state.clamp_read_color != GL_FALSE &&
      (ctx.state.clamp_read_color == GL_TRUE || storage.component_type != pixel::ComponentType::Float))
    o.clamp_color_to_unit = true;
  const pixel::InternalFormatInfo* f = pixel::find_internal_format(GL_RGBA32F);
  *err = pixel::pack_pixels(*f, rgba.data(), uint64_t{extent.width} * 16, 0, pack, format, type, dst, false, extent, o);
  return true;
}

}  // namespace brass::gl::compat
