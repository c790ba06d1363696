// ES 3.1 image load/store in the frontend, without EGL (this binary runs
// with BRASS_GLES_VERSION_OVERRIDE=3.1): which textures get storage-image
// usage, the per-stage pipe slots image uniforms get at link, and the views
// a dispatch binds.
#include <gtest/gtest.h>

#include <bit>
#include <string>
#include <vector>

#include "gl_test_context.h"

namespace brass::gl {
namespace {

using test::proc;
using test::test_desc;

class GlImages : public ::testing::Test {
 protected:
  void SetUp() override {
    ctx = Context::create(test_desc(), nullptr);
    ASSERT_TRUE(ctx);
    ASSERT_TRUE(ctx->es31()) << "this binary runs with BRASS_GLES_VERSION_OVERRIDE=3.1";
    set_current_context(ctx.get());
  }
  void TearDown() override {
    EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR)) << "a GL error was left unchecked";
    set_current_context(nullptr);
  }
  GLuint texture(GLenum target) {
    GLuint t = 0;
    proc<PFNGLGENTEXTURESPROC>("glGenTextures")(1, &t);
    proc<PFNGLBINDTEXTUREPROC>("glBindTexture")(target, t);
    return t;
  }
  uint32_t bind_flags(GLuint name) {
    const Texture* t = ctx->share_group().textures.lookup(name).get();
    EXPECT_TRUE(t && t->resource);
    return t && t->resource ? t->resource->templ().bind : 0u;
  }
  // Links a program of (type, source) shaders; null on failure.
  LinkedProgram* link(std::vector<std::pair<GLenum, std::string>> shaders) {
    const GLuint p = proc<PFNGLCREATEPROGRAMPROC>("glCreateProgram")();
    for (const auto& [type, src] : shaders) {
      const GLuint sh = proc<PFNGLCREATESHADERPROC>("glCreateShader")(type);
      const char* text = src.c_str();
      proc<PFNGLSHADERSOURCEPROC>("glShaderSource")(sh, 1, &text, nullptr);
      proc<PFNGLCOMPILESHADERPROC>("glCompileShader")(sh);
      proc<PFNGLATTACHSHADERPROC>("glAttachShader")(p, sh);
    }
    proc<PFNGLLINKPROGRAMPROC>("glLinkProgram")(p);
    proc<PFNGLUSEPROGRAMPROC>("glUseProgram")(p);
    // The executable this context draws with (context_executables.h).
    return ctx->current_executable.get();
  }
  static std::vector<pipe::ShaderBinding> image_bindings(const LinkedProgram& lp) {
    std::vector<pipe::ShaderBinding> out;
    for (const pipe::ShaderBinding& b : lp.info.bindings)
      if (b.set == 4) out.push_back(b);
    return out;
  }

  PFNGLGETERRORPROC glGetError = proc<PFNGLGETERRORPROC>("glGetError");
  PFNGLTEXSTORAGE2DPROC glTexStorage2D = proc<PFNGLTEXSTORAGE2DPROC>("glTexStorage2D");
  std::unique_ptr<Context> ctx;
};

