// fill: a GPU-bound scene. Each frame clears a size x size RGBA8 target and
// blends `layers` full-screen textured quads over it (two texture fetches
// and alpha blending per pixel per layer), then glFinish. Few draws, many
// pixels: the rasterizer, shader cores and blending decide the figure, not
// the driver's CPU path. Reported from the median frame: frames_per_s,
// ms_per_frame and mpixels_per_s (blended pixels written per second, in
// millions).
// The last measured frame is read back and checked on a grid of probes
// against the blend of all layers computed here (checked_pixels: probes
// judged).
#include "bench.h"
#include "frame_check.h"
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
// highp: the frame check samples the texture where the coordinate lands.
in highp vec2 v_uv;
out vec4 o_color;
void main() {
  vec4 a = texture(u_tex, v_uv);
  vec4 b = texture(u_tex, v_uv.yx * 0.73 + 0.11);
  o_color = vec4(mix(a.rgb, b.bgr, 0.4), 0.35 + 0.3 * b.a);
}
)";

constexpr int kLayers = 8;
constexpr int kTextureSize = 256;
constexpr Rgba kClear = {0.1f, 0.1f, 0.15f, 1.0f};

float layer_offset_u(int l) { return 0.13f * static_cast<float>(l); }
float layer_offset_v(int l) { return 0.07f * static_cast<float>(l); }

// drop_last leaves the last layer out (--drop-last-draw).
void record_frame(GLint offset_loc, bool drop_last = false) {
  glClear(GL_COLOR_BUFFER_BIT);
  for (int l = 0; l < kLayers - (drop_last ? 1 : 0); ++l) {
    glUniform2f(offset_loc, layer_offset_u(l), layer_offset_v(l));
    glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
  }
}

// The frame at pixel (x, y): every layer's fragment shader blended with
// SRC_ALPHA, ONE_MINUS_SRC_ALPHA over the clear colour, stored as UNORM8
// after each layer; texture coordinates moved by jitter * 1/10 texel.
Rgba expected_pixel(int size, int x, int y, float jx, float jy) {
  const float px = (static_cast<float>(x) + 0.5f) / static_cast<float>(size) * 2.0f - 1.0f;
  const float py = (static_cast<float>(y) + 0.5f) / static_cast<float>(size) * 2.0f - 1.0f;
  const float jitter_u = jx * 0.1f / kTextureSize, jitter_v = jy * 0.1f / kTextureSize;
  Rgba dst = quantize_unorm8(kClear);
  for (int l = 0; l < kLayers; ++l) {
    const float u = px * 2.0f + layer_offset_u(l) + jitter_u, v = py * 2.0f + layer_offset_v(l) + jitter_v;
    const Rgba a = sample_test_texture(kTextureSize, kTextureSize, 1, u, v);
    const Rgba b = sample_test_texture(kTextureSize, kTextureSize, 1, v * 0.73f + 0.11f, u * 0.73f + 0.11f);
    const Rgba src = {a.r + (b.b - a.r) * 0.4f, a.g + (b.g - a.g) * 0.4f, a.b + (b.r - a.b) * 0.4f,
                      0.35f + 0.3f * b.a};
    const float s = src.a, d = 1.0f - src.a;
    dst = quantize_unorm8({src.r * s + dst.r * d, src.g * s + dst.g * d, src.b * s + dst.b * d, src.a * s + dst.a * d});
  }
  return dst;
}

// A 16x16 grid of probes; those whose colour is not stable under the
// jitter (near a checker edge in one of the last layers) are not judged.
bool check_frame(int size, int* judged, std::string* why) {
  FrameCheck check("fill", size, size);
  for (int gy = 0; gy < 16; ++gy) {
    for (int gx = 0; gx < 16; ++gx) {
      const int x = (2 * gx + 1) * size / 32, y = (2 * gy + 1) * size / 32;
      check.expect_stable(x, y, [&](float jx, float jy) { return expected_pixel(size, x, y, jx, jy); }, 4);
    }
  }
  *judged = check.judged();
  return check.ok(why);
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
  const GLuint tex = make_texture(kTextureSize, kTextureSize, 1);
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
  glClearColor(kClear.r, kClear.g, kClear.b, kClear.a);
  bool ok = gl_ok("fill set-up", why);
  if (ok) {
    for (int w = 0; w < 2; ++w) record_frame(offset_loc);  // warm-up, unmeasured
    glFinish();
    std::vector<double> frame_s;
    for (int f = 0; f < frames; ++f) {
      const auto t0 = Clock::now();
      record_frame(offset_loc, opt.drop_last_draw && f == frames - 1);
      // A finish per frame, as a renderer that waits for its frame would;
      // it also keeps a driver from merging frames.
      glFinish();
      frame_s.push_back(seconds_between(t0, Clock::now()));
    }
    ok = gl_ok("fill", why);
    int judged = 0;
    if (ok) ok = check_frame(size, &judged, why);
    if (ok) {
      const double fps = 1.0 / percentile(frame_s, 0.5);
      out->push_back({"blended-quads",
                      {{"frames_per_s", fps},
                       {"ms_per_frame", 1e3 / fps},
                       {"mpixels_per_s", fps * kLayers * size * size / 1e6},
                       {"frames", static_cast<double>(frames)},
                       {"size", static_cast<double>(size)},
                       {"checked_pixels", static_cast<double>(judged)}}});
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
