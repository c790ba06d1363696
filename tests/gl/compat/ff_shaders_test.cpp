// The fixed-function shader generators: every key of a broad sample makes
// a vertex and a fragment stage that link (through the compiler's
// compatibility-profile path, as the draw path links them) into valid
// SPIR-V, and the generated code has what the key asks for.
#include <gtest/gtest.h>

#include <random>
#include <string>

#include "compiler/compiler.h"
#include "compiler/spirv_patch.h"
#include "gl/compat/ff_key.h"
#include "gl/compat/ff_shaders.h"

namespace brass::gl::compat {
namespace {

compiler::LinkResult link_key(const FfKey& key) {
  compiler::LinkInput in;
  in.api = compiler::Api::GL;
  in.shaders.push_back({compiler::ShaderStage::Vertex, vertex_shader_source(key.vertex)});
  in.shaders.push_back({compiler::ShaderStage::Fragment, fragment_shader_source(key.fragment)});
  return compiler::link_program(in);
}

void expect_links(const FfKey& key, const std::string& what) {
  const compiler::LinkResult r = link_key(key);
  ASSERT_TRUE(r.ok) << what << "\n" << r.info_log << "\n--- vertex\n" << vertex_shader_source(key.vertex)
                    << "\n--- fragment\n" << fragment_shader_source(key.fragment);
  for (const compiler::StageBinary& s : r.stages) {
    std::string err;
    EXPECT_TRUE(compiler::validate_spirv(s.spirv, compiler::VulkanEnv::Vulkan1_3, &err)) << what << ": " << err;
  }
}

bool has_uniform(const compiler::ProgramInterface& pi, const std::string& name) {
  for (const compiler::Uniform& u : pi.uniforms)
    if (u.name == name) return true;
  return false;
}

bool has_attribute(const compiler::ProgramInterface& pi, const std::string& name) {
  for (const compiler::InterfaceVariable& v : pi.attributes)
    if (v.name == name) return true;
  return false;
}

TEST(FfShaders, DefaultKeyPassesTheColour) {
  const FfKey key{};
  expect_links(key, "default");
  const std::string fs = fragment_shader_source(key.fragment);
  EXPECT_NE(fs.find("gl_FragColor = c"), std::string::npos);
  EXPECT_EQ(fs.find("sampler"), std::string::npos);
  const compiler::LinkResult r = link_key(key);
  ASSERT_TRUE(r.ok);
  EXPECT_TRUE(has_attribute(r.interface, "gl_Vertex"));
  EXPECT_TRUE(has_attribute(r.interface, "gl_Color"));
  EXPECT_TRUE(has_uniform(r.interface, "gl_ModelViewProjectionMatrix"));
}

TEST(FfShaders, EveryTargetAndClassicEnvironmentLinks) {
  for (uint8_t target = 1; target <= static_cast<uint8_t>(FfTarget::Rect); ++target) {
    for (uint8_t mode = 0; mode < static_cast<uint8_t>(FfEnvMode::Combine); ++mode) {
      for (uint8_t format = 0; format <= static_cast<uint8_t>(FfFormat::Intensity); ++format) {
        // BLEND reads TEXTURE_ENV_COLOR: a state built-in (tested where it is declared).
        if (static_cast<FfEnvMode>(mode) == FfEnvMode::Blend) continue;
        FfKey key{};
        key.vertex.texcoords = 1;
        key.fragment.units[0].target = target;
        key.fragment.units[0].env_mode = mode;
        key.fragment.units[0].format = format;
        expect_links(key, "target " + std::to_string(target) + " mode " + std::to_string(mode) + " format " +
                              std::to_string(format));
      }
    }
  }
}

TEST(FfShaders, SamplersAreNamedByUnit) {
  FfKey key{};
  key.vertex.texcoords = 0x05;
  key.fragment.units[0].target = static_cast<uint8_t>(FfTarget::Tex2D);
  key.fragment.units[2].target = static_cast<uint8_t>(FfTarget::Cube);
  const compiler::LinkResult r = link_key(key);
  ASSERT_TRUE(r.ok) << r.info_log;
  EXPECT_TRUE(has_uniform(r.interface, std::string(kFfSamplerPrefix) + "0"));
  EXPECT_TRUE(has_uniform(r.interface, std::string(kFfSamplerPrefix) + "2"));
  EXPECT_FALSE(has_uniform(r.interface, std::string(kFfSamplerPrefix) + "1"));
  EXPECT_TRUE(has_attribute(r.interface, "gl_MultiTexCoord0"));
  EXPECT_TRUE(has_attribute(r.interface, "gl_MultiTexCoord2"));
  EXPECT_FALSE(has_attribute(r.interface, "gl_MultiTexCoord1"));
}

TEST(FfShaders, ShadowSamplersLink) {
  for (FfTarget target : {FfTarget::Tex1D, FfTarget::Tex2D, FfTarget::Rect}) {
    for (FfFormat format : {FfFormat::Rgb, FfFormat::Alpha, FfFormat::Intensity}) {
      FfKey key{};
      key.vertex.texcoords = 1;
      key.fragment.units[0].target = static_cast<uint8_t>(target);
      key.fragment.units[0].format = static_cast<uint8_t>(format);
      key.fragment.units[0].shadow = 1;
      expect_links(key, "shadow target " + std::to_string(static_cast<int>(target)));
    }
  }
}

TEST(FfShaders, AlphaTestDeclaresTheReference) {
  for (uint8_t f = 1; f <= static_cast<uint8_t>(FfAlphaFunc::GEqual); ++f) {
    FfKey key{};
    key.fragment.alpha_func = f;
    expect_links(key, "alpha func " + std::to_string(f));
    const compiler::LinkResult r = link_key(key);
    ASSERT_TRUE(r.ok);
    EXPECT_EQ(has_uniform(r.interface, kFfAlphaRefUniform), static_cast<FfAlphaFunc>(f) != FfAlphaFunc::Never);
  }
}

// Combiners without CONSTANT sources over random functions, sources,
// operands, scales and crossbar references.
TEST(FfShaders, RandomCombinersLink) {
  std::mt19937 rng(1234);
  for (int iter = 0; iter < 40; ++iter) {
    FfKey key{};
    const unsigned units = 1 + rng() % 3;
    for (unsigned u = 0; u < units; ++u) {
      key.vertex.texcoords |= static_cast<uint8_t>(1u << u);
      FfUnitKey& unit = key.fragment.units[u];
      unit.target = static_cast<uint8_t>(FfTarget::Tex2D);
      unit.env_mode = static_cast<uint8_t>(FfEnvMode::Combine);
      unit.format = static_cast<uint8_t>(rng() % 4);
      FfCombineKey& c = unit.combine;
      c.rgb_func = static_cast<uint8_t>(rng() % 8);
      c.alpha_func = static_cast<uint8_t>(rng() % 6);
      auto source = [&]() -> uint8_t {
        const uint8_t s = static_cast<uint8_t>(rng() % 7);
        if (s == kFfSourceConstant) return kFfSourcePrevious;
        return s >= 4 ? static_cast<uint8_t>(kFfSourceTexture0 + (s - 4)) : s;  // TEXTURE0..2
      };
      for (unsigned i = 0; i < 3; ++i) {
        c.rgb_source[i] = source();
        c.alpha_source[i] = source();
        c.rgb_operand[i] = static_cast<uint8_t>(rng() % 4);
        c.alpha_operand[i] = static_cast<uint8_t>(2 + rng() % 2);
      }
      c.rgb_shift = static_cast<uint8_t>(rng() % 3);
      c.alpha_shift = static_cast<uint8_t>(rng() % 3);
    }
    expect_links(key, "combiner " + std::to_string(iter));
  }
}

TEST(FfShaders, TexgenModesLink) {
  for (uint8_t gen = 1; gen <= static_cast<uint8_t>(FfTexGen::ReflectionMap); ++gen) {
    // Object and eye planes are state built-ins (tested where declared).
    if (gen == static_cast<uint8_t>(FfTexGen::ObjectLinear) || gen == static_cast<uint8_t>(FfTexGen::EyeLinear))
      continue;
    FfKey key{};
    key.vertex.texcoords = 2;
    key.vertex.texgen[1] = {gen, gen, gen, 0};
    key.fragment.units[1].target = static_cast<uint8_t>(FfTarget::Cube);
    expect_links(key, "texgen " + std::to_string(gen));
  }
}

}  // namespace
}  // namespace brass::gl::compat
