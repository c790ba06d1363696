// separable-storm: program pipelines whose stages the driver has never
// seen, created during a frame and drawn at once (issue 16). Each frame
// makes P separable vertex and P separable fragment programs
// (glCreateShaderProgramv; every source carries a constant unique to this
// process, unique_constants.h) and puts them into 2P new program pipelines:
// vertex i with fragment i, and vertex i with fragment i+1, so half the
// pairs join two programs that were already drawn, with other partners.
// Where the context has tessellation and geometry shaders, P/2 more
// pipelines (at least one) add new separable stages to one of the frame's
// vertex/fragment pairs, in turn: tessellation control + evaluation (two
// programs), geometry, and all three.
// Per pipeline, its first draw: the CPU time of glBindProgramPipeline +
// glDraw* until the call returns (first_draw_us: where drivers that combine
// stages lazily pay for the combined pipeline), and until a glFinish right
// after it returns (first_draw_to_finish_us); tess/geometry pipelines are
// reported apart (tg_*). Per program: glCreateShaderProgramv until
// GL_LINK_STATUS is known (compile_link_us). Per frame: the whole frame,
// links included (frame_ms_p50, worst_frame_ms).
// On Brass (libEGL_brass.so loaded), its draw-path counters are read
// around each measured draw (brass_counters.h): full pipeline compiles,
// waits for precompiled libraries and fast links of the vertex/fragment
// pipelines (brass_vf_*) and of the tess/geometry ones (brass_tg_*), which
// with VK_EXT_shader_object are drawn from their stages' shader objects
// (brass_tg_shader_object_binds).
// Each pipeline draws a quad into a cell of its own (an 8x8 grid); the
// colour comes from every stage (red: the vertex program, green: the
// fragment program, blue: which stages ran), and the last measured frame
// is read back and every cell checked (checked_pixels).
#include <EGL/egl.h>
#include <GLES3/gl32.h>

#include <cstdarg>
#include <cstdio>
#include <string>
#include <vector>

#include "bench.h"
#include "brass_counters.h"
#include "frame_check.h"
#include "gl_util.h"
#include "stats.h"
#include "unique_constants.h"

namespace bench {

namespace {

constexpr int kTargetSize = 64;
constexpr int kCell = 8;
constexpr int kGrid = kTargetSize / kCell;
// 2P vertex/fragment pipelines and P/2 tess/geometry ones in 64 cells.
constexpr int kMaxPrograms = 24;

// Stage sources: the header (#version, extensions), then the unique
// constant k, then the stage's own values. k moves a colour by at most
// 0.0005 (an eighth of a UNORM8 level): it cannot be dropped from the code,
// and leaves the frame check exact.
constexpr const char* kVsFormat = R"(%s
uniform vec2 u_cell;
layout(location = 0) out vec4 vs_col;
%s
const float k = %.9g;
void main() {
  vec2 corner = vec2(float(gl_VertexID & 1), float(gl_VertexID >> 1));
  gl_Position = vec4(u_cell + (corner * 6.0 + 1.0) * %.9g, 0.0, 1.0);
  vs_col = vec4(%.9g, 0.0, 0.2 + (k - 0.5) * 0.001, 1.0);
}
)";
constexpr const char* kPerVertexOut = "out gl_PerVertex { vec4 gl_Position; };";

constexpr const char* kFsFormat = R"(%s
precision highp float;
layout(location = 0) in vec4 f_col;
layout(location = 0) out vec4 o_color;
const float k = %.9g;
void main() { o_color = vec4(f_col.r, %.9g + (k - 0.5) * 0.001, f_col.b, f_col.a); }
)";

