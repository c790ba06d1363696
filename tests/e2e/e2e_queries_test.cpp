// glGet*, glIsEnabled: values, ES 3.0 §6.1.2 type conversions and errors.
#include <algorithm>
#include <climits>
#include <cmath>
#include <string>
#include <vector>

#include "e2e_fixture.h"

namespace brass::e2e {
namespace {

using Queries = GlesTest;

TEST_F(Queries, FloatToIntegerConversions) {
  glClearColor(0.5f, -1.0f, 1.0f, 0.25f);
  GLint iv[4] = {};
  glGetIntegerv(GL_COLOR_CLEAR_VALUE, iv);
  // Normalized values map [-1,1] onto the full int range.
  EXPECT_NEAR(iv[0], 1073741824, 1);
  EXPECT_EQ(iv[1], -2147483647);
  EXPECT_EQ(iv[2], 2147483647);
  GLint64 i64[4] = {};
  glGetInteger64v(GL_COLOR_CLEAR_VALUE, i64);
  EXPECT_EQ(i64[2], 2147483647);
  GLboolean bv[4] = {};
  glGetBooleanv(GL_COLOR_CLEAR_VALUE, bv);
  EXPECT_EQ(bv[0], GL_TRUE);
  glClearColor(0.0f, 0.0f, 0.0f, 0.0f);
  glGetBooleanv(GL_COLOR_CLEAR_VALUE, bv);
  EXPECT_EQ(bv[0], GL_FALSE);

  // Non-normalized floats round to the nearest integer.
  glLineWidth(1.0f);
  glPolygonOffset(2.6f, -1.4f);
  GLint v = 0;
  glGetIntegerv(GL_POLYGON_OFFSET_FACTOR, &v);
  EXPECT_EQ(v, 3);
  glGetIntegerv(GL_POLYGON_OFFSET_UNITS, &v);
  EXPECT_EQ(v, -1);
  glClearDepthf(1.0f);
  glGetIntegerv(GL_DEPTH_CLEAR_VALUE, &v);
  EXPECT_EQ(v, 2147483647);
  GLint range[2] = {};
  glGetIntegerv(GL_DEPTH_RANGE, range);
  EXPECT_EQ(range[0], 0);
  EXPECT_EQ(range[1], 2147483647);

  // Integers and booleans as floats; booleans as integers.
  GLfloat f = 0;
  glGetFloatv(GL_MAX_TEXTURE_SIZE, &f);
  GLint size = 0;
  glGetIntegerv(GL_MAX_TEXTURE_SIZE, &size);
  EXPECT_EQ(f, GLfloat(size));
  glGetFloatv(GL_DEPTH_WRITEMASK, &f);
  EXPECT_EQ(f, 1.0f);
  glGetIntegerv(GL_DITHER, &v);
  EXPECT_EQ(v, 1);
  glGetBooleanv(GL_STENCIL_CLEAR_VALUE, bv);
  EXPECT_EQ(bv[0], GL_FALSE);
  // A stencil mask of all ones.
  glGetIntegerv(GL_STENCIL_WRITEMASK, &v);
  EXPECT_EQ(v, -1);
  GLint64 mask64 = 0;
  glGetInteger64v(GL_STENCIL_WRITEMASK, &mask64);
  EXPECT_EQ(mask64, 0xffffffffll);  // unsigned where it fits (StencilMasksAreUnsigned)
}

// Stencil masks are unsigned: a full mask reads as -1 through GetIntegerv
// (its bit pattern) and as 2^32 - 1 through GetFloatv and GetInteger64v.
TEST_F(Queries, StencilMasksAreUnsigned) {
  GLint i = 0;
  GLint64 i64 = 0;
  GLfloat f = 0;
  glGetIntegerv(GL_STENCIL_VALUE_MASK, &i);
  glGetInteger64v(GL_STENCIL_BACK_WRITEMASK, &i64);
  glGetFloatv(GL_STENCIL_VALUE_MASK, &f);
  EXPECT_EQ(i, -1);
  EXPECT_EQ(i64, 0xffffffffll);
  EXPECT_FLOAT_EQ(f, 4294967295.0f);
  glStencilFunc(GL_ALWAYS, 0, 0xf0);
  glGetFloatv(GL_STENCIL_VALUE_MASK, &f);
  EXPECT_FLOAT_EQ(f, 240.0f);
}

// Point size and line width ranges are the device's, from 1.
TEST_F(Queries, AliasedRangesFromTheDevice) {
  GLfloat points[2] = {}, lines[2] = {};
  glGetFloatv(GL_ALIASED_POINT_SIZE_RANGE, points);
  glGetFloatv(GL_ALIASED_LINE_WIDTH_RANGE, lines);
  EXPECT_EQ(points[0], 1.0f);
  EXPECT_GE(points[1], 1.0f);  // ES 3.0 table 6.28 minimum
  EXPECT_EQ(lines[0], 1.0f);
  EXPECT_GE(lines[1], 1.0f);
  EXPECT_EQ(points[1], std::floor(points[1]));
}

TEST_F(Queries, Limits) {
  GLint64 max_index = 0;
  glGetInteger64v(GL_MAX_ELEMENT_INDEX, &max_index);
  EXPECT_GE(max_index, (1 << 24) - 1);
  GLint v = 0;
  glGetIntegerv(GL_MAX_ELEMENT_INDEX, &v);  // too large for an int: clamped
  EXPECT_EQ(v, INT_MAX);
  struct Min {
    GLenum pname;
    GLint min;
  };
  const Min mins[] = {
      {GL_MAX_3D_TEXTURE_SIZE, 256},           {GL_MAX_TEXTURE_SIZE, 2048},
      {GL_MAX_ARRAY_TEXTURE_LAYERS, 256},      {GL_MAX_CUBE_MAP_TEXTURE_SIZE, 2048},
      {GL_MAX_RENDERBUFFER_SIZE, 2048},        {GL_MAX_DRAW_BUFFERS, 4},
      {GL_MAX_COLOR_ATTACHMENTS, 4},           {GL_MAX_VERTEX_ATTRIBS, 16},
      {GL_MAX_VERTEX_UNIFORM_COMPONENTS, 1024}, {GL_MAX_VERTEX_UNIFORM_VECTORS, 256},
      {GL_MAX_VERTEX_UNIFORM_BLOCKS, 12},      {GL_MAX_VERTEX_OUTPUT_COMPONENTS, 64},
      {GL_MAX_VERTEX_TEXTURE_IMAGE_UNITS, 16}, {GL_MAX_FRAGMENT_UNIFORM_COMPONENTS, 896},
      {GL_MAX_FRAGMENT_UNIFORM_VECTORS, 224},  {GL_MAX_FRAGMENT_UNIFORM_BLOCKS, 12},
      {GL_MAX_FRAGMENT_INPUT_COMPONENTS, 60},  {GL_MAX_TEXTURE_IMAGE_UNITS, 16},
      {GL_MAX_PROGRAM_TEXEL_OFFSET, 7},        {GL_MAX_UNIFORM_BUFFER_BINDINGS, 24},
      {GL_MAX_UNIFORM_BLOCK_SIZE, 16384},      {GL_MAX_COMBINED_UNIFORM_BLOCKS, 24},
      {GL_MAX_VARYING_COMPONENTS, 60},         {GL_MAX_VARYING_VECTORS, 15},
      {GL_MAX_COMBINED_TEXTURE_IMAGE_UNITS, 32}, {GL_MAX_TRANSFORM_FEEDBACK_INTERLEAVED_COMPONENTS, 64},
      {GL_MAX_TRANSFORM_FEEDBACK_SEPARATE_ATTRIBS, 4}, {GL_MAX_TRANSFORM_FEEDBACK_SEPARATE_COMPONENTS, 4},
      {GL_MAX_SAMPLES, 4},                     {GL_MAX_ELEMENTS_INDICES, 1},
      {GL_MAX_ELEMENTS_VERTICES, 1},           {GL_SUBPIXEL_BITS, 4},
      {GL_MAJOR_VERSION, 3},
  };
  for (const Min& m : mins) {
    v = -12345;
    glGetIntegerv(m.pname, &v);
    EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR)) << std::hex << m.pname;
    EXPECT_GE(v, m.min) << std::hex << m.pname;
  }
  glGetIntegerv(GL_MIN_PROGRAM_TEXEL_OFFSET, &v);
  EXPECT_LE(v, -8);
  GLint64 combined = 0;
  glGetInteger64v(GL_MAX_COMBINED_VERTEX_UNIFORM_COMPONENTS, &combined);
  EXPECT_GE(combined, 12 * 16384 / 4 + 1024);
  GLfloat bias = 0;
  glGetFloatv(GL_MAX_TEXTURE_LOD_BIAS, &bias);
  EXPECT_GE(bias, 2.0f);
  GLint64 timeout = -1;
  glGetInteger64v(GL_MAX_SERVER_WAIT_TIMEOUT, &timeout);
  EXPECT_GE(timeout, 0);

