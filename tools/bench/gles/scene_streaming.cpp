// streaming: vertex data written by the CPU for every draw, the pattern of
// immediate-mode style renderers and UI toolkits. Each draw rewrites one
// whole buffer of 32 tiny triangles (768 bytes) that the previous draw is
// still reading, then draws from it; the driver must not stall on that
// previous draw. Variants:
//   buffer-data      glBufferData with the same size (orphaning: the old
//                    storage lives on until its draws are done)
//   map-invalidate   glMapBufferRange(WRITE | INVALIDATE_BUFFER), memcpy, unmap
//   buffer-subdata   glBufferSubData over the whole buffer (no orphaning
//                    hint: the driver must rename or copy on its own)
// Reported like draw-overhead (median frame): ns_per_draw including the
// glFinish, submit_ns_per_draw without it.
// After the measured frames, one more frame goes through the same upload
// path with data whose every draw fills a cell of its own (an 8x8 grid), and
// is checked: a draw that read another draw's data, stale or early, leaves
// its cell empty (checked_pixels: probes judged).
#include <cstring>

#include "bench.h"
#include "frame_check.h"
#include "gl_util.h"
#include "stats.h"

namespace bench {

namespace {

constexpr const char* kVs = R"(#version 300 es
in vec2 a_pos;
void main() { gl_Position = vec4(a_pos, 0.0, 1.0); }
)";

constexpr const char* kFs = R"(#version 300 es
precision mediump float;
out vec4 o_color;
void main() { o_color = vec4(0.2, 0.6, 0.9, 1.0); }
)";

enum class Upload { BufferData, MapInvalidate, BufferSubData };

struct Variant {
  const char* name;
  Upload upload;
};

constexpr Variant kVariants[] = {
    {"buffer-data", Upload::BufferData},
    {"map-invalidate", Upload::MapInvalidate},
    {"buffer-subdata", Upload::BufferSubData},
};

constexpr int kTargetSize = 64;
constexpr int kCell = kTargetSize / 8;
constexpr int kCheckDraws = 64;
constexpr Rgba kColor = {0.2f, 0.6f, 0.9f, 1.0f};
constexpr int kTriangles = 32;
constexpr int kVertices = kTriangles * 3;
constexpr GLsizeiptr kBytes = kVertices * 2 * sizeof(float);

// Vertex data for draw i: the triangles move with i, so each upload carries
// new contents.
void fill_vertices(float* v, int i) {
  const float shift = static_cast<float>(i % 64) / 64.0f - 0.5f;
  for (int t = 0; t < kTriangles; ++t) {
    const float x = shift + static_cast<float>(t % 8) * 0.1f - 0.4f;
    const float y = static_cast<float>(t / 8) * 0.1f - 0.2f;
    const float tri[6] = {x, y, x + 0.03f, y, x, y + 0.03f};
    std::memcpy(v + t * 6, tri, sizeof(tri));
  }
}

float ndc(int pixel) { return static_cast<float>(pixel) / (kTargetSize / 2.0f) - 1.0f; }

// Vertex data for draw j of the checked frame: one triangle over the lower
// left half of cell j, the other 31 collapsed to a point (same size as the
// measured uploads, no pixels).
void fill_check_vertices(float* v, int j) {
  const int cx = (j % 8) * kCell, cy = (j / 8) * kCell;
  const float tri[6] = {ndc(cx + 1), ndc(cy + 1), ndc(cx + 7), ndc(cy + 1), ndc(cx + 1), ndc(cy + 7)};
  std::memcpy(v, tri, sizeof(tri));
  for (int t = 1; t < kTriangles; ++t) {
    for (int k = 0; k < 6; k += 2) {
      v[t * 6 + k] = tri[0];
      v[t * 6 + k + 1] = tri[1];
    }
  }
}

