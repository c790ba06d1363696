// Shader constants no cache has seen: the storm scenes put one into every
// source they compile, so that no shader or pipeline cache (in memory or on
// disk, from an earlier run or another vendor's run sharing a disk cache)
// can answer, and every program is compiled from scratch as content that
// streams in would be.
#pragma once

namespace bench {

// A sequence start taken from the pid and the clock: each run numbers its
// constants from another place.
unsigned unique_sequence_start();

// k in [0.5, 1) for sequence number seq: 2^22 exactly representable values,
// printed with %.9g they read back exactly, so distinct sequence numbers
// give distinct constants even after the compiler folds them.
float unique_constant(unsigned seq);

}  // namespace bench