  // Every compressed format the context accepts: the ten ETC2/EAC formats,
  // and ETC1, S3TC, RGTC and the 28 ASTC LDR formats when their extensions
  // are exposed.
  GLint n = 0;
  glGetIntegerv(GL_NUM_COMPRESSED_TEXTURE_FORMATS, &n);
  std::vector<GLint> formats(static_cast<size_t>(n) + 1, -1);
  glGetIntegerv(GL_COMPRESSED_TEXTURE_FORMATS, formats.data());
  EXPECT_EQ(formats[static_cast<size_t>(n)], -1);  // exactly n written
  formats.pop_back();
  const std::string ext = reinterpret_cast<const char*>(glGetString(GL_EXTENSIONS));
  auto listed = [&](GLint f) { return std::find(formats.begin(), formats.end(), f) != formats.end(); };
  for (GLint f : {GL_COMPRESSED_R11_EAC, GL_COMPRESSED_SIGNED_R11_EAC, GL_COMPRESSED_RG11_EAC,
                  GL_COMPRESSED_SIGNED_RG11_EAC, GL_COMPRESSED_RGB8_ETC2, GL_COMPRESSED_SRGB8_ETC2,
                  GL_COMPRESSED_RGB8_PUNCHTHROUGH_ALPHA1_ETC2, GL_COMPRESSED_SRGB8_PUNCHTHROUGH_ALPHA1_ETC2,
                  GL_COMPRESSED_RGBA8_ETC2_EAC, GL_COMPRESSED_SRGB8_ALPHA8_ETC2_EAC})
    EXPECT_TRUE(listed(f)) << std::hex << f;
  EXPECT_EQ(listed(GL_ETC1_RGB8_OES), ext.find("GL_OES_compressed_ETC1_RGB8_texture") != std::string::npos);
  EXPECT_EQ(listed(GL_COMPRESSED_RGBA_S3TC_DXT5_EXT), ext.find("GL_EXT_texture_compression_s3tc") != std::string::npos);
  EXPECT_EQ(listed(GL_COMPRESSED_RED_RGTC1_EXT), ext.find("GL_EXT_texture_compression_rgtc") != std::string::npos);
  const bool astc = ext.find("GL_KHR_texture_compression_astc_ldr") != std::string::npos;
  for (GLint f = GL_COMPRESSED_RGBA_ASTC_4x4_KHR; f <= GL_COMPRESSED_RGBA_ASTC_12x12_KHR; ++f) {
    EXPECT_EQ(listed(f), astc) << std::hex << f;
    EXPECT_EQ(listed(f - GL_COMPRESSED_RGBA_ASTC_4x4_KHR + GL_COMPRESSED_SRGB8_ALPHA8_ASTC_4x4_KHR), astc) << std::hex << f;
  }
  EXPECT_EQ(static_cast<size_t>(n), formats.size());
  glGetIntegerv(GL_NUM_PROGRAM_BINARY_FORMATS, &n);
  EXPECT_EQ(n, 0);
  glGetIntegerv(GL_NUM_SHADER_BINARY_FORMATS, &n);
  EXPECT_EQ(n, 0);
  GLboolean compiler = GL_FALSE;
  glGetBooleanv(GL_SHADER_COMPILER, &compiler);
  EXPECT_EQ(compiler, GL_TRUE);
  GLfloat ranges[2] = {};
  glGetFloatv(GL_ALIASED_LINE_WIDTH_RANGE, ranges);
  EXPECT_EQ(ranges[0], 1.0f);
  GLint dims[2] = {};
  glGetIntegerv(GL_MAX_VIEWPORT_DIMS, dims);
  EXPECT_GE(dims[1], 2048);
}

