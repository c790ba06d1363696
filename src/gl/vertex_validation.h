// Vertex input validation: GL vertex attributes -> pipe vertex elements and
// vertex buffers, at draw time. Buffer-backed arrays in a format the device
// fetches are bound directly; client arrays are streamed (only the range the
// draw reads); formats without a pipe vertex format (FIXED, scaled integers,
// signed 2_10_10_10, 32-bit normalized) or misaligned arrays are converted
// on the CPU into 32-bit components (DOUBLE arrays of the float commands
// too); disabled arrays read the current generic value through a stride-0
// buffer. Double inputs (glVertexAttribL*) read 64-bit formats, or 32-bit
// words where the device has none (vertex_validation.cpp, plan_attrib).
#pragma once

#include <cstddef>
#include <cstdint>

#include "gl/gl_types.h"
#include "gl/vertex_element_format.h"
#include "pipe/format.h"
#include "pipe/resource.h"

namespace brass::pipe {
class Screen;
}

namespace brass::gl {

class Buffer;
class Context;
class VertexArray;
struct VertexAttrib;

// What the draw reads, for sizing streamed arrays.
struct VertexRange {
  bool known = false;        // min/max valid (else: vertex_input_needs_range said no)
  uint32_t min = 0, max = 0; // per-vertex indices read (inclusive)
  uint32_t instances = 1;
  uint32_t base_instance = 0;  // instanced arrays start reading here
};

// Error checks of ES 3.0 §2.9 for the bound VAO: an enabled array in a
// mapped buffer, or without a buffer in a non-default VAO, is
// INVALID_OPERATION. Records the error and returns false.
bool check_vertex_arrays(Context& ctx);
// True when the draw's vertex range is needed (a used per-vertex array is
// streamed or converted).
bool vertex_input_needs_range(Context& ctx);
// True when some array the program reads is streamed or converted by the
// CPU (per vertex or per instance): only a draw whose ranges the CPU knows
// can use it (not an indirect draw).
bool vertex_input_uses_cpu(Context& ctx);
// Bytes vertex-input validation will stream for this draw (upper bound).
uint64_t vertex_input_stream_bytes(Context& ctx, const VertexRange& range);

// Makes room for `bytes` in the context's stream buffer so the uploads of one
// draw never wrap between each other. False on allocation failure.
bool stream_reserve(Context& ctx, uint64_t bytes);
// Appends data (16-byte aligned) to the stream; returns its resource and offset.
bool stream_upload(Context& ctx, const void* data, uint32_t size, pipe::Resource** resource, uint64_t* offset);

// Binding `binding` of `vao` is about to read `buffer` at `offset` with
// `stride` (glVertexAttribPointer with an unchanged format,
// glBindVertexBuffer): marks what the next draw must do. Where the bound
// VAO's binding feeds one pipe buffer directly and the new buffer leaves
// every attribute's plan as it was (a buffer with storage, the same
// stride, the offset the same modulo 8, the largest component size), only
// that pipe buffer is set again (kDirtyVertexBuffers); else all vertex
// input is planned again (kDirtyVertexInput).
void vertex_buffer_changed(Context& ctx, const VertexArray& vao, GLuint binding, const Buffer* buffer,
                           GLintptr offset, GLsizei stride);

// Binds vertex elements and buffers for the draw. *base_vertex receives the
// first vertex the streamed arrays start at: the draw must subtract it
// (start - base for arrays, index_bias = -base for indexed draws).
bool validate_vertex_input(Context& ctx, const VertexRange& range, uint32_t* base_vertex);

}  // namespace brass::gl
