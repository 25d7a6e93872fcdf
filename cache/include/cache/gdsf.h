// GdsfPolicy: GreedyDual-Size with Frequency (GDSF) of Cherkasova ("Improving WWW proxies
// performance with Greedy-Dual-Size-Frequency caching policy", HP Labs, 1998), which adds a
// frequency to GreedyDual-Size (Cao and Irani, "Cost-aware WWW proxy caching algorithms", 1997).
// Every entry here has size 1, so each resident entry has a key value K = L + F * cost, where F is
// its number of lookups since it was last inserted (the inserting lookup counts as one), cost is
// what evaluating it took, and L, the inflation, is a clock shared by the whole table: it starts
// at 0 and is set to the K of every entry evicted. K is recomputed from the current L on every
// hit, so an entry's standing is its frequency times its cost plus the L of its last use. The
// entry with the least K is evicted; ties go to the least recently touched (the smaller
// last-touch tick; ticks are unique, so the rule is deterministic).
//
// Why: a table of component values misses on regions whose evaluation costs anything from one
// node to millions. Counting lookups weighs those misses alike; GDSF keeps an expensive entry
// `cost` times as long as a cheap one used as often, so it saves work rather than lookups. The
// inflation is the ageing of LFU-DA: an idle entry's K stays where its last use left it while
// every eviction raises L, so an entry that stops being used is overtaken however much it was
// worth once.
//
// The cost of an entry is fixed when it is inserted: the value given to set_next_cost() since the
// last insertion if there is one (a solver knows what the evaluation it just finished took), else
// the CostTable's cost of its key (a simulation replays a trace with known costs). It is kept per
// slot, so hits use it without a lookup. LfuDaPolicy (lfu_da.h) is this class with every cost 1.
//
// Invariants: every resident K is at least L (a K is set to the L of the moment plus F * cost >=
// 1, and L only ever becomes the least resident K), so L never decreases. The arithmetic is in
// integers and exact: each K is a sum of F * cost over distinct residencies whose lookups are
// distinct, so it is at most (lookups so far) x (largest cost), which stays below 2^64 for, say,
// 10^10 lookups of costs below 10^9.
//
// Cost: slots sit in an indexed binary heap keyed by (K, last touch), O(log capacity) per hit and
// per eviction; 32 bytes per slot plus the heap.
#pragma once

#include "cache/cost.h"
#include "cache/detail/slot_heap.h"
#include "cache/key.h"

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <utility>
#include <vector>

namespace cache {

class GdsfPolicy {
public:
  static constexpr const char* NAME = "gdsf";

  explicit GdsfPolicy(CostTable costs = {}) : costs_(std::move(costs)) {}

  void reserve_slots(std::size_t capacity) {
    heap_ = detail::SlotHeap(capacity);
    rank_.assign(capacity, Rank{});
  }
  void on_lookup(Key) {}
  void on_hit(Slot s, Key) {
    Rank& r = rank_[s];
    ++r.count;
    r.value = inflation_ + r.count * r.cost;
    r.last = ++tick_;
    heap_.update(s, before());
  }
  bool admit(Key, bool) const { return true; }
  Slot victim(Key) {
    const Slot s = heap_.pop(before());
    inflation_ = rank_[s].value;
    return s;
  }
  void on_insert(Slot s, Key key) {
    const std::uint64_t cost = next_cost_ != 0 ? next_cost_ : costs_.cost(key);
    next_cost_ = 0;
    rank_[s] = {inflation_ + cost, 1, cost, ++tick_};
    heap_.push(s, before());
  }

  // The cost of the next key inserted, instead of the CostTable's (consumed by that insertion).
  // Throws std::invalid_argument for 0.
  void set_next_cost(std::uint64_t cost) {
    if (cost == 0)
      throw std::invalid_argument("GDSF: an entry's cost must be at least 1, got 0");
    next_cost_ = cost;
  }

  // For tests: the inflation L, and a resident slot's key value K, frequency F and cost.
  std::uint64_t inflation() const { return inflation_; }
  std::uint64_t value(Slot s) const { return rank_[s].value; }
  std::uint64_t count(Slot s) const { return rank_[s].count; }
  std::uint64_t cost(Slot s) const { return rank_[s].cost; }

private:
  struct Rank {
    std::uint64_t value = 0; // K = L + F * cost, with the L of the last hit or insertion
    std::uint64_t count = 0; // F
    std::uint64_t cost = 0;  // fixed at insertion
    std::uint64_t last = 0;  // tick of the last hit or insertion
  };

  // Heap order: the least K first, then the least recently touched.
  struct Before {
    const GdsfPolicy* p;
    bool operator()(Slot a, Slot b) const {
      const Rank &x = p->rank_[a], &y = p->rank_[b];
      return x.value != y.value ? x.value < y.value : x.last < y.last;
    }
  };
  Before before() const { return {this}; }

  CostTable costs_;
  detail::SlotHeap heap_; // top: the victim
  std::vector<Rank> rank_;
  std::uint64_t inflation_ = 0; // L
  std::uint64_t tick_ = 0;
  std::uint64_t next_cost_ = 0; // set_next_cost's value, 0 when none is pending
};

} // namespace cache
