// KHR_debug through the application path: debug contexts and DEBUG_OUTPUT,
// the callback and the message log, message control, debug groups, object
// labels, and the errors of each entry point.
#include <cstring>
#include <string>
#include <vector>

#include "e2e_fixture.h"

namespace brass::e2e {
namespace {

// KHR_debug adds this ES 3.2 query to ES; gl2ext.h has no name for it.
constexpr GLenum kContextFlags = 0x821E;  // GL_CONTEXT_FLAGS

template <typename F>
F proc(const char* name) {
  return reinterpret_cast<F>(eglGetProcAddress(name));
}

struct Received {
  GLenum source, type, severity;
  GLuint id;
  std::string text;
  GLsizei length;
  const void* user;
};

void GL_APIENTRY record(GLenum source, GLenum type, GLuint id, GLenum severity, GLsizei length,
                        const GLchar* message, const void* user) {
  auto* out = static_cast<std::vector<Received>*>(const_cast<void*>(user));
  out->push_back(Received{source, type, severity, id, message, length, user});
}

// A debug context (EGL_CONTEXT_OPENGL_DEBUG_BIT_KHR) made current over the
// fixture's pbuffer; `plain_ctx` stays the fixture's non-debug context.
class Debug : public GlesTest {
 protected:
  void SetUp() override {
    GlesTest::SetUp();
    if (HasFatalFailure()) return;
    const EGLint attribs[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_FLAGS_KHR, EGL_CONTEXT_OPENGL_DEBUG_BIT_KHR,
                              EGL_NONE};
    debug_ctx = eglCreateContext(dpy, config, EGL_NO_CONTEXT, attribs);
    ASSERT_NE(debug_ctx, EGL_NO_CONTEXT);
    plain_ctx = ctx;
    ctx = debug_ctx;  // the fixture's TearDown checks and destroys the current one
    ASSERT_TRUE(eglMakeCurrent(dpy, surface, surface, ctx));
    control = proc<PFNGLDEBUGMESSAGECONTROLKHRPROC>("glDebugMessageControlKHR");
    insert = proc<PFNGLDEBUGMESSAGEINSERTKHRPROC>("glDebugMessageInsertKHR");
    callback = proc<PFNGLDEBUGMESSAGECALLBACKKHRPROC>("glDebugMessageCallbackKHR");
    get_log = proc<PFNGLGETDEBUGMESSAGELOGKHRPROC>("glGetDebugMessageLogKHR");
    push = proc<PFNGLPUSHDEBUGGROUPKHRPROC>("glPushDebugGroupKHR");
    pop = proc<PFNGLPOPDEBUGGROUPKHRPROC>("glPopDebugGroupKHR");
    label = proc<PFNGLOBJECTLABELKHRPROC>("glObjectLabelKHR");
    get_label = proc<PFNGLGETOBJECTLABELKHRPROC>("glGetObjectLabelKHR");
    ptr_label = proc<PFNGLOBJECTPTRLABELKHRPROC>("glObjectPtrLabelKHR");
    get_ptr_label = proc<PFNGLGETOBJECTPTRLABELKHRPROC>("glGetObjectPtrLabelKHR");
    get_pointer = proc<PFNGLGETPOINTERVKHRPROC>("glGetPointervKHR");
    ASSERT_TRUE(control && insert && callback && get_log && push && pop && label && get_label && ptr_label &&
                get_ptr_label && get_pointer);
  }
  void TearDown() override {
    // The fixture's own context is not current; the fixture's TearDown
    // checks and destroys the debug one.
    if (plain_ctx != EGL_NO_CONTEXT && plain_ctx != debug_ctx) eglDestroyContext(dpy, plain_ctx);
    GlesTest::TearDown();
  }

