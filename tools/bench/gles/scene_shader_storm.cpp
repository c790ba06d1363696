// shader-storm: programs that the driver has never seen, created during a
// frame and drawn at once, as games do when content streams in. Each frame
// compiles and links `programs` new programs, then draws one small triangle
// with each, then glFinish. Every source carries a constant unique to this
// process and program, so no shader or pipeline cache (in memory or on disk,
// from an earlier run) can answer.
// Reported per program: the CPU time of the link (compile_link_us, until
// GL_LINK_STATUS is known) and of its first draw (first_draw_us:
// glUseProgram + glDrawArrays, where drivers that compile lazily pay for
// the backend pipeline); per frame: the whole frame including the finish
// (frame_ms mean, worst_frame_ms).
// Each program of a frame draws into a cell of its own (an 8x8 grid); the
// last measured frame is read back and every cell checked against the
// program's own arithmetic (checked_pixels: probes judged).
#include <cstdio>

#include "bench.h"
#include "frame_check.h"
#include "gl_util.h"
#include "stats.h"
#include "unique_constants.h"

namespace bench {

namespace {

constexpr const char* kVsFormat = R"(#version 300 es
in vec2 a_pos;
out vec2 v_uv;
const float k = %.9g;
void main() {
  v_uv = a_pos * k + 0.5;
  gl_Position = vec4(a_pos * 0.05 + vec2(%.9g, %.9g), 0.0, 1.0);
}
)";

constexpr const char* kFsFormat = R"(#version 300 es
precision mediump float;
uniform sampler2D u_tex;
// highp: the frame check samples the texture where the coordinate lands.
in highp vec2 v_uv;
out vec4 o_color;
const float k = %.9g;
void main() {
  vec4 c = texture(u_tex, v_uv * k);
  for (int i = 0; i < 4; ++i) c = c * 0.9 + vec4(k * float(i), 0.1, 0.2, 0.0);
  o_color = c;
}
)";

constexpr int kTargetSize = 64;
constexpr int kCell = kTargetSize / 8;
constexpr int kTextureSize = 16;
constexpr float kScale = 0.05f;  // of the triangle (-1,-1) (1,-1) (0,1)

// Program i of a frame draws centred on the lower-left corner of pixel
// (cx + 4, cy + 4) of cell i % 64.
void cell_centre(int i, float* x, float* y) {
  const int cell = i % 64;
  *x = static_cast<float>((cell % 8) * kCell + 4) / (kTargetSize / 2.0f) - 1.0f;
  *y = static_cast<float>((cell / 8) * kCell + 4) / (kTargetSize / 2.0f) - 1.0f;
}

struct Frame {
  std::vector<double> compile_link_us, first_draw_us;
  std::vector<float> constants;  // k of each program, in draw order
  double frame_ms = 0;
};

// The fragment shader's arithmetic at a pixel centre `rel` pixels from the
// cell centre, with the texture coordinate moved by jitter * 1/20 texel.
Rgba program_colour(float k, float rel_x, float rel_y, float jx, float jy) {
  const float pos_x = rel_x / (kTargetSize / 2.0f) / kScale, pos_y = rel_y / (kTargetSize / 2.0f) / kScale;
  const float u = (pos_x * k + 0.5f) * k + jx * 0.05f / kTextureSize;
  const float v = (pos_y * k + 0.5f) * k + jy * 0.05f / kTextureSize;
  Rgba c = sample_test_texture(kTextureSize, kTextureSize, 0, u, v);
  for (int i = 0; i < 4; ++i) {
    c = {c.r * 0.9f + k * static_cast<float>(i), c.g * 0.9f + 0.1f, c.b * 0.9f + 0.2f, c.a * 0.9f};
  }
  return c;
}

// Each drawn program's cell (the last 64, later ones cover earlier ones
// in a shared cell) at two pixels inside its triangle and one outside.
bool check_frame(const Frame& f, int* judged, std::string* why) {
  FrameCheck check("shader-storm", kTargetSize, kTargetSize);
  const int n = static_cast<int>(f.constants.size());
  for (int i = n > 64 ? n - 64 : 0; i < n; ++i) {
    const int cell = i % 64, cx = (cell % 8) * kCell, cy = (cell / 8) * kCell;
    for (int dx : {-1, 0}) {
      const float rel_x = static_cast<float>(dx) + 0.5f, rel_y = -0.5f;
      check.expect_stable(cx + 4 + dx, cy + 3,
                          [&](float jx, float jy) { return program_colour(f.constants[i], rel_x, rel_y, jx, jy); },
                          3);
    }
    check.expect(cx, cy, {}, 1);
  }
  *judged = check.judged();
  return check.ok(why);
}

