// draw-overhead: the cost of a draw call and of the state change before it.
// Each frame is `draws` triangles of a few pixels on a 64x64 target, so pixel
// work is negligible; each draw is preceded by one kind of state change, then
// the frame ends with glFinish. Changes alternate between two objects so every
// draw really changes state. What remains per draw is the driver's CPU path
// plus the device's per-draw set-up (on a software rasterizer that runs on the
// same CPU and glFinish waits for it). Reported, from the median frame: wall
// time per draw including the finish (ns_per_draw, draws_per_s) and the
// submission part alone (submit_ns_per_draw); ns_per_draw_min is the best frame.
// The last measured frame of each variant is read back and checked: the
// colour the variant's last draw at each triangle must leave (texture,
// uniform colour, program constant), and background where nothing is drawn
// (checked_pixels: probes judged).
#include <cstdio>

#include "bench.h"
#include "frame_check.h"
#include "gl_util.h"
#include "stats.h"

namespace bench {

namespace {

constexpr const char* kVs = R"(#version 300 es
in vec2 a_pos;
out vec2 v_uv;
void main() {
  v_uv = a_pos * 0.5 + 0.5;
  gl_Position = vec4(a_pos, 0.0, 1.0);
}
)";

// Two programs that differ in one constant, so that switching between them
// is a real program change in any driver.
constexpr const char* kFsFormat = R"(#version 300 es
precision mediump float;
uniform vec4 u_color;
uniform sampler2D u_tex;
// highp: the frame check samples the texture where the coordinate lands.
in highp vec2 v_uv;
out vec4 o_color;
void main() {
  o_color = texture(u_tex, v_uv) * u_color * %s;
}
)";

enum class Change { None, Uniform, Texture, VertexBuffer, Program, Framebuffer };

struct Variant {
  const char* name;
  Change change;
};

constexpr Variant kVariants[] = {
    {"no-change", Change::None},           {"uniform", Change::Uniform},
    {"texture", Change::Texture},          {"vertex-buffer", Change::VertexBuffer},
    {"program", Change::Program},          {"framebuffer", Change::Framebuffer},
};

constexpr int kTargetSize = 64;
constexpr int kTextureSize = 16;
constexpr float kProgramConstant[2] = {1.0f, 0.5f};

struct Objects {
  Target targets[2];
  GLuint programs[2] = {};
  GLint color_loc[2] = {};
  GLuint textures[2] = {};
  GLuint buffers[2] = {};
  GLuint vao = 0;
};

bool set_up(Objects* o, std::string* why) {
  for (auto& t : o->targets) {
    if (!make_target(kTargetSize, kTargetSize, &t, why)) return false;
  }
  for (int i = 0; i < 2; ++i) {
    char fs[512];
    std::snprintf(fs, sizeof(fs), kFsFormat, i == 0 ? "1.0" : "0.5");
    o->programs[i] = build_program(kVs, fs, why);
    if (!o->programs[i]) return false;
    glUseProgram(o->programs[i]);
    glUniform1i(glGetUniformLocation(o->programs[i], "u_tex"), 0);
    o->color_loc[i] = glGetUniformLocation(o->programs[i], "u_color");
    glUniform4f(o->color_loc[i], 1, 1, 1, 1);
    o->textures[i] = make_texture(kTextureSize, kTextureSize, static_cast<unsigned>(i));
  }
  // Two triangles of a few pixels each, in different places.
  const float tris[2][6] = {{-0.05f, -0.05f, 0.05f, -0.05f, 0.0f, 0.05f},
                            {0.25f, 0.25f, 0.35f, 0.25f, 0.3f, 0.35f}};
  glGenBuffers(2, o->buffers);
  for (int i = 0; i < 2; ++i) {
    glBindBuffer(GL_ARRAY_BUFFER, o->buffers[i]);
    glBufferData(GL_ARRAY_BUFFER, sizeof(tris[i]), tris[i], GL_STATIC_DRAW);
  }
  glGenVertexArrays(1, &o->vao);
  glBindVertexArray(o->vao);
  glEnableVertexAttribArray(0);
  glClearColor(0, 0, 0, 0);
  return gl_ok("draw-overhead set-up", why);
}

// The state every variant starts each frame from.
void reset_state(const Objects& o) {
  glBindFramebuffer(GL_FRAMEBUFFER, o.targets[0].fbo);
  glViewport(0, 0, kTargetSize, kTargetSize);
  glUseProgram(o.programs[0]);
  glActiveTexture(GL_TEXTURE0);
  glBindTexture(GL_TEXTURE_2D, o.textures[0]);
  glBindBuffer(GL_ARRAY_BUFFER, o.buffers[0]);
  glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, nullptr);
}

void tear_down(Objects* o) {
  glDeleteVertexArrays(1, &o->vao);
  glDeleteBuffers(2, o->buffers);
  glDeleteTextures(2, o->textures);
  for (GLuint p : o->programs) glDeleteProgram(p);
  for (auto& t : o->targets) destroy_target(&t);
}

