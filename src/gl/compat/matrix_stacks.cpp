#include "gl/compat/matrix_stacks.h"

namespace brass::gl::compat {

MatrixStacks::MatrixStacks()
    : mode_(GL_MODELVIEW),
      modelview_(kMaxModelViewStackDepth),
      projection_(kMaxProjectionStackDepth),
      color_(kMaxColorStackDepth) {
  for (MatrixStack& t : texture_) t = MatrixStack(kMaxTextureStackDepth);
}

const Mat4& MatrixStacks::modelview_inverse() const {
  if (inverse_of_ != modelview_.version()) {
    modelview_inverse_ = inverse(modelview_.top());
    // The upper-left 3x3 of the inverse, transposed (mat4.h normal_matrix).
    for (int r = 0; r < 3; ++r)
      for (int c = 0; c < 3; ++c) normal_matrix_[c * 3 + r] = modelview_inverse_.at(c, r);
    inverse_of_ = modelview_.version();
  }
  return modelview_inverse_;
}

const std::array<float, 9>& MatrixStacks::normal_matrix() const {
  (void)modelview_inverse();
  return normal_matrix_;
}

const Mat4& MatrixStacks::modelview_projection() const {
  if (mvp_modelview_ != modelview_.version() || mvp_projection_ != projection_.version()) {
    mvp_ = multiply(projection_.top(), modelview_.top());
    mvp_modelview_ = modelview_.version();
    mvp_projection_ = projection_.version();
  }
  return mvp_;
}

}  // namespace brass::gl::compat
