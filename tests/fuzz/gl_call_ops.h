// The bytecode of the GL call harness (fuzz_gl_calls.cpp): GlCallRunner
// decodes one input into GL ES 3.1 calls on the current context.
#pragma once

#include <GLES3/gl31.h>

#include <cstddef>
#include <cstdint>
#include <vector>

#include "fuzz_input.h"

namespace brass::fuzz {

// Maps the client memory the harness hands GL: a read-only zero mapping
// large enough for any read a valid call can ask for, and a write buffer.
// Once per process.
bool init_client_memory();

class GlCallRunner {
 public:
  GlCallRunner();
  // Decodes and issues calls until the input runs out (or a call budget is
  // spent, so no input runs for long).
  void run(Input& in);

 private:
  void step(Input& in);
  // Names: one the harness generated (alive or deleted), 0, or one never
  // generated.
  GLuint name(Input& in, const std::vector<GLuint>& generated);
  GLuint program(Input& in);
  GLenum buffer_target(Input& in);
  GLenum texture_target(Input& in);
  GLenum internal_format(Input& in);
  GLenum format(Input& in);
  GLenum type(Input& in);
  // A pointer argument for an upload: an offset into the buffer bound to
  // `binding` when one is, otherwise client memory (or null).
  const void* upload_source(Input& in, GLenum binding);
  // Clamps a readback's dimension to what the client write buffer holds
  // when no pack buffer is bound (a larger one is the application's fault).
  GLsizei readback_dimension(Input& in);

  std::vector<GLuint> buffers_, textures_, framebuffers_, renderbuffers_, vertex_arrays_, queries_,
      programs_;
  std::vector<GLsync> syncs_;
  GLuint builtin_programs_[3] = {};
};

}  // namespace brass::fuzz
