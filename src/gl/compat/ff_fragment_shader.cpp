// The fixed-function fragment stage as GLSL: texturing with the texture
// environments (OpenGL 4.6 compatibility profile §14.9: tables 16.1-16.4,
// with ARB_texture_env_combine, _crossbar and _dot3 in them), colour sum
// (§14.10), fog (§14.11) and the alpha test (§17.3.3).
#include <string>

#include "gl/compat/ff_shaders.h"

namespace brass::gl::compat {

uint8_t sampled_units(const FfFragmentKey& key) {
  uint8_t enabled = 0;
  for (unsigned u = 0; u < kFfTextureUnits; ++u)
    if (key.units[u].target != static_cast<uint8_t>(FfTarget::None)) enabled |= static_cast<uint8_t>(1u << u);
  return enabled;
}

namespace {

std::string unit_str(unsigned u) { return std::to_string(u); }

const char* sampler_type(FfTarget t, bool shadow) {
  switch (t) {
    case FfTarget::Tex1D: return shadow ? "sampler1DShadow" : "sampler1D";
    case FfTarget::Tex3D: return "sampler3D";
    case FfTarget::Cube: return "samplerCube";
    case FfTarget::Rect: return shadow ? "sampler2DRectShadow" : "sampler2DRect";
    case FfTarget::Tex2D:
    case FfTarget::None: break;
  }
  return shadow ? "sampler2DShadow" : "sampler2D";
}

// The texel of unit u: a projective lookup with the interpolated
// coordinates (s/q, t/q, r/q; cube maps take (s, t, r) as a direction). A
// shadow lookup compares r/q and yields the result as the texture's
// DEPTH_TEXTURE_MODE says (its format: LUMINANCE, INTENSITY or ALPHA).
std::string texel_expression(const FfUnitKey& unit, unsigned u, bool coord_replace) {
  const auto t = static_cast<FfTarget>(unit.target);
  const std::string sampler = std::string(kFfSamplerPrefix) + unit_str(u);
  const std::string tc = coord_replace ? "vec4(gl_PointCoord, 0.0, 1.0)" : "gl_TexCoord[" + unit_str(u) + "]";
  if (unit.shadow && t != FfTarget::Cube && t != FfTarget::Tex3D) {
    const char* fn = t == FfTarget::Tex1D ? "shadow1DProj" : t == FfTarget::Rect ? "shadow2DRectProj" : "shadow2DProj";
    const std::string r = std::string(fn) + "(" + sampler + ", " + tc + ").r";
    switch (static_cast<FfFormat>(unit.format)) {
      case FfFormat::Alpha: return "vec4(0.0, 0.0, 0.0, " + r + ")";
      case FfFormat::Intensity: return "vec4(" + r + ")";
      default: return "vec4(vec3(" + r + "), 1.0)";
    }
  }
  switch (t) {
    case FfTarget::Tex1D: return "texture1DProj(" + sampler + ", " + tc + ")";
    case FfTarget::Tex3D: return "texture3DProj(" + sampler + ", " + tc + ")";
    case FfTarget::Cube: return "textureCube(" + sampler + ", " + tc + ".xyz)";
    case FfTarget::Rect: return "texture2DRectProj(" + sampler + ", " + tc + ")";
    case FfTarget::Tex2D:
    case FfTarget::None: break;
  }
  return "texture2DProj(" + sampler + ", " + tc + ")";
}

// Tables 16.1-16.2: the classic environments on the previous colour cf (Cf,
// Af), texel ts (Cs, As) and environment colour cc (Cc, Ac).
std::string classic_environment(FfEnvMode mode, FfFormat format, const std::string& ts, const std::string& cc) {
  const std::string cf = "c";
  switch (mode) {
    case FfEnvMode::Replace:
      switch (format) {
        case FfFormat::Alpha: return "vec4(" + cf + ".rgb, " + ts + ".a)";
        case FfFormat::Rgb: return "vec4(" + ts + ".rgb, " + cf + ".a)";
        default: return ts;
      }
    case FfEnvMode::Modulate:
      switch (format) {
        case FfFormat::Alpha: return "vec4(" + cf + ".rgb, " + cf + ".a * " + ts + ".a)";
        case FfFormat::Rgb: return "vec4(" + cf + ".rgb * " + ts + ".rgb, " + cf + ".a)";
        default: return cf + " * " + ts;
      }
    case FfEnvMode::Decal:
      // Defined for RGB and RGBA only; other formats leave the colour.
      switch (format) {
        case FfFormat::Rgb: return "vec4(" + ts + ".rgb, " + cf + ".a)";
        case FfFormat::Rgba: return "vec4(mix(" + cf + ".rgb, " + ts + ".rgb, " + ts + ".a), " + cf + ".a)";
        default: return cf;
      }
    case FfEnvMode::Blend:
      switch (format) {
        case FfFormat::Alpha: return "vec4(" + cf + ".rgb, " + cf + ".a * " + ts + ".a)";
        case FfFormat::Rgb: return "vec4(mix(" + cf + ".rgb, " + cc + ".rgb, " + ts + ".rgb), " + cf + ".a)";
        case FfFormat::Rgba:
          return "vec4(mix(" + cf + ".rgb, " + cc + ".rgb, " + ts + ".rgb), " + cf + ".a * " + ts + ".a)";
        case FfFormat::Intensity: return "mix(" + cf + ", " + cc + ", " + ts + ")";
      }
      break;
    case FfEnvMode::Add:
      switch (format) {
        case FfFormat::Alpha: return "vec4(" + cf + ".rgb, " + cf + ".a * " + ts + ".a)";
        case FfFormat::Rgb: return "vec4(" + cf + ".rgb + " + ts + ".rgb, " + cf + ".a)";
        case FfFormat::Rgba: return "vec4(" + cf + ".rgb + " + ts + ".rgb, " + cf + ".a * " + ts + ".a)";
        case FfFormat::Intensity: return cf + " + " + ts;
      }
      break;
    case FfEnvMode::Combine: break;
  }
  return cf;
}

// A combiner argument (table 16.3's sources with their operands).
std::string combine_argument(uint8_t source, uint8_t operand, unsigned u, bool alpha, const std::string& primary) {
  std::string src;
  switch (source) {
    case kFfSourceTexture: src = "t" + unit_str(u); break;
    case kFfSourceConstant: src = "gl_TextureEnvColor[" + unit_str(u) + "]"; break;
    case kFfSourcePrimary: src = primary; break;
    case kFfSourcePrevious: src = "c"; break;
    default: src = "t" + unit_str(source - kFfSourceTexture0); break;
  }
  switch (static_cast<FfOperand>(operand)) {
    case FfOperand::SrcColor: return alpha ? src + ".a" : src + ".rgb";
    case FfOperand::OneMinusSrcColor: return alpha ? "(1.0 - " + src + ".a)" : "(vec3(1.0) - " + src + ".rgb)";
    case FfOperand::SrcAlpha: return alpha ? src + ".a" : "vec3(" + src + ".a)";
    case FfOperand::OneMinusSrcAlpha: return alpha ? "(1.0 - " + src + ".a)" : "vec3(1.0 - " + src + ".a)";
  }
  return src;
}

std::string combine_function(FfCombineFunc f, const std::string a[3], bool alpha) {
  const std::string half = alpha ? "0.5" : "vec3(0.5)";
  switch (f) {
    case FfCombineFunc::Replace: return a[0];
    case FfCombineFunc::Modulate: return a[0] + " * " + a[1];
    case FfCombineFunc::Add: return a[0] + " + " + a[1];
    case FfCombineFunc::AddSigned: return a[0] + " + " + a[1] + " - " + half;
    case FfCombineFunc::Interpolate: return a[0] + " * " + a[2] + " + " + a[1] + " * (1.0 - " + a[2] + ")";
    case FfCombineFunc::Subtract: return a[0] + " - " + a[1];
    case FfCombineFunc::Dot3Rgb:
    case FfCombineFunc::Dot3Rgba:
      // 4 * ((r0 - 0.5)(r1 - 0.5) + (g0 - 0.5)(g1 - 0.5) + (b0 - 0.5)(b1 - 0.5)) in every channel.
      return "vec3(4.0 * dot(" + a[0] + " - vec3(0.5), " + a[1] + " - vec3(0.5)))";
  }
  return a[0];
}

unsigned arguments_of(FfCombineFunc f) {
  switch (f) {
    case FfCombineFunc::Replace: return 1;
    case FfCombineFunc::Interpolate: return 3;
    default: return 2;
  }
}

// COMBINE (table 16.3-16.4): RGB and alpha separately, each scaled by
// 2^shift and clamped; DOT3_RGBA writes its result to alpha too.
std::string combine_environment(const FfCombineKey& k, unsigned u, const std::string& primary) {
  const auto rgb_func = static_cast<FfCombineFunc>(k.rgb_func);
  const auto alpha_func = static_cast<FfCombineFunc>(k.alpha_func);
  std::string rgb_args[3], alpha_args[3];
  for (unsigned i = 0; i < arguments_of(rgb_func); ++i)
    rgb_args[i] = combine_argument(k.rgb_source[i], k.rgb_operand[i], u, false, primary);
  const float rgb_scale = static_cast<float>(1u << k.rgb_shift);
  const float alpha_scale = static_cast<float>(1u << k.alpha_shift);
  std::string s = "    vec3 rgb = (" + combine_function(rgb_func, rgb_args, false) + ") * " +
                  std::to_string(rgb_scale) + ";\n";
  if (rgb_func == FfCombineFunc::Dot3Rgba) {
    s += "    c = clamp(vec4(rgb, rgb.r), 0.0, 1.0);\n";
    return s;
  }
  // The alpha operands are SRC_ALPHA or ONE_MINUS_SRC_ALPHA (make_key maps
  // the colour operands it cannot have to these).
  for (unsigned i = 0; i < arguments_of(alpha_func); ++i)
    alpha_args[i] = combine_argument(k.alpha_source[i], k.alpha_operand[i], u, true, primary);
  const FfCombineFunc af = alpha_func == FfCombineFunc::Dot3Rgb || alpha_func == FfCombineFunc::Dot3Rgba
                               ? FfCombineFunc::Replace  // not alpha functions (make_key never sets them)
                               : alpha_func;
  s += "    float a = (" + combine_function(af, alpha_args, true) + ") * " + std::to_string(alpha_scale) + ";\n";
  s += "    c = clamp(vec4(rgb, a), 0.0, 1.0);\n";
  return s;
}

const char* alpha_comparison(FfAlphaFunc f) {
  switch (f) {
    case FfAlphaFunc::Less: return "<";
    case FfAlphaFunc::Equal: return "==";
    case FfAlphaFunc::LEqual: return "<=";
    case FfAlphaFunc::Greater: return ">";
    case FfAlphaFunc::NotEqual: return "!=";
    case FfAlphaFunc::GEqual: return ">=";
    default: return nullptr;
  }
}

// Whether unit u's combiner reads a unit whose texturing is disabled: then
// the unit is as if its texturing were disabled (ARB_texture_env_crossbar).
bool crossbar_reads_disabled(const FfFragmentKey& key, unsigned u) {
  const FfUnitKey& unit = key.units[u];
  if (static_cast<FfEnvMode>(unit.env_mode) != FfEnvMode::Combine) return false;
  const uint8_t enabled = sampled_units(key);
  auto disabled = [&](uint8_t src) {
    return src >= kFfSourceTexture0 && !(enabled & (1u << (src - kFfSourceTexture0)));
  };
  const auto rf = static_cast<FfCombineFunc>(unit.combine.rgb_func);
  const auto af = static_cast<FfCombineFunc>(unit.combine.alpha_func);
  for (unsigned i = 0; i < arguments_of(rf); ++i)
    if (disabled(unit.combine.rgb_source[i])) return true;
  if (rf != FfCombineFunc::Dot3Rgba)
    for (unsigned i = 0; i < arguments_of(af); ++i)
      if (disabled(unit.combine.alpha_source[i])) return true;
  return false;
}

}  // namespace

std::string fragment_shader_source(const FfFragmentKey& key) {
  const uint8_t sampled = sampled_units(key);
  bool rect = false;
  for (unsigned u = 0; u < kFfTextureUnits; ++u)
    rect |= (sampled & (1u << u)) && static_cast<FfTarget>(key.units[u].target) == FfTarget::Rect;
  std::string s = "#version 120\n";
  if (rect) s += "#extension GL_ARB_texture_rectangle : enable\n";
  s += "// Brass fixed-function fragment stage\n";
  for (unsigned u = 0; u < kFfTextureUnits; ++u) {
    if (!(sampled & (1u << u))) continue;
    const FfUnitKey& unit = key.units[u];
    s += "uniform " + std::string(sampler_type(static_cast<FfTarget>(unit.target), unit.shadow != 0)) + " " +
         kFfSamplerPrefix + unit_str(u) + ";\n";
  }
  const auto alpha_func = static_cast<FfAlphaFunc>(key.alpha_func);
  if (alpha_comparison(alpha_func)) s += "uniform float " + std::string(kFfAlphaRefUniform) + ";\n";
  // Two-sided lighting: the back colours on back-facing primitives. GLSL
  // gives a fragment shader only the colour the rasterizer selected, so the
  // back colours come in under the names the compiler gives the vertex
  // stage's gl_BackColor / gl_BackSecondaryColor outputs.
  if (key.two_side) {
    s += "varying vec4 brass_gl_BackColor;\n";
    if (key.color_sum) s += "varying vec4 brass_gl_BackSecondaryColor;\n";
  }
  s += "void main() {\n";
  if (key.two_side) {
    s += "  vec4 primary = gl_FrontFacing ? gl_Color : brass_gl_BackColor;\n";
    if (key.color_sum) s += "  vec4 secondary = gl_FrontFacing ? gl_SecondaryColor : brass_gl_BackSecondaryColor;\n";
  } else {
    s += "  vec4 primary = gl_Color;\n";
    if (key.color_sum) s += "  vec4 secondary = gl_SecondaryColor;\n";
  }
  s += "  vec4 c = primary;\n";
  for (unsigned u = 0; u < kFfTextureUnits; ++u)
    if (sampled & (1u << u))
      s += "  vec4 t" + unit_str(u) + " = " + texel_expression(key.units[u], u, (key.coord_replace >> u) & 1) + ";\n";
  for (unsigned u = 0; u < kFfTextureUnits; ++u) {
    if (!(sampled & (1u << u)) || crossbar_reads_disabled(key, u)) continue;
    const FfUnitKey& unit = key.units[u];
    const auto mode = static_cast<FfEnvMode>(unit.env_mode);
    s += "  {  // texture unit " + unit_str(u) + "\n";
    if (mode == FfEnvMode::Combine) {
      s += combine_environment(unit.combine, u, "primary");
    } else {
      s += "    c = clamp(" +
           classic_environment(mode, static_cast<FfFormat>(unit.format), "t" + unit_str(u),
                               "gl_TextureEnvColor[" + unit_str(u) + "]") +
           ", 0.0, 1.0);\n";
    }
    s += "  }\n";
  }
  if (key.color_sum) s += "  c.rgb = clamp(c.rgb + secondary.rgb, 0.0, 1.0);\n";
  switch (static_cast<FfFog>(key.fog)) {
    case FfFog::Linear: s += "  float f = (gl_Fog.end - gl_FogFragCoord) * gl_Fog.scale;\n"; break;
    case FfFog::Exp: s += "  float f = exp(-gl_Fog.density * gl_FogFragCoord);\n"; break;
    case FfFog::Exp2:
      s += "  float f = exp(-(gl_Fog.density * gl_FogFragCoord) * (gl_Fog.density * gl_FogFragCoord));\n";
      break;
    case FfFog::None: break;
  }
  if (static_cast<FfFog>(key.fog) != FfFog::None) s += "  c.rgb = mix(gl_Fog.color.rgb, c.rgb, clamp(f, 0.0, 1.0));\n";
  if (alpha_func == FfAlphaFunc::Never) s += "  discard;\n";
  if (const char* op = alpha_comparison(alpha_func))
    s += "  if (!(c.a " + std::string(op) + " " + kFfAlphaRefUniform + ")) discard;\n";
  s += "  gl_FragColor = c;\n";
  s += "}\n";
  return s;
}

const std::string& missing_fragment_stage() {
  static const std::string source = fragment_shader_source(FfFragmentKey{});
  return source;
}

}  // namespace brass::gl::compat
