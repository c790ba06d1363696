// The persistent VkPipelineCache: loaded from BRASS_SHADER_CACHE_DIR when the
// screen is created, saved off the draw path (a low-priority job on the
// shared worker pool, throttled, at most one in flight) and once more when
// the screen goes away. The file wraps the driver's blob in Brass's own
// header (device identity, payload size and hash) because a driver handed a
// blob from another device or a torn write may crash rather than reject it:
// anything that does not validate is ignored with one warning and the cache
// starts empty, to be overwritten by the next save.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>

#include "device/device.h"

namespace brass::driver {

// What a cache blob must match to be handed to the driver.
struct PipelineCacheIdentity {
  uint32_t vendor_id = 0;
  uint32_t device_id = 0;
  uint32_t driver_version = 0;
  uint8_t uuid[VK_UUID_SIZE] = {};  // VkPhysicalDeviceProperties::pipelineCacheUUID

  static PipelineCacheIdentity of(const vk::Capabilities& caps);
};

// File format: header + the driver's blob. Pure functions, no device needed.
std::string wrap_pipeline_cache(std::string_view blob, const PipelineCacheIdentity& id);
// The blob inside `file`, or nullopt with `why` (bad magic, other version,
// other device or driver, truncated, checksum mismatch, bad driver header).
std::optional<std::string_view> unwrap_pipeline_cache(std::string_view file, const PipelineCacheIdentity& id,
                                                      std::string* why);

// "<vendor>-<device>-<pipelineCacheUUID>.bin" (hex): one file per device and
// driver build, so two GPUs or two driver versions never overwrite each other.
std::string pipeline_cache_file_name(const vk::Capabilities& caps);

class PipelineCacheFile {
 public:
  // Loads `path` if it validates, else starts empty. Null only when the
  // driver cannot create a pipeline cache at all (logged).
  static std::unique_ptr<PipelineCacheFile> open(const vk::Device& device, std::string path);
  // Waits for a background save, then saves what is new (unless the process
  // is exiting: see util/process_exit.h) and destroys the cache.
  ~PipelineCacheFile();
  PipelineCacheFile(const PipelineCacheFile&) = delete;
  PipelineCacheFile& operator=(const PipelineCacheFile&) = delete;

  VkPipelineCache handle() const { return cache_; }
  const std::string& path() const { return path_; }
  // Bytes of driver data accepted from the file at open (0: none).
  size_t loaded_bytes() const { return loaded_bytes_; }

  // Called at frame ends and fences: cheap (a clock read) unless a save is
  // due, then queues one job on the worker pool. Saves only when the
  // driver's data changed size since the last save.
  void request_save();
  // Synchronous save (tests, teardown). False when writing failed.
  bool save_now();
  // Blocks until no background save is queued or running.
  void wait_for_save();

  static constexpr std::chrono::milliseconds kSaveInterval{1000};

 private:
  PipelineCacheFile(const vk::Device& device, std::string path, VkPipelineCache cache, size_t loaded);
  bool write_if_changed();  // the save itself; called without the lock held

  const vk::Device& device_;
  const std::string path_;
  VkPipelineCache cache_;
  const size_t loaded_bytes_;
  std::mutex mutex_;
  std::condition_variable idle_cv_;
  bool job_queued_ = false;
  size_t saved_size_ = 0;
  std::chrono::steady_clock::time_point last_request_{};
};

}  // namespace brass::driver
