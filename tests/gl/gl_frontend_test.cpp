// The generated GL entry points and the context skeleton, without EGL.
#include <gtest/gtest.h>

#include <cstring>
#include <set>
#include <string>
#include <atomic>
#include <thread>
#include <vector>

#include "gl_test_context.h"

namespace brass::gl {
namespace {

using test::Current;
using test::proc;
using test::test_desc;

TEST(GlEntryPoints, TableHoldsEveryEs2Es3Es31Es32AndCoreFunctionSortedOnce) {
  size_t count = 0;
  const FunctionInfo* table = function_table(&count);
  ASSERT_EQ(count, kFunctionCount);
  size_t es20 = 0, es30_only = 0, es31_only = 0, es32_only = 0, extension = 0, desktop_only = 0;
  for (size_t i = 0; i < count; ++i) {
    if (i) {
      EXPECT_LT(std::strcmp(table[i - 1].name, table[i].name), 0);
    }
    // Every function is ES 3.1's, ES 3.2's, desktop core's or the
    // compatibility profile's (or several).
    EXPECT_TRUE(table[i].profiles & (kProfileES31 | kProfileES32 | kProfileGL_CORE | kProfileGL_COMPAT))
        << table[i].name;
    if (table[i].extension) {
      ++extension;
    } else if (table[i].profiles & kProfileES20) {
      ++es20;
    } else if (table[i].profiles & kProfileES30) {
      ++es30_only;
    } else if (table[i].profiles & kProfileES31) {
      ++es31_only;
    } else if (table[i].profiles & kProfileES32) {
      ++es32_only;
    } else {
      ++desktop_only;
    }
    EXPECT_EQ(find_function(table[i].name), &table[i]);
    EXPECT_EQ(get_proc_address(table[i].name), reinterpret_cast<void*>(table[i].proc));
  }
  // gl.xml: GL_ES_VERSION_2_0 requires 142 commands, GL_ES_VERSION_3_0 adds
  // 104, GL_ES_VERSION_3_1 adds 68, GL_ES_VERSION_3_2 adds 44.
  EXPECT_EQ(es20, 142u);
  EXPECT_EQ(es30_only, 104u);
  EXPECT_EQ(es31_only, 68u);
  EXPECT_EQ(es32_only, 44u);
  EXPECT_GT(extension, 0u);
  EXPECT_GT(desktop_only, 200u);
  // Extension aliases of core functions share the core handler.
  const FunctionInfo* oes = find_function("glBindVertexArrayOES");
  ASSERT_NE(oes, nullptr);
  EXPECT_STREQ(oes->extension, "GL_OES_vertex_array_object");
  EXPECT_TRUE(oes->implemented);
  // Commands the core profile removed are the compatibility profile's only.
  for (const char* name : {"glBegin", "glMatrixMode", "glNewList", "glVertexP2ui"}) {
    const FunctionInfo* f = find_function(name);
    ASSERT_NE(f, nullptr) << name;
    EXPECT_EQ(f->profiles, uint32_t(kProfileGL_COMPAT)) << name;
  }
  for (const char* name : {"glDrawArrays", "glTexImage2D", "glShaderSource", "glBlitFramebuffer",
                           "glFenceSync", "glGetStringi", "glTexStorage3D", "glReadPixels"})
    EXPECT_NE(find_function(name), nullptr) << name;
  EXPECT_NE(find_function("glDispatchCompute"), nullptr);
  // The desktop core profile up to 4.6, without what it removed.
  const FunctionInfo* polygon_mode = find_function("glPolygonMode");
  ASSERT_NE(polygon_mode, nullptr);
  EXPECT_EQ(polygon_mode->profiles, static_cast<uint32_t>(kProfileGL_CORE));
  EXPECT_NE(find_function("glSpecializeShader"), nullptr);
  EXPECT_NE(find_function("glTexBuffer"), nullptr);  // GL 3.1 core (ES 3.2's is not generated yet)
  // Desktop-only extension commands (--desktop-extensions): desktop profile only.
  const FunctionInfo* int64 = find_function("glUniform1i64ARB");
  ASSERT_NE(int64, nullptr);
  EXPECT_EQ(int64->profiles, static_cast<uint32_t>(kProfileGL_CORE));
  EXPECT_STREQ(int64->extension, "GL_ARB_gpu_shader_int64");
  EXPECT_TRUE(int64->implemented);
  // Compatibility-profile extensions' aliases (--compat-extensions): the
  // core command's desktop profiles, not ES's, and its handler
  // (glBindFragDataLocationEXT is EXT_blend_func_extended's entry point
  // already).
  for (const char* name : {"glFramebufferTextureLayerEXT", "glUniform1uiEXT", "glVertexAttribI4uiEXT", "glBindBufferARB",
                           "glMapBufferARB"}) {
    const FunctionInfo* f = find_function(name);
    ASSERT_NE(f, nullptr) << name;
    EXPECT_EQ(f->profiles, static_cast<uint32_t>(kProfileGL_CORE)) << name;
    EXPECT_TRUE(f->implemented) << name;
  }
  // A compatibility-only command's alias keeps its compatibility profile.
  const FunctionInfo* window_pos = find_function("glWindowPos2iARB");
  ASSERT_NE(window_pos, nullptr);
  EXPECT_EQ(window_pos->profiles, find_function("glWindowPos2i")->profiles);
  EXPECT_TRUE(window_pos->implemented);
  EXPECT_EQ(find_function("glNotAFunction"), nullptr);
  EXPECT_EQ(get_proc_address(nullptr), nullptr);
}

TEST(GlEntryPoints, NoCurrentContextMakesCallsNoOps) {
  set_current_context(nullptr);
  auto get_error = proc<GLenum (*)()>("glGetError");
  auto clear = proc<void (*)(GLbitfield)>("glClear");
  auto get_string = proc<const GLubyte* (*)(GLenum)>("glGetString");
  clear(GL_COLOR_BUFFER_BIT);
  EXPECT_EQ(get_string(GL_VENDOR), nullptr);
  EXPECT_EQ(get_error(), static_cast<GLenum>(GL_NO_ERROR));
}

TEST(GlEntryPoints, UnimplementedFunctionRecordsInvalidOperation) {
  // Any generated function without a handler will do; as areas land the set
  // shrinks, so the test picks one from the table instead of naming it.
  size_t count = 0;
  const FunctionInfo* table = function_table(&count);
  const FunctionInfo* missing = nullptr;
  for (size_t i = 0; i < count && !missing; ++i) {
    // Only functions taking no pointer we would have to fake: void(GLenum) etc.
    // are called with zeros, which every GL function tolerates.
    if (!table[i].implemented) missing = &table[i];
  }
  if (!missing) GTEST_SKIP() << "every generated function is implemented";
  auto ctx = Context::create(test_desc(), nullptr);
  Current cur(ctx.get());
  auto get_error = proc<GLenum (*)()>("glGetError");
  // Entry points read their arguments from registers; calling through a
  // no-argument signature passes zeros/garbage that an unimplemented stub
  // never looks at.
  reinterpret_cast<void (*)()>(missing->proc)();
  EXPECT_EQ(get_error(), static_cast<GLenum>(GL_INVALID_OPERATION)) << missing->name;
  EXPECT_EQ(get_error(), static_cast<GLenum>(GL_NO_ERROR));
}

TEST(GlContext, FirstErrorSticksUntilRead) {
  auto ctx = Context::create(test_desc(), nullptr);
  Current cur(ctx.get());
  auto get_error = proc<GLenum (*)()>("glGetError");
  auto enable = proc<void (*)(GLenum)>("glEnable");
  auto viewport = proc<void (*)(GLint, GLint, GLsizei, GLsizei)>("glViewport");
  enable(0x1234);                 // GL_INVALID_ENUM
  viewport(0, 0, -1, 1);          // GL_INVALID_VALUE, dropped
  EXPECT_EQ(get_error(), static_cast<GLenum>(GL_INVALID_ENUM));
  EXPECT_EQ(get_error(), static_cast<GLenum>(GL_NO_ERROR));
}

TEST(GlContext, StringsNameBrassAndTheDevice) {
  ContextDesc desc = test_desc();
  desc.device_name = "Test GPU";
  auto ctx = Context::create(desc, nullptr);
  Current cur(ctx.get());
  auto get_string = proc<const GLubyte* (*)(GLenum)>("glGetString");
  auto get_error = proc<GLenum (*)()>("glGetError");
  auto str = [&](GLenum e) { return std::string(reinterpret_cast<const char*>(get_string(e))); };
  EXPECT_EQ(str(GL_VENDOR), "Brass");
  EXPECT_EQ(str(GL_RENDERER), "Brass (Test GPU)");
  // ES 3.2 where the device has all of it, else ES 3.1; the shading
  // language version goes with it.
  const bool es32 = str(GL_VERSION).rfind("OpenGL ES 3.2 Brass ", 0) == 0;
  EXPECT_TRUE(es32 || str(GL_VERSION).rfind("OpenGL ES 3.1 Brass ", 0) == 0) << str(GL_VERSION);
  EXPECT_EQ(str(GL_SHADING_LANGUAGE_VERSION), es32 ? "OpenGL ES GLSL ES 3.20" : "OpenGL ES GLSL ES 3.10");
  EXPECT_EQ(get_string(GL_TEXTURE_2D), nullptr);
  EXPECT_EQ(get_error(), static_cast<GLenum>(GL_INVALID_ENUM));
}

TEST(GlContext, BasicQueriesAndDrawableSize) {
  auto ctx = Context::create(test_desc(), nullptr);
  Current cur(ctx.get());
  Drawable d;
  d.width = 64;
  d.height = 32;
  d.depth_bits = 24;
  ctx->bind_drawables(&d, &d);
  auto get_integerv = proc<void (*)(GLenum, GLint*)>("glGetIntegerv");
  auto get_floatv = proc<void (*)(GLenum, GLfloat*)>("glGetFloatv");
  auto get_booleanv = proc<void (*)(GLenum, GLboolean*)>("glGetBooleanv");
  auto clear_color = proc<void (*)(GLfloat, GLfloat, GLfloat, GLfloat)>("glClearColor");
  auto enable = proc<void (*)(GLenum)>("glEnable");
  auto get_error = proc<GLenum (*)()>("glGetError");
  GLint v[4] = {};
  get_integerv(GL_VIEWPORT, v);
  EXPECT_EQ(v[2], 64);
  EXPECT_EQ(v[3], 32);
  get_integerv(GL_SCISSOR_BOX, v);
  EXPECT_EQ(v[2], 64);
  get_integerv(GL_DEPTH_BITS, v);
  EXPECT_EQ(v[0], 24);
  get_integerv(GL_MAJOR_VERSION, v);
  EXPECT_EQ(v[0], 3);
  clear_color(0.25f, 0.5f, 0.75f, 1.0f);
  GLfloat f[4] = {};
  get_floatv(GL_COLOR_CLEAR_VALUE, f);
  EXPECT_FLOAT_EQ(f[1], 0.5f);
  enable(GL_SCISSOR_TEST);
  GLboolean b = GL_FALSE;
  get_booleanv(GL_SCISSOR_TEST, &b);
  EXPECT_EQ(b, GL_TRUE);
  get_integerv(0xDEAD, v);
  EXPECT_EQ(get_error(), static_cast<GLenum>(GL_INVALID_ENUM));
  // A later bind to another surface keeps the viewport (only the first sets it).
  d.width = 8;
  ctx->bind_drawables(&d, &d);
  get_integerv(GL_VIEWPORT, v);
  EXPECT_EQ(v[2], 64);
}

TEST(GlContext, ShareGroupsShareObjectNamesButNotContainers) {
  auto a = Context::create(test_desc(), nullptr);
  auto b = Context::create(test_desc(), a.get());
  auto c = Context::create(test_desc(), nullptr);
  EXPECT_EQ(a->share_group_ptr(), b->share_group_ptr());
  EXPECT_NE(a->share_group_ptr(), c->share_group_ptr());
  auto gen_buffers = proc<void (*)(GLsizei, GLuint*)>("glGenBuffers");
  auto gen_framebuffers = proc<void (*)(GLsizei, GLuint*)>("glGenFramebuffers");
  GLuint na = 0, nb = 0, nc = 0, fa = 0, fb = 0;
  set_current_context(a.get());
  gen_buffers(1, &na);
  gen_framebuffers(1, &fa);
  set_current_context(b.get());
  gen_buffers(1, &nb);
  gen_framebuffers(1, &fb);
  set_current_context(c.get());
  gen_buffers(1, &nc);
  set_current_context(nullptr);
  EXPECT_NE(na, nb);  // one namespace for a and b
  EXPECT_EQ(na, nc);  // c has its own
  EXPECT_EQ(fa, fb);  // framebuffers are per context
  // The share group outlives the context that created it.
  a.reset();
  EXPECT_TRUE(b->share_group().buffers.is_name(na));
}

TEST(GlContext, ContextsOnSeveralThreadsKeepTheirOwnErrors) {
  auto get_error = proc<GLenum (*)()>("glGetError");
  auto enable = proc<void (*)(GLenum)>("glEnable");
  auto viewport = proc<void (*)(GLint, GLint, GLsizei, GLsizei)>("glViewport");
  std::vector<std::thread> threads;
  std::atomic<int> ok{0};
  for (int i = 0; i < 4; ++i) {
    threads.emplace_back([&, i] {
      auto ctx = Context::create(test_desc(), nullptr);
      set_current_context(ctx.get());
      for (int k = 0; k < 1000; ++k) {
        if (i % 2) enable(0x1);
        else viewport(0, 0, -1, -1);
        const GLenum want = i % 2 ? GL_INVALID_ENUM : GL_INVALID_VALUE;
        if (get_error() != want) return;
      }
      set_current_context(nullptr);
      ++ok;
    });
  }
  for (auto& t : threads) t.join();
  EXPECT_EQ(ok.load(), 4);
}

}  // namespace
}  // namespace brass::gl
