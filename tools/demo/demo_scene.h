// The demo's scene: a grid of instanced, textured, lit cubes turning over a
// ground plane. Animation is a function of the frame index, so frame N is
// the same image on every run and driver.
#pragma once

#include <GLES3/gl3.h>

#include <string>

namespace brass::demo {

class Scene {
 public:
  bool init(std::string* error);
  void draw(int frame, int width, int height);
  void destroy();

 private:
  GLuint program_ = 0;
  GLuint vao_ = 0, vertex_buffer_ = 0, index_buffer_ = 0;
  GLuint light_buffer_ = 0, texture_ = 0;
  GLint u_view_projection_ = -1, u_time_ = -1, u_sampler_ = -1;
  GLsizei index_count_ = 0;
};

}  // namespace brass::demo
