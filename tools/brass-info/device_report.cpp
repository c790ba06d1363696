#include "device_report.h"

#include <cstdio>

namespace brass::tools {

namespace {

std::string hex_uuid(const uint8_t* u) {
  std::string s;
  char buf[3];
  for (unsigned i = 0; i < VK_UUID_SIZE; ++i) {
    std::snprintf(buf, sizeof(buf), "%02x", u[i]);
    s += buf;
    if (i == 3 || i == 5 || i == 7 || i == 9) s += '-';
  }
  return s;
}

std::string json_escape(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (static_cast<unsigned char>(c) < 0x20) {
      char buf[8];
      std::snprintf(buf, sizeof(buf), "\\u%04x", c);
      out += buf;
    } else {
      out += c;
    }
  }
  return out;
}

struct Builder {
  ReportSection s;
  explicit Builder(std::string title) { s.title = std::move(title); }
  Builder& str(const std::string& k, const std::string& v) {
    s.entries.emplace_back(k, v);
    s.raw.push_back(false);
    return *this;
  }
  Builder& flag(const std::string& k, bool v) {
    s.entries.emplace_back(k, v ? "true" : "false");
    s.raw.push_back(true);
    return *this;
  }
  Builder& num(const std::string& k, uint64_t v) {
    s.entries.emplace_back(k, std::to_string(v));
    s.raw.push_back(true);
    return *this;
  }
  Builder& real(const std::string& k, double v) {
    char buf[64];
    std::snprintf(buf, sizeof(buf), "%g", v);
    s.entries.emplace_back(k, buf);
    s.raw.push_back(true);
    return *this;
  }
};

}  // namespace