constexpr const char* kTcsFormat = R"(%s
layout(vertices = 4) out;
in gl_PerVertex { vec4 gl_Position; } gl_in[gl_MaxPatchVertices];
out gl_PerVertex { vec4 gl_Position; } gl_out[];
layout(location = 0) in vec4 vs_col[];
layout(location = 0) out vec4 tc_col[];
const float k = %.9g;
void main() {
  gl_out[gl_InvocationID].gl_Position = gl_in[gl_InvocationID].gl_Position;
  tc_col[gl_InvocationID] = vs_col[gl_InvocationID];
  float level = 2.0 + (k - 0.5) * 0.001;
  for (int i = 0; i < 4; ++i) gl_TessLevelOuter[i] = level;
  gl_TessLevelInner[0] = level;
  gl_TessLevelInner[1] = level;
}
)";

// The patch's four vertices are the quad's corners in strip order.
constexpr const char* kTesFormat = R"(%s
layout(quads, equal_spacing, ccw) in;
in gl_PerVertex { vec4 gl_Position; } gl_in[gl_MaxPatchVertices];
out gl_PerVertex { vec4 gl_Position; };
layout(location = 0) in vec4 tc_col[];
layout(location = 0) out vec4 te_col;
const float k = %.9g;
void main() {
  vec4 bottom = mix(gl_in[0].gl_Position, gl_in[1].gl_Position, gl_TessCoord.x);
  vec4 top = mix(gl_in[2].gl_Position, gl_in[3].gl_Position, gl_TessCoord.x);
  gl_Position = mix(bottom, top, gl_TessCoord.y);
  te_col = vec4(tc_col[0].rg, 0.6 + (k - 0.5) * 0.001, tc_col[0].a);
}
)";

constexpr const char* kGsFormat = R"(%s
layout(triangles) in;
layout(triangle_strip, max_vertices = 3) out;
in gl_PerVertex { vec4 gl_Position; } gl_in[];
out gl_PerVertex { vec4 gl_Position; };
layout(location = 0) in vec4 g_in[];
layout(location = 0) out vec4 g_col;
const float k = %.9g;
void main() {
  for (int i = 0; i < 3; ++i) {
    gl_Position = gl_in[i].gl_Position;
    g_col = g_in[i] + vec4(0.0, 0.0, 0.2 + (k - 0.5) * 0.001, 0.0);
    EmitVertex();
  }
  EndPrimitive();
}
)";

__attribute__((format(printf, 1, 2))) std::string format(const char* fmt, ...) {
  char buf[2048];
  va_list args;
  va_start(args, fmt);
  std::vsnprintf(buf, sizeof(buf), fmt, args);
  va_end(args);
  return buf;
}

// What the context offers beyond vertex and fragment stages.
struct StageSupport {
  bool tess_geometry = false;
  std::string header;  // every stage's first lines
  PFNGLPATCHPARAMETERIPROC patch_parameteri = nullptr;
};

bool has_extension(const char* name) {
  GLint n = 0;
  glGetIntegerv(GL_NUM_EXTENSIONS, &n);
  for (GLint i = 0; i < n; ++i) {
    const auto* e = reinterpret_cast<const char*>(glGetStringi(GL_EXTENSIONS, static_cast<GLuint>(i)));
    if (e && std::string(e) == name) return true;
  }
  return false;
}

// ES 3.2 has both stages in core; ES 3.1 may have them as extensions
// (reached through the extension's entry point: an ES 3.1 vendor need not
// provide glPatchParameteri). *note says why they are left out.
bool detect_stages(StageSupport* s, std::string* note, std::string* why) {
  const auto* v = reinterpret_cast<const char*>(glGetString(GL_VERSION));
  const std::string version = v ? v : "";
  if (version.rfind("OpenGL ES 3.2", 0) == 0) {
    s->tess_geometry = true;
    s->header = "#version 320 es";
    s->patch_parameteri = reinterpret_cast<PFNGLPATCHPARAMETERIPROC>(eglGetProcAddress("glPatchParameteri"));
  } else if (version.rfind("OpenGL ES 3.1", 0) == 0) {
    s->header = "#version 310 es";
    if (has_extension("GL_EXT_tessellation_shader") && has_extension("GL_EXT_geometry_shader")) {
      s->tess_geometry = true;
      s->header +=
          "\n#extension GL_EXT_tessellation_shader : require\n#extension GL_EXT_geometry_shader : require";
      s->patch_parameteri = reinterpret_cast<PFNGLPATCHPARAMETERIPROC>(eglGetProcAddress("glPatchParameteriEXT"));
    } else {
      *note = "the context has no tessellation and geometry shaders: vertex/fragment pipelines only";
    }
  } else {
    *why = "program pipelines need an ES 3.1 context, got '" + version + "'";
    return false;
  }
  if (s->tess_geometry && !s->patch_parameteri) {
    *why = "no glPatchParameteri entry point";
    return false;
  }
  return true;
}

