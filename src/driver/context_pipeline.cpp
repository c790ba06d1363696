// The draw's pipeline. With graphics pipeline libraries (GPL) a new key is
// served by fast-linking three libraries: vertex input and fragment output
// from the screen's cache, the program's shaders library precompiled when
// the program was created. The link-time-optimized pipeline is built on the
// worker pool at low priority and replaces the fast-linked one by an atomic
// store the draw path checks (one relaxed load per draw). Without GPL, or
// where state forbids libraries (program.cpp), a monolithic pipeline is
// compiled on the draw path. Every pipeline creation on the draw path is
// counted and timed by kind (BRASS_STATS "pipeline.draw_path.*").
//
// Invariance: a fast-linked and an optimized pipeline of one program may
// rasterize or shade slightly differently, and GL's `invariant` promises
// identical results across programs and passes (multi-pass depth-equal
// rendering). A program with Invariant outputs is therefore never
// fast-linked: its first draw with a key links the optimized pipeline from
// the precompiled libraries directly, so every invariant program always
// runs optimized code and all of them agree, frame after frame. The cost is
// a longer first draw for those programs only (counted as
// pipeline.draw_path.optimized_links).
#include <chrono>
#include <cstring>

#include "driver/context.h"
#include "driver/program.h"
#include "driver/vk_translate.h"
#include "util/log.h"
#include "util/stats.h"
#include "util/process_exit.h"
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

using Clock = std::chrono::steady_clock;
uint64_t ns_since(Clock::time_point t0) {
  return static_cast<uint64_t>(std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now() - t0).count());
}
}  // namespace

bool VulkanContext::shader_program_ready(pipe::ShaderProgram* p, bool wait) {
  if (!p) return true;
  if (wait) p->libraries.wait_precompile();
  return !p->libraries.precompile_pending();
}

void VulkanContext::fill_pipeline_key(const pipe::DrawInfo& info) {
  PipelineKey& k = key_;
  const VkPrimitiveTopology cls = topology_class(vk_topology(info.mode));
  k.program_id = program_->id;
  k.vertex_input_id = dynamic_vertex_input_ || !velems_ ? 0 : velems_->id;
  k.color_count = static_cast<uint8_t>(fb_.nr_cbufs);
  for (unsigned i = 0; i < 8; ++i) {
    auto* s = static_cast<VulkanSurface*>(i < fb_.nr_cbufs ? fb_refs_[i].get() : nullptr);
    k.color_formats[i] = s ? s->format : VK_FORMAT_UNDEFINED;
    k.blend_rt[i] = i < fb_.nr_cbufs ? (blend_ ? blend_->blend_rt[i] : pack_blend(false, 0, 1, 0, 0, 1, 0, 15)) : 0;
  }
  auto* zs = static_cast<VulkanSurface*>(fb_refs_[8].get());
  k.depth_stencil_format = zs ? zs->format : VK_FORMAT_UNDEFINED;
  k.samples = static_cast<uint8_t>(std::max(1u, fb_.samples));
  k.sample_mask = sample_mask_;
  k.topology_class = static_cast<uint8_t>(cls);
  k.patch_vertices = cls == VK_PRIMITIVE_TOPOLOGY_PATCH_LIST ? info.patch_vertices : 0;
  k.polygon_mode = rast_ ? rast_->polygon_mode : uint8_t(VK_POLYGON_MODE_FILL);
  k.depth_clamp = rast_ ? rast_->depth_clamp : 0;
  k.provoking_last = rast_ ? rast_->provoking_last : 1;
  k.negative_one_to_one = rast_ ? rast_->negative_one_to_one : 0;
  k.logic_op_enable = blend_ ? blend_->state.logic_op_enable : 0;
  k.logic_op = static_cast<uint8_t>(blend_ ? vk_logic_op(blend_->state.logic_op) : VK_LOGIC_OP_COPY);
  k.alpha_to_coverage = blend_ ? blend_->state.alpha_to_coverage : 0;
  k.alpha_to_one = blend_ ? blend_->state.alpha_to_one : 0;
}

bool VulkanContext::update_pipeline(const pipe::DrawInfo& info) {
  pipe::ShaderProgram& prog = *program_;
  const VkPrimitiveTopology cls = topology_class(vk_topology(info.mode));
  if (!(dirty_ & kDirtyPipeline) && key_.topology_class == cls && key_.patch_vertices == info.patch_vertices &&
      bound_pipeline_ && bound_entry_->current.load(std::memory_order_acquire) == bound_pipeline_)
    return true;
  fill_pipeline_key(info);
  PipelineEntry* entry = prog.pipelines.find(key_);
  if (entry) {
    g_map_hits.add();
  } else {
    entry = create_pipeline(prog);
    if (!entry) return false;
  }
  const VkPipeline p = entry->current.load(std::memory_order_acquire);
  if (p != bound_pipeline_) {
    if (entry->fast_linked && !entry->optimized_bound && p == entry->optimized.load(std::memory_order_relaxed)) {
      entry->optimized_bound = true;
      g_swaps.add();
    }
    vkCmdBindPipeline(ring_->main_cmd(), VK_PIPELINE_BIND_POINT_GRAPHICS, p);
    // The batch keeps the program (and so this pipeline) alive: a program
    // without descriptor sets is not held by write_set.
    ring_->hold(program_.get());
    bound_pipeline_ = p;
  }
  bound_entry_ = entry;
  if (bound_layout_ != prog.descriptors.pipeline_layout()) {
    bound_layout_ = prog.descriptors.pipeline_layout();
    dirty_sets_ = 0x1f;
    dirty_ |= kDirtySet0Offsets;
  }
  dirty_ &= ~kDirtyPipeline;
  return true;
}

