// What the GPU is doing with an object: the serial of the last batch that
// read it and of the last that wrote it, on the ring (context) that used it
// last. Two numbers instead of per-batch object sets: "is it busy?" is a
// compare against the ring's completed serial.
//
// Objects of a share group (textures, buffers, views, samplers) are used by
// contexts on several threads at once, so the fields are atomics (relaxed:
// each is a hint on its own, and GL makes the application order writes
// between contexts with fences). Once a second ring has used the object,
// `several_rings` stays set: the serials then name only the last ring, so
// the object is retired after every ring's work recorded until then
// (VulkanScreen::retire_shared), never by the last ring's serial alone.
#pragma once
#include <algorithm>
#include <atomic>
#include <cstdint>

namespace brass::driver {

class GpuUsage {
 public:
  GpuUsage() = default;
  GpuUsage(const GpuUsage& o) { *this = o; }
  GpuUsage& operator=(const GpuUsage& o) {
    ring_id_.store(o.ring_id(), std::memory_order_relaxed);
    read_serial_.store(o.read_serial(), std::memory_order_relaxed);
    write_serial_.store(o.write_serial(), std::memory_order_relaxed);
    several_rings_.store(o.several_rings(), std::memory_order_relaxed);
    return *this;
  }

  uint32_t ring_id() const { return ring_id_.load(std::memory_order_relaxed); }  // 0: never used
  uint64_t read_serial() const { return read_serial_.load(std::memory_order_relaxed); }
  uint64_t write_serial() const { return write_serial_.load(std::memory_order_relaxed); }
  uint64_t last_serial() const { return std::max(read_serial(), write_serial()); }
  bool used() const { return ring_id() != 0; }
  bool several_rings() const { return several_rings_.load(std::memory_order_relaxed); }

  // Use by batch `serial` of ring `ring`. Stores only what changes, so the
  // steady state of one context writes nothing new.
  void mark(uint32_t ring, uint64_t serial, bool write) {
    if (ring_id() != ring) {
      // Exchanged, not stored: of two rings marking a new object at once,
      // the second sees the first, and the object counts as shared (a load
      // then a store let both see 0, and one ring's serial alone retired it).
      const uint32_t prev = ring_id_.exchange(ring, std::memory_order_relaxed);
      if (prev != 0 && prev != ring) several_rings_.store(true, std::memory_order_relaxed);
      // The other ring's serial means nothing on this one.
      (write ? read_serial_ : write_serial_).store(0, std::memory_order_relaxed);
    }
    std::atomic<uint64_t>& s = write ? write_serial_ : read_serial_;
    if (s.load(std::memory_order_relaxed) != serial) s.store(serial, std::memory_order_relaxed);
  }

 private:
  std::atomic<uint32_t> ring_id_{0};
  std::atomic<uint64_t> read_serial_{0};
  std::atomic<uint64_t> write_serial_{0};
  std::atomic<bool> several_rings_{false};
};

}  // namespace brass::driver