// Which stages a pipeline has beyond vertex and fragment.
enum Extra { kNone = 0, kTess = 1, kGeometry = 2, kTessGeometry = 3 };

float level_of(int i) { return static_cast<float>(40 + 24 * (i % 8)) / 255.0f; }

// One pipeline's cell and what it must show there.
struct Drawn {
  int cell;
  Rgba colour;
};

struct DrawPathCounts {
  uint64_t full_compiles = 0, precompile_waits = 0, fast_links = 0;
  uint64_t shader_object_binds = 0;  // combinations drawn from their stages' shader objects
};

struct Frame {
  std::vector<double> link_us, vf_draw_us, vf_finish_us, tg_draw_us, tg_finish_us;
  std::vector<Drawn> drawn;
  DrawPathCounts vf, tg;
  double frame_ms = 0;
};

class Storm {
 public:
  Storm(int programs, const StageSupport& stages) : programs_(programs), stages_(stages) {}

  int vf_pipelines() const { return 2 * programs_; }
  int tg_pipelines() const { return stages_.tess_geometry ? (programs_ / 2 > 0 ? programs_ / 2 : 1) : 0; }

  bool run_frame(bool drop_last, Frame* f, std::string* why);

 private:
  GLuint separable(GLenum type, const std::string& src, Frame* f, std::string* why);
  GLuint stage_program(GLenum type, const char* fmt, Frame* f, std::string* why) {
    return separable(type, format(fmt, stages_.header.c_str(), static_cast<double>(next_constant())), f, why);
  }
  float next_constant() { return unique_constant(seq_++); }
  DrawPathCounts read_counts() const {
    return {counters_.read("pipeline.draw_path.full_compiles"), counters_.read("pipeline.draw_path.precompile_waits"),
            counters_.read("pipeline.draw_path.fast_links"),
            counters_.read("pipeline.draw_path.separable_shader_object_binds")};
  }
  void draw_pipeline(int cell, GLuint vs, const GLuint (&stages)[4], bool tess, bool skip, Frame* f);

  int programs_;
  StageSupport stages_;
  BrassCounters counters_;
  // A rerun (or another vendor's run sharing a disk cache) gets other constants.
  unsigned seq_ = unique_sequence_start();
  std::vector<GLuint> made_;  // this frame's programs
};

GLuint Storm::separable(GLenum type, const std::string& src, Frame* f, std::string* why) {
  const char* s = src.c_str();
  const auto t0 = Clock::now();
  const GLuint p = glCreateShaderProgramv(type, 1, &s);
  GLint ok = 0;
  glGetProgramiv(p, GL_LINK_STATUS, &ok);
  const auto t1 = Clock::now();
  if (!ok) {
    char log[2048] = {};
    glGetProgramInfoLog(p, sizeof(log), nullptr, log);
    *why = "separable program (stage 0x" + format("%04x", type) + ") does not link: " + log + "\n" + src;
    glDeleteProgram(p);
    return 0;
  }
  made_.push_back(p);
  f->link_us.push_back(seconds_between(t0, t1) * 1e6);
  return p;
}

