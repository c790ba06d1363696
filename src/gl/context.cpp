#include "gl/context.h"

#include <atomic>
#include <new>

#include "gl_functions.h"
#include "util/log.h"

namespace brass::gl {

namespace {

thread_local Context* t_current = nullptr;

// One flag per generated function: log each missing one once per process.
std::atomic<bool> g_unimplemented_logged[kFunctionCount];

}  // namespace

Context* current_context() { return t_current; }
void set_current_context(Context* ctx) { t_current = ctx; }

std::unique_ptr<Context> Context::create(const ContextDesc& desc, Context* share) {
  std::unique_ptr<Context> ctx(new (std::nothrow) Context());
  if (!ctx) return nullptr;
  ctx->desc_ = desc;
  ctx->major_ = 3;
  ctx->minor_ = 0;
  if (share) {
    ctx->share_group_ = share->share_group_;
  } else {
    ctx->share_group_ = Ref<ShareGroup>::adopt(new (std::nothrow) ShareGroup());
    if (!ctx->share_group_) return nullptr;
  }
  ctx->renderer_ = desc.device_name.empty() ? "Brass" : "Brass (" + desc.device_name + ")";
  ctx->version_ = "OpenGL ES 3.0 Brass " BRASS_VERSION_STRING;
  // Extensions are listed only once they are really implemented.
  for (size_t i = 0; i < ctx->extensions_.size(); ++i) {
    if (i) ctx->extensions_string_ += ' ';
    ctx->extensions_string_ += ctx->extensions_[i];
  }
  return ctx;
}

Context::~Context() {
  if (t_current == this) t_current = nullptr;
}

void Context::unimplemented(int function_index, const char* name) {
  set_error(GL_INVALID_OPERATION);
  if (function_index >= 0 && static_cast<size_t>(function_index) < kFunctionCount &&
      !g_unimplemented_logged[function_index].exchange(true, std::memory_order_relaxed)) {
    BRASS_WARN("%s is not implemented yet (GL_INVALID_OPERATION)", name);
  }
}

void Context::bind_drawables(const Drawable* draw, const Drawable* read) {
  has_draw_ = draw != nullptr;
  has_read_ = read != nullptr;
  if (draw) draw_ = *draw;
  if (read) read_ = *read;
  if (draw && !ever_bound_draw_) {
    ever_bound_draw_ = true;
    state.viewport[2] = state.scissor[2] = draw->width;
    state.viewport[3] = state.scissor[3] = draw->height;
  }
}

void* get_proc_address(const char* name) {
  if (!name) return nullptr;
  const FunctionInfo* f = find_function(name);
  return f ? reinterpret_cast<void*>(f->proc) : nullptr;
}

}  // namespace brass::gl
