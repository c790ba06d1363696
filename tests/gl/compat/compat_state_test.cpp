// Unit tests of the compatibility profile's fixed-function state math:
// matrix construction and inversion, the CPU vertex pipeline (raster
// position, feedback), and the names of the built-in uniforms.
#include <gtest/gtest.h>

#include <cmath>

#include "gl/compat/builtin_uniforms.h"
#include "gl/compat/cpu_vertex.h"
#include "gl/compat/mat4.h"

namespace brass::gl::compat {
namespace {

void expect_near(const Mat4& a, const Mat4& b, float eps = 1e-5f) {
  for (int i = 0; i < 16; ++i) EXPECT_NEAR(a.m[i], b.m[i], eps) << "element " << i;
}

TEST(CompatMatrices, RotationFollowsTheRightHandRule) {
  // 90 degrees about +z takes +x to +y.
  const Vec4 v = transform(rotation(90, 0, 0, 2), {1, 0, 0, 1});
  EXPECT_NEAR(v.x, 0, 1e-6);
  EXPECT_NEAR(v.y, 1, 1e-6);
  EXPECT_NEAR(v.z, 0, 1e-6);
  // A zero axis leaves the matrix alone.
  expect_near(rotation(30, 0, 0, 0), Mat4::identity());
}

TEST(CompatMatrices, OrthoAndFrustumMapTheirBoxToClipSpace) {
  const Mat4 o = ortho(0, 10, 0, 20, -1, 1);
  Vec4 c = transform(o, {10, 20, -1, 1});
  EXPECT_NEAR(c.x, 1, 1e-6);
  EXPECT_NEAR(c.y, 1, 1e-6);
  EXPECT_NEAR(c.z, 1, 1e-6);  // eye z = -far (far = 1) is the far plane
  const Mat4 f = frustum(-1, 1, -1, 1, 1, 10);
  c = transform(f, {1, 1, -1, 1});  // a corner of the near plane
  EXPECT_NEAR(c.x / c.w, 1, 1e-6);
  EXPECT_NEAR(c.y / c.w, 1, 1e-6);
  EXPECT_NEAR(c.z / c.w, -1, 1e-6);
  c = transform(f, {0, 0, -10, 1});
  EXPECT_NEAR(c.z / c.w, 1, 1e-5);
}

TEST(CompatMatrices, InverseAndNormalMatrix) {
  const Mat4 m = multiply(translation(1, 2, 3), multiply(rotation(40, 1, 2, 3), scaling(2, 3, 4)));
  expect_near(multiply(m, inverse(m)), Mat4::identity());
  // The normal matrix of a scale is the inverse scale.
  const std::array<float, 9> n = normal_matrix(scaling(2, 4, 8));
  EXPECT_FLOAT_EQ(n[0], 0.5f);
  EXPECT_FLOAT_EQ(n[4], 0.25f);
  EXPECT_FLOAT_EQ(n[8], 0.125f);
  // A singular matrix inverts to the identity rather than to NaNs.
  expect_near(inverse(scaling(0, 1, 1)), Mat4::identity());
}

TEST(CompatMatrices, StacksCacheDerivedMatricesUntilTheTopChanges) {
  MatrixStacks s;
  s.modelview_stack().set_top(scaling(2, 2, 2));
  EXPECT_FLOAT_EQ(s.modelview_inverse().at(0, 0), 0.5f);
  ASSERT_TRUE(s.modelview_stack().push());
  s.modelview_stack().set_top(scaling(4, 4, 4));
  EXPECT_FLOAT_EQ(s.modelview_inverse().at(0, 0), 0.25f);
  EXPECT_FLOAT_EQ(s.normal_matrix()[0], 0.25f);
  ASSERT_TRUE(s.modelview_stack().pop());
  EXPECT_FLOAT_EQ(s.modelview_inverse().at(0, 0), 0.5f);
  EXPECT_FALSE(s.modelview_stack().pop());
  s.projection_stack().set_top(translation(0, 0, 1));
  EXPECT_FLOAT_EQ(s.modelview_projection().at(2, 3), 1.0f);
  EXPECT_FLOAT_EQ(s.modelview_projection().at(0, 0), 2.0f);
  for (int i = 1; i < kMaxModelViewStackDepth; ++i) ASSERT_TRUE(s.modelview_stack().push());
  EXPECT_FALSE(s.modelview_stack().push());
}

TEST(CompatCpuVertex, TransformsWithoutLighting) {
  FixedState s;
  s.matrices.modelview_stack().set_top(translation(1, 0, -5));
  s.matrices.projection_stack().set_top(scaling(0.5, 0.5, 0.5));
  VertexAttributes in;
  in.position = {1, 2, 3, 1};
  in.color = {0.25f, 2.0f, 0.5f, 1};
  const ProcessedVertex v = process_vertex_on_cpu(s, in);
  EXPECT_FLOAT_EQ(v.eye.x, 2);
  EXPECT_FLOAT_EQ(v.eye.z, -2);
  EXPECT_FLOAT_EQ(v.clip.x, 1);
  EXPECT_FLOAT_EQ(v.front_color.y, 1);  // clamped
  EXPECT_FLOAT_EQ(v.front_color.x, 0.25f);
  EXPECT_NEAR(v.eye_distance, std::sqrt(4.0f + 4.0f + 4.0f), 1e-5);
  EXPECT_FLOAT_EQ(v.fog_coord, v.eye_distance);
  s.fog.coord_src = GL_FOG_COORD;
  in.fog_coord = 7;
  EXPECT_FLOAT_EQ(process_vertex_on_cpu(s, in).fog_coord, 7);
  std::array<bool, kMaxClipPlanes> planes{};
  EXPECT_TRUE(clip_test(s, planes, v));  // (1, 1, -1, 1): on the volume's faces, inside
  s.clip_planes[3] = {-1, 0, 0, 1};       // keeps eye x <= 1
  EXPECT_TRUE(clip_test(s, planes, v));   // not enabled
  planes[3] = true;
  EXPECT_FALSE(clip_test(s, planes, v));
}

TEST(CompatCpuVertex, DiffuseAndSpecularLighting) {
  FixedState s;
  s.lighting.lighting = true;
  s.lighting.enabled[0] = true;  // white, directional along +z
  s.lighting.model_ambient = {0, 0, 0, 1};
  s.lighting.material[0].specular = {1, 1, 1, 1};
  s.lighting.material[0].diffuse = {0.5f, 0.25f, 0.125f, 0.75f};
  VertexAttributes in;
  in.normal = {0, 0, 1, 0};
  ProcessedVertex v = process_vertex_on_cpu(s, in);
  // Ambient 0.2 * light ambient 0 + diffuse 1 * material + specular 1.
  EXPECT_FLOAT_EQ(v.front_color.x, 1.0f);
  EXPECT_FLOAT_EQ(v.front_color.w, 0.75f);
  s.lighting.color_control = GL_SEPARATE_SPECULAR_COLOR;
  v = process_vertex_on_cpu(s, in);
  EXPECT_FLOAT_EQ(v.front_color.x, 0.5f);
  EXPECT_FLOAT_EQ(v.front_color.z, 0.125f);
  EXPECT_FLOAT_EQ(v.front_secondary_color.x, 1.0f);
  // The back face sees the negated normal: no diffuse, no specular.
  EXPECT_FLOAT_EQ(v.back_color.x, 0.0f);
  // COLOR_MATERIAL takes the vertex color as ambient and diffuse.
  s.lighting.color_material = true;
  in.color = {0, 1, 0, 1};
  v = process_vertex_on_cpu(s, in);
  EXPECT_FLOAT_EQ(v.front_color.x, 0.0f);
  EXPECT_FLOAT_EQ(v.front_color.y, 1.0f);
}

TEST(CompatCpuVertex, TexgenAndTextureMatrix) {
  FixedState s;
  s.texgen[1].coord[0].enabled = true;
  s.texgen[1].coord[0].mode = GL_OBJECT_LINEAR;
  s.texgen[1].coord[0].object_plane = {0, 2, 0, 1};
  s.matrices.texture_stack(1).set_top(scaling(0.5, 1, 1));
  VertexAttributes in;
  in.position = {0, 3, 0, 1};
  in.texcoord[1] = {9, 4, 0, 1};
  const ProcessedVertex v = process_vertex_on_cpu(s, in);
  EXPECT_FLOAT_EQ(v.texcoord[1].x, 3.5f);  // (2 * 3 + 1) * 0.5
  EXPECT_FLOAT_EQ(v.texcoord[1].y, 4.0f);
  EXPECT_FLOAT_EQ(v.texcoord[0].w, 1.0f);
}

TEST(CompatBuiltinUniforms, ParsesTheReflectedNames) {
  BuiltinUniformSlot s;
  ASSERT_TRUE(parse_builtin_uniform("gl_ModelViewProjectionMatrixInverseTranspose", &s));
  EXPECT_EQ(s.group, BuiltinGroup::Matrix);
  EXPECT_EQ(s.field, 2);
  EXPECT_EQ(s.variant, 3);
  ASSERT_TRUE(parse_builtin_uniform("gl_TextureMatrix[3]", &s));
  EXPECT_EQ(s.field, 3);
  EXPECT_EQ(s.element, 3);
  ASSERT_TRUE(parse_builtin_uniform("gl_LightSource[7].spotCosCutoff", &s));
  EXPECT_EQ(s.group, BuiltinGroup::Light);
  EXPECT_EQ(s.field, 8);
  EXPECT_EQ(s.element, 7);
  ASSERT_TRUE(parse_builtin_uniform("gl_BackLightProduct[2].diffuse", &s));
  EXPECT_EQ(s.variant, 1);
  ASSERT_TRUE(parse_builtin_uniform("gl_EyePlaneR[0]", &s));
  EXPECT_EQ(s.group, BuiltinGroup::EyePlane);
  EXPECT_EQ(s.field, 2);
  ASSERT_TRUE(parse_builtin_uniform("gl_Fog.scale", &s));
  EXPECT_FALSE(parse_builtin_uniform("gl_DepthRange.near", &s));
  EXPECT_FALSE(parse_builtin_uniform("gl_LightSource[8].ambient", &s));
  EXPECT_FALSE(parse_builtin_uniform("gl_TextureMatrix", &s));
  EXPECT_FALSE(parse_builtin_uniform("gl_ModelViewMatrix[0]", &s));
  EXPECT_FALSE(parse_builtin_uniform("my_uniform", &s));
  EXPECT_FALSE(parse_builtin_uniform("gl_Fog.colour", &s));
}

}  // namespace
}  // namespace brass::gl::compat
