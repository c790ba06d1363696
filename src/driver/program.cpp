#include "driver/program.h"

#include <algorithm>
#include <bit>
#include <atomic>
#include <iterator>
#include <span>
#include <utility>
#include <vector>

#include "driver/object_uid.h"
#include "driver/push_constant_block.h"
#include "driver/screen.h"
#include "driver/status.h"
#include "util/log.h"
#include "util/process_exit.h"
#include "util/stats.h"
#include "util/thread_pool.h"

namespace brass::pipe {

namespace {

StatCounter g_compute_pipelines("pipeline.compute.created");
StatCounter g_stage_libraries("pipeline.separable.stage_libraries");
StatCounter g_library_forms("pipeline.separable.library_forms");
StatCounter g_push_programs("program.push_constant_uniforms");

static_assert(stage_bit(ShaderStage::Vertex) == VK_SHADER_STAGE_VERTEX_BIT &&
                  stage_bit(ShaderStage::TessControl) == VK_SHADER_STAGE_TESSELLATION_CONTROL_BIT &&
                  stage_bit(ShaderStage::TessEval) == VK_SHADER_STAGE_TESSELLATION_EVALUATION_BIT &&
                  stage_bit(ShaderStage::Geometry) == VK_SHADER_STAGE_GEOMETRY_BIT &&
                  stage_bit(ShaderStage::Fragment) == VK_SHADER_STAGE_FRAGMENT_BIT &&
                  stage_bit(ShaderStage::Compute) == VK_SHADER_STAGE_COMPUTE_BIT,
              "push-constant stage flags are pipe stage bits");

// The default uniform block of a program linked whole as a push-constant
// block, where the device path allows and it fits: each stage declaring it
// rewritten into `code`, and the range. False (nothing moved) otherwise,
// or where a stage's module is one the rewrite cannot follow.
bool move_default_block(driver::VulkanScreen& screen, const ShaderInfo& info,
                        std::array<std::vector<uint32_t>, kShaderStageCount>* code, VkPushConstantRange* range) {
  const uint32_t budget = screen.device().paths().push_default_uniforms;
  // Vulkan: a push-constant range's size is a multiple of 4.
  const uint64_t size = (uint64_t{info.default_block_size} + 3) & ~uint64_t{3};
  if (!budget || size == 0 || size > budget || info.separable_stage) return false;
  for (const ShaderProgram* sp : info.stage_programs)
    if (sp) return false;
  uint32_t stages = 0;
  for (const ShaderBinding& b : info.bindings)
    if (b.set == 0) stages |= b.stage_mask;
  if (!stages) return false;
  for (unsigned s = 0; s < kShaderStageCount; ++s) {
    if (!(stages >> s & 1u)) continue;
    if (info.spirv[s].empty()) return false;
    (*code)[s].assign(info.spirv[s].begin(), info.spirv[s].end());
    if (driver::move_default_block_to_push_constants((*code)[s]) != driver::PushBlockRewrite::Moved) return false;
  }
  *range = {stages, 0, static_cast<uint32_t>(size)};
  return true;
}

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

// A separable stage's module in the per-stage layout: each variable's
// DescriptorSet/Binding pair (the binding contract's) becomes the pair
// ProgramDescriptors laid out for it (the stage's set). False when a
// variable names a pair the binding table lacks.
bool rebind_to_stage_set(std::vector<uint32_t>& code, const driver::ProgramDescriptors& pd) {
  constexpr uint32_t kOpDecorate = 71, kBinding = 33, kDescriptorSet = 34;
  struct Var {
    uint32_t id;
    size_t set_word = 0, binding_word = 0;
  };
  std::vector<Var> vars;
  auto var = [&](uint32_t id) -> Var& {
    for (Var& v : vars)
      if (v.id == id) return v;
    return vars.emplace_back(Var{id});
  };
  for (size_t w = 5; w < code.size();) {
    const uint32_t op = code[w] & 0xffffu, len = code[w] >> 16;
    if (len == 0 || w + len > code.size() || op == 54 /* OpFunction */) break;
    if (op == kOpDecorate && len >= 4 && code[w + 2] == kDescriptorSet) var(code[w + 1]).set_word = w + 3;
    if (op == kOpDecorate && len >= 4 && code[w + 2] == kBinding) var(code[w + 1]).binding_word = w + 3;
    w += len;
  }
  for (const Var& v : vars) {
    if (!v.set_word || !v.binding_word) continue;
    const driver::SetBinding* found = nullptr;
    unsigned found_set = 0;
    for (unsigned set = 0; set < driver::kDescriptorTypeSets && !found; ++set)
      for (const driver::SetBinding& b : pd.bindings(set))
        if (b.source_set == code[v.set_word] && b.source_binding == code[v.binding_word]) found = &b, found_set = set;
    if (!found) return false;
    code[v.set_word] = found_set;
    code[v.binding_word] = found->binding;
  }
  return true;
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
  // A separable stage program has the library of its stage only.
  const unsigned parts = !separable_stage ? 3u : (stage_mask & stage_bit(ShaderStage::Fragment)) ? 2u : 1u;
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
  libraries.expect_precompile(device.handle(), key, parts);
  // One job per shader library, so the two compile in parallel (the link
  // waits for both). Each keeps the program alive whatever the application
  // deletes, and the screen waits for them before going.
  for (driver::ShaderPart part : {driver::ShaderPart::PreRasterization, driver::ShaderPart::Fragment}) {
    if (!(parts >> static_cast<unsigned>(part) & 1u)) continue;
    if (separable_stage) g_stage_libraries.add();
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
      bi.dynamic_vertex_input = self->screen.device().paths().dynamic_vertex_input;
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

namespace {
// Whether a module decorates a variable (or block member) BuiltIn DrawIndex
// (SPIR-V 1.6 §3.21: the ordinal of the draw within a multi-draw command).
bool module_reads_draw_index(std::span<const uint32_t> spirv) {
  constexpr uint32_t kOpDecorate = 71, kOpMemberDecorate = 72, kBuiltIn = 11, kDrawIndex = 4426;
  for (size_t i = 5; i < spirv.size();) {
    const uint32_t words = spirv[i] >> 16, op = spirv[i] & 0xffffu;
    if (words == 0 || i + words > spirv.size()) break;
    if (op == kOpDecorate && words >= 4 && spirv[i + 2] == kBuiltIn && spirv[i + 3] == kDrawIndex) return true;
    if (op == kOpMemberDecorate && words >= 5 && spirv[i + 3] == kBuiltIn && spirv[i + 4] == kDrawIndex) return true;
    i += words;
  }
  return false;
}
}  // namespace

ShaderProgram* ShaderProgram::create(driver::VulkanScreen& screen, const ShaderInfo& info, bool robust,
                                     Status* status) {
  auto* p = new ShaderProgram(screen);
  p->id = driver::next_object_uid();
  p->reads_draw_index = module_reads_draw_index(info.spirv[static_cast<unsigned>(ShaderStage::Vertex)]);
  p->robust = robust;
  p->vertex_input_locations = info.vertex_input_locations;
  p->writes_point_size = info.writes_point_size;
  *status = Status::Ok;
  p->separable_stage = info.separable_stage;
  if (info.separable_stage) {
    // One vertex or fragment stage, compiled alone into its library with
    // the per-stage descriptor layout. Tessellation and geometry stages
    // cannot be libraries of their own (a pre-rasterization library holds
    // every pre-rasterization stage); devices without libraries, or that
    // bind fewer than 5 sets, draw combinations as before.
    const vk::Device& device = screen.device();
    unsigned stages = 0;
    for (unsigned s = 0; s < kShaderStageCount; ++s)
      if (!info.spirv[s].empty()) stages |= 1u << s;
    // With shader objects any one graphics stage is compiled alone too.
    const bool vertex_or_fragment =
        stages == stage_bit(ShaderStage::Vertex) || stages == stage_bit(ShaderStage::Fragment);
    const bool one_graphics_stage = std::has_single_bit(stages) && stages < stage_bit(ShaderStage::Compute);
    const bool libraries = device.paths().pipeline_library && screen.dynamic_rendering();
    const bool drawable = (vertex_or_fragment && libraries) ||
                          (one_graphics_stage && driver::separable_shader_objects_available(device, robust));
    if (!drawable || device.paths().compact_descriptor_sets) {
      *status = Status::Unsupported;
    } else if (vk::Status s = p->descriptors.init(device, info.bindings, device.paths().descriptors,
                                                  driver::DescriptorLayout::PerStage, stages);
               !s) {
      *status = s.result == VK_ERROR_INITIALIZATION_FAILED ? Status::InvalidArgument : driver::to_pipe_status(s);
    }
    p->stage_bindings = info.bindings;
    if (*status != Status::Ok) {
      delete p;
      return nullptr;
    }
  }
  // The default uniform block by push constants where it fits.
  std::array<std::vector<uint32_t>, kShaderStageCount> pushed_code;
  VkPushConstantRange push_range{};
  if (*status == Status::Ok && move_default_block(screen, info, &pushed_code, &push_range)) {
    p->push_size = push_range.size;
    p->push_stages = push_range.stageFlags;
    p->push_source_stage = static_cast<uint8_t>(std::countr_zero(push_range.stageFlags));
    g_push_programs.add();
  }
  // A separable stage's code (rebound to its set) for its shader object.
  std::vector<uint32_t> shader_object_code;
  unsigned shader_object_stage = 0;
  const bool fold = !info.separable_stage && screen.device().paths().compact_descriptor_sets &&
                    std::any_of(info.bindings.begin(), info.bindings.end(),
                                [](const ShaderBinding& b) { return b.set == driver::kFoldedSet; });
  for (unsigned s = 0; s < kShaderStageCount; ++s) {
    std::vector<uint32_t> folded;
    std::span<const uint32_t> code = info.spirv[s];
    if (code.empty()) continue;
    if (p->push_stages >> s & 1u) code = pushed_code[s];
    if (fold && code[0] == 0x07230203u) code = folded = fold_descriptor_sets(code);
    if (info.separable_stage && code[0] == 0x07230203u) {
      folded.assign(code.begin(), code.end());
      if (!rebind_to_stage_set(folded, p->descriptors)) {
        BRASS_WARN("stage %u: a descriptor outside the binding table", s);
        *status = Status::InvalidArgument;
        break;
      }
      code = folded;
    }
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
    if (info.separable_stage && driver::separable_shader_objects_available(screen.device(), robust)) {
      shader_object_code.assign(code.begin(), code.end());
      shader_object_stage = s;
    }
  }
  const bool compute = p->stage_mask & stage_bit(ShaderStage::Compute);
  if (*status == Status::Ok && compute && p->stage_mask != stage_bit(ShaderStage::Compute)) {
    BRASS_WARN("a compute stage linked with graphics stages");
    *status = Status::InvalidArgument;
  }
  if (*status == Status::Ok && !p->separable_stage && !(p->stage_mask & stage_bit(ShaderStage::Vertex)) && !compute) {
    BRASS_WARN("program without a vertex or compute stage");
    *status = Status::InvalidArgument;
  }
  // A fragment stage that runs per sample has no library of its own.
  if (*status == Status::Ok && p->separable_stage && p->per_sample_fragment) *status = Status::Unsupported;
  if (*status == Status::Ok && !p->separable_stage) {
    // A pushed default block has no descriptors.
    std::vector<ShaderBinding> bindings;
    if (p->push_size)
      std::copy_if(info.bindings.begin(), info.bindings.end(), std::back_inserter(bindings),
                   [](const ShaderBinding& b) { return b.set != 0; });
    vk::Status s = p->descriptors.init(screen.device(), p->push_size ? bindings : info.bindings,
                                       screen.device().paths().descriptors, driver::DescriptorLayout::ByType, 0,
                                       push_range);
    if (!s) *status = s.result == VK_ERROR_INITIALIZATION_FAILED ? Status::InvalidArgument : driver::to_pipe_status(s);
  }
  if (*status == Status::Ok && compute) {
    if (vk::Status s = p->create_compute_pipeline(); !s) *status = driver::to_pipe_status(s);
  }
  if (*status != Status::Ok) {
    delete p;
    return nullptr;
  }
  // A tessellation or geometry stage alone has no library (shader object only).
  constexpr uint32_t kVertexFragment = stage_bit(ShaderStage::Vertex) | stage_bit(ShaderStage::Fragment);
  if ((p->separable_stage && (p->stage_mask & kVertexFragment)) || (!p->separable_stage && (p->stage_mask & stage_bit(ShaderStage::Vertex))))
    p->start_precompile();
  // Compiled once, here, for the combinations drawn with shader objects,
  // while the stage's library compiles on a worker; a stage the device
  // refuses is left to the combinations' pipelines.
  if (!shader_object_code.empty()) {
    if (vk::Status so = p->shader_object.create(screen.device(), shader_object_stage, shader_object_code, p->descriptors);
        !so) {
      if (so.result == VK_ERROR_OUT_OF_HOST_MEMORY || so.result == VK_ERROR_OUT_OF_DEVICE_MEMORY) {
        *status = driver::to_pipe_status(so);
        Ref<ShaderProgram>::adopt(p);  // goes once its precompile jobs let go
        return nullptr;
      }
      BRASS_WARN("stage %u: vkCreateShadersEXT failed (%d); its combinations use pipelines", shader_object_stage,
                 int(so.result));
    }
  }
  if (Status s = p->make_library_form(info); s != Status::Ok) {
    *status = s;
    Ref<ShaderProgram>::adopt(p);  // goes once its precompile jobs let go
    return nullptr;
  }
  return p;
}

Status ShaderProgram::make_library_form(const ShaderInfo& info) {
  constexpr uint32_t kVertexFragment = stage_bit(ShaderStage::Vertex) | stage_bit(ShaderStage::Fragment);
  uint32_t given = 0;
  bool all_libraries = true, all_shader_objects = true;
  for (unsigned s = 0; s < kGraphicsStageCount; ++s) {
    ShaderProgram* sp = info.stage_programs[s];
    if (!sp) continue;
    // Made for this stage (same robustness: one share group).
    if (!sp->separable_stage || sp->stage_mask != (1u << s) || sp->robust != robust) return Status::Ok;
    all_libraries = all_libraries && sp->uses_libraries;
    all_shader_objects = all_shader_objects && sp->shader_object;
    given |= 1u << s;
  }
  // Vertex + fragment combinations from the stages' libraries; with
  // tessellation or geometry stages (which cannot be libraries of their
  // own) from the stages' shader objects where the device has them. The
  // link-time-optimized path is the only one for invariant outputs, and
  // transform feedback and per-sample shading are left to the
  // combination's own pipelines.
  const bool library_pair = given == kVertexFragment && all_libraries && uses_libraries;
  const bool shader_objects = (given & kVertexFragment) == kVertexFragment && (given & ~kVertexFragment) &&
                              all_shader_objects;
  if (stage_mask != given || !(library_pair || shader_objects) || invariant || transform_feedback ||
      per_sample_fragment)
    return Status::Ok;
  Ref<ShaderProgram> form = Ref<ShaderProgram>::adopt(new ShaderProgram(screen));
  form->id = driver::next_object_uid();
  form->robust = robust;
  form->stage_mask = stage_mask;
  form->vertex_input_locations = vertex_input_locations;
  form->fragment_outputs = fragment_outputs;
  form->writes_point_size = writes_point_size;
  form->uses_libraries = library_pair;
  form->shader_object_form = !library_pair;
  std::vector<ShaderBinding> bindings;
  for (unsigned s = 0; s < kGraphicsStageCount; ++s) {
    ShaderProgram* sp = info.stage_programs[s];
    if (!sp) continue;
    form->stage_programs[s] = Ref<ShaderProgram>::share(sp);
    bindings.insert(bindings.end(), sp->stage_bindings.begin(), sp->stage_bindings.end());
  }
  const vk::Device& device = screen.device();
  if (vk::Status s = form->descriptors.init(device, bindings, device.paths().descriptors,
                                            driver::DescriptorLayout::PerStage, given);
      !s)
    return s.result == VK_ERROR_INITIALIZATION_FAILED ? Status::InvalidArgument : driver::to_pipe_status(s);
  library_form = std::move(form);
  g_library_forms.add();
  return Status::Ok;
}

}  // namespace brass::pipe
