#include "util/options.h"

#include <gtest/gtest.h>

#include <map>

namespace brass {
namespace {

struct Env {
  std::map<std::string, std::string> vars;
  std::vector<std::string> warnings;
  Options parse() {
    return Options::parse(
        [&](std::string_view n) -> std::optional<std::string> {
          auto it = vars.find(std::string(n));
          if (it == vars.end()) return std::nullopt;
          return it->second;
        },
        [&](const std::string& w) { warnings.push_back(w); });
  }
};

TEST(Options, DefaultsWithEmptyEnvironment) {
  Env env;
  env.vars["HOME"] = "/home/u";
  Options o = env.parse();
  EXPECT_EQ(o.debug, 0u);
  EXPECT_EQ(o.descriptors, DescriptorMode::Auto);
  EXPECT_EQ(o.shader_cache_dir, "/home/u/.cache/brass");
  EXPECT_FALSE(o.shader_cache_disabled);
  EXPECT_EQ(o.stats, "");
  EXPECT_EQ(o.log_level, LogLevel::Warn);
  EXPECT_TRUE(env.warnings.empty());
}

TEST(Options, DebugFlagsAreACommaList) {
  Env env;
  env.vars["BRASS_DEBUG"] = " validation, SYNC,,nogpl ";
  Options o = env.parse();
  EXPECT_TRUE(o.has(kDebugValidation));
  EXPECT_TRUE(o.has(kDebugSync));
  EXPECT_TRUE(o.has(kDebugNoGpl));
  EXPECT_FALSE(o.has(kDebugSpirv));
  EXPECT_TRUE(env.warnings.empty());
  env.vars["BRASS_DEBUG"] = "noblendadvanced";
  EXPECT_EQ(env.parse().debug, static_cast<uint32_t>(kDebugNoBlendAdvanced));
  env.vars["BRASS_DEBUG"] = "noborderswizzlefromimage";
  EXPECT_EQ(env.parse().debug, static_cast<uint32_t>(kDebugNoBorderSwizzleFromImage));
  env.vars["BRASS_DEBUG"] = "validation,norobustaccess";
  EXPECT_EQ(env.parse().debug, static_cast<uint32_t>(kDebugValidation | kDebugNoRobustAccess));
  env.vars["BRASS_DEBUG"] = "validation,nodynvertexinput";
  EXPECT_EQ(env.parse().debug, static_cast<uint32_t>(kDebugValidation | kDebugNoDynamicVertexInput));
}

TEST(Options, UnknownDebugFlagWarnsAndIsIgnored) {
  Env env;
  env.vars["BRASS_DEBUG"] = "validation,bogus";
  Options o = env.parse();
  EXPECT_EQ(o.debug, static_cast<uint32_t>(kDebugValidation));
  ASSERT_EQ(env.warnings.size(), 1u);
  EXPECT_NE(env.warnings[0].find("bogus"), std::string::npos);
}

TEST(Options, DescriptorModes) {
  for (auto [text, mode] : {std::pair{"lazy", DescriptorMode::Lazy}, {"cached", DescriptorMode::Cached},
                            {"db", DescriptorMode::DescriptorBuffer}, {"AUTO", DescriptorMode::Auto}}) {
    Env env;
    env.vars["BRASS_DESCRIPTORS"] = text;
    EXPECT_EQ(env.parse().descriptors, mode) << text;
    EXPECT_TRUE(env.warnings.empty());
  }
}

TEST(Options, ZinkDescriptorsIsAnAliasOnlyWhenBrassUnset) {
  Env env;
  env.vars["ZINK_DESCRIPTORS"] = "cached";
  EXPECT_EQ(env.parse().descriptors, DescriptorMode::Cached);
  env.vars["BRASS_DESCRIPTORS"] = "lazy";
  EXPECT_EQ(env.parse().descriptors, DescriptorMode::Lazy);
}

TEST(Options, BadDescriptorModeFallsBackToAuto) {
  Env env;
  env.vars["BRASS_DESCRIPTORS"] = "fast";
  EXPECT_EQ(env.parse().descriptors, DescriptorMode::Auto);
  ASSERT_EQ(env.warnings.size(), 1u);
  EXPECT_NE(env.warnings[0].find("BRASS_DESCRIPTORS"), std::string::npos);
}

TEST(Options, ShaderCacheDirectoryResolution) {
  Env env;
  env.vars["HOME"] = "/h";
  env.vars["XDG_CACHE_HOME"] = "/xdg";
  EXPECT_EQ(env.parse().shader_cache_dir, "/xdg/brass");
  env.vars["XDG_CACHE_HOME"] = "relative";  // XDG says relative paths are invalid
  EXPECT_EQ(env.parse().shader_cache_dir, "/h/.cache/brass");
  env.vars["BRASS_SHADER_CACHE_DIR"] = "/tmp/c";
  EXPECT_EQ(env.parse().shader_cache_dir, "/tmp/c");
  Env none;
  EXPECT_TRUE(none.parse().shader_cache_disabled);
}

TEST(Options, ShaderCacheDisable) {
  for (const char* var : {"BRASS_SHADER_CACHE_DISABLE", "MESA_SHADER_CACHE_DISABLE"}) {
    Env env;
    env.vars["HOME"] = "/h";
    env.vars[var] = "true";
    EXPECT_TRUE(env.parse().shader_cache_disabled) << var;
    env.vars[var] = "0";
    EXPECT_FALSE(env.parse().shader_cache_disabled) << var;
    env.vars[var] = "maybe";
    EXPECT_FALSE(env.parse().shader_cache_disabled) << var;
    EXPECT_EQ(env.warnings.size(), 1u);
  }
}

TEST(Options, StatsAndLog) {
  Env env;
  env.vars["BRASS_STATS"] = "1";
  env.vars["BRASS_LOG"] = "debug";
  Options o = env.parse();
  EXPECT_EQ(o.stats, "stderr");
  EXPECT_EQ(o.log_level, LogLevel::Debug);
  env.vars["BRASS_STATS"] = "/tmp/stats.txt";
  env.vars["BRASS_LOG"] = "loud";
  o = env.parse();
  EXPECT_EQ(o.stats, "/tmp/stats.txt");
  EXPECT_EQ(o.log_level, LogLevel::Warn);
  EXPECT_EQ(env.warnings.size(), 1u);
}

TEST(Options, GlesVersionOverride) {
  Env env;
  EXPECT_EQ(env.parse().gles_version_override, 0);
  env.vars["BRASS_GLES_VERSION_OVERRIDE"] = " 3.1 ";
  EXPECT_EQ(env.parse().gles_version_override, 31);
  env.vars["BRASS_GLES_VERSION_OVERRIDE"] = "3.0";
  EXPECT_EQ(env.parse().gles_version_override, 30);
  EXPECT_TRUE(env.warnings.empty());
  env.vars["BRASS_GLES_VERSION_OVERRIDE"] = "4.6";
  EXPECT_EQ(env.parse().gles_version_override, 0);
  EXPECT_EQ(env.warnings.size(), 1u);
}

TEST(Options, GlVersionOverride) {
  Env env;
  EXPECT_EQ(env.parse().gl_version_override, 0);
  env.vars["BRASS_GL_VERSION_OVERRIDE"] = " 3.3 ";
  EXPECT_EQ(env.parse().gl_version_override, 33);
  env.vars["BRASS_GL_VERSION_OVERRIDE"] = "4.6";
  EXPECT_EQ(env.parse().gl_version_override, 46);
  env.vars["BRASS_GL_VERSION_OVERRIDE"] = "3.2";
  EXPECT_EQ(env.parse().gl_version_override, 32);
  EXPECT_FALSE(env.parse().no_desktop_gl);
  // "none": no desktop contexts, whatever the device has.
  env.vars["BRASS_GL_VERSION_OVERRIDE"] = "none";
  EXPECT_EQ(env.parse().gl_version_override, 0);
  EXPECT_TRUE(env.parse().no_desktop_gl);
  EXPECT_TRUE(env.warnings.empty());
  // No core profile below 3.2, no 3.4, and ES versions are the other variable's.
  for (const char* bad : {"3.1", "3.4", "4.7", "3.0 es", "46"}) {
    env.warnings.clear();
    env.vars["BRASS_GL_VERSION_OVERRIDE"] = bad;
    EXPECT_EQ(env.parse().gl_version_override, 0) << bad;
    EXPECT_EQ(env.warnings.size(), 1u) << bad;
  }
}

TEST(Options, ThreadModeIsZeroOneOrAuto) {
  Env env;
  EXPECT_EQ(env.parse().thread, ThreadMode::Auto);
  env.vars["BRASS_THREAD"] = "1";
  EXPECT_EQ(env.parse().thread, ThreadMode::On);
  env.vars["BRASS_THREAD"] = " 0 ";
  EXPECT_EQ(env.parse().thread, ThreadMode::Off);
  env.vars["BRASS_THREAD"] = "AUTO";
  EXPECT_EQ(env.parse().thread, ThreadMode::Auto);
  EXPECT_TRUE(env.warnings.empty());
  env.vars["BRASS_THREAD"] = "yes";
  EXPECT_EQ(env.parse().thread, ThreadMode::Auto);
  EXPECT_EQ(env.warnings.size(), 1u);
}

TEST(Options, UniformPathIsAutoPushOrBuffer) {
  Env env;
  EXPECT_EQ(env.parse().uniforms, UniformPath::Auto);
  env.vars["BRASS_UNIFORMS"] = "push";
  EXPECT_EQ(env.parse().uniforms, UniformPath::PushConstants);
  env.vars["BRASS_UNIFORMS"] = " Buffer ";
  EXPECT_EQ(env.parse().uniforms, UniformPath::Buffer);
  env.vars["BRASS_UNIFORMS"] = "auto";
  EXPECT_EQ(env.parse().uniforms, UniformPath::Auto);
  EXPECT_TRUE(env.warnings.empty());
  env.vars["BRASS_UNIFORMS"] = "ubo";
  EXPECT_EQ(env.parse().uniforms, UniformPath::Auto);
  EXPECT_EQ(env.warnings.size(), 1u);
}

TEST(Options, EveryVariableIsListed) {
  size_t n = 0;
  const OptionVariable* vars = option_variables(&n);
  std::vector<std::string> names;
  for (size_t i = 0; i < n; ++i) names.push_back(vars[i].name);
  for (const char* expected : {"BRASS_DEBUG", "BRASS_DEVICE", "BRASS_DESCRIPTORS", "ZINK_DESCRIPTORS",
                               "BRASS_SHADER_CACHE_DIR", "BRASS_SHADER_CACHE_DISABLE",
                               "MESA_SHADER_CACHE_DISABLE", "BRASS_STATS", "BRASS_LOG",
                               "BRASS_GLES_VERSION_OVERRIDE", "BRASS_GL_VERSION_OVERRIDE", "BRASS_THREAD", "BRASS_UNIFORMS"}) {
    EXPECT_NE(std::find(names.begin(), names.end(), expected), names.end()) << expected;
  }
}

}  // namespace
}  // namespace brass
