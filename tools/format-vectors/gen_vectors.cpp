// Generates the ETC2/EAC and S3TC/RGTC reference vectors in
// tests/device/data/ with Mesa's software GL as an independent oracle: each
// format gets a 32x32 image (64 blocks) of deterministic pseudo-random blocks,
// chosen so every mode is hit (ETC1 individual/differential, ETC2 T, H and
// planar, punch-through with opaque 0 and 1, EAC with multiplier 0 and > 0 and
// every modifier table, BC1 four- and three-color blocks, BC3/4/5 eight- and
// six-value blocks, extreme endpoints). The image is uploaded with
// glCompressedTexImage2D and read back decoded with glGetTexImage into the
// layout Brass stores (RGBA8, R16/RG16 UNORM/SNORM, R8/RG8 UNORM/SNORM), so no
// render target precision is involved.
//
// Regenerate (from the repository root):
//   g++ -std=c++20 -O2 -o /tmp/gen_vectors tools/format-vectors/gen_vectors.cpp -lEGL -lOpenGL
//   env GALLIUM_DRIVER=softpipe __EGL_VENDOR_LIBRARY_FILENAMES=/usr/share/glvnd/egl_vendor.d/50_mesa.json LIBGL_ALWAYS_SOFTWARE=1 XDG_RUNTIME_DIR=/tmp /tmp/gen_vectors tests/device/data
// (generated with Mesa 22.3.6; the output is deterministic.)
//
// Why softpipe: Mesa decodes ETC2/EAC on the CPU at upload for both drivers
// (identical vectors), but llvmpipe samples S3TC/RGTC with its JIT decoder,
// which approximates the interpolation (1/3 as 85/256 of the 8-bit delta,
// the BC3/BC4 weights as 255*64/7 fixed point) and is off by one from the
// specification's (2*c0 + c1) / 3 in about 10-30% of interpolated texels.
// softpipe fetches with Mesa's C decoder, which computes the spec formula.
//
// It uses desktop GL (a compatibility context through EGL's surfaceless
// platform) because it has glGetTexImage and both ETC2 (ARB_ES3_compatibility)
// and S3TC/RGTC in one context.
//
// File format (little-endian), one file per format, <name>.vec:
//   char magic[8] = "BRVEC01";  uint32 width, height, block_bytes, texel_bytes;
//   blocks[(width/4) * (height/4) * block_bytes]  (row-major blocks)
//   texels[width * height * texel_bytes]          (row-major, tight)
#define GL_GLEXT_PROTOTYPES 1
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GL/gl.h>
#include <GL/glext.h>

#include <array>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

