#include "gl/vertex_validation.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <span>

#include "gl/context.h"
#include "gl/program_validation.h"
#include "util/log.h"

namespace brass::gl {

namespace {

using pipe::Format;

// Current generic values: 16 bytes per location as given (float or
// integer), then 32 per location as doubles for 64-bit inputs (a dvec3 or
// dvec4 value is wider than its location's 16 bytes).
constexpr uint32_t kGenericFloatBytes = kMaxVertexAttribs * 16;
constexpr uint32_t kGenericDoubleStride = 32;
// Then the compatibility profile's conventional current values (colour,
// normal, ...), 16 bytes each (gl_Vertex's is generic 0's).
constexpr uint32_t kConventionalValuesOffset = kGenericFloatBytes + kMaxVertexAttribs * kGenericDoubleStride;
constexpr uint32_t kGenericBytes = kConventionalValuesOffset + compat::kConventionalCount * 16;
constexpr uint32_t kStreamAlign = 16;
constexpr uint32_t kStreamInitialSize = 1u << 20;

// Occupied: the upper location of a dvec3/dvec4 input, which the element
// of the location below feeds (no element of its own).
enum class Source : uint8_t { Generic, Direct, Copy, Convert, Occupied };

struct AttribPlan {
  Source source = Source::Generic;
  Format format = Format::RGBA32_FLOAT;  // what the location's element fetches
  bool per_vertex = true;
  // The GL attribute feeding the location: itself, but for the upper half
  // of a lowered dvec3/dvec4, whose attribute is the location below.
  unsigned attrib = 0;
  // Bytes into that attribute's element the location starts at (16 for
  // such an upper half).
  uint32_t half_offset = 0;
  // Convert: the format the CPU writes, which `format` reads (a part of).
  Format layout = Format::None;
  bool doubles = false;  // the input is 64-bit: current values are doubles
};

bool format_supported(Context& ctx, Format f) {
  int8_t& s = ctx.vertex_input.format_supported[static_cast<size_t>(f)];
  if (s == 0) s = ctx.screen().is_format_supported(f, pipe::Target::Buffer, 1, pipe::kUsageVertexBuffer) ? 1 : -1;
  return s > 0;
}

// Whether double inputs are read as 32-bit words: the program's shaders
// were linked so (program_link.cpp asks fetches_64bit_vertex_formats).
bool lowered_doubles(Context& ctx) {
  for (Format f : kFloat64)
    if (!format_supported(ctx, f)) return true;
  return false;
}

uint32_t used_locations(Context& ctx) {
  const LinkedProgram* vs = stage_executable(ctx, pipe::ShaderStage::Vertex);
  // Vulkan locations: up to two per GL attribute (linked_program.h).
  static_assert(pipe::kMaxVertexElements == 32);
  return vs ? vs->attribute_locations : 0;
}

AttribBaseType shader_type(Context& ctx, unsigned loc) {
  const LinkedProgram* vs = stage_executable(ctx, pipe::ShaderStage::Vertex);
  return vs ? vs->attribute_types[loc] : AttribBaseType::Float;
}

// Components the shader's input at `loc` has (1..4).
unsigned shader_components(Context& ctx, unsigned loc) {
  const LinkedProgram* vs = stage_executable(ctx, pipe::ShaderStage::Vertex);
  return vs ? std::clamp<unsigned>(vs->attribute_components[loc], 1, 4) : 4;
}

// The GL attribute feeding the shader's input at Vulkan location `loc`.
// An index of conventional_attribs.h: a generic attribute, or (a
// compatibility-profile gl_Vertex, gl_Color, ... input) a conventional one.
unsigned shader_attrib(Context& ctx, unsigned loc) {
  const LinkedProgram* vs = stage_executable(ctx, pipe::ShaderStage::Vertex);
  return vs ? std::min<unsigned>(vs->attribute_index[loc], compat::kAttribIndexCount - 1) : loc;
}

// Where attribute index `index`'s current value is in the generic block:
// generic i's float value, or a conventional attribute's (the position's
// is generic 0's: they alias).
uint32_t current_value_offset(unsigned index) {
  if (index < kMaxVertexAttribs) return index * 16u;
  const unsigned a = index - kMaxVertexAttribs;
  return a == compat::kVertex ? 0u : kConventionalValuesOffset + a * 16u;
}

bool is_double(AttribBaseType t) { return t == AttribBaseType::Double || t == AttribBaseType::DoubleWide; }

Format generic_format(AttribBaseType t) {
  switch (t) {
    case AttribBaseType::Int: return Format::RGBA32_SINT;
    case AttribBaseType::Uint: return Format::RGBA32_UINT;
    // Vulkan feeds a 64-bit input only from a 64-bit format with at least
    // its components: a one-location input reads two doubles, a
    // two-location one four.
    case AttribBaseType::Double: return Format::RG64_FLOAT;
    case AttribBaseType::DoubleWide: return Format::RGBA64_FLOAT;
    case AttribBaseType::DoubleUpper: return Format::None;
    case AttribBaseType::Float: break;
  }
  return Format::RGBA32_FLOAT;
}

// What attribute `loc` of the bound VAO reads: its binding's buffer (null:
// client memory), the address of element 0 (the binding's offset, or client
// address, plus the attribute's relative offset) and the binding's stride
// and divisor.
struct AttribSource {
  const VertexAttrib* attrib = nullptr;
  Buffer* buffer = nullptr;
  uint64_t address = 0;
  uint32_t stride = 0;
  uint32_t divisor = 0;
};

// a + b, or UINT64_MAX where that does not fit: an address past every
// buffer, so the range checks after it stay exact. (A buffer offset comes
// from glVertexAttribPointer's pointer, which may be any value.)
uint64_t add_saturated(uint64_t a, uint64_t b) { return a > UINT64_MAX - b ? UINT64_MAX : a + b; }

// The array attribute index `index` reads: generic i's, or a conventional
// one's. gl_Vertex reads generic array 0 where that is enabled, and a
// generic input at location 0 the vertex array where generic array 0 is
// not (GL 4.6 compatibility §10.2: generic attribute 0 and the vertex
// position alias; the core profile has no vertex array).
const VertexAttrib& array_of(const VertexArray& vao, unsigned index) {
  if (index == 0 && !vao.attribs[0].enabled && (vao.conventional_enabled & (1u << compat::kVertex)))
    return vao.conventional[compat::kVertex];
  if (index < kMaxVertexAttribs) return vao.attribs[index];
  const unsigned a = index - kMaxVertexAttribs;
  if (a == compat::kVertex && vao.attribs[0].enabled) return vao.attribs[0];
  return vao.conventional[a];
}

AttribSource attrib_source(const Context& ctx, unsigned loc) {
  const VertexArray& vao = *ctx.vertex_array;
  const VertexAttrib& a = array_of(vao, loc);
  const VertexBufferBinding& b = vao.binding(a.binding);
  AttribSource s;
  s.attrib = &a;
  s.buffer = b.buffer.get();
  s.address = add_saturated(static_cast<uint64_t>(b.offset), a.relative_offset);
  s.stride = static_cast<uint32_t>(b.stride);
  s.divisor = b.divisor;
  return s;
}

// How GL attribute `index` feeds an input of base type `input` with
// `wanted` components, in the formats of its data (64-bit ones for
// doubles).
AttribPlan plan_source(Context& ctx, unsigned index, AttribBaseType input, unsigned wanted) {
  const AttribSource src = attrib_source(ctx, index);
  const VertexAttrib& a = *src.attrib;
  AttribPlan plan;
  plan.attrib = index;
  plan.doubles = is_double(input);
  // A buffer without storage, or a client array at address 0 (nothing an
  // application can mean), read the generic value rather than fault. So
  // does an array whose precision is not the input's (a double input with
  // a glVertexAttribPointer array, a float one with a glVertexAttribLPointer
  // array): GL leaves those values undefined, and Vulkan pairs 64-bit
  // inputs with 64-bit formats only.
  if (!a.enabled || (src.buffer && !src.buffer->resource) || (!src.buffer && src.address == 0) ||
      a.is_long != is_double(input)) {
    plan.format = generic_format(input);
    return plan;
  }
  plan.per_vertex = src.divisor == 0;
  if (a.is_long) {
    // Fetched as stored where the array has as many components as the
    // input and the device can: in 64-bit formats from 8-byte aligned
    // doubles, or (lowered) as 32-bit words from 4-byte aligned ones;
    // otherwise repacked on the CPU with the missing components (0, 0, 1).
    const Format native = kFloat64[a.size - 1];
    const bool lowered = lowered_doubles(ctx);
    const uint32_t align = lowered ? 4 : 8;
    const bool aligned = src.address % align == 0 && src.stride % align == 0;
    if (static_cast<unsigned>(a.size) >= wanted && aligned && (lowered || format_supported(ctx, native))) {
      plan.source = src.buffer ? Source::Direct : Source::Copy;
      plan.format = native;
      return plan;
    }
    plan.source = Source::Convert;
    plan.format = plan.layout = kFloat64[std::max(static_cast<unsigned>(a.size), wanted) - 1];
    return plan;
  }
  const Format native = vertex_format(a.type, a.size, a.normalized, a.integer);
  // Vulkan fetches a component only from an address that is a multiple of
  // its size (the whole element for packed formats: also 4 here).
  const uint32_t comp = component_size(a.type);
  const bool aligned = src.address % comp == 0 && src.stride % comp == 0;
  if (native != Format::None && aligned && format_supported(ctx, native)) {
    plan.source = src.buffer ? Source::Direct : Source::Copy;
    plan.format = native;
    return plan;
  }
  plan.source = Source::Convert;
  const unsigned n = static_cast<unsigned>(a.size) - 1;
  plan.format = !a.integer ? kFloat32[n]
                : (a.type == GL_BYTE || a.type == GL_SHORT || a.type == GL_INT) ? kSint32[n]
                                                                                : kUint32[n];
  plan.layout = plan.format;
  return plan;
}

// A plan of 64-bit data read as 32-bit words (vertex_input_64bit.h): half
// 0 is the first two doubles (uvec2 or uvec4), half 1 the last two, 16
// bytes on.
AttribPlan lower_half(AttribPlan plan, unsigned half) {
  const unsigned doubles = pipe::describe(plan.format).channels;
  const unsigned words = half == 0 ? std::min(doubles, 2u) * 2 : (doubles > 2 ? doubles - 2 : 1) * 2;
  plan.format = kUint32[words - 1];
  plan.half_offset = 16 * half;
  return plan;
}

// What Vulkan location `loc` of the vertex shader reads.
AttribPlan plan_attrib(Context& ctx, unsigned loc) {
  const AttribBaseType input = shader_type(ctx, loc);
  const unsigned attrib = shader_attrib(ctx, loc);
  const unsigned components = shader_components(ctx, loc);
  if (input == AttribBaseType::DoubleUpper) {
    // The location below's attribute feeds it: as a whole (64-bit formats
    // take two locations), or as its second half.
    if (!lowered_doubles(ctx)) {
      AttribPlan plan;
      plan.source = Source::Occupied;
      plan.format = Format::None;
      plan.attrib = attrib;
      return plan;
    }
    return lower_half(plan_source(ctx, attrib, AttribBaseType::DoubleWide, components), 1);
  }
  const AttribPlan plan = plan_source(ctx, attrib, input, components);
  return is_double(input) && lowered_doubles(ctx) ? lower_half(plan, 0) : plan;
}

// Vertices [first, last] an array is read at.
void attrib_range(const AttribSource& s, const VertexRange& r, uint32_t* first, uint32_t* last) {
  if (s.divisor == 0) {
    *first = r.min;
    *last = r.max;
  } else {
    // GL: element floor(instance / divisor) + baseinstance, and Vulkan
    // fetches the same element given firstInstance, so the array is kept
    // unrebased from element 0.
    *first = 0;
    *last = r.base_instance + (std::max(r.instances, 1u) - 1) / s.divisor;
  }
}

// Bytes of source data elements [first, last] of an array span.
uint64_t source_bytes(const AttribSource& s, uint32_t first, uint32_t last) {
  return uint64_t(last - first) * s.stride + element_size(s.attrib->type, s.attrib->size);
}

bool ensure_stream(Context& ctx, uint64_t bytes) {
  StreamBuffer& s = ctx.vertex_input.stream;
  if (s.resource && s.cursor + bytes <= s.capacity) return true;
  if (s.resource && bytes <= s.capacity) {
    // Full: throw the old contents away (draws already recorded keep them).
    ctx.pipe().invalidate_resource(s.resource.get());
    s.cursor = 0;
    ctx.vertex_input.generic_dirty = true;
    return true;
  }
  uint64_t cap = std::max<uint64_t>(kStreamInitialSize, s.capacity * 2ull);
  while (cap < bytes) cap *= 2;
  if (cap > 0xffffffffull) return false;
  pipe::ResourceTemplate t;
  t.target = pipe::Target::Buffer;
  t.format = Format::None;
  t.width = static_cast<uint32_t>(cap);
  t.bind = pipe::kBindVertexBuffer | pipe::kBindIndexBuffer;
  t.usage = pipe::Usage::Stream;
  pipe::Status status = pipe::Status::Ok;
  Ref<pipe::Resource> r = ctx.screen().resource_create(t, &status);
  if (!r) return false;
  s.resource = std::move(r);
  s.capacity = static_cast<uint32_t>(cap);
  s.cursor = 0;
  ctx.vertex_input.generic_dirty = true;
  return true;
}

}  // namespace

bool check_vertex_arrays(Context& ctx) {
  const VertexArray& vao = *ctx.vertex_array;
  // The compatibility profile keeps client arrays in every vertex array
  // object (only the core profile and ES restrict them to the default one).
  const bool client_ok = ctx.vertex_array.get() == ctx.default_vertex_array.get() || ctx.compatibility();
  const auto fails = [&](const VertexAttrib& a) {
    const Buffer* b = vao.binding(a.binding).buffer.get();
    return (b && b->mapped_exclusively()) || (!b && !client_ok);
  };
  bool ok = true;
  for (uint32_t enabled = vao.enabled_mask; enabled; enabled &= enabled - 1)
    ok = ok && !fails(vao.attribs[static_cast<unsigned>(__builtin_ctz(enabled))]);
  for (uint32_t enabled = vao.conventional_enabled; enabled; enabled &= enabled - 1)
    ok = ok && !fails(vao.conventional[static_cast<unsigned>(__builtin_ctz(enabled))]);
  if (!ok) ctx.set_error(GL_INVALID_OPERATION);
  return ok;
}

namespace {
// VertexInputState::cpu_sources / cpu_per_vertex, planned again after
// Context::dirty(kDirtyVertexInput) (once per draw, whichever asks first).
const VertexInputState& planned_sources(Context& ctx) {
  VertexInputState& vi = ctx.vertex_input;
  if (vi.sources_known) return vi;
  bool cpu = false, per_vertex = false;
  for (uint32_t used = used_locations(ctx); used; used &= used - 1) {
    const AttribPlan p = plan_attrib(ctx, static_cast<unsigned>(__builtin_ctz(used)));
    if (p.source != Source::Copy && p.source != Source::Convert) continue;
    cpu = true;
    per_vertex = per_vertex || p.per_vertex;
  }
  vi.cpu_sources = cpu;
  vi.cpu_per_vertex = per_vertex;
  vi.sources_known = true;
  return vi;
}
}  // namespace

bool vertex_input_needs_range(Context& ctx) { return planned_sources(ctx).cpu_per_vertex; }

bool vertex_input_uses_cpu(Context& ctx) { return planned_sources(ctx).cpu_sources; }

uint64_t vertex_input_stream_bytes(Context& ctx, const VertexRange& range) {
  uint64_t bytes = kGenericBytes + kStreamAlign;
  if (!planned_sources(ctx).cpu_sources) return bytes;
  for (uint32_t used = used_locations(ctx); used; used &= used - 1) {
    const unsigned loc = static_cast<unsigned>(__builtin_ctz(used));
    const AttribPlan p = plan_attrib(ctx, loc);
    if (p.source != Source::Copy && p.source != Source::Convert) continue;
    const AttribSource src = attrib_source(ctx, p.attrib);
    uint32_t first, last;
    attrib_range(src, range, &first, &last);
    const uint64_t verts = uint64_t(last) - first + 1;
    bytes += (p.source == Source::Copy ? source_bytes(src, first, last)
                                       : verts * pipe::describe(p.layout).block_bytes) +
             kStreamAlign;
  }
  return bytes;
}

bool stream_reserve(Context& ctx, uint64_t bytes) {
  if (!ensure_stream(ctx, bytes)) {
    ctx.set_error(GL_OUT_OF_MEMORY);
    return false;
  }
  return true;
}

bool stream_upload(Context& ctx, const void* data, uint32_t size, pipe::Resource** resource, uint64_t* offset) {
  StreamBuffer& s = ctx.vertex_input.stream;
  if (!ensure_stream(ctx, uint64_t(size) + kStreamAlign)) {
    ctx.set_error(GL_OUT_OF_MEMORY);
    return false;
  }
  const uint32_t at = (s.cursor + kStreamAlign - 1) & ~(kStreamAlign - 1);
  if (size) ctx.pipe().buffer_subdata(s.resource.get(), pipe::kMapUnsynchronized, at, size, data);
  s.cursor = at + size;
  *resource = s.resource.get();
  *offset = at;
  return true;
}

void vertex_buffer_changed(Context& ctx, const VertexArray& vao, GLuint binding, const Buffer* buffer,
                           GLintptr offset, GLsizei stride) {
  VertexInputState& vi = ctx.vertex_input;
  const VertexBufferBinding* old = binding < kMaxVertexAttribBindings ? &vao.bindings[binding] : nullptr;
  // The plan of an attribute reads whether its buffer has storage, the
  // stride and the address's alignment to its component size (at most 8).
  const bool only_buffer = &vao == ctx.vertex_array.get() && vi.binding_slots_known && old &&
                           vi.binding_slot[binding] >= 0 && old->buffer && old->buffer->resource && buffer &&
                           buffer->resource && old->stride == stride && ((old->offset ^ offset) & 7) == 0;
  if (!only_buffer) return ctx.dirty(kDirtyVertexInput);
  vi.changed_bindings |= 1u << binding;
  ctx.dirty(kDirtyVertexBuffers);
}

namespace {
// kDirtyVertexBuffers alone: sets the pipe buffer of each changed binding
// (vertex_buffer_changed); false where the last plan gave one no buffer of
// its own, and all vertex input must be planned.
bool rebind_changed_vertex_buffers(Context& ctx) {
  VertexInputState& vi = ctx.vertex_input;
  for (uint32_t m = vi.changed_bindings; m; m &= m - 1) {
    const auto binding = static_cast<unsigned>(__builtin_ctz(m));
    if (vi.binding_slot[binding] < 0) return false;
  }
  for (uint32_t m = vi.changed_bindings; m; m &= m - 1) {
    const auto binding = static_cast<unsigned>(__builtin_ctz(m));
    const auto slot = static_cast<unsigned>(vi.binding_slot[binding]);
    const VertexBufferBinding& b = ctx.vertex_array->bindings[binding];
    pipe::Resource* r = b.buffer->resource.get();
    const auto offset = static_cast<uint64_t>(b.offset);
    const auto stride = static_cast<uint32_t>(b.stride);
    // As the full validation binds it (past the end: the null buffer).
    vi.buffers[slot] = offset < r->templ().width ? pipe::VertexBuffer{r, offset, stride}
                                                 : pipe::VertexBuffer{nullptr, 0, stride};
    ctx.pipe().set_vertex_buffers(slot, std::span<const pipe::VertexBuffer>(&vi.buffers[slot], 1));
  }
  vi.changed_bindings = 0;
  ctx.clear_dirty(kDirtyVertexBuffers);
  return true;
}
}  // namespace

bool validate_vertex_input(Context& ctx, const VertexRange& range, uint32_t* base_vertex) {
  VertexInputState& vi = ctx.vertex_input;
  *base_vertex = 0;
  const uint32_t dirty = ctx.dirty_bits() & (kDirtyVertexInput | kDirtyVertexBuffers);
  // Only buffers of bindings changed, which the last plan bound directly:
  // set those (issue 19: a buffer change costs that binding).
  if (dirty == kDirtyVertexBuffers && vi.binding_slots_known && !vi.generic_dirty && !vi.streamed_last &&
      rebind_changed_vertex_buffers(ctx))
    return true;
  // Nothing streamed now or by the last draw, nothing changed: the bound
  // elements and buffers stand.
  if (!planned_sources(ctx).cpu_sources && !vi.streamed_last && !vi.generic_dirty && !dirty) return true;
  const uint32_t used = used_locations(ctx);
  const uint32_t count = used ? 32u - static_cast<uint32_t>(__builtin_clz(used)) : 0u;

  // Plans first: the translation applies to every per-vertex array.
  std::array<AttribPlan, pipe::kMaxVertexElements> plans{};
  bool streamed = false, translate = false;
  for (unsigned loc = 0; loc < count; ++loc) {
    if (!(used & (1u << loc))) continue;  // unused slots read the generic block
    plans[loc] = plan_attrib(ctx, loc);
    if (plans[loc].source == Source::Copy || plans[loc].source == Source::Convert) {
      streamed = true;
      if (plans[loc].per_vertex) translate = true;
    }
  }
  if (!streamed && !vi.streamed_last && !vi.generic_dirty && !dirty) return true;
  if (translate && range.known) *base_vertex = range.min;

  // Current generic values, all locations, re-uploaded when they changed.
  pipe::Resource* generic_res = vi.generic_resource;
  if (vi.generic_dirty || !generic_res) {
    alignas(16) uint8_t block[kGenericBytes];
    for (unsigned i = 0; i < kMaxVertexAttribs; ++i) {
      const GenericAttrib& g = ctx.generic_attribs[i];
      std::memcpy(block + i * 16, g.f, 16);
      GLdouble d[4];
      for (int c = 0; c < 4; ++c)
        d[c] = g.kind == GenericAttrib::Double ? g.d[c]
               : g.kind == GenericAttrib::Int  ? static_cast<GLdouble>(g.i[c])
               : g.kind == GenericAttrib::Uint ? static_cast<GLdouble>(g.u[c])
                                               : static_cast<GLdouble>(g.f[c]);
      std::memcpy(block + kGenericFloatBytes + i * kGenericDoubleStride, d, sizeof d);
    }
    for (unsigned a = 0; a < compat::kConventionalCount; ++a)
      std::memcpy(block + kConventionalValuesOffset + a * 16, ctx.vertex_spec.current[a].data(), 16);
    uint64_t off = 0;
    if (!stream_upload(ctx, block, kGenericBytes, &generic_res, &off)) return false;
    vi.generic_offset = off;
    vi.generic_resource = generic_res;
    vi.generic_dirty = false;
  }

  // Pipe vertex buffers, allocated in order of first use. Attributes that
  // read one GL binding directly share its pipe buffer (one Vulkan binding,
  // one element per attribute at its relative offset), as do all generic
  // values (one stride-0 buffer: attribute i at i * 16, its doubles at
  // kGenericFloatBytes + i * 32). Streamed arrays get a buffer each. Every
  // used GL attribute takes at most one new buffer (the two Vulkan
  // locations of a lowered dvec3/dvec4 share it), and unused locations
  // below `count` share the generic one; there are such only where a GL
  // location is unused, so at most kMaxVertexAttribs buffers are needed.
  static_assert(kMaxVertexAttribs <= pipe::kMaxVertexBuffers);
  std::array<int8_t, kMaxVertexAttribBindings + compat::kConventionalCount> binding_buffer;
  binding_buffer.fill(-1);
  // Per GL attribute, the buffer and offset the first half of a lowered
  // double column was given.
  std::array<int8_t, compat::kAttribIndexCount> lower_buffer;
  lower_buffer.fill(-1);
  std::array<uint32_t, compat::kAttribIndexCount> lower_offset{};
  int generic_buffer = -1;
  uint32_t buffers = 0;
  // GL bindings read through a pipe buffer of their own per attribute (its
  // relative offset in the buffer's offset): no single slot to rebind.
  uint32_t unshared_bindings = 0;

  VertexElementsKey key{};
  key.count = count;
  pipe::VertexElementsState ves;
  ves.count = count;
  for (unsigned loc = 0; loc < count; ++loc) {
    const AttribPlan& p = plans[loc];
    pipe::VertexElement& e = ves.elements[loc];
    e.src_format = p.format;
    e.src_offset = 0;
    e.instance_divisor = 0;
    e.vertex_buffer_index = 0;
    if (p.source == Source::Occupied) {
      // No element: the driver skips a location without a format.
    } else if (p.source == Source::Generic) {
      if (generic_buffer < 0) {
        generic_buffer = static_cast<int>(buffers++);
        vi.buffers[generic_buffer] = {generic_res, vi.generic_offset, 0};
      }
      e.vertex_buffer_index = static_cast<uint8_t>(generic_buffer);
      e.src_offset = p.doubles ? kGenericFloatBytes + p.attrib * kGenericDoubleStride + p.half_offset
                               : current_value_offset(p.attrib);
    } else if (p.half_offset && lower_buffer[p.attrib] >= 0) {
      // The second half of a lowered dvec3/dvec4 reads the buffer its
      // first half was given, 16 bytes further (no buffer of its own: at
      // most one per attribute).
      const AttribSource src = attrib_source(ctx, p.attrib);
      e.instance_divisor = src.divisor;
      e.vertex_buffer_index = static_cast<uint8_t>(lower_buffer[p.attrib]);
      e.src_offset = lower_offset[p.attrib] + p.half_offset;
    } else {
      const AttribSource src = attrib_source(ctx, p.attrib);
      const VertexAttrib& a = *src.attrib;
      e.instance_divisor = src.divisor;
      uint32_t first = 0, last = 0;
      attrib_range(src, range, &first, &last);
      switch (p.source) {
        case Source::Generic:
        case Source::Occupied: break;
        case Source::Direct: {
          const uint64_t rebase = p.per_vertex ? uint64_t(*base_vertex) * src.stride : 0;
          // Sharing puts the relative offset in the element. Vulkan wants a
          // non-zero stride to cover every element of its binding (offset +
          // size), which GL does not: an attribute reaching past the stride
          // gets a pipe buffer of its own with the offset in the buffer's.
          const bool shared = src.stride == 0 || a.relative_offset + element_size(a.type, a.size) <= src.stride;
          int8_t& slot = binding_buffer[a.binding];
          if (shared && slot >= 0) {
            e.vertex_buffer_index = static_cast<uint8_t>(slot);
            e.src_offset = a.relative_offset + p.half_offset;
            break;
          }
          const unsigned index = buffers++;
          const VertexBufferBinding& b = ctx.vertex_array->binding(a.binding);
          const uint64_t offset = add_saturated(
              add_saturated(static_cast<uint64_t>(b.offset), shared ? 0 : a.relative_offset + p.half_offset), rebase);
          pipe::Resource* r = src.buffer->resource.get();
          // Vulkan binds only offsets inside the buffer; one past its end
          // reads nothing GL defines, so the pipe's null buffer (zeros) does.
          vi.buffers[index] = offset < r->templ().width ? pipe::VertexBuffer{r, offset, src.stride}
                                                        : pipe::VertexBuffer{nullptr, 0, src.stride};
          e.vertex_buffer_index = static_cast<uint8_t>(index);
          e.src_offset = shared ? a.relative_offset + p.half_offset : 0;
          if (shared) slot = static_cast<int8_t>(index);
          if (!shared || p.half_offset) unshared_bindings |= 1u << std::min(a.binding, 31u);
          break;
        }
        case Source::Copy: {
          const uint64_t bytes = source_bytes(src, first, last);
          const auto* data = reinterpret_cast<const uint8_t*>(static_cast<uintptr_t>(src.address)) +
                             uint64_t(first) * src.stride;
          uint64_t off = 0;
          pipe::Resource* r = nullptr;
          if (!stream_upload(ctx, data, static_cast<uint32_t>(bytes), &r, &off)) return false;
          const unsigned index = buffers++;
          vi.buffers[index] = {r, off, src.stride};
          e.vertex_buffer_index = static_cast<uint8_t>(index);
          e.src_offset = p.half_offset;
          break;
        }
        case Source::Convert: {
          const uint32_t out_stride = pipe::describe(p.layout).block_bytes;
          const uint64_t verts = uint64_t(last) - first + 1;
          const uint64_t src_bytes = source_bytes(src, first, last);
          const uint8_t* data = nullptr;
          if (src.buffer) {
            // Buffer-backed arrays in a format the device cannot fetch: read
            // back (a wait), clamped to the buffer; missing bytes read as 0.
            BRASS_WARN_ONCE("vertex array format converted on the CPU from a buffer object (slow path)");
            vi.scratch2.assign(src_bytes, 0);
            const uint64_t start = add_saturated(src.address, uint64_t(first) * src.stride);
            const uint64_t size = static_cast<uint64_t>(std::max<GLsizeiptr>(src.buffer->size, 0));
            const uint64_t avail = start < size ? std::min(size - start, src_bytes) : 0;
            if (avail > 0)
              read_buffer(ctx, *src.buffer, static_cast<GLintptr>(start), static_cast<GLsizeiptr>(avail),
                          vi.scratch2.data());
            data = vi.scratch2.data();
          } else {
            data = reinterpret_cast<const uint8_t*>(static_cast<uintptr_t>(src.address)) +
                   uint64_t(first) * src.stride;
          }
          vi.scratch.resize(verts * out_stride);
          for (uint64_t v = 0; v < verts; ++v) {
            if (a.is_long) {
              // Doubles repacked aligned and widened to the input's
              // components.
              GLdouble comps[4] = {0, 0, 0, 1};
              std::memcpy(comps, data + v * src.stride, element_size(a.type, a.size));
              std::memcpy(vi.scratch.data() + v * out_stride, comps, out_stride);
              continue;
            }
            uint32_t comps[4] = {0, 0, 0, 0};
            decode_vertex_element(a, data + v * src.stride, comps);
            std::memcpy(vi.scratch.data() + v * out_stride, comps, out_stride);
          }
          uint64_t off = 0;
          pipe::Resource* r = nullptr;
          if (!stream_upload(ctx, vi.scratch.data(), static_cast<uint32_t>(vi.scratch.size()), &r, &off))
            return false;
          const unsigned index = buffers++;
          vi.buffers[index] = {r, off, out_stride};
          e.vertex_buffer_index = static_cast<uint8_t>(index);
          e.src_offset = p.half_offset;
          break;
        }
      }
    }
    if (p.doubles && p.half_offset == 0 && p.source != Source::Generic) {
      lower_buffer[p.attrib] = static_cast<int8_t>(e.vertex_buffer_index);
      lower_offset[p.attrib] = e.src_offset;
    }
    VertexElementsKey::Element& k = key.elements[loc];
    k.format = static_cast<uint16_t>(e.src_format);
    k.buffer = e.vertex_buffer_index;
    k.offset = e.src_offset;
    k.divisor = e.instance_divisor;
  }
  pipe::VertexElementsObject* o =
      vi.elements.get(key, [&] { return ctx.pipe().create_vertex_elements_state(ves); });
  if (o != vi.bound_elements) {
    ctx.pipe().bind_vertex_elements_state(o);
    vi.bound_elements = o;
  }
  if (buffers) ctx.pipe().set_vertex_buffers(0, std::span<const pipe::VertexBuffer>(vi.buffers.data(), buffers));
  vi.buffer_count = buffers;
  vi.streamed_last = streamed;
  // Where a binding's buffer is, for vertex_buffer_changed: only while no
  // array is streamed (which rebases the direct ones too).
  vi.binding_slots_known = !streamed && !translate;
  std::memcpy(vi.binding_slot.data(), binding_buffer.data(), sizeof(vi.binding_slot));
  for (uint32_t m = unshared_bindings & ((1u << kMaxVertexAttribBindings) - 1); m; m &= m - 1)
    vi.binding_slot[static_cast<unsigned>(__builtin_ctz(m))] = -1;
  vi.changed_bindings = 0;
  ctx.clear_dirty(kDirtyVertexInput | kDirtyVertexBuffers);
  return true;
}

void release_vertex_input(Context& ctx) {
  VertexInputState& vi = ctx.vertex_input;
  vi.elements.clear([&](pipe::VertexElementsObject* o) { ctx.pipe().delete_vertex_elements_state(o); });
  vi.bound_elements = nullptr;
  vi.binding_slots_known = false;
  vi.generic_resource = nullptr;
  vi.index_resource = nullptr;
  vi.stream.resource.reset();
}

}  // namespace brass::gl
