#include "gl/compat/vertex_arrays_legacy.h"

#include "gl/compat/legacy_enums.h"
#include "gl/compat/vertex_spec_state.h"
#include "gl/context.h"
#include "gl/vertex_validation.h"
#include "gl_functions.h"

namespace brass::gl::compat {

namespace {

// Which types each pointer command takes (GL 4.6 compatibility table
// 10.3): a bit per type.
enum TypeBit : uint32_t {
  kByte = 1u << 0,
  kUbyte = 1u << 1,
  kShort = 1u << 2,
  kUshort = 1u << 3,
  kInt = 1u << 4,
  kUint = 1u << 5,
  kHalf = 1u << 6,
  kFloat = 1u << 7,
  kDouble = 1u << 8,
};

uint32_t type_bit(GLenum type) {
  switch (type) {
    case GL_BYTE: return kByte;
    case GL_UNSIGNED_BYTE: return kUbyte;
    case GL_SHORT: return kShort;
    case GL_UNSIGNED_SHORT: return kUshort;
    case GL_INT: return kInt;
    case GL_UNSIGNED_INT: return kUint;
    case GL_HALF_FLOAT: return kHalf;
    case GL_FLOAT: return kFloat;
    case GL_DOUBLE: return kDouble;
    default: return 0;
  }
}

// The array glEnableClientState's `cap` names (TEXTURE_COORD_ARRAY: the
// client active texture's), or -1.
int array_of_cap(const Context& ctx, GLenum cap) {
  switch (cap) {
    case GL_VERTEX_ARRAY: return kVertex;
    case GL_NORMAL_ARRAY: return kNormal;
    case GL_COLOR_ARRAY: return kColor;
    case GL_SECONDARY_COLOR_ARRAY: return kSecondaryColor;
    case GL_FOG_COORD_ARRAY: return kFogCoord;
    case GL_TEXTURE_COORD_ARRAY: return static_cast<int>(kTexCoord0 + ctx.vertex_spec.client_active_texture);
    case GL_EDGE_FLAG_ARRAY: return kEdgeFlag;
    case GL_INDEX_ARRAY: return kColorIndex;
    default: return -1;
  }
}

void set_enabled(Context& ctx, unsigned a, bool on) {
  VertexArray& vao = *ctx.vertex_array;
  vao.conventional[a].enabled = on;
  if (on) vao.conventional_enabled |= 1u << a;
  else vao.conventional_enabled &= ~(1u << a);
  ctx.dirty(kDirtyVertexInput);
}

// The pointer commands: size and type checks, then the array reads
// `pointer` in ARRAY_BUFFER (an offset) or client memory (none bound).
void set_array(Context& ctx, unsigned a, GLint size, bool size_ok, GLenum type, uint32_t types, bool normalized,
               GLsizei stride, const void* pointer) {
  if (!size_ok || stride < 0) return ctx.set_error(GL_INVALID_VALUE);
  if (!(type_bit(type) & types)) return ctx.set_error(GL_INVALID_ENUM);
  VertexArray& vao = *ctx.vertex_array;
  VertexAttrib& attrib = vao.conventional[a];
  attrib.size = size;
  attrib.type = type;
  // Colours and normals of integer types are normalized (§10.3.4).
  attrib.normalized = normalized && type != GL_FLOAT && type != GL_DOUBLE && type != GL_HALF_FLOAT;
  attrib.integer = false;
  attrib.is_long = false;
  attrib.relative_offset = 0;
  attrib.stride = stride;
  attrib.pointer = pointer;
  VertexBufferBinding& b = vao.conventional_bindings[a];
  bind(b.buffer, ctx.buffers.array.get());
  b.offset = static_cast<GLintptr>(reinterpret_cast<uintptr_t>(pointer));
  b.stride = stride ? stride : static_cast<GLsizei>(element_size(type, size));
  b.divisor = 0;
  ctx.dirty(kDirtyVertexInput);
}

// ARRAY_BUFFER bindings, sizes, types and strides of the arrays (GL 4.6
// compatibility table 23.6-23.8).
const VertexAttrib& conventional(Context& ctx, unsigned a) { return ctx.vertex_array->conventional[a]; }
GLint64 buffer_of(Context& ctx, unsigned a) {
  const Buffer* b = ctx.vertex_array->conventional_bindings[a].buffer.get();
  return b ? static_cast<GLint64>(b->name()) : 0;
}

VertexStateValue ints1(GLint64 v) {
  VertexStateValue r;
  r.count = 1;
  r.i[0] = v;
  return r;
}

VertexStateValue floats(const std::array<GLfloat, 4>& v, int n, bool normalized) {
  VertexStateValue r;
  r.is_float = true;
  r.normalized = normalized;
  r.count = n;
  for (int k = 0; k < n; ++k) r.f[k] = v[static_cast<size_t>(k)];
  return r;
}

// The array state queries of array `a`: which of size/type/stride/buffer
// `pname` asks for is decided by the caller's table below.
enum class ArrayField { Size, Type, Stride, Buffer };

bool array_field(Context& ctx, unsigned a, ArrayField field, VertexStateValue* out) {
  const VertexAttrib& attrib = conventional(ctx, a);
  switch (field) {
    case ArrayField::Size: *out = ints1(attrib.size); break;
    case ArrayField::Type: *out = ints1(attrib.type); break;
    case ArrayField::Stride: *out = ints1(attrib.stride); break;
    case ArrayField::Buffer: *out = ints1(buffer_of(ctx, a)); break;
  }
  return true;
}

}  // namespace

bool vertex_spec_query(Context& ctx, GLenum pname, VertexStateValue* out) {
  const VertexSpecState& vs = ctx.vertex_spec;
  const unsigned tex = kTexCoord0 + vs.client_active_texture;
  switch (pname) {
    case GL_CURRENT_COLOR: *out = floats(vs.current[kColor], 4, true); return true;
    case GL_CURRENT_SECONDARY_COLOR: *out = floats(vs.current[kSecondaryColor], 4, true); return true;
    case GL_CURRENT_NORMAL: *out = floats(vs.current[kNormal], 3, true); return true;
    case GL_CURRENT_FOG_COORD: *out = floats(vs.current[kFogCoord], 1, false); return true;
    case GL_CURRENT_INDEX: *out = floats(vs.current[kColorIndex], 1, false); return true;
    case GL_CURRENT_TEXTURE_COORDS: {
      // Of the active texture unit (the server's, glActiveTexture); units
      // beyond the coordinate sets have none.
      if (ctx.textures.active >= kMaxTextureCoords) {
        *out = VertexStateValue{};
        ctx.set_error(GL_INVALID_OPERATION);
        return true;
      }
      *out = floats(vs.current[kTexCoord0 + ctx.textures.active], 4, false);
      return true;
    }
    case GL_EDGE_FLAG: *out = ints1(vs.current[kEdgeFlag][0] != 0.0f); return true;
    case GL_CLIENT_ACTIVE_TEXTURE: *out = ints1(GL_TEXTURE0 + vs.client_active_texture); return true;
    case GL_MAX_TEXTURE_COORDS: *out = ints1(kMaxTextureCoords); return true;
    case GL_MAX_CLIENT_ATTRIB_STACK_DEPTH: *out = ints1(kMaxClientAttribStackDepth); return true;
    case GL_CLIENT_ATTRIB_STACK_DEPTH: *out = ints1(static_cast<GLint64>(vs.client_attrib_stack.size())); return true;
    // GL 4.6 compatibility table 13.2: quads follow the provoking vertex
    // convention (legacy_primitives.h).
    case GL_QUADS_FOLLOW_PROVOKING_VERTEX_CONVENTION: *out = ints1(1); return true;
    case GL_VERTEX_ARRAY: case GL_NORMAL_ARRAY: case GL_COLOR_ARRAY: case GL_SECONDARY_COLOR_ARRAY:
    case GL_FOG_COORD_ARRAY: case GL_TEXTURE_COORD_ARRAY: case GL_EDGE_FLAG_ARRAY: case GL_INDEX_ARRAY:
      *out = ints1(client_array_enabled(ctx, pname));
      return true;
    case GL_VERTEX_ARRAY_SIZE: return array_field(ctx, kVertex, ArrayField::Size, out);
    case GL_VERTEX_ARRAY_TYPE: return array_field(ctx, kVertex, ArrayField::Type, out);
    case GL_VERTEX_ARRAY_STRIDE: return array_field(ctx, kVertex, ArrayField::Stride, out);
    case GL_VERTEX_ARRAY_BUFFER_BINDING: return array_field(ctx, kVertex, ArrayField::Buffer, out);
    case GL_NORMAL_ARRAY_TYPE: return array_field(ctx, kNormal, ArrayField::Type, out);
    case GL_NORMAL_ARRAY_STRIDE: return array_field(ctx, kNormal, ArrayField::Stride, out);
    case GL_NORMAL_ARRAY_BUFFER_BINDING: return array_field(ctx, kNormal, ArrayField::Buffer, out);
    case GL_COLOR_ARRAY_SIZE: return array_field(ctx, kColor, ArrayField::Size, out);
    case GL_COLOR_ARRAY_TYPE: return array_field(ctx, kColor, ArrayField::Type, out);
    case GL_COLOR_ARRAY_STRIDE: return array_field(ctx, kColor, ArrayField::Stride, out);
    case GL_COLOR_ARRAY_BUFFER_BINDING: return array_field(ctx, kColor, ArrayField::Buffer, out);
    case GL_SECONDARY_COLOR_ARRAY_SIZE: return array_field(ctx, kSecondaryColor, ArrayField::Size, out);
    case GL_SECONDARY_COLOR_ARRAY_TYPE: return array_field(ctx, kSecondaryColor, ArrayField::Type, out);
    case GL_SECONDARY_COLOR_ARRAY_STRIDE: return array_field(ctx, kSecondaryColor, ArrayField::Stride, out);
    case GL_SECONDARY_COLOR_ARRAY_BUFFER_BINDING: return array_field(ctx, kSecondaryColor, ArrayField::Buffer, out);
    case GL_FOG_COORD_ARRAY_TYPE: return array_field(ctx, kFogCoord, ArrayField::Type, out);
    case GL_FOG_COORD_ARRAY_STRIDE: return array_field(ctx, kFogCoord, ArrayField::Stride, out);
    case GL_FOG_COORD_ARRAY_BUFFER_BINDING: return array_field(ctx, kFogCoord, ArrayField::Buffer, out);
    case GL_TEXTURE_COORD_ARRAY_SIZE: return array_field(ctx, tex, ArrayField::Size, out);
    case GL_TEXTURE_COORD_ARRAY_TYPE: return array_field(ctx, tex, ArrayField::Type, out);
    case GL_TEXTURE_COORD_ARRAY_STRIDE: return array_field(ctx, tex, ArrayField::Stride, out);
    case GL_TEXTURE_COORD_ARRAY_BUFFER_BINDING: return array_field(ctx, tex, ArrayField::Buffer, out);
    case GL_EDGE_FLAG_ARRAY_STRIDE: return array_field(ctx, kEdgeFlag, ArrayField::Stride, out);
    case GL_EDGE_FLAG_ARRAY_BUFFER_BINDING: return array_field(ctx, kEdgeFlag, ArrayField::Buffer, out);
    case GL_INDEX_ARRAY_TYPE: return array_field(ctx, kColorIndex, ArrayField::Type, out);
    case GL_INDEX_ARRAY_STRIDE: return array_field(ctx, kColorIndex, ArrayField::Stride, out);
    case GL_INDEX_ARRAY_BUFFER_BINDING: return array_field(ctx, kColorIndex, ArrayField::Buffer, out);
    default: return false;
  }
}

int client_array_enabled(Context& ctx, GLenum cap) {
  const int a = array_of_cap(ctx, cap);
  if (a < 0) return -1;
  return (ctx.vertex_array->conventional_enabled >> a) & 1u ? 1 : 0;
}

bool client_array_pointer(Context& ctx, GLenum pname, void** out) {
  int a = -1;
  switch (pname) {
    case GL_VERTEX_ARRAY_POINTER: a = kVertex; break;
    case GL_NORMAL_ARRAY_POINTER: a = kNormal; break;
    case GL_COLOR_ARRAY_POINTER: a = kColor; break;
    case GL_SECONDARY_COLOR_ARRAY_POINTER: a = kSecondaryColor; break;
    case GL_FOG_COORD_ARRAY_POINTER: a = kFogCoord; break;
    case GL_TEXTURE_COORD_ARRAY_POINTER: a = static_cast<int>(kTexCoord0 + ctx.vertex_spec.client_active_texture); break;
    case GL_EDGE_FLAG_ARRAY_POINTER: a = kEdgeFlag; break;
    case GL_INDEX_ARRAY_POINTER: a = kColorIndex; break;
    default: return false;
  }
  *out = const_cast<void*>(ctx.vertex_array->conventional[static_cast<unsigned>(a)].pointer);
  return true;
}

}  // namespace brass::gl::compat

