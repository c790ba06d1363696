#include "driver/pipeline/pipeline_selector.h"

#include <chrono>
#include <cstring>

#include "driver/program.h"
#include "driver/screen.h"
#include "driver/vk_translate.h"
#include "util/log.h"
#include "util/process_exit.h"
#include "util/stats.h"
#include "util/thread_pool.h"

namespace brass::driver {

namespace {
StatCounter g_map_hits("pipeline.draw_path.cache_hits");
StatCounter g_fast_links("pipeline.draw_path.fast_links");
StatCounter g_fast_link_ns("pipeline.draw_path.fast_link_ns");
StatCounter g_full_compiles("pipeline.draw_path.full_compiles");
StatCounter g_full_compile_ns("pipeline.draw_path.full_compile_ns");
StatCounter g_optimized_links("pipeline.draw_path.optimized_links");
StatCounter g_optimized_link_ns("pipeline.draw_path.optimized_link_ns");
StatCounter g_library_waits("pipeline.draw_path.precompile_waits");
StatCounter g_library_wait_ns("pipeline.draw_path.precompile_wait_ns");
StatCounter g_library_compiles("pipeline.draw_path.library_compiles");
StatCounter g_longest_wait_ns("pipeline.draw_path.longest_wait_ns");
StatCounter g_frames_waited("pipeline.frames_with_draw_path_creation");
StatCounter g_longest_frame_wait_ns("pipeline.longest_frame_wait_ns");
StatCounter g_background_links("pipeline.background_optimized_links");
StatCounter g_swaps("pipeline.optimized_swapped_in");
StatCounter g_separable_fast_links("pipeline.draw_path.separable_fast_links");

using Clock = std::chrono::steady_clock;
uint64_t ns_since(Clock::time_point t0) {
  return static_cast<uint64_t>(std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now() - t0).count());
}
}  // namespace

PipelineSelector::PipelineSelector(VulkanScreen& screen, BatchRing& ring, RenderPassState& render_pass,
                                   bool dynamic_vertex_input)
    : screen_(screen),
      ring_(ring),
      render_pass_(render_pass),
      dynamic_vertex_input_(dynamic_vertex_input),
      dynamic_patch_vertices_(screen.caps().eds2_patch_control_points),
      shader_objects_(screen.device()) {}

vk::Status PipelineSelector::bind_shader_objects(pipe::ShaderProgram& prog, const FixedFunctionState& state,
                                                 const pipe::DrawInfo& info, DrawDirty& dirty) {
  if (!dirty.test(DrawState::Pipeline) && bound_shader_form_ == &prog && info.mode == bound_mode_ &&
      info.patch_vertices == bound_patch_vertices_)
    return {};
  fill_key(prog, state, info, key_);
  bound_mode_ = info.mode;
  bound_patch_vertices_ = info.patch_vertices;
  shader_objects_.bind(ring_.main_cmd(), prog, key_, info.mode == pipe::PrimitiveType::Patches, info.patch_vertices);
  // The batch keeps the form (and so its stages' shader objects) alive.
  if (bound_shader_form_ != &prog) ring_.hold(&prog);
  bound_shader_form_ = &prog;
  // Binding shaders unbound the pipeline: the next pipeline draw binds again.
  bound_pipeline_ = VK_NULL_HANDLE;
  bound_entry_ = nullptr;
  if (bound_layout_ != prog.descriptors.pipeline_layout()) {
    bound_layout_ = prog.descriptors.pipeline_layout();
    dirty.mark_all_sets();
    dirty.mark(DrawState::Set0Offsets);
  }
  dirty.clear(DrawState::Pipeline);
  return {};
}

bool PipelineSelector::rebinds_slow(const pipe::ShaderProgram& prog, const FixedFunctionState& state,
                                    const pipe::DrawInfo& info) const {
  if (prog.shader_object_form || !bound_pipeline_) return true;
  // The bound entry was found by key_; another key is another pipeline.
  PipelineKey next = key_;
  fill_key(prog, state, info, next);
  return !(next == key_);
}

