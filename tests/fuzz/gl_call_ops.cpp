// GL call bytecode (gl_call_ops.h). One byte selects the call; its arguments
// follow. Any byte string is a valid program.
#include "gl_call_ops.h"

#include <GLES3/gl32.h>
#include <sys/mman.h>

#include <algorithm>
#include <cstring>

namespace brass::fuzz {
namespace {

// Reads: 8 GiB of zero pages, reserved, never touched by the harness. Larger
// than anything a valid call can read from client memory here (textures of at
// most 64 texels a side from client memory, buffers of any size the device
// accepts up to this).
constexpr size_t kSourceBytes = size_t(1) << 33;
// Writes (glReadPixels, queries) go to a heap buffer, so that AddressSanitizer
// sees a write past its end.
constexpr size_t kSinkBytes = size_t(16) << 20;
constexpr GLsizei kMaxClientDimension = 64;
// The most calls one input issues.
constexpr int kCallBudget = 256;

const uint8_t* g_source = nullptr;
uint8_t* g_sink = nullptr;

const char* const kVertexShader = R"(#version 310 es
layout(location = 0) in vec4 a_position;
layout(location = 1) in vec4 a_color;
layout(location = 2) in ivec4 a_index;
out vec4 v_color;
void main() {
  gl_Position = a_position;
  gl_PointSize = 1.0;
  v_color = a_color + vec4(a_index);
})";
const char* const kFragmentShader = R"(#version 310 es
precision mediump float;
in vec4 v_color;
uniform vec4 u_tint[4];
uniform sampler2D u_texture;
layout(std140, binding = 0) uniform Block { vec4 offset; } block;
layout(location = 0) out vec4 o_color;
void main() { o_color = v_color * u_tint[1] + texture(u_texture, v_color.xy) + block.offset; })";
const char* const kFragmentShaderInteger = R"(#version 310 es
precision mediump float;
layout(location = 0) out vec4 o_color;
layout(location = 1) out vec4 o_second;
void main() { o_color = vec4(gl_FragCoord.xy, 0.0, 1.0); o_second = o_color.yxzw; })";
// In-bounds writes only: a shader's out-of-bounds access is undefined.
const char* const kComputeShader = R"(#version 310 es
layout(local_size_x = 4) in;
layout(std430, binding = 0) buffer Data { uint values[]; } data;
void main() {
  uint i = gl_GlobalInvocationID.x;
  if (i < uint(data.values.length())) data.values[i] += i;
})";

GLuint compile(GLenum type, const char* source) {
  GLuint shader = glCreateShader(type);
  glShaderSource(shader, 1, &source, nullptr);
  glCompileShader(shader);
  return shader;
}

GLuint link(std::initializer_list<std::pair<GLenum, const char*>> stages) {
  GLuint program = glCreateProgram();
  for (auto [type, source] : stages) {
    GLuint shader = compile(type, source);
    glAttachShader(program, shader);
    glDeleteShader(shader);
  }
  glLinkProgram(program);
  return program;
}

constexpr GLenum kBufferTargets[] = {
    GL_ARRAY_BUFFER,         GL_ELEMENT_ARRAY_BUFFER,     GL_COPY_READ_BUFFER,    GL_COPY_WRITE_BUFFER,
    GL_PIXEL_PACK_BUFFER,    GL_PIXEL_UNPACK_BUFFER,      GL_UNIFORM_BUFFER,      GL_TRANSFORM_FEEDBACK_BUFFER,
    GL_DRAW_INDIRECT_BUFFER, GL_DISPATCH_INDIRECT_BUFFER, GL_SHADER_STORAGE_BUFFER, GL_ATOMIC_COUNTER_BUFFER,
    GL_TEXTURE_BUFFER,       GL_ARRAY_BUFFER,             GL_ELEMENT_ARRAY_BUFFER, GL_PIXEL_UNPACK_BUFFER};
constexpr GLenum kTextureTargets[] = {
    GL_TEXTURE_2D,       GL_TEXTURE_3D,           GL_TEXTURE_2D_ARRAY,       GL_TEXTURE_CUBE_MAP,
    GL_TEXTURE_2D,       GL_TEXTURE_2D_MULTISAMPLE, GL_TEXTURE_CUBE_MAP_ARRAY, GL_TEXTURE_BUFFER,
    GL_TEXTURE_CUBE_MAP_POSITIVE_X, GL_TEXTURE_CUBE_MAP_NEGATIVE_Z, GL_TEXTURE_2D_MULTISAMPLE_ARRAY, 0};
