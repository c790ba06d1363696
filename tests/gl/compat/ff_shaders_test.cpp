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

// Combiners over random functions, sources,
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
    FfKey key{};
    key.vertex.texcoords = 2;
    const bool linear = gen == static_cast<uint8_t>(FfTexGen::ObjectLinear) ||
                        gen == static_cast<uint8_t>(FfTexGen::EyeLinear);
    key.vertex.texgen[1] = {gen, gen, gen, static_cast<uint8_t>(linear ? gen : 0)};
    key.fragment.units[1].target = static_cast<uint8_t>(FfTarget::Cube);
    expect_links(key, "texgen " + std::to_string(gen));
  }
}

TEST(FfShaders, LightingVariantsLink) {
  for (uint8_t cm = 0; cm <= static_cast<uint8_t>(FfColorMaterial::AmbientAndDiffuse); ++cm) {
    for (uint8_t flags = 0; flags < 16; ++flags) {
      FfKey key{};
      key.vertex.lighting = 1;
      key.vertex.lights = static_cast<uint8_t>(0x81 | (flags << 2));
      key.vertex.color_material = cm;
      key.vertex.color_material_faces = static_cast<uint8_t>(1 + flags % 3);
      key.vertex.local_viewer = flags & 1;
      key.vertex.two_side = key.fragment.two_side = (flags >> 1) & 1;
      key.vertex.separate_specular = key.fragment.color_sum = (flags >> 2) & 1;
      key.vertex.normalize = (flags >> 3) & 1;
      key.vertex.rescale_normal = !key.vertex.normalize;
      expect_links(key, "lighting cm " + std::to_string(cm) + " flags " + std::to_string(flags));
    }
  }
  FfKey key{};
  key.vertex.lighting = 1;
  key.vertex.lights = 1;
  const compiler::LinkResult r = link_key(key);
  ASSERT_TRUE(r.ok) << r.info_log;
  EXPECT_TRUE(has_attribute(r.interface, "gl_Normal"));
  EXPECT_TRUE(has_uniform(r.interface, "gl_LightSource[0].position"));
  EXPECT_TRUE(has_uniform(r.interface, "gl_FrontMaterial.diffuse"));
  EXPECT_FALSE(has_uniform(r.interface, "gl_LightSource[1].position"));
}

TEST(FfShaders, FogClipPlanesAndBlendColourLink) {
  for (uint8_t fog = 1; fog <= static_cast<uint8_t>(FfFog::Exp2); ++fog) {
    for (uint8_t source = 1; source <= 2; ++source) {
      FfKey key{};
      key.fragment.fog = fog;
      key.vertex.fog = source;
      key.vertex.clip_planes = static_cast<uint8_t>(0x21 << (source - 1));
      key.vertex.texcoords = 1;
      key.fragment.units[0].target = static_cast<uint8_t>(FfTarget::Tex2D);
      key.fragment.units[0].env_mode = static_cast<uint8_t>(FfEnvMode::Blend);
      key.fragment.units[0].format = static_cast<uint8_t>(FfFormat::Intensity);
      key.fragment.color_sum = 1;
      expect_links(key, "fog " + std::to_string(fog) + " source " + std::to_string(source));
      const std::string vs = vertex_shader_source(key.vertex);
      EXPECT_NE(vs.find("gl_FogFragCoord"), std::string::npos);
      EXPECT_NE(vs.find("gl_ClipDistance"), std::string::npos);
    }
  }
}

TEST(FfShaders, PointSizeAndSpriteCoordinatesLink) {
  FfKey key{};
  key.vertex.point_size = 1;
  key.vertex.texcoords = 3;
  key.fragment.units[0].target = static_cast<uint8_t>(FfTarget::Tex2D);
  key.fragment.units[1].target = static_cast<uint8_t>(FfTarget::Tex2D);
  key.fragment.coord_replace = 2;
  expect_links(key, "points");
  const compiler::LinkResult r = link_key(key);
  ASSERT_TRUE(r.ok) << r.info_log;
  EXPECT_TRUE(has_uniform(r.interface, "gl_Point.size"));
  const std::string fs = fragment_shader_source(key.fragment);
  EXPECT_NE(fs.find("gl_TexCoord[0]"), std::string::npos);
  EXPECT_EQ(fs.find("gl_TexCoord[1]"), std::string::npos);
  EXPECT_NE(fs.find("gl_PointCoord"), std::string::npos);
}

// A compatibility program without one of the two stages links with the
// fixed-function stand-in for it.
TEST(FfShaders, MissingStagesLinkWithApplicationShaders) {
  struct Case {
    compiler::ShaderStage stage;
    const char* source;
  };
  const Case cases[] = {
      {compiler::ShaderStage::Vertex, "void main() { gl_FrontColor = gl_Color.bgra; gl_Position = ftransform(); }\n"},
      {compiler::ShaderStage::Vertex, "#version 330\nin vec4 p;\nvoid main() { gl_Position = p; }\n"},
      {compiler::ShaderStage::Fragment,
       "#version 120\nuniform sampler2D s;\nvoid main() { gl_FragColor = gl_Color * texture2D(s, gl_TexCoord[1].xy); }\n"},
      {compiler::ShaderStage::Fragment, "void main() { gl_FragColor = vec4(gl_FogFragCoord); }\n"},
  };
  for (const Case& c : cases) {
    compiler::LinkInput in;
    in.api = compiler::Api::GL;
    in.shaders.push_back({c.stage, c.source});
    if (c.stage == compiler::ShaderStage::Vertex)
      in.shaders.push_back({compiler::ShaderStage::Fragment, missing_fragment_stage()});
    else
      in.shaders.insert(in.shaders.begin(), {compiler::ShaderStage::Vertex, missing_vertex_stage()});
    const compiler::LinkResult r = compiler::link_program(in);
    EXPECT_TRUE(r.ok) << c.source << "\n" << r.info_log;
  }
}

}  // namespace
}  // namespace brass::gl::compat
