// Texture-unit enables, the fixed-function key of the current state and the
// choice of the fixed-function program at draw time.
#include "gl/compat/fixed_function_pipeline.h"

#include <algorithm>
#include <bit>
#include <cstring>

#include "compiler/alpha_test.h"
#include "gl/compat/compat_enums.h"
#include "gl/context.h"
#include "gl/texture_storage.h"

namespace brass::gl::compat {

namespace {

int enable_index(GLenum cap) {
  switch (cap) {
    case GL_TEXTURE_1D: return kEnable1D;
    case GL_TEXTURE_2D: return kEnable2D;
    case GL_TEXTURE_3D: return kEnable3D;
    case GL_TEXTURE_CUBE_MAP: return kEnableCube;
    case GL_TEXTURE_RECTANGLE: return kEnableRect;
    default: return -1;
  }
}

// §14.9: the enabled target of highest priority, CUBE_MAP > 3D > RECTANGLE > 2D > 1D.
FfTarget enabled_target(const std::array<bool, kTextureEnableCount>& enables) {
  if (enables[kEnableCube]) return FfTarget::Cube;
  if (enables[kEnable3D]) return FfTarget::Tex3D;
  if (enables[kEnableRect]) return FfTarget::Rect;
  if (enables[kEnable2D]) return FfTarget::Tex2D;
  if (enables[kEnable1D]) return FfTarget::Tex1D;
  return FfTarget::None;
}

TextureTargetIndex target_index(FfTarget t) {
  switch (t) {
    case FfTarget::Tex1D: return TextureTargetIndex::Tex1D;
    case FfTarget::Tex3D: return TextureTargetIndex::Tex3D;
    case FfTarget::Cube: return TextureTargetIndex::TexCube;
    case FfTarget::Rect: return TextureTargetIndex::TexRect;
    default: return TextureTargetIndex::Tex2D;
  }
}

// Table 16.1's rows by base internal format. Depth textures read as
// LUMINANCE (DEPTH_TEXTURE_MODE's initial value).
FfFormat format_class(GLenum base_format) {
  switch (base_format) {
    case GL_ALPHA: return FfFormat::Alpha;
    case GL_LUMINANCE_ALPHA:
    case GL_RGBA: return FfFormat::Rgba;
    case 0x8049:  // GL_INTENSITY
      return FfFormat::Intensity;
    default: return FfFormat::Rgb;
  }
}

// One unit's fragment part: the target sampled (None when the unit's
// texture is not complete, §14.9: as if texturing were disabled there; or
// when its format is one fixed-function texturing cannot sample: integer
// and stencil textures), its format class and whether it compares.
void texture_unit_key(Context& ctx, unsigned u, FfUnitKey& unit) {
  const FfTarget target = enabled_target(ctx.ff_pipeline.texture_enables[u]);
  if (target == FfTarget::None) return;
  Texture* tex = unit_texture(ctx, u, target_index(target));
  if (!tex) return;
  const Sampler* sampler = ctx.textures.units[u].sampler.get();
  const SamplerParams& params = sampler ? sampler->params : tex->sampler;
  if (!check_completeness(ctx, *tex, params).complete) return;
  const GLint base = std::clamp<GLint>(tex->base_level, 0, static_cast<GLint>(kMaxTextureLevels) - 1);
  const TextureImage* image = tex->image(base, 0);
  if (!image || !image->info) return;
  const pixel::InternalFormatInfo& info = *image->info;
  if (info.is_integer() || samples_stencil(*tex, info)) return;
  unit.target = static_cast<uint8_t>(target);
  unit.format = static_cast<uint8_t>(format_class(info.base_format));
  if (info.has_depth()) unit.shadow = params.compare_mode == GL_COMPARE_REF_TO_TEXTURE ? 1 : 0;
}

FfTexGen texgen_mode(GLenum mode, unsigned coord) {
  switch (mode) {
    case GL_OBJECT_LINEAR: return FfTexGen::ObjectLinear;
    case GL_EYE_LINEAR: return FfTexGen::EyeLinear;
    // q takes only the linear modes (glTexGen refuses the others for it).
    case GL_SPHERE_MAP: return coord < 2 ? FfTexGen::SphereMap : FfTexGen::None;
    case GL_NORMAL_MAP: return coord < 3 ? FfTexGen::NormalMap : FfTexGen::None;
    case GL_REFLECTION_MAP: return coord < 3 ? FfTexGen::ReflectionMap : FfTexGen::None;
    default: return FfTexGen::None;
  }
}

FfColorMaterial color_material(GLenum mode) {
  switch (mode) {
    case GL_EMISSION: return FfColorMaterial::Emission;
    case GL_AMBIENT: return FfColorMaterial::Ambient;
    case GL_DIFFUSE: return FfColorMaterial::Diffuse;
    case GL_SPECULAR: return FfColorMaterial::Specular;
    default: return FfColorMaterial::AmbientAndDiffuse;
  }
}

FfAlphaFunc alpha_func(GLenum func) {
  switch (func) {
    case GL_NEVER: return FfAlphaFunc::Never;
    case GL_LESS: return FfAlphaFunc::Less;
    case GL_EQUAL: return FfAlphaFunc::Equal;
    case GL_LEQUAL: return FfAlphaFunc::LEqual;
    case GL_GREATER: return FfAlphaFunc::Greater;
    case GL_NOTEQUAL: return FfAlphaFunc::NotEqual;
    case GL_GEQUAL: return FfAlphaFunc::GEqual;
    default: return FfAlphaFunc::Always;
  }
}

FfEnvMode env_mode(GLenum mode) {
  switch (mode) {
    case GL_REPLACE: return FfEnvMode::Replace;
    case GL_DECAL: return FfEnvMode::Decal;
    case GL_BLEND: return FfEnvMode::Blend;
    case GL_ADD: return FfEnvMode::Add;
    case GL_COMBINE: return FfEnvMode::Combine;
    default: return FfEnvMode::Modulate;
  }
}

FfCombineFunc combine_func(GLenum f) {
  switch (f) {
    case GL_REPLACE: return FfCombineFunc::Replace;
    case GL_ADD: return FfCombineFunc::Add;
    case GL_ADD_SIGNED: return FfCombineFunc::AddSigned;
    case GL_INTERPOLATE: return FfCombineFunc::Interpolate;
    case GL_SUBTRACT: return FfCombineFunc::Subtract;
    case GL_DOT3_RGB: return FfCombineFunc::Dot3Rgb;
    case GL_DOT3_RGBA: return FfCombineFunc::Dot3Rgba;
    default: return FfCombineFunc::Modulate;
  }
}

uint8_t combine_source(GLenum s) {
  switch (s) {
    case GL_TEXTURE: return kFfSourceTexture;
    case GL_CONSTANT: return kFfSourceConstant;
    case GL_PRIMARY_COLOR: return kFfSourcePrimary;
    case GL_PREVIOUS: return kFfSourcePrevious;
    default:
      if (s >= GL_TEXTURE0 && s < GL_TEXTURE0 + kFfTextureUnits)
        return static_cast<uint8_t>(kFfSourceTexture0 + (s - GL_TEXTURE0));
      return kFfSourcePrevious;
  }
}

FfOperand combine_operand(GLenum o) {
  switch (o) {
    case GL_ONE_MINUS_SRC_COLOR: return FfOperand::OneMinusSrcColor;
    case GL_SRC_ALPHA: return FfOperand::SrcAlpha;
    case GL_ONE_MINUS_SRC_ALPHA: return FfOperand::OneMinusSrcAlpha;
    default: return FfOperand::SrcColor;
  }
}

uint8_t scale_shift(float scale) { return scale >= 4.0f ? 2 : scale >= 2.0f ? 1 : 0; }

// TEXTURE_ENV_MODE and, for COMBINE, the combiner (tables 16.3-16.4).
void environment_key(const TexEnvUnit& env, FfUnitKey& unit) {
  const FfEnvMode mode = env_mode(env.mode);
  unit.env_mode = static_cast<uint8_t>(mode);
  if (mode != FfEnvMode::Combine) return;
  FfCombineKey& c = unit.combine;
  c.rgb_func = static_cast<uint8_t>(combine_func(env.combine_rgb));
  const FfCombineFunc af = combine_func(env.combine_alpha);
  // The alpha combiner has no DOT3 functions (glTexEnv refuses them).
  c.alpha_func = static_cast<uint8_t>(af == FfCombineFunc::Dot3Rgb || af == FfCombineFunc::Dot3Rgba
                                          ? FfCombineFunc::Modulate
                                          : af);
  for (unsigned i = 0; i < 3; ++i) {
    c.rgb_source[i] = combine_source(env.src_rgb[i]);
    c.alpha_source[i] = combine_source(env.src_alpha[i]);
    c.rgb_operand[i] = static_cast<uint8_t>(combine_operand(env.operand_rgb[i]));
    // Alpha operands are SRC_ALPHA or ONE_MINUS_SRC_ALPHA.
    const FfOperand ao = combine_operand(env.operand_alpha[i]);
    c.alpha_operand[i] = static_cast<uint8_t>(ao == FfOperand::OneMinusSrcAlpha || ao == FfOperand::OneMinusSrcColor
                                                  ? FfOperand::OneMinusSrcAlpha
                                                  : FfOperand::SrcAlpha);
  }
  c.rgb_shift = scale_shift(env.rgb_scale);
  c.alpha_shift = scale_shift(env.alpha_scale);
}

}  // namespace

bool* ff_enable_flag(Context& ctx, GLenum cap) {
  if (cap == GL_COLOR_SUM) return &ctx.ff_pipeline.color_sum;
  const int index = enable_index(cap);
  if (index < 0 || ctx.textures.active >= kFfTextureUnits) return nullptr;
  return &ctx.ff_pipeline.texture_enables[ctx.textures.active][static_cast<size_t>(index)];
}

bool texture_enable_out_of_range(Context& ctx, GLenum cap) {
  const bool per_unit = enable_index(cap) >= 0 || (cap >= GL_TEXTURE_GEN_S && cap <= GL_TEXTURE_GEN_Q);
  if (!per_unit || ctx.textures.active < kFfTextureUnits) return false;
  ctx.set_error(GL_INVALID_OPERATION);
  return true;
}

FfKey make_key(Context& ctx) {
  FfKey key{};
  const FixedState& st = ctx.compat_state;
  for (unsigned u = 0; u < kFfTextureUnits; ++u) {
    FfUnitKey& unit = key.fragment.units[u];
    texture_unit_key(ctx, u, unit);
    if (unit.target == static_cast<uint8_t>(FfTarget::None)) {
      unit = FfUnitKey{};
      continue;
    }
    environment_key(st.texenv[u], unit);
  }
  FfFragmentKey& f = key.fragment;
  FfVertexKey& v = key.vertex;
  v.texcoords = sampled_units(f);
  for (unsigned u = 0; u < kFfTextureUnits; ++u) {
    if (!(v.texcoords & (1u << u))) continue;
    for (unsigned c = 0; c < 4; ++c) {
      const TexGenCoord& g = st.texgen[u].coord[c];
      v.texgen[u][c] = g.enabled ? static_cast<uint8_t>(texgen_mode(g.mode, c)) : 0;
    }
  }
  const LightingState& l = st.lighting;
  if (l.lighting) {
    v.lighting = 1;
    for (unsigned i = 0; i < kFfLights; ++i)
      if (l.enabled[i]) v.lights |= static_cast<uint8_t>(1u << i);
    v.local_viewer = l.local_viewer ? 1 : 0;
    v.two_side = l.two_side ? 1 : 0;
    v.separate_specular = l.color_control == GL_SEPARATE_SPECULAR_COLOR ? 1 : 0;
    if (l.color_material) {
      v.color_material = static_cast<uint8_t>(color_material(l.color_material_mode));
      v.color_material_faces = l.color_material_face == GL_FRONT ? 1 : l.color_material_face == GL_BACK ? 2 : 3;
    }
    f.two_side = v.two_side;
  }
  v.normalize = l.normalize ? 1 : 0;
  v.rescale_normal = l.rescale_normal && !l.normalize ? 1 : 0;  // NORMALIZE makes rescaling moot
  if (st.fog.enabled) {
    f.fog = static_cast<uint8_t>(st.fog.mode == GL_LINEAR ? FfFog::Linear
                                 : st.fog.mode == GL_EXP2 ? FfFog::Exp2
                                                          : FfFog::Exp);
    v.fog = static_cast<uint8_t>(st.fog.coord_src == GL_FOG_COORD                 ? FfFogSource::Coordinate
                                 : st.fog.distance_mode == GL_EYE_RADIAL_NV ? FfFogSource::Radial
                                 : st.fog.distance_mode == GL_EYE_PLANE     ? FfFogSource::SignedDepth
                                                                            : FfFogSource::Depth);
  }
  // §14.10: the secondary colour is added with COLOR_SUM, or always while
  // lighting computes it separately.
  f.color_sum = ctx.ff_pipeline.color_sum || (l.lighting && v.separate_specular) ? 1 : 0;
  v.point_size = ctx.ff_pipeline.drawing_points ? 1 : 0;
  if (ctx.ff_pipeline.drawing_points && st.point.sprite) {
    for (unsigned u = 0; u < kFfTextureUnits; ++u)
      if ((v.texcoords & (1u << u)) && st.texenv[u].coord_replace) f.coord_replace |= static_cast<uint8_t>(1u << u);
  }
  if (st.alpha_test.enabled) f.alpha_func = static_cast<uint8_t>(alpha_func(st.alpha_test.func));
  for (unsigned i = 0; i < kFfClipPlanes; ++i)
    if (ctx.ff.clip_distance[i]) v.clip_planes |= static_cast<uint8_t>(1u << i);
  return key;
}

void select_fixed_function(Context& ctx) {
  FixedFunctionPipeline& ff = ctx.ff_pipeline;
  if (ctx.current_program || ctx.program_pipeline) {
    ff.active = nullptr;
    return;
  }
  const FfKey key = make_key(ctx);
  FfProgram* p = ff.programs.get(ctx, key);
  if (p != ff.active) {
    ff.active = p;
    ctx.dirty(kDirtyProgram);
  }
  if (!p) return;
  if (key.vertex.point_size && p->point_size != ctx.ff.point_size) {
    p->point_size = ctx.ff.point_size;
    ctx.dirty(kDirtyUniforms);
  }
  // The alpha test's reference, clamped to [0, 1] (§17.3.3).
  if (p->alpha_ref_offset >= 0) {
    const float ref = std::clamp(ctx.compat_state.alpha_test.ref, 0.0f, 1.0f);
    if (ref != p->alpha_ref) {
      std::memcpy(p->linked->default_block.data() + p->alpha_ref_offset, &ref, sizeof(ref));
      p->alpha_ref = ref;
      ctx.dirty(kDirtyUniforms);
    }
  }
}

void add_variant_state(Context& ctx, const LinkedProgram& lp, compiler::VariantKey* key) {
  const FixedState& st = ctx.compat_state;
  if (st.lighting.shade_model == GL_FLAT) key->flat_shading = 1;
  if (st.alpha_test.enabled && fixed_function_executable(ctx) != &lp) {
    key->alpha_func = compiler::alpha_func_key(st.alpha_test.func);
    if (key->alpha_func) key->alpha_ref_bits = std::bit_cast<uint32_t>(std::clamp(st.alpha_test.ref, 0.0f, 1.0f));
  }
}

LinkedProgram* fixed_function_executable(Context& ctx) {
  return ctx.ff_pipeline.active ? ctx.ff_pipeline.active->linked.get() : nullptr;
}

}  // namespace brass::gl::compat
