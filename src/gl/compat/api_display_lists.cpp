// The display list commands (GL 4.6 compatibility §21.4, GL 2.1 §5.4):
// glNewList, glEndList, glCallList, glCallLists, glListBase, glGenLists,
// glDeleteLists, glIsList. Their entry points exist in compatibility
// contexts only (the generator's GL_COMPAT profile bit). glCallList,
// glCallLists and glListBase are themselves listable: while compiling, the
// entry point records them and these handlers run only when the command
// executes.
#include "gl/compat/display_list_enums.h"
#include "gl/compat/display_lists.h"
#include "gl/context.h"
#include "gl_functions.h"

namespace brass::gl::api {

namespace {

// Between glBegin and glEnd most commands are INVALID_OPERATION (§10.7.5).
bool inside_begin_end(const Context& ctx) { return ctx.vertex_spec.inside_begin_end(); }

}  // namespace

void NewList(Context& ctx, GLuint list, GLenum mode) {
  if (inside_begin_end(ctx)) return ctx.set_error(GL_INVALID_OPERATION);
  if (list == 0) return ctx.set_error(GL_INVALID_VALUE);
  if (mode != GL_COMPILE && mode != GL_COMPILE_AND_EXECUTE) return ctx.set_error(GL_INVALID_ENUM);
  if (ctx.display_lists.compiling()) return ctx.set_error(GL_INVALID_OPERATION);
  // The list's name is in use from now on; its old contents stay callable
  // until glEndList replaces them (a list may call its previous version).
  ctx.display_lists.begin(list, mode);
}

void EndList(Context& ctx) {
  if (inside_begin_end(ctx) || !ctx.display_lists.compiling()) return ctx.set_error(GL_INVALID_OPERATION);
  const GLuint name = ctx.display_lists.list_index();
  ctx.share_group().display_lists.store(name, ctx.display_lists.end());
}

void CallList(Context& ctx, GLuint list) { compat::execute_list(ctx, list); }

void CallLists(Context& ctx, GLsizei n, GLenum type, const void* lists) {
  if (n < 0) return ctx.set_error(GL_INVALID_VALUE);
  switch (type) {
    case GL_BYTE:
    case GL_UNSIGNED_BYTE:
    case GL_SHORT:
    case GL_UNSIGNED_SHORT:
    case GL_INT:
    case GL_UNSIGNED_INT:
    case GL_FLOAT:
    case GL_2_BYTES:
    case GL_3_BYTES:
    case GL_4_BYTES: break;
    default: return ctx.set_error(GL_INVALID_ENUM);
  }
  if (!lists) return;
  // Each name is LIST_BASE plus the offset the array holds (§21.4.2), in
  // unsigned modular arithmetic so that negative offsets reach lower names.
  // The base is the one in effect when glCallLists executes, even if a list
  // it calls changes it.
  const GLuint base = ctx.display_lists.list_base;
  const auto* bytes = static_cast<const uint8_t*>(lists);
  for (GLsizei i = 0; i < n; ++i) {
    GLuint offset = 0;
    switch (type) {
      case GL_BYTE: offset = GLuint(GLint(static_cast<const GLbyte*>(lists)[i])); break;
      case GL_UNSIGNED_BYTE: offset = static_cast<const GLubyte*>(lists)[i]; break;
      case GL_SHORT: offset = GLuint(GLint(static_cast<const GLshort*>(lists)[i])); break;
      case GL_UNSIGNED_SHORT: offset = static_cast<const GLushort*>(lists)[i]; break;
      case GL_INT: offset = GLuint(static_cast<const GLint*>(lists)[i]); break;
      case GL_UNSIGNED_INT: offset = static_cast<const GLuint*>(lists)[i]; break;
      case GL_FLOAT: {
        // Float names are converted to integers; out-of-range values name no
        // list a 32-bit name can reach.
        const GLfloat f = static_cast<const GLfloat*>(lists)[i];
        offset = f >= -2147483648.0f && f < 4294967296.0f ? GLuint(int64_t(f)) : 0u;
        break;
      }
      case GL_2_BYTES: offset = GLuint(bytes[2 * i]) << 8 | bytes[2 * i + 1]; break;
      case GL_3_BYTES: offset = GLuint(bytes[3 * i]) << 16 | GLuint(bytes[3 * i + 1]) << 8 | bytes[3 * i + 2]; break;
      default:  // GL_4_BYTES
        offset = GLuint(bytes[4 * i]) << 24 | GLuint(bytes[4 * i + 1]) << 16 | GLuint(bytes[4 * i + 2]) << 8 |
                 bytes[4 * i + 3];
        break;
    }
    compat::execute_list(ctx, base + offset);
  }
}

void ListBase(Context& ctx, GLuint base) { ctx.display_lists.list_base = base; }

GLuint GenLists(Context& ctx, GLsizei range) {
  if (inside_begin_end(ctx)) {
    ctx.set_error(GL_INVALID_OPERATION);
    return 0;
  }
  if (range < 0) {
    ctx.set_error(GL_INVALID_VALUE);
    return 0;
  }
  return ctx.share_group().display_lists.generate(range);
}

void DeleteLists(Context& ctx, GLuint list, GLsizei range) {
  if (inside_begin_end(ctx)) return ctx.set_error(GL_INVALID_OPERATION);
  if (range < 0) return ctx.set_error(GL_INVALID_VALUE);
  ctx.share_group().display_lists.remove(list, range);
}

GLboolean IsList(Context& ctx, GLuint list) {
  if (inside_begin_end(ctx)) {
    ctx.set_error(GL_INVALID_OPERATION);
    return GL_FALSE;
  }
  return ctx.share_group().display_lists.is_list(list) ? GL_TRUE : GL_FALSE;
}

}  // namespace brass::gl::api
