// Separable tessellation and geometry stages through VK_EXT_shader_object
// (docs/architecture.md, "Separable programs"). A pre-rasterization
// pipeline library holds every pre-rasterization stage, so a program
// pipeline that adds tessellation or geometry stages to its vertex and
// fragment ones cannot be fast-linked from per-stage libraries. Where the
// device has shader objects, each stage of a separable program is compiled
// once, at link, into a VkShaderEXT of its own (unlinked: any stage may
// follow or precede it), with the per-stage descriptor layout; a
// combination of such stages is drawn by binding them, with every state a
// pipeline would have baked set dynamically from the draw's PipelineKey.
// Nothing is compiled on the draw path.
#pragma once
#include <cstdint>
#include <span>

#include "device/device.h"
#include "driver/descriptors/program_descriptors.h"
#include "driver/pipeline/pipeline_key.h"
#include "pipe/context.h"

namespace brass::pipe {
struct ShaderProgram;
}

namespace brass::driver {

// Owns one VkShaderEXT.
class ShaderObject {
 public:
  ShaderObject() = default;
  ~ShaderObject();
  ShaderObject(const ShaderObject&) = delete;
  ShaderObject& operator=(const ShaderObject&) = delete;

  // Compiles graphics stage `stage` (pipe::ShaderStage) of `spirv` alone,
  // its descriptors in `descriptors`' per-stage sets.
  [[nodiscard]] vk::Status create(const vk::Device& device, unsigned stage, std::span<const uint32_t> spirv,
                                  const ProgramDescriptors& descriptors);
  VkShaderEXT get() const { return shader_; }
  explicit operator bool() const { return shader_ != VK_NULL_HANDLE; }

 private:
  const vk::Device* device_ = nullptr;
  VkShaderEXT shader_ = VK_NULL_HANDLE;
};

// Whether separable stage programs get shader objects on this device (and
// combinations with tessellation or geometry stages are drawn from them).
bool separable_shader_objects_available(const vk::Device& device, bool robust);

// Binds a combination's shader objects and the state they need, on the
// draw path: no allocation, no object creation.
class SeparableShaderObjects {
 public:
  explicit SeparableShaderObjects(const vk::Device& device) : device_(device) {}

  // Binds the stages of `form` (a combination drawn with shader objects:
  // ShaderProgram::shader_object_form), unbinding the stages it lacks, and
  // sets every pipeline state of `key` dynamically. `patch_vertices`: the
  // draw's GL_PATCH_VERTICES (patch draws).
  void bind(VkCommandBuffer cmd, const pipe::ShaderProgram& form, const PipelineKey& key, bool patches,
            uint8_t patch_vertices);

 private:
  const vk::Device& device_;
};

}  // namespace brass::driver