namespace {

constexpr uint32_t kWidth = 32, kHeight = 32, kBlocks = (kWidth / 4) * (kHeight / 4);

struct Rng {
  uint64_t s;
  uint64_t next() {
    s ^= s << 13;
    s ^= s >> 7;
    s ^= s << 17;
    return s;
  }
};

using Block = std::vector<uint8_t>;

Block random_block(Rng& rng, size_t n) {
  Block b(n);
  for (auto& x : b) x = static_cast<uint8_t>(rng.next() >> 24);
  return b;
}

// ETC2 color block modes, from the header bits only (Annex C).
enum Mode { Individual, Differential, T, H, Planar };
Mode etc2_mode(const uint8_t* b, bool punch_through) {
  if (!punch_through && !(b[3] & 2)) return Individual;
  auto overflow = [](int base5, int d3) {
    int d = d3 & 4 ? d3 - 8 : d3;
    return base5 + d < 0 || base5 + d > 31;
  };
  if (overflow(b[0] >> 3, b[0] & 7)) return T;
  if (overflow(b[1] >> 3, b[1] & 7)) return H;
  if (overflow(b[2] >> 3, b[2] & 7)) return Planar;
  return Differential;
}

// Random ETC2 color blocks, `per_mode` of each mode (rejection sampling).
std::vector<Block> etc2_color_blocks(Rng& rng, bool punch_through, uint32_t per_mode, int opaque) {
  std::vector<Block> out;
  std::array<uint32_t, 5> count{};
  const int first = punch_through ? 1 : 0;
  while (out.size() < per_mode * (5 - first)) {
    Block b = random_block(rng, 8);
    if (opaque >= 0) b[3] = static_cast<uint8_t>((b[3] & ~2) | (opaque ? 2 : 0));
    Mode m = etc2_mode(b.data(), punch_through);
    if (count[m] < per_mode) {
      ++count[m];
      out.push_back(b);
    }
  }
  return out;
}

std::vector<Block> eac_blocks(Rng& rng, uint32_t n) {
  std::vector<Block> out;
  for (uint32_t i = 0; i < n; ++i) {
    Block b = random_block(rng, 8);
    b[1] = static_cast<uint8_t>((i % 4 == 0 ? 0 : (b[1] & 0xF0)) | (i % 16));  // multiplier 0 every 4th; every table
    if (i % 16 == 1) b[0] = 0;
    if (i % 16 == 2) b[0] = 255;
    if (i % 16 == 3) b[0] = 128;  // -128 when signed
    if (i % 16 == 5) b[0] = 127;
    if (i % 16 == 6) b[1] = static_cast<uint8_t>(0xF0 | (b[1] & 15));  // multiplier 15
    out.push_back(b);
  }
  return out;
}

std::vector<Block> bc1_blocks(Rng& rng, uint32_t n) {
  std::vector<Block> out;
  for (uint32_t i = 0; i < n; ++i) {
    Block b = random_block(rng, 8);
    uint16_t c0 = static_cast<uint16_t>(b[0] | b[1] << 8), c1 = static_cast<uint16_t>(b[2] | b[3] << 8);
    if (i % 8 == 7) c1 = c0;                      // equal endpoints: three-color
    if ((i % 2 == 0) != (c0 > c1)) std::swap(c0, c1);  // half four-color, half three-color
    if (i == 0) c0 = 0xFFFF, c1 = 0;
    b[0] = static_cast<uint8_t>(c0), b[1] = static_cast<uint8_t>(c0 >> 8);
    b[2] = static_cast<uint8_t>(c1), b[3] = static_cast<uint8_t>(c1 >> 8);
    out.push_back(b);
  }
  return out;
}

std::vector<Block> bc4_blocks(Rng& rng, uint32_t n) {
  std::vector<Block> out;
  for (uint32_t i = 0; i < n; ++i) {
    Block b = random_block(rng, 8);
    if (i % 8 == 7) b[1] = b[0];
    if ((i % 2 == 0) != (b[0] > b[1])) std::swap(b[0], b[1]);  // unsigned order; signed order varies too
    if (i == 0) b[0] = 255, b[1] = 0;
    if (i == 1) b[0] = 0x80, b[1] = 0x7F;  // signed -128 / 127
    if (i == 2) b[0] = 0x7F, b[1] = 0x80;
    out.push_back(b);
  }
  return out;
}

std::vector<Block> random_blocks_alpha(Rng& rng) {
  std::vector<Block> out;
  for (uint32_t i = 0; i < kBlocks; ++i) out.push_back(random_block(rng, 8));
  return out;
}

std::vector<Block> concat(std::vector<Block> a, const std::vector<Block>& b) {
  for (size_t i = 0; i < a.size(); ++i) a[i].insert(a[i].end(), b[i].begin(), b[i].end());
  return a;
}

struct Spec {
  const char* name;
  GLenum internal_format;
  uint32_t block_bytes;
  GLenum read_format, read_type;
  uint32_t texel_bytes;
  std::function<std::vector<Block>(Rng&)> make;
};

std::vector<Block> rgb8_blocks(Rng& rng) {
  auto v = etc2_color_blocks(rng, false, 12, -1);  // 60
  v.push_back(Block(8, 0x00));
  v.push_back(Block(8, 0xFF));
  v.push_back({0xF8, 0x03, 0x07, 0x02, 0xFF, 0x00, 0xAA, 0x55});  // differential, extreme deltas
  v.push_back({0x0F, 0xF0, 0xFF, 0xFC, 0x12, 0x34, 0x56, 0x78});  // individual, largest table
  return v;
}

std::vector<Block> rgb8a1_blocks(Rng& rng) {
  auto v = etc2_color_blocks(rng, true, 8, 0);  // opaque = 0: differential, T, H, planar
  auto o = etc2_color_blocks(rng, true, 8, 1);  // opaque = 1
  v.insert(v.end(), o.begin(), o.end());
  return v;
}

bool write_vectors(const std::string& dir, const Spec& s, Rng& rng) {
  std::vector<Block> blocks = s.make(rng);
  if (blocks.size() != kBlocks) {
    std::fprintf(stderr, "%s: %zu blocks\n", s.name, blocks.size());
    return false;
  }
  std::vector<uint8_t> data;
  for (auto& b : blocks) data.insert(data.end(), b.begin(), b.end());
  GLuint tex;
  glGenTextures(1, &tex);
  glBindTexture(GL_TEXTURE_2D, tex);
  glCompressedTexImage2D(GL_TEXTURE_2D, 0, s.internal_format, kWidth, kHeight, 0, static_cast<GLsizei>(data.size()),
                         data.data());
  std::vector<uint8_t> texels(kWidth * kHeight * s.texel_bytes);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glGetTexImage(GL_TEXTURE_2D, 0, s.read_format, s.read_type, texels.data());
  glDeleteTextures(1, &tex);
  if (GLenum e = glGetError(); e != GL_NO_ERROR) {
    std::fprintf(stderr, "%s: GL error 0x%x\n", s.name, e);
    return false;
  }
  FILE* f = std::fopen((dir + "/" + s.name + ".vec").c_str(), "wb");
  if (!f) return false;
  const char magic[8] = "BRVEC01";
  const uint32_t header[4] = {kWidth, kHeight, s.block_bytes, s.texel_bytes};
  std::fwrite(magic, 1, 8, f);
  std::fwrite(header, 4, 4, f);
  std::fwrite(data.data(), 1, data.size(), f);
  std::fwrite(texels.data(), 1, texels.size(), f);
  std::fclose(f);
  std::printf("%s: %zu block bytes, %zu texel bytes\n", s.name, data.size(), texels.size());
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  const std::string dir = argc > 1 ? argv[1] : "tests/device/data";
  auto get_platform_display = reinterpret_cast<PFNEGLGETPLATFORMDISPLAYEXTPROC>(eglGetProcAddress("eglGetPlatformDisplayEXT"));
  EGLDisplay dpy = get_platform_display(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, nullptr);
  if (!eglInitialize(dpy, nullptr, nullptr)) return std::fprintf(stderr, "eglInitialize failed\n"), 1;
  eglBindAPI(EGL_OPENGL_API);
  const EGLint config_attribs[] = {EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT, EGL_NONE};
  EGLConfig config;
  EGLint n = 0;
  if (!eglChooseConfig(dpy, config_attribs, &config, 1, &n) || n == 0) return std::fprintf(stderr, "no config\n"), 1;
  EGLContext ctx = eglCreateContext(dpy, config, EGL_NO_CONTEXT, nullptr);
  const EGLint pbuffer_attribs[] = {EGL_WIDTH, 16, EGL_HEIGHT, 16, EGL_NONE};
  EGLSurface surface = eglCreatePbufferSurface(dpy, config, pbuffer_attribs);
  if (!ctx || !eglMakeCurrent(dpy, surface, surface, ctx)) return std::fprintf(stderr, "no context\n"), 1;
  std::printf("GL_RENDERER %s, GL_VERSION %s\n", glGetString(GL_RENDERER), glGetString(GL_VERSION));

  const std::vector<Spec> specs = {
      {"etc2_rgb8", GL_COMPRESSED_RGB8_ETC2, 8, GL_RGBA, GL_UNSIGNED_BYTE, 4, rgb8_blocks},
      {"etc2_srgb8", GL_COMPRESSED_SRGB8_ETC2, 8, GL_RGBA, GL_UNSIGNED_BYTE, 4, rgb8_blocks},
      {"etc2_rgb8a1", GL_COMPRESSED_RGB8_PUNCHTHROUGH_ALPHA1_ETC2, 8, GL_RGBA, GL_UNSIGNED_BYTE, 4, rgb8a1_blocks},
      {"etc2_rgba8", GL_COMPRESSED_RGBA8_ETC2_EAC, 16, GL_RGBA, GL_UNSIGNED_BYTE, 4,
       [](Rng& r) { auto a = eac_blocks(r, kBlocks); return concat(a, rgb8_blocks(r)); }},
      {"eac_r11", GL_COMPRESSED_R11_EAC, 8, GL_RED, GL_UNSIGNED_SHORT, 2, [](Rng& r) { return eac_blocks(r, kBlocks); }},
      {"eac_r11_snorm", GL_COMPRESSED_SIGNED_R11_EAC, 8, GL_RED, GL_SHORT, 2, [](Rng& r) { return eac_blocks(r, kBlocks); }},
      {"eac_rg11", GL_COMPRESSED_RG11_EAC, 16, GL_RG, GL_UNSIGNED_SHORT, 4,
       [](Rng& r) { auto a = eac_blocks(r, kBlocks); return concat(a, eac_blocks(r, kBlocks)); }},
      {"eac_rg11_snorm", GL_COMPRESSED_SIGNED_RG11_EAC, 16, GL_RG, GL_SHORT, 4,
       [](Rng& r) { auto a = eac_blocks(r, kBlocks); return concat(a, eac_blocks(r, kBlocks)); }},
      {"bc1_rgb", GL_COMPRESSED_RGB_S3TC_DXT1_EXT, 8, GL_RGBA, GL_UNSIGNED_BYTE, 4, [](Rng& r) { return bc1_blocks(r, kBlocks); }},
      {"bc1_rgba", GL_COMPRESSED_RGBA_S3TC_DXT1_EXT, 8, GL_RGBA, GL_UNSIGNED_BYTE, 4, [](Rng& r) { return bc1_blocks(r, kBlocks); }},
      {"bc2", GL_COMPRESSED_RGBA_S3TC_DXT3_EXT, 16, GL_RGBA, GL_UNSIGNED_BYTE, 4,
       [](Rng& r) { auto a = random_blocks_alpha(r); return concat(a, bc1_blocks(r, kBlocks)); }},
      {"bc3", GL_COMPRESSED_RGBA_S3TC_DXT5_EXT, 16, GL_RGBA, GL_UNSIGNED_BYTE, 4,
       [](Rng& r) { auto a = bc4_blocks(r, kBlocks); return concat(a, bc1_blocks(r, kBlocks)); }},
      {"bc4", GL_COMPRESSED_RED_RGTC1, 8, GL_RED, GL_UNSIGNED_BYTE, 1, [](Rng& r) { return bc4_blocks(r, kBlocks); }},
      {"bc4_snorm", GL_COMPRESSED_SIGNED_RED_RGTC1, 8, GL_RED, GL_BYTE, 1, [](Rng& r) { return bc4_blocks(r, kBlocks); }},
      {"bc5", GL_COMPRESSED_RG_RGTC2, 16, GL_RG, GL_UNSIGNED_BYTE, 2,
       [](Rng& r) { auto a = bc4_blocks(r, kBlocks); return concat(a, bc4_blocks(r, kBlocks)); }},
      {"bc5_snorm", GL_COMPRESSED_SIGNED_RG_RGTC2, 16, GL_RG, GL_BYTE, 2,
       [](Rng& r) { auto a = bc4_blocks(r, kBlocks); return concat(a, bc4_blocks(r, kBlocks)); }},
  };
  bool ok = true;
  for (const Spec& s : specs) {
    uint64_t seed = 0xcbf29ce484222325ull;  // FNV-1a of the name: a fixed seed per format
    for (const char* c = s.name; *c; ++c) seed = (seed ^ static_cast<uint8_t>(*c)) * 0x100000001b3ull;
    Rng rng{seed | 1};
    ok = write_vectors(dir, s, rng) && ok;
  }
  eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
  eglTerminate(dpy);
  return ok ? 0 : 1;
}