void PipelineSelector::fill_key(const pipe::ShaderProgram& prog, const FixedFunctionState& state,
                                const pipe::DrawInfo& info, PipelineKey& k) const {
  const pipe::BlendObject* blend = state.blend;
  const pipe::RasterizerObject* rast = state.rasterizer;
  const pipe::FramebufferState& fb = render_pass_.framebuffer();
  const VkPrimitiveTopology cls = topology_class(vk_topology(info.mode));
  k.program_id = prog.id;
  k.vertex_input_id = dynamic_vertex_input_ || !state.vertex_elements ? 0 : state.vertex_elements->id;
  k.color_count = static_cast<uint8_t>(fb.nr_cbufs);
  for (unsigned i = 0; i < 8; ++i) {
    const VulkanSurface* s = i < fb.nr_cbufs ? render_pass_.color(i) : nullptr;
    k.color_formats[i] = s ? s->format : VK_FORMAT_UNDEFINED;
    k.blend_rt[i] = i < fb.nr_cbufs ? (blend ? blend->blend_rt[i] : pack_blend(false, 0, 1, 0, 0, 1, 0, 15)) : 0;
    // An attachment the fragment shader has no output for keeps its
    // contents (GL: undefined) rather than taking undefined values.
    if (!(prog.fragment_outputs >> i & 1)) k.blend_rt[i] &= ~(15u << 27);
    // Blending enabled for a format the device cannot blend (GL ignores it
    // for integer buffers): written unblended rather than an invalid pipeline.
    if (s && !s->blendable) k.blend_rt[i] &= ~1u;
  }
  const VulkanSurface* zs = render_pass_.depth_stencil();
  k.depth_stencil_format = zs ? zs->format : VK_FORMAT_UNDEFINED;
  k.samples = static_cast<uint8_t>(std::max(1u, fb.samples));
  k.sample_mask = state.sample_mask;
  k.topology_class = static_cast<uint8_t>(cls);
  k.patch_vertices = patch_key(info);
  k.polygon_mode = rast ? rast->polygon_mode : uint8_t(VK_POLYGON_MODE_FILL);
  k.depth_clamp = rast ? rast->depth_clamp : 0;
  k.provoking_last = rast ? rast->provoking_last : 1;
  k.negative_one_to_one = rast ? rast->negative_one_to_one : 0;
  k.logic_op_enable = blend ? blend->state.logic_op_enable : 0;
  k.logic_op = static_cast<uint8_t>(blend ? vk_logic_op(blend->state.logic_op) : VK_LOGIC_OP_COPY);
  k.alpha_to_coverage = blend ? blend->state.alpha_to_coverage : 0;
  k.alpha_to_one = blend ? blend->state.alpha_to_one : 0;
  k.line_mode = line_rasterization_mode(screen_.caps(), k.samples, k.alpha_to_coverage, k.alpha_to_one);
  k.sample_shading = rast ? sample_shading_count(rast->state, k.samples) : 0;
}

vk::Status PipelineSelector::bind_slow(pipe::ShaderProgram& prog, const FixedFunctionState& state,
                                       const pipe::DrawInfo& info, DrawDirty& dirty, bool capturing) {
  if (prog.shader_object_form) return bind_shader_objects(prog, state, info, dirty);
  const VkPrimitiveTopology cls = topology_class(vk_topology(info.mode));
  if (!dirty.test(DrawState::Pipeline) && key_.topology_class == cls && key_.patch_vertices == patch_key(info) &&
      bound_pipeline_ && (capturing || bound_entry_->current.load(std::memory_order_acquire) == bound_pipeline_)) {
    bound_mode_ = info.mode;  // another mode of the same topology class
    return {};
  }
  fill_key(prog, state, info, key_);
  bound_mode_ = info.mode;
  PipelineEntry* entry = prog.pipelines.find(key_);
  if (entry) {
    g_map_hits.add();
  } else if (vk::Status s = create(prog, state, &entry); !s) {
    return s;
  }
  // During a capture the entry's fast-linked pipeline, still bound, serves.
  const VkPipeline p = capturing && entry == bound_entry_ && bound_pipeline_
                           ? bound_pipeline_
                           : entry->current.load(std::memory_order_acquire);
  if (p != bound_pipeline_) {
    if (entry->fast_linked && p == entry->optimized.load(std::memory_order_relaxed) &&
        !entry->optimized_bound.exchange(true, std::memory_order_relaxed))
      g_swaps.add();
    vkCmdBindPipeline(ring_.main_cmd(), VK_PIPELINE_BIND_POINT_GRAPHICS, p);
    bound_shader_form_ = nullptr;  // a pipeline unbinds shader objects
    // The batch keeps the program (and so this pipeline) alive: a program
    // without descriptor sets is not held by a set write.
    ring_.hold(&prog);
    bound_pipeline_ = p;
  }
  bound_entry_ = entry;
  if (bound_layout_ != prog.descriptors.pipeline_layout()) {
    bound_layout_ = prog.descriptors.pipeline_layout();
    dirty.mark_all_sets();
    dirty.mark(DrawState::Set0Offsets);
  }
  dirty.clear(DrawState::Pipeline);
  return {};
}

