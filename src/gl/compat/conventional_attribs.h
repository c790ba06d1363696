// The conventional vertex attributes of the compatibility profile (GL 4.6
// compatibility §10.2, GL 2.1 §2.7): position, normal, colours, fog
// coordinate, texture coordinates per unit, edge flag and colour index.
// Each has a current value and a legacy array (glVertexPointer, ...), and
// the GLSL built-in inputs gl_Vertex, gl_Normal, gl_Color, ... read them.
//
// Vertex input addresses attributes by one index: generic attribute i is i
// (0 .. kMaxVertexAttribs - 1), conventional attribute a is
// kConventionalIndexBase + a. A linked program records that index per
// input location (LinkedProgram::attribute_index), so draws feed a
// gl_Color input from the colour array or current colour, whatever GL
// location the linker gave it.
#pragma once

#include <cstdint>
#include <string_view>

namespace brass::gl::compat {

enum ConventionalAttrib : uint8_t {
  kVertex = 0,
  kNormal,
  kColor,
  kSecondaryColor,
  kFogCoord,
  kTexCoord0,
  kEdgeFlag = kTexCoord0 + 8,
  kColorIndex,
  kConventionalCount
};

// Texture coordinate sets (MAX_TEXTURE_COORDS): gl_MultiTexCoord0..7.
inline constexpr unsigned kMaxTextureCoords = 8;
// Conventional attributes below this one may feed a shader input; the edge
// flag and colour index arrays are state only (no GLSL input reads them).
inline constexpr unsigned kShaderFedConventional = kEdgeFlag;
// Where conventional attributes start in vertex input's attribute index
// space (== kMaxVertexAttribs, checked in vertex_array.h).
inline constexpr unsigned kConventionalIndexBase = 16;

// The conventional attribute a vertex shader input of this (reflected)
// name reads, or -1: "gl_Vertex", "gl_Normal", "gl_Color",
// "gl_SecondaryColor", "gl_FogCoord", "gl_MultiTexCoord0".."7".
int conventional_attrib_named(std::string_view name);

}  // namespace brass::gl::compat
