// Triangulation of QUADS, QUAD_STRIP and POLYGON (compat/legacy_primitives.h):
// the triangles cover the primitive with its winding, and the provoking
// vertex lands where the rasterizer's convention takes it.
#include <gtest/gtest.h>

#include <vector>

#include "gl/compat/conventional_attribs.h"
#include "gl/compat/legacy_primitives.h"

namespace brass::gl::compat {
namespace {

std::vector<uint32_t> triangulate(GLenum mode, bool first, const std::vector<uint32_t>& in, uint32_t restart = ~0u) {
  LegacyTriangulator t(mode, first);
  std::vector<uint32_t> out;
  for (uint32_t v : in) {
    if (v == restart) t.restart();
    else t.vertex(v, [&](uint32_t i) { out.push_back(i); });
  }
  EXPECT_LE(out.size(), legacy_primitive_max_indices(mode, in.size()));
  return out;
}

TEST(LegacyPrimitives, QuadsProvokeWithTheirLastOrFirstVertex) {
  EXPECT_EQ(triangulate(GL_QUADS, false, {0, 1, 2, 3, 4, 5, 6, 7, 8}),
            (std::vector<uint32_t>{0, 1, 3, 1, 2, 3, 4, 5, 7, 5, 6, 7}));
  EXPECT_EQ(triangulate(GL_QUADS, true, {0, 1, 2, 3}), (std::vector<uint32_t>{0, 1, 2, 0, 2, 3}));
  EXPECT_EQ(legacy_primitive_triangle_vertices(GL_QUADS, 9), 12u);
}

TEST(LegacyPrimitives, QuadStripQuadsAreTwoNewVerticesEach) {
  // Quad i is 2i, 2i+1, 2i+3, 2i+2 around; 2i+3 provokes (last), 2i (first).
  EXPECT_EQ(triangulate(GL_QUAD_STRIP, false, {0, 1, 2, 3, 4, 5}),
            (std::vector<uint32_t>{0, 1, 3, 2, 0, 3, 2, 3, 5, 4, 2, 5}));
  const std::vector<uint32_t> last = triangulate(GL_QUAD_STRIP, false, {0, 1, 2, 3, 4, 5});
  ASSERT_EQ(last.size(), 12u);
  for (size_t t = 0; t < 2; ++t) EXPECT_EQ(last[t * 3 + 2], 3u);
  for (size_t t = 2; t < 4; ++t) EXPECT_EQ(last[t * 3 + 2], 5u);
  const std::vector<uint32_t> first = triangulate(GL_QUAD_STRIP, true, {0, 1, 2, 3, 4, 5, 6});
  ASSERT_EQ(first.size(), 12u);
  EXPECT_EQ(first[0], 0u);
  EXPECT_EQ(first[3], 0u);
  EXPECT_EQ(first[6], 2u);
  EXPECT_EQ(first[9], 2u);
  EXPECT_EQ(legacy_primitive_triangle_vertices(GL_QUAD_STRIP, 7), 12u);
  EXPECT_EQ(legacy_primitive_triangle_vertices(GL_QUAD_STRIP, 3), 0u);
}

TEST(LegacyPrimitives, PolygonsProvokeWithTheFirstVertexEitherWay) {
  EXPECT_EQ(triangulate(GL_POLYGON, true, {0, 1, 2, 3, 4}), (std::vector<uint32_t>{0, 1, 2, 0, 2, 3, 0, 3, 4}));
  EXPECT_EQ(triangulate(GL_POLYGON, false, {0, 1, 2, 3}), (std::vector<uint32_t>{1, 2, 0, 2, 3, 0}));
  EXPECT_EQ(legacy_primitive_triangle_vertices(GL_POLYGON, 5), 9u);
  EXPECT_EQ(legacy_primitive_triangle_vertices(GL_POLYGON, 2), 0u);
}

TEST(LegacyPrimitives, RestartEndsThePrimitiveBeingAssembled) {
  // An incomplete quad before the restart is dropped.
  EXPECT_EQ(triangulate(GL_QUADS, true, {0, 1, 2, 99, 3, 4, 5, 6}, 99), (std::vector<uint32_t>{3, 4, 5, 3, 5, 6}));
  EXPECT_EQ(triangulate(GL_POLYGON, true, {0, 1, 2, 99, 3, 4, 5}, 99), (std::vector<uint32_t>{0, 1, 2, 3, 4, 5}));
}

TEST(ConventionalAttribs, NamesOfTheBuiltInInputs) {
  EXPECT_EQ(conventional_attrib_named("gl_Vertex"), kVertex);
  EXPECT_EQ(conventional_attrib_named("gl_Color"), kColor);
  EXPECT_EQ(conventional_attrib_named("gl_MultiTexCoord0"), kTexCoord0);
  EXPECT_EQ(conventional_attrib_named("gl_MultiTexCoord7"), kTexCoord0 + 7);
  EXPECT_EQ(conventional_attrib_named("gl_MultiTexCoord8"), -1);
  EXPECT_EQ(conventional_attrib_named("gl_VertexID"), -1);
  EXPECT_EQ(conventional_attrib_named("position"), -1);
}

}  // namespace
}  // namespace brass::gl::compat
