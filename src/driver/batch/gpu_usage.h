// What the GPU is doing with an object: the serial of the last batch that
// read it and of the last that wrote it, on the ring (context) that used it
// last. Two numbers instead of per-batch object sets: "is it busy?" is a
// compare against the ring's completed serial.
#pragma once
#include <algorithm>
#include <cstdint>

namespace brass::driver {

struct GpuUsage {
  uint32_t ring_id = 0;     // 0: never used by any batch
  uint64_t read_serial = 0;
  uint64_t write_serial = 0;

  uint64_t last_serial() const { return std::max(read_serial, write_serial); }
  bool used() const { return ring_id != 0; }
};

}  // namespace brass::driver