void PipelineSelector::forget_bindings() {
  bound_pipeline_ = VK_NULL_HANDLE;
  bound_entry_ = nullptr;
  bound_layout_ = VK_NULL_HANDLE;
  bound_shader_form_ = nullptr;
}

PipelineBuildInfo PipelineSelector::build_info(const pipe::ShaderProgram& prog, const FixedFunctionState& state) const {
  PipelineBuildInfo bi;
  bi.key = &key_;
  // A library form has no modules: its stages' programs have (with the
  // per-stage layout its own is the union of).
  for (unsigned i = 0; i < 5; ++i) bi.modules[i] = prog.stage_programs[i] ? prog.stage_programs[i]->modules[i] : prog.modules[i];
  bi.layout = prog.descriptors.pipeline_layout();
  bi.vertex_elements = state.vertex_elements;
  bi.dynamic_vertex_input = dynamic_vertex_input_;
  bi.cache = screen_.pipeline_cache();
  bi.robust = prog.robust;
  return bi;
}

vk::Status PipelineSelector::create_monolithic(const PipelineBuildInfo& info, VkPipeline* out) {
  PipelineBuildInfo bi = info;
  if (!screen_.dynamic_rendering()) {
    RenderPassKey rk;
    std::memcpy(rk.color_formats, key_.color_formats, sizeof(rk.color_formats));
    rk.depth_stencil_format = key_.depth_stencil_format;
    rk.color_count = key_.color_count;
    rk.samples = key_.samples;
    if (vk::Status s = render_pass_.cache().render_pass(rk, &bi.render_pass); !s) return s;
  }
  return create_graphics_pipeline(screen_.device(), bi, out);
}

void PipelineSelector::note_wait(uint64_t ns) {
  g_longest_wait_ns.max(ns);
  frame_wait_ns_ = std::max(frame_wait_ns_, ns);
}

