#include "compiler/shader_cache.h"

#include <algorithm>

#include <atomic>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>
#include <unistd.h>

#include "util/atomic_file.h"
#include "util/log.h"
#include "util/options.h"
#include "util/stats.h"

namespace brass::compiler {
namespace {

StatCounter g_cache_hits("compiler.cache_hit");
StatCounter g_cache_misses("compiler.cache_miss");
StatCounter g_cache_corrupt("compiler.cache_corrupt");

constexpr uint32_t kMagic = 0x43535242;  // "BRSC"
constexpr uint32_t kFormatVersion = 15;

class Writer {
 public:
  void u32(uint32_t v) { bytes_.append(reinterpret_cast<const char*>(&v), 4); }
  void i32(int32_t v) { u32(static_cast<uint32_t>(v)); }
  void str(const std::string& s) {
    u32(static_cast<uint32_t>(s.size()));
    bytes_ += s;
  }
  void words(const std::vector<uint32_t>& w) {
    u32(static_cast<uint32_t>(w.size()));
    bytes_.append(reinterpret_cast<const char*>(w.data()), w.size() * 4);
  }
  std::string& bytes() { return bytes_; }

 private:
  std::string bytes_;
};

class Reader {
 public:
  explicit Reader(std::string_view b) : b_(b) {}
  bool ok() const { return ok_; }
  uint32_t u32() {
    if (pos_ + 4 > b_.size()) {
      ok_ = false;
      return 0;
    }
    uint32_t v;
    std::memcpy(&v, b_.data() + pos_, 4);
    pos_ += 4;
    return v;
  }
  int32_t i32() { return static_cast<int32_t>(u32()); }
  std::string str() {
    const uint32_t n = u32();
    if (!ok_ || pos_ + n > b_.size()) {
      ok_ = false;
      return {};
    }
    std::string s(b_.substr(pos_, n));
    pos_ += n;
    return s;
  }
  std::vector<uint32_t> words() {
    const uint32_t n = u32();
    if (!ok_ || pos_ + size_t{n} * 4 > b_.size()) {
      ok_ = false;
      return {};
    }
    std::vector<uint32_t> w(n);
    std::memcpy(w.data(), b_.data() + pos_, size_t{n} * 4);
    pos_ += size_t{n} * 4;
    return w;
  }
  // Guards vector sizes against garbage counts.
  uint32_t count() {
    const uint32_t n = u32();
    if (n > b_.size()) ok_ = false;
    return ok_ ? n : 0;
  }
  bool at_end() const { return pos_ == b_.size(); }