  void insert_app(GLuint id, const char* text, GLenum type = GL_DEBUG_TYPE_MARKER_KHR,
                  GLenum severity = GL_DEBUG_SEVERITY_NOTIFICATION_KHR) {
    insert(GL_DEBUG_SOURCE_APPLICATION_KHR, type, id, severity, -1, text);
  }
  // Takes every logged message (in order).
  std::vector<Received> drain() {
    std::vector<Received> out;
    for (;;) {
      GLenum source = 0, type = 0, severity = 0;
      GLuint id = 0;
      GLsizei length = 0;
      char text[2048];
      if (get_log(1, sizeof(text), &source, &type, &id, &severity, &length, text) != 1) break;
      out.push_back(Received{source, type, severity, id, text, length, nullptr});
    }
    return out;
  }
  std::vector<GLuint> drain_ids() {
    std::vector<GLuint> ids;
    for (const Received& r : drain()) ids.push_back(r.id);
    return ids;
  }
  GLint get_int(GLenum pname) {
    GLint v = -12345;
    glGetIntegerv(pname, &v);
    return v;
  }
  std::string object_label(GLenum identifier, GLuint name) {
    char buf[300] = "unchanged";
    GLsizei len = -1;
    get_label(identifier, name, sizeof(buf), &len, buf);
    EXPECT_EQ(len, static_cast<GLsizei>(std::strlen(buf)));
    return buf;
  }

