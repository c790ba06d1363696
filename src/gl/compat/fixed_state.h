// The compatibility profile's fixed-function vertex and texturing state
// (GL 4.6 compatibility chapters 12, 14-16; GL 2.1 §2.11-2.14, §3.8.13,
// §3.10, §3.13 and state tables 6.5-6.13): matrices, lighting and
// materials, texture coordinate generation, clip planes, fog, texture
// environments, alpha test and point parameters. Context holds one
// FixedState (Context::compat_state); the commands are in api_*.cpp beside
// this header, the queries in state_queries_compat.cpp.
//
// Positions, directions and planes are stored as GL keeps them: already
// transformed into eye coordinates at specification time (lights by the
// modelview matrix, eye planes and clip planes by its inverse).
//
// Readers that cache what they derive from this state (generated shaders,
// the built-in uniforms) compare serial(): any change bumps it.
#pragma once

#include <array>
#include <cstdint>

#include "gl/compat/mat4.h"
#include "gl/compat/matrix_stacks.h"
#include "gl/compat/compat_enums.h"
#include "gl/gl_types.h"

namespace brass::gl::compat {

// MAX_LIGHTS and MAX_CLIP_PLANES (the latter aliases MAX_CLIP_DISTANCES).
inline constexpr int kMaxLights = 8;
inline constexpr int kMaxClipPlanes = 8;
// Texture image units with a TEXTURE_LOD_BIAS (gl/texture.h kMaxTextureUnits).
inline constexpr int kMaxLodBiasUnits = 96;

struct LightSource {
  Vec4 ambient{0, 0, 0, 1};
  Vec4 diffuse{0, 0, 0, 1};   // light 0: (1, 1, 1, 1)
  Vec4 specular{0, 0, 0, 1};  // light 0: (1, 1, 1, 1)
  Vec4 position{0, 0, 1, 0};  // eye coordinates
  Vec4 spot_direction{0, 0, -1, 0};  // eye coordinates; w unused
  float spot_exponent = 0;
  float spot_cutoff = 180;
  float constant_attenuation = 1, linear_attenuation = 0, quadratic_attenuation = 0;
};

struct Material {
  Vec4 ambient{0.2f, 0.2f, 0.2f, 1};
  Vec4 diffuse{0.8f, 0.8f, 0.8f, 1};
  Vec4 specular{0, 0, 0, 1};
  Vec4 emission{0, 0, 0, 1};
  float shininess = 0;
  float color_indexes[3] = {0, 1, 1};  // COLOR_INDEXES: ambient, diffuse, specular
};

struct LightingState {
  bool lighting = false;                 // LIGHTING enable
  std::array<bool, kMaxLights> enabled{};  // LIGHTi enables
  std::array<LightSource, kMaxLights> lights{};
  Vec4 model_ambient{0.2f, 0.2f, 0.2f, 1};
  bool local_viewer = false, two_side = false;
  GLenum color_control = GL_SINGLE_COLOR;
  std::array<Material, 2> material{};  // [0] front, [1] back
  bool color_material = false;           // COLOR_MATERIAL enable
  GLenum color_material_face = GL_FRONT_AND_BACK;
  GLenum color_material_mode = GL_AMBIENT_AND_DIFFUSE;
  bool normalize = false, rescale_normal = false;
  GLenum shade_model = GL_SMOOTH;
  LightingState() {
    lights[0].diffuse = {1, 1, 1, 1};
    lights[0].specular = {1, 1, 1, 1};
  }
};

// One coordinate's texgen (S, T, R or Q).
struct TexGenCoord {
  bool enabled = false;  // TEXTURE_GEN_S/T/R/Q
  GLenum mode = GL_EYE_LINEAR;
  Vec4 object_plane{0, 0, 0, 0};
  Vec4 eye_plane{0, 0, 0, 0};  // eye coordinates (times the inverse modelview)
};
struct TexGenUnit {
  std::array<TexGenCoord, 4> coord;  // S, T, R, Q
  TexGenUnit() {
    coord[0].object_plane = coord[0].eye_plane = {1, 0, 0, 0};
    coord[1].object_plane = coord[1].eye_plane = {0, 1, 0, 0};
  }
};

// NV_fog_distance's enums (glext.h's; the compatibility enums header has
// only the core ones, EYE_PLANE among them).
#ifndef GL_FOG_DISTANCE_MODE_NV
#define GL_FOG_DISTANCE_MODE_NV 0x855A
#define GL_EYE_RADIAL_NV 0x855B
#define GL_EYE_PLANE_ABSOLUTE_NV 0x855C
#endif

struct FogState {
  bool enabled = false;  // FOG enable
  GLenum mode = GL_EXP;
  float density = 1, start = 0, end = 1, index = 0;
  Vec4 color{0, 0, 0, 0};
  GLenum coord_src = GL_FRAGMENT_DEPTH;  // FOG_COORD_SRC
  // NV_fog_distance: how FRAGMENT_DEPTH fog measures the distance to the
  // eye: |z_e| (EYE_PLANE_ABSOLUTE_NV, the GL rule), z_e (EYE_PLANE) or the
  // Euclidean distance (EYE_RADIAL_NV).
  GLenum distance_mode = GL_EYE_PLANE_ABSOLUTE_NV;
};

// One texture unit's environment (§16.1, table 23.21 of 4.6 compat).
struct TexEnvUnit {
  GLenum mode = GL_MODULATE;
  Vec4 color{0, 0, 0, 0};
  GLenum combine_rgb = GL_MODULATE, combine_alpha = GL_MODULATE;
  std::array<GLenum, 3> src_rgb{GL_TEXTURE, GL_PREVIOUS, GL_CONSTANT};
  std::array<GLenum, 3> src_alpha{GL_TEXTURE, GL_PREVIOUS, GL_CONSTANT};
  std::array<GLenum, 3> operand_rgb{GL_SRC_COLOR, GL_SRC_COLOR, GL_SRC_ALPHA};
  std::array<GLenum, 3> operand_alpha{GL_SRC_ALPHA, GL_SRC_ALPHA, GL_SRC_ALPHA};
  float rgb_scale = 1, alpha_scale = 1;
  bool coord_replace = false;  // POINT_SPRITE's COORD_REPLACE
};

struct AlphaTestState {
  bool enabled = false;  // ALPHA_TEST enable
  GLenum func = GL_ALWAYS;
  float ref = 0;  // clamped to [0, 1]
};

// The point state the core profile lacks (§14.4): the size clamp, the
// distance attenuation, smoothing and sprites. The fade threshold and
// sprite coordinate origin are core state (FixedFunctionState).
struct PointState {
  float size_min = 0, size_max = 1;  // size_max starts as the largest point size
  Vec4 distance_attenuation{1, 0, 0, 0};  // a, b, c; w unused
  bool smooth = false;  // POINT_SMOOTH enable
  bool sprite = false;  // POINT_SPRITE enable
};

struct FixedState {
  MatrixStacks matrices;
  LightingState lighting;
  std::array<TexGenUnit, kMaxTextureCoords> texgen{};
  // Clip planes in eye coordinates; their enables are
  // FixedFunctionState::clip_distance (CLIP_PLANEi is CLIP_DISTANCEi).
  std::array<Vec4, kMaxClipPlanes> clip_planes{};
  FogState fog;
  std::array<TexEnvUnit, kMaxTextureCoords> texenv{};
  // TEXTURE_FILTER_CONTROL's TEXTURE_LOD_BIAS, per texture image unit.
  std::array<float, kMaxLodBiasUnits> texture_lod_bias{};
  AlphaTestState alpha_test;
  PointState point;

  // Changes of anything but the matrices (which have their own serial).
  void changed() { ++serial_; }
  uint64_t serial() const { return serial_ + matrices.serial(); }

 private:
  uint64_t serial_ = 0;
};

}  // namespace brass::gl::compat
