// Samples for check_skips.py --self-test (never compiled): each line marked
// `// violation` must be flagged, and no other.

TEST_F(Sample, SkipsOnAMissingExtension) {
  if (!has_extension("GL_EXT_geometry_shader")) GTEST_SKIP() << "the device has no geometry shaders";
}

TEST_F(Sample, SkipsOnALimit) {
  if (max_samples < 4) {
    GTEST_SKIP() << "no 4x multisample textures";
  }
}

TEST_F(Sample, BareSkip) {
  if (!has_extension("GL_ARB_uniform_buffer_object")) GTEST_SKIP();  // violation
}

TEST_F(Sample, SkipsWhenTheProgramDoesNotLink) {
  GLint linked = 0;
  glGetProgramiv(p, GL_LINK_STATUS, &linked);
  if (!linked) GTEST_SKIP() << "the device lacks something";  // violation
}

TEST_F(Sample, SkipsOnAGlError) {
  glTranslatef(1, 0, 0);
  if (glGetError() == GL_INVALID_OPERATION) GTEST_SKIP() << "no handler in this build";  // violation
}

TEST_F(Sample, SkipsWhenAContextCannotBeMade) {
  EGLContext c = eglCreateContext(dpy, config, EGL_NO_CONTEXT, attribs);
  if (c == EGL_NO_CONTEXT)
    GTEST_SKIP() << "no ES 3.2";  // violation
}

TEST_F(Sample, SkipsWithASetupFailureReason) {
  if (!prog_ok())
    GTEST_SKIP() << "trivial program failed to link";  // violation
}

TEST_F(Sample, SkipsOnANullObject) {
  if (!prog) GTEST_SKIP() << "no program";  // violation
}

TEST_F(Sample, CommentedSkipIsNoSkip) {
  // GTEST_SKIP();
  EXPECT_TRUE(true);
}
