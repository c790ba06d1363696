#include "driver/program.h"

#include <atomic>

#include "driver/screen.h"
#include "driver/status.h"
#include "util/log.h"

namespace brass::pipe {

ShaderProgram::ShaderProgram(driver::VulkanScreen& s) : screen(s), pipelines(s.vk_device()) {}

ShaderProgram::~ShaderProgram() {
  for (VkShaderModule m : modules)
    if (m) vkDestroyShaderModule(screen.vk_device(), m, nullptr);
}

ShaderProgram* ShaderProgram::create(driver::VulkanScreen& screen, const ShaderInfo& info, Status* status) {
  static std::atomic<uint64_t> next_id{1};
  auto* p = new ShaderProgram(screen);
  p->id = next_id.fetch_add(1);
  p->vertex_input_locations = info.vertex_input_locations;
  p->writes_point_size = info.writes_point_size;
  *status = Status::Ok;
  for (unsigned s = 0; s < kShaderStageCount; ++s) {
    const auto& code = info.spirv[s];
    if (code.empty()) continue;
    if (code[0] != 0x07230203u) {
      BRASS_WARN("stage %u: not SPIR-V", s);
      *status = Status::InvalidArgument;
      break;
    }
    // Instructions after the 5-word header; capabilities come first.
    for (size_t w = 5; w < code.size();) {
      const uint32_t op = code[w] & 0xffffu, len = code[w] >> 16;
      if (len == 0 || op != 17 /* OpCapability */) break;
      if (w + 1 < code.size() && code[w + 1] == 53 /* TransformFeedback */) p->transform_feedback = true;
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
  }
  if (*status == Status::Ok && !(p->stage_mask & (stage_bit(ShaderStage::Vertex) | stage_bit(ShaderStage::Compute)))) {
    BRASS_WARN("program without a vertex or compute stage");
    *status = Status::InvalidArgument;
  }
  if (*status == Status::Ok) {
    vk::Status s = p->descriptors.init(screen.vk_device(), info.bindings);
    if (!s) *status = s.result == VK_ERROR_INITIALIZATION_FAILED ? Status::InvalidArgument : driver::to_pipe_status(s);
  }
  if (*status != Status::Ok) {
    delete p;
    return nullptr;
  }
  return p;
}

}  // namespace brass::pipe
