// SievePolicy: SIEVE (Zhang, Yang, Yue, Vigfusson and Rashmi, "SIEVE is simpler than LRU",
// NSDI 2024). Entries sit in a FIFO queue in insertion order and a hit only sets the entry's
// visited bit; a hand sweeps from the oldest entry towards the newest, clearing visited bits, and
// evicts the first unvisited entry, then stays there for the next eviction (wrapping to the oldest
// at the newest end). Unlike CLOCK, survivors are not moved to the head, so newcomers that are
// never reused leave quickly. O(1) per hit, amortised O(1) per eviction, 9 bytes per slot.
#pragma once

#include "cache/detail/slot_list.h"
#include "cache/key.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace cache {

class SievePolicy {
public:
  static constexpr const char* NAME = "sieve";

  void reserve_slots(std::size_t capacity) {
    links_ = detail::SlotLinks(capacity);
    visited_.assign(capacity, 0);
  }
  void on_lookup(Key) {}
  void on_hit(Slot s, Key) { visited_[s] = 1; }
  bool admit(Key, bool) const { return true; }

  Slot victim(Key) {
    // The paper's Evict(): o = hand or tail; while o.visited: clear it, o = o.prev or tail.
    Slot s = hand_ != NO_SLOT ? hand_ : queue_.back;
    while (visited_[s]) {
      visited_[s] = 0;
      s = links_.prev(s) != NO_SLOT ? links_.prev(s) : queue_.back;
    }
    hand_ = links_.prev(s); // towards the newer end; NO_SLOT wraps to the oldest next time
    links_.unlink(queue_, s);
    return s;
  }

  void on_insert(Slot s, Key) {
    visited_[s] = 0;
    links_.push_front(queue_, s);
  }

private:
  detail::SlotLinks links_;
  detail::SlotList queue_; // front: newest insertion, back: oldest
  std::vector<std::uint8_t> visited_;
  Slot hand_ = NO_SLOT;
};

} // namespace cache
