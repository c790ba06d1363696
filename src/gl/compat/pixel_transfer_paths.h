// Where the compatibility profile's pixel transfer operations enter the
// core pixel paths: texture image uploads (GL 4.6 compatibility §8.4.4,
// applied by glTexImage*/glTexSubImage*) and glReadPixels (§18.2.8). In a
// core-profile context, or while the transfer state is the identity, both
// leave the core path untouched.
#pragma once

#include <vector>

#include "gl/gl_types.h"
#include "gl/pixel/pack_unpack.h"

namespace brass::gl {
class Context;
}

namespace brass::gl::compat {

// A client rectangle an upload reads.
struct UploadSource {
  GLenum format = GL_NONE, type = GL_NONE;
  const void* data = nullptr;  // already mapped when a pixel unpack buffer is bound
  pixel::PixelStoreParams unpack;
  bool three_d = false;
};

// When the transfer operations (scale, bias, colour maps, depth scale and
// bias) or the conversion of LUMINANCE data to RGB change what `src` holds
// for an image of format `dst`, converts it into `scratch` with them
// applied and points `src` at the result (RGBA or DEPTH_COMPONENT floats,
// tightly packed). False after recording an error.
[[nodiscard]] bool transfer_upload(Context& ctx, const pixel::InternalFormatInfo& dst, UploadSource* src,
                                   pixel::PixelExtent extent, std::vector<GLfloat>* scratch);

// glReadPixels of colour values with the transfer operations active: packs
// `extent` texels of `storage` at `src` through them into the client
// layout. False when they are the identity (or the context is not a
// compatibility one, or the data are not colours): the caller packs as
// usual. *err is the conversion's error otherwise.
bool pack_with_transfer(Context& ctx, const pixel::InternalFormatInfo& storage, const void* src, uint64_t src_stride,
                        const pixel::PixelStoreParams& pack, GLenum format, GLenum type, void* dst,
                        pixel::PixelExtent extent, const pixel::ConversionOptions& options, GLenum* err);

}  // namespace brass::gl::compat
