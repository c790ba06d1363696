// The program area below the entry points: uniform type shapes, GL array
// name parsing, GL string returns, and the point-size program variant.
#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "driver/screen.h"
#include "gl/context.h"
#include "gl/program_resources.h"
#include "gl/program_util.h"
#include "gl/program_validation.h"
#include "gl_functions.h"

namespace brass::gl {
namespace {

TEST(ProgramUtil, TypeShapes) {
  EXPECT_EQ(type_shape(GL_FLOAT_VEC3).base, TypeShape::Float);
  EXPECT_EQ(type_shape(GL_FLOAT_VEC3).rows, 3);
  EXPECT_FALSE(type_shape(GL_FLOAT_VEC3).matrix());
  const TypeShape m = type_shape(GL_FLOAT_MAT2x4);
  EXPECT_TRUE(m.matrix());
  EXPECT_EQ(m.cols, 2);
  EXPECT_EQ(m.rows, 4);
  EXPECT_EQ(m.components(), 8);
  EXPECT_EQ(type_shape(GL_FLOAT_MAT4x3).cols, 4);
  EXPECT_EQ(type_shape(GL_FLOAT_MAT4x3).rows, 3);
  EXPECT_EQ(type_shape(GL_BOOL_VEC2).base, TypeShape::Bool);
  EXPECT_EQ(type_shape(GL_UNSIGNED_INT_VEC4).base, TypeShape::Uint);
  EXPECT_EQ(type_shape(GL_INT_SAMPLER_2D_ARRAY).base, TypeShape::Sampler);
  EXPECT_EQ(type_shape(GL_SAMPLER_2D_SHADOW).base, TypeShape::Sampler);
  EXPECT_EQ(type_shape(GL_NONE).base, TypeShape::Unknown);
}

TEST(ProgramUtil, ArrayNames) {
  std::string_view base;
  uint32_t element = 9;
  bool sub = true;
  ASSERT_TRUE(parse_array_name("color", &base, &element, &sub));
  EXPECT_EQ(base, "color");
  EXPECT_EQ(element, 0u);
  EXPECT_FALSE(sub);
  ASSERT_TRUE(parse_array_name("a[12]", &base, &element, &sub));
  EXPECT_EQ(base, "a");
  EXPECT_EQ(element, 12u);
  EXPECT_TRUE(sub);
  ASSERT_TRUE(parse_array_name("s[1].f[3]", &base, &element, &sub));
  EXPECT_EQ(base, "s[1].f");
  EXPECT_EQ(element, 3u);
  EXPECT_FALSE(parse_array_name("a[]", &base, &element, &sub));
  EXPECT_FALSE(parse_array_name("a[-1]", &base, &element, &sub));
  EXPECT_FALSE(parse_array_name("a[x]", &base, &element, &sub));
  EXPECT_FALSE(parse_array_name("[0]", &base, &element, &sub));
  EXPECT_FALSE(parse_array_name("a[1234567890]", &base, &element, &sub));
  // GL names carry no sign, spaces or leading zeros (ES 3.1 7.3.1).
  EXPECT_FALSE(parse_array_name("a[01]", &base, &element, &sub));
  EXPECT_FALSE(parse_array_name("a[+1]", &base, &element, &sub));
  EXPECT_FALSE(parse_array_name("a[ 1]", &base, &element, &sub));
  ASSERT_TRUE(parse_array_name("a[0]", &base, &element, &sub));
  EXPECT_EQ(element, 0u);
  ASSERT_TRUE(parse_array_name("a[10]", &base, &element, &sub));
  EXPECT_EQ(element, 10u);
}

// The name rules of ES 3.1 7.3.1 that every index and location look-up
// shares (glGetProgramResourceIndex/Location, glGetUniformLocation, ...).
TEST(ProgramUtil, ResourceNameMatching) {
  const auto index = [](std::string_view name, std::string_view entry, uint32_t elements) {
    return match_resource_name(name, entry, elements, NameRule::Entry);
  };
  const auto location = [](std::string_view name, std::string_view entry, uint32_t elements) {
    return match_resource_name(name, entry, elements, NameRule::Element);
  };
  // Exact names, and an array's name without its "[0]".
  EXPECT_EQ(index("color", "color", 1), 0u);
  EXPECT_EQ(index("a[0]", "a[0]", 4), 0u);
  EXPECT_EQ(index("a", "a[0]", 4), 0u);
  EXPECT_EQ(index("B", "B[0]", 1), 0u);  // arrays of blocks
  EXPECT_EQ(index("B[1]", "B[1]", 1), 0u);
  EXPECT_EQ(index("s[1].f", "s[1].f[0]", 3), 0u);
  // An index look-up never selects another element.
  EXPECT_FALSE(index("a[1]", "a[0]", 4));
  EXPECT_FALSE(index("B", "B[1]", 1));
  EXPECT_FALSE(index("colo", "color", 1));
  EXPECT_FALSE(index("color[0]", "color", 1));  // not an array
  EXPECT_FALSE(index("", "a", 1));
  EXPECT_FALSE(index("a[0]", "a", 1));
  // Locations also take any active element of an array entry.
  EXPECT_EQ(location("a[3]", "a[0]", 4), 3u);
  EXPECT_EQ(location("a", "a[0]", 4), 0u);
  EXPECT_EQ(location("s[1].f[2]", "s[1].f[0]", 3), 2u);
  EXPECT_FALSE(location("a[4]", "a[0]", 4));    // past the active elements
  EXPECT_FALSE(location("a[01]", "a[0]", 4));   // leading zero
  EXPECT_FALSE(location("color[0]", "color", 1));
  EXPECT_FALSE(location("color[1]", "color", 1));
  EXPECT_FALSE(location("s[2].f[1]", "s[1].f[0]", 3));  // another struct element is another entry
  EXPECT_FALSE(location("a[1]x", "a[0]", 4));
  EXPECT_FALSE(location("a[]", "a[0]", 4));
}

TEST(ProgramUtil, GlStrings) {
  char buf[4] = {'x', 'x', 'x', 'x'};
  GLsizei len = -1;
  copy_gl_string("hello", 4, &len, buf);
  EXPECT_EQ(len, 3);
  EXPECT_STREQ(buf, "hel");
  copy_gl_string("hello", 0, &len, buf);
  EXPECT_EQ(len, 0);
  EXPECT_STREQ(buf, "hel");  // untouched
  copy_gl_string("", 4, &len, buf);
  EXPECT_EQ(len, 0);
  EXPECT_STREQ(buf, "");
  copy_gl_string("abc", 4, nullptr, nullptr);
}

pipe::Screen* test_screen() {
  static std::unique_ptr<pipe::Screen> screen = [] {
    std::string why;
    auto s = driver::VulkanScreen::create(&why);
    EXPECT_TRUE(s) << why;
    return std::unique_ptr<pipe::Screen>(std::move(s));
  }();
  return screen.get();
}

GLuint link(Context& ctx, const char* vs, const char* fs) {
  GLuint p = api::CreateProgram(ctx);
  for (auto [type, src] : {std::pair{GLenum(GL_VERTEX_SHADER), vs}, std::pair{GLenum(GL_FRAGMENT_SHADER), fs}}) {
    GLuint s = api::CreateShader(ctx, type);
    api::ShaderSource(ctx, s, 1, &src, nullptr);
    api::CompileShader(ctx, s);
    api::AttachShader(ctx, p, s);
    api::DeleteShader(ctx, s);
  }
  api::LinkProgram(ctx, p);
  GLint ok = 0;
  api::GetProgramiv(ctx, p, GL_LINK_STATUS, &ok);
  EXPECT_EQ(ok, GL_TRUE);
  return p;
}

TEST(ProgramVariants, PointDrawsGetAPointSizeVariantOnlyWhenNeeded) {
  ContextDesc desc;
  desc.screen = test_screen();
  ASSERT_TRUE(desc.screen);
  std::unique_ptr<Context> ctx = Context::create(desc, nullptr);
  ASSERT_TRUE(ctx);
  set_current_context(ctx.get());
  const char* fs = "#version 300 es\nprecision mediump float;\nout vec4 o;\nvoid main() { o = vec4(1.0); }\n";
  GLuint plain = link(*ctx, "#version 300 es\nvoid main() { gl_Position = vec4(0.0); }\n", fs);
  GLuint sized =
      link(*ctx, "#version 300 es\nvoid main() { gl_Position = vec4(0.0); gl_PointSize = 4.0; }\n", fs);

  EXPECT_FALSE(bind_program_for_primitive(*ctx, true, /*indexed=*/false));  // no program current
  api::UseProgram(*ctx, plain);
  ASSERT_TRUE(validate_program(*ctx));
  auto* p = static_cast<Program*>(ctx->share_group().programs.lookup(plain).get());
  ASSERT_TRUE(p && p->executable());
  EXPECT_FALSE(p->executable()->writes_point_size);
  EXPECT_FALSE(ctx->validation.program_writes_point_size);
  EXPECT_TRUE(bind_program_for_primitive(*ctx, false, /*indexed=*/false));
  EXPECT_TRUE(p->executable()->variants.empty());
  EXPECT_TRUE(bind_program_for_primitive(*ctx, true, /*indexed=*/false));
  ASSERT_EQ(p->executable()->variants.size(), 1u);
  EXPECT_EQ(p->executable()->variants[0].first.force_point_size, 1);
  EXPECT_TRUE(bind_program_for_primitive(*ctx, true, /*indexed=*/false));  // reused, not made again
  EXPECT_EQ(p->executable()->variants.size(), 1u);

  api::UseProgram(*ctx, sized);
  ASSERT_TRUE(validate_program(*ctx));
  auto* q = static_cast<Program*>(ctx->share_group().programs.lookup(sized).get());
  EXPECT_TRUE(q->executable()->writes_point_size);
  EXPECT_TRUE(bind_program_for_primitive(*ctx, true, /*indexed=*/false));
  EXPECT_TRUE(q->executable()->variants.empty());

  api::UseProgram(*ctx, 0);
  api::DeleteProgram(*ctx, plain);
  api::DeleteProgram(*ctx, sized);
  EXPECT_EQ(ctx->take_error(), static_cast<GLenum>(GL_NO_ERROR));
  set_current_context(nullptr);
}

}  // namespace
}  // namespace brass::gl
