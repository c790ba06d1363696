// brass-demo: renders a lit, textured, animated scene through libEGL + GLES 3
// for N frames, prints the renderer and frames per second, writes the last
// frame to a PNG and checks that it shows the scene (not a blank or
// background-only image).
//   brass-demo [--frames N] [--size WxH] [--samples N] [--window] [--out FILE]
#include <EGL/egl.h>
#include <GLES3/gl3.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <set>
#include <string>
#include <vector>

#include "demo_scene.h"
#include "egl_window.h"
#include "png_writer.h"

namespace {

struct Args {
  int frames = 300;
  int width = 640, height = 480;
  int samples = 1;
  bool window = false;
  std::string out = "brass-demo.png";
};

bool parse_args(int argc, char** argv, Args* a) {
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    auto value = [&]() -> const char* { return i + 1 < argc ? argv[++i] : nullptr; };
    if (arg == "--frames") {
      const char* v = value();
      if (!v || (a->frames = std::atoi(v)) <= 0) return false;
    } else if (arg == "--size") {
      const char* v = value();
      if (!v || std::sscanf(v, "%dx%d", &a->width, &a->height) != 2 || a->width <= 0 || a->height <= 0) return false;
    } else if (arg == "--samples") {
      const char* v = value();
      if (!v || (a->samples = std::atoi(v)) <= 0) return false;
    } else if (arg == "--window") {
      a->window = true;
    } else if (arg == "--out") {
      const char* v = value();
      if (!v) return false;
      a->out = v;
    } else {
      return false;
    }
  }
  return true;
}

// The last frame must show the scene: mostly not background, and many
// colours (lighting and texture), or something went wrong in the driver.
bool frame_looks_right(const std::vector<uint8_t>& rgba, int width, int height, std::string* why) {
  size_t background = 0;
  std::set<uint32_t> colours;
  const size_t n = static_cast<size_t>(width) * height;
  for (size_t i = 0; i < n; ++i) {
    const uint8_t* p = &rgba[i * 4];
    // The clear colour (0.08, 0.1, 0.14) in 8 bits, with a little tolerance.
    if (std::abs(p[0] - 20) <= 2 && std::abs(p[1] - 26) <= 2 && std::abs(p[2] - 36) <= 2) ++background;
    colours.insert(static_cast<uint32_t>(p[0]) << 16 | p[1] << 8 | p[2]);
  }
  const double covered = 1.0 - static_cast<double>(background) / static_cast<double>(n);
  if (covered < 0.3 || covered > 0.99 || colours.size() < 200) {
    char buf[160];
    std::snprintf(buf, sizeof(buf), "scene covers %.0f%% of the frame with %zu colours", covered * 100,
                  colours.size());
    *why = buf;
    return false;
  }
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  Args args;
  if (!parse_args(argc, argv, &args)) {
    std::fprintf(stderr, "usage: brass-demo [--frames N] [--size WxH] [--samples N] [--window] [--out FILE]\n");
    return 2;
  }
  brass::demo::RenderTarget target;
  std::string error;
  if (!brass::demo::create_target(args.window, args.width, args.height, args.samples, &target, &error)) {
    std::fprintf(stderr, "brass-demo: %s\n", error.c_str());
    brass::demo::destroy_target(&target);
    return 1;
  }
  std::printf("GL_VENDOR:   %s\n", reinterpret_cast<const char*>(glGetString(GL_VENDOR)));
  std::printf("GL_RENDERER: %s\n", reinterpret_cast<const char*>(glGetString(GL_RENDERER)));
  std::printf("GL_VERSION:  %s\n", reinterpret_cast<const char*>(glGetString(GL_VERSION)));

  brass::demo::Scene scene;
  if (!scene.init(&error)) {
    std::fprintf(stderr, "brass-demo: %s\n", error.c_str());
    brass::demo::destroy_target(&target);
    return 1;
  }
  const auto start = std::chrono::steady_clock::now();
  for (int frame = 0; frame < args.frames; ++frame) {
    scene.draw(frame, args.width, args.height);
    if (args.window) eglSwapBuffers(target.display, target.surface);
    else if (frame + 1 < args.frames) glFlush();
  }
  std::vector<uint8_t> pixels(static_cast<size_t>(args.width) * args.height * 4);
  glReadPixels(0, 0, args.width, args.height, GL_RGBA, GL_UNSIGNED_BYTE, pixels.data());
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const GLenum gl_error = glGetError();
  std::printf("frames: %d in %.3f s: %.1f fps\n", args.frames, seconds, args.frames / seconds);

  int status = 0;
  if (gl_error != GL_NO_ERROR) {
    std::fprintf(stderr, "brass-demo: GL error 0x%04x\n", gl_error);
    status = 1;
  }
  if (!brass::demo::write_png(args.out, pixels.data(), args.width, args.height, true, &error)) {
    std::fprintf(stderr, "brass-demo: %s\n", error.c_str());
    status = 1;
  } else {
    std::printf("wrote %s\n", args.out.c_str());
  }
  std::string why;
  if (!frame_looks_right(pixels, args.width, args.height, &why)) {
    std::fprintf(stderr, "brass-demo: the last frame looks wrong: %s\n", why.c_str());
    status = 1;
  } else {
    std::printf("check: last frame shows the scene\n");
  }
  scene.destroy();
  brass::demo::destroy_target(&target);
  return status;
}