TEST_F(GlImages, OnlyImmutableTexturesOfImageFormatsGetStorageUsage) {
  // (R8 and RG32F are NV_image_formats' formats.)
  for (GLenum f : {GL_RGBA8, GL_R32UI, GL_R32F, GL_RGBA16F, GL_RGBA32I, GL_RGBA8_SNORM, GL_R8, GL_RG32F}) {
    const GLuint t = texture(GL_TEXTURE_2D);
    glTexStorage2D(GL_TEXTURE_2D, 1, f, 4, 4);
    EXPECT_NE(bind_flags(t) & pipe::kBindShaderImage, 0u) << f;
  }
  // Formats no image unit takes, and mutable textures (ES binds only
  // immutable ones), are made as in ES 3.0.
  for (GLenum f : {GL_RGB8, GL_SRGB8_ALPHA8, GL_RGB565, GL_RGB16F, GL_DEPTH24_STENCIL8, GL_COMPRESSED_RGBA8_ETC2_EAC}) {
    const GLuint t = texture(GL_TEXTURE_2D);
    glTexStorage2D(GL_TEXTURE_2D, 1, f, 4, 4);
    EXPECT_EQ(bind_flags(t) & pipe::kBindShaderImage, 0u) << f;
  }
  const GLuint t = texture(GL_TEXTURE_2D);
  proc<PFNGLTEXIMAGE2DPROC>("glTexImage2D")(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  EXPECT_EQ(bind_flags(t) & pipe::kBindShaderImage, 0u);
}

TEST_F(GlImages, ImageUniformsGetDensePerStageSlotsAndTheirBindingsUnits) {
  LinkedProgram* lp = link({{GL_COMPUTE_SHADER, R"(#version 310 es
layout(local_size_x = 1) in;
uniform uint a;
layout(r32ui, binding = 2) writeonly uniform highp uimage2D x;
uniform uint b;
layout(rgba8, binding = 0) writeonly uniform highp image2DArray y[2];
void main() {
  imageStore(x, ivec2(0), uvec4(a + b));
  imageStore(y[0], ivec3(0), vec4(0.0));
  imageStore(y[1], ivec3(0), vec4(1.0));
})"}});
  ASSERT_TRUE(lp);
  const std::vector<pipe::ShaderBinding> bindings = image_bindings(*lp);
  ASSERT_EQ(bindings.size(), 2u);
  ASSERT_EQ(lp->images.size(), 3u);
  // Slots 0..2 of the compute stage, whatever the uniforms' indices.
  std::vector<bool> used(3, false);
  for (const ImageSlot& s : lp->images) {
    EXPECT_EQ(s.stages, pipe::stage_bit(pipe::ShaderStage::Compute));
    ASSERT_LT(s.slot, 3u);
    used[s.slot] = true;
    if (s.image_type == GL_UNSIGNED_INT_IMAGE_2D) {
      EXPECT_EQ(s.unit, 2);
    }
  }
  EXPECT_EQ(used, std::vector<bool>(3, true));
  // The binding table says the same: two bindings over slots 0..2.
  uint32_t covered = 0;
  for (const pipe::ShaderBinding& b : bindings)
    for (uint32_t a = 0; a < b.array_count; ++a) {
      EXPECT_EQ(covered & (1u << (b.slot + a)), 0u);
      covered |= 1u << (b.slot + a);
    }
  EXPECT_EQ(covered, 7u);
  // The array's elements read consecutive units from its binding.
  std::vector<GLint> array_units;
  for (const ImageSlot& s : lp->images)
    if (s.image_type == GL_IMAGE_2D_ARRAY) array_units.push_back(s.unit);
  EXPECT_EQ(array_units, (std::vector<GLint>{0, 1}));
}

TEST_F(GlImages, EachGraphicsStageNumbersItsOwnSlotsAndSharedImagesAgree) {
  if (ctx->limits.max_vertex_image_uniforms < 2 || ctx->limits.max_fragment_image_uniforms < 3)
    GTEST_SKIP() << "not enough vertex or fragment image uniforms on this device";
  LinkedProgram* lp = link({{GL_VERTEX_SHADER, R"(#version 310 es
layout(r32ui, binding = 1) readonly uniform highp uimage2D v;
layout(r32ui, binding = 0) readonly uniform highp uimage2D shared_img;
void main() { gl_Position = vec4(float(imageLoad(v, ivec2(0)).x + imageLoad(shared_img, ivec2(0)).x)); })"},
                            {GL_FRAGMENT_SHADER, R"(#version 310 es
precision mediump float;
layout(r32ui, binding = 2) readonly uniform highp uimage2D f0;
layout(r32f, binding = 3) readonly uniform highp image2D f1;
layout(r32ui, binding = 0) readonly uniform highp uimage2D shared_img;
out vec4 o;
void main() {
  o = vec4(float(imageLoad(f0, ivec2(0)).x + imageLoad(shared_img, ivec2(0)).x) + imageLoad(f1, ivec2(0)).x);
})"}});
  ASSERT_TRUE(lp);
  ASSERT_EQ(lp->images.size(), 4u);
  const uint32_t vs = pipe::stage_bit(pipe::ShaderStage::Vertex), fs = pipe::stage_bit(pipe::ShaderStage::Fragment);
  // No two images share a slot in a stage whose descriptors hold both; the
  // one both stages read has one slot, free in each. (The compiler may give
  // a binding more stages than read it: its slot is reserved in each.)
  uint32_t vertex_slots = 0, fragment_slots = 0;
  for (const ImageSlot& s : lp->images) {
    ASSERT_LT(s.slot, pipe::kMaxShaderImages);
    if (s.unit == 0) {
      EXPECT_EQ(s.stages, vs | fs) << "the image both stages declare";
    } else if (s.unit == 1) {
      EXPECT_NE(s.stages & vs, 0u);
    } else {
      EXPECT_NE(s.stages & fs, 0u);
    }
    if (s.stages & vs) {
      EXPECT_EQ(vertex_slots & (1u << s.slot), 0u) << s.slot;
      vertex_slots |= 1u << s.slot;
    }
    if (s.stages & fs) {
      EXPECT_EQ(fragment_slots & (1u << s.slot), 0u) << s.slot;
      fragment_slots |= 1u << s.slot;
    }
  }
  EXPECT_GE(std::popcount(vertex_slots), 2);
  EXPECT_GE(std::popcount(fragment_slots), 3);
  EXPECT_LT(vertex_slots | fragment_slots, 1u << 4) << "dense";
}

TEST_F(GlImages, ImageUnitsStateAndUnbindOnDelete) {
  const GLuint t = texture(GL_TEXTURE_2D_ARRAY);
  proc<PFNGLTEXSTORAGE3DPROC>("glTexStorage3D")(GL_TEXTURE_2D_ARRAY, 2, GL_RGBA8, 4, 4, 3);
  auto bind_image = proc<PFNGLBINDIMAGETEXTUREPROC>("glBindImageTexture");
  bind_image(1, t, 1, GL_FALSE, 2, GL_READ_WRITE, GL_R32UI);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  const ImageUnit& u = ctx->image_units[1];
  EXPECT_EQ(u.texture.get(), ctx->share_group().textures.lookup(t));
  EXPECT_EQ(u.level, 1);
  EXPECT_FALSE(u.layered);
  EXPECT_EQ(u.layer, 2);
  EXPECT_EQ(u.access, GLenum(GL_READ_WRITE));
  EXPECT_EQ(u.format, GLenum(GL_R32UI));
  EXPECT_NE(ctx->dirty_bits() & kDirtyImages, 0u);
  proc<PFNGLDELETETEXTURESPROC>("glDeleteTextures")(1, &t);
  EXPECT_FALSE(ctx->image_units[1].texture);
  EXPECT_EQ(ctx->image_units[1].format, GLenum(GL_R32UI));
  EXPECT_EQ(ctx->image_units[1].level, 0);
}

TEST_F(GlImages, FormatTableIsEs31Table827) {
  int count = 0, extended = 0;
  for (GLenum f = 0; f < 0x10000; ++f) {
    const ImageFormatInfo* i = find_image_format(f);
    if (!i) continue;
    ++(i->extended ? extended : count);
    const pixel::InternalFormatInfo* tex = pixel::find_internal_format(f);
    ASSERT_NE(tex, nullptr) << f;
    // The unit's view format is the texture format's storage.
    EXPECT_EQ(i->pipe_format, tex->storage) << f;
    EXPECT_EQ(i->texel_bytes, pipe::describe(tex->storage).block_bytes) << f;
  }
  EXPECT_EQ(count, 13);
  EXPECT_EQ(extended, 26) << "desktop GL's table 8.26 beyond ES 3.1's (NV_image_formats)";
}

}  // namespace
}  // namespace brass::gl
