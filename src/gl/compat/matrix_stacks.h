// The compatibility profile's matrix stacks (GL 4.6 compatibility §12.1.1,
// state table 23.10): MODELVIEW, PROJECTION, one TEXTURE stack per texture
// coordinate set, and COLOR (the imaging subset's, §8.4.3). The matrix
// commands act on the top of the stack glMatrixMode names (for TEXTURE, the
// active texture unit's). Readers (fixed-function shaders, the built-in
// uniforms, raster position, feedback) use the accessors; the derived
// matrices (inverse, normal matrix, modelview-projection) are computed once
// per change of the matrices they come from.
#pragma once

#include <array>
#include <cstdint>

#include "gl/compat/conventional_attribs.h"
#include "gl/compat/mat4.h"
#include "gl/compat/compat_enums.h"
#include "gl/compat/conventional_attribs.h"
#include "gl/gl_types.h"

namespace brass::gl::compat {

// MAX_TEXTURE_COORDS (kMaxTextureCoords, conventional_attribs.h): texture
// coordinate sets, each with a texture matrix, texgen state and a texture
// environment.
// MAX_*_STACK_DEPTH (the spec's minimums are 32 for the modelview stack and
// 2 for the others).
inline constexpr int kMaxModelViewStackDepth = 32;
inline constexpr int kMaxProjectionStackDepth = 32;
inline constexpr int kMaxTextureStackDepth = 10;
inline constexpr int kMaxColorStackDepth = 10;

class MatrixStack {
 public:
  explicit MatrixStack(int capacity = 2) : capacity_(capacity) {}
  const Mat4& top() const { return entries_[depth_ - 1]; }
  int depth() const { return depth_; }
  int capacity() const { return capacity_; }
  // Bumped whenever top() changes value (a push does not change it).
  uint32_t version() const { return version_; }
  void set_top(const Mat4& m) {
    entries_[depth_ - 1] = m;
    ++version_;
  }
  // false: the stack is full (STACK_OVERFLOW) / has one entry (STACK_UNDERFLOW).
  [[nodiscard]] bool push() {
    if (depth_ >= capacity_) return false;
    entries_[depth_] = entries_[depth_ - 1];
    ++depth_;
    return true;
  }
  [[nodiscard]] bool pop() {
    if (depth_ <= 1) return false;
    --depth_;
    ++version_;
    return true;
  }

 private:
  std::array<Mat4, 32> entries_{};
  int capacity_;
  int depth_ = 1;
  uint32_t version_ = 0;
};

class MatrixStacks {
 public:
  MatrixStacks();

  GLenum mode() const { return mode_; }
  void set_mode(GLenum mode) { mode_ = mode; }

  const Mat4& modelview() const { return modelview_.top(); }
  const Mat4& projection() const { return projection_.top(); }
  const Mat4& texture(int unit) const { return texture_[unit].top(); }
  const Mat4& color() const { return color_.top(); }

  MatrixStack& modelview_stack() { return modelview_; }
  MatrixStack& projection_stack() { return projection_; }
  MatrixStack& texture_stack(int unit) { return texture_[unit]; }
  MatrixStack& color_stack() { return color_; }
  const MatrixStack& modelview_stack() const { return modelview_; }
  const MatrixStack& projection_stack() const { return projection_; }
  const MatrixStack& texture_stack(int unit) const { return texture_[unit]; }
  const MatrixStack& color_stack() const { return color_; }
  // Whether any texture matrix is not the identity (a fixed-function key
  // bit: the generated shader skips the multiply otherwise).
  bool texture_matrix_is_identity(int unit) const { return texture_[unit].top() == Mat4::identity(); }

  // Derived matrices, recomputed when their sources changed.
  const Mat4& modelview_inverse() const;
  const std::array<float, 9>& normal_matrix() const;  // gl_NormalMatrix
  const Mat4& modelview_projection() const;           // projection * modelview

  // Grows with every change of any stack's top matrix (a sum of
  // increasing versions): what the built-in uniforms compare against.
  uint64_t serial() const {
    uint64_t s = modelview_.version() + uint64_t{projection_.version()} + color_.version();
    for (const MatrixStack& t : texture_) s += t.version();
    return s;
  }

 private:
  GLenum mode_;
  MatrixStack modelview_, projection_, color_;
  std::array<MatrixStack, kMaxTextureCoords> texture_;
  // Caches of the derived matrices, with the versions they were made from
  // (~0u: never).
  mutable Mat4 modelview_inverse_;
  mutable std::array<float, 9> normal_matrix_{};
  mutable uint32_t inverse_of_ = ~0u;
  mutable Mat4 mvp_;
  mutable uint32_t mvp_modelview_ = ~0u, mvp_projection_ = ~0u;
};

}  // namespace brass::gl::compat