PipelineBuildInfo VulkanContext::build_info(const pipe::ShaderProgram& prog) const {
  PipelineBuildInfo bi;
  bi.key = &key_;
  for (unsigned i = 0; i < 5; ++i) bi.modules[i] = prog.modules[i];
  bi.layout = prog.descriptors.pipeline_layout();
  bi.vertex_elements = velems_;
  bi.dynamic_vertex_input = dynamic_vertex_input_;
  bi.cache = screen_.pipeline_cache();
  return bi;
}

bool VulkanContext::create_monolithic(pipe::ShaderProgram& prog, VkPipeline* out) {
  PipelineBuildInfo bi = build_info(prog);
  if (!dynamic_rendering_) {
    RenderPassKey rk;
    std::memcpy(rk.color_formats, key_.color_formats, sizeof(rk.color_formats));
    rk.depth_stencil_format = key_.depth_stencil_format;
    rk.color_count = key_.color_count;
    rk.samples = key_.samples;
    vk::Status s = rp_cache_.render_pass(rk, &bi.render_pass);
    if (!s) return fail(s), false;
  }
  vk::Status s = create_graphics_pipeline(device_, bi, out);
  if (!s) return fail(s), false;
  return true;
}

PipelineEntry* VulkanContext::create_pipeline(pipe::ShaderProgram& prog) {
  const auto t0 = Clock::now();
  PipelineLibraryCache* lib_cache = screen_.pipeline_libraries();
  VkPipeline p = VK_NULL_HANDLE;
  if (!prog.uses_libraries || !lib_cache) {
    if (!create_monolithic(prog, &p)) return nullptr;
    PipelineEntry& e = prog.pipelines.insert(key_);
    e.monolithic = p;
    e.current.store(p, std::memory_order_release);
    const uint64_t ns = ns_since(t0);
    g_full_compiles.add();
    g_full_compile_ns.add(ns);
    g_longest_wait_ns.max(ns);
    frame_pipeline_wait_ns_ = std::max(frame_pipeline_wait_ns_, ns);
    return &e;
  }

  PipelineBuildInfo bi = build_info(prog);
  std::array<VkPipeline, 4> libs{};  // vertex input, pre-rasterization, fragment shader, fragment output
  bool waited = false, compiled = false;
  vk::Status s = lib_cache->vertex_input(bi, &libs[0]);
  if (s) {
    const auto tw = Clock::now();
    s = prog.libraries.get(device_, bi, &libs[1], &libs[2], &waited, &compiled);
    if (waited) {
      g_library_waits.add();
      g_library_wait_ns.add(ns_since(tw));
    }
    if (compiled) g_library_compiles.add();
  }
  if (s) s = lib_cache->fragment_output(bi, &libs[3]);
  const bool optimize_now = prog.invariant;
  if (s) s = link_pipeline_libraries(device_, libs, bi.layout, bi.cache, optimize_now, &p);
  if (!s) return fail(s), nullptr;

  PipelineEntry& e = prog.pipelines.insert(key_);
  if (optimize_now) {
    e.optimized.store(p, std::memory_order_release);
  } else {
    e.fast_linked = p;
  }
  e.current.store(p, std::memory_order_release);
  const uint64_t ns = ns_since(t0);
  (optimize_now ? g_optimized_links : g_fast_links).add();
  (optimize_now ? g_optimized_link_ns : g_fast_link_ns).add(ns);
  g_longest_wait_ns.max(ns);
  frame_pipeline_wait_ns_ = std::max(frame_pipeline_wait_ns_, ns);
  if (!optimize_now) queue_optimized_link(prog, e, libs);
  return &e;
}

void VulkanContext::queue_optimized_link(pipe::ShaderProgram& prog, PipelineEntry& entry,
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
                                                 screen.pipeline_cache(), true, &p);
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

void VulkanContext::end_pipeline_frame() {
  if (frame_pipeline_wait_ns_) {
    g_frames_waited.add();
    g_longest_frame_wait_ns.max(frame_pipeline_wait_ns_);
  }
  frame_pipeline_wait_ns_ = 0;
}

}  // namespace brass::driver
