// EGL 1.5 fence syncs and EGL_KHR_fence_sync / EGL_KHR_wait_sync: a sync
// is the fence of the current context's work when it was made.
#include <vector>

#include "egl/api.h"
#include "egl/api_util.h"
#include "egl/objects.h"

namespace brass::egl {
namespace {

using Lock = std::lock_guard<std::recursive_mutex>;

EGLSync create_sync(EGLDisplay dpy, EGLenum type, const EGLAttrib* attribs, EGLint bad_type_error) {
  Lock lock(egl_mutex());
  Display* d = lookup(dpy);
  if (!d) return EGL_NO_SYNC;
  if (type != EGL_SYNC_FENCE) return fail(bad_type_error, EGL_NO_SYNC);
  if (attribs && attribs[0] != EGL_NONE) return fail(EGL_BAD_ATTRIBUTE, EGL_NO_SYNC);
  ThreadState& t = thread_state();
  if (!t.context || t.context->display != d) return fail(EGL_BAD_MATCH, EGL_NO_SYNC);
  // Fence semantics: flush, and signal when all prior commands complete.
  auto sync = std::make_unique<Sync>();
  sync->display = d;
  sync->type = type;
  sync->fence = gles_client_api().flush_with_fence();
  sync->screen = device_screen(d->device_index);
  Sync* handle = sync.get();
  d->syncs.emplace(handle, std::move(sync));
  set_error(EGL_SUCCESS);
  return handle;
}

bool get_sync_attrib(EGLDisplay dpy, EGLSync sync, EGLint attribute, EGLAttrib* value) {
  Lock lock(egl_mutex());
  Display* d = lookup(dpy);
  if (!d) return false;
  Sync* s = d->find_sync(sync);
  if (!s) return fail(EGL_BAD_PARAMETER);
  if (!value) return fail(EGL_BAD_PARAMETER);
  switch (attribute) {
    case EGL_SYNC_TYPE: *value = s->type; break;
    case EGL_SYNC_STATUS: *value = s->poll(); break;
    case EGL_SYNC_CONDITION: *value = EGL_SYNC_PRIOR_COMMANDS_COMPLETE; break;
    default: return fail(EGL_BAD_ATTRIBUTE);
  }
  return succeed();
}

}  // namespace

namespace api {

EGLSync EGLAPIENTRY eglCreateSync(EGLDisplay dpy, EGLenum type, const EGLAttrib* attrib_list) {
  return create_sync(dpy, type, attrib_list, EGL_BAD_PARAMETER);
}

EGLSyncKHR EGLAPIENTRY eglCreateSyncKHR(EGLDisplay dpy, EGLenum type, const EGLint* attrib_list) {
  std::vector<EGLAttrib> attribs = widen(attrib_list);
  return create_sync(dpy, type, attribs.data(), EGL_BAD_ATTRIBUTE);
}

EGLBoolean EGLAPIENTRY eglDestroySync(EGLDisplay dpy, EGLSync sync) {
  Lock lock(egl_mutex());
  Display* d = lookup(dpy);
  if (!d) return EGL_FALSE;
  if (!d->syncs.erase(static_cast<Sync*>(sync))) return fail(EGL_BAD_PARAMETER);
  return succeed();
}

EGLBoolean EGLAPIENTRY eglDestroySyncKHR(EGLDisplay dpy, EGLSyncKHR sync) { return eglDestroySync(dpy, sync); }

EGLint EGLAPIENTRY eglClientWaitSync(EGLDisplay dpy, EGLSync sync, EGLint flags, EGLTime timeout) {
  Ref<pipe::Fence> fence;
  pipe::Screen* screen = nullptr;
  {
    Lock lock(egl_mutex());
    Display* d = lookup(dpy);
    if (!d) return EGL_FALSE;
    Sync* s = d->find_sync(sync);
    if (!s) return fail(EGL_BAD_PARAMETER, static_cast<EGLint>(EGL_FALSE));
    // The fence was submitted when the sync was created: nothing to flush.
    (void)flags;
    set_error(EGL_SUCCESS);
    if (s->poll() == EGL_SIGNALED || timeout == 0)
      return s->status == EGL_SIGNALED ? EGL_CONDITION_SATISFIED : EGL_TIMEOUT_EXPIRED;
    fence = s->fence;
    screen = s->screen;
  }
  // Wait without the EGL lock: other threads keep making EGL calls, and may
  // even destroy the sync (the fence reference keeps the wait valid).
  const uint64_t ns = timeout == EGL_FOREVER ? UINT64_MAX : static_cast<uint64_t>(timeout);
  return screen->fence_finish(fence.get(), ns) ? EGL_CONDITION_SATISFIED : EGL_TIMEOUT_EXPIRED;
}

EGLint EGLAPIENTRY eglClientWaitSyncKHR(EGLDisplay dpy, EGLSyncKHR sync, EGLint flags, EGLTimeKHR timeout) {
  return eglClientWaitSync(dpy, sync, flags, timeout);
}

EGLBoolean EGLAPIENTRY eglGetSyncAttrib(EGLDisplay dpy, EGLSync sync, EGLint attribute, EGLAttrib* value) {
  return get_sync_attrib(dpy, sync, attribute, value) ? EGL_TRUE : EGL_FALSE;
}

EGLBoolean EGLAPIENTRY eglGetSyncAttribKHR(EGLDisplay dpy, EGLSyncKHR sync, EGLint attribute, EGLint* value) {
  EGLAttrib v = 0;
  if (!get_sync_attrib(dpy, sync, attribute, value ? &v : nullptr)) return EGL_FALSE;
  *value = static_cast<EGLint>(v);
  return EGL_TRUE;
}

EGLBoolean EGLAPIENTRY eglWaitSync(EGLDisplay dpy, EGLSync sync, EGLint flags) {
  Lock lock(egl_mutex());
  Display* d = lookup(dpy);
  if (!d) return EGL_FALSE;
  if (!d->find_sync(sync)) return fail(EGL_BAD_PARAMETER);
  Context* c = thread_state().context;
  if (!c || c->display != d) return fail(EGL_BAD_MATCH);
  if (flags != 0) return fail(EGL_BAD_PARAMETER);
  // A server wait on an already complete fence is a no-op.
  return succeed();
}

EGLint EGLAPIENTRY eglWaitSyncKHR(EGLDisplay dpy, EGLSyncKHR sync, EGLint flags) {
  return eglWaitSync(dpy, sync, flags);
}

}  // namespace api
}  // namespace brass::egl
