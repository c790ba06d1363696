// gl_BoundingBoxEXT / gl_BoundingBoxOES / gl_BoundingBox
// (EXT/OES_primitive_bounding_box): tessellation control shaders may
// write the patch's bounding box, a hint an implementation may ignore
// (Brass does). glslang declares it as an ordinary per-patch output with
// neither a built-in nor a location, which Vulkan does not take: it is
// made a private variable here, so that writes (and reads back) still
// compile and nothing leaves the stage.
#pragma once

#include <cstdint>
#include <vector>

namespace brass::compiler {

// True when the module had the output (and now has a private variable
// instead); false, unchanged, otherwise.
bool make_bounding_box_private(std::vector<uint32_t>& spirv);

}  // namespace brass::compiler
