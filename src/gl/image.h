// ES 3.1 image load/store (§8.23): the context's image units, what
// glBindImageTexture may bind to them, and the draw/dispatch handler that
// turns each active image uniform's unit into a pipe storage image.
//
// An image unit names one level (and one layer, or all of them) of an
// immutable texture and the format shaders see it in. A unit whose binding
// cannot be accessed (no texture, a level outside the texture's levels, a
// format the texture's is not size-compatible with, a view the device
// cannot make) reads as unbound: the shader gets a 1x1 scratch image of its
// image type instead, zeroed before each draw or dispatch that binds it,
// since Vulkan needs a valid view of the right dimensionality and numeric
// type behind every storage image descriptor (the driver's own fallback for
// an empty slot is one 2D float view).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "gl/gl_object.h"
#include "gl/gl_types.h"
#include "gl/texture.h"
#include "pipe/format.h"
#include "pipe/resource.h"
#include "pipe/state.h"

namespace brass::pipe {
class Screen;
}

namespace brass::gl {

class Context;

// Image units the context state holds (GL_MAX_IMAGE_UNITS reports at most
// this many): one pipe storage-image slot each when a stage uses them all.
inline constexpr unsigned kMaxImageUnits = pipe::kMaxShaderImages;

// One image unit (ES 3.1 table 20.27, GL 4.6 table 23.45); the initial
// values are the spec's, but for the format, which is R32UI in ES and R8 in
// desktop GL (initial_image_unit).
struct ImageUnit {
  Binding<Texture> texture;
  GLint level = 0;
  bool layered = false;
  GLint layer = 0;
  GLenum access = GL_READ_ONLY;
  GLenum format = GL_R32UI;
};
// A unit in its initial state for this context's API.
ImageUnit initial_image_unit(const Context& ctx);

// What image uniforms see a texel as: float (also normalized), signed or
// unsigned integer.
enum class ImageKind : uint8_t { Float, Int, Uint };
// How an image uniform addresses the image. Desktop GL adds 1D images and
// arrays, rectangles (2D images to Vulkan: the compiler lowers them) and
// multisample images to ES's.
enum class ImageDim : uint8_t {
  Tex2D,
  Tex3D,
  Cube,
  Tex2DArray,
  Buffer,
  CubeArray,
  Tex1D,
  Tex1DArray,
  Rect,
  Tex2DMS,
  Tex2DMSArray,
};
inline constexpr size_t kImageDimCount = 11;

// A format of ES 3.1 table 8.27 (the formats an image unit takes and a
// texture must have to be bound to one).
struct ImageFormatInfo {
  GLenum format = GL_NONE;
  pipe::Format pipe_format = pipe::Format::None;
  uint8_t texel_bytes = 0;  // size class: formats of one size are compatible (§8.23)
  ImageKind kind = ImageKind::Float;
  // Desktop GL's table 8.26 has it and ES 3.1's does not: ES contexts take
  // it with NV_image_formats (and a 16-bit normalized one only with
  // EXT_texture_norm16 as well).
  bool extended = false;
  bool norm16 = false;
};
// Null for a format in neither table. Any context's: image units only hold
// formats their context took (find_image_format(ctx, ...)).
const ImageFormatInfo* find_image_format(GLenum format);
// Null for a format this context's image units do not take.
const ImageFormatInfo* find_image_format(const Context& ctx, GLenum format);
// Whether the device makes every extended format a storage image (2D and
// 3D), the 16-bit normalized ones only when `norm16`: NV_image_formats.
bool extended_image_formats_supported(const pipe::Screen& screen, bool norm16);

// The image type a GL uniform type names (GL_IMAGE_2D, GL_UNSIGNED_INT_IMAGE_CUBE,
// ...); false for other types.
bool classify_image_type(GLenum type, ImageDim* dim, ImageKind* kind);

// Per-context pipe objects of image validation.
struct ImageContextState {
  // Zeroed scratch images bound for units that read as unbound:
  // [ImageDim][ImageKind], created on first use.
  std::array<std::array<Ref<pipe::Resource>, 3>, kImageDimCount> dummies;
  // The last validation bound one: the next draw validates images again
  // (and so zeroes it again).
  bool dummies_bound = false;
};

// glGetIntegeri_v / glGetBooleani_v / glGetInteger64i_v of
// GL_IMAGE_BINDING_*: the value count (1), 0 after recording an error, -1
// when `target` is not an image binding name.
int image_unit_state(Context& ctx, GLenum target, GLuint index, GLint64* out);
// glDeleteTextures: units the texture is bound to revert to their initial
// state (ES 3.1 §8.23: as if glBindImageTexture bound texture zero).
void unbind_image_texture(Context& ctx, const Texture* texture);
// Whether glTexStorage* should give a texture of this internal format
// storage-image usage (an ES 3.1 context and a table 8.27 format).
bool wants_image_storage(const Context& ctx, GLenum internal_format);
// Context teardown.
void release_image_state(Context& ctx);

}  // namespace brass::gl
