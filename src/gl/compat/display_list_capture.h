// What the generated display-list recorders (gl_display_list_commands.cpp,
// tools/gen/gen_dlist.py) use to copy a command's arguments into the list:
// the record layout of the command stream, the element counts of pointer
// arguments whose length gl.xml gives as COMPSIZE(...), and the capture of
// pixel data with the unpack state in effect when the command is compiled
// (GL 4.6 compatibility §21.4: client state applies at compile time; a
// PIXEL_UNPACK_BUFFER is read then too).
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

#include "gl/buffer.h"
#include "gl/gl_types.h"

namespace brass::gl {
class Context;
}

namespace brass::gl::compat::dlist {

// A list is a sequence of records in 64-bit words: a header word (the Op in
// bits 0-15, the record's length in words, header included, in bits 32-63)
// then the command's Args_* struct and the data its pointer arguments
// point at, each 8-byte aligned.
inline uint16_t record_op(const uint64_t* record) { return static_cast<uint16_t>(*record & 0xFFFFu); }
inline uint64_t record_words(const uint64_t* record) { return *record >> 32; }
inline uint64_t make_record_header(uint16_t op, uint64_t words) { return (words << 32) | op; }

}  // namespace brass::gl::compat::dlist

namespace brass::gl::compat::dlist::capture {

constexpr size_t padded(size_t bytes) { return (bytes + 7) & ~size_t(7); }

// Bytes of `count` elements of `element_size` (0 for a negative count, as
// the command then fails without reading).
inline size_t array_bytes(int64_t count, size_t element_size) {
  return count > 0 ? static_cast<size_t>(count) * element_size : 0;
}

// Copies `bytes` of `src` to `record + *at` and returns that offset (0, the
// null pointer at replay, when there is nothing to copy); advances *at.
inline uint32_t copy_array(void* record, size_t* at, const void* src, size_t bytes) {
  if (!src || !bytes) return 0;
  const size_t offset = *at;
  std::memcpy(static_cast<uint8_t*>(record) + offset, src, bytes);
  *at += padded(bytes);
  return static_cast<uint32_t>(offset);
}

// The pointer a recorded argument replays as.
template <typename T>
const T* data(const void* record, uint32_t offset) {
  return offset ? reinterpret_cast<const T*>(static_cast<const uint8_t*>(record) + offset) : nullptr;
}

// Values a vector parameter name takes (glLightfv, glMaterialfv, glFogfv,
// glLightModelfv, glTexEnvfv, glTexGenfv, glTexParameterfv,
// glPointParameterfv): 4 for colours, positions and planes, 3 for
// directions, colour indexes and attenuation, else 1.
size_t pname_count(GLenum pname);
// glClearBuffer*v: 4 values for COLOR, 1 for DEPTH or STENCIL.
size_t clear_buffer_count(GLenum buffer);
// glCallLists: n names of `type` (0 for an unknown type or negative n).
size_t call_lists_bytes(GLsizei n, GLenum type);
// Evaluator control points from the first to the last one the strides
// reach, in values (0 when the arguments are invalid: the command fails).
int64_t map1_count(GLenum target, GLint stride, GLint order);
int64_t map2_count(GLenum target, GLint ustride, GLint uorder, GLint vstride, GLint vorder);
// PROXY_TEXTURE_*: texture specification that executes immediately.
bool is_proxy_texture_target(GLenum target);

// Pixel data of an image command, read with the current unpack state (and
// PIXEL_UNPACK_BUFFER) into tightly packed rows (alignment 1, no skips) of
// the same format and type; GL_BITMAP data becomes most-significant-bit-
// first rows of whole bytes. A format or type the command will reject
// captures nothing (the command fails at execution without reading).
// !ok(): the unpack buffer access failed (error set; record nothing).
class ImageCapture {
 public:
  ImageCapture(Context& ctx, GLenum format, GLenum type, GLsizei width, GLsizei height, GLsizei depth, int dims,
               const void* pixels);
  bool ok() const { return ok_; }
  size_t bytes() const { return bytes_; }
  uint32_t copy_into(void* record, size_t* at) const;

 private:
  void copy_tight(uint8_t* dst, const uint8_t* src) const;
  void copy_bitmap(uint8_t* dst, const uint8_t* src) const;
  bool ok_ = true;
  bool bitmap_ = false;
  bool lsb_first_ = false;
  size_t bytes_ = 0;          // captured size
  const uint8_t* src_ = nullptr;  // client memory, or staging_ when read from a buffer
  std::vector<uint8_t> staging_;
  uint64_t width_ = 0, height_ = 0, depth_ = 0;
  uint64_t row_bytes_ = 0;    // tight row
  uint64_t row_stride_ = 0, image_stride_ = 0, skip_bytes_ = 0;
  uint64_t skip_bits_ = 0;    // GL_BITMAP: SKIP_PIXELS
};

// Raw bytes (compressed image data): `size` bytes of client memory or of
// the PIXEL_UNPACK_BUFFER at offset `data`.
class BytesCapture {
 public:
  BytesCapture(Context& ctx, GLsizei size, const void* data);
  bool ok() const { return ok_; }
  size_t bytes() const { return bytes_; }
  uint32_t copy_into(void* record, size_t* at) const { return copy_array(record, at, src_, bytes_); }

 private:
  bool ok_ = true;
  size_t bytes_ = 0;
  const void* src_ = nullptr;
  std::vector<uint8_t> staging_;
};

// While a recorded image command replays: the unpack state is the default
// with alignment 1 and no PIXEL_UNPACK_BUFFER, as the data was captured;
// the application's state comes back after.
class DefaultUnpack {
 public:
  explicit DefaultUnpack(Context& ctx);
  ~DefaultUnpack();
  DefaultUnpack(const DefaultUnpack&) = delete;
  DefaultUnpack& operator=(const DefaultUnpack&) = delete;

 private:
  Context& ctx_;
  GLint saved_[10];
  Binding<Buffer> saved_buffer_;
};

}  // namespace brass::gl::compat::dlist::capture