constexpr GLenum kInternalFormats[] = {
    GL_RGBA8,   GL_RGBA,     GL_RGB,       GL_LUMINANCE, GL_ALPHA,   GL_R8,         GL_RG8,
    GL_RGB565,  GL_RGBA4,    GL_RGB10_A2,  GL_RGBA16F,   GL_R32F,    GL_RGBA32UI,   GL_R8I,
    GL_SRGB8_ALPHA8, GL_DEPTH_COMPONENT16, GL_DEPTH24_STENCIL8, GL_DEPTH32F_STENCIL8, GL_STENCIL_INDEX8,
    GL_RGB9_E5, GL_R11F_G11F_B10F, GL_COMPRESSED_RGB8_ETC2, GL_COMPRESSED_RGBA_ASTC_4x4, GL_RGBA8_SNORM};
constexpr GLenum kCompressedFormats[] = {
    GL_COMPRESSED_RGB8_ETC2,      GL_COMPRESSED_RGBA8_ETC2_EAC, GL_COMPRESSED_R11_EAC,
    GL_COMPRESSED_RG11_EAC,       GL_COMPRESSED_RGBA_ASTC_4x4,  GL_COMPRESSED_RGBA_ASTC_12x12,
    GL_COMPRESSED_SRGB8_ALPHA8_ASTC_8x5, GL_RGBA8};
constexpr GLenum kFormats[] = {GL_RGBA,         GL_RGB,          GL_RG,           GL_RED,
                               GL_RGBA_INTEGER, GL_RED_INTEGER,  GL_LUMINANCE,    GL_ALPHA,
                               GL_DEPTH_COMPONENT, GL_DEPTH_STENCIL, GL_STENCIL_INDEX, GL_LUMINANCE_ALPHA};
constexpr GLenum kTypes[] = {GL_UNSIGNED_BYTE,  GL_FLOAT,          GL_UNSIGNED_SHORT_5_6_5, GL_HALF_FLOAT,
                             GL_UNSIGNED_INT,   GL_INT,            GL_UNSIGNED_INT_24_8,    GL_BYTE,
                             GL_UNSIGNED_SHORT, GL_SHORT,          GL_FLOAT_32_UNSIGNED_INT_24_8_REV,
                             GL_UNSIGNED_INT_2_10_10_10_REV,      GL_UNSIGNED_SHORT_4_4_4_4};
constexpr GLenum kDrawModes[] = {GL_TRIANGLES,      GL_POINTS,    GL_LINES, GL_LINE_STRIP,
                                 GL_LINE_LOOP,      GL_TRIANGLE_STRIP, GL_TRIANGLE_FAN,
                                 GL_LINES_ADJACENCY, GL_PATCHES, 0x000F};
constexpr GLenum kIndexTypes[] = {GL_UNSIGNED_BYTE, GL_UNSIGNED_SHORT, GL_UNSIGNED_INT, GL_FLOAT};
constexpr GLenum kAttribTypes[] = {GL_FLOAT,         GL_UNSIGNED_BYTE, GL_SHORT,
                                   GL_INT,           GL_HALF_FLOAT,    GL_INT_2_10_10_10_REV,
                                   GL_UNSIGNED_INT,  GL_FIXED,         GL_BYTE};
constexpr GLenum kUsages[] = {GL_STATIC_DRAW, GL_DYNAMIC_DRAW, GL_STREAM_READ, GL_DYNAMIC_COPY};
constexpr GLenum kCaps[] = {GL_BLEND,        GL_DEPTH_TEST,   GL_STENCIL_TEST, GL_SCISSOR_TEST,
                            GL_CULL_FACE,    GL_POLYGON_OFFSET_FILL, GL_PRIMITIVE_RESTART_FIXED_INDEX,
                            GL_RASTERIZER_DISCARD, GL_SAMPLE_ALPHA_TO_COVERAGE, GL_DITHER,
                            GL_SAMPLE_MASK, GL_DEBUG_OUTPUT};
constexpr GLenum kTexParams[] = {GL_TEXTURE_MIN_FILTER, GL_TEXTURE_MAG_FILTER, GL_TEXTURE_WRAP_S,
                                 GL_TEXTURE_BASE_LEVEL, GL_TEXTURE_MAX_LEVEL,  GL_TEXTURE_SWIZZLE_R,
                                 GL_TEXTURE_COMPARE_MODE, GL_DEPTH_STENCIL_TEXTURE_MODE, GL_TEXTURE_MAX_LOD};
