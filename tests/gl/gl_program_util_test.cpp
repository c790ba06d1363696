// Device-free helpers of the program area: uniform type shapes, GL array
// name parsing and GL string returns.
#include <gtest/gtest.h>

#include "gl/program_util.h"

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

}  // namespace
}  // namespace brass::gl
