#include "compiler/spirv_cross_glsl.h"

#include <spirv_cross/spirv_cross_c.h>

namespace brass::compiler {
namespace {

// Owns a SPIRV-Cross context (and everything allocated through it).
class CrossContext {
 public:
  CrossContext() {
    if (spvc_context_create(&ctx_) != SPVC_SUCCESS) ctx_ = nullptr;
  }
  ~CrossContext() {
    if (ctx_) spvc_context_destroy(ctx_);
  }
  CrossContext(const CrossContext&) = delete;
  CrossContext& operator=(const CrossContext&) = delete;
  spvc_context get() const { return ctx_; }
  std::string error() const {
    const char* e = ctx_ ? spvc_context_get_last_error_string(ctx_) : nullptr;
    return e && *e ? e : "SPIR-V translation failed";
  }

 private:
  spvc_context ctx_ = nullptr;
};

}  // namespace

CrossCompiled cross_compile_to_glsl(const std::vector<uint32_t>& words, const std::string& entry_point,
                                    uint32_t execution_model) {
  CrossCompiled out;
  CrossContext ctx;
  if (!ctx.get()) {
    out.text = "out of memory";
    return out;
  }
  spvc_parsed_ir ir = nullptr;
  spvc_compiler compiler = nullptr;
  spvc_compiler_options options = nullptr;
  const char* source = nullptr;
  const bool ok =
      spvc_context_parse_spirv(ctx.get(), words.data(), words.size(), &ir) == SPVC_SUCCESS &&
      spvc_context_create_compiler(ctx.get(), SPVC_BACKEND_GLSL, ir, SPVC_CAPTURE_MODE_TAKE_OWNERSHIP, &compiler) ==
          SPVC_SUCCESS &&
      spvc_compiler_set_entry_point(compiler, entry_point.c_str(), static_cast<SpvExecutionModel>(execution_model)) ==
          SPVC_SUCCESS &&
      spvc_compiler_create_compiler_options(compiler, &options) == SPVC_SUCCESS &&
      // Desktop GLSL 4.50 as GL consumes it: explicit locations, bindings,
      // offsets and xfb layouts are all core there.
      spvc_compiler_options_set_uint(options, SPVC_COMPILER_OPTION_GLSL_VERSION, 450) == SPVC_SUCCESS &&
      spvc_compiler_options_set_bool(options, SPVC_COMPILER_OPTION_GLSL_ES, SPVC_FALSE) == SPVC_SUCCESS &&
      spvc_compiler_options_set_bool(options, SPVC_COMPILER_OPTION_GLSL_VULKAN_SEMANTICS, SPVC_FALSE) ==
          SPVC_SUCCESS &&
      spvc_compiler_install_compiler_options(compiler, options) == SPVC_SUCCESS &&
      spvc_compiler_compile(compiler, &source) == SPVC_SUCCESS && source;
  if (!ok) {
    out.text = ctx.error();
    return out;
  }
  out.ok = true;
  out.text = source;
  return out;
}

}  // namespace brass::compiler