bool run_frame(int programs, bool drop_last, unsigned* seq, Frame* f, std::string* why) {
  std::vector<GLuint> made;
  made.reserve(static_cast<size_t>(programs));
  const auto frame0 = Clock::now();
  glClear(GL_COLOR_BUFFER_BIT);
  bool ok = true;
  for (int i = 0; ok && i < programs; ++i) {
    const float k = unique_constant((*seq)++);
    float x = 0, y = 0;
    cell_centre(i, &x, &y);
    char vs[512], fs[768];
    std::snprintf(vs, sizeof(vs), kVsFormat, static_cast<double>(k), static_cast<double>(x), static_cast<double>(y));
    std::snprintf(fs, sizeof(fs), kFsFormat, static_cast<double>(k));
    const auto t0 = Clock::now();
    const GLuint p = build_program(vs, fs, why);
    const auto t1 = Clock::now();
    if (!p) {
      ok = false;
      break;
    }
    made.push_back(p);
    f->constants.push_back(k);
    f->compile_link_us.push_back(seconds_between(t0, t1) * 1e6);
  }
  const size_t drawn = drop_last && !made.empty() ? made.size() - 1 : made.size();
  for (size_t i = 0; ok && i < drawn; ++i) {
    const auto t0 = Clock::now();
    glUseProgram(made[i]);
    glDrawArrays(GL_TRIANGLES, 0, 3);
    const auto t1 = Clock::now();
    f->first_draw_us.push_back(seconds_between(t0, t1) * 1e6);
  }
  glFinish();
  f->frame_ms = seconds_between(frame0, Clock::now()) * 1e3;
  glUseProgram(0);
  for (GLuint p : made) glDeleteProgram(p);
  return ok && gl_ok("shader-storm frame", why);
}

}  // namespace

bool run_shader_storm(const Options& opt, std::vector<Result>* out, std::string* why) {
  const int frames = opt.frames > 0 ? opt.frames : 10;
  const int programs = opt.programs > 0 ? opt.programs : 8;
  if (!opt.variant.empty() && opt.variant != "new-programs") return true;
  Target target;
  if (!make_target(kTargetSize, kTargetSize, &target, why)) return false;
  const GLuint tex = make_texture(kTextureSize, kTextureSize, 0);
  const float tri[6] = {-1, -1, 1, -1, 0, 1};
  GLuint vao = 0, buffer = 0;
  glGenVertexArrays(1, &vao);
  glBindVertexArray(vao);
  glGenBuffers(1, &buffer);
  glBindBuffer(GL_ARRAY_BUFFER, buffer);
  glBufferData(GL_ARRAY_BUFFER, sizeof(tri), tri, GL_STATIC_DRAW);
  glEnableVertexAttribArray(0);
  glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, nullptr);
  glClearColor(0, 0, 0, 0);
  // The sequence starts at a value from the pid and the clock: a rerun
  // (or another vendor's run sharing a disk cache) gets other constants.
  unsigned seq = unique_sequence_start();
  bool ok = gl_ok("shader-storm set-up", why);
  // One unmeasured frame: the compiler itself (glslang, LLVM, ...) starts up
  // on first use, which is a one-off cost, not a per-program one.
  Frame warm;
  if (ok) ok = run_frame(programs, false, &seq, &warm, why);
  std::vector<double> link_us, draw_us, frame_ms;
  int judged = 0;
  for (int f = 0; ok && f < frames; ++f) {
    Frame fr;
    const bool last = f == frames - 1;
    ok = run_frame(programs, opt.drop_last_draw && last, &seq, &fr, why);
    if (ok && last) ok = check_frame(fr, &judged, why);
    link_us.insert(link_us.end(), fr.compile_link_us.begin(), fr.compile_link_us.end());
    draw_us.insert(draw_us.end(), fr.first_draw_us.begin(), fr.first_draw_us.end());
    frame_ms.push_back(fr.frame_ms);
  }
  if (ok) {
    double frame_sum = 0;
    for (double v : frame_ms) frame_sum += v;
    out->push_back({"new-programs",
                    {{"first_draw_us_p50", percentile(draw_us, 0.5)},
                     {"first_draw_us_p99", percentile(draw_us, 0.99)},
                     {"first_draw_us_max", percentile(draw_us, 1.0)},
                     {"compile_link_us_p50", percentile(link_us, 0.5)},
                     {"compile_link_us_max", percentile(link_us, 1.0)},
                     {"frame_ms_mean", frame_sum / static_cast<double>(frame_ms.size())},
                     {"worst_frame_ms", percentile(frame_ms, 1.0)},
                     {"frames", static_cast<double>(frames)},
                     {"programs_per_frame", static_cast<double>(programs)},
                     {"checked_pixels", static_cast<double>(judged)}}});
  }
  glDeleteBuffers(1, &buffer);
  glDeleteVertexArrays(1, &vao);
  glDeleteTextures(1, &tex);
  destroy_target(&target);
  return ok;
}

}  // namespace bench
