// Why a batch was submitted. Every submit names one; BRASS_STATS counts them
// ("submit.<reason>") so tests can assert that a sequence caused none.
#pragma once
#include <cstdint>

namespace brass::driver {

enum class SubmitReason : uint8_t {
  Flush,      // explicit flush (glFlush)
  Fence,      // a fence was requested (glFenceSync, glFinish)
  Readback,   // the CPU needs GPU results (map for read, wait for a writer)
  Swap,       // end of frame
  Limit,      // the batch grew past its size limit
  Destroy,    // context teardown
  Count,
};

const char* to_string(SubmitReason r);
void count_submit(SubmitReason r);

}  // namespace brass::driver
