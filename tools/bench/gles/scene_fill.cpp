// fill: a GPU-bound scene. Each frame clears a size x size RGBA8 target and
// blends `layers` full-screen textured quads over it (two texture fetches
// and alpha blending per pixel per layer), then glFinish. Few draws, many
// pixels: the rasterizer, shader cores and blending decide the figure, not
// the driver's CPU path. Reported from the median frame: frames_per_s,
// ms_per_frame and mpixels_per_s (blended pixels written per second, in
// millions).
#include "bench.h"
#include "gl_util.h"
#include "stats.h"

namespace bench {

namespace {

constexpr const char* kVs = R"(#version 300 es
in vec2 a_pos;
uniform vec2 u_offset;
out vec2 v_uv;
void main() {
  v_uv = a_pos * 2.0 + u_offset;
  gl_Position = vec4(a_pos, 0.0, 1.0);
}
)";

constexpr const char* kFs = R"(#version 300 es
precision mediump float;
uniform sampler2D u_tex;
in vec2 v_uv;
out vec4 o_color;
void main() {
  vec4 a = texture(u_tex, v_uv);
  vec4 b = texture(u_tex, v_uv.yx * 0.73 + 0.11);
  o_color = vec4(mix(a.rgb, b.bgr, 0.4), 0.35 + 0.3 * b.a);
}
)";

constexpr int kLayers = 8;

void record_frame(GLint offset_loc) {
  glClear(GL_COLOR_BUFFER_BIT);
  for (int l = 0; l < kLayers; ++l) {
    glUniform2f(offset_loc, 0.13f * static_cast<float>(l), 0.07f * static_cast<float>(l));
    glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
  }
}

}  // namespace

bool run_fill(const Options& opt, std::vector<Result>* out, std::string* why) {
  const int frames = opt.frames > 0 ? opt.frames : 30;
  const int size = opt.size > 0 ? opt.size : 512;
  if (!opt.variant.empty() && opt.variant != "blended-quads") return true;
  Target target;
  if (!make_target(size, size, &target, why)) return false;
  GLuint program = build_program(kVs, kFs, why);
  if (!program) {
    destroy_target(&target);
    return false;
  }
  glUseProgram(program);
  glUniform1i(glGetUniformLocation(program, "u_tex"), 0);
  const GLint offset_loc = glGetUniformLocation(program, "u_offset");
  const GLuint tex = make_texture(256, 256, 1);
  const float quad[8] = {-1, -1, 1, -1, -1, 1, 1, 1};
  GLuint vao = 0, buffer = 0;
  glGenVertexArrays(1, &vao);
  glBindVertexArray(vao);
  glGenBuffers(1, &buffer);
  glBindBuffer(GL_ARRAY_BUFFER, buffer);
  glBufferData(GL_ARRAY_BUFFER, sizeof(quad), quad, GL_STATIC_DRAW);
  glEnableVertexAttribArray(0);
  glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, nullptr);
  glEnable(GL_BLEND);
  glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
  glClearColor(0.1f, 0.1f, 0.15f, 1.0f);
  bool ok = gl_ok("fill set-up", why);
  if (ok) {
    for (int w = 0; w < 2; ++w) record_frame(offset_loc);  // warm-up, unmeasured
    glFinish();
    std::vector<double> frame_s;
    for (int f = 0; f < frames; ++f) {
      const auto t0 = Clock::now();
      record_frame(offset_loc);
      // A finish per frame, as a renderer that waits for its frame would;
      // it also keeps a driver from merging frames.
      glFinish();
      frame_s.push_back(seconds_between(t0, Clock::now()));
    }
    ok = gl_ok("fill", why);
    if (ok) {
      const double fps = 1.0 / percentile(frame_s, 0.5);
      out->push_back({"blended-quads",
                      {{"frames_per_s", fps},
                       {"ms_per_frame", 1e3 / fps},
                       {"mpixels_per_s", fps * kLayers * size * size / 1e6},
                       {"frames", static_cast<double>(frames)},
                       {"size", static_cast<double>(size)}}});
    }
  }
  glDisable(GL_BLEND);
  glDeleteBuffers(1, &buffer);
  glDeleteVertexArrays(1, &vao);
  glDeleteTextures(1, &tex);
  glDeleteProgram(program);
  destroy_target(&target);
  return ok;
}

}  // namespace bench