TEST_F(Queries, BindingsAndFramebufferState) {
  GLint v = -1;
  for (GLenum pname : {GL_ARRAY_BUFFER_BINDING, GL_ELEMENT_ARRAY_BUFFER_BINDING, GL_VERTEX_ARRAY_BINDING,
                       GL_TEXTURE_BINDING_2D, GL_TEXTURE_BINDING_3D, GL_TEXTURE_BINDING_2D_ARRAY,
                       GL_TEXTURE_BINDING_CUBE_MAP, GL_SAMPLER_BINDING, GL_CURRENT_PROGRAM, GL_RENDERBUFFER_BINDING,
                       GL_DRAW_FRAMEBUFFER_BINDING, GL_READ_FRAMEBUFFER_BINDING, GL_UNIFORM_BUFFER_BINDING,
                       GL_TRANSFORM_FEEDBACK_BUFFER_BINDING, GL_TRANSFORM_FEEDBACK_BINDING,
                       GL_PIXEL_PACK_BUFFER_BINDING, GL_PIXEL_UNPACK_BUFFER_BINDING, GL_COPY_READ_BUFFER_BINDING,
                       GL_COPY_WRITE_BUFFER_BINDING}) {
    v = -1;
    glGetIntegerv(pname, &v);
    EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR)) << std::hex << pname;
    EXPECT_EQ(v, 0) << std::hex << pname;
  }
  glGetIntegerv(GL_ACTIVE_TEXTURE, &v);
  EXPECT_EQ(v, GL_TEXTURE0);
  GLboolean active = GL_TRUE;
  glGetBooleanv(GL_TRANSFORM_FEEDBACK_ACTIVE, &active);
  EXPECT_EQ(active, GL_FALSE);

  // The framebuffer-dependent values follow the draw framebuffer.
  glGetIntegerv(GL_RED_BITS, &v);
  EXPECT_EQ(v, 8);
  glGetIntegerv(GL_DEPTH_BITS, &v);
  EXPECT_EQ(v, 24);
  glGetIntegerv(GL_STENCIL_BITS, &v);
  EXPECT_EQ(v, 8);
  glGetIntegerv(GL_SAMPLE_BUFFERS, &v);
  EXPECT_EQ(v, 0);
  GLuint fb = 0, rb = 0;
  glGenFramebuffers(1, &fb);
  glGenRenderbuffers(1, &rb);
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, fb);
  glBindRenderbuffer(GL_RENDERBUFFER, rb);
  glRenderbufferStorage(GL_RENDERBUFFER, GL_RGB565, 4, 4);
  glFramebufferRenderbuffer(GL_DRAW_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
  glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &v);
  EXPECT_EQ(v, GLint(fb));
  glGetIntegerv(GL_FRAMEBUFFER_BINDING, &v);
  EXPECT_EQ(v, GLint(fb));
  glGetIntegerv(GL_READ_FRAMEBUFFER_BINDING, &v);
  EXPECT_EQ(v, 0);
  glGetIntegerv(GL_RENDERBUFFER_BINDING, &v);
  EXPECT_EQ(v, GLint(rb));
  glGetIntegerv(GL_GREEN_BITS, &v);
  EXPECT_EQ(v, 6);
  glGetIntegerv(GL_DEPTH_BITS, &v);
  EXPECT_EQ(v, 0);
  glGetIntegerv(GL_DRAW_BUFFER0, &v);
  EXPECT_EQ(v, GL_COLOR_ATTACHMENT0);
  glGetIntegerv(GL_DRAW_BUFFER1, &v);
  EXPECT_EQ(v, GL_NONE);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glDeleteFramebuffers(1, &fb);
  glDeleteRenderbuffers(1, &rb);
}

