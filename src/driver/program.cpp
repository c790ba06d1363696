#include "driver/program.h"

#include <algorithm>
#include <atomic>
#include <span>
#include <utility>
#include <vector>

#include "driver/object_uid.h"
#include "driver/screen.h"
#include "driver/status.h"
#include "util/log.h"
#include "util/process_exit.h"
#include "util/stats.h"
#include "util/thread_pool.h"

namespace brass::pipe {

namespace {

StatCounter g_compute_pipelines("pipeline.compute.created");

// The compact descriptor layout (descriptors/program_descriptors.h): the
// variables decorated DescriptorSet 4 move to set 3, their Binding up by
// kFoldedBindingOffset, as ProgramDescriptors lays the set out.
std::vector<uint32_t> fold_descriptor_sets(std::span<const uint32_t> code) {
  constexpr uint32_t kOpDecorate = 71, kBinding = 33, kDescriptorSet = 34;
  std::vector<uint32_t> out(code.begin(), code.end());
  std::vector<uint32_t> folded;  // ids of the variables in set 4
  auto each_decoration = [&](auto&& fn) {
    for (size_t w = 5; w < out.size();) {
      const uint32_t op = out[w] & 0xffffu, len = out[w] >> 16;
      if (len == 0 || w + len > out.size() || op == 54 /* OpFunction */) break;
      if (op == kOpDecorate && len >= 4) fn(out[w + 1], out[w + 2], out[w + 3]);
      w += len;
    }
  };
  each_decoration([&](uint32_t id, uint32_t decoration, uint32_t& value) {
    if (decoration == kDescriptorSet && value == driver::kFoldedSet) {
      folded.push_back(id);
      value = driver::kFoldedIntoSet;
    }
  });
  each_decoration([&](uint32_t id, uint32_t decoration, uint32_t& value) {
    if (decoration == kBinding && std::find(folded.begin(), folded.end(), id) != folded.end())
      value += driver::kFoldedBindingOffset;
  });
  return out;
}

// The color attachment locations a fragment shader module writes: its
// Output variables decorated Location (arrays cover one location per
// element; built-ins such as FragDepth have no Location). Read from the
// SPIR-V the device sees rather than from GL reflection, so that how an ES
// 1.00 gl_FragColor or gl_FragData is lowered cannot make it disagree.
uint32_t fragment_output_mask(std::span<const uint32_t> code) {
  constexpr uint32_t kOpTypeArray = 28, kOpTypePointer = 32, kOpConstant = 43, kOpVariable = 59,
                     kOpDecorate = 71, kLocation = 30, kOutput = 3;
  std::vector<std::pair<uint32_t, uint32_t>> locations;            // variable id, location
  std::vector<std::pair<uint32_t, uint32_t>> constants, arrays;     // id, value / id, length id
  std::vector<std::pair<uint32_t, uint32_t>> output_pointers;       // pointer type id, pointee id
  std::vector<std::pair<uint32_t, uint32_t>> outputs;               // variable id, pointer type id
  for (size_t w = 5; w < code.size();) {
    const uint32_t op = code[w] & 0xffffu, len = code[w] >> 16;
    if (len == 0 || w + len > code.size() || op == 54 /* OpFunction */) break;
    if (op == kOpDecorate && len >= 4 && code[w + 2] == kLocation) locations.emplace_back(code[w + 1], code[w + 3]);
    if (op == kOpConstant && len >= 4) constants.emplace_back(code[w + 2], code[w + 3]);
    if (op == kOpTypeArray && len >= 4) arrays.emplace_back(code[w + 1], code[w + 3]);
    if (op == kOpTypePointer && len >= 4 && code[w + 2] == kOutput) output_pointers.emplace_back(code[w + 1], code[w + 3]);
    if (op == kOpVariable && len >= 4 && code[w + 3] == kOutput) outputs.emplace_back(code[w + 2], code[w + 1]);
    w += len;
  }
  auto find = [](const auto& v, uint32_t id) -> const uint32_t* {
    for (const auto& [k, value] : v)
      if (k == id) return &value;
    return nullptr;
  };
  uint32_t mask = 0;
  for (const auto& [var, pointer] : outputs) {
    const uint32_t* location = find(locations, var);
    const uint32_t* pointee = find(output_pointers, pointer);
    if (!location || !pointee) continue;
    uint32_t count = 1;
    if (const uint32_t* length_id = find(arrays, *pointee))
      if (const uint32_t* length = find(constants, *length_id)) count = std::max<uint32_t>(1, *length);
    for (uint32_t i = 0; i < count && *location + i < 32; ++i) mask |= 1u << (*location + i);
  }
  return mask;
}

}  // namespace

ShaderProgram::ShaderProgram(driver::VulkanScreen& s) : screen(s), pipelines(s.vk_device()) {}

ShaderProgram::~ShaderProgram() {
  for (VkShaderModule m : modules)
    if (m) vkDestroyShaderModule(screen.vk_device(), m, nullptr);
}

// Libraries need dynamic rendering: with a VkRenderPass the fragment shader
// library would depend on the render pass and the multisample state, i.e.
// on the framebuffer, which is not known at link time (BRASS_DEBUG=nodynrender
// therefore uses monolithic pipelines, as do devices without GPL and
// BRASS_DEBUG=nogpl).
void ShaderProgram::start_precompile() {
  const vk::Device& device = screen.device();
  if (!device.paths().pipeline_library || !screen.dynamic_rendering()) return;
  // A fragment shader library is made without multisample state, so that
  // one serves every framebuffer; a shader that runs per sample needs the
  // sample count at compile time (NVIDIA ran such libraries once per pixel:
  // E2eSampleShading on the H200), so its pipelines are built whole, as
  // pipelines with glMinSampleShading's sample shading already are.
  if (per_sample_fragment) return;
  uses_libraries = true;
  // The GL defaults: filled polygons, no depth clamp, last-vertex
  // provoking, [-1,1] clip depth where the device can, GL_PATCH_VERTICES
  // 3 for tessellation programs, and the line mode of a single-sampled
  // framebuffer. A draw with other state builds its own.
  driver::ShaderLibraryKey key;
  key.patch_vertices = driver::patch_vertices_key(
      stage_mask & (stage_bit(ShaderStage::TessControl) | stage_bit(ShaderStage::TessEval)),
      device.caps().eds2_patch_control_points, 3);
  key.polygon_mode = VK_POLYGON_MODE_FILL;
  key.provoking_last = 1;
  key.negative_one_to_one = device.caps().depth_clip_control ? 1 : 0;
  key.line_mode = driver::line_rasterization_mode(device.caps(), 1, false, false);
  libraries.expect_precompile(device.handle(), key);
  // One job per shader library, so the two compile in parallel (the link
  // waits for both). Each keeps the program alive whatever the application
  // deletes, and the screen waits for them before going.
  for (driver::ShaderPart part : {driver::ShaderPart::PreRasterization, driver::ShaderPart::Fragment}) {
    Ref<ShaderProgram> self = Ref<ShaderProgram>::share(this);
    screen.background_jobs().add();
    ThreadPool::shared().submit([self, key, part]() mutable {
      driver::PipelineKey k;
      key.apply(&k);
      if (key.patch_vertices) k.topology_class = VK_PRIMITIVE_TOPOLOGY_PATCH_LIST;
      driver::PipelineBuildInfo bi;
      bi.key = &k;
      for (unsigned i = 0; i < 5; ++i) bi.modules[i] = self->modules[i];
      bi.layout = self->descriptors.pipeline_layout();
      bi.dynamic_vertex_input = self->screen.caps().vertex_input_dynamic_state;
      bi.cache = self->screen.pipeline_cache();
      bi.robust = self->robust;
      self->libraries.precompile(self->screen.device(), bi, part, /*skip=*/process_exiting());
      driver::VulkanScreen& s = self->screen;
      self.reset();  // a program the application deleted meanwhile goes now, before done()
      s.background_jobs().done();
    });
  }
}

vk::Status ShaderProgram::create_compute_pipeline() {
  VkComputePipelineCreateInfo ci{VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO};
  ci.stage = {VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO};
  ci.stage.stage = VK_SHADER_STAGE_COMPUTE_BIT;
  ci.stage.module = modules[static_cast<unsigned>(ShaderStage::Compute)];
  ci.stage.pName = "main";
  ci.layout = descriptors.pipeline_layout();
  ci.flags = driver::descriptor_flags(screen.device());
  const VkPipelineRobustnessCreateInfoEXT robustness = driver::robust_pipeline_info(screen.caps());
  if (robust) ci.pNext = &robustness;
  const VkDevice device = screen.vk_device();
  const VkResult r =
      vkCreateComputePipelines(device, screen.pipeline_cache(), 1, &ci, nullptr, compute_pipeline.receive(device));
  if (r == VK_SUCCESS) g_compute_pipelines.add();
  return vk::Status{r};
}

ShaderProgram* ShaderProgram::create(driver::VulkanScreen& screen, const ShaderInfo& info, bool robust,
                                     Status* status) {
  auto* p = new ShaderProgram(screen);
  p->id = driver::next_object_uid();
  p->robust = robust;
  p->vertex_input_locations = info.vertex_input_locations;
  p->writes_point_size = info.writes_point_size;
  *status = Status::Ok;
  const bool fold = screen.device().paths().compact_descriptor_sets &&
                    std::any_of(info.bindings.begin(), info.bindings.end(),
                                [](const ShaderBinding& b) { return b.set == driver::kFoldedSet; });
  for (unsigned s = 0; s < kShaderStageCount; ++s) {
    std::vector<uint32_t> folded;
    std::span<const uint32_t> code = info.spirv[s];
    if (code.empty()) continue;
    if (fold && code[0] == 0x07230203u) code = folded = fold_descriptor_sets(code);
    if (code[0] != 0x07230203u) {
      BRASS_WARN("stage %u: not SPIR-V", s);
      *status = Status::InvalidArgument;
      break;
    }
    // Instructions after the 5-word header: capabilities, then (after
    // names) the decorations; function bodies end the scan.
    for (size_t w = 5; w < code.size();) {
      const uint32_t op = code[w] & 0xffffu, len = code[w] >> 16;
      if (len == 0 || w + len > code.size() || op == 54 /* OpFunction */) break;
      if (op == 17 /* OpCapability */ && len >= 2 && code[w + 1] == 53 /* TransformFeedback */)
        p->transform_feedback = true;
      if (op == 17 && len >= 2 && code[w + 1] == 35 /* SampleRateShading */ &&
          s == static_cast<unsigned>(ShaderStage::Fragment))
        p->per_sample_fragment = true;
      if (op == 71 /* OpDecorate */ && len >= 3 && code[w + 2] == 18 /* Invariant */) p->invariant = true;
      if (op == 72 /* OpMemberDecorate */ && len >= 4 && code[w + 3] == 18) p->invariant = true;
      w += len;
    }
    VkShaderModuleCreateInfo ci{VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO};
    ci.codeSize = code.size() * sizeof(uint32_t);
    ci.pCode = code.data();
    const VkResult r = vkCreateShaderModule(screen.vk_device(), &ci, nullptr, &p->modules[s]);
    if (r != VK_SUCCESS) {
      *status = driver::to_pipe_status(vk::Status{r});
      break;
    }
    p->stage_mask |= 1u << s;
    if (s == static_cast<unsigned>(ShaderStage::Fragment)) p->fragment_outputs = fragment_output_mask(code);
  }
  const bool compute = p->stage_mask & stage_bit(ShaderStage::Compute);
  if (*status == Status::Ok && !(p->stage_mask & stage_bit(ShaderStage::Vertex)) && !compute) {
    BRASS_WARN("program without a vertex or compute stage");
    *status = Status::InvalidArgument;
  }
  if (*status == Status::Ok && compute && p->stage_mask != stage_bit(ShaderStage::Compute)) {
    BRASS_WARN("a compute stage linked with graphics stages");
    *status = Status::InvalidArgument;
  }
  if (*status == Status::Ok) {
    vk::Status s = p->descriptors.init(screen.device(), info.bindings, screen.device().paths().descriptors);
    if (!s) *status = s.result == VK_ERROR_INITIALIZATION_FAILED ? Status::InvalidArgument : driver::to_pipe_status(s);
  }
  if (*status == Status::Ok && compute) {
    if (vk::Status s = p->create_compute_pipeline(); !s) *status = driver::to_pipe_status(s);
  }
  if (*status != Status::Ok) {
    delete p;
    return nullptr;
  }
  if (p->stage_mask & stage_bit(ShaderStage::Vertex)) p->start_precompile();
  return p;
}

}  // namespace brass::pipe
