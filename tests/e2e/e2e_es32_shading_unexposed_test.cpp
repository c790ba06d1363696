// In an ES 3.0 context (this binary's) the ES 3.1 extensions of ES 3.2's
// shading features are not there: not listed, their enums are INVALID_ENUM
// and their commands INVALID_OPERATION, and their GLSL directives fail.
#include <array>
#include <string>

#include "e2e_fixture.h"

namespace brass::e2e {
namespace {

class Es32ShadingUnexposed : public GlesTest {};

TEST_F(Es32ShadingUnexposed, AbsentFromEs30Contexts) {
  for (const char* e : {"GL_OES_sample_shading", "GL_OES_sample_variables", "GL_OES_shader_multisample_interpolation",
                        "GL_EXT_gpu_shader5", "GL_OES_gpu_shader5", "GL_EXT_primitive_bounding_box",
                        "GL_OES_primitive_bounding_box"})
    EXPECT_FALSE(has_extension(e)) << e;
  glEnable(GL_SAMPLE_SHADING_OES);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  EXPECT_FALSE(glIsEnabled(GL_SAMPLE_SHADING_OES));
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  std::array<GLfloat, 8> v{};
  for (GLenum pname : {GLenum(GL_MIN_SAMPLE_SHADING_VALUE_OES), GLenum(GL_MIN_FRAGMENT_INTERPOLATION_OFFSET_OES),
                       GLenum(GL_MAX_FRAGMENT_INTERPOLATION_OFFSET_OES),
                       GLenum(GL_FRAGMENT_INTERPOLATION_OFFSET_BITS_OES), GLenum(GL_PRIMITIVE_BOUNDING_BOX_EXT)}) {
    glGetFloatv(pname, v.data());
    EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM)) << std::hex << pname;
  }
  auto min_sample_shading = reinterpret_cast<PFNGLMINSAMPLESHADINGOESPROC>(eglGetProcAddress("glMinSampleShadingOES"));
  ASSERT_NE(min_sample_shading, nullptr);
  min_sample_shading(0.5f);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  auto box = reinterpret_cast<PFNGLPRIMITIVEBOUNDINGBOXEXTPROC>(eglGetProcAddress("glPrimitiveBoundingBoxEXT"));
  ASSERT_NE(box, nullptr);
  box(0, 0, 0, 1, 1, 1, 1, 1);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  const char* src = "#version 300 es\n#extension GL_OES_sample_variables : require\nprecision highp float;\n"
                    "out vec4 o;\nvoid main() { o = vec4(float(gl_SampleID)); }\n";
  GLuint s = glCreateShader(GL_FRAGMENT_SHADER);
  glShaderSource(s, 1, &src, nullptr);
  glCompileShader(s);
  GLint ok = 1;
  glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
  EXPECT_EQ(ok, GL_FALSE);
  glDeleteShader(s);
}

}  // namespace
}  // namespace brass::e2e