  EGLContext debug_ctx = EGL_NO_CONTEXT, plain_ctx = EGL_NO_CONTEXT;
  PFNGLDEBUGMESSAGECONTROLKHRPROC control = nullptr;
  PFNGLDEBUGMESSAGEINSERTKHRPROC insert = nullptr;
  PFNGLDEBUGMESSAGECALLBACKKHRPROC callback = nullptr;
  PFNGLGETDEBUGMESSAGELOGKHRPROC get_log = nullptr;
  PFNGLPUSHDEBUGGROUPKHRPROC push = nullptr;
  PFNGLPOPDEBUGGROUPKHRPROC pop = nullptr;
  PFNGLOBJECTLABELKHRPROC label = nullptr;
  PFNGLGETOBJECTLABELKHRPROC get_label = nullptr;
  PFNGLOBJECTPTRLABELKHRPROC ptr_label = nullptr;
  PFNGLGETOBJECTPTRLABELKHRPROC get_ptr_label = nullptr;
  PFNGLGETPOINTERVKHRPROC get_pointer = nullptr;
};

TEST_F(Debug, AdvertisedWithLimitsAndDebugContextState) {
  const std::string ext = reinterpret_cast<const char*>(glGetString(GL_EXTENSIONS));
  EXPECT_NE((" " + ext + " ").find(" GL_KHR_debug "), std::string::npos);
  // Spec minimums (KHR_debug state table).
  EXPECT_GE(get_int(GL_MAX_DEBUG_MESSAGE_LENGTH_KHR), 1);
  EXPECT_GE(get_int(GL_MAX_DEBUG_LOGGED_MESSAGES_KHR), 1);
  EXPECT_GE(get_int(GL_MAX_DEBUG_GROUP_STACK_DEPTH_KHR), 64);
  EXPECT_GE(get_int(GL_MAX_LABEL_LENGTH_KHR), 256);
  EXPECT_EQ(get_int(GL_DEBUG_GROUP_STACK_DEPTH_KHR), 1);
  EXPECT_EQ(get_int(GL_DEBUG_LOGGED_MESSAGES_KHR), 0);
  EXPECT_EQ(get_int(GL_DEBUG_NEXT_LOGGED_MESSAGE_LENGTH_KHR), 0);
  // A debug context says so and starts with debug output on.
  EXPECT_EQ(get_int(kContextFlags) & GL_CONTEXT_FLAG_DEBUG_BIT_KHR, GL_CONTEXT_FLAG_DEBUG_BIT_KHR);
  EXPECT_TRUE(glIsEnabled(GL_DEBUG_OUTPUT_KHR));
  EXPECT_FALSE(glIsEnabled(GL_DEBUG_OUTPUT_SYNCHRONOUS_KHR));
  glEnable(GL_DEBUG_OUTPUT_SYNCHRONOUS_KHR);
  GLboolean b = GL_FALSE;
  glGetBooleanv(GL_DEBUG_OUTPUT_SYNCHRONOUS_KHR, &b);
  EXPECT_EQ(b, GL_TRUE);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
}

TEST_F(Debug, PlainContextStartsWithDebugOutputOff) {
  ASSERT_TRUE(eglMakeCurrent(dpy, surface, surface, plain_ctx));
  EXPECT_EQ(get_int(kContextFlags), 0);
  EXPECT_FALSE(glIsEnabled(GL_DEBUG_OUTPUT_KHR));
  insert_app(1, "dropped: debug output is off");
  glEnable(0x1234);  // an error, not reported as a message while off
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  EXPECT_EQ(get_int(GL_DEBUG_LOGGED_MESSAGES_KHR), 0);
  glEnable(GL_DEBUG_OUTPUT_KHR);
  insert_app(2, "kept");
  EXPECT_EQ(drain_ids(), std::vector<GLuint>{2});
  glDisable(GL_DEBUG_OUTPUT_KHR);
  ASSERT_TRUE(eglMakeCurrent(dpy, surface, surface, ctx));
}

TEST_F(Debug, GlErrorsBecomeApiErrorMessages) {
  glEnable(0x1234);
  glBindBuffer(GL_ARRAY_BUFFER + 100, 0);
  // The GL error rule is unchanged: the first error sticks.
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  glDrawArrays(GL_TRIANGLES, 0, -1);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  const std::vector<Received> got = drain();
  ASSERT_EQ(got.size(), 3u);
  for (const Received& r : got) {
    EXPECT_EQ(r.source, static_cast<GLenum>(GL_DEBUG_SOURCE_API_KHR));
    EXPECT_EQ(r.type, static_cast<GLenum>(GL_DEBUG_TYPE_ERROR_KHR));
    EXPECT_EQ(r.severity, static_cast<GLenum>(GL_DEBUG_SEVERITY_HIGH_KHR));
    EXPECT_EQ(r.length, static_cast<GLsizei>(r.text.size() + 1));
  }
  EXPECT_NE(got[0].text.find("GL_INVALID_ENUM"), std::string::npos);
  EXPECT_EQ(got[2].id, static_cast<GLuint>(GL_INVALID_VALUE));
  EXPECT_NE(got[2].text.find("GL_INVALID_VALUE"), std::string::npos);
  // Filtered out: the error stays, the message does not come.
  control(GL_DEBUG_SOURCE_API_KHR, GL_DEBUG_TYPE_ERROR_KHR, GL_DONT_CARE, 0, nullptr, GL_FALSE);
  glEnable(0x1234);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  EXPECT_TRUE(drain().empty());
}

TEST_F(Debug, CallbackGetsMessagesAndUserParamInsteadOfTheLog) {
  std::vector<Received> got;
  callback(record, &got);
  void* p = nullptr;
  get_pointer(GL_DEBUG_CALLBACK_FUNCTION_KHR, &p);
  EXPECT_EQ(p, reinterpret_cast<void*>(&record));
  get_pointer(GL_DEBUG_CALLBACK_USER_PARAM_KHR, &p);
  EXPECT_EQ(p, &got);
  get_pointer(GL_VERTEX_ATTRIB_ARRAY_POINTER, &p);  // not a GetPointerv pname in ES 3.0
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  got.clear();

  insert(GL_DEBUG_SOURCE_THIRD_PARTY_KHR, GL_DEBUG_TYPE_PERFORMANCE_KHR, 77, GL_DEBUG_SEVERITY_MEDIUM_KHR, 5,
         "hello, world");
  ASSERT_EQ(got.size(), 1u);
  EXPECT_EQ(got[0].source, static_cast<GLenum>(GL_DEBUG_SOURCE_THIRD_PARTY_KHR));
  EXPECT_EQ(got[0].type, static_cast<GLenum>(GL_DEBUG_TYPE_PERFORMANCE_KHR));
  EXPECT_EQ(got[0].severity, static_cast<GLenum>(GL_DEBUG_SEVERITY_MEDIUM_KHR));
  EXPECT_EQ(got[0].id, 77u);
  EXPECT_EQ(got[0].text, "hello");  // length 5: the rest is not part of the message
  EXPECT_EQ(got[0].length, 5);      // callback lengths exclude the terminator
  EXPECT_EQ(got[0].user, &got);
  EXPECT_EQ(get_int(GL_DEBUG_LOGGED_MESSAGES_KHR), 0);

  // Errors reach the callback too.
  glActiveTexture(0);
  ASSERT_EQ(got.size(), 2u);
  EXPECT_EQ(got[1].type, static_cast<GLenum>(GL_DEBUG_TYPE_ERROR_KHR));
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));

