// Shared helpers for the compiler tests.
#pragma once

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>

#include "compiler/compiler.h"
#include "compiler/spirv_patch.h"

namespace brass::compiler::test {

inline std::string read_text(const std::filesystem::path& p) {
  std::ifstream f(p);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

inline const Uniform* find_uniform(const ProgramInterface& pi, const std::string& name) {
  for (const Uniform& u : pi.uniforms)
    if (u.name == name) return &u;
  return nullptr;
}

inline const Binding* find_binding(const ProgramInterface& pi, uint32_t set, uint32_t slot) {
  for (const Binding& b : pi.bindings)
    if (b.set == set && b.slot == slot) return &b;
  return nullptr;
}

// Links a program without touching the process cache's directory state.
inline LinkResult link(Api api, std::vector<ShaderSource> shaders) {
  LinkInput in;
  in.api = api;
  in.shaders = std::move(shaders);
  return link_program(in);
}

// Every stage must validate for Vulkan 1.2 and 1.3.
inline void expect_valid_spirv(const LinkResult& r, const std::string& what) {
  for (const StageBinary& s : r.stages) {
    for (VulkanEnv env : {VulkanEnv::Vulkan1_2, VulkanEnv::Vulkan1_3}) {
      std::string err;
      EXPECT_TRUE(validate_spirv(s.spirv, env, &err))
          << what << " stage " << static_cast<int>(s.stage) << ": " << err;
    }
  }
}

}  // namespace brass::compiler::test
