#include "driver/state_objects.h"

#include <algorithm>
#include <atomic>

#include "driver/batch/batch_ring.h"
#include "driver/resource/image_view.h"
#include "driver/resource/resource.h"
#include "driver/resource/view_format.h"
#include "driver/screen.h"
#include "driver/vk_translate.h"
#include "util/log.h"
#include "util/stats.h"

namespace brass::driver {

template <typename T>
void retire_handle(VulkanScreen& screen, const GpuUsage& usage, T handle) {
  if (handle == VK_NULL_HANDLE) return;
  if (usage.several_rings()) {
    // A view or sampler of a shared object that contexts on several rings
    // used: destroyed once all of them are done with it.
    VkDevice device = screen.vk_device();
    return screen.retire_shared([device, handle] { vk::HandleTraits<T>::destroy(device, handle); });
  }
  const uint64_t serial = usage.last_serial();
  if (!usage.used() || !screen.defer_to_ring(usage.ring_id(), serial, [&](GarbageList& g) { g.add(serial, handle); }))
    vk::HandleTraits<T>::destroy(screen.vk_device(), handle);
}
template void retire_handle<VkImageView>(VulkanScreen&, const GpuUsage&, VkImageView);
template void retire_handle<VkBufferView>(VulkanScreen&, const GpuUsage&, VkBufferView);
template void retire_handle<VkSampler>(VulkanScreen&, const GpuUsage&, VkSampler);

VulkanSamplerView::~VulkanSamplerView() {
  retire_handle(screen, usage, image_view);
  retire_handle(screen, usage, buffer_view);
}

VulkanSurface::~VulkanSurface() { retire_handle(screen, usage, view); }

Ref<pipe::SamplerView> make_sampler_view(VulkanScreen& screen, pipe::Resource* r, const pipe::SamplerViewTemplate& t,
                                         vk::Status* status) {
  *status = {};
  auto view = make_ref<VulkanSamplerView>(screen, r, t);
  // Texel buffer views are made at the first descriptor write (the storage
  // may be swapped before).
  if (r->is_buffer()) return view;
  const ResourceObject* o = driver_resource(r)->obj();
  const pipe::Format fmt = t.format == pipe::Format::None ? r->templ().format : t.format;
  // The resource's own format is viewed as stored; another view format
  // (sRGB/linear reinterpretation, a texture view) gets the candidate
  // stored like the image (view_format.h).
  vk::FormatChoice choice =
      view_format_choice(screen.device().formats(), *o, r->templ().format, fmt, pipe::kUsageSampled);
  if (!choice) choice = o->format;
  ImageViewRequest req;
  req.use = ImageViewUse::Sampled;
  req.target = t.target;
  req.format = choice.vk;
  // The view's swizzle applied over the format emulation's swizzle.
  VkComponentSwizzle comp[4];
  for (int i = 0; i < 4; ++i) {
    const pipe::Swizzle s = t.swizzle[i];
    comp[i] = (s <= pipe::Swizzle::A) ? vk_swizzle(choice.swizzle[static_cast<int>(s)]) : vk_swizzle(s);
  }
  req.components = {comp[0], comp[1], comp[2], comp[3]};
  const pipe::FormatKind kind = pipe::describe(fmt).kind;
  view->border_mapping = border_view_mapping(
      req.components, kind == pipe::FormatKind::Srgb || kind == pipe::FormatKind::CompressedSrgb);
  // A view samples one aspect: depth/stencil textures their depth, or
  // their stencil when the template asks (GL's stencil texturing).
  req.aspect = o->aspect;
  if (o->aspect == (VK_IMAGE_ASPECT_DEPTH_BIT | VK_IMAGE_ASPECT_STENCIL_BIT))
    req.aspect = t.depth_stencil_aspect == pipe::DepthStencilAspect::Stencil ? VK_IMAGE_ASPECT_STENCIL_BIT
                                                                             : VK_IMAGE_ASPECT_DEPTH_BIT;
  req.first_level = t.first_level;
  req.levels = t.last_level - t.first_level + 1;
  req.first_layer = t.first_layer;
  req.layers = t.last_layer - t.first_layer + 1;
  *status = create_image_view(screen.vk_device(), *o, r->templ().target, req, &view->image_view);
  if (!*status) return nullptr;
  return view;
}

namespace {
bool is_snorm_attachment_format(VkFormat f) {
  switch (f) {
    case VK_FORMAT_R8_SNORM:
    case VK_FORMAT_R8G8_SNORM:
    case VK_FORMAT_R8G8B8_SNORM:
    case VK_FORMAT_R8G8B8A8_SNORM:
    case VK_FORMAT_B8G8R8A8_SNORM:
    case VK_FORMAT_A8B8G8R8_SNORM_PACK32:
    case VK_FORMAT_A2B10G10R10_SNORM_PACK32:
    case VK_FORMAT_R16_SNORM:
    case VK_FORMAT_R16G16_SNORM:
    case VK_FORMAT_R16G16B16_SNORM:
    case VK_FORMAT_R16G16B16A16_SNORM:
      return true;
    default:
      return false;
  }
}
}  // namespace

Ref<pipe::Surface> make_surface(VulkanScreen& screen, pipe::Resource* r, const pipe::SurfaceTemplate& t, vk::Status* status) {
  *status = {};
  if (r->is_buffer()) return nullptr;
  auto surf = make_ref<VulkanSurface>(screen, r, t);
  const ResourceObject* o = driver_resource(r)->obj();
  const pipe::Format fmt = t.format == pipe::Format::None ? r->templ().format : t.format;
  const bool ds = pipe::describe(fmt).is_depth() || pipe::describe(fmt).is_stencil();
  const vk::FormatChoice choice = view_format_choice(screen.device().formats(), *o, r->templ().format, fmt,
                                                     ds ? pipe::kUsageDepthStencil : pipe::kUsageColorAttachment);
  ImageViewRequest req;
  req.use = ImageViewUse::Attachment;
  req.format = choice ? choice.vk : o->format.vk;
  req.first_level = t.level;
  req.first_layer = t.first_layer;
  req.layers = t.last_layer - t.first_layer + 1;
  *status = create_image_view(screen.vk_device(), *o, r->templ().target, req, &surf->view);
  if (!*status) return nullptr;
  surf->format = req.format;
  // SNORM attachments blend in the shader on every device (the GL frontend's
  // shader blending, compiler/shader_blend.h): NVIDIA's blender (H200,
  // driver 580) blends them without clamping the blend factors to [-1, 1],
  // which GL 4.6 §17.3.6.1 and Vulkan's blend operations both require
  // (ONE_MINUS_DST_ALPHA of a negative destination gives 1.5), so the
  // SnormBlend tests fail there with the device's blending.
  surf->blendable = (screen.device().formats().properties(req.format).optimalTilingFeatures &
                     VK_FORMAT_FEATURE_COLOR_ATTACHMENT_BLEND_BIT) &&
                    !is_snorm_attachment_format(req.format);
  surf->id = next_object_uid();
  return surf;
}

namespace {

// Sampler objects (the variants for border colours are counted apart:
// sampler.border_variants_created).
StatCounter g_samplers_created("sampler.created");

// Vulkan's three built-in border colors where the state's is one of them
// (integer or float, as the view reads the words), else a custom one where
// the device has them (written into `custom`; VK_FORMAT_UNDEFINED, since the
// sampler does not know its view: valid with customBorderColorWithoutFormat
// for every view Brass samples, none being B4G4R4A4, B5G6R5 or B5G5R5A1,
// the formats that need a format named), else the nearest built-in.
VkBorderColor border_color(const pipe::SamplerState& s, const vk::Capabilities& caps,
                           VkSamplerCustomBorderColorCreateInfoEXT* custom) {
  const bool integer = s.border_color_integer;
  const pipe::ColorValue& c = s.border_color;
  auto is = [&](int r, int g, int b, int a) {
    const int want[4] = {r, g, b, a};
    for (int i = 0; i < 4; ++i)
      if (integer ? c.i[i] != want[i] : c.f[i] != static_cast<float>(want[i])) return false;
    return true;
  };
  if (is(0, 0, 0, 0)) return integer ? VK_BORDER_COLOR_INT_TRANSPARENT_BLACK : VK_BORDER_COLOR_FLOAT_TRANSPARENT_BLACK;
  if (is(0, 0, 0, 1)) return integer ? VK_BORDER_COLOR_INT_OPAQUE_BLACK : VK_BORDER_COLOR_FLOAT_OPAQUE_BLACK;
  if (is(1, 1, 1, 1)) return integer ? VK_BORDER_COLOR_INT_OPAQUE_WHITE : VK_BORDER_COLOR_FLOAT_OPAQUE_WHITE;
  const bool border = s.wrap_s == pipe::Wrap::ClampToBorder || s.wrap_t == pipe::Wrap::ClampToBorder ||
                      s.wrap_r == pipe::Wrap::ClampToBorder;
  if (border && caps.custom_border_color && caps.custom_border_color_without_format) {
    custom->format = VK_FORMAT_UNDEFINED;
    for (int i = 0; i < 4; ++i) custom->customBorderColor.uint32[i] = c.ui[i];
    return integer ? VK_BORDER_COLOR_INT_CUSTOM_EXT : VK_BORDER_COLOR_FLOAT_CUSTOM_EXT;
  }
  const bool black = integer ? (c.i[0] == 0 && c.i[1] == 0 && c.i[2] == 0) : (c.f[0] == 0 && c.f[1] == 0 && c.f[2] == 0);
  if (black) return integer ? VK_BORDER_COLOR_INT_OPAQUE_BLACK : VK_BORDER_COLOR_FLOAT_OPAQUE_BLACK;
  return integer ? VK_BORDER_COLOR_INT_OPAQUE_WHITE : VK_BORDER_COLOR_FLOAT_OPAQUE_WHITE;
}

}  // namespace

pipe::SamplerObject* make_sampler_object(VkDevice device, const vk::Capabilities& caps, const pipe::SamplerState& s,
                                         bool per_view_mapping, vk::Status* status) {
  auto* o = new pipe::SamplerObject{};
  o->uid = next_object_uid();
  *status = create_sampler(device, caps, s, &o->sampler);
  if (!*status) {
    delete o;
    return nullptr;
  }
  g_samplers_created.add();
  VkSamplerCustomBorderColorCreateInfoEXT unused{};
  if (per_view_mapping && border_follows_view(s, border_color(s, caps, &unused)))
    o->border_variants = std::make_unique<BorderSamplerVariants>(s);
  return o;
}

vk::Status create_sampler(VkDevice device, const vk::Capabilities& caps, const pipe::SamplerState& s, VkSampler* out,
                          BorderViewMapping view_mapping) {
  VkSamplerCreateInfo ci{VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO};
  ci.magFilter = s.mag_filter == pipe::Filter::Linear ? VK_FILTER_LINEAR : VK_FILTER_NEAREST;
  ci.minFilter = s.min_filter == pipe::Filter::Linear ? VK_FILTER_LINEAR : VK_FILTER_NEAREST;
  ci.mipmapMode = s.mip_filter == pipe::MipFilter::Linear ? VK_SAMPLER_MIPMAP_MODE_LINEAR : VK_SAMPLER_MIPMAP_MODE_NEAREST;
  ci.addressModeU = vk_wrap(s.wrap_s);
  ci.addressModeV = vk_wrap(s.wrap_t);
  ci.addressModeW = vk_wrap(s.wrap_r);
  if (!caps.sampler_mirror_clamp_to_edge) {
    auto fix = [](VkSamplerAddressMode& m) {
      if (m == VK_SAMPLER_ADDRESS_MODE_MIRROR_CLAMP_TO_EDGE) m = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE;
    };
    fix(ci.addressModeU);
    fix(ci.addressModeV);
    fix(ci.addressModeW);
  }
  ci.mipLodBias = s.lod_bias;
  ci.anisotropyEnable = caps.sampler_anisotropy && s.max_anisotropy > 1;
  ci.maxAnisotropy = std::min(s.max_anisotropy, caps.limits.max_sampler_anisotropy);
  ci.compareEnable = s.compare_enable;
  ci.compareOp = vk_compare(s.compare_func);
  // GL without mipmapping samples level 0 only.
  ci.minLod = s.mip_filter == pipe::MipFilter::None ? 0 : s.min_lod;
  ci.maxLod = s.mip_filter == pipe::MipFilter::None ? 0.25f : s.max_lod;
  VkSamplerCustomBorderColorCreateInfoEXT custom{VK_STRUCTURE_TYPE_SAMPLER_CUSTOM_BORDER_COLOR_CREATE_INFO_EXT};
  ci.borderColor = border_color(s, caps, &custom);
  if (ci.borderColor == VK_BORDER_COLOR_FLOAT_CUSTOM_EXT || ci.borderColor == VK_BORDER_COLOR_INT_CUSTOM_EXT)
    ci.pNext = &custom;
  // The view's mapping, for a device that cannot take it from the image.
  VkSamplerBorderColorComponentMappingCreateInfoEXT mapping = border_mapping_info(view_mapping);
  if (view_mapping) {
    mapping.pNext = ci.pNext;
    ci.pNext = &mapping;
  }
  // VK_EXT_non_seamless_cube_map: GL's per-face cube sampling.
  if (!s.seamless_cube_map && caps.non_seamless_cube_map) ci.flags |= VK_SAMPLER_CREATE_NON_SEAMLESS_CUBE_MAP_BIT_EXT;
  ci.unnormalizedCoordinates = !s.normalized_coords;
  if (ci.unnormalizedCoordinates) {
    ci.minLod = ci.maxLod = 0;
    ci.mipmapMode = VK_SAMPLER_MIPMAP_MODE_NEAREST;
    ci.anisotropyEnable = VK_FALSE;
    ci.compareEnable = VK_FALSE;
    ci.addressModeW = ci.addressModeU = ci.addressModeV = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE;
  }
  BRASS_VK_RETURN_IF_FAILED(vkCreateSampler(device, &ci, nullptr, out));
  return {};
}

pipe::BlendObject* make_blend_object(const pipe::BlendState& s) {
  auto* o = new pipe::BlendObject{s, {}};
  for (unsigned i = 0; i < 8; ++i) {
    const pipe::RenderTargetBlend& b = s.independent_blend ? s.rt[i] : s.rt[0];
    if (b.blend_enable && b.advanced) {
      o->blend_rt[i] = pack_advanced_blend(b.advanced, b.color_mask);
      continue;
    }
    o->blend_rt[i] = pack_blend(b.blend_enable, unsigned(b.rgb_op), unsigned(b.rgb_src), unsigned(b.rgb_dst),
                                unsigned(b.alpha_op), unsigned(b.alpha_src), unsigned(b.alpha_dst), b.color_mask);
  }
  return o;
}

pipe::RasterizerObject* make_rasterizer_object(const pipe::RasterizerState& s, bool depth_clip_control) {
  auto* o = new pipe::RasterizerObject{};
  o->state = s;
  static constexpr VkCullModeFlags cull[] = {VK_CULL_MODE_NONE, VK_CULL_MODE_FRONT_BIT, VK_CULL_MODE_BACK_BIT,
                                             VK_CULL_MODE_FRONT_AND_BACK};
  o->cull_mode = cull[static_cast<unsigned>(s.cull)];
  o->front_face = s.front_ccw ? VK_FRONT_FACE_COUNTER_CLOCKWISE : VK_FRONT_FACE_CLOCKWISE;
  static constexpr VkPolygonMode poly[] = {VK_POLYGON_MODE_FILL, VK_POLYGON_MODE_LINE, VK_POLYGON_MODE_POINT};
  o->polygon_mode = static_cast<uint8_t>(poly[static_cast<unsigned>(s.polygon_mode)]);
  o->depth_clamp = s.depth_clamp;
  o->provoking_last = !s.flatshade_first;
  o->negative_one_to_one = !s.clip_halfz && depth_clip_control;
  if (!s.clip_halfz && !depth_clip_control)
    BRASS_WARN_ONCE("GL depth clip space without VK_EXT_depth_clip_control: the compiler must remap depth");
  return o;
}

pipe::VertexElementsObject* make_vertex_elements_object(const pipe::VertexElementsState& s, const vk::Device& device) {
  auto* o = new pipe::VertexElementsObject{};
  o->state = s;
  o->id = next_object_uid();
  // GL's divisor has no limit; Vulkan's is maxVertexAttribDivisor. A larger
  // one gives every instance of a draw of at most that many instances
  // element 0 either way (floor(instance / divisor) is 0).
  const uint32_t max_divisor = device.caps().max_vertex_attrib_divisor;
  for (unsigned i = 0; i < s.count && i < pipe::kMaxVertexElements; ++i) {
    const pipe::VertexElement& e = s.elements[i];
    // No format: the location is the upper half of a 64-bit three- or
    // four-component input, fed by the element below it; Vulkan wants no
    // attribute there.
    if (e.src_format == pipe::Format::None) {
      o->formats[i] = VK_FORMAT_UNDEFINED;
      continue;
    }
    o->formats[i] = device.formats().choose(e.src_format, pipe::kUsageVertexBuffer).vk;
    if (o->formats[i] == VK_FORMAT_UNDEFINED) BRASS_WARN("vertex format %s unsupported", pipe::describe(e.src_format).name);
    const unsigned b = e.vertex_buffer_index;
    if (b >= pipe::kMaxVertexBuffers) continue;
    if (!(o->binding_mask & (1u << b))) {
      // Vulkan has the input rate per binding, GL per attribute: the first
      // attribute of a binding decides.
      o->rates[b] = e.instance_divisor ? VK_VERTEX_INPUT_RATE_INSTANCE : VK_VERTEX_INPUT_RATE_VERTEX;
      o->divisors[b] = e.instance_divisor ? std::min(e.instance_divisor, max_divisor) : 1;
      if (e.instance_divisor > max_divisor && max_divisor == 1)
        BRASS_WARN_ONCE("instance divisors above 1 need vertexAttributeInstanceRateDivisor, which this device lacks");
    }
    o->binding_mask |= 1u << b;
  }
  return o;
}

}  // namespace brass::driver