constexpr GLenum kTexParamValues[] = {GL_NEAREST, GL_LINEAR_MIPMAP_LINEAR, GL_REPEAT, GL_CLAMP_TO_EDGE,
                                      GL_RED,     GL_ONE,  GL_COMPARE_REF_TO_TEXTURE, GL_STENCIL_INDEX,
                                      0,          1,       1000, GLenum(-1)};
constexpr GLenum kPixelStores[] = {GL_UNPACK_ALIGNMENT,  GL_PACK_ALIGNMENT,   GL_UNPACK_ROW_LENGTH,
                                   GL_UNPACK_SKIP_ROWS,  GL_UNPACK_SKIP_PIXELS, GL_UNPACK_IMAGE_HEIGHT,
                                   GL_UNPACK_SKIP_IMAGES, GL_PACK_ROW_LENGTH, GL_PACK_SKIP_ROWS, GL_PACK_SKIP_PIXELS};
constexpr GLenum kAttachments[] = {GL_COLOR_ATTACHMENT0, GL_COLOR_ATTACHMENT1, GL_DEPTH_ATTACHMENT,
                                   GL_STENCIL_ATTACHMENT, GL_DEPTH_STENCIL_ATTACHMENT, GL_COLOR_ATTACHMENT7,
                                   GL_BACK, GL_COLOR};
constexpr GLenum kFramebufferTargets[] = {GL_FRAMEBUFFER, GL_DRAW_FRAMEBUFFER, GL_READ_FRAMEBUFFER};
constexpr GLenum kQueryTargets[] = {GL_ANY_SAMPLES_PASSED, GL_ANY_SAMPLES_PASSED_CONSERVATIVE,
                                    GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN, GL_PRIMITIVES_GENERATED};
constexpr GLenum kIndexedTargets[] = {GL_UNIFORM_BUFFER, GL_SHADER_STORAGE_BUFFER, GL_ATOMIC_COUNTER_BUFFER,
                                      GL_TRANSFORM_FEEDBACK_BUFFER};
constexpr GLenum kMapAccess[] = {GL_MAP_READ_BIT, GL_MAP_WRITE_BIT, GL_MAP_READ_BIT | GL_MAP_WRITE_BIT,
                                 GL_MAP_WRITE_BIT | GL_MAP_INVALIDATE_RANGE_BIT,
                                 GL_MAP_WRITE_BIT | GL_MAP_FLUSH_EXPLICIT_BIT,
                                 GL_MAP_WRITE_BIT | GL_MAP_UNSYNCHRONIZED_BIT | GL_MAP_INVALIDATE_BUFFER_BIT,
                                 GL_MAP_READ_BIT | GL_MAP_INVALIDATE_BUFFER_BIT, 0};

// How many bytes a glDrawElements may read from client memory for `count`
// indices of `type`: the harness passes client indices only when this fits.
size_t index_bytes(GLenum type, GLsizei count) {
  const size_t unit = type == GL_UNSIGNED_INT ? 4 : type == GL_UNSIGNED_SHORT ? 2 : 1;
  return count > 0 ? unit * size_t(count) : 0;
}

GLint binding_of(GLenum binding) {
  GLint value = 0;
  glGetIntegerv(binding, &value);
  return value;
}

}  // namespace

