// Resources as the frontend sees them: a buffer or a texture described by a
// template. The driver's storage behind a Resource may change (invalidation
// swaps it); the frontend's Resource pointer never does.
#pragma once
#include <cstdint>
#include "pipe/format.h"
#include "util/ref_counted.h"

namespace brass::pipe {

enum class Target : uint8_t { Buffer, Texture1D, Texture2D, Texture3D, TextureCube, Texture1DArray, Texture2DArray, TextureCubeArray };

// What a resource may be bound as (driver picks usage flags from these).
enum BindFlags : uint32_t {
  kBindVertexBuffer = 1u << 0,
  kBindIndexBuffer = 1u << 1,
  kBindConstantBuffer = 1u << 2,
  kBindSamplerView = 1u << 3,
  kBindRenderTarget = 1u << 4,
  kBindDepthStencil = 1u << 5,
  kBindShaderBuffer = 1u << 6,
  kBindShaderImage = 1u << 7,
  kBindIndirect = 1u << 8,
};

// How the application will update it (memory placement hint). Immutable
// buffers (glBufferStorage) keep their storage for life: it is never swapped
// for fresh storage (maps of it may stay valid while the GPU uses it,
// GL_MAP_PERSISTENT_BIT) and lives in host-coherent memory.
enum class Usage : uint8_t { Default, Immutable, Dynamic, Stream, Staging };

struct ResourceTemplate {
  Target target = Target::Texture2D;
  Format format = Format::RGBA8_UNORM;  // Format::None for buffers
  uint32_t width = 1;                   // bytes for buffers
  uint32_t height = 1;
  uint32_t depth = 1;
  uint32_t array_size = 1;              // layers (6 per cube)
  uint32_t levels = 1;
  uint32_t samples = 1;
  uint32_t bind = 0;                    // BindFlags
  Usage usage = Usage::Default;
};

class Resource : public RefCounted {
 public:
  explicit Resource(const ResourceTemplate& t) : templ_(t) {}
  virtual ~Resource() = default;
  const ResourceTemplate& templ() const { return templ_; }
  bool is_buffer() const { return templ_.target == Target::Buffer; }

 private:
  ResourceTemplate templ_;
};

// A box in texels (x/y/z, or layer in z for arrays); bytes for buffers in x/width.
struct Box {
  int32_t x = 0, y = 0, z = 0;
  int32_t width = 0, height = 1, depth = 1;
};

}  // namespace brass
