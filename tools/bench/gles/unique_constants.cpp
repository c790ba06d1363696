#include "unique_constants.h"

#include <unistd.h>

#include "bench.h"

namespace bench {

unsigned unique_sequence_start() {
  return static_cast<unsigned>(getpid()) * 7919u + static_cast<unsigned>(Clock::now().time_since_epoch().count());
}

float unique_constant(unsigned seq) {
  return 0.5f + static_cast<float>(seq % (1u << 22)) / static_cast<float>(1u << 23);
}

}  // namespace bench
