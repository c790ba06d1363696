// Name management for the object types whose API areas are not yet in their
// own files (textures; buffers: api_buffers.cpp). Deleting an
// object unbinds it from the current context's binding points first
// (ES 3.0 §2.10.1 / §4.4.1 / §3.8.1); other contexts keep their references
// until they rebind, as GL specifies.
#include "gl/context.h"
#include "gl_functions.h"

namespace brass::gl::api {

namespace {

template <typename T>
bool gen(Context& ctx, ObjectTable<T>& table, GLsizei n, GLuint* names) {
  if (n < 0) {
    ctx.set_error(GL_INVALID_VALUE);
    return false;
  }
  if (n == 0 || !names) return false;
  table.generate(n, names);
  return true;
}

template <typename T, typename Unbind>
void del(Context& ctx, ObjectTable<T>& table, GLsizei n, const GLuint* names, Unbind&& unbind) {
  if (n < 0) return ctx.set_error(GL_INVALID_VALUE);
  if (!names) return;
  for (GLsizei i = 0; i < n; ++i) {
    if (names[i] == 0) continue;
    Ref<T> obj = table.remove(names[i]);
    if (obj) unbind(obj.get());
  }
}

template <typename T>
void unbind_if(Binding<T>& point, T* obj) {
  if (point.get() == obj) point.reset();
}

}  // namespace

void GenTextures(Context& ctx, GLsizei n, GLuint* textures) { gen(ctx, ctx.share_group().textures, n, textures); }

void DeleteTextures(Context& ctx, GLsizei n, const GLuint* textures) {
  del(ctx, ctx.share_group().textures, n, textures, [&](Texture* t) {
    for (auto& u : ctx.textures.units)
      for (auto* p : {&u.texture_2d, &u.texture_3d, &u.texture_2d_array, &u.texture_cube}) unbind_if(*p, t);
    ctx.dirty(kDirtyTextures);
  });
}

}  // namespace brass::gl::api