  // No callback: back to the log.
  callback(nullptr, nullptr);
  get_pointer(GL_DEBUG_CALLBACK_FUNCTION_KHR, &p);
  EXPECT_EQ(p, nullptr);
  insert_app(5, "logged");
  EXPECT_EQ(got.size(), 2u);
  EXPECT_EQ(get_int(GL_DEBUG_LOGGED_MESSAGES_KHR), 1);
  EXPECT_EQ(get_int(GL_DEBUG_NEXT_LOGGED_MESSAGE_LENGTH_KHR), 7);
  drain();
}

TEST_F(Debug, LogFetchesInOrderWithinCountAndBufferAndKeepsTheOldestWhenFull) {
  insert_app(1, "one");
  insert_app(2, "two two");
  insert_app(3, "three");
  EXPECT_EQ(get_int(GL_DEBUG_LOGGED_MESSAGES_KHR), 3);
  EXPECT_EQ(get_int(GL_DEBUG_NEXT_LOGGED_MESSAGE_LENGTH_KHR), 4);

  GLuint ids[4] = {};
  GLsizei lengths[4] = {};
  char buf[64];
  // Room for "one\0" and "two two\0" but not "three\0": two fetched, one left.
  EXPECT_EQ(get_log(4, 14, nullptr, nullptr, ids, nullptr, lengths, buf), 2u);
  EXPECT_EQ(ids[0], 1u);
  EXPECT_EQ(ids[1], 2u);
  EXPECT_EQ(lengths[0], 4);
  EXPECT_EQ(lengths[1], 8);
  EXPECT_STREQ(buf, "one");
  EXPECT_STREQ(buf + 4, "two two");
  EXPECT_EQ(get_int(GL_DEBUG_LOGGED_MESSAGES_KHR), 1);
  EXPECT_EQ(get_int(GL_DEBUG_NEXT_LOGGED_MESSAGE_LENGTH_KHR), 6);
  // count 0 fetches nothing; a null messageLog fetches without text.
  EXPECT_EQ(get_log(0, sizeof(buf), nullptr, nullptr, ids, nullptr, lengths, buf), 0u);
  EXPECT_EQ(get_log(4, 0, nullptr, nullptr, ids, nullptr, lengths, nullptr), 1u);
  EXPECT_EQ(ids[0], 3u);
  EXPECT_EQ(lengths[0], 6);
  EXPECT_EQ(get_int(GL_DEBUG_LOGGED_MESSAGES_KHR), 0);

  get_log(1, -1, nullptr, nullptr, nullptr, nullptr, nullptr, buf);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  drain();  // the INVALID_VALUE message

  const GLint max = get_int(GL_MAX_DEBUG_LOGGED_MESSAGES_KHR);
  for (GLint i = 0; i < max + 5; ++i) insert_app(static_cast<GLuint>(i), "m");
  EXPECT_EQ(get_int(GL_DEBUG_LOGGED_MESSAGES_KHR), max);
  const std::vector<GLuint> kept = drain_ids();
  ASSERT_EQ(kept.size(), static_cast<size_t>(max));
  EXPECT_EQ(kept.front(), 0u);
  EXPECT_EQ(kept.back(), static_cast<GLuint>(max - 1));
}

