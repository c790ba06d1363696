// Sync objects (ES 3.0 §5.2). A fence sync is a pipe fence taken by flushing
// the context's recorded work: the only way a fence can ever signal is for
// the work before it to be submitted, so creating one submits (a counted
// "fence" submit, not a per-draw one).
#include <chrono>

#include "gl/context.h"
#include "gl_functions.h"

namespace brass::gl::api {

namespace {

// The live Sync behind an application handle, or null (checked against the
// share group's set, so a stale or forged pointer is never dereferenced).
// Returned with a reference: another context may delete it meanwhile.
Ref<Sync> lookup(Context& ctx, GLsync handle) {
  ShareGroup& sg = ctx.share_group();
  std::lock_guard lock(sg.sync_mutex);
  auto* s = reinterpret_cast<Sync*>(handle);
  return sg.syncs.count(s) ? Ref<Sync>::share(s) : Ref<Sync>();
}

bool poll(Context& ctx, Sync& s) {
  if (s.signaled.load(std::memory_order_acquire)) return true;
  if (s.fence && !ctx.screen().fence_finish(s.fence.get(), 0)) return false;
  s.signaled.store(true, std::memory_order_release);
  return true;
}

}  // namespace

GLsync FenceSync(Context& ctx, GLenum condition, GLbitfield flags) {
  if (condition != GL_SYNC_GPU_COMMANDS_COMPLETE) {
    ctx.set_error(GL_INVALID_ENUM);
    return nullptr;
  }
  if (flags != 0) {
    ctx.set_error(GL_INVALID_VALUE);
    return nullptr;
  }
  Ref<Sync> sync = make_ref<Sync>();
  ctx.pipe().flush(&sync->fence, 0);
  ShareGroup& sg = ctx.share_group();
  std::lock_guard lock(sg.sync_mutex);
  Sync* raw = sync.release();  // the share group's set holds this reference
  sg.syncs.insert(raw);
  return reinterpret_cast<GLsync>(raw);
}

GLboolean IsSync(Context& ctx, GLsync sync) { return lookup(ctx, sync) ? GL_TRUE : GL_FALSE; }

void DeleteSync(Context& ctx, GLsync handle) {
  if (!handle) return;  // zero is silently ignored
  ShareGroup& sg = ctx.share_group();
  Sync* s = nullptr;
  {
    std::lock_guard lock(sg.sync_mutex);
    auto* p = reinterpret_cast<Sync*>(handle);
    if (!sg.syncs.erase(p)) return ctx.set_error(GL_INVALID_VALUE);
    s = p;
  }
  // A thread blocked in ClientWaitSync holds its own reference.
  Ref<Sync>::adopt(s);
}

GLenum ClientWaitSync(Context& ctx, GLsync handle, GLbitfield flags, GLuint64 timeout) {
  if (flags & ~static_cast<GLbitfield>(GL_SYNC_FLUSH_COMMANDS_BIT)) {
    ctx.set_error(GL_INVALID_VALUE);
    return GL_WAIT_FAILED;
  }
  Ref<Sync> s;
  {
    ShareGroup& sg = ctx.share_group();
    std::lock_guard lock(sg.sync_mutex);
    auto* p = reinterpret_cast<Sync*>(handle);
    if (!sg.syncs.count(p)) {
      ctx.set_error(GL_INVALID_VALUE);
      return GL_WAIT_FAILED;
    }
    s = Ref<Sync>::share(p);
  }
  if (poll(ctx, *s)) return GL_ALREADY_SIGNALED;
  if (timeout == 0) return GL_TIMEOUT_EXPIRED;
  // The fence was submitted when the sync was created, so there is nothing
  // left to flush for SYNC_FLUSH_COMMANDS_BIT.
  if (ctx.screen().fence_finish(s->fence.get(), timeout)) {
    s->signaled.store(true, std::memory_order_release);
    return GL_CONDITION_SATISFIED;
  }
  return GL_TIMEOUT_EXPIRED;
}

void WaitSync(Context& ctx, GLsync handle, GLbitfield flags, GLuint64 timeout) {
  if (!lookup(ctx, handle) || flags != 0 || timeout != GL_TIMEOUT_IGNORED) return ctx.set_error(GL_INVALID_VALUE);
  // The GPU waits in order: every context submits to the device's one queue,
  // so work submitted after the fence already runs after it.
}

void GetSynciv(Context& ctx, GLsync handle, GLenum pname, GLsizei buf_size, GLsizei* length, GLint* values) {
  if (ctx.lost()) {
    // A lost context's fences count as signalled, so that nobody waits for
    // them forever (KHR_robustness); other queries fail as any command.
    if (pname != GL_SYNC_STATUS) return ctx.lost_command();
    if (buf_size >= 1 && values) values[0] = GL_SIGNALED;
    if (length) *length = buf_size >= 1 ? 1 : 0;
    return;
  }
  const Ref<Sync> s = lookup(ctx, handle);
  if (!s) return ctx.set_error(GL_INVALID_VALUE);
  if (buf_size < 0) return ctx.set_error(GL_INVALID_VALUE);
  GLint v = 0;
  switch (pname) {
    case GL_OBJECT_TYPE: v = GL_SYNC_FENCE; break;
    case GL_SYNC_STATUS: v = poll(ctx, *s) ? GL_SIGNALED : GL_UNSIGNALED; break;
    case GL_SYNC_CONDITION: v = GL_SYNC_GPU_COMMANDS_COMPLETE; break;
    case GL_SYNC_FLAGS: v = 0; break;
    default: return ctx.set_error(GL_INVALID_ENUM);
  }
  if (buf_size >= 1 && values) values[0] = v;
  if (length) *length = buf_size >= 1 ? 1 : 0;
}

}  // namespace brass::gl::api
