// Transform feedback objects and capture (ES 3.0 §2.15): begin/end,
// pause/resume, binding, and the draw-time space check. Capture goes
// through pipe stream-output targets, bound while the current object is
// active and not paused; a pause unbinds them (the pipe keeps the written
// counts) and a resume rebinds them appending. With several vertex streams
// (ARB_transform_feedback3) each buffer captures one stream's vertices, as
// the program's varyings say.
#include <algorithm>
#include <limits>

#include "gl/context.h"
#include "gl/context_executables.h"
#include "gl/linked_program.h"
#include "gl_functions.h"

namespace brass::gl {

TransformFeedback::~TransformFeedback() {
  if (!pipe) return;
  for (pipe::StreamOutputTarget*& t : targets)
    if (t) pipe->destroy_stream_output_target(t);
  for (pipe::StreamOutputTarget*& t : captured)
    if (t) pipe->destroy_stream_output_target(t);
}

namespace {

// Vertices a draw captures: its primitives, each as an independent one.
uint64_t captured_vertices(GLenum mode, GLsizei count, GLsizei instances) {
  const uint64_t n = static_cast<uint64_t>(std::max(count, 0));
  uint64_t v = 0;
  switch (mode) {
    case GL_POINTS: v = n; break;
    case GL_LINES: v = n / 2 * 2; break;
    case GL_LINE_STRIP: v = n >= 2 ? (n - 1) * 2 : 0; break;
    case GL_LINE_LOOP: v = n >= 2 ? n * 2 : 0; break;
    case GL_TRIANGLES: v = n / 3 * 3; break;
    case GL_TRIANGLE_STRIP:
    case GL_TRIANGLE_FAN: v = n >= 3 ? (n - 2) * 3 : 0; break;
    default: break;
  }
  return v * static_cast<uint64_t>(std::max(instances, 0));
}

void bind_targets(Context& ctx, TransformFeedback& tf, bool append) {
  if (tf.target_count == 0) return;
  ctx.pipe().set_stream_output_targets(std::span<pipe::StreamOutputTarget* const>(tf.targets.data(), tf.target_count),
                                       append ? 0xfu : 0u);
}

void unbind_targets(Context& ctx, TransformFeedback& tf) {
  if (tf.target_count) ctx.pipe().set_stream_output_targets({}, 0);
}

void destroy_targets(TransformFeedback& tf) {
  for (pipe::StreamOutputTarget*& t : tf.targets) {
    if (t) tf.pipe->destroy_stream_output_target(t);
    t = nullptr;
  }
  tf.target_count = 0;
}

// The program whose outputs are captured: the current program, else that
// of the bound pipeline's last vertex-processing stage (ES 3.1 §11.1.3.11,
// GL 4.6 §13.2.2).
Program* capturing_program(Context& ctx) {
  if (ctx.current_program) return ctx.current_program.get();
  const ProgramPipeline* pp = ctx.program_pipeline.get();
  if (!pp) return nullptr;
  for (pipe::ShaderStage s : {pipe::ShaderStage::Geometry, pipe::ShaderStage::TessEval, pipe::ShaderStage::Vertex})
    if (Program* p = pp->stages[static_cast<unsigned>(s)].get()) return p;
  return nullptr;
}

void end(Context& ctx, TransformFeedback& tf) {
  if (!tf.paused) unbind_targets(ctx, tf);
  // The target of each stream's first buffer stays for
  // glDrawTransformFeedback(Stream) (its counter).
  for (unsigned s = 0; s < kMaxVertexStreams; ++s) {
    if (tf.captured[s]) tf.pipe->destroy_stream_output_target(tf.captured[s]);
    tf.captured[s] = nullptr;
    const int b = tf.stream_buffer[s];
    if (b < 0) continue;
    tf.captured[s] = tf.targets[static_cast<size_t>(b)];
    tf.targets[static_cast<size_t>(b)] = nullptr;
    tf.captured_stride[s] = tf.stream_stride[s];
  }
  tf.captured_vertices = tf.vertices_written;
  tf.ended_once = true;
  destroy_targets(tf);
  tf.active = tf.paused = false;
  ctx.dirty(kDirtyDrawChecks);  // draws check their modes against the capture (validated_draw.h)
  if (tf.program) --tf.program->transform_feedback_uses;
  tf.program = nullptr;
  tf.vertices_written = tf.vertex_capacity = 0;
}

}  // namespace

bool transform_feedback_mode_allowed(GLenum capture_mode, GLenum draw_mode) {
  switch (draw_mode) {
    case GL_POINTS: return capture_mode == GL_POINTS;
    case GL_LINES:
    case GL_LINE_STRIP:
    case GL_LINE_LOOP: return capture_mode == GL_LINES;
    case GL_TRIANGLES:
    case GL_TRIANGLE_STRIP:
    case GL_TRIANGLE_FAN: return capture_mode == GL_TRIANGLES;
    // Adjacency primitives are captured only through a geometry shader.
    case GL_LINES_ADJACENCY:
    case GL_LINE_STRIP_ADJACENCY:
    case GL_TRIANGLES_ADJACENCY:
    case GL_TRIANGLE_STRIP_ADJACENCY: return false;
    default: return true;  // an unknown mode is the draw's own INVALID_ENUM
  }
}

bool check_transform_feedback_space(Context& ctx, GLenum mode, GLsizei count, GLsizei instances) {
  const TransformFeedback& tf = *ctx.transform_feedback;
  if (count < 0 || instances < 0) return true;  // the draw's own INVALID_VALUE
  if (tf.vertices_written + captured_vertices(mode, count, instances) > tf.vertex_capacity) {
    // Desktop GL draws anyway: the primitives that do not fit are not
    // written (GL 4.6 §13.3.2; Vulkan drops transform feedback writes past
    // the bound size). ES makes it an error (ES 3.2 §12.1.2).
    if (ctx.desktop()) return true;
    ctx.set_error(GL_INVALID_OPERATION);
    return false;
  }
  return true;
}

void count_transform_feedback_vertices(Context& ctx, GLenum mode, GLsizei count, GLsizei instances) {
  TransformFeedback& tf = *ctx.transform_feedback;
  tf.vertices_written = std::min<uint64_t>(tf.vertex_capacity, tf.vertices_written + captured_vertices(mode, count, instances));
}

void release_transform_feedback_objects(Context& ctx) {
  if (ctx.transform_feedback && ctx.transform_feedback->active) end(ctx, *ctx.transform_feedback);
  ctx.transform_feedback = nullptr;
  ctx.default_transform_feedback = nullptr;
  ctx.transform_feedback_objects.clear();
}

namespace api {

void GenTransformFeedbacks(Context& ctx, GLsizei n, GLuint* ids) {
  if (n < 0) return ctx.set_error(GL_INVALID_VALUE);
  if (n == 0 || !ids) return;
  ctx.transform_feedback_objects.generate(n, ids);
}

void DeleteTransformFeedbacks(Context& ctx, GLsizei n, const GLuint* ids) {
  if (n < 0) return ctx.set_error(GL_INVALID_VALUE);
  if (!ids) return;
  // An active object cannot be deleted; then none is.
  for (GLsizei i = 0; i < n; ++i) {
    const Ref<TransformFeedback> tf = ids[i] ? ctx.transform_feedback_objects.lookup(ids[i]) : nullptr;
    if (tf && tf->active) return ctx.set_error(GL_INVALID_OPERATION);
  }
  for (GLsizei i = 0; i < n; ++i) {
    if (ids[i] == 0) continue;
    Ref<TransformFeedback> tf = ctx.transform_feedback_objects.remove(ids[i]);
    if (tf && ctx.transform_feedback.get() == tf.get()) {
      bind(ctx.transform_feedback, ctx.default_transform_feedback.get());
      ctx.dirty(kDirtyTransformFeedback);
    }
  }
}

GLboolean IsTransformFeedback(Context& ctx, GLuint id) {
  return id != 0 && ctx.transform_feedback_objects.lookup(id) != nullptr ? GL_TRUE : GL_FALSE;
}

void BindTransformFeedback(Context& ctx, GLenum target, GLuint id) {
  if (target != GL_TRANSFORM_FEEDBACK) return ctx.set_error(GL_INVALID_ENUM);
  const TransformFeedback& current = *ctx.transform_feedback;
  if (current.active && !current.paused) return ctx.set_error(GL_INVALID_OPERATION);
  TransformFeedback* tf = ctx.default_transform_feedback.get();
  if (id != 0) {
    if (!ctx.transform_feedback_objects.is_name(id)) return ctx.set_error(GL_INVALID_OPERATION);
    // Container objects are per context: the table's reference keeps it.
    tf = ctx.transform_feedback_objects.get_or_create(id, false,
                                                      [](GLuint n) { return make_ref<TransformFeedback>(n); }).get();
    if (!tf) return ctx.set_error(GL_OUT_OF_MEMORY);
  }
  bind(ctx.transform_feedback, tf);
  ctx.dirty(kDirtyTransformFeedback);
}

void BeginTransformFeedback(Context& ctx, GLenum primitiveMode) {
  if (primitiveMode != GL_POINTS && primitiveMode != GL_LINES && primitiveMode != GL_TRIANGLES)
    return ctx.set_error(GL_INVALID_ENUM);
  TransformFeedback& tf = *ctx.transform_feedback;
  if (tf.active) return ctx.set_error(GL_INVALID_OPERATION);
  Program* p = capturing_program(ctx);
  std::shared_ptr<LinkedProgram> keep;
  const LinkedProgram* lp = p ? context_executable(ctx, *p, &keep) : nullptr;
  if (!lp || lp->interface.transform_feedback.empty()) return ctx.set_error(GL_INVALID_OPERATION);
  const std::vector<uint32_t>& strides = lp->interface.transform_feedback_strides;
  const std::vector<uint32_t>& streams = lp->interface.transform_feedback_streams;
  const size_t buffers = std::min<size_t>(strides.size(), kMaxTransformFeedbackBuffers);
  // A buffer no varying is captured to (between two gl_NextBuffer) is not
  // used: it needs no binding.
  auto used = [&streams](size_t i) { return i >= streams.size() || streams[i] != compiler::kNoVertexStream; };
  for (size_t i = 0; i < buffers; ++i) {
    const Buffer* b = tf.buffers[i].buffer.get();
    if (used(i) && (!b || b->mapped_exclusively())) return ctx.set_error(GL_INVALID_OPERATION);
  }

  // The ranges captured into, and how many vertices fit in all of them.
  uint64_t capacity = std::numeric_limits<uint64_t>::max();
  bool all_targets = true;
  tf.pipe = &ctx.pipe();
  tf.stream_buffer.fill(-1);
  tf.stream_stride.fill(0);
  for (size_t i = 0; i < buffers; ++i) {
    tf.targets[i] = nullptr;
    if (!used(i)) continue;  // bound to nothing: nothing is written there
    const uint32_t stream = i < streams.size() ? streams[i] : 0;
    if (stream < kMaxVertexStreams && tf.stream_buffer[stream] < 0) {
      tf.stream_buffer[stream] = static_cast<int>(i);
      tf.stream_stride[stream] = strides[i];
    }
    const IndexedBufferBinding& binding = tf.buffers[i];
    Buffer& b = *binding.buffer;
    const uint64_t size = static_cast<uint64_t>(std::max<GLsizeiptr>(b.size, 0));
    const uint64_t offset = std::min<uint64_t>(static_cast<uint64_t>(binding.offset), size);
    uint64_t range = size - offset;
    if (binding.size > 0) range = std::min<uint64_t>(range, static_cast<uint64_t>(binding.size));
    range &= ~uint64_t{3};
    if (strides[i]) capacity = std::min<uint64_t>(capacity, range / strides[i]);
    pipe::StreamOutputTarget* t = nullptr;
    if (b.resource && range > 0) t = ctx.pipe().create_stream_output_target(b.resource.get(), offset, range);
    if (!t) all_targets = false;
    tf.targets[i] = t;
  }
  tf.target_count = static_cast<uint32_t>(buffers);
  if (!all_targets) {
    // An empty range (nothing fits: draws are errors) or a device that
    // cannot capture (draws capture nothing).
    destroy_targets(tf);
  }
  tf.active = true;
  tf.paused = false;
  tf.primitive_mode = primitiveMode;
  ctx.dirty(kDirtyDrawChecks);  // draws check their modes against the capture (validated_draw.h)
  tf.vertices_written = 0;
  tf.vertex_capacity = capacity;
  bind(tf.program, p);
  ++p->transform_feedback_uses;
  bind_targets(ctx, tf, false);
}

void EndTransformFeedback(Context& ctx) {
  TransformFeedback& tf = *ctx.transform_feedback;
  if (!tf.active) return ctx.set_error(GL_INVALID_OPERATION);
  end(ctx, tf);
}

void PauseTransformFeedback(Context& ctx) {
  TransformFeedback& tf = *ctx.transform_feedback;
  if (!tf.active || tf.paused) return ctx.set_error(GL_INVALID_OPERATION);
  unbind_targets(ctx, tf);
  tf.paused = true;
  ctx.dirty(kDirtyDrawChecks);
}

void ResumeTransformFeedback(Context& ctx) {
  TransformFeedback& tf = *ctx.transform_feedback;
  if (!tf.active || !tf.paused) return ctx.set_error(GL_INVALID_OPERATION);
  // The program Begin used must be the one in use again.
  if (capturing_program(ctx) != tf.program.get()) return ctx.set_error(GL_INVALID_OPERATION);
  tf.paused = false;
  ctx.dirty(kDirtyDrawChecks);
  bind_targets(ctx, tf, true);
}

}  // namespace api
}  // namespace brass::gl

