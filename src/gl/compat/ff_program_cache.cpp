// Linking and caching the fixed-function programs.
#include "gl/compat/ff_program_cache.h"

#include <string>

#include "gl/compat/ff_shaders.h"
#include "gl/context.h"
#include "gl/program.h"
#include "gl/program_link.h"
#include "util/log.h"

namespace brass::gl::compat {

std::unique_ptr<FfProgram> link_fixed_function(Context& ctx, const FfKey& key, std::string* log) {
  // Internal objects outside the share group's namespace (name 0): the
  // ordinary link takes the generated sources as compiled shaders.
  Program program(0);
  auto attach = [&](GLenum type, std::string source) {
    Ref<Shader> s = make_ref<Shader>(0, type);
    s->compiled = true;
    s->compiled_source = std::move(source);
    program.attached.push_back(std::move(s));
  };
  attach(GL_VERTEX_SHADER, vertex_shader_source(key.vertex));
  attach(GL_FRAGMENT_SHADER, fragment_shader_source(key.fragment));
  std::shared_ptr<LinkedProgram> lp = link(ctx, program, log);
  program.attached.clear();
  if (!lp) return nullptr;
  auto out = std::make_unique<FfProgram>();
  const std::string prefix = kFfSamplerPrefix;
  for (size_t i = 0; i < lp->interface.uniforms.size(); ++i) {
    const compiler::Uniform& u = lp->interface.uniforms[i];
    // Fixed-function unit N samples texture unit N.
    if (u.name.starts_with(prefix) && i < lp->sampler_first.size() && lp->sampler_first[i] >= 0) {
      const int unit = std::stoi(u.name.substr(prefix.size()));
      const auto at = static_cast<size_t>(lp->sampler_first[i]);
      if (at < lp->samplers.size()) lp->samplers[at].unit = unit;
    }
    if (u.name == kFfAlphaRefUniform && u.block_index < 0 && u.offset >= 0 &&
        static_cast<size_t>(u.offset) + sizeof(float) <= lp->default_block.size())
      out->alpha_ref_offset = u.offset;
  }
  out->linked = std::move(lp);
  return out;
}

FfProgram* FfProgramCache::get(Context& ctx, const FfKey& key) {
  if (last_ && key == last_key_) return last_;
  auto it = programs_.find(key);
  if (it == programs_.end()) {
    ++misses_;
    std::string log;
    std::unique_ptr<FfProgram> p = link_fixed_function(ctx, key, &log);
    if (!p) {
      // Generated code that does not link is a Brass bug; tell, draw nothing.
      BRASS_WARN("fixed-function program failed to link: %s", log.c_str());
      ctx.set_error(GL_OUT_OF_MEMORY);
      return nullptr;
    }
    it = programs_.emplace(key, std::move(p)).first;
  }
  last_key_ = key;
  last_ = it->second.get();
  return last_;
}

}  // namespace brass::gl::compat