TEST_F(Debug, InsertValidatesSourceTypeSeverityAndLength) {
  insert(GL_DEBUG_SOURCE_API_KHR, GL_DEBUG_TYPE_MARKER_KHR, 1, GL_DEBUG_SEVERITY_HIGH_KHR, -1, "api");
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  insert(GL_DEBUG_SOURCE_APPLICATION_KHR, GL_DONT_CARE, 1, GL_DEBUG_SEVERITY_HIGH_KHR, -1, "type");
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  insert(GL_DEBUG_SOURCE_APPLICATION_KHR, GL_DEBUG_TYPE_OTHER_KHR, 1, GL_DONT_CARE, -1, "severity");
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  const std::string too_long(get_int(GL_MAX_DEBUG_MESSAGE_LENGTH_KHR), 'x');
  insert_app(1, too_long.c_str());
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  insert(GL_DEBUG_SOURCE_APPLICATION_KHR, GL_DEBUG_TYPE_OTHER_KHR, 1, GL_DEBUG_SEVERITY_HIGH_KHR,
         static_cast<GLsizei>(too_long.size()), too_long.c_str());
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  // Only the five error messages were logged, none of the rejected inserts.
  const std::vector<Received> got = drain();
  ASSERT_EQ(got.size(), 5u);
  for (const Received& r : got) EXPECT_EQ(r.type, static_cast<GLenum>(GL_DEBUG_TYPE_ERROR_KHR));
  // The longest allowed message goes through whole.
  const std::string longest(get_int(GL_MAX_DEBUG_MESSAGE_LENGTH_KHR) - 1, 'y');
  insert_app(9, longest.c_str());
  const std::vector<Received> ok = drain();
  ASSERT_EQ(ok.size(), 1u);
  EXPECT_EQ(ok[0].text, longest);
}

TEST_F(Debug, ControlFiltersBySourceTypeSeverityAndIds) {
  // LOW severity starts disabled; the others start enabled.
  insert_app(1, "low", GL_DEBUG_TYPE_OTHER_KHR, GL_DEBUG_SEVERITY_LOW_KHR);
  insert_app(2, "high", GL_DEBUG_TYPE_OTHER_KHR, GL_DEBUG_SEVERITY_HIGH_KHR);
  EXPECT_EQ(drain_ids(), std::vector<GLuint>{2});

  control(GL_DONT_CARE, GL_DONT_CARE, GL_DEBUG_SEVERITY_LOW_KHR, 0, nullptr, GL_TRUE);
  control(GL_DEBUG_SOURCE_THIRD_PARTY_KHR, GL_DONT_CARE, GL_DONT_CARE, 0, nullptr, GL_FALSE);
  insert_app(3, "low app", GL_DEBUG_TYPE_OTHER_KHR, GL_DEBUG_SEVERITY_LOW_KHR);
  insert(GL_DEBUG_SOURCE_THIRD_PARTY_KHR, GL_DEBUG_TYPE_OTHER_KHR, 4, GL_DEBUG_SEVERITY_HIGH_KHR, -1, "3rd");
  EXPECT_EQ(drain_ids(), std::vector<GLuint>{3});

  control(GL_DEBUG_SOURCE_APPLICATION_KHR, GL_DEBUG_TYPE_MARKER_KHR, GL_DONT_CARE, 0, nullptr, GL_FALSE);
  const GLuint allowed[] = {11, 13};
  control(GL_DEBUG_SOURCE_APPLICATION_KHR, GL_DEBUG_TYPE_MARKER_KHR, GL_DONT_CARE, 2, allowed, GL_TRUE);
  for (GLuint id = 10; id < 15; ++id) insert_app(id, "marker");
  insert_app(20, "other type", GL_DEBUG_TYPE_OTHER_KHR);
  EXPECT_EQ(drain_ids(), (std::vector<GLuint>{11, 13, 20}));

  // A later severity-wide control reaches ids set before it.
  control(GL_DEBUG_SOURCE_APPLICATION_KHR, GL_DONT_CARE, GL_DEBUG_SEVERITY_HIGH_KHR, 0, nullptr, GL_FALSE);
  insert_app(11, "high marker", GL_DEBUG_TYPE_MARKER_KHR, GL_DEBUG_SEVERITY_HIGH_KHR);
  insert_app(13, "notification marker");
  EXPECT_EQ(drain_ids(), std::vector<GLuint>{13});

  // Errors: unknown enums, negative count, ids without one source and type.
  control(GL_DEBUG_TYPE_ERROR_KHR, GL_DONT_CARE, GL_DONT_CARE, 0, nullptr, GL_TRUE);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  control(GL_DONT_CARE, GL_DEBUG_SEVERITY_HIGH_KHR, GL_DONT_CARE, 0, nullptr, GL_TRUE);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  control(GL_DONT_CARE, GL_DONT_CARE, GL_DEBUG_SOURCE_API_KHR, 0, nullptr, GL_TRUE);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  control(GL_DONT_CARE, GL_DONT_CARE, GL_DONT_CARE, -1, nullptr, GL_TRUE);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  control(GL_DONT_CARE, GL_DEBUG_TYPE_MARKER_KHR, GL_DONT_CARE, 2, allowed, GL_TRUE);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  control(GL_DEBUG_SOURCE_APPLICATION_KHR, GL_DEBUG_TYPE_MARKER_KHR, GL_DEBUG_SEVERITY_LOW_KHR, 2, allowed, GL_TRUE);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  EXPECT_EQ(drain().size(), 6u);  // the six API error messages
}

