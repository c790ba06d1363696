// glPushClientAttrib / glPopClientAttrib (GL 4.6 compatibility §21.6):
// the client state groups "pixel-store" (CLIENT_PIXEL_STORE_BIT) and
// "vertex-array" (CLIENT_VERTEX_ARRAY_BIT) saved on a stack of
// MAX_CLIENT_ATTRIB_STACK_DEPTH entries.
#include "gl/compat/legacy_enums.h"
#include "gl/compat/vertex_spec_state.h"
#include "gl/context.h"
#include "gl_functions.h"

namespace brass::gl::compat {

namespace {

// The pack and unpack modes, in one order for saving and restoring.
template <typename Fn>
void for_pixel_store(Context& ctx, Fn&& fn) {
  State& s = ctx.state;
  GLint* pack[] = {&s.pack_alignment, &s.pack_row_length, &s.pack_skip_rows, &s.pack_skip_pixels,
                   &s.pack_image_height, &s.pack_skip_images};
  GLint* unpack[] = {&s.unpack_alignment, &s.unpack_row_length, &s.unpack_skip_rows, &s.unpack_skip_pixels,
                     &s.unpack_image_height, &s.unpack_skip_images};
  fn(pack, unpack, s.pack_compressed_block, s.unpack_compressed_block);
}

}  // namespace

}  // namespace brass::gl::compat

namespace brass::gl::api {

void PushClientAttrib(Context& ctx, GLbitfield mask) {
  compat::VertexSpecState& vs = ctx.vertex_spec;
  if (vs.client_attrib_stack.size() >= compat::kMaxClientAttribStackDepth) return ctx.set_error(GL_STACK_OVERFLOW);
  compat::ClientAttribEntry e;
  e.mask = mask;
  if (mask & GL_CLIENT_PIXEL_STORE_BIT) {
    compat::for_pixel_store(ctx, [&](GLint* const* pack, GLint* const* unpack, const GLint* pack_block,
                                     const GLint* unpack_block) {
      for (int k = 0; k < 6; ++k) {
        e.pack[k] = *pack[k];
        e.unpack[k] = *unpack[k];
      }
      for (int k = 0; k < 4; ++k) {
        e.pack_block[k] = pack_block[k];
        e.unpack_block[k] = unpack_block[k];
      }
    });
  }
  if (mask & GL_CLIENT_VERTEX_ARRAY_BIT) {
    const VertexArray& vao = *ctx.vertex_array;
    e.vao = ctx.vertex_array;
    e.attribs = vao.attribs;
    e.bindings = vao.bindings;
    e.enabled_mask = vao.enabled_mask;
    e.conventional = vao.conventional;
    e.conventional_bindings = vao.conventional_bindings;
    e.conventional_enabled = vao.conventional_enabled;
    e.element_buffer = vao.element_buffer;
    e.array_buffer = ctx.buffers.array;
    e.client_active_texture = vs.client_active_texture;
    e.primitive_restart = ctx.ff.primitive_restart;
    e.primitive_restart_index = ctx.ff.primitive_restart_index;
  }
  vs.client_attrib_stack.push_back(std::move(e));
}

void PopClientAttrib(Context& ctx) {
  compat::VertexSpecState& vs = ctx.vertex_spec;
  if (vs.client_attrib_stack.empty()) return ctx.set_error(GL_STACK_UNDERFLOW);
  compat::ClientAttribEntry e = std::move(vs.client_attrib_stack.back());
  vs.client_attrib_stack.pop_back();
  if (e.mask & GL_CLIENT_PIXEL_STORE_BIT) {
    compat::for_pixel_store(ctx, [&](GLint* const* pack, GLint* const* unpack, GLint* pack_block,
                                     GLint* unpack_block) {
      for (int k = 0; k < 6; ++k) {
        *pack[k] = e.pack[k];
        *unpack[k] = e.unpack[k];
      }
      for (int k = 0; k < 4; ++k) {
        pack_block[k] = e.pack_block[k];
        unpack_block[k] = e.unpack_block[k];
      }
    });
  }
  if (e.mask & GL_CLIENT_VERTEX_ARRAY_BIT) {
    // The vertex array object saved, unless it was deleted since (then
    // the default one), gets the saved arrays back.
    VertexArray* vao = e.vao.get();
    if (vao != ctx.default_vertex_array.get() && ctx.vertex_array_objects.lookup(vao->name()).get() != vao)
      vao = ctx.default_vertex_array.get();
    bind(ctx.vertex_array, vao);
    if (vao == e.vao.get()) {
      vao->attribs = e.attribs;
      vao->bindings = e.bindings;
      vao->enabled_mask = e.enabled_mask;
      vao->conventional = e.conventional;
      vao->conventional_bindings = e.conventional_bindings;
      vao->conventional_enabled = e.conventional_enabled;
      vao->element_buffer = e.element_buffer;
    }
    bind(ctx.buffers.array, e.array_buffer.get());
    vs.client_active_texture = e.client_active_texture;
    ctx.ff.primitive_restart = e.primitive_restart;
    ctx.ff.primitive_restart_index = e.primitive_restart_index;
    ctx.dirty(kDirtyVertexInput);
  }
}

}  // namespace brass::gl::api
