// KHR_debug handlers (the ES extension; ES 3.2 §18 reads the same): debug
// messages, message control, debug groups, object labels and GetPointerv for
// the callback. The state lives in debug_output.h.
#include <algorithm>
#include <cstring>
#include <mutex>
#include <string>

#include "gl/compat/legacy_queries.h"
#include "gl/compat/vertex_arrays_legacy.h"
#include "gl/context.h"
#include "gl_functions.h"

namespace brass::gl::api {

namespace {

bool is_application_source(GLenum source) {
  return source == GL_DEBUG_SOURCE_APPLICATION || source == GL_DEBUG_SOURCE_THIRD_PARTY;
}

// The length of a (length, string) pair: negative means null-terminated.
size_t text_length(GLsizei length, const GLchar* text) {
  return length < 0 ? std::strlen(text) : static_cast<size_t>(length);
}

// The label of the object `name` of kind `identifier`, or null with *error
// set. A name that glGen* reserved but no bind has made an object yet names
// no object (ES 3.0 §2.9: glIs* is false for it too), so labelling it is
// INVALID_VALUE, as for a deleted or never generated name.
// The object is returned with a reference: another context of the share
// group may delete the name while its label is read or written.
template <typename T>
Ref<Object> table_label(const ObjectTable<T>& table, GLuint name, GLenum* error) {
  Ref<T> obj = name ? table.lookup(name) : nullptr;
  if (!obj) *error = GL_INVALID_VALUE;
  return Ref<Object>(std::move(obj));
}

Ref<Object> object_label(Context& ctx, GLenum identifier, GLuint name, GLenum* error) {
  ShareGroup& sg = ctx.share_group();
  switch (identifier) {
    case GL_BUFFER: return table_label(sg.buffers, name, error);
    case GL_TEXTURE: return table_label(sg.textures, name, error);
    case GL_RENDERBUFFER: return table_label(sg.renderbuffers, name, error);
    case GL_FRAMEBUFFER: return table_label(ctx.framebuffer_objects, name, error);
    case GL_VERTEX_ARRAY: return table_label(ctx.vertex_array_objects, name, error);
    case GL_QUERY: return table_label(ctx.query_objects, name, error);
    case GL_TRANSFORM_FEEDBACK: return table_label(ctx.transform_feedback_objects, name, error);
    case GL_SAMPLER: return table_label(sg.samplers, name, error);  // objects from glGenSamplers on
    case GL_SHADER:
    case GL_PROGRAM: {
      // Shaders and programs share one namespace; the kind must match.
      Ref<ShaderOrProgram> o = sg.programs.lookup(name);
      const auto kind = identifier == GL_SHADER ? ShaderOrProgram::Kind::Shader : ShaderOrProgram::Kind::Program;
      if (!o || o->kind != kind) {
        *error = GL_INVALID_VALUE;
        return nullptr;
      }
      return Ref<Object>(std::move(o));
    }
    // Pipeline objects exist with separate shader objects (ES 3.1, desktop);
    // ES 3.0 has none to label.
    case GL_PROGRAM_PIPELINE:
      if (ctx.separate_shader_objects()) return table_label(ctx.program_pipeline_objects, name, error);
      *error = GL_INVALID_ENUM;
      return nullptr;
    default: *error = GL_INVALID_ENUM; return nullptr;
  }
}

// The live sync object behind a pointer (checked against the share group's
// set, so a stale or forged pointer is never dereferenced), or null. The
// reference keeps it alive should another thread delete it meanwhile.
Ref<Sync> lookup_sync(Context& ctx, const void* ptr) {
  ShareGroup& sg = ctx.share_group();
  std::lock_guard lock(sg.sync_mutex);
  auto* s = reinterpret_cast<Sync*>(const_cast<void*>(ptr));
  return sg.syncs.count(s) ? Ref<Sync>::share(s) : Ref<Sync>();
}

void set_label(Context& ctx, std::string& target, GLsizei length, const GLchar* label) {
  if (!label) {
    target.clear();  // a null label removes the label
    return;
  }
  const size_t n = text_length(length, label);
  if (n >= static_cast<size_t>(kMaxLabelLength)) return ctx.set_error(GL_INVALID_VALUE);
  target.assign(label, n);
}

// GetObject[Ptr]Label's output rule: at most bufSize - 1 characters and a
// terminator; *length gets the characters written, or the whole label's
// length when no buffer is given.
void get_label(const std::string& source, GLsizei buf_size, GLsizei* length, GLchar* label) {
  if (!label) {
    if (length) *length = static_cast<GLsizei>(source.size());
    return;
  }
  if (buf_size == 0) {
    if (length) *length = 0;
    return;
  }
  const size_t n = std::min(source.size(), static_cast<size_t>(buf_size - 1));
  std::memcpy(label, source.data(), n);
  label[n] = '\0';
  if (length) *length = static_cast<GLsizei>(n);
}

}  // namespace

void DebugMessageControl(Context& ctx, GLenum source, GLenum type, GLenum severity, GLsizei count, const GLuint* ids,
                         GLboolean enabled) {
  const int s = source == GL_DONT_CARE ? -1 : DebugFilter::source_index(source);
  const int t = type == GL_DONT_CARE ? -1 : DebugFilter::type_index(type);
  const int v = severity == GL_DONT_CARE ? -1 : DebugFilter::severity_index(severity);
  if ((source != GL_DONT_CARE && s < 0) || (type != GL_DONT_CARE && t < 0) || (severity != GL_DONT_CARE && v < 0))
    return ctx.set_error(GL_INVALID_ENUM);
  if (count < 0) return ctx.set_error(GL_INVALID_VALUE);
  if (count > 0) {
    // Ids mean something only within one source and type, at every severity.
    if (s < 0 || t < 0 || v >= 0) return ctx.set_error(GL_INVALID_OPERATION);
    if (!ids) return ctx.set_error(GL_INVALID_VALUE);
    ctx.debug.filter().set_ids(s, t, ids, count, enabled != GL_FALSE);
    return;
  }
  ctx.debug.filter().set(s, t, v, enabled != GL_FALSE);
}

void DebugMessageInsert(Context& ctx, GLenum source, GLenum type, GLuint id, GLenum severity, GLsizei length,
                        const GLchar* buf) {
  if (!is_application_source(source) || DebugFilter::type_index(type) < 0 ||
      DebugFilter::severity_index(severity) < 0)
    return ctx.set_error(GL_INVALID_ENUM);
  if (!buf) return ctx.set_error(GL_INVALID_VALUE);
  const size_t n = text_length(length, buf);
  if (n >= static_cast<size_t>(kMaxDebugMessageLength)) return ctx.set_error(GL_INVALID_VALUE);
  ctx.debug.message(source, type, id, severity, std::string_view(buf, n));
}

void DebugMessageCallback(Context& ctx, GLDEBUGPROC callback, const void* userParam) {
  ctx.debug.set_callback(callback, userParam);
}

GLuint GetDebugMessageLog(Context& ctx, GLuint count, GLsizei bufSize, GLenum* sources, GLenum* types, GLuint* ids,
                          GLenum* severities, GLsizei* lengths, GLchar* messageLog) {
  if (bufSize < 0 && messageLog) {
    ctx.set_error(GL_INVALID_VALUE);
    return 0;
  }
  auto& log = ctx.debug.log();
  GLuint n = 0;
  size_t used = 0;
  while (n < count && !log.empty()) {
    const DebugMessage& m = log.front();
    const size_t len = m.text.size() + 1;
    if (messageLog) {
      // A message that does not fit stays in the log, and so do the later ones.
      if (used + len > static_cast<size_t>(bufSize)) break;
      std::memcpy(messageLog + used, m.text.c_str(), len);
      used += len;
    }
    if (sources) sources[n] = m.source;
    if (types) types[n] = m.type;
    if (ids) ids[n] = m.id;
    if (severities) severities[n] = m.severity;
    if (lengths) lengths[n] = static_cast<GLsizei>(len);
    log.pop_front();
    ++n;
  }
  return n;
}

void PushDebugGroup(Context& ctx, GLenum source, GLuint id, GLsizei length, const GLchar* message) {
  if (!is_application_source(source)) return ctx.set_error(GL_INVALID_ENUM);
  if (!message) return ctx.set_error(GL_INVALID_VALUE);
  const size_t n = text_length(length, message);
  if (n >= static_cast<size_t>(kMaxDebugMessageLength)) return ctx.set_error(GL_INVALID_VALUE);
  if (ctx.debug.group_depth() >= kMaxDebugGroupStackDepth) return ctx.set_error(GL_STACK_OVERFLOW);
  const std::string_view text(message, n);
  ctx.debug.push_group(source, id, text);
  // The new group's filter (a copy of the outer one) decides on this message.
  ctx.debug.message(source, GL_DEBUG_TYPE_PUSH_GROUP, id, GL_DEBUG_SEVERITY_NOTIFICATION, text);
}

void PopDebugGroup(Context& ctx) {
  if (ctx.debug.group_depth() <= 1) return ctx.set_error(GL_STACK_UNDERFLOW);
  const DebugMessage pushed = ctx.debug.pop_group();
  // Generated after the pop, so the restored outer group's filter applies.
  ctx.debug.message(pushed.source, GL_DEBUG_TYPE_POP_GROUP, pushed.id, GL_DEBUG_SEVERITY_NOTIFICATION, pushed.text);
}

void ObjectLabel(Context& ctx, GLenum identifier, GLuint name, GLsizei length, const GLchar* label) {
  GLenum error = GL_NO_ERROR;
  const Ref<Object> target = object_label(ctx, identifier, name, &error);
  if (!target) return ctx.set_error(error);
  set_label(ctx, target->label, length, label);
}

void GetObjectLabel(Context& ctx, GLenum identifier, GLuint name, GLsizei bufSize, GLsizei* length, GLchar* label) {
  GLenum error = GL_NO_ERROR;
  const Ref<Object> source = object_label(ctx, identifier, name, &error);
  if (!source) return ctx.set_error(error);
  if (bufSize < 0) return ctx.set_error(GL_INVALID_VALUE);
  get_label(source->label, bufSize, length, label);
}

void ObjectPtrLabel(Context& ctx, const void* ptr, GLsizei length, const GLchar* label) {
  const Ref<Sync> s = lookup_sync(ctx, ptr);
  if (!s) return ctx.set_error(GL_INVALID_VALUE);
  set_label(ctx, s->label, length, label);
}

void GetObjectPtrLabel(Context& ctx, const void* ptr, GLsizei bufSize, GLsizei* length, GLchar* label) {
  const Ref<Sync> s = lookup_sync(ctx, ptr);
  if (!s) return ctx.set_error(GL_INVALID_VALUE);
  if (bufSize < 0) return ctx.set_error(GL_INVALID_VALUE);
  get_label(s->label, bufSize, length, label);
}

void GetPointerv(Context& ctx, GLenum pname, void** params) {
  void* value = nullptr;
  switch (pname) {
    case GL_DEBUG_CALLBACK_FUNCTION: value = reinterpret_cast<void*>(ctx.debug.callback()); break;
    case GL_DEBUG_CALLBACK_USER_PARAM: value = const_cast<void*>(ctx.debug.user_param()); break;
    default:
      // SELECTION_BUFFER_POINTER, FEEDBACK_BUFFER_POINTER (compat/).
      if (ctx.compatibility() && legacy_pointer(ctx, pname, &value)) break;
      // The compatibility profile's array pointers (compat/vertex_arrays_legacy.h).
      if (ctx.compatibility() && compat::client_array_pointer(ctx, pname, &value)) break;
      return ctx.set_error(GL_INVALID_ENUM);
  }
  if (params) *params = value;
}

}  // namespace brass::gl::api