// One frame: a clear of both targets, `draws` draws with the variant's
// change before each, no finish (the caller times that separately).
// drop_last leaves the last draw out (--drop-last-draw).
void record_frame(const Objects& o, Change change, int draws, bool drop_last = false) {
  if (drop_last) --draws;
  for (int t = 1; t >= 0; --t) {
    glBindFramebuffer(GL_FRAMEBUFFER, o.targets[t].fbo);
    glClear(GL_COLOR_BUFFER_BIT);
  }
  reset_state(o);
  for (int i = 0; i < draws; ++i) {
    const int k = i & 1;
    switch (change) {
      case Change::None:
        break;
      case Change::Uniform:
        glUniform4f(o.color_loc[0], 1.0f, static_cast<float>(k), 0.5f, 1.0f);
        break;
      case Change::Texture:
        glBindTexture(GL_TEXTURE_2D, o.textures[k]);
        break;
      case Change::VertexBuffer:
        glBindBuffer(GL_ARRAY_BUFFER, o.buffers[k]);
        glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, nullptr);
        break;
      case Change::Program:
        glUseProgram(o.programs[k]);
        break;
      case Change::Framebuffer:
        glBindFramebuffer(GL_FRAMEBUFFER, o.targets[k].fbo);
        break;
    }
    glDrawArrays(GL_TRIANGLES, 0, 3);
  }
}

// Pixels inside each triangle (see set_up): centres well inside the edges.
constexpr int kTriangleProbes[2][2][2] = {{{31, 31}, {32, 31}}, {{41, 41}, {41, 40}}};

// What the frame of record_frame(o, change, draws) must hold: at each
// triangle, the colour of the last draw there (texture of the bound seed
// times u_color times the program's constant), else the clear colour.
bool check_frame(const Objects& o, Change change, int draws, int* judged, std::string* why) {
  const int last = draws - 1, k_last = last & 1;
  struct Drawn {
    bool present = false;
    unsigned texture_seed = 0;
    Rgba color = {1, 1, 1, 1};
    float constant = 1.0f;
  };
  // [target][triangle]
  Drawn drawn[2][2];
  if (draws >= 1) drawn[0][0].present = true;
  switch (change) {
    case Change::None:
      break;
    case Change::Uniform:
      drawn[0][0].color = {1.0f, static_cast<float>(k_last), 0.5f, 1.0f};
      break;
    case Change::Texture:
      drawn[0][0].texture_seed = static_cast<unsigned>(k_last);
      break;
    case Change::VertexBuffer:
      drawn[0][1].present = draws >= 2;
      break;
    case Change::Program:
      drawn[0][0].constant = kProgramConstant[k_last];
      break;
    case Change::Framebuffer:
      drawn[1][0].present = draws >= 2;
      break;
  }
  for (int t = 0; t < 2; ++t) {
    glBindFramebuffer(GL_FRAMEBUFFER, o.targets[t].fbo);
    FrameCheck check(std::string("draw-overhead target ") + std::to_string(t), kTargetSize, kTargetSize);
    check.expect(5, 5, {}, 1);
    check.expect(58, 5, {}, 1);
    for (int tri = 0; tri < 2; ++tri) {
      const Drawn& d = drawn[t][tri];
      for (const auto& xy : kTriangleProbes[tri]) {
        if (!d.present) {
          check.expect(xy[0], xy[1], {}, 1);
          continue;
        }
        // v_uv is the pixel centre in [0, 1]; the jitter moves it by a
        // fiftieth of a texel.
        const auto reference = [&](float jx, float jy) {
          const float u = (static_cast<float>(xy[0]) + 0.5f) / kTargetSize + jx * 0.02f / kTextureSize;
          const float v = (static_cast<float>(xy[1]) + 0.5f) / kTargetSize + jy * 0.02f / kTextureSize;
          const Rgba s = sample_test_texture(kTextureSize, kTextureSize, d.texture_seed, u, v);
          return Rgba{s.r * d.color.r * d.constant, s.g * d.color.g * d.constant, s.b * d.color.b * d.constant,
                      s.a * d.color.a * d.constant};
        };
        check.expect_stable(xy[0], xy[1], reference, 3);
      }
    }
    *judged += check.judged();
    if (!check.ok(why)) return false;
  }
  return true;
}

}  // namespace

bool run_draw_overhead(const Options& opt, std::vector<Result>* out, std::string* why) {
  const int frames = opt.frames > 0 ? opt.frames : 10;
  const int draws = opt.draws > 0 ? opt.draws : 10000;
  Objects o;
  bool ok = set_up(&o, why);
  for (const Variant& v : kVariants) {
    if (!ok) break;
    if (!opt.variant.empty() && opt.variant != v.name) continue;
    // Every variant starts from program 0's colour uniform at white (the
    // uniform variant leaves it changed).
    glUseProgram(o.programs[0]);
    glUniform4f(o.color_loc[0], 1, 1, 1, 1);
    // One unmeasured frame: pipelines, descriptor pools and upload buffers
    // the variant needs are created here, not in the measurement.
    record_frame(o, v.change, draws);
    glFinish();
    std::vector<double> frame_s, submit_s;
    for (int f = 0; f < frames; ++f) {
      const auto t0 = Clock::now();
      record_frame(o, v.change, draws, opt.drop_last_draw && f == frames - 1);
      const auto t1 = Clock::now();
      glFinish();
      const auto t2 = Clock::now();
      submit_s.push_back(seconds_between(t0, t1));
      frame_s.push_back(seconds_between(t0, t2));
    }
    if (!(ok = gl_ok(v.name, why))) break;
    int judged = 0;
    if (!(ok = check_frame(o, v.change, draws, &judged, why))) break;
    Result r{v.name, per_draw_metrics(frame_s, submit_s, draws)};
    r.metrics.push_back({"checked_pixels", static_cast<double>(judged)});
    out->push_back(r);
  }
  tear_down(&o);
  return ok;
}

}  // namespace bench