TEST_F(Debug, GroupsNestFiltersAndReportPushAndPop) {
  control(GL_DONT_CARE, GL_DONT_CARE, GL_DONT_CARE, 0, nullptr, GL_FALSE);
  control(GL_DEBUG_SOURCE_APPLICATION_KHR, GL_DONT_CARE, GL_DONT_CARE, 0, nullptr, GL_TRUE);
  push(GL_DEBUG_SOURCE_APPLICATION_KHR, 42, -1, "outer group");
  EXPECT_EQ(get_int(GL_DEBUG_GROUP_STACK_DEPTH_KHR), 2);
  // The group starts with the outer filter; changing it is the group's own.
  control(GL_DEBUG_SOURCE_APPLICATION_KHR, GL_DEBUG_TYPE_MARKER_KHR, GL_DONT_CARE, 0, nullptr, GL_FALSE);
  insert_app(1, "hidden marker");
  insert_app(2, "shown", GL_DEBUG_TYPE_OTHER_KHR);
  push(GL_DEBUG_SOURCE_THIRD_PARTY_KHR, 43, 5, "inner group (cut at 5)");
  EXPECT_EQ(get_int(GL_DEBUG_GROUP_STACK_DEPTH_KHR), 3);
  pop();
  pop();
  EXPECT_EQ(get_int(GL_DEBUG_GROUP_STACK_DEPTH_KHR), 1);
  insert_app(3, "marker again");

  const std::vector<Received> got = drain();
  // push 42, message 2, (third-party push and pop filtered), pop 42, marker 3.
  ASSERT_EQ(got.size(), 4u);
  EXPECT_EQ(got[0].type, static_cast<GLenum>(GL_DEBUG_TYPE_PUSH_GROUP_KHR));
  EXPECT_EQ(got[0].id, 42u);
  EXPECT_EQ(got[0].severity, static_cast<GLenum>(GL_DEBUG_SEVERITY_NOTIFICATION_KHR));
  EXPECT_EQ(got[0].text, "outer group");
  EXPECT_EQ(got[1].id, 2u);
  EXPECT_EQ(got[2].type, static_cast<GLenum>(GL_DEBUG_TYPE_POP_GROUP_KHR));
  EXPECT_EQ(got[2].source, static_cast<GLenum>(GL_DEBUG_SOURCE_APPLICATION_KHR));
  EXPECT_EQ(got[2].id, 42u);
  EXPECT_EQ(got[2].text, "outer group");
  EXPECT_EQ(got[3].id, 3u);

  // The third-party push/pop messages carry the cut text.
  control(GL_DONT_CARE, GL_DONT_CARE, GL_DONT_CARE, 0, nullptr, GL_TRUE);
  push(GL_DEBUG_SOURCE_THIRD_PARTY_KHR, 43, 5, "inner group (cut at 5)");
  pop();
  const std::vector<Received> third = drain();
  ASSERT_EQ(third.size(), 2u);
  EXPECT_EQ(third[0].text, "inner");
  EXPECT_EQ(third[1].source, static_cast<GLenum>(GL_DEBUG_SOURCE_THIRD_PARTY_KHR));
  EXPECT_EQ(third[1].text, "inner");
}