TEST_F(Queries, IndexedQueries) {
  GLint v = -1;
  glGetIntegeri_v(GL_UNIFORM_BUFFER_BINDING, 0, &v);
  EXPECT_EQ(v, 0);
  GLint64 v64 = -1;
  glGetInteger64i_v(GL_UNIFORM_BUFFER_SIZE, 1, &v64);
  EXPECT_EQ(v64, 0);
  glGetIntegeri_v(GL_TRANSFORM_FEEDBACK_BUFFER_START, 3, &v);
  EXPECT_EQ(v, 0);
  GLint max_ubo = 0;
  glGetIntegerv(GL_MAX_UNIFORM_BUFFER_BINDINGS, &max_ubo);
  v = 77;
  glGetIntegeri_v(GL_UNIFORM_BUFFER_BINDING, GLuint(max_ubo), &v);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  EXPECT_EQ(v, 77);
  glGetIntegeri_v(GL_TRANSFORM_FEEDBACK_BUFFER_SIZE, 4, &v);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glGetIntegeri_v(GL_MAX_TEXTURE_SIZE, 0, &v);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  EXPECT_EQ(v, 77);
}

TEST_F(Queries, ErrorsLeaveOutputsAlone) {
  GLint v = 1234;
  glGetIntegerv(0x1234, &v);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  EXPECT_EQ(v, 1234);
  GLfloat f = 5.0f;
  glGetFloatv(GL_TEXTURE_2D, &f);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  EXPECT_EQ(f, 5.0f);
  GLint max_draw_buffers = 0;
  glGetIntegerv(GL_MAX_DRAW_BUFFERS, &max_draw_buffers);
  glGetIntegerv(GL_DRAW_BUFFER0 + GLenum(max_draw_buffers), &v);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  EXPECT_EQ(glIsEnabled(GL_TEXTURE_2D), GL_FALSE);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
}

