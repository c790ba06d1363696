// Vertex attribute arrays' element formats: the pipe format the device
// fetches an array in directly (or none: the CPU converts it), element and
// component sizes, and the CPU's decoding of one element (ES 3.0 §2.9.1,
// table 2.10), which the streamed conversions and glArrayElement use.
#pragma once

#include <cstdint>

#include "gl/gl_types.h"
#include "pipe/format.h"

namespace brass::pipe {
class Screen;
}

namespace brass::gl {

struct VertexAttrib;

// Formats with 1..4 components, per family.
inline constexpr pipe::Format kFloat32[4] = {pipe::Format::R32_FLOAT, pipe::Format::RG32_FLOAT, pipe::Format::RGB32_FLOAT, pipe::Format::RGBA32_FLOAT};
inline constexpr pipe::Format kSint32[4] = {pipe::Format::R32_SINT, pipe::Format::RG32_SINT, pipe::Format::RGB32_SINT, pipe::Format::RGBA32_SINT};
inline constexpr pipe::Format kUint32[4] = {pipe::Format::R32_UINT, pipe::Format::RG32_UINT, pipe::Format::RGB32_UINT, pipe::Format::RGBA32_UINT};
inline constexpr pipe::Format kFloat16[4] = {pipe::Format::R16_FLOAT, pipe::Format::RG16_FLOAT, pipe::Format::RGB16_FLOAT, pipe::Format::RGBA16_FLOAT};
inline constexpr pipe::Format kSint16[4] = {pipe::Format::R16_SINT, pipe::Format::RG16_SINT, pipe::Format::RGB16_SINT, pipe::Format::RGBA16_SINT};
inline constexpr pipe::Format kUint16[4] = {pipe::Format::R16_UINT, pipe::Format::RG16_UINT, pipe::Format::RGB16_UINT, pipe::Format::RGBA16_UINT};
inline constexpr pipe::Format kSnorm16[4] = {pipe::Format::R16_SNORM, pipe::Format::RG16_SNORM, pipe::Format::RGB16_SNORM, pipe::Format::RGBA16_SNORM};
inline constexpr pipe::Format kUnorm16[4] = {pipe::Format::R16_UNORM, pipe::Format::RG16_UNORM, pipe::Format::RGB16_UNORM, pipe::Format::RGBA16_UNORM};
inline constexpr pipe::Format kSint8[4] = {pipe::Format::R8_SINT, pipe::Format::RG8_SINT, pipe::Format::RGB8_SINT, pipe::Format::RGBA8_SINT};
inline constexpr pipe::Format kUint8[4] = {pipe::Format::R8_UINT, pipe::Format::RG8_UINT, pipe::Format::RGB8_UINT, pipe::Format::RGBA8_UINT};
inline constexpr pipe::Format kSnorm8[4] = {pipe::Format::R8_SNORM, pipe::Format::RG8_SNORM, pipe::Format::RGB8_SNORM, pipe::Format::RGBA8_SNORM};
inline constexpr pipe::Format kUnorm8[4] = {pipe::Format::R8_UNORM, pipe::Format::RG8_UNORM, pipe::Format::RGB8_UNORM, pipe::Format::RGBA8_UNORM};
inline constexpr pipe::Format kFloat64[4] = {pipe::Format::R64_FLOAT, pipe::Format::RG64_FLOAT, pipe::Format::RGB64_FLOAT, pipe::Format::RGBA64_FLOAT};

// The direct pipe vertex format of an attribute array, or Format::None when
// it has none (CPU conversion).
pipe::Format vertex_format(GLenum type, GLint size, bool normalized, bool integer);
// Whether the device fetches the 64-bit float vertex formats. Without them
// double vertex inputs are linked to read 32-bit words (ShaderLimits::
// lower_64bit_vertex_inputs) and fed as such.
bool fetches_64bit_vertex_formats(const pipe::Screen& screen);
// Bytes of one component of `type` (packed types: 4).
uint32_t component_size(GLenum type);
// Bytes of one element of an attribute array.
uint32_t element_size(GLenum type, GLint size);

// One element of an array at `p` as 32-bit components: floats, or for
// integer arrays (VertexAttrib::integer) the integer values; components the
// array lacks are left as they are (glArrayElement, compat/).
void decode_vertex_element(const VertexAttrib& a, const uint8_t* p, uint32_t out[4]);

}  // namespace brass::gl