TEST_F(Debug, GroupStackOverflowUnderflowAndBadArguments) {
  control(GL_DONT_CARE, GL_DONT_CARE, GL_DONT_CARE, 0, nullptr, GL_FALSE);
  pop();
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_STACK_UNDERFLOW_KHR));
  const GLint max = get_int(GL_MAX_DEBUG_GROUP_STACK_DEPTH_KHR);
  for (GLint i = 1; i < max; ++i) push(GL_DEBUG_SOURCE_APPLICATION_KHR, i, -1, "g");
  EXPECT_EQ(get_int(GL_DEBUG_GROUP_STACK_DEPTH_KHR), max);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  push(GL_DEBUG_SOURCE_APPLICATION_KHR, 0, -1, "one too many");
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_STACK_OVERFLOW_KHR));
  EXPECT_EQ(get_int(GL_DEBUG_GROUP_STACK_DEPTH_KHR), max);
  for (GLint i = 1; i < max; ++i) pop();
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  EXPECT_EQ(get_int(GL_DEBUG_GROUP_STACK_DEPTH_KHR), 1);

  push(GL_DEBUG_SOURCE_API_KHR, 1, -1, "api source");
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  const std::string too_long(get_int(GL_MAX_DEBUG_MESSAGE_LENGTH_KHR), 'x');
  push(GL_DEBUG_SOURCE_APPLICATION_KHR, 1, -1, too_long.c_str());
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  EXPECT_EQ(get_int(GL_DEBUG_GROUP_STACK_DEPTH_KHR), 1);
  EXPECT_TRUE(drain().empty());  // everything was filtered in the default group
}

TEST_F(Debug, LabelsOnEveryObjectType) {
  const char* kLabel = "Test Label";
  GLuint buffer = 0, texture = 0, renderbuffer = 0, framebuffer = 0, vao = 0, sampler = 0;
  glGenBuffers(1, &buffer);
  glBindBuffer(GL_ARRAY_BUFFER, buffer);
  glGenTextures(1, &texture);
  glBindTexture(GL_TEXTURE_2D, texture);
  glGenRenderbuffers(1, &renderbuffer);
  glBindRenderbuffer(GL_RENDERBUFFER, renderbuffer);
  glGenFramebuffers(1, &framebuffer);
  glBindFramebuffer(GL_FRAMEBUFFER, framebuffer);
  glGenVertexArrays(1, &vao);
  glBindVertexArray(vao);
  glGenSamplers(1, &sampler);
  const GLuint shader = glCreateShader(GL_VERTEX_SHADER);
  const GLuint prog = glCreateProgram();
  const std::pair<GLenum, GLuint> objects[] = {
      {GL_BUFFER_KHR, buffer},       {GL_TEXTURE, texture},       {GL_RENDERBUFFER, renderbuffer},
      {GL_FRAMEBUFFER, framebuffer}, {GL_VERTEX_ARRAY_KHR, vao},  {GL_SAMPLER_KHR, sampler},
      {GL_SHADER_KHR, shader},       {GL_PROGRAM_KHR, prog},
  };
  for (auto [identifier, name] : objects) {
    EXPECT_EQ(object_label(identifier, name), "") << std::hex << identifier;
    label(identifier, name, -1, kLabel);
    EXPECT_EQ(object_label(identifier, name), kLabel) << std::hex << identifier;
    EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR)) << std::hex << identifier;
  }
  // Shaders and programs share names; the kind must match.
  label(GL_SHADER_KHR, prog, -1, kLabel);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  label(GL_PROGRAM_KHR, shader, -1, kLabel);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  // Program pipelines are objects where EXT_separate_shader_objects is
  // listed (ES 3.0 contexts too): a name that is none is INVALID_VALUE.
  label(GL_PROGRAM_PIPELINE_KHR, 4242, -1, kLabel);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  // A deleted name names no object any more.
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glBindVertexArray(0);
  glDeleteBuffers(1, &buffer);
  glDeleteTextures(1, &texture);
  glDeleteRenderbuffers(1, &renderbuffer);
  glDeleteFramebuffers(1, &framebuffer);
  glDeleteVertexArrays(1, &vao);
  glDeleteSamplers(1, &sampler);
  glDeleteShader(shader);
  glDeleteProgram(prog);
  for (auto [identifier, name] : objects) {
    label(identifier, name, -1, kLabel);
    EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE)) << std::hex << identifier;
    char buf[16];
    get_label(identifier, name, sizeof(buf), nullptr, buf);
    EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE)) << std::hex << identifier;
  }
  drain();
}

