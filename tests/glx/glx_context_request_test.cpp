// What a GLX context request becomes: GLX_ARB_create_context(_profile,
// _no_error) and GLX_EXT_create_context_es_profile, decided without X.
#include <gtest/gtest.h>

#include "glx/context_request.h"
#include "glx/x11_headers.h"

namespace brass::glx {
namespace {

XErr decide(std::initializer_list<int> attribs, int desktop, GlRequest* out, bool robust_access = false,
            int compat = 0) {
  std::vector<int> list(attribs);
  list.push_back(None);
  ContextRequest r;
  if (XErr e = parse_context_attribs(list.data(), &r); !(e == kNoError)) return e;
  ProvidedVersions provided;
  provided.desktop = desktop;
  provided.compat = compat;
  provided.es = 31;
  provided.robust_access = robust_access;
  return decide_context(r, provided, out);
}

TEST(GlxContextRequest, LegacyRequestsGetOpenGL31) {
  GlRequest out;
  EXPECT_EQ(decide({}, 46, &out), kNoError);
  EXPECT_EQ(out.api, GlApi::DesktopLegacy);
  EXPECT_EQ(decide({GLX_CONTEXT_MAJOR_VERSION_ARB, 2, GLX_CONTEXT_MINOR_VERSION_ARB, 1}, 46, &out), kNoError);
  EXPECT_EQ(out.api, GlApi::DesktopLegacy);
  // Below 3.2 the profile mask is ignored, compatibility included.
  EXPECT_EQ(decide({GLX_CONTEXT_MAJOR_VERSION_ARB, 3, GLX_CONTEXT_MINOR_VERSION_ARB, 1, GLX_CONTEXT_PROFILE_MASK_ARB,
                    GLX_CONTEXT_COMPATIBILITY_PROFILE_BIT_ARB},
                   46, &out),
            kNoError);
  EXPECT_EQ(out.api, GlApi::DesktopLegacy);
}

TEST(GlxContextRequest, CompatibilityProfileWhereOffered) {
  GlRequest out;
  // Legacy requests (glXCreateContext, versions below 3.2) get it.
  EXPECT_EQ(decide({}, 41, &out, false, 41), kNoError);
  EXPECT_EQ(out.api, GlApi::DesktopCompat);
  EXPECT_EQ(decide({GLX_CONTEXT_MAJOR_VERSION_ARB, 2, GLX_CONTEXT_MINOR_VERSION_ARB, 1}, 41, &out, false, 41), kNoError);
  EXPECT_EQ(out.api, GlApi::DesktopCompat);
  // So does the compatibility bit, up to the provided version.
  EXPECT_EQ(decide({GLX_CONTEXT_MAJOR_VERSION_ARB, 4, GLX_CONTEXT_MINOR_VERSION_ARB, 1, GLX_CONTEXT_PROFILE_MASK_ARB,
                    GLX_CONTEXT_COMPATIBILITY_PROFILE_BIT_ARB},
                   41, &out, false, 41),
            kNoError);
  EXPECT_EQ(out.api, GlApi::DesktopCompat);
  EXPECT_EQ(decide({GLX_CONTEXT_MAJOR_VERSION_ARB, 4, GLX_CONTEXT_MINOR_VERSION_ARB, 2, GLX_CONTEXT_PROFILE_MASK_ARB,
                    GLX_CONTEXT_COMPATIBILITY_PROFILE_BIT_ARB},
                   41, &out, false, 41),
            kGLXBadFBConfig);
  // A forward-compatible 3.1 request wants the legacy features gone: core.
  EXPECT_EQ(decide({GLX_CONTEXT_MAJOR_VERSION_ARB, 3, GLX_CONTEXT_MINOR_VERSION_ARB, 1, GLX_CONTEXT_FLAGS_ARB,
                    GLX_CONTEXT_FORWARD_COMPATIBLE_BIT_ARB},
                   41, &out, false, 41),
            kNoError);
  EXPECT_EQ(out.api, GlApi::DesktopLegacy);
  // The core bit still gets the core profile.
  EXPECT_EQ(decide({GLX_CONTEXT_MAJOR_VERSION_ARB, 3, GLX_CONTEXT_MINOR_VERSION_ARB, 3}, 41, &out, false, 41), kNoError);
  EXPECT_EQ(out.api, GlApi::Desktop);
}

TEST(GlxContextRequest, CoreRequestsUpToTheProvidedVersion) {
  GlRequest out;
  EXPECT_EQ(decide({GLX_CONTEXT_MAJOR_VERSION_ARB, 4, GLX_CONTEXT_MINOR_VERSION_ARB, 6}, 46, &out), kNoError);
  EXPECT_EQ(out.api, GlApi::Desktop);
  EXPECT_EQ(decide({GLX_CONTEXT_MAJOR_VERSION_ARB, 3, GLX_CONTEXT_MINOR_VERSION_ARB, 2, GLX_CONTEXT_FLAGS_ARB,
                    GLX_CONTEXT_FORWARD_COMPATIBLE_BIT_ARB | GLX_CONTEXT_DEBUG_BIT_ARB},
                   33, &out),
            kNoError);
  EXPECT_TRUE(out.forward_compatible);
  EXPECT_TRUE(out.debug);
  EXPECT_EQ(decide({GLX_CONTEXT_MAJOR_VERSION_ARB, 4, GLX_CONTEXT_MINOR_VERSION_ARB, 0}, 33, &out), kGLXBadFBConfig);
}

TEST(GlxContextRequest, ErrorsTheExtensionsName) {
  GlRequest out;
  EXPECT_EQ(decide({GLX_CONTEXT_MAJOR_VERSION_ARB, 3, GLX_CONTEXT_MINOR_VERSION_ARB, 4}, 46, &out), kBadMatch);
  EXPECT_EQ(decide({GLX_CONTEXT_MAJOR_VERSION_ARB, 5, GLX_CONTEXT_MINOR_VERSION_ARB, 0}, 46, &out), kBadMatch);
  EXPECT_EQ(decide({GLX_CONTEXT_MAJOR_VERSION_ARB, 2, GLX_CONTEXT_FLAGS_ARB, GLX_CONTEXT_FORWARD_COMPATIBLE_BIT_ARB},
                   46, &out),
            kBadMatch);
  EXPECT_EQ(decide({GLX_CONTEXT_MAJOR_VERSION_ARB, 3, GLX_CONTEXT_MINOR_VERSION_ARB, 3, GLX_CONTEXT_PROFILE_MASK_ARB,
                    GLX_CONTEXT_COMPATIBILITY_PROFILE_BIT_ARB},
                   46, &out),
            kGLXBadProfileARB);
  EXPECT_EQ(decide({GLX_CONTEXT_MAJOR_VERSION_ARB, 3, GLX_CONTEXT_MINOR_VERSION_ARB, 3, GLX_CONTEXT_PROFILE_MASK_ARB,
                    GLX_CONTEXT_CORE_PROFILE_BIT_ARB | GLX_CONTEXT_COMPATIBILITY_PROFILE_BIT_ARB},
                   46, &out),
            kGLXBadProfileARB);
  // GLX_ARB_create_context_robustness: robust access where the screen has
  // none is BadMatch; an unknown strategy BadValue.
  EXPECT_EQ(decide({GLX_CONTEXT_FLAGS_ARB, GLX_CONTEXT_ROBUST_ACCESS_BIT_ARB}, 46, &out), kBadMatch);
  EXPECT_EQ(decide({GLX_CONTEXT_RESET_NOTIFICATION_STRATEGY_ARB, 0}, 46, &out), kBadValue);
  EXPECT_EQ(decide({GLX_CONTEXT_FLAGS_ARB, 0x10}, 46, &out), kBadValue);
  EXPECT_EQ(decide({0x7fff, 0}, 46, &out), kBadValue);
  EXPECT_EQ(decide({GLX_RENDER_TYPE, GLX_COLOR_INDEX_TYPE}, 46, &out), kBadMatch);
  EXPECT_EQ(decide({GLX_CONTEXT_OPENGL_NO_ERROR_ARB, True, GLX_CONTEXT_FLAGS_ARB, GLX_CONTEXT_DEBUG_BIT_ARB}, 46, &out),
            kBadMatch);
  EXPECT_EQ(decide({GLX_CONTEXT_OPENGL_NO_ERROR_ARB, 2}, 46, &out), kBadValue);
}

TEST(GlxContextRequest, RobustnessAttributes) {
  GlRequest out;
  EXPECT_EQ(decide({GLX_CONTEXT_MAJOR_VERSION_ARB, 3, GLX_CONTEXT_MINOR_VERSION_ARB, 3, GLX_CONTEXT_FLAGS_ARB,
                    GLX_CONTEXT_ROBUST_ACCESS_BIT_ARB, GLX_CONTEXT_RESET_NOTIFICATION_STRATEGY_ARB,
                    GLX_LOSE_CONTEXT_ON_RESET_ARB},
                   46, &out, true),
            kNoError);
  EXPECT_TRUE(out.robust_access);
  EXPECT_TRUE(out.lose_context_on_reset);
  GlRequest plain;
  EXPECT_EQ(decide({GLX_CONTEXT_RESET_NOTIFICATION_STRATEGY_ARB, GLX_NO_RESET_NOTIFICATION_ARB}, 46, &plain, true),
            kNoError);
  EXPECT_FALSE(plain.robust_access);
  EXPECT_FALSE(plain.lose_context_on_reset);
  GlRequest es;
  EXPECT_EQ(decide({GLX_CONTEXT_MAJOR_VERSION_ARB, 3, GLX_CONTEXT_PROFILE_MASK_ARB, GLX_CONTEXT_ES_PROFILE_BIT_EXT,
                    GLX_CONTEXT_FLAGS_ARB, GLX_CONTEXT_ROBUST_ACCESS_BIT_ARB},
                   46, &es, true),
            kNoError);
  EXPECT_EQ(es.api, GlApi::ES);
  EXPECT_TRUE(es.robust_access);
}

TEST(GlxContextRequest, EsProfiles) {
  GlRequest out;
  for (int minor : {0, 1}) {
    EXPECT_EQ(decide({GLX_CONTEXT_MAJOR_VERSION_ARB, 3, GLX_CONTEXT_MINOR_VERSION_ARB, minor,
                      GLX_CONTEXT_PROFILE_MASK_ARB, GLX_CONTEXT_ES_PROFILE_BIT_EXT},
                     0, &out),
              kNoError);
    EXPECT_EQ(out.api, GlApi::ES);
  }
  EXPECT_EQ(decide({GLX_CONTEXT_MAJOR_VERSION_ARB, 2, GLX_CONTEXT_PROFILE_MASK_ARB, GLX_CONTEXT_ES2_PROFILE_BIT_EXT},
                   0, &out),
            kNoError);
  // ES 1.x, 3.2 (above the provided 3.1) and non-versions.
  for (auto [major, minor] : {std::pair{1, 1}, std::pair{3, 2}, std::pair{2, 1}})
    EXPECT_EQ(decide({GLX_CONTEXT_MAJOR_VERSION_ARB, major, GLX_CONTEXT_MINOR_VERSION_ARB, minor,
                      GLX_CONTEXT_PROFILE_MASK_ARB, GLX_CONTEXT_ES_PROFILE_BIT_EXT},
                     46, &out),
              kGLXBadProfileARB)
        << major << "." << minor;
}

TEST(GlxContextRequest, WithoutDesktopGlDesktopRequestsFail) {
  GlRequest out;
  EXPECT_EQ(decide({}, 0, &out), kGLXBadFBConfig);
  EXPECT_EQ(decide({GLX_CONTEXT_MAJOR_VERSION_ARB, 3, GLX_CONTEXT_MINOR_VERSION_ARB, 3}, 0, &out), kGLXBadFBConfig);
}

}  // namespace
}  // namespace brass::glx