 private:
  std::string_view b_;
  size_t pos_ = 0;
  bool ok_ = true;
};

void write_indices(Writer& w, const std::vector<uint32_t>& v) {
  w.u32(static_cast<uint32_t>(v.size()));
  for (uint32_t x : v) w.u32(x);
}
std::vector<uint32_t> read_indices(Reader& r) {
  std::vector<uint32_t> v(r.count());
  for (uint32_t& x : v) x = r.u32();
  return v;
}

void write_block(Writer& w, const Block& b) {
  w.str(b.name);
  w.i32(b.data_size);
  w.i32(b.initial_binding);
  w.u32(b.stages);
  write_indices(w, b.active_members);
  w.u32(b.read_only ? 1 : 0);
}
Block read_block(Reader& r) {
  Block b;
  b.name = r.str();
  b.data_size = r.i32();
  b.initial_binding = r.i32();
  b.stages = r.u32();
  b.active_members = read_indices(r);
  b.read_only = r.u32() != 0;
  return b;
}
void write_var(Writer& w, const InterfaceVariable& v) {
  w.str(v.name);
  w.u32(v.type);
  w.i32(v.array_size);
  w.i32(v.location);
  w.i32(v.index);
  w.i32(v.xfb_buffer);
  w.i32(v.xfb_offset);
  w.u32(v.per_patch ? 1 : 0);
  w.u32(static_cast<uint32_t>(v.interpolation));
}
InterfaceVariable read_var(Reader& r) {
  InterfaceVariable v;
  v.name = r.str();
  v.type = r.u32();
  v.array_size = r.i32();
  v.location = r.i32();
  v.index = r.i32();
  v.xfb_buffer = r.i32();
  v.xfb_offset = r.i32();
  v.per_patch = r.u32() != 0;
  v.interpolation = static_cast<InterfaceVariable::Interpolation>(std::min(r.u32(), 2u));
  return v;
}

}  // namespace

std::string CacheKey::hex() const {
  char buf[33];
  std::snprintf(buf, sizeof(buf), "%016llx%016llx", static_cast<unsigned long long>(hash.hi),
                static_cast<unsigned long long>(hash.lo));
  return buf;
}

CacheKey make_cache_key(const LinkInput& in) {
  std::string bytes;
  Writer w;
  w.str(compiler_version_string());
  w.u32(static_cast<uint32_t>(in.api));
  w.u32(static_cast<uint32_t>(in.shaders.size()));
  for (const ShaderSource& s : in.shaders) {
    w.u32(static_cast<uint32_t>(s.stage));
    w.str(s.text);
  }
  w.u32(static_cast<uint32_t>(in.attribute_bindings.size()));
  for (const AttributeBinding& b : in.attribute_bindings) {
    w.str(b.name);
    w.u32(b.location);
  }
  w.u32(static_cast<uint32_t>(in.frag_data_bindings.size()));
  for (const FragDataBinding& b : in.frag_data_bindings) {
    w.str(b.name);
    w.u32(b.location);
    w.u32(b.index);
  }
  w.u32(static_cast<uint32_t>(in.transform_feedback_varyings.size()));
  for (const std::string& v : in.transform_feedback_varyings) w.str(v);
  w.u32(in.transform_feedback_interleaved ? 1 : 0);
  w.u32(in.separable ? 1 : 0);
  w.u32(static_cast<uint32_t>(in.unexposed_extensions.size()));
  for (const std::string& e : in.unexposed_extensions) w.str(e);
  static_assert(std::has_unique_object_representations_v<ShaderLimits>);
  w.bytes().append(reinterpret_cast<const char*>(&in.limits), sizeof(ShaderLimits));
  return {hash128_bytes(w.bytes().data(), w.bytes().size())};
}

std::string serialize_link_result(const LinkResult& result) {
  Writer w;
  w.u32(static_cast<uint32_t>(result.stages.size()));
  for (const StageBinary& s : result.stages) {
    w.u32(static_cast<uint32_t>(s.stage));
    w.u32(s.writes_point_size ? 1 : 0);
    w.words(s.spirv);
  }
  w.str(result.info_log);
  const ProgramInterface& pi = result.interface;
  w.u32(static_cast<uint32_t>(pi.uniforms.size()));
  for (const Uniform& u : pi.uniforms) {
    w.str(u.name);
    w.u32(u.type);
    w.i32(u.array_size);
    w.i32(u.block_index);
    w.i32(u.offset);
    w.i32(u.array_stride);
    w.i32(u.matrix_stride);
    w.u32(u.row_major);
    w.i32(u.location);
    w.u32(u.stages);
    w.i32(u.initial_binding);
    w.u32(u.explicit_binding);
    w.u32(u.is_sampler);
    w.u32(u.is_image);
    w.i32(u.atomic_buffer_index);
    w.i32(u.sampler_element);
  }
  w.u32(static_cast<uint32_t>(pi.uniform_blocks.size()));
  for (const Block& b : pi.uniform_blocks) write_block(w, b);
  w.u32(static_cast<uint32_t>(pi.buffer_variables.size()));
  for (const BufferVariable& v : pi.buffer_variables) {
    w.str(v.name);
    w.u32(v.type);
    w.i32(v.array_size);
    w.i32(v.block_index);
    w.i32(v.offset);
    w.i32(v.array_stride);
    w.i32(v.matrix_stride);
    w.u32(v.row_major);
    w.i32(v.top_level_array_size);
    w.i32(v.top_level_array_stride);
    w.u32(v.stages);
  }
  w.u32(static_cast<uint32_t>(pi.storage_blocks.size()));
  for (const Block& b : pi.storage_blocks) write_block(w, b);
  w.u32(static_cast<uint32_t>(pi.atomic_counter_buffers.size()));
  for (const AtomicCounterBuffer& a : pi.atomic_counter_buffers) {
    w.i32(a.binding);
    w.i32(a.data_size);
    w.u32(a.stages);
    write_indices(w, a.active_counters);
  }
  for (const auto* list :
       {&pi.attributes, &pi.fragment_outputs, &pi.transform_feedback, &pi.builtin_inputs, &pi.builtin_outputs}) {
    w.u32(static_cast<uint32_t>(list->size()));
    for (const InterfaceVariable& v : *list) write_var(w, v);
  }
  write_indices(w, pi.transform_feedback_strides);
  write_indices(w, pi.transform_feedback_streams);
  w.u32(pi.default_block_size);
  w.str(std::string(pi.default_block_initial_data.begin(), pi.default_block_initial_data.end()));
  w.u32(pi.uniform_location_count);
  w.u32(static_cast<uint32_t>(pi.location_to_uniform.size()));
  for (int32_t l : pi.location_to_uniform) w.i32(l);
  for (uint32_t d : pi.compute_local_size) w.u32(d);
  for (uint32_t g : {pi.geometry_input_type, pi.geometry_output_type, pi.geometry_vertices_out, pi.geometry_invocations,
                     pi.tess_control_output_vertices, pi.tess_gen_mode, pi.tess_gen_spacing,
                     pi.tess_gen_vertex_order, pi.tess_gen_point_mode})
    w.u32(g);
  w.u32(pi.passthrough_tess_control ? 1 : 0);
  w.i32(pi.patch_levels_offset);
  w.u32(pi.blend_support);
  w.u32(pi.advanced_blend ? 1 : 0);
  w.u32(pi.advanced_blend_fetch_only ? 1 : 0);
  w.u32(static_cast<uint32_t>(pi.bindings.size()));
  for (const Binding& b : pi.bindings) {
    w.u32(b.set);
    w.u32(b.binding);
    w.u32(b.stages);
    w.u32(static_cast<uint32_t>(b.kind));
    w.u32(b.array_count);
    w.u32(b.slot);
  }
  for (const StageSubroutines& s : pi.subroutines) {
    w.u32(static_cast<uint32_t>(s.functions.size()));
    for (const std::string& f : s.functions) w.str(f);
    w.u32(static_cast<uint32_t>(s.uniforms.size()));
    for (const SubroutineUniform& u : s.uniforms) {
      w.str(u.name);
      w.i32(u.location);
      w.i32(u.array_size);
      write_indices(w, u.compatible);
    }
    w.u32(s.location_count);
    w.i32(s.selection_offset);
    w.i32(s.selection_stride);
  }
  // Header: magic, format, payload checksum.
  Writer out;
  out.u32(kMagic);
  out.u32(kFormatVersion);
  const uint64_t sum = hash_bytes(w.bytes().data(), w.bytes().size());
  out.u32(static_cast<uint32_t>(sum));
  out.u32(static_cast<uint32_t>(sum >> 32));
  out.u32(static_cast<uint32_t>(w.bytes().size()));
  out.bytes() += w.bytes();
  return std::move(out.bytes());
}

std::optional<LinkResult> deserialize_link_result(std::string_view bytes) {
  Reader h(bytes.substr(0, std::min<size_t>(bytes.size(), 20)));
  if (h.u32() != kMagic || h.u32() != kFormatVersion) return std::nullopt;
  const uint64_t sum = h.u32() | (uint64_t{h.u32()} << 32);
  const uint32_t size = h.u32();
  if (!h.ok() || bytes.size() != 20 + size_t{size}) return std::nullopt;
  const std::string_view payload = bytes.substr(20);
  if (hash_bytes(payload.data(), payload.size()) != sum) return std::nullopt;

  Reader r(payload);
  LinkResult res;
  res.stages.resize(r.count());
  for (StageBinary& s : res.stages) {
    s.stage = static_cast<ShaderStage>(r.u32() % kShaderStageCount);
    s.writes_point_size = r.u32() != 0;
    s.spirv = r.words();
  }
  res.info_log = r.str();
  ProgramInterface& pi = res.interface;
  pi.uniforms.resize(r.count());
  for (Uniform& u : pi.uniforms) {
    u.name = r.str();
    u.type = r.u32();
    u.array_size = r.i32();
    u.block_index = r.i32();
    u.offset = r.i32();
    u.array_stride = r.i32();
    u.matrix_stride = r.i32();
    u.row_major = r.u32() != 0;
    u.location = r.i32();
    u.stages = r.u32();
    u.initial_binding = r.i32();
    u.explicit_binding = r.u32() != 0;
    u.is_sampler = r.u32() != 0;
    u.is_image = r.u32() != 0;
    u.atomic_buffer_index = r.i32();
    u.sampler_element = r.i32();
  }
  pi.uniform_blocks.resize(r.count());
  for (Block& b : pi.uniform_blocks) b = read_block(r);
  pi.buffer_variables.resize(r.count());
  for (BufferVariable& v : pi.buffer_variables) {
    v.name = r.str();
    v.type = r.u32();
    v.array_size = r.i32();
    v.block_index = r.i32();
    v.offset = r.i32();
    v.array_stride = r.i32();
    v.matrix_stride = r.i32();
    v.row_major = r.u32() != 0;
    v.top_level_array_size = r.i32();
    v.top_level_array_stride = r.i32();
    v.stages = r.u32();
  }
  pi.storage_blocks.resize(r.count());
  for (Block& b : pi.storage_blocks) b = read_block(r);
  pi.atomic_counter_buffers.resize(r.count());
  for (AtomicCounterBuffer& a : pi.atomic_counter_buffers) {
    a.binding = r.i32();
    a.data_size = r.i32();
    a.stages = r.u32();
    a.active_counters = read_indices(r);
  }
  for (auto* list :
       {&pi.attributes, &pi.fragment_outputs, &pi.transform_feedback, &pi.builtin_inputs, &pi.builtin_outputs}) {
    list->resize(r.count());
    for (InterfaceVariable& v : *list) v = read_var(r);
  }
  pi.transform_feedback_strides = read_indices(r);
  pi.transform_feedback_streams = read_indices(r);
  pi.default_block_size = r.u32();
  {
    const std::string init = r.str();
    pi.default_block_initial_data.assign(init.begin(), init.end());
  }
  pi.uniform_location_count = r.u32();
  pi.location_to_uniform.resize(r.count());
  for (int32_t& l : pi.location_to_uniform) l = r.i32();
  for (uint32_t& d : pi.compute_local_size) d = r.u32();
  for (uint32_t* g : {&pi.geometry_input_type, &pi.geometry_output_type, &pi.geometry_vertices_out,
                      &pi.geometry_invocations, &pi.tess_control_output_vertices, &pi.tess_gen_mode,
                      &pi.tess_gen_spacing, &pi.tess_gen_vertex_order, &pi.tess_gen_point_mode})
    *g = r.u32();
  pi.passthrough_tess_control = r.u32() != 0;
  pi.patch_levels_offset = r.i32();
  pi.blend_support = r.u32();
  pi.advanced_blend = r.u32() != 0;
  pi.advanced_blend_fetch_only = r.u32() != 0;
  pi.bindings.resize(r.count());
  for (Binding& b : pi.bindings) {
    b.set = r.u32();
    b.binding = r.u32();
    b.stages = r.u32();
    b.kind = static_cast<DescriptorKind>(r.u32());
    b.array_count = r.u32();
    b.slot = r.u32();
  }
  for (StageSubroutines& s : pi.subroutines) {
    s.functions.resize(r.count());
    for (std::string& f : s.functions) f = r.str();
    s.uniforms.resize(r.count());
    for (SubroutineUniform& u : s.uniforms) {
      u.name = r.str();
      u.location = r.i32();
      u.array_size = r.i32();
      u.compatible = read_indices(r);
    }
    s.location_count = r.u32();
    s.selection_offset = r.i32();
    s.selection_stride = r.i32();
  }
  if (!r.ok() || !r.at_end()) return std::nullopt;
  res.ok = true;
  return res;
}

ShaderCache::ShaderCache(std::string directory, bool enabled)
    : directory_(std::move(directory)), enabled_(enabled && !directory_.empty()) {}

std::string ShaderCache::path_for(const CacheKey& key) const {
  const std::string hex = key.hex();
  // Two-level fan-out keeps directories small.
  return directory_ + "/" + hex.substr(0, 2) + "/" + hex.substr(2) + ".brsc";
}

std::optional<LinkResult> ShaderCache::load(const CacheKey& key) const {
  if (!enabled_) return std::nullopt;
  const std::string path = path_for(key);
  const std::optional<std::string> bytes = read_whole_file(path);
  if (!bytes) {
    g_cache_misses.add();
    return std::nullopt;
  }
  auto result = deserialize_link_result(*bytes);
  if (!result) {
    g_cache_corrupt.add();
    g_cache_misses.add();
    BRASS_WARN("shader cache: ignoring corrupt entry %s", path.c_str());
    return std::nullopt;
  }
  g_cache_hits.add();
  return result;
}

void ShaderCache::store(const CacheKey& key, const LinkResult& result) const {
  if (!enabled_ || !result.ok) return;
  std::string error;
  if (!write_file_atomically(path_for(key), serialize_link_result(result), &error))
    BRASS_WARN_ONCE("shader cache: %s", error.c_str());
}

ShaderCache& ShaderCache::process_cache() {
  static ShaderCache cache(brass::options().shader_cache_dir.empty()
                               ? std::string()
                               : brass::options().shader_cache_dir + "/compiler",
                           !brass::options().shader_cache_disabled);
  return cache;
}

}  // namespace brass::compiler
