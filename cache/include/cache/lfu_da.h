// LfuDaPolicy: LFU with dynamic ageing (LFU-DA) of Arlitt, Cherkasova, Dilley, Friedrich and Jin
// ("Evaluating content management techniques for Web proxy caches", 2000), which is GreedyDual-
// Size with Frequency (GDSF; Cao and Irani, "Cost-aware WWW proxy caching algorithms", 1997, for
// GreedyDual-Size) with every entry's size and cost equal to 1. Each resident entry has a key
// value K = L + F, where F is its number of lookups since it was last inserted (the inserting
// lookup counts as one) and L, the inflation, is a clock shared by the whole table: it starts at
// 0 and is set to the K of every entry evicted. K is recomputed from the current L on every hit,
// so an entry's standing is its frequency plus the L of its last use. The entry with the least K
// is evicted; ties go to the least recently used (the smaller last-touch tick; ticks are unique,
// so the rule is deterministic).
//
// Why: plain LFU (lfu.h) lets an entry that banked a large count once stay for ever after it stops
// being used. Here an idle entry's K stays where its last use left it, while newcomers and
// re-used entries are valued from the current L, and every eviction of an entry whose K exceeds
// L raises L: an idle entry is overtaken after about K - L evictions (newcomers enter at L + 1,
// so evicting one raises L by one). Frequency still ranks entries used at about the same time;
// age decides between old and recent use.
//
// Invariants: every resident K is at least L (a K is set to the L of the moment plus F >= 1, and
// L only ever becomes the least resident K), so L never decreases and all values are integers.
//
// Naming: this is the unit-cost, unit-size member of the GDSF family, K = L + F * cost / size. A
// cost-aware GdsfPolicy (K as a double, a cost per entry supplied on insertion) belongs beside this
// class under its own name rather than as a mode of it, so the integer arithmetic here stays exact.
//
// Cost: slots sit in an indexed binary heap keyed by (K, last touch), O(log capacity) per hit and
// per eviction; 24 bytes per slot plus the heap.
#pragma once

#include "cache/detail/slot_heap.h"
#include "cache/key.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace cache {

class LfuDaPolicy {
public:
  static constexpr const char* NAME = "lfu-da";

  void reserve_slots(std::size_t capacity) {
    heap_ = detail::SlotHeap(capacity);
    rank_.assign(capacity, Rank{});
  }
  void on_lookup(Key) {}
  void on_hit(Slot s, Key) {
    Rank& r = rank_[s];
    r.value = inflation_ + ++r.count;
    r.last = ++tick_;
    heap_.update(s, before());
  }
  bool admit(Key, bool) const { return true; }
  Slot victim(Key) {
    const Slot s = heap_.pop(before());
    inflation_ = rank_[s].value;
    return s;
  }
  void on_insert(Slot s, Key) {
    rank_[s] = {inflation_ + 1, 1, ++tick_};
    heap_.push(s, before());
  }

  // For tests: the inflation L, and a resident slot's key value K and frequency F.
  std::uint64_t inflation() const { return inflation_; }
  std::uint64_t value(Slot s) const { return rank_[s].value; }
  std::uint64_t count(Slot s) const { return rank_[s].count; }

private:
  struct Rank {
    std::uint64_t value = 0; // K = L + F, with the L of the last hit or insertion
    std::uint64_t count = 0; // F
    std::uint64_t last = 0;  // tick of the last hit or insertion
  };

  // Heap order: the least K first, then the least recently touched.
  struct Before {
    const LfuDaPolicy* p;
    bool operator()(Slot a, Slot b) const {
      const Rank &x = p->rank_[a], &y = p->rank_[b];
      return x.value != y.value ? x.value < y.value : x.last < y.last;
    }
  };
  Before before() const { return {this}; }

  detail::SlotHeap heap_; // top: the victim
  std::vector<Rank> rank_;
  std::uint64_t inflation_ = 0; // L
  std::uint64_t tick_ = 0;
};

} // namespace cache