// One frame of `draws` uploads and draws. The vertex data is computed once
// beforehand (64 sets, cycled), so the time is the driver's upload path; the
// memcpy into the mapping is the application's part of map-invalidate and
// is counted, as it would be in a real renderer.
bool record_frame(Upload upload, int draws, const float (*data)[kVertices * 2], int variants_of_data) {
  glClear(GL_COLOR_BUFFER_BIT);
  for (int i = 0; i < draws; ++i) {
    const float* src = data[i % variants_of_data];
    switch (upload) {
      case Upload::BufferData:
        glBufferData(GL_ARRAY_BUFFER, kBytes, src, GL_STREAM_DRAW);
        break;
      case Upload::MapInvalidate: {
        void* p = glMapBufferRange(GL_ARRAY_BUFFER, 0, kBytes, GL_MAP_WRITE_BIT | GL_MAP_INVALIDATE_BUFFER_BIT);
        if (!p) return false;
        std::memcpy(p, src, kBytes);
        glUnmapBuffer(GL_ARRAY_BUFFER);
        break;
      }
      case Upload::BufferSubData:
        glBufferSubData(GL_ARRAY_BUFFER, 0, kBytes, src);
        break;
    }
    glDrawArrays(GL_TRIANGLES, 0, kVertices);
  }
  return true;
}

// The checked frame: kCheckDraws uploads through `upload`, each drawn at
// once (the last left out with drop_last), then every cell probed inside
// and outside its triangle.
bool check_upload_path(Upload upload, bool drop_last, int* judged, std::string* why) {
  static float data[kCheckDraws][kVertices * 2];
  for (int j = 0; j < kCheckDraws; ++j) fill_check_vertices(data[j], j);
  if (!record_frame(upload, kCheckDraws - (drop_last ? 1 : 0), data, kCheckDraws)) {
    *why = "glMapBufferRange returned NULL";
    return false;
  }
  FrameCheck check("streaming", kTargetSize, kTargetSize);
  for (int j = 0; j < kCheckDraws; ++j) {
    const int cx = (j % 8) * kCell, cy = (j / 8) * kCell;
    check.expect(cx + 2, cy + 2, kColor, 2);
    check.expect(cx + 6, cy + 6, {}, 1);
  }
  *judged = check.judged();
  return check.ok(why);
}

}  // namespace

bool run_streaming(const Options& opt, std::vector<Result>* out, std::string* why) {
  const int frames = opt.frames > 0 ? opt.frames : 10;
  const int draws = opt.draws > 0 ? opt.draws : 5000;
  Target target;
  if (!make_target(kTargetSize, kTargetSize, &target, why)) return false;
  GLuint program = build_program(kVs, kFs, why);
  if (!program) {
    destroy_target(&target);
    return false;
  }
  glUseProgram(program);
  static float data[64][kVertices * 2];
  for (int i = 0; i < 64; ++i) fill_vertices(data[i], i);
  GLuint vao = 0, buffer = 0;
  glGenVertexArrays(1, &vao);
  glBindVertexArray(vao);
  glGenBuffers(1, &buffer);
  glBindBuffer(GL_ARRAY_BUFFER, buffer);
  glBufferData(GL_ARRAY_BUFFER, kBytes, data[0], GL_STREAM_DRAW);
  glEnableVertexAttribArray(0);
  glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, nullptr);
  glClearColor(0, 0, 0, 0);
  bool ok = gl_ok("streaming set-up", why);
  for (const Variant& v : kVariants) {
    if (!ok) break;
    if (!opt.variant.empty() && opt.variant != v.name) continue;
    ok = record_frame(v.upload, draws, data, 64);  // warm-up, unmeasured
    glFinish();
    std::vector<double> frame_s, submit_s;
    for (int f = 0; ok && f < frames; ++f) {
      const auto t0 = Clock::now();
      ok = record_frame(v.upload, draws, data, 64);
      const auto t1 = Clock::now();
      glFinish();
      const auto t2 = Clock::now();
      submit_s.push_back(seconds_between(t0, t1));
      frame_s.push_back(seconds_between(t0, t2));
    }
    if (!ok) {
      *why = "glMapBufferRange returned NULL";
      break;
    }
    if (!(ok = gl_ok(v.name, why))) break;
    int judged = 0;
    if (!(ok = check_upload_path(v.upload, opt.drop_last_draw, &judged, why))) break;
    Result r{v.name, per_draw_metrics(frame_s, submit_s, draws)};
    r.metrics.push_back({"bytes_per_draw", static_cast<double>(kBytes)});
    r.metrics.push_back({"checked_pixels", static_cast<double>(judged)});
    out->push_back(r);
  }
  glDeleteBuffers(1, &buffer);
  glDeleteVertexArrays(1, &vao);
  glDeleteProgram(program);
  destroy_target(&target);
  return ok;
}

}  // namespace bench
