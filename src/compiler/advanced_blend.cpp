#include "compiler/advanced_blend.h"

#include <glslang/MachineIndependent/localintermediate.h>

#include "compiler/framebuffer_fetch.h"
#include "compiler/glsl_lexer.h"
#include "compiler/spec_constants.h"

namespace brass::compiler {

namespace {

// Global fragment outputs of a parsed shader (the linker-objects list holds
// every global, used or not).
class OutputCollector : public glslang::TIntermTraverser {
 public:
  void visitSymbol(glslang::TIntermSymbol* s) override {
    if (s->getQualifier().storage != glslang::EvqVaryingOut) return;
    if (s->getName().compare(0, 3, "gl_") == 0) return;
    for (const glslang::TIntermSymbol* seen : symbols)
      if (seen->getId() == s->getId()) return;
    symbols.push_back(s);
  }
  std::vector<const glslang::TIntermSymbol*> symbols;
};

}  // namespace

bool mentions_blend_support(std::string_view source) {
  for (const Token& t : lex(source))
    if (t.kind == TokenKind::Identifier && t.text.substr(0, 14) == "blend_support_") return true;
  return false;
}

uint32_t declared_blend_support(const glslang::TIntermediate& intermediate) {
  const unsigned mask = intermediate.getBlendEquations();
  if (mask & (1u << glslang::EBlendAllEquations)) return kBlendSupportAll;
  // glslang's shifts are the table order, one below AdvancedBlendEquation.
  return mask & kBlendSupportAll;
}

BlendOutput find_blend_output(const glslang::TIntermediate& intermediate) {
  BlendOutput out;
  OutputCollector c;
  if (TIntermNode* root = intermediate.getTreeRoot()) root->traverse(&c);
  const glslang::TIntermSymbol* chosen = nullptr;
  for (const glslang::TIntermSymbol* s : c.symbols) {
    const glslang::TQualifier& q = s->getQualifier();
    // An output without a location is at location 0 only when it is the
    // only one (GL ES 3.0 §3.9.2); with several, each has a location.
    if ((q.hasLocation() && q.layoutLocation == 0 && (!q.hasIndex() || q.layoutIndex == 0)) ||
        (!q.hasLocation() && c.symbols.size() == 1))
      chosen = s;
  }
  if (!chosen) return out;
  const glslang::TType& type = chosen->getType();
  // Blending applies to floating-point (normalized or float) buffers only;
  // an integer output's buffer is never blended.
  if (type.getBasicType() != glslang::EbtFloat || type.isMatrix() || type.isStruct()) return out;
  out.name = chosen->getName().c_str();
  out.components = type.getVectorSize();
  out.array = type.isArray();
  return out;
}

std::string advanced_blend_preamble() { return "#define main brass_app_main\n"; }

std::string advanced_blend_epilogue(const BlendOutput& output, const std::string& output_in_text,
                                    bool declare_sampler) {
  const std::string sampler = std::string(kFetchSamplerPrefix) + "0";
  std::string s = "\n#undef main\n";
  s += "layout(constant_id = " + std::to_string(kAdvancedBlendSpecId) + ") const int brass_blend_equation = 0;\n";
  if (declare_sampler) s += "uniform highp sampler2D " + sampler + ";\n";
  // The functions of the extension's equations (GL ES 3.2 §15.1.5.2,
  // KHR_blend_equation_advanced), on unpremultiplied colours.
  s += R"(
highp float brass_blend_lum(highp vec3 c) { return dot(c, vec3(0.30, 0.59, 0.11)); }
highp float brass_blend_min3(highp vec3 c) { return min(min(c.r, c.g), c.b); }
highp float brass_blend_max3(highp vec3 c) { return max(max(c.r, c.g), c.b); }
highp vec3 brass_blend_set_lum(highp vec3 cbase, highp vec3 clum) {
  highp vec3 c = cbase + vec3(brass_blend_lum(clum) - brass_blend_lum(cbase));
  highp float l = brass_blend_lum(c);
  highp float mn = brass_blend_min3(c);
  highp float mx = brass_blend_max3(c);
  if (mn < 0.0) c = l + (c - l) * l / (l - mn);
  if (mx > 1.0) c = l + (c - l) * (1.0 - l) / (mx - l);
  return c;
}
highp vec3 brass_blend_set_sat(highp vec3 cbase, highp vec3 csat) {
  highp float mn = brass_blend_min3(cbase);
  highp float sbase = brass_blend_max3(cbase) - mn;
  highp float ssat = brass_blend_max3(csat) - brass_blend_min3(csat);
  return sbase > 0.0 ? (cbase - mn) * ssat / sbase : vec3(0.0);
}
highp float brass_blend_channel(highp float s, highp float d) {
  if (brass_blend_equation == 3) return d <= 0.5 ? 2.0 * s * d : 1.0 - 2.0 * (1.0 - s) * (1.0 - d);
  if (brass_blend_equation == 6) {
    if (d <= 0.0) return 0.0;
    return s < 1.0 ? min(1.0, d / (1.0 - s)) : 1.0;
  }
  if (brass_blend_equation == 7) {
    if (d >= 1.0) return 1.0;
    return s > 0.0 ? 1.0 - min(1.0, (1.0 - d) / s) : 0.0;
  }
  if (brass_blend_equation == 8) return s <= 0.5 ? 2.0 * s * d : 1.0 - 2.0 * (1.0 - s) * (1.0 - d);
  if (brass_blend_equation == 9) {
    if (s <= 0.5) return d - (1.0 - 2.0 * s) * d * (1.0 - d);
    if (d <= 0.25) return d + (2.0 * s - 1.0) * d * ((16.0 * d - 12.0) * d + 3.0);
    return d + (2.0 * s - 1.0) * (sqrt(d) - d);
  }
  return 0.0;
}
highp vec3 brass_blend_f(highp vec3 s, highp vec3 d) {
  if (brass_blend_equation == 1) return s * d;
  if (brass_blend_equation == 2) return s + d - s * d;
  if (brass_blend_equation == 4) return min(s, d);
  if (brass_blend_equation == 5) return max(s, d);
  if (brass_blend_equation == 10) return abs(d - s);
  if (brass_blend_equation == 11) return s + d - 2.0 * s * d;
  if (brass_blend_equation == 12) return brass_blend_set_lum(brass_blend_set_sat(s, d), d);
  if (brass_blend_equation == 13) return brass_blend_set_lum(brass_blend_set_sat(d, s), d);
  if (brass_blend_equation == 14) return brass_blend_set_lum(s, d);
  if (brass_blend_equation == 15) return brass_blend_set_lum(d, s);
  return vec3(brass_blend_channel(s.r, d.r), brass_blend_channel(s.g, d.g), brass_blend_channel(s.b, d.b));
}
)";
  const std::string target = output_in_text + (output.array ? "[0]" : "");
  // Outputs narrower than vec4 blend as if alpha were 1 (what a buffer
  // without those components would store); their missing colour
  // components are 0.
  static const char* const kWiden[] = {"", "vec4(%, 0.0, 0.0, 1.0)", "vec4(%, 0.0, 1.0)", "vec4(%, 1.0)", "%"};
  static const char* const kNarrow[] = {"", ".x", ".xy", ".xyz", ""};
  std::string widen = kWiden[output.components];
  widen.replace(widen.find('%'), 1, target);
  s += "void main() {\n  brass_app_main();\n  if (brass_blend_equation != 0) {\n";
  // The colour buffer is fixed-point (the extension's equations are defined
  // on [0, 1]): source and destination are clamped, as fixed-function
  // blending clamps them.
  s += "    highp vec4 src = clamp(" + widen + ", 0.0, 1.0);\n";
  s += "    highp vec4 dst = clamp(texelFetch(" + sampler + ", ivec2(gl_FragCoord.xy), 0), 0.0, 1.0);\n";
  // Premultiplied in, premultiplied out: f() sees the colours divided by
  // alpha; X = Y = Z = 1 for every equation of the KHR extension.
  s += R"(    highp vec3 cs = src.a > 0.0 ? src.rgb / src.a : vec3(0.0);
    highp vec3 cd = dst.a > 0.0 ? dst.rgb / dst.a : vec3(0.0);
    highp vec3 rgb = brass_blend_f(cs, cd) * src.a * dst.a + src.rgb * (1.0 - dst.a) + dst.rgb * (1.0 - src.a);
    highp vec4 blended = vec4(rgb, src.a + dst.a - src.a * dst.a);
)";
  s += "    " + target + " = blended" + kNarrow[output.components] + ";\n  }\n}\n";
  return s;
}

bool set_advanced_blend_equation(std::vector<uint32_t>& spirv, AdvancedBlendEquation equation) {
  return freeze_spec_constant(spirv, kAdvancedBlendSpecId, static_cast<uint32_t>(equation));
}

}  // namespace brass::compiler