// --- direct state access (ARB_direct_state_access, GL 4.6 §13.2) ---

namespace brass::gl {

namespace {

// The transform feedback object `xfb` names (zero: the default one), or
// null after recording INVALID_OPERATION.
Ref<TransformFeedback> named_transform_feedback(Context& ctx, GLuint xfb) {
  if (xfb == 0) return Ref<TransformFeedback>::share(ctx.default_transform_feedback.get());
  Ref<TransformFeedback> tf = ctx.transform_feedback_objects.lookup(xfb);
  if (!tf) ctx.set_error(GL_INVALID_OPERATION);
  return tf;
}

GLuint transform_feedback_buffer_count(const Context& ctx) {
  return std::min<GLuint>(static_cast<GLuint>(ctx.limits.max_transform_feedback_separate_attribs),
                          kMaxTransformFeedbackBuffers);
}

// glTransformFeedbackBufferBase / Range: the indexed binding of `xfb`,
// without the generic TRANSFORM_FEEDBACK_BUFFER binding point, which only
// the bind-to-edit commands change.
void transform_feedback_buffer(Context& ctx, GLuint xfb, GLuint index, GLuint buffer, GLintptr offset,
                               GLsizeiptr size, bool range) {
  const Ref<TransformFeedback> tf = named_transform_feedback(ctx, xfb);
  if (!tf) return;
  if (index >= transform_feedback_buffer_count(ctx)) return ctx.set_error(GL_INVALID_VALUE);
  Ref<Buffer> b;
  if (buffer != 0) {
    b = ctx.share_group().buffers.lookup(buffer);
    if (!b) return ctx.set_error(GL_INVALID_OPERATION);
  }
  if (range && b && (offset < 0 || size <= 0 || offset % 4 != 0 || size % 4 != 0))
    return ctx.set_error(GL_INVALID_VALUE);
  // The bindings of an active object are fixed until it ends (§13.2.2).
  if (tf->active) return ctx.set_error(GL_INVALID_OPERATION);
  set_indexed_binding(tf->buffers[index], std::move(b), offset, size, range);
  ctx.dirty(kDirtyTransformFeedback);
}

}  // namespace

namespace api {

void CreateTransformFeedbacks(Context& ctx, GLsizei n, GLuint* ids) {
  if (n < 0) return ctx.set_error(GL_INVALID_VALUE);
  if (n == 0 || !ids) return;
  if (!ctx.transform_feedback_objects.create_many(n, ids,
                                                  [](GLuint name) { return make_ref<TransformFeedback>(name); }))
    ctx.set_error(GL_OUT_OF_MEMORY);
}

void TransformFeedbackBufferBase(Context& ctx, GLuint xfb, GLuint index, GLuint buffer) {
  transform_feedback_buffer(ctx, xfb, index, buffer, 0, 0, false);
}

void TransformFeedbackBufferRange(Context& ctx, GLuint xfb, GLuint index, GLuint buffer, GLintptr offset,
                                  GLsizeiptr size) {
  transform_feedback_buffer(ctx, xfb, index, buffer, offset, size, true);
}

void GetTransformFeedbackiv(Context& ctx, GLuint xfb, GLenum pname, GLint* param) {
  const Ref<TransformFeedback> tf = named_transform_feedback(ctx, xfb);
  if (!tf) return;
  GLint v = 0;
  switch (pname) {
    case GL_TRANSFORM_FEEDBACK_PAUSED: v = tf->paused ? GL_TRUE : GL_FALSE; break;
    case GL_TRANSFORM_FEEDBACK_ACTIVE: v = tf->active ? GL_TRUE : GL_FALSE; break;
    default: return ctx.set_error(GL_INVALID_ENUM);
  }
  if (param) *param = v;
}

void GetTransformFeedbacki_v(Context& ctx, GLuint xfb, GLenum pname, GLuint index, GLint* param) {
  const Ref<TransformFeedback> tf = named_transform_feedback(ctx, xfb);
  if (!tf) return;
  if (pname != GL_TRANSFORM_FEEDBACK_BUFFER_BINDING) return ctx.set_error(GL_INVALID_ENUM);
  if (index >= transform_feedback_buffer_count(ctx)) return ctx.set_error(GL_INVALID_VALUE);
  const Buffer* b = tf->buffers[index].buffer.get();
  if (param) *param = b ? static_cast<GLint>(b->name()) : 0;
}

void GetTransformFeedbacki64_v(Context& ctx, GLuint xfb, GLenum pname, GLuint index, GLint64* param) {
  const Ref<TransformFeedback> tf = named_transform_feedback(ctx, xfb);
  if (!tf) return;
  if (pname != GL_TRANSFORM_FEEDBACK_BUFFER_START && pname != GL_TRANSFORM_FEEDBACK_BUFFER_SIZE)
    return ctx.set_error(GL_INVALID_ENUM);
  if (index >= transform_feedback_buffer_count(ctx)) return ctx.set_error(GL_INVALID_VALUE);
  const IndexedBufferBinding& slot = tf->buffers[index];
  if (param) *param = pname == GL_TRANSFORM_FEEDBACK_BUFFER_START ? slot.offset : slot.size;
}

}  // namespace api

}  // namespace brass::gl