// stages: tess control, tess evaluation, geometry, fragment (0: none).
void Storm::draw_pipeline(int cell, GLuint vs, const GLuint (&stages)[4], bool tess, bool skip, Frame* f) {
  GLuint pipeline = 0;
  glGenProgramPipelines(1, &pipeline);
  glUseProgramStages(pipeline, GL_VERTEX_SHADER_BIT, vs);
  const GLbitfield bits[4] = {GL_TESS_CONTROL_SHADER_BIT, GL_TESS_EVALUATION_SHADER_BIT, GL_GEOMETRY_SHADER_BIT,
                              GL_FRAGMENT_SHADER_BIT};
  for (int i = 0; i < 4; ++i) {
    if (stages[i]) glUseProgramStages(pipeline, bits[i], stages[i]);
  }
  const float x = static_cast<float>((cell % kGrid) * kCell) * 2.0f / kTargetSize - 1.0f;
  const float y = static_cast<float>((cell / kGrid) * kCell) * 2.0f / kTargetSize - 1.0f;
  glProgramUniform2f(vs, glGetUniformLocation(vs, "u_cell"), x, y);
  if (!skip) {
    const DrawPathCounts before = read_counts();
    const auto t0 = Clock::now();
    glBindProgramPipeline(pipeline);
    glDrawArrays(tess ? GL_PATCHES : GL_TRIANGLE_STRIP, 0, 4);
    const auto t1 = Clock::now();
    glFinish();
    const auto t2 = Clock::now();
    const DrawPathCounts after = read_counts();
    const bool tg = tess || stages[2];
    (tg ? f->tg_draw_us : f->vf_draw_us).push_back(seconds_between(t0, t1) * 1e6);
    (tg ? f->tg_finish_us : f->vf_finish_us).push_back(seconds_between(t0, t2) * 1e6);
    DrawPathCounts& c = tg ? f->tg : f->vf;
    c.full_compiles += after.full_compiles - before.full_compiles;
    c.precompile_waits += after.precompile_waits - before.precompile_waits;
    c.fast_links += after.fast_links - before.fast_links;
    c.shader_object_binds += after.shader_object_binds - before.shader_object_binds;
  }
  glBindProgramPipeline(0);
  glDeleteProgramPipelines(1, &pipeline);
}

bool Storm::run_frame(bool drop_last, Frame* f, std::string* why) {
  const auto frame0 = Clock::now();
  glClear(GL_COLOR_BUFFER_BIT);
  std::vector<GLuint> vs, fs;
  bool ok = true;
  const char* per_vertex = stages_.tess_geometry ? kPerVertexOut : "";
  for (int i = 0; ok && i < programs_; ++i) {
    const std::string v = format(kVsFormat, stages_.header.c_str(), per_vertex, static_cast<double>(next_constant()),
                                 2.0 / kTargetSize, static_cast<double>(level_of(i)));
    const std::string g =
        format(kFsFormat, stages_.header.c_str(), static_cast<double>(next_constant()), static_cast<double>(level_of(i)));
    vs.push_back(separable(GL_VERTEX_SHADER, v, f, why));
    fs.push_back(separable(GL_FRAGMENT_SHADER, g, f, why));
    ok = vs.back() && fs.back();
  }
  // The tess/geometry stages of pipeline t: kinds in turn.
  struct Extras {
    GLuint stages[4] = {};
    Extra kind = kNone;
  };
  std::vector<Extras> extras;
  for (int t = 0; ok && t < tg_pipelines(); ++t) {
    Extras e;
    e.kind = static_cast<Extra>(1 + t % 3);
    if (e.kind & kTess) {
      e.stages[0] = stage_program(GL_TESS_CONTROL_SHADER, kTcsFormat, f, why);
      e.stages[1] = stage_program(GL_TESS_EVALUATION_SHADER, kTesFormat, f, why);
      ok = e.stages[0] && e.stages[1];
    }
    if (ok && (e.kind & kGeometry)) {
      e.stages[2] = stage_program(GL_GEOMETRY_SHADER, kGsFormat, f, why);
      ok = e.stages[2] != 0;
    }
    extras.push_back(e);
  }
  const int total = vf_pipelines() + tg_pipelines();
  for (int cell = 0; ok && cell < total; ++cell) {
    const bool skip = drop_last && cell == total - 1;
    int v = 0, g = 0;
    GLuint stages[4] = {};
    float blue = 0.2f;
    bool tess = false;
    if (cell < vf_pipelines()) {
      v = cell % programs_;
      g = cell < programs_ ? v : (v + 1) % programs_;
    } else {
      const Extras& e = extras[static_cast<size_t>(cell - vf_pipelines())];
      v = (cell - vf_pipelines()) % programs_;
      g = (v + programs_ / 2) % programs_;
      for (int i = 0; i < 3; ++i) stages[i] = e.stages[i];
      tess = (e.kind & kTess) != 0;
      blue = (tess ? 0.6f : 0.2f) + ((e.kind & kGeometry) ? 0.2f : 0.0f);
    }
    stages[3] = fs[static_cast<size_t>(g)];
    draw_pipeline(cell, vs[static_cast<size_t>(v)], stages, tess, skip, f);
    f->drawn.push_back({cell, {level_of(v), level_of(g), blue, 1.0f}});
  }
  glFinish();
  f->frame_ms = seconds_between(frame0, Clock::now()) * 1e3;
  for (GLuint p : made_) glDeleteProgram(p);
  made_.clear();
  return ok && gl_ok("separable-storm frame", why);
}

