#include "driver/pipeline/pipeline_cache_file.h"

#include <cstdio>
#include <cstring>
#include <vector>

#include "util/atomic_file.h"
#include "util/hash.h"
#include "util/log.h"
#include "util/process_exit.h"
#include "util/stats.h"
#include "util/thread_pool.h"

namespace brass::driver {

namespace {
StatCounter g_loaded_bytes("pipeline_cache.loaded_bytes");
StatCounter g_rejected("pipeline_cache.rejected_files");
StatCounter g_saves("pipeline_cache.saves");
StatCounter g_saved_bytes("pipeline_cache.saved_bytes");
StatCounter g_save_failures("pipeline_cache.save_failures");

constexpr uint32_t kMagic = 0x43505242;  // "BRPC"
constexpr uint32_t kVersion = 1;

// Fixed little-endian layout, written field by field.
struct FileHeader {
  uint32_t magic;
  uint32_t version;
  uint32_t vendor_id;
  uint32_t device_id;
  uint32_t driver_version;
  uint8_t uuid[VK_UUID_SIZE];
  uint32_t reserved;
  uint64_t payload_size;
  uint64_t payload_hash;
};
static_assert(sizeof(FileHeader) == 56 && std::has_unique_object_representations_v<FileHeader>);
}  // namespace

PipelineCacheIdentity PipelineCacheIdentity::of(const vk::Capabilities& caps) {
  PipelineCacheIdentity id;
  id.vendor_id = caps.vendor_id;
  id.device_id = caps.device_id;
  id.driver_version = caps.driver_version;
  std::memcpy(id.uuid, caps.pipeline_cache_uuid, VK_UUID_SIZE);
  return id;
}

std::string pipeline_cache_file_name(const vk::Capabilities& caps) {
  char buf[24];
  std::snprintf(buf, sizeof(buf), "%04x-%04x-", caps.vendor_id, caps.device_id);
  std::string name = buf;
  for (uint8_t b : caps.pipeline_cache_uuid) {
    std::snprintf(buf, sizeof(buf), "%02x", b);
    name += buf;
  }
  return name + ".bin";
}

std::string wrap_pipeline_cache(std::string_view blob, const PipelineCacheIdentity& id) {
  FileHeader h{};
  h.magic = kMagic;
  h.version = kVersion;
  h.vendor_id = id.vendor_id;
  h.device_id = id.device_id;
  h.driver_version = id.driver_version;
  std::memcpy(h.uuid, id.uuid, VK_UUID_SIZE);
  h.payload_size = blob.size();
  h.payload_hash = hash_bytes(blob.data(), blob.size());
  std::string out(reinterpret_cast<const char*>(&h), sizeof(h));
  out += blob;
  return out;
}

std::optional<std::string_view> unwrap_pipeline_cache(std::string_view file, const PipelineCacheIdentity& id,
                                                      std::string* why) {
  FileHeader h;
  if (file.size() < sizeof(h)) return *why = "truncated header", std::nullopt;
  std::memcpy(&h, file.data(), sizeof(h));
  if (h.magic != kMagic) return *why = "not a Brass pipeline cache", std::nullopt;
  if (h.version != kVersion) return *why = "other file version", std::nullopt;
  if (h.vendor_id != id.vendor_id || h.device_id != id.device_id || h.driver_version != id.driver_version ||
      std::memcmp(h.uuid, id.uuid, VK_UUID_SIZE) != 0)
    return *why = "written for another device or driver", std::nullopt;
  const std::string_view blob = file.substr(sizeof(h));
  if (blob.size() != h.payload_size) return *why = "truncated or padded payload", std::nullopt;
  if (hash_bytes(blob.data(), blob.size()) != h.payload_hash) return *why = "checksum mismatch", std::nullopt;
  // The driver's own header (VkPipelineCacheHeaderVersionOne) must agree too.
  VkPipelineCacheHeaderVersionOne vh;
  if (blob.size() < sizeof(vh)) return *why = "driver header missing", std::nullopt;
  std::memcpy(&vh, blob.data(), sizeof(vh));
  if (vh.headerSize < sizeof(vh) || vh.headerSize > blob.size() ||
      vh.headerVersion != VK_PIPELINE_CACHE_HEADER_VERSION_ONE || vh.vendorID != id.vendor_id ||
      vh.deviceID != id.device_id || std::memcmp(vh.pipelineCacheUUID, id.uuid, VK_UUID_SIZE) != 0)
    return *why = "driver header does not match the device", std::nullopt;
  return blob;
}

std::unique_ptr<PipelineCacheFile> PipelineCacheFile::open(const vk::Device& device, std::string path) {
  const PipelineCacheIdentity id = PipelineCacheIdentity::of(device.caps());
  std::string_view initial;
  std::optional<std::string> file = path.empty() ? std::nullopt : read_whole_file(path);
  if (file) {
    std::string why;
    if (auto blob = unwrap_pipeline_cache(*file, id, &why)) {
      initial = *blob;
    } else {
      g_rejected.add();
      BRASS_WARN_ONCE("pipeline cache %s ignored: %s", path.c_str(), why.c_str());
    }
  }
  VkPipelineCacheCreateInfo ci{VK_STRUCTURE_TYPE_PIPELINE_CACHE_CREATE_INFO};
  ci.initialDataSize = initial.size();
  ci.pInitialData = initial.data();
  VkPipelineCache cache = VK_NULL_HANDLE;
  VkResult r = vkCreatePipelineCache(device.handle(), &ci, nullptr, &cache);
  if (r != VK_SUCCESS && !initial.empty()) {
    // The driver refused data that passed our checks: start empty.
    BRASS_WARN("pipeline cache %s: the driver rejected its data (%d)", path.c_str(), int(r));
    initial = {};
    ci.initialDataSize = 0;
    ci.pInitialData = nullptr;
    r = vkCreatePipelineCache(device.handle(), &ci, nullptr, &cache);
  }
  if (r != VK_SUCCESS) {
    BRASS_WARN("cannot create a pipeline cache (%d): pipelines are not cached", int(r));
    return nullptr;
  }
  g_loaded_bytes.add(initial.size());
  auto* f = new PipelineCacheFile(device, std::move(path), cache, initial.size());
  // What was loaded need not be written back unchanged.
  f->saved_size_ = initial.size();
  return std::unique_ptr<PipelineCacheFile>(f);
}

PipelineCacheFile::PipelineCacheFile(const vk::Device& device, std::string path, VkPipelineCache cache,
                                     size_t loaded)
    : device_(device), path_(std::move(path)), cache_(cache), loaded_bytes_(loaded) {
  // Applications rarely destroy their EGL display before exiting, so the
  // teardown save below seldom runs: the exit drain saves what is new.
  if (!path_.empty()) add_exit_task(this, [this] { save_now(); });
}

PipelineCacheFile::~PipelineCacheFile() {
  remove_exit_tasks(this);
  wait_for_save();
  // The driver may be half torn down (util/process_exit.h).
  if (process_exiting()) {
    park_until_exit(reinterpret_cast<const void*>(cache_));
    return;
  }
  write_if_changed();
  vkDestroyPipelineCache(device_.handle(), cache_, nullptr);
}

void PipelineCacheFile::request_save() {
  if (path_.empty()) return;
  const auto now = std::chrono::steady_clock::now();
  {
    std::lock_guard lock(mutex_);
    if (job_queued_ || now - last_request_ < kSaveInterval) return;
    last_request_ = now;
    job_queued_ = true;
  }
  ThreadPool::shared().submit(
      [this] {
        if (!process_exiting()) write_if_changed();
        std::lock_guard lock(mutex_);
        job_queued_ = false;
        idle_cv_.notify_all();
      },
      ThreadPool::Priority::Low);
}

void PipelineCacheFile::wait_for_save() {
  std::unique_lock lock(mutex_);
  idle_cv_.wait(lock, [&] { return !job_queued_; });
}

bool PipelineCacheFile::save_now() {
  wait_for_save();
  return write_if_changed();
}

bool PipelineCacheFile::write_if_changed() {
  if (path_.empty()) return false;
  size_t size = 0;
  VkResult r = vkGetPipelineCacheData(device_.handle(), cache_, &size, nullptr);
  if (r != VK_SUCCESS) {
    g_save_failures.add();
    BRASS_WARN_ONCE("pipeline cache: size query failed (%d)", int(r));
    return false;
  }
  {
    std::lock_guard lock(mutex_);
    if (size == saved_size_) return true;  // nothing new (or same-size churn, caught next time)
  }
  std::string blob(size, '\0');
  r = vkGetPipelineCacheData(device_.handle(), cache_, &size, blob.data());
  if (r != VK_SUCCESS && r != VK_INCOMPLETE) {
    g_save_failures.add();
    BRASS_WARN_ONCE("pipeline cache: reading its data failed (%d)", int(r));
    return false;
  }
  blob.resize(size);
  std::string error;
  if (!write_file_atomically(path_, wrap_pipeline_cache(blob, PipelineCacheIdentity::of(device_.caps())), &error)) {
    g_save_failures.add();
    BRASS_WARN_ONCE("pipeline cache: %s", error.c_str());
    return false;
  }
  g_saves.add();
  g_saved_bytes.add(size);
  std::lock_guard lock(mutex_);
  saved_size_ = size;
  return true;
}

}  // namespace brass::driver
