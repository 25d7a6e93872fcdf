// FifoPolicy: first in, first out, the oldest replacement rule and the baseline every other rule
// here improves on: evict the entry stored longest ago, whatever happened to it since. Hits
// change nothing, so FIFO needs no work on the hit path at all, but it also shows Belady's anomaly
// (Belady, Nelson and Shedler, "An anomaly in space-time characteristics of certain programs
// running in a paging machine", CACM 1969): a larger cache can miss more often. The state is a
// ring of slot numbers in insertion order; a victim leaves from the old end and the newcomer joins
// at the new end. O(1) per lookup, 4 bytes per slot.
#pragma once

#include "cache/key.h"

#include <cassert>
#include <cstddef>
#include <vector>

namespace cache {

class FifoPolicy {
public:
  static constexpr const char* NAME = "fifo";

  void reserve_slots(std::size_t capacity) {
    ring_.assign(capacity, NO_SLOT);
    oldest_ = 0;
    size_ = 0;
  }
  void on_lookup(Key) {}
  void on_hit(Slot, Key) {}
  bool admit(Key, bool) const { return true; }

  // Precondition: the ring is full (the frame evicts only from a full cache).
  Slot victim(Key) {
    assert(size_ == ring_.size());
    const Slot s = ring_[oldest_];
    oldest_ = oldest_ + 1 == ring_.size() ? 0 : oldest_ + 1;
    --size_;
    return s;
  }

  void on_insert(Slot s, Key) {
    assert(size_ < ring_.size());
    const std::size_t at = oldest_ + size_;
    ring_[at < ring_.size() ? at : at - ring_.size()] = s;
    ++size_;
  }

private:
  std::vector<Slot> ring_; // ring_[oldest_], ring_[oldest_ + 1], ...: slots from oldest to newest insertion
  std::size_t oldest_ = 0;
  std::size_t size_ = 0; // resident slots
};

} // namespace cache
