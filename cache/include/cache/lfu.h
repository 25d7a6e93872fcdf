// LfuPolicy: evict the least frequently used entry, with use counts that are never reset. An
// entry's count is the number of lookups of its key since it was last inserted (the inserting
// lookup counts as one); an evicted key that comes back starts again at one. Ties between equal
// counts go to the least recently used (the smaller last-touch tick; ticks are unique, so the
// order is total and the rule deterministic). This is the "ratchet" of the essay "A count that
// forgets": entries that arrived while the table had room bank counts a newcomer cannot catch up
// with. Slots sit in an
// indexed binary heap keyed by (count, last touch): O(log capacity) per lookup, about 32 bytes per
// slot. Halving (for AgedLfuPolicy) visits only the entries whose count is not 0 yet, so with a
// short half-life, where most counts are 0, it costs far less than a pass over the table.
#pragma once

#include "cache/detail/slot_heap.h"
#include "cache/key.h"

#include <bit>
#include <cassert>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace cache {

class LfuPolicy {
public:
  static constexpr const char* NAME = "lfu";

  void reserve_slots(std::size_t capacity) {
    heap_ = detail::SlotHeap(capacity);
    rank_.assign(capacity, Rank{});
    nonzero_.clear();
    nonzero_.reserve(capacity);
    nonzero_at_.assign(capacity, NO_SLOT);
  }
  void on_lookup(Key) {}
  void on_hit(Slot s, Key) {
    if (rank_[s].count++ == 0)
      add_nonzero(s);
    rank_[s].last = ++tick_;
    heap_.update(s, before());
  }
  bool admit(Key, bool) const { return true; }
  Slot victim(Key) {
    const Slot s = heap_.pop(before());
    if (rank_[s].count != 0)
      remove_nonzero(s);
    return s;
  }
  void on_insert(Slot s, Key) { insert_with_count(s, 1); }
  // on_insert() for an entry that starts at `count` uses (at least 1), as when a variant
  // remembers an evicted key's count and gives it back on its return.
  void insert_with_count(Slot s, std::uint64_t count) {
    assert(count >= 1);
    rank_[s] = {count, ++tick_};
    add_nonzero(s);
    heap_.push(s, before());
  }

  // Halves every resident count, rounding down (so a count of 1 becomes 0), and restores the
  // heap. Counts of 0 do not change, so only the n entries with a count of 1 or more are visited:
  // O(n log capacity) by updating each in the heap, or a full O(capacity) rebuild when that is
  // cheaper. Used by AgedLfuPolicy; plain LFU never calls it.
  void halve_counts() {
    const std::size_t n = nonzero_.size();
    const bool rebuild = n * std::bit_width(heap_.size()) >= heap_.size();
    for (std::size_t i = n; i-- > 0;) {
      const Slot s = nonzero_[i];
      if ((rank_[s].count >>= 1) == 0)
        remove_nonzero(s); // swaps the last entry into i, which was already visited
      if (!rebuild)
        heap_.update(s, before());
    }
    if (rebuild)
      heap_.rebuild(before());
  }

  std::uint64_t count(Slot s) const { return rank_[s].count; }
  // A hit that sets the entry's count to `count` (at least 1) instead of adding one, as when a
  // variant ranks entries by a value of its own: O(log capacity).
  void hit_with_count(Slot s, std::uint64_t count) {
    assert(count >= 1);
    if (rank_[s].count == 0)
      add_nonzero(s);
    rank_[s] = {count, ++tick_};
    heap_.update(s, before());
  }

  // Sets the count of resident slot `s`; call restore_order() after the last change.
  void set_count(Slot s, std::uint64_t count) {
    assert(heap_.contains(s));
    if ((rank_[s].count == 0) != (count == 0))
      count == 0 ? remove_nonzero(s) : add_nonzero(s);
    rank_[s].count = count;
  }
  // Restores the eviction order after set_count(): O(capacity).
  void restore_order() { heap_.rebuild(before()); }

private:
  // Per slot, side by side so that one heap comparison reads one cache line per slot.
  struct Rank {
    std::uint64_t count = 0;
    std::uint64_t last = 0; // tick of the last hit or insertion
  };

  // Heap order: fewer uses first, then the least recently touched.
  struct Before {
    const LfuPolicy* p;
    bool operator()(Slot a, Slot b) const {
      const Rank &x = p->rank_[a], &y = p->rank_[b];
      return x.count != y.count ? x.count < y.count : x.last < y.last;
    }
  };
  Before before() const { return {this}; }

  void add_nonzero(Slot s) {
    nonzero_at_[s] = Slot(nonzero_.size());
    nonzero_.push_back(s);
  }
  void remove_nonzero(Slot s) {
    const Slot at = nonzero_at_[s], last = nonzero_.back();
    nonzero_[at] = last;
    nonzero_at_[last] = at;
    nonzero_.pop_back();
    nonzero_at_[s] = NO_SLOT;
  }

  detail::SlotHeap heap_; // top: the victim
  std::vector<Rank> rank_;
  std::vector<Slot> nonzero_;    // the resident slots whose count is not 0
  std::vector<Slot> nonzero_at_; // per slot: its index in nonzero_, or NO_SLOT
  std::uint64_t tick_ = 0;
};

} // namespace cache
