// ClockPolicy: CLOCK (Corbató, "A paging experiment with the Multics system", MIT Project MAC
// report MAC-M-384, 1968), the one-bit approximation of LRU. The entries sit on a circle in the
// order their places were first filled, each with a reference bit that a hit sets. To evict, a
// hand walks the circle: a set bit is cleared and passed over (a second chance), the first clear
// one is the victim. The newcomer takes the victim's place with its bit clear, and the hand is
// left one place past it, so the newcomer is the last entry the hand reaches: CLOCK is FIFO in
// which a referenced entry rejoins the queue at the new end instead of leaving. When every bit is
// set the hand clears them all and evicts where it started, exactly as FIFO would. O(1) per hit,
// at most capacity + 1 steps and amortised O(1) per eviction, 5 bytes per slot.
#pragma once

#include "cache/key.h"

#include <cassert>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace cache {

class ClockPolicy {
public:
  static constexpr const char* NAME = "clock";

  void reserve_slots(std::size_t capacity) {
    circle_.assign(capacity, NO_SLOT);
    referenced_.assign(capacity, 0);
    placed_ = 0;
    hand_ = 0;
  }
  void on_lookup(Key) {}
  void on_hit(Slot s, Key) { referenced_[s] = 1; }
  bool admit(Key, bool) const { return true; }

  // Precondition: every place is filled (the frame evicts only from a full cache). Each clear
  // leaves one fewer set bit, so the walk ends within one turn plus one step.
  Slot victim(Key) {
    assert(placed_ == circle_.size());
    for (;;) {
      const Slot s = circle_[hand_];
      hand_ = hand_ + 1 == circle_.size() ? 0 : hand_ + 1;
      if (!referenced_[s])
        return s;
      referenced_[s] = 0;
    }
  }

  // A slot filled for the first time takes the next free place on the circle; a reused slot (the
  // victim's) keeps its place, just behind the hand.
  void on_insert(Slot s, Key) {
    referenced_[s] = 0;
    if (placed_ < circle_.size())
      circle_[placed_++] = s;
    else
      assert(circle_[hand_ == 0 ? circle_.size() - 1 : hand_ - 1] == s);
  }

private:
  std::vector<Slot> circle_;             // the slot at each place, in the order the hand visits them
  std::vector<std::uint8_t> referenced_; // per slot: looked up since the hand last passed it
  std::size_t placed_ = 0;               // places filled so far; all of them once the cache is full
  std::size_t hand_ = 0;                 // the place the next eviction looks at first
};

} // namespace cache