namespace brass::gl::api {

using namespace compat;

void VertexPointer(Context& ctx, GLint size, GLenum type, GLsizei stride, const void* pointer) {
  set_array(ctx, kVertex, size, size >= 2 && size <= 4, type, kShort | kInt | kHalf | kFloat | kDouble, false, stride,
            pointer);
}

void NormalPointer(Context& ctx, GLenum type, GLsizei stride, const void* pointer) {
  set_array(ctx, kNormal, 3, true, type, kByte | kShort | kInt | kHalf | kFloat | kDouble, true, stride, pointer);
}

void ColorPointer(Context& ctx, GLint size, GLenum type, GLsizei stride, const void* pointer) {
  set_array(ctx, kColor, size, size == 3 || size == 4, type,
            kByte | kUbyte | kShort | kUshort | kInt | kUint | kHalf | kFloat | kDouble, true, stride, pointer);
}

void SecondaryColorPointer(Context& ctx, GLint size, GLenum type, GLsizei stride, const void* pointer) {
  set_array(ctx, kSecondaryColor, size, size == 3, type,
            kByte | kUbyte | kShort | kUshort | kInt | kUint | kHalf | kFloat | kDouble, true, stride, pointer);
}

void FogCoordPointer(Context& ctx, GLenum type, GLsizei stride, const void* pointer) {
  set_array(ctx, kFogCoord, 1, true, type, kHalf | kFloat | kDouble, false, stride, pointer);
}

void TexCoordPointer(Context& ctx, GLint size, GLenum type, GLsizei stride, const void* pointer) {
  set_array(ctx, kTexCoord0 + ctx.vertex_spec.client_active_texture, size, size >= 1 && size <= 4, type,
            kShort | kInt | kHalf | kFloat | kDouble, false, stride, pointer);
}

void EdgeFlagPointer(Context& ctx, GLsizei stride, const void* pointer) {
  set_array(ctx, kEdgeFlag, 1, true, GL_UNSIGNED_BYTE, kUbyte, false, stride, pointer);
}

void IndexPointer(Context& ctx, GLenum type, GLsizei stride, const void* pointer) {
  set_array(ctx, kColorIndex, 1, true, type, kUbyte | kShort | kInt | kFloat | kDouble, false, stride, pointer);
}

void EnableClientState(Context& ctx, GLenum array) {
  const int a = array_of_cap(ctx, array);
  if (a < 0) return ctx.set_error(GL_INVALID_ENUM);
  set_enabled(ctx, static_cast<unsigned>(a), true);
}

void DisableClientState(Context& ctx, GLenum array) {
  const int a = array_of_cap(ctx, array);
  if (a < 0) return ctx.set_error(GL_INVALID_ENUM);
  set_enabled(ctx, static_cast<unsigned>(a), false);
}

void ClientActiveTexture(Context& ctx, GLenum texture) {
  if (texture < GL_TEXTURE0 || texture >= GL_TEXTURE0 + kMaxTextureCoords) return ctx.set_error(GL_INVALID_ENUM);
  ctx.vertex_spec.client_active_texture = texture - GL_TEXTURE0;
}

// glInterleavedArrays (GL 4.6 compatibility §10.3.5, table 10.5): one
// interleaved layout sets the texture coordinate, colour, normal and
// vertex arrays, enabling those it has and disabling the others.
void InterleavedArrays(Context& ctx, GLenum format, GLsizei stride, const void* pointer) {
  constexpr GLsizei f = sizeof(GLfloat);
  constexpr GLsizei c = 4;  // 4 unsigned bytes: already a multiple of f
  struct Layout {
    GLenum format;
    GLint st, sc, sv;  // sizes (0: no such array)
    GLenum tc;         // colour type
    GLsizei pc, pn, pv, s;
    bool normal;
  };
  static constexpr Layout kLayouts[] = {
      {GL_V2F, 0, 0, 2, 0, 0, 0, 0, 2 * f, false},
      {GL_V3F, 0, 0, 3, 0, 0, 0, 0, 3 * f, false},
      {GL_C4UB_V2F, 0, 4, 2, GL_UNSIGNED_BYTE, 0, 0, c, c + 2 * f, false},
      {GL_C4UB_V3F, 0, 4, 3, GL_UNSIGNED_BYTE, 0, 0, c, c + 3 * f, false},
      {GL_C3F_V3F, 0, 3, 3, GL_FLOAT, 0, 0, 3 * f, 6 * f, false},
      {GL_N3F_V3F, 0, 0, 3, 0, 0, 0, 3 * f, 6 * f, true},
      {GL_C4F_N3F_V3F, 0, 4, 3, GL_FLOAT, 0, 4 * f, 7 * f, 10 * f, true},
      {GL_T2F_V3F, 2, 0, 3, 0, 0, 0, 2 * f, 5 * f, false},
      {GL_T4F_V4F, 4, 0, 4, 0, 0, 0, 4 * f, 8 * f, false},
      {GL_T2F_C4UB_V3F, 2, 4, 3, GL_UNSIGNED_BYTE, 2 * f, 0, c + 2 * f, c + 5 * f, false},
      {GL_T2F_C3F_V3F, 2, 3, 3, GL_FLOAT, 2 * f, 0, 5 * f, 8 * f, false},
      {GL_T2F_N3F_V3F, 2, 0, 3, 0, 0, 2 * f, 5 * f, 8 * f, true},
      {GL_T2F_C4F_N3F_V3F, 2, 4, 3, GL_FLOAT, 2 * f, 6 * f, 9 * f, 12 * f, true},
      {GL_T4F_C4F_N3F_V4F, 4, 4, 4, GL_FLOAT, 4 * f, 8 * f, 11 * f, 15 * f, true},
  };
  const Layout* l = nullptr;
  for (const Layout& candidate : kLayouts)
    if (candidate.format == format) l = &candidate;
  if (!l) return ctx.set_error(GL_INVALID_ENUM);
  if (stride < 0) return ctx.set_error(GL_INVALID_VALUE);
  const GLsizei str = stride ? stride : l->s;
  const auto at = [pointer](GLsizei offset) {
    return reinterpret_cast<const void*>(reinterpret_cast<uintptr_t>(pointer) + static_cast<uintptr_t>(offset));
  };
  set_enabled(ctx, kEdgeFlag, false);
  set_enabled(ctx, kColorIndex, false);
  set_enabled(ctx, kSecondaryColor, false);
  set_enabled(ctx, kFogCoord, false);
  const unsigned tex = kTexCoord0 + ctx.vertex_spec.client_active_texture;
  set_enabled(ctx, tex, l->st != 0);
  if (l->st) TexCoordPointer(ctx, l->st, GL_FLOAT, str, pointer);
  set_enabled(ctx, kColor, l->sc != 0);
  if (l->sc) ColorPointer(ctx, l->sc, l->tc, str, at(l->pc));
  set_enabled(ctx, kNormal, l->normal);
  if (l->normal) NormalPointer(ctx, GL_FLOAT, str, at(l->pn));
  set_enabled(ctx, kVertex, true);
  VertexPointer(ctx, l->sv, GL_FLOAT, str, at(l->pv));
}

}  // namespace brass::gl::api
