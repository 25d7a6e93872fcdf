// HyperbolicPolicy: hyperbolic caching of Blankstein, Sen and Freedman ("Hyperbolic caching:
// flexible caching for web applications", USENIX ATC 2017). Each entry's priority is its rate of
// use since it entered the cache, n / a: n counts its lookups since it was last inserted (the
// inserting lookup counts as one) and a is its time in the cache, the number of lookups of the
// cache since that insertion, counting the current one, and at least 1. The entry of the lowest
// priority is evicted; ties go to the oldest insertion (insertion ticks are unique, so the rule is
// deterministic).
//
// Why: LFU ranks by n alone, so an entry that was used a lot long ago outranks a young entry used
// at a higher rate; dividing by the time in cache makes every priority decay like 1/a once its
// entry stops being used, the hyperbola of the name, so old popularity fades without ageing
// passes or parameters. Unlike LFU-DA's or aged LFU's, the ranking is not fixed between lookups:
// two entries' priorities can cross as time passes, so no heap can hold the order.
//
// Exact evaluation: the paper evicts the lowest of 64 entries sampled at random, because its
// caches are large. With tables of 10 to 40 entries this policy evaluates every resident on every
// eviction instead, which makes the rule deterministic and the victim the true minimum. Rates are
// compared exactly, as n1 * a2 < n2 * a1 in 128-bit integers.
//
// Cost: O(1) per hit; O(capacity) per eviction, a pass over the slots, meant for small tables
// (at 10^4 entries and more, sampling as in the paper is the rule to write); 24 bytes per slot.
#pragma once

#include "cache/key.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace cache {

class HyperbolicPolicy {
public:
  static constexpr const char* NAME = "hyperbolic";

  void reserve_slots(std::size_t capacity) { entry_.assign(capacity, Entry{}); }
  void on_lookup(Key) { ++clock_; }
  void on_hit(Slot s, Key) { ++entry_[s].uses; }
  bool admit(Key, bool) const { return true; }
  // Only called when the table is full, so every slot holds a resident.
  Slot victim(Key) {
    Slot worst = 0;
    for (Slot s = 1; s < entry_.size(); ++s)
      if (lower(s, worst))
        worst = s;
    return worst;
  }
  void on_insert(Slot s, Key) { entry_[s] = {1, clock_, ++tick_}; }

  // For tests: a resident's lookups since insertion and its time in the cache now.
  std::uint64_t uses(Slot s) const { return entry_[s].uses; }
  std::uint64_t age(Slot s) const { return clock_ > entry_[s].inserted_at ? clock_ - entry_[s].inserted_at : 1; }

private:
  __extension__ using U128 = unsigned __int128;

  struct Entry {
    std::uint64_t uses = 0;        // n
    std::uint64_t inserted_at = 0; // the lookup clock at insertion
    std::uint64_t tick = 0;        // insertion order, for ties
  };

  // Whether resident a ranks below resident b: a lower rate n / age, or an equal rate and the
  // older insertion.
  bool lower(Slot a, Slot b) const {
    const U128 x = U128(entry_[a].uses) * age(b), y = U128(entry_[b].uses) * age(a);
    return x != y ? x < y : entry_[a].tick < entry_[b].tick;
  }

  std::vector<Entry> entry_;
  std::uint64_t clock_ = 0; // lookups so far, the current one included
  std::uint64_t tick_ = 0;
};

} // namespace cache