TEST_F(Queries, IsEnabledEveryCap) {
  const std::pair<GLenum, bool> caps[] = {
      {GL_BLEND, false},          {GL_CULL_FACE, false},  {GL_DEPTH_TEST, false},
      {GL_DITHER, true},          {GL_POLYGON_OFFSET_FILL, false}, {GL_PRIMITIVE_RESTART_FIXED_INDEX, false},
      {GL_RASTERIZER_DISCARD, false}, {GL_SAMPLE_ALPHA_TO_COVERAGE, false}, {GL_SAMPLE_COVERAGE, false},
      {GL_SCISSOR_TEST, false},   {GL_STENCIL_TEST, false},
  };
  for (auto [cap, initial] : caps) {
    EXPECT_EQ(glIsEnabled(cap), initial ? GL_TRUE : GL_FALSE) << std::hex << cap;
    if (initial) glDisable(cap);
    else glEnable(cap);
    EXPECT_EQ(glIsEnabled(cap), initial ? GL_FALSE : GL_TRUE) << std::hex << cap;
    GLboolean b = GL_FALSE;
    glGetBooleanv(cap, &b);
    EXPECT_EQ(b, initial ? GL_FALSE : GL_TRUE);
    if (initial) glEnable(cap);
    else glDisable(cap);
  }
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

}  // namespace
}  // namespace brass::e2e
