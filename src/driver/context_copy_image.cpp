// glCopyImageSubData (pipe::Context::copy_image): a raw copy of texel blocks
// between two images whose GL formats have blocks of one size.
//
// Where both images hold their texels as GL defines them (native formats, or
// one emulation that stores both the same way) the copy is one
// vkCmdCopyImage, which Vulkan allows between any size-compatible formats,
// compressed and uncompressed ones included. Where the stored forms differ
// (RGB8 kept as RGBA8 beside a native RGB8UI, R11G11B10F widened to RGBA16F
// beside RGBA8, ETC2 decoded on upload beside RG32UI, ...) the copy goes
// through the CPU in GL's layout: the source is read back converted from
// its stored form and written as an upload of the destination, which
// converts (or decodes) it into the destination's stored form. That path
// waits for the GPU; it serves only pairs the device cannot store natively.
// A source whose compressed data was decoded on upload is read from the
// blocks its resource keeps on the host (resource/compressed_shadow.h);
// copies on the GPU between two such textures copy those blocks too.
#include <algorithm>

#include "device/format_conversion.h"
#include "driver/context.h"
#include "driver/transfer/copy_commands.h"
#include "util/log.h"
#include "util/stats.h"

namespace brass::driver {

namespace {

StatCounter g_copies_gpu("copy_image.gpu");
StatCounter g_copies_staged("copy_image.through_temporary");
StatCounter g_copies_cpu("copy_image.cpu");
StatCounter g_copies_unsupported("copy_image.unsupported");

using vk::FormatConversion;

bool is_3d(const pipe::Resource* r) { return r->templ().target == pipe::Target::Texture3D; }

// Packed formats whose widening to four channels changes each channel's
// width: their stored bytes are not GL's bytes in any simple arrangement.
bool packed_format(pipe::Format f) {
  switch (f) {
    case pipe::Format::B5G6R5_UNORM:
    case pipe::Format::RGBA4_UNORM:
    case pipe::Format::RGB5A1_UNORM:
    case pipe::Format::R11G11B10_FLOAT:
    case pipe::Format::RGB9E5_FLOAT:
      return true;
    default:
      return false;
  }
}

// Whether copying the stored texels copies what GL's copy would: both
// images keep GL's bytes, or keep them rearranged the same way.
bool stored_forms_match(pipe::Format sf, const vk::FormatChoice& sc, pipe::Format df, const vk::FormatChoice& dc) {
  if (sc.conversion == FormatConversion::None && dc.conversion == FormatConversion::None) return true;
  if (sc.conversion != dc.conversion) return false;
  if (vk::stored_texel_size(sf, sc.conversion) != vk::stored_texel_size(df, dc.conversion)) return false;
  if (sf == df && sc.vk == dc.vk) return true;
  switch (sc.conversion) {
    case FormatConversion::ExpandToFourChannels:
      // RGB8 and RGB8UI as RGBA8 and RGBA8UI: GL's channels at the same
      // offsets, the added alpha never read.
      return !packed_format(sf) && !packed_format(df) &&
             pipe::describe(sf).channels == pipe::describe(df).channels &&
             pipe::describe(sf).block_bytes == pipe::describe(df).block_bytes;
    default:
      // Two decoded formats differ in their decodings (ASTC's sRGB decode
      // rounds differently, signed EAC reads the blocks as signed): their
      // blocks go through the CPU and are decoded as the destination's.
      return false;
  }
}

// The destination region of a copy of `box` in source units.
pipe::Box destination_box(const pipe::FormatDescription& s, const pipe::FormatDescription& d, uint32_t x, uint32_t y,
                          uint32_t z, const pipe::Box& box) {
  pipe::Box out{int32_t(x), int32_t(y), int32_t(z), box.width, box.height, box.depth};
  if (s.is_compressed() && !d.is_compressed()) {
    out.width = (box.width + s.block_width - 1) / s.block_width;
    out.height = (box.height + s.block_height - 1) / s.block_height;
  } else if (!s.is_compressed() && d.is_compressed()) {
    out.width = box.width * d.block_width;
    out.height = box.height * d.block_height;
  }
  return out;
}

}  // namespace

void VulkanContext::copy_image(pipe::Resource* dst, uint32_t dst_level, uint32_t dstx, uint32_t dsty, uint32_t dstz,
                               pipe::Resource* src, uint32_t src_level, const pipe::Box& box) {
  if (failed() || !dst || !src || dst->is_buffer() || src->is_buffer()) return;
  if (box.width <= 0 || box.height <= 0 || box.depth <= 0) return;
  Resource* d = driver_resource(dst);
  Resource* s = driver_resource(src);
  const pipe::Format sf = src->templ().format, df = dst->templ().format;
  if (stored_forms_match(sf, s->obj()->format, df, d->obj()->format)) {
    copy_image_on_gpu(d, dst_level, dstx, dsty, dstz, s, src_level, box);
    return;
  }
  // Through the CPU in GL's layout (see the top of the file).
  pipe::Transfer* t = nullptr;
  const void* texels = transfers_.map(src, src_level, pipe::kMapRead, box, &t);
  if (!texels) {
    if (!failed()) {
      g_copies_unsupported.add();
      BRASS_WARN_ONCE("glCopyImageSubData: the source's stored form cannot be read back in GL's layout");
    }
    return;
  }
  const pipe::Box out = destination_box(pipe::describe(sf), pipe::describe(df), dstx, dsty, dstz, box);
  transfers_.texture_subdata(dst, dst_level, 0, out, texels, t->stride, t->layer_stride);
  transfers_.unmap(t);
  g_copies_cpu.add();
}

void VulkanContext::copy_image_on_gpu(Resource* d, uint32_t dst_level, uint32_t dstx, uint32_t dsty, uint32_t dstz,
                                      Resource* s, uint32_t src_level, const pipe::Box& box) {
  ResourceObject* dobj = d->obj();
  ResourceObject* sobj = s->obj();
  if (dobj != sobj || dst_level != src_level) {
    bool upload;
    VkCommandBuffer cmd = transfer_stream(dobj, sobj, &upload);
    const ImageCopyRegion region{dst_level, dstx, dsty, dstz, src_level, box, is_3d(d), is_3d(s)};
    record_image_copy(cmd, sync_, dobj, sobj, region);
    if (upload) sync_.release_after_upload(dobj, cmd);
    copy_shadow(d, dst_level, dstx, dsty, dstz, s, src_level, box);
    g_copies_gpu.add();
    return;
  }
  // One level of one image: through a temporary image of the region, made
  // like the source so that it stores the same form.
  pipe::ResourceTemplate t = s->templ();
  t.width = uint32_t(box.width);
  t.height = uint32_t(box.height);
  t.levels = 1;
  if (is_3d(s)) {
    t.depth = uint32_t(box.depth);
    t.array_size = 1;
  } else {
    t.target = pipe::Target::Texture2DArray;
    t.depth = 1;
    t.array_size = uint32_t(box.depth);
  }
  pipe::Status status = pipe::Status::Ok;
  Ref<pipe::Resource> temp = screen_.resource_create(t, &status);
  if (!temp) {
    fail(vk::Status{VK_ERROR_OUT_OF_DEVICE_MEMORY});
    return;
  }
  Resource* tr = driver_resource(temp.get());
  if (tr->obj()->format.vk != sobj->format.vk) {
    g_copies_unsupported.add();
    BRASS_WARN_ONCE("glCopyImageSubData within one level: no temporary image of the source's stored format");
    return;
  }
  copy_image_on_gpu(tr, 0, 0, 0, 0, s, src_level, box);
  copy_image_on_gpu(d, dst_level, dstx, dsty, dstz, tr, 0, {0, 0, 0, box.width, box.height, box.depth});
  g_copies_staged.add();
}

void VulkanContext::copy_shadow(Resource* d, uint32_t dst_level, uint32_t dstx, uint32_t dsty, uint32_t dstz,
                                Resource* s, uint32_t src_level, const pipe::Box& box) {
  if (!d->stores_decoded() || !s->stores_decoded()) return;
  CompressedShadow* shadow = d->shadow_for_write();
  // A source never written has an empty shadow: its blocks read as zeros.
  const CompressedShadow* from = s->shadow_for_write();
  if (!shadow || !from || !shadow->copy_from(*from, src_level, box, dst_level, dstx, dsty, dstz))
    fail(vk::Status{VK_ERROR_OUT_OF_HOST_MEMORY});
}

}  // namespace brass::driver
