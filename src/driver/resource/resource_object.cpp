#include "driver/resource/resource_object.h"

#include "device/format_conversion.h"
#include "driver/screen.h"
#include "util/log.h"
#include "util/stats.h"

namespace brass::driver {

namespace {
StatCounter g_objects_created("resource.objects_created");

VkImageAspectFlags aspect_of(pipe::Format f) {
  const pipe::FormatDescription& d = pipe::describe(f);
  VkImageAspectFlags a = 0;
  if (d.is_depth()) a |= VK_IMAGE_ASPECT_DEPTH_BIT;
  if (d.is_stencil()) a |= VK_IMAGE_ASPECT_STENCIL_BIT;
  return a ? a : VkImageAspectFlags(VK_IMAGE_ASPECT_COLOR_BIT);
}

vk::Status create_buffer(VulkanScreen& screen, const pipe::ResourceTemplate& t, ResourceObject* o) {
  vk::Device& dev = screen.device();
  VkBufferCreateInfo bci{VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO};
  // Every buffer usage GL can ask of a buffer object later: GL lets any
  // buffer be rebound to any target.
  bci.usage = VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT |
              VK_BUFFER_USAGE_VERTEX_BUFFER_BIT | VK_BUFFER_USAGE_INDEX_BUFFER_BIT |
              VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT | VK_BUFFER_USAGE_STORAGE_BUFFER_BIT |
              VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT | VK_BUFFER_USAGE_UNIFORM_TEXEL_BUFFER_BIT |
              VK_BUFFER_USAGE_STORAGE_TEXEL_BUFFER_BIT;
  if (screen.device().caps().transform_feedback)
    bci.usage |= VK_BUFFER_USAGE_TRANSFORM_FEEDBACK_BUFFER_BIT_EXT | VK_BUFFER_USAGE_TRANSFORM_FEEDBACK_COUNTER_BUFFER_BIT_EXT;
  // Descriptor buffers describe buffers by address, not handle.
  const bool addressed = dev.paths().descriptors == DescriptorMode::DescriptorBuffer;
  if (addressed) bci.usage |= VK_BUFFER_USAGE_SHADER_DEVICE_ADDRESS_BIT;
  bci.size = std::max<VkDeviceSize>(t.width, 4);
  bci.sharingMode = VK_SHARING_MODE_EXCLUSIVE;
  BRASS_VK_RETURN_IF_FAILED(vkCreateBuffer(dev.handle(), &bci, nullptr, &o->buffer));
  o->size = t.width;
  vk::MemoryRequest req;
  vkGetBufferMemoryRequirements(dev.handle(), o->buffer, &req.requirements);
  // Direct maps return the mapped storage at the range's offset: the
  // buffer's start must be aligned for MIN_MAP_BUFFER_ALIGNMENT (the mapped
  // memory itself is, by Vulkan's minMemoryMapAlignment >= 64).
  req.requirements.alignment = std::max<VkDeviceSize>(req.requirements.alignment, pipe::kMinMapBufferAlignment);
  // Buffers are host visible so maps need no staging copy; a discrete GPU
  // gets its device-local host-visible heap when there is one (Dynamic).
  // Immutable storage (glBufferStorage) may be mapped persistently and
  // coherently: host-coherent memory, so no map needs a flush.
  req.usage = t.usage == pipe::Usage::Staging     ? vk::MemoryUsage::Readback
              : t.usage == pipe::Usage::Immutable ? vk::MemoryUsage::Coherent
                                                  : vk::MemoryUsage::Dynamic;
  req.linear = true;
  vk::Status s = dev.memory().allocate(req, &o->memory);
  if (!s) return s;
  BRASS_VK_RETURN_IF_FAILED(vkBindBufferMemory(dev.handle(), o->buffer, o->memory.memory, o->memory.offset));
  if (addressed) {
    VkBufferDeviceAddressInfo ai{VK_STRUCTURE_TYPE_BUFFER_DEVICE_ADDRESS_INFO};
    ai.buffer = o->buffer;
    o->address = vkGetBufferDeviceAddress(dev.handle(), &ai);
  }
  return {};
}

vk::Status create_image(VulkanScreen& screen, const pipe::ResourceTemplate& t, ResourceObject* o) {
  vk::Device& dev = screen.device();
  const pipe::FormatDescription& d = pipe::describe(t.format);
  uint32_t usage_bits = pipe::kUsageTransfer;
  if (t.bind & pipe::kBindSamplerView) usage_bits |= pipe::kUsageSampled;
  if (t.bind & pipe::kBindRenderTarget) usage_bits |= pipe::kUsageColorAttachment;
  if (t.bind & pipe::kBindDepthStencil) usage_bits |= pipe::kUsageDepthStencil;
  if (t.bind & pipe::kBindShaderImage) usage_bits |= pipe::kUsageStorage;
  o->format = dev.formats().choose(t.format, usage_bits);
  if (!o->format) return vk::Status{VK_ERROR_FORMAT_NOT_SUPPORTED};
  if (screen.format_emulation_forced(t.format)) [[unlikely]] {
    VkFormatFeatureFlags need = VK_FORMAT_FEATURE_TRANSFER_SRC_BIT | VK_FORMAT_FEATURE_TRANSFER_DST_BIT;
    if (usage_bits & pipe::kUsageSampled) need |= VK_FORMAT_FEATURE_SAMPLED_IMAGE_BIT;
    if (usage_bits & pipe::kUsageColorAttachment) need |= VK_FORMAT_FEATURE_COLOR_ATTACHMENT_BIT;
    if (usage_bits & pipe::kUsageDepthStencil) need |= VK_FORMAT_FEATURE_DEPTH_STENCIL_ATTACHMENT_BIT;
    for (const vk::FormatChoice& c : dev.formats().candidates(t.format))
      if (c.conversion != vk::FormatConversion::None && (dev.formats().properties(c.vk).optimalTilingFeatures & need) == need)
        o->format = c;
  }
  // A native compressed format may have no 3D images (2D ASTC blocks in the
  // slices of a 3D texture, KHR_texture_compression_astc_sliced_3d): the
  // first emulation that samples it (decoded on upload) serves instead.
  const bool native_compressed = d.is_compressed() && o->format.conversion == vk::FormatConversion::None;
  if (t.target == pipe::Target::Texture3D && native_compressed) {
    VkImageFormatProperties p3{};
    const VkImageUsageFlags u =
        VK_IMAGE_USAGE_SAMPLED_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT;
    if (vkGetPhysicalDeviceImageFormatProperties(dev.physical_device(), o->format.vk, VK_IMAGE_TYPE_3D,
                                                 VK_IMAGE_TILING_OPTIMAL, u, 0, &p3) != VK_SUCCESS) {
      const VkFormatFeatureFlags need = VK_FORMAT_FEATURE_SAMPLED_IMAGE_BIT | VK_FORMAT_FEATURE_TRANSFER_SRC_BIT |
                                        VK_FORMAT_FEATURE_TRANSFER_DST_BIT;
      for (const vk::FormatChoice& c : dev.formats().candidates(t.format)) {
        if (c.conversion != vk::FormatConversion::None && (dev.formats().properties(c.vk).optimalTilingFeatures & need) == need) {
          o->format = c;
          break;
        }
      }
    }
  }
  const VkFormatProperties props = dev.formats().properties(o->format.vk);
  const VkFormatFeatureFlags f = props.optimalTilingFeatures;

  VkImageCreateInfo ici{VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO};
  ici.format = o->format.vk;
  ici.extent = {t.width, t.height, 1};
  ici.arrayLayers = t.array_size;
  switch (t.target) {
    case pipe::Target::Texture1D:
    case pipe::Target::Texture1DArray: ici.imageType = VK_IMAGE_TYPE_1D; break;
    case pipe::Target::Texture3D:
      ici.imageType = VK_IMAGE_TYPE_3D;
      ici.extent.depth = t.depth;
      ici.arrayLayers = 1;
      // Framebuffer attachments see one slice (or a slice range) as 2D
      // layers (resource/image_view.h).
      // (Not for blocks stored as they are: never attachments.)
      if (!(d.is_compressed() && o->format.conversion == vk::FormatConversion::None))
        ici.flags |= VK_IMAGE_CREATE_2D_ARRAY_COMPATIBLE_BIT;
      // One slice may also be sampled as a 2D image (an EGLImage of a 3D
      // texture slice made a 2D texture; pipe::Cap::Sampled2DViewOf3D).
      if ((t.bind & pipe::kBindSamplerView) && dev.caps().sampler_2d_view_of_3d)
        ici.flags |= VK_IMAGE_CREATE_2D_VIEW_COMPATIBLE_BIT_EXT;
      break;
    case pipe::Target::TextureCube:
    case pipe::Target::TextureCubeArray:
      ici.imageType = VK_IMAGE_TYPE_2D;
      ici.flags |= VK_IMAGE_CREATE_CUBE_COMPATIBLE_BIT;
      break;
    case pipe::Target::Texture2DArray:
      ici.imageType = VK_IMAGE_TYPE_2D;
      // GL's texture views may see six square layers as a cube (or a
      // multiple of six as a cube array).
      if (t.width == t.height && t.array_size >= 6 && t.samples <= 1) ici.flags |= VK_IMAGE_CREATE_CUBE_COMPATIBLE_BIT;
      break;
    default: ici.imageType = VK_IMAGE_TYPE_2D; break;
  }
  // Views may reinterpret the format (sRGB/linear, blit format conversion).
  if (!d.is_depth() && !d.is_stencil()) ici.flags |= VK_IMAGE_CREATE_MUTABLE_FORMAT_BIT;
  ici.mipLevels = std::max(1u, t.levels);
  ici.samples = static_cast<VkSampleCountFlagBits>(std::max(1u, t.samples));
  ici.tiling = VK_IMAGE_TILING_OPTIMAL;
  ici.usage = VK_IMAGE_USAGE_TRANSFER_SRC_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT;
  if (f & VK_FORMAT_FEATURE_SAMPLED_IMAGE_BIT) ici.usage |= VK_IMAGE_USAGE_SAMPLED_BIT;
  if (f & VK_FORMAT_FEATURE_COLOR_ATTACHMENT_BIT) ici.usage |= VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT;
  if (f & VK_FORMAT_FEATURE_DEPTH_STENCIL_ATTACHMENT_BIT) ici.usage |= VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT;
  if ((f & VK_FORMAT_FEATURE_STORAGE_IMAGE_BIT) && ici.samples == VK_SAMPLE_COUNT_1_BIT &&
      (t.bind & pipe::kBindShaderImage))
    ici.usage |= VK_IMAGE_USAGE_STORAGE_BIT;
  // A multisampled image may be sampled only at the counts the device
  // samples this format at: a renderbuffer (never sampled by GL) whose count
  // the device renders but does not sample is made without SAMPLED.
  if (ici.samples != VK_SAMPLE_COUNT_1_BIT && (ici.usage & VK_IMAGE_USAGE_SAMPLED_BIT) &&
      !(t.bind & pipe::kBindSamplerView) &&
      !(dev.formats().image_sample_counts(ici.format, ici.usage, ici.flags) & ici.samples))
    ici.usage &= ~VkImageUsageFlags(VK_IMAGE_USAGE_SAMPLED_BIT);
  ici.sharingMode = VK_SHARING_MODE_EXCLUSIVE;
  ici.initialLayout = VK_IMAGE_LAYOUT_UNDEFINED;
  // An image beyond what the device can make (extent, layers, or its
  // maxResourceSize, which the texel count times the texel size must not
  // exceed even before mipmaps) is out of memory, never an invalid
  // vkCreateImage (GL's limits allow a 2048^3 RGBA32F 3D texture).
  {
    VkImageFormatProperties limits{};
    if (vkGetPhysicalDeviceImageFormatProperties(dev.physical_device(), ici.format, ici.imageType, ici.tiling,
                                                 ici.usage, ici.flags, &limits) != VK_SUCCESS)
      return vk::Status{VK_ERROR_OUT_OF_DEVICE_MEMORY};
    if (ici.extent.width > limits.maxExtent.width || ici.extent.height > limits.maxExtent.height ||
        ici.extent.depth > limits.maxExtent.depth || ici.arrayLayers > limits.maxArrayLayers)
      return vk::Status{VK_ERROR_OUT_OF_DEVICE_MEMORY};
    // Bytes of the first level: elements (blocks where the data is stored
    // as GL lays it out, texels where it is decoded) times their stored
    // size. Within the extents above this cannot overflow 64 bits.
    const bool as_blocks = o->format.conversion == vk::FormatConversion::None ||
                           o->format.conversion == vk::FormatConversion::SwapRedBlue;
    const uint64_t bw = as_blocks ? std::max<uint64_t>(1, d.block_width) : 1;
    const uint64_t bh = as_blocks ? std::max<uint64_t>(1, d.block_height) : 1;
    const uint64_t elements = (ici.extent.width + bw - 1) / bw * ((ici.extent.height + bh - 1) / bh) *
                              ici.extent.depth * ici.arrayLayers * static_cast<uint64_t>(ici.samples);
    const uint64_t bytes = elements * std::max<uint64_t>(1, vk::stored_texel_size(t.format, o->format.conversion));
    if (bytes > limits.maxResourceSize) return vk::Status{VK_ERROR_OUT_OF_DEVICE_MEMORY};
  }
  BRASS_VK_RETURN_IF_FAILED(vkCreateImage(dev.handle(), &ici, nullptr, &o->image));
  o->image_usage = ici.usage;
  o->levels.level_count = ici.mipLevels;
  o->aspect = aspect_of(t.format);
  o->samples = ici.samples;

  vk::MemoryRequest req;
  vkGetImageMemoryRequirements(dev.handle(), o->image, &req.requirements);
  req.usage = vk::MemoryUsage::GpuOnly;
  req.linear = false;
  req.dedicated_image = o->image;
  vk::Status s = dev.memory().allocate(req, &o->memory);
  if (!s) return s;
  BRASS_VK_RETURN_IF_FAILED(vkBindImageMemory(dev.handle(), o->image, o->memory.memory, o->memory.offset));
  return {};
}
}  // namespace

ResourceObject* ResourceObject::create(VulkanScreen& screen, const pipe::ResourceTemplate& t, vk::Status* status) {
  auto* o = new ResourceObject(screen);
  vk::Status s = t.target == pipe::Target::Buffer ? create_buffer(screen, t, o) : create_image(screen, t, o);
  if (status) *status = s;
  if (!s) {
    delete o;  // nothing used it yet: the destructor frees at once
    return nullptr;
  }
  g_objects_created.add();
  return o;
}

ResourceObject::~ResourceObject() {
  VkDevice dev = screen_.vk_device();
  if (buffer) vkDestroyBuffer(dev, buffer, nullptr);
  if (image) vkDestroyImage(dev, image, nullptr);
  if (memory) screen_.device().memory().free(memory);
}

}  // namespace brass::driver