TEST_F(Debug, LabelLengthsTruncationRemovalAndErrors) {
  GLuint buffers[2] = {};
  glGenBuffers(2, buffers);
  glBindBuffer(GL_ARRAY_BUFFER, buffers[0]);
  // A generated name no bind has made an object yet is not an object.
  label(GL_BUFFER_KHR, buffers[1], -1, "unbound");
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  label(GL_BUFFER_KHR, 0, -1, "zero");
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  label(GL_ARRAY_BUFFER, buffers[0], -1, "not an identifier");
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));

  // Explicit length; GetObjectLabel writes at most bufSize - 1 characters.
  label(GL_BUFFER_KHR, buffers[0], 4, "abcdefgh");
  EXPECT_EQ(object_label(GL_BUFFER_KHR, buffers[0]), "abcd");
  label(GL_BUFFER_KHR, buffers[0], -1, "Test Label");
  char buf[16] = {};
  GLsizei len = -1;
  get_label(GL_BUFFER_KHR, buffers[0], 5, &len, buf);
  EXPECT_EQ(len, 4);
  EXPECT_STREQ(buf, "Test");
  get_label(GL_BUFFER_KHR, buffers[0], 0, &len, buf);
  EXPECT_EQ(len, 0);
  get_label(GL_BUFFER_KHR, buffers[0], 16, &len, nullptr);  // no buffer: the whole length
  EXPECT_EQ(len, 10);
  get_label(GL_BUFFER_KHR, buffers[0], -1, &len, buf);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));

  // MAX_LABEL_LENGTH counts the terminator.
  const GLint max = get_int(GL_MAX_LABEL_LENGTH_KHR);
  const std::string too_long(max, 'a');
  label(GL_BUFFER_KHR, buffers[0], -1, too_long.c_str());
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  label(GL_BUFFER_KHR, buffers[0], max, too_long.c_str());
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  EXPECT_EQ(object_label(GL_BUFFER_KHR, buffers[0]), "Test Label");  // unchanged by the errors
  label(GL_BUFFER_KHR, buffers[0], max - 1, too_long.c_str());
  std::vector<char> big(max + 8, '\0');
  get_label(GL_BUFFER_KHR, buffers[0], static_cast<GLsizei>(big.size()), &len, big.data());
  EXPECT_EQ(len, max - 1);

  // A null label removes the label.
  label(GL_BUFFER_KHR, buffers[0], -1, nullptr);
  EXPECT_EQ(object_label(GL_BUFFER_KHR, buffers[0]), "");
  glDeleteBuffers(2, buffers);
  drain();
}

TEST_F(Debug, SyncObjectPtrLabels) {
  GLsync sync = glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
  ASSERT_NE(sync, nullptr);
  char buf[32] = "unchanged";
  GLsizei len = -1;
  get_ptr_label(sync, sizeof(buf), &len, buf);
  EXPECT_EQ(len, 0);
  EXPECT_STREQ(buf, "");
  ptr_label(sync, -1, "fence label");
  get_ptr_label(sync, sizeof(buf), &len, buf);
  EXPECT_EQ(len, 11);
  EXPECT_STREQ(buf, "fence label");
  get_ptr_label(sync, 6, &len, buf);
  EXPECT_STREQ(buf, "fence");
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  const std::string too_long(get_int(GL_MAX_LABEL_LENGTH_KHR), 's');
  ptr_label(sync, -1, too_long.c_str());
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  glDeleteSync(sync);
  ptr_label(sync, -1, "deleted");
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  ptr_label(nullptr, -1, "null");
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  get_ptr_label(nullptr, sizeof(buf), &len, buf);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  drain();
}

}  // namespace
}  // namespace brass::e2e
