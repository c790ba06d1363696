// The fixed-function key: everything about the legacy vertex and fragment
// pipeline (OpenGL 4.6 compatibility profile §12.1-12.2 vertex lighting and
// texture coordinate generation, §14.9 texture environments and §14.10 -
// §14.11 colour sum and fog, §17.3.3 alpha test) that changes the code of
// the shaders emulating it. Values that only feed those shaders (matrices,
// light parameters, fog density, the alpha reference, ...) are not in it:
// they reach the shaders as the GLSL compatibility built-in uniforms.
//
// The key is a packed byte struct (no padding, compared and hashed as
// bytes); fields that do not matter for the rest of the key are zero, so
// equal pipelines make equal keys (canonical form, make_key's job).
#pragma once

#include <array>
#include <cstdint>
#include <cstring>
#include <type_traits>

namespace brass::gl::compat {

// MAX_TEXTURE_UNITS / MAX_TEXTURE_COORDS of the fixed-function pipeline and
// MAX_LIGHTS / MAX_CLIP_PLANES (compatibility profile minimums, which Brass
// offers exactly).
inline constexpr unsigned kFfTextureUnits = 8;
inline constexpr unsigned kFfLights = 8;
inline constexpr unsigned kFfClipPlanes = 8;

// The texture target a unit samples: the enabled one of highest priority
// (CUBE_MAP > 3D > RECTANGLE > 2D > 1D, §14.9), None when no target is
// enabled or that texture is not complete (the unit is then disabled).
enum class FfTarget : uint8_t { None, Tex1D, Tex2D, Tex3D, Cube, Rect };

// TEXTURE_ENV_MODE.
enum class FfEnvMode : uint8_t { Modulate, Replace, Decal, Blend, Add, Combine };

// What the texture's base internal format gives the texture functions of
// table 16.2 (RED and RG behave as RGB; depth textures by their
// DEPTH_TEXTURE_MODE): colour only, alpha only, both, or intensity (BLEND
// and ADD treat its alpha like its colour).
enum class FfFormat : uint8_t { Rgb, Alpha, Rgba, Intensity };

// COMBINE_RGB / COMBINE_ALPHA functions (table 16.3-16.4).
enum class FfCombineFunc : uint8_t { Replace, Modulate, Add, AddSigned, Interpolate, Subtract, Dot3Rgb, Dot3Rgba };

// SRCn_RGB / SRCn_ALPHA: TEXTURE, CONSTANT, PRIMARY_COLOR, PREVIOUS, then
// TEXTURE0 + n (ARB_texture_env_crossbar) as kFfSourceTexture0 + n.
enum FfSource : uint8_t { kFfSourceTexture = 0, kFfSourceConstant, kFfSourcePrimary, kFfSourcePrevious,
                          kFfSourceTexture0 };

// OPERANDn_RGB / OPERANDn_ALPHA.
enum class FfOperand : uint8_t { SrcColor, OneMinusSrcColor, SrcAlpha, OneMinusSrcAlpha };

// TEXTURE_GEN_MODE of one coordinate (None: generation disabled).
enum class FfTexGen : uint8_t { None, ObjectLinear, EyeLinear, SphereMap, NormalMap, ReflectionMap };

enum class FfFog : uint8_t { None, Linear, Exp, Exp2 };

// What the vertex stage writes to gl_FogFragCoord (None: fog is disabled):
// the eye-space depth |z_e| (FRAGMENT_DEPTH), the fog coordinate, or with
// NV_fog_distance's modes the signed depth z_e or the radial distance.
enum class FfFogSource : uint8_t { None, Depth, Coordinate, SignedDepth, Radial };

// ALPHA_FUNC while ALPHA_TEST is enabled (Always: no test).
enum class FfAlphaFunc : uint8_t { Always, Never, Less, Equal, LEqual, Greater, NotEqual, GEqual };

// COLOR_MATERIAL's COLOR_MATERIAL_PARAMETER (None: disabled).
enum class FfColorMaterial : uint8_t { None, Emission, Ambient, Diffuse, Specular, AmbientAndDiffuse };

struct FfCombineKey {
  uint8_t rgb_func = 0, alpha_func = 0;  // FfCombineFunc
  std::array<uint8_t, 3> rgb_source{}, alpha_source{};    // FfSource
  std::array<uint8_t, 3> rgb_operand{}, alpha_operand{};  // FfOperand
  uint8_t rgb_shift = 0, alpha_shift = 0;                 // log2 of RGB_SCALE / ALPHA_SCALE
};
static_assert(sizeof(FfCombineKey) == 16);

struct FfUnitKey {
  uint8_t target = 0;    // FfTarget; None: the unit passes its input on
  uint8_t env_mode = 0;  // FfEnvMode
  uint8_t format = 0;    // FfFormat
  // A depth texture compared (TEXTURE_COMPARE_MODE COMPARE_REF_TO_TEXTURE):
  // a shadow sampler, r/q the reference.
  uint8_t shadow = 0;
  FfCombineKey combine;  // zero unless env_mode is Combine
};
static_assert(sizeof(FfUnitKey) == 20);

struct FfVertexKey {
  uint8_t lighting = 0;
  uint8_t lights = 0;          // bit i: LIGHTi enabled (with lighting only)
  uint8_t local_viewer = 0;    // LIGHT_MODEL_LOCAL_VIEWER
  uint8_t two_side = 0;        // LIGHT_MODEL_TWO_SIDE (with lighting only)
  uint8_t color_material = 0;  // FfColorMaterial (with lighting only)
  // COLOR_MATERIAL_FACE: bit 0 front, bit 1 back.
  uint8_t color_material_faces = 0;
  uint8_t separate_specular = 0;  // LIGHT_MODEL_COLOR_CONTROL SEPARATE_SPECULAR_COLOR (with lighting only)
  uint8_t normalize = 0;          // NORMALIZE
  uint8_t rescale_normal = 0;     // RESCALE_NORMAL
  uint8_t fog = 0;                // FfFogSource
  uint8_t clip_planes = 0;        // bit i: CLIP_PLANEi enabled
  // Texture coordinate sets the vertex stage passes on (bit per unit):
  // those the fragment stage reads.
  uint8_t texcoords = 0;
  // Drawing points: the stage writes the derived point size (§14.4: the
  // size attenuated by eye distance, clamped to POINT_SIZE_MIN/MAX).
  uint8_t point_size = 0;
  uint8_t pad[3] = {};
  // TEXTURE_GEN_MODE of s, t, r, q of each unit (FfTexGen), for the units
  // in `texcoords`.
  std::array<std::array<uint8_t, 4>, kFfTextureUnits> texgen{};
};
static_assert(sizeof(FfVertexKey) == 16 + 4 * kFfTextureUnits);

struct FfFragmentKey {
  std::array<FfUnitKey, kFfTextureUnits> units{};
  uint8_t color_sum = 0;    // COLOR_SUM, or lighting with SEPARATE_SPECULAR_COLOR
  uint8_t fog = 0;          // FfFog
  uint8_t alpha_func = 0;   // FfAlphaFunc
  uint8_t two_side = 0;     // colours selected by facing (lighting with LIGHT_MODEL_TWO_SIDE)
  // Point sprites (§14.4.1): bit per unit whose coordinates are the
  // point's (s, t) (COORD_REPLACE), for points drawn with POINT_SPRITE.
  uint8_t coord_replace = 0;
  uint8_t pad[3] = {};
};
static_assert(sizeof(FfFragmentKey) == 8 * 20 + 8);

struct FfKey {
  FfVertexKey vertex;
  FfFragmentKey fragment;
  bool operator==(const FfKey& o) const { return std::memcmp(this, &o, sizeof(*this)) == 0; }
};
static_assert(std::has_unique_object_representations_v<FfKey>);

// Which texture units the fragment key reads (enabled units, and units a
// combiner names as TEXTUREn when those are enabled): the samplers the
// fragment stage declares and the coordinate sets it needs.
uint8_t sampled_units(const FfFragmentKey& key);

uint64_t hash_key(const FfKey& key);

}  // namespace brass::gl::compat