vk::Status PipelineSelector::create(pipe::ShaderProgram& prog, const FixedFunctionState& state, PipelineEntry** out) {
  const auto t0 = Clock::now();
  PipelineLibraryCache* lib_cache = screen_.pipeline_libraries();
  const PipelineBuildInfo bi = build_info(prog, state);
  VkPipeline p = VK_NULL_HANDLE;
  // Sample shading is multisample state of the fragment shader library as
  // well as of the fragment output one (Vulkan's graphics pipeline
  // libraries), and a program has one fragment shader library for every
  // framebuffer: a pipeline that shades per sample is built whole.
  if (!prog.uses_libraries || !lib_cache || key_.sample_shading) {
    if (vk::Status s = create_monolithic(bi, &p); !s) return s;
    bool inserted = false;
    PipelineEntry& e = prog.pipelines.publish(key_, [p](PipelineEntry& fresh) {
      fresh.monolithic = p;
      fresh.current.store(p, std::memory_order_release);
    }, &inserted);
    // Another context made this key meanwhile: ours was never recorded.
    if (!inserted) vkDestroyPipeline(screen_.vk_device(), p, nullptr);
    const uint64_t ns = ns_since(t0);
    g_full_compiles.add();
    g_full_compile_ns.add(ns);
    note_wait(ns);
    *out = &e;
    return {};
  }

  std::array<VkPipeline, 4> libs{};  // vertex input, pre-rasterization, fragment shader, fragment output
  bool waited = false, compiled = false;
  vk::Device& device = screen_.device();
  vk::Status s = lib_cache->vertex_input(bi, &libs[0]);
  // A combination's library form: each shader library is its stage
  // program's, compiled when that program linked.
  pipe::ShaderProgram* const vs = prog.stage_programs[static_cast<unsigned>(pipe::ShaderStage::Vertex)].get();
  pipe::ShaderProgram* const fs = prog.stage_programs[static_cast<unsigned>(pipe::ShaderStage::Fragment)].get();
  const bool library_form = vs && fs;
  if (s && library_form) {
    const auto tw = Clock::now();
    const PipelineBuildInfo vbi = build_info(*vs, state), fbi = build_info(*fs, state);
    s = vs->libraries.get_part(device, vbi, ShaderPart::PreRasterization, &libs[1], &waited, &compiled);
    if (s) s = fs->libraries.get_part(device, fbi, ShaderPart::Fragment, &libs[2], &waited, &compiled);
    if (waited) {
      g_library_waits.add();
      g_library_wait_ns.add(ns_since(tw));
    }
    if (compiled) g_library_compiles.add();
  } else if (s) {
    const auto tw = Clock::now();
    s = prog.libraries.get(device, bi, &libs[1], &libs[2], &waited, &compiled);
    if (waited) {
      g_library_waits.add();
      g_library_wait_ns.add(ns_since(tw));
    }
    if (compiled) g_library_compiles.add();
  }
  if (s) s = lib_cache->fragment_output(bi, &libs[3]);
  const bool optimize_now = prog.invariant;
  if (s) s = link_pipeline_libraries(device, libs, bi.layout, bi.cache, optimize_now, bi.robust, &p);
  if (!s) return s;

  bool inserted = false;
  PipelineEntry& e = prog.pipelines.publish(key_, [p, optimize_now](PipelineEntry& fresh) {
    if (optimize_now) fresh.optimized.store(p, std::memory_order_release);
    else fresh.fast_linked = p;
    fresh.current.store(p, std::memory_order_release);
  }, &inserted);
  if (!inserted) {
    // Another context made this key meanwhile: ours was never recorded.
    vkDestroyPipeline(screen_.vk_device(), p, nullptr);
    *out = &e;
    return {};
  }
  const uint64_t ns = ns_since(t0);
  (optimize_now ? g_optimized_links : g_fast_links).add();
  (optimize_now ? g_optimized_link_ns : g_fast_link_ns).add(ns);
  note_wait(ns);
  // A library form is replaced by its combination once that one's own
  // libraries are compiled (ShaderProgram::draw_form): no optimized link.
  if (library_form) g_separable_fast_links.add();
  else if (!optimize_now) queue_optimized_link(prog, e, libs);
  *out = &e;
  return {};
}

void PipelineSelector::queue_optimized_link(pipe::ShaderProgram& prog, PipelineEntry& entry,
                                            std::array<VkPipeline, 4> libraries) {
  // The libraries outlive the job: the program's own (held by the job's
  // reference) and the screen's (destroyed after background jobs finish).
  Ref<pipe::ShaderProgram> self = Ref<pipe::ShaderProgram>::share(&prog);
  VulkanScreen& screen = screen_;
  screen.background_jobs().add();
  ThreadPool::shared().submit(
      [self, &entry, libraries, &screen]() mutable {
        // The application may have deleted the program meanwhile: then the
        // job's reference is the last one and the work would be wasted.
        if (self->ref_count() > 1 && !process_exiting()) {
          VkPipeline p = VK_NULL_HANDLE;
          vk::Status s = link_pipeline_libraries(screen.device(), libraries, self->descriptors.pipeline_layout(),
                                                 screen.pipeline_cache(), true, self->robust, &p);
          if (s) {
            entry.optimized.store(p, std::memory_order_release);
            entry.current.store(p, std::memory_order_release);
            g_background_links.add();
          } else {
            BRASS_WARN("optimized pipeline link failed (%d); the fast-linked one stays", int(s.result));
          }
        }
        self.reset();
        screen.background_jobs().done();
      },
      ThreadPool::Priority::Low);
}

void PipelineSelector::end_frame() {
  if (frame_wait_ns_) {
    g_frames_waited.add();
    g_longest_frame_wait_ns.max(frame_wait_ns_);
  }
  frame_wait_ns_ = 0;
}

}  // namespace brass::driver