// Each cell's centre holds its pipeline's colour; its corner pixel lies
// outside the quad and keeps the clear colour.
bool check_frame(const Frame& f, int* judged, std::string* why) {
  FrameCheck check("separable-storm", kTargetSize, kTargetSize);
  for (const Drawn& d : f.drawn) {
    const int cx = (d.cell % kGrid) * kCell, cy = (d.cell / kGrid) * kCell;
    check.expect(cx + 4, cy + 4, d.colour, 2);
    check.expect(cx, cy, {}, 1);
  }
  *judged = check.judged();
  return check.ok(why);
}

}  // namespace

bool run_separable_storm(const Options& opt, std::vector<Result>* out, std::string* why) {
  const int frames = opt.frames > 0 ? opt.frames : 10;
  const int programs = opt.programs > 0 ? opt.programs : 8;
  if (!opt.variant.empty() && opt.variant != "new-pipelines") return true;
  if (programs > kMaxPrograms) {
    *why = format("separable-storm draws at most %d programs per frame (64 cells)", kMaxPrograms);
    return false;
  }
  StageSupport stages;
  std::string note;
  if (!detect_stages(&stages, &note, why)) return false;
  if (!note.empty()) std::fprintf(stderr, "separable-storm: %s\n", note.c_str());
  Target target;
  if (!make_target(kTargetSize, kTargetSize, &target, why)) return false;
  // No vertex attributes: positions come from gl_VertexID.
  GLuint vao = 0;
  glGenVertexArrays(1, &vao);
  glBindVertexArray(vao);
  glClearColor(0, 0, 0, 0);
  if (stages.tess_geometry) stages.patch_parameteri(GL_PATCH_VERTICES, 4);
  Storm storm(programs, stages);
  bool ok = gl_ok("separable-storm set-up", why);
  // One unmeasured frame: the compiler itself starts up on first use, a
  // one-off cost, not a per-program one.
  Frame warm;
  if (ok) ok = storm.run_frame(false, &warm, why);
  std::vector<double> link_us, vf_draw, vf_finish, tg_draw, tg_finish, frame_ms;
  DrawPathCounts vf, tg;
  int judged = 0;
  for (int i = 0; ok && i < frames; ++i) {
    Frame fr;
    const bool last = i == frames - 1;
    ok = storm.run_frame(opt.drop_last_draw && last, &fr, why);
    if (ok && last) ok = check_frame(fr, &judged, why);
    link_us.insert(link_us.end(), fr.link_us.begin(), fr.link_us.end());
    vf_draw.insert(vf_draw.end(), fr.vf_draw_us.begin(), fr.vf_draw_us.end());
    vf_finish.insert(vf_finish.end(), fr.vf_finish_us.begin(), fr.vf_finish_us.end());
    tg_draw.insert(tg_draw.end(), fr.tg_draw_us.begin(), fr.tg_draw_us.end());
    tg_finish.insert(tg_finish.end(), fr.tg_finish_us.begin(), fr.tg_finish_us.end());
    frame_ms.push_back(fr.frame_ms);
    for (auto [sum, part] : {std::pair{&vf, &fr.vf}, std::pair{&tg, &fr.tg}}) {
      sum->full_compiles += part->full_compiles;
      sum->precompile_waits += part->precompile_waits;
      sum->fast_links += part->fast_links;
      sum->shader_object_binds += part->shader_object_binds;
    }
  }
  if (ok) {
    Result r{"new-pipelines",
             {{"first_draw_us_p50", percentile(vf_draw, 0.5)},
              {"first_draw_us_p99", percentile(vf_draw, 0.99)},
              {"first_draw_us_max", percentile(vf_draw, 1.0)},
              {"first_draw_to_finish_us_p50", percentile(vf_finish, 0.5)},
              {"first_draw_to_finish_us_p99", percentile(vf_finish, 0.99)}}};
    if (stages.tess_geometry) {
      r.metrics.insert(r.metrics.end(), {{"tg_first_draw_us_p50", percentile(tg_draw, 0.5)},
                                         {"tg_first_draw_us_p99", percentile(tg_draw, 0.99)},
                                         {"tg_first_draw_us_max", percentile(tg_draw, 1.0)},
                                         {"tg_first_draw_to_finish_us_p99", percentile(tg_finish, 0.99)}});
    }
    r.metrics.insert(r.metrics.end(), {{"compile_link_us_p50", percentile(link_us, 0.5)},
                                       {"compile_link_us_max", percentile(link_us, 1.0)},
                                       {"frame_ms_p50", percentile(frame_ms, 0.5)},
                                       {"worst_frame_ms", percentile(frame_ms, 1.0)},
                                       {"frames", static_cast<double>(frames)},
                                       {"programs_per_frame", static_cast<double>(link_us.size()) / frames},
                                       {"vf_pipelines_per_frame", static_cast<double>(storm.vf_pipelines())}});
    if (stages.tess_geometry) r.metrics.push_back({"tg_pipelines_per_frame", static_cast<double>(storm.tg_pipelines())});
    // Brass's own view of the measured draws (counted around each one).
    if (BrassCounters().available()) {
      r.metrics.insert(r.metrics.end(), {{"brass_vf_full_compiles", static_cast<double>(vf.full_compiles)},
                                         {"brass_vf_precompile_waits", static_cast<double>(vf.precompile_waits)},
                                         {"brass_vf_fast_links", static_cast<double>(vf.fast_links)}});
      if (stages.tess_geometry) {
        r.metrics.insert(r.metrics.end(), {{"brass_tg_full_compiles", static_cast<double>(tg.full_compiles)},
                                           {"brass_tg_precompile_waits", static_cast<double>(tg.precompile_waits)},
                                           {"brass_tg_fast_links", static_cast<double>(tg.fast_links)},
                                           {"brass_tg_shader_object_binds", static_cast<double>(tg.shader_object_binds)}});
      }
    }
    r.metrics.push_back({"checked_pixels", static_cast<double>(judged)});
    out->push_back(r);
  }
  glDeleteVertexArrays(1, &vao);
  destroy_target(&target);
  return ok;
}

}  // namespace bench