std::vector<ReportSection> build_report(const std::vector<vk::PhysicalDeviceCandidate>& all, int chosen,
                                        const vk::Device& device) {
  const vk::Capabilities& c = device.caps();
  std::vector<ReportSection> out;

  Builder devices("devices");
  for (const auto& cand : all) {
    std::string line = cand.caps.device_name + " (" + vk::device_type_name(cand.caps.device_type) + ")";
    if (static_cast<int>(cand.index) == chosen) line += " [chosen]";
    if (!cand.usable) line += " [unusable: " + cand.why_not + "]";
    devices.str(std::to_string(cand.index), line);
  }
  out.push_back(devices.s);

  Builder id("device");
  id.str("name", c.device_name)
      .str("type", vk::device_type_name(c.device_type))
      .str("driver", c.driver_name)
      .str("driver info", c.driver_info)
      .str("driver version", vk::driver_version_string(c))
      .str("api version", vk::version_string(c.api_version))
      .str("vendor id", [&] { char b[16]; std::snprintf(b, sizeof b, "0x%04x", c.vendor_id); return std::string(b); }())
      .str("device id", [&] { char b[16]; std::snprintf(b, sizeof b, "0x%04x", c.device_id); return std::string(b); }())
      .str("device uuid", hex_uuid(c.device_uuid))
      .str("pipeline cache uuid", hex_uuid(c.pipeline_cache_uuid));
  out.push_back(id.s);

  Builder paths("capabilities");
  paths.flag("dynamic rendering", c.dynamic_rendering)
      .flag("synchronization2", c.synchronization2)
      .flag("timeline semaphores", c.timeline_semaphore)
      .flag("extended dynamic state", c.extended_dynamic_state)
      .flag("extended dynamic state 2", c.extended_dynamic_state2)
      .flag("extended dynamic state 2 logic op", c.eds2_logic_op)
      .flag("extended dynamic state 2 patch control points", c.eds2_patch_control_points)
      .flag("extended dynamic state 3", c.extended_dynamic_state3)
      .flag("vertex input dynamic state", c.vertex_input_dynamic_state)
      .flag("graphics pipeline library", c.graphics_pipeline_library)
      .flag("graphics pipeline library fast linking", c.gpl_fast_linking_complete)
      .flag("descriptor buffer", c.descriptor_buffer)
      .flag("push descriptors", c.push_descriptor)
      .flag("multi draw", c.multi_draw)
      .flag("custom border color", c.custom_border_color)
      .flag("robustness2 null descriptors", c.null_descriptor)
      .flag("pipeline robustness", c.pipeline_robustness)
      .flag("transform feedback", c.transform_feedback)
      .flag("line rasterization", c.line_rasterization)
      .flag("shader object", c.shader_object)
      .flag("maintenance5", c.maintenance5)
      .flag("non-seamless cube map", c.non_seamless_cube_map)
      .flag("sampled 2D view of 3D", c.sampler_2d_view_of_3d)
      .flag("index type uint8", c.index_type_uint8)
      .flag("list topology restart", c.list_restart)
      .flag("depth clip control", c.depth_clip_control)
      .flag("provoking vertex last", c.provoking_vertex_last)
      .flag("vertex attribute divisor", c.vertex_attribute_divisor)
      .flag("buffer device address", c.buffer_device_address)
      .flag("geometry shader", c.geometry_shader)
      .flag("tessellation/geometry point size", c.tessellation_geometry_point_size)
      .flag("tessellation shader", c.tessellation_shader)
      .flag("sample rate shading", c.sample_rate_shading)
      .flag("dual source blend", c.dual_src_blend)
      .flag("texture compression etc2", c.texture_compression_etc2)
      .flag("texture compression bc", c.texture_compression_bc)
      .flag("texture compression astc ldr", c.texture_compression_astc_ldr)
      .flag("shader float64", c.shader_float64)
      .flag("shader int64", c.shader_int64);
  out.push_back(paths.s);

  const vk::Limits& l = c.limits;
  Builder limits("limits");
  limits.num("max image dimension 2d", l.max_image_dimension_2d)
      .num("max image dimension 3d", l.max_image_dimension_3d)
      .num("max image array layers", l.max_image_array_layers)
      .num("max bound descriptor sets", l.max_bound_descriptor_sets)
      .num("max per-stage samplers", l.max_per_stage_samplers)
      .num("max per-stage uniform buffers", l.max_per_stage_uniform_buffers)
      .num("max per-stage storage buffers", l.max_per_stage_storage_buffers)
      .num("max push constants size", l.max_push_constants_size)
      .num("max push descriptors", l.max_push_descriptors)
      .num("max uniform buffer range", l.max_uniform_buffer_range)
      .num("min uniform buffer offset alignment", l.min_uniform_buffer_offset_alignment)
      .num("max vertex input attributes", l.max_vertex_input_attributes)
      .num("max vertex output components", l.max_vertex_output_components)
      .num("max color attachments", l.max_color_attachments)
      .num("framebuffer color sample counts", l.framebuffer_color_sample_counts)
      .num("framebuffer integer color sample counts", l.framebuffer_integer_color_sample_counts)
      .num("sampled image color sample counts", l.sampled_image_color_sample_counts)
      .num("sampled image integer sample counts", l.sampled_image_integer_sample_counts)
      .num("sampled image depth sample counts", l.sampled_image_depth_sample_counts)
      .num("max sample mask words", l.max_sample_mask_words)
      .flag("standard sample locations", l.standard_sample_locations)
      .num("max viewports", l.max_viewports)
      .real("max sampler anisotropy", l.max_sampler_anisotropy)
      .real("timestamp period ns", l.timestamp_period);
  if (c.descriptor_buffer) {
    const vk::DescriptorBufferLimits& d = c.descriptor_buffer_limits;
    limits.num("descriptor buffer offset alignment", d.offset_alignment)
        .num("max resource descriptor buffer range", d.max_resource_range)
        .num("max sampler descriptor buffer range", d.max_sampler_range)
        .num("combined image sampler descriptor size", d.combined_image_sampler_size)
        .num("uniform buffer descriptor size", d.uniform_buffer_size)
        .num("storage buffer descriptor size", d.storage_buffer_size)
        .num("storage image descriptor size", d.storage_image_size)
        .num("texel buffer descriptor size", d.uniform_texel_buffer_size);
  }
  out.push_back(limits.s);

  const vk::DevicePaths& p = device.paths();
  const Options& o = options();
  Builder opts("options");
  opts.str("descriptors", std::string(to_string(p.descriptors)) + " (" + p.descriptors_reason + ")")
      .str("pipeline libraries", p.pipeline_library_reason)
      .str("render passes", p.dynamic_rendering ? "dynamic rendering" : p.dynamic_rendering_reason)
      .str("vertex input", p.dynamic_vertex_input_reason)
      .str("shader object", p.shader_object_reason)
      .str("descriptor sets", p.descriptor_sets_reason)
      .str("advanced blending", p.advanced_blend_reason)
      .str("conditional rendering", p.conditional_rendering_reason)
      .str("border colour swizzle", p.border_color_swizzle_reason)
      .str("robust buffer access", p.robust_access_reason)
      .str("default uniforms", p.push_default_uniforms_reason)
      .str("shader cache", p.shader_cache ? p.shader_cache_reason : "disabled")
      .str("validation", o.has(kDebugValidation) ? (device.shared_instance()->validation_enabled() ? "on" : "requested, layer missing") : "off")
      .str("device request", o.device.empty() ? "(none: best type)" : o.device)
      .str("stats", o.stats.empty() ? "off" : o.stats)
      .str("log level", to_string(o.log_level));
  out.push_back(opts.s);

  auto ms = const_cast<vk::Device&>(device).memory().memory_properties();
  Builder mem("memory heaps");
  for (uint32_t h = 0; h < ms.memoryHeapCount; ++h) {
    mem.str("heap " + std::to_string(h),
            std::to_string(ms.memoryHeaps[h].size >> 20) + " MiB" +
                (ms.memoryHeaps[h].flags & VK_MEMORY_HEAP_DEVICE_LOCAL_BIT ? " device-local" : ""));
  }
  out.push_back(mem.s);

  Builder ext("enabled extensions");
  for (size_t i = 0; i < c.enabled_extensions.size(); ++i) ext.str(std::to_string(i), c.enabled_extensions[i]);
  out.push_back(ext.s);
  return out;
}

std::string render_text(const std::vector<ReportSection>& report) {
  std::string out;
  for (const auto& s : report) {
    out += s.title + ":\n";
    for (size_t i = 0; i < s.entries.size(); ++i) {
      std::string v = s.entries[i].second;
      if (s.raw[i] && (v == "true" || v == "false")) v = v == "true" ? "yes" : "no";
      out += "  " + s.entries[i].first + ": " + v + "\n";
    }
  }
  return out;
}

std::string render_json(const std::vector<ReportSection>& report) {
  std::string out = "{\n";
  for (size_t si = 0; si < report.size(); ++si) {
    const auto& s = report[si];
    // Appended piece by piece: GCC 12's -Wrestrict misfires on
    // `"\"" + std::string + "\""` temporaries here (release builds).
    out += "  \"";
    out += json_escape(s.title);
    out += "\": {";
    for (size_t i = 0; i < s.entries.size(); ++i) {
      out += i ? ",\n    " : "\n    ";
      out += '"';
      out += json_escape(s.entries[i].first);
      out += "\": ";
      if (s.raw[i]) {
        out += s.entries[i].second;
      } else {
        out += '"';
        out += json_escape(s.entries[i].second);
        out += '"';
      }
    }
    out += "\n  }";
    out += si + 1 < report.size() ? ",\n" : "\n";
  }
  out += "}\n";
  return out;
}

}  // namespace brass::tools