bool init_client_memory() {
  void* source = mmap(nullptr, kSourceBytes, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (source == MAP_FAILED) return false;
  g_source = static_cast<const uint8_t*>(source);
  g_sink = new uint8_t[kSinkBytes];
  return true;
}

GlCallRunner::GlCallRunner() {
  // A vertex array object of the harness's: ES 3 forbids client-side arrays
  // with one bound, so every attribute pointer is an offset.
  GLuint vao = 0;
  glGenVertexArrays(1, &vao);
  glBindVertexArray(vao);
  vertex_arrays_.push_back(vao);
}

void GlCallRunner::run(Input& in) {
  for (int calls = 0; calls < kCallBudget && !in.empty(); ++calls) step(in);
  glFinish();
}

GLuint GlCallRunner::name(Input& in, const std::vector<GLuint>& generated) {
  const uint8_t b = in.u8();
  if (b < 0xc0 && !generated.empty()) return generated[b % generated.size()];
  if (b < 0xe0) return 0;
  return in.u32();
}

GLuint GlCallRunner::program(Input& in) {
  const uint8_t which = in.u8() % 4;
  if (which == 3) return name(in, programs_);
  GLuint& p = builtin_programs_[which];
  if (!p) {
    if (which == 0) p = link({{GL_VERTEX_SHADER, kVertexShader}, {GL_FRAGMENT_SHADER, kFragmentShader}});
    if (which == 1) p = link({{GL_VERTEX_SHADER, kVertexShader}, {GL_FRAGMENT_SHADER, kFragmentShaderInteger}});
    if (which == 2) p = link({{GL_COMPUTE_SHADER, kComputeShader}});
    programs_.push_back(p);
  }
  return p;
}

GLenum GlCallRunner::buffer_target(Input& in) { return in.pick(kBufferTargets); }
GLenum GlCallRunner::texture_target(Input& in) { return in.pick(kTextureTargets); }
GLenum GlCallRunner::internal_format(Input& in) { return in.pick(kInternalFormats); }
GLenum GlCallRunner::format(Input& in) { return in.pick(kFormats); }
GLenum GlCallRunner::type(Input& in) { return in.pick(kTypes); }

const void* GlCallRunner::upload_source(Input& in, GLenum binding) {
  const uint8_t b = in.u8();
  if (binding_of(binding)) return reinterpret_cast<const void*>(static_cast<uintptr_t>(in.size_value()));
  return (b & 15) == 0 ? nullptr : g_source;
}

GLsizei GlCallRunner::readback_dimension(Input& in) {
  const GLsizei d = in.dimension();
  if (binding_of(GL_PIXEL_PACK_BUFFER_BINDING)) return d;
  return std::min(d, kMaxClientDimension);
}

void GlCallRunner::step(Input& in) {
  // Dimensions of uploads from client memory are clamped too (the read-only
  // mapping is large, but a 3D image of huge sides is larger still).
  auto upload_dimension = [&](bool client) {
    const GLsizei d = in.dimension();
    return client ? std::min(d, kMaxClientDimension) : d;
  };
  const uint8_t op = in.u8();
  switch (op % 64) {
    case 0: {
      GLuint b = 0;
      glGenBuffers(1, &b);
      buffers_.push_back(b);
      break;
    }
    case 1: glBindBuffer(buffer_target(in), name(in, buffers_)); break;
    case 2: {
      const GLenum target = buffer_target(in);
      const GLsizeiptr size = in.size_value();
      const bool with_data = in.u8() & 1;
      glBufferData(target, size, with_data && size > 0 && size_t(size) <= kSourceBytes ? g_source : nullptr,
                   in.pick(kUsages));
      break;
    }
    case 3: {
      const GLenum target = buffer_target(in);
      const GLintptr offset = in.size_value();
      const GLsizeiptr size = in.size_value();
      glBufferSubData(target, offset, size, size >= 0 && size_t(size) <= kSourceBytes ? g_source : nullptr);
      break;
    }
    case 4: {
      const GLenum target = buffer_target(in);
      const GLintptr offset = in.size_value();
      const GLsizeiptr length = in.size_value();
      const GLbitfield access = in.pick(kMapAccess);
      void* p = glMapBufferRange(target, offset, length, access);
      // A mapping is as long as asked for: touch both ends (with zeros: an
      // indirect command written here must stay a small one).
      if (p && length > 0 && (access & GL_MAP_WRITE_BIT)) {
        auto* bytes = static_cast<volatile uint8_t*>(p);
        bytes[0] = 0;
        bytes[length - 1] = 0;
      } else if (p && length > 0 && (access & GL_MAP_READ_BIT)) {
        auto* bytes = static_cast<volatile const uint8_t*>(p);
        (void)bytes[0];
        (void)bytes[length - 1];
      }
      break;
    }
    case 5: glFlushMappedBufferRange(buffer_target(in), in.size_value(), in.size_value()); break;
    case 6: glUnmapBuffer(buffer_target(in)); break;
    case 7: {
      const GLenum read = buffer_target(in), write = buffer_target(in);
      const GLintptr ro = in.size_value(), wo = in.size_value();
      glCopyBufferSubData(read, write, ro, wo, in.size_value());
      break;
    }
    case 8: {
      GLuint b = name(in, buffers_);
      glDeleteBuffers(1, &b);
      break;
    }
    case 9: {
      GLuint t = 0;
      glGenTextures(1, &t);
      textures_.push_back(t);
      break;
    }
    case 10: glBindTexture(texture_target(in), name(in, textures_)); break;
    case 11: {
      const GLenum target = texture_target(in);
      const GLint level = in.int_value();
      const GLenum ifmt = internal_format(in);
      const bool client = !binding_of(GL_PIXEL_UNPACK_BUFFER_BINDING);
      const GLsizei w = upload_dimension(client), h = upload_dimension(client);
      const GLint border = in.u8() == 0xff ? 1 : 0;
      const GLenum fmt = format(in), ty = type(in);
      glTexImage2D(target, level, GLint(ifmt), w, h, border, fmt, ty, upload_source(in, GL_PIXEL_UNPACK_BUFFER_BINDING));
      break;
    }
    case 12: {
      const GLenum target = texture_target(in);
      const GLint level = in.int_value(), x = in.int_value(), y = in.int_value();
      const bool client = !binding_of(GL_PIXEL_UNPACK_BUFFER_BINDING);
      const GLsizei w = upload_dimension(client), h = upload_dimension(client);
      const GLenum fmt = format(in), ty = type(in);
      glTexSubImage2D(target, level, x, y, w, h, fmt, ty, upload_source(in, GL_PIXEL_UNPACK_BUFFER_BINDING));
      break;
    }
    case 13: {
      const GLenum target = texture_target(in);
      const GLint level = in.int_value();
      const GLenum ifmt = internal_format(in);
      const bool client = !binding_of(GL_PIXEL_UNPACK_BUFFER_BINDING);
      const GLsizei w = upload_dimension(client), h = upload_dimension(client), d = upload_dimension(client);
      const GLenum fmt = format(in), ty = type(in);
      glTexImage3D(target, level, GLint(ifmt), w, h, d, 0, fmt, ty, upload_source(in, GL_PIXEL_UNPACK_BUFFER_BINDING));
      break;
    }
    case 14: {
      const GLenum target = texture_target(in);
      const GLint level = in.int_value(), x = in.int_value(), y = in.int_value(), z = in.int_value();
      const bool client = !binding_of(GL_PIXEL_UNPACK_BUFFER_BINDING);
      const GLsizei w = upload_dimension(client), h = upload_dimension(client), d = upload_dimension(client);
      const GLenum fmt = format(in), ty = type(in);
      glTexSubImage3D(target, level, x, y, z, w, h, d, fmt, ty, upload_source(in, GL_PIXEL_UNPACK_BUFFER_BINDING));
      break;
    }
    case 15: {
      const GLenum target = texture_target(in);
      const GLsizei levels = in.dimension();
      const GLenum ifmt = internal_format(in);
      const GLsizei w = in.dimension(), h = in.dimension();
      glTexStorage2D(target, levels, ifmt, w, h);
      break;
    }
    case 16: {
      const GLenum target = texture_target(in);
      const GLsizei levels = in.dimension();
      const GLenum ifmt = internal_format(in);
      const GLsizei w = in.dimension(), h = in.dimension(), d = in.dimension();
      glTexStorage3D(target, levels, ifmt, w, h, d);
      break;
    }
    case 17: {
      const GLenum target = texture_target(in);
      const GLint level = in.int_value();
      const GLenum ifmt = in.pick(kCompressedFormats);
      const bool client = !binding_of(GL_PIXEL_UNPACK_BUFFER_BINDING);
      const GLsizei w = upload_dimension(client), h = upload_dimension(client);
      const GLsizei image_size = in.int_value();
      glCompressedTexImage2D(target, level, ifmt, w, h, 0, image_size, upload_source(in, GL_PIXEL_UNPACK_BUFFER_BINDING));
      break;
    }
    case 18: {
      const GLenum target = texture_target(in);
      const GLint level = in.int_value(), x = in.int_value(), y = in.int_value();
      const bool client = !binding_of(GL_PIXEL_UNPACK_BUFFER_BINDING);
      const GLsizei w = upload_dimension(client), h = upload_dimension(client);
      const GLenum fmt = in.pick(kCompressedFormats);
      const GLsizei image_size = in.int_value();
      glCompressedTexSubImage2D(target, level, x, y, w, h, fmt, image_size,
                                upload_source(in, GL_PIXEL_UNPACK_BUFFER_BINDING));
      break;
    }
    case 19: {
      const GLenum target = texture_target(in), pname = in.pick(kTexParams);
      glTexParameteri(target, pname, GLint(in.pick(kTexParamValues)));
      break;
    }
    case 20: glGenerateMipmap(texture_target(in)); break;
    case 21: {
      const GLenum target = texture_target(in);
      const GLint level = in.int_value();
      const GLenum ifmt = internal_format(in);
      const GLint x = in.int_value(), y = in.int_value();
      const GLsizei w = in.dimension(), h = in.dimension();
      glCopyTexImage2D(target, level, ifmt, x, y, std::min(w, kMaxClientDimension), std::min(h, kMaxClientDimension), 0);
      break;
    }
    case 22: {
      const GLenum target = texture_target(in);
      const GLint level = in.int_value(), xo = in.int_value(), yo = in.int_value(), x = in.int_value(),
                  y = in.int_value();
      glCopyTexSubImage2D(target, level, xo, yo, x, y, in.dimension(), in.dimension());
      break;
    }
    case 23: {
      // Small values only: the client memory bounds assume them.
      const GLenum pname = in.pick(kPixelStores);
      const uint8_t b = in.u8();
      glPixelStorei(pname, b & 0x80 ? -1 : b % 9);
      break;
    }
    case 24: {
      const GLint x = in.int_value(), y = in.int_value();
      const GLsizei w = readback_dimension(in), h = readback_dimension(in);
      const GLenum fmt = format(in), ty = type(in);
      void* dst = binding_of(GL_PIXEL_PACK_BUFFER_BINDING)
                      ? reinterpret_cast<void*>(static_cast<uintptr_t>(in.size_value()))
                      : g_sink;
      glReadPixels(x, y, w, h, fmt, ty, dst);
      break;
    }
    case 25: {
      GLuint f = 0;
      glGenFramebuffers(1, &f);
      framebuffers_.push_back(f);
      break;
    }
    case 26: glBindFramebuffer(in.pick(kFramebufferTargets), name(in, framebuffers_)); break;
    case 27: {
      const GLenum target = in.pick(kFramebufferTargets), attachment = in.pick(kAttachments);
      const GLenum textarget = texture_target(in);
      const GLuint t = name(in, textures_);
      glFramebufferTexture2D(target, attachment, textarget, t, in.int_value());
      break;
    }
    case 28: {
      const GLenum target = in.pick(kFramebufferTargets), attachment = in.pick(kAttachments);
      const GLuint t = name(in, textures_);
      const GLint level = in.int_value();
      glFramebufferTextureLayer(target, attachment, t, level, in.int_value());
      break;
    }
    case 29: {
      GLuint r = 0;
      glGenRenderbuffers(1, &r);
      renderbuffers_.push_back(r);
      glBindRenderbuffer(GL_RENDERBUFFER, name(in, renderbuffers_));
      break;
    }
    case 30: {
      const GLsizei samples = in.dimension();
      const GLenum ifmt = internal_format(in);
      const GLsizei w = in.dimension(), h = in.dimension();
      glRenderbufferStorageMultisample(GL_RENDERBUFFER, samples, ifmt, w, h);
      break;
    }
    case 31: {
      const GLenum target = in.pick(kFramebufferTargets), attachment = in.pick(kAttachments);
      glFramebufferRenderbuffer(target, attachment, GL_RENDERBUFFER, name(in, renderbuffers_));
      break;
    }
    case 32: (void)glCheckFramebufferStatus(in.pick(kFramebufferTargets)); break;
    case 33: {
      GLint c[8];
      for (GLint& v : c) v = in.int_value();
      glBlitFramebuffer(c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7], in.u32() & 0x4500,
                        in.u8() & 1 ? GL_LINEAR : GL_NEAREST);
      break;
    }
    case 34: glClear(in.u32() & 0x4500); break;
    case 35: {
      const GLenum buffer = in.pick_of<GLenum>({GL_COLOR, GL_DEPTH, GL_STENCIL, GL_DEPTH_STENCIL});
      const GLint draw_buffer = in.int_value();
      const uint8_t kind = in.u8() % 4;
      const void* values = g_source;
      if (kind == 0) glClearBufferfv(buffer, draw_buffer, static_cast<const GLfloat*>(values));
      if (kind == 1) glClearBufferiv(buffer, draw_buffer, static_cast<const GLint*>(values));
      if (kind == 2) glClearBufferuiv(buffer, draw_buffer, static_cast<const GLuint*>(values));
      if (kind == 3) glClearBufferfi(buffer, draw_buffer, 1.0f, in.int_value());
      break;
    }
    case 36: glUseProgram(program(in)); break;
    case 37: {
      const GLuint index = in.u8() % 20;
      const GLint size = in.pick_of<GLint>({1, 2, 3, 4, 0x80E1 /* GL_BGRA */, 0, 5, -1});
      const GLenum ty = in.pick(kAttribTypes);
      const GLboolean normalized = in.u8() & 1;
      const GLsizei stride = in.pick_of<GLsizei>({0, 4, 16, 255, 256, -1, INT_MAX});
      glVertexAttribPointer(index, size, ty, normalized, stride,
                            reinterpret_cast<const void*>(static_cast<uintptr_t>(in.size_value())));
      break;
    }
    case 38: {
      const GLuint index = in.u8() % 20;
      const GLint size = in.pick_of<GLint>({1, 2, 3, 4, 0, 5});
      const GLenum ty = in.pick(kAttribTypes);
      const GLsizei stride = in.pick_of<GLsizei>({0, 4, 16, 2048, -1});
      glVertexAttribIPointer(index, size, ty, stride,
                             reinterpret_cast<const void*>(static_cast<uintptr_t>(in.size_value())));
      break;
    }
    case 39: {
      const GLuint index = in.u8() % 20;
      if (in.u8() & 1) glEnableVertexAttribArray(index);
      else glDisableVertexAttribArray(index);
      break;
    }
    case 40: glVertexAttribDivisor(in.u8() % 20, in.pick_of<GLuint>({0, 1, 2, 3, UINT32_MAX})); break;
    case 41: {
      const GLenum mode = in.pick(kDrawModes);
      const GLint first = in.pick_of<GLint>({0, 1, 3, 1000, -1, INT_MAX, INT_MAX - 2});
      glDrawArrays(mode, first, in.choose_of<GLsizei>({0, 1, 2, 3, 4, 6, 100, 4096, -1, INT_MIN}));
      break;
    }
    case 42:
    case 43:
    case 44: {
      const GLenum mode = in.pick(kDrawModes);
      const GLsizei count = in.choose_of<GLsizei>({0, 1, 2, 3, 4, 6, 100, 4096, -1, INT_MIN});
      const GLenum ty = in.pick(kIndexTypes);
      const void* indices;
      if (binding_of(GL_ELEMENT_ARRAY_BUFFER_BINDING)) {
        indices = reinterpret_cast<const void*>(static_cast<uintptr_t>(in.size_value()));
      } else {
        indices = index_bytes(ty, count) <= kSourceBytes ? g_source : nullptr;
      }
      if (op % 64 == 42) glDrawElements(mode, count, ty, indices);
      if (op % 64 == 43) glDrawElementsInstanced(mode, count, ty, indices, in.choose_of<GLsizei>({0, 1, 2, 7, -1}));
      if (op % 64 == 44) {
        const GLuint start = in.pick_of<GLuint>({0, 1, 3, 100, UINT32_MAX});
        const GLuint end = in.pick_of<GLuint>({0, 2, 3, 100, UINT32_MAX});
        glDrawRangeElements(mode, start, end, count, ty, indices);
      }
      break;
    }
    case 45: {
      const GLenum mode = in.pick(kDrawModes);
      const GLint first = in.pick_of<GLint>({0, 1, 3, -1});
      const GLsizei count = in.choose_of<GLsizei>({0, 1, 3, 6, 100, -1});
      glDrawArraysInstanced(mode, first, count, in.choose_of<GLsizei>({0, 1, 2, 7, -1}));
      break;
    }
    case 46: {
      const GLenum mode = in.pick(kDrawModes);
      glDrawArraysIndirect(mode, reinterpret_cast<const void*>(static_cast<uintptr_t>(in.size_value())));
      break;
    }
    case 47: {
      const GLenum mode = in.pick(kDrawModes), ty = in.pick(kIndexTypes);
      glDrawElementsIndirect(mode, ty, reinterpret_cast<const void*>(static_cast<uintptr_t>(in.size_value())));
      break;
    }
    case 48: {
      const GLuint x = in.choose_of<GLuint>({0, 1, 2, 3, 65535, 65536, UINT32_MAX});
      const GLuint y = in.choose_of<GLuint>({0, 1, 2, 65536, UINT32_MAX});
      const GLuint z = in.choose_of<GLuint>({0, 1, 2, 65536, UINT32_MAX});
      glDispatchCompute(x, y, z);
      break;
    }
    case 49: glDispatchComputeIndirect(static_cast<GLintptr>(in.size_value())); break;
    case 50: {
      const GLenum cap = in.pick(kCaps);
      if (in.u8() & 1) glEnable(cap);
      else glDisable(cap);
      break;
    }
    case 51: {
      const GLint x = in.int_value(), y = in.int_value();
      const GLsizei w = in.int_value(), h = in.int_value();
      if (in.u8() & 1) glViewport(x, y, w, h);
      else glScissor(x, y, w, h);
      break;
    }
    case 52: {
      const GLenum target = in.pick(kIndexedTargets);
      const GLuint index = in.pick_of<GLuint>({0, 1, 7, 8, 100, UINT32_MAX});
      const GLuint buffer = name(in, buffers_);
      const GLintptr offset = in.size_value();
      const GLsizeiptr size = in.size_value();
      if (in.u8() & 1) glBindBufferRange(target, index, buffer, offset, size);
      else glBindBufferBase(target, index, buffer);
      break;
    }
    case 53: {
      const uint8_t b = in.u8();
      if (b & 1) {
        GLuint v = 0;
        glGenVertexArrays(1, &v);
        vertex_arrays_.push_back(v);
      }
      // Never 0: the default vertex array takes client arrays (see above).
      const GLuint v = vertex_arrays_[in.u8() % vertex_arrays_.size()];
      if (b & 2) {
        glDeleteVertexArrays(1, &v);
        glBindVertexArray(vertex_arrays_[0] == v ? 0 : vertex_arrays_[0]);
        if (vertex_arrays_[0] == v) {
          GLuint fresh = 0;
          glGenVertexArrays(1, &fresh);
          vertex_arrays_[0] = fresh;
          glBindVertexArray(fresh);
        }
      } else {
        glBindVertexArray(v);
      }
      break;
    }
    case 54: (void)glGetError(); break;
    case 55: (in.u8() & 1) ? glFinish() : glFlush(); break;
    case 56: {
      GLsync s = glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, in.u8() & 1);
      if (s) syncs_.push_back(s);
      if (!syncs_.empty()) {
        GLsync w = syncs_[in.u8() % syncs_.size()];
        (void)glClientWaitSync(w, in.u8() & 1 ? GL_SYNC_FLUSH_COMMANDS_BIT : 0, 0);
        if (in.u8() & 1) {
          glDeleteSync(w);
          syncs_.erase(std::find(syncs_.begin(), syncs_.end(), w));
        }
      }
      break;
    }
    case 57: {
      const GLenum target = in.pick(kQueryTargets);
      const uint8_t b = in.u8();
      if (b & 1) {
        GLuint q = 0;
        glGenQueries(1, &q);
        queries_.push_back(q);
      }
      if (b & 2) glBeginQuery(target, name(in, queries_));
      else glEndQuery(target);
      break;
    }
    case 58: {
      const GLint location = in.pick_of<GLint>({0, 1, 2, 3, -1, 1000, INT_MAX});
      const GLsizei count = in.choose_of<GLsizei>({0, 1, 2, 4, 5, 1000, -1});
      const uint8_t kind = in.u8() % 4;
      if (kind == 0) glUniform4fv(location, count, reinterpret_cast<const GLfloat*>(g_source));
      if (kind == 1) glUniform1iv(location, count, reinterpret_cast<const GLint*>(g_source));
      if (kind == 2) glUniformMatrix4fv(location, count, GL_FALSE, reinterpret_cast<const GLfloat*>(g_source));
      if (kind == 3) glUniform1i(location, in.int_value());
      break;
    }
    case 59: {
      const GLsizei n = in.pick_of<GLsizei>({0, 1, 2, 4, 8, 9, -1});
      GLenum bufs[16];
      for (GLenum& b : bufs) b = in.pick_of<GLenum>({GL_NONE, GL_BACK, GL_COLOR_ATTACHMENT0, GL_COLOR_ATTACHMENT1});
      glDrawBuffers(n, bufs);
      break;
    }
    case 60: {
      const GLsizei n = in.choose_of<GLsizei>({0, 1, 2, 8, -1});
      GLenum attachments[8];
      for (GLenum& a : attachments) a = in.pick(kAttachments);
      glInvalidateFramebuffer(in.pick(kFramebufferTargets), n, attachments);
      break;
    }
    case 61: {
      // Queries write at most a few dozen values (the compressed format
      // list the longest): the sink holds far more.
      const GLenum pname = in.u16() | (in.u8() & 1 ? 0x8000 : 0x0b00);
      glGetIntegerv(pname, reinterpret_cast<GLint*>(g_sink));
      break;
    }
    case 62: {
      const GLenum target = buffer_target(in);
      const GLenum pname = in.pick_of<GLenum>({GL_BUFFER_SIZE, GL_BUFFER_MAPPED, GL_BUFFER_MAP_LENGTH,
                                                    GL_BUFFER_MAP_OFFSET, GL_BUFFER_USAGE});
      GLint64 value = 0;
      glGetBufferParameteri64v(target, pname, &value);
      break;
    }
    case 63: {
      GLuint t = name(in, textures_);
      if (in.u8() & 1) glDeleteTextures(1, &t);
      else {
        GLuint f = name(in, framebuffers_);
        glDeleteFramebuffers(1, &f);
      }
      break;
    }
  }
}

}  // namespace brass::fuzz
