// AgedLfuGhostPolicy: aged LFU (aged_lfu.h) that remembers the counts of the last `capacity` keys
// it evicted. A remembered key that is looked up again comes back with its count, halved as often
// as the resident counts were meanwhile, plus one for the lookup; any other newcomer starts at one.
// Why: an eviction regretted soon after (the key returns while still a ghost) was a mistake of
// the rule, not a sign that the key has gone cold, and plain aged LFU compounds it by ranking the
// returning key with first-time keys, the first to be evicted again. On the cache experiments'
// trace this lifts aged LFU at its best half-life above SIEVE at every table size, and a longer
// ghost list adds almost nothing (bench/results/cache.md; the ghost list's length was measured when chosen: `git log -S AgedLfuGhost`). Costs: 8 bytes per slot
// for its key and about 80 per ghost; O(1) per eviction on top of aged LFU.
#pragma once

#include "cache/aged_lfu.h"
#include "cache/detail/ghost_list.h"
#include "cache/key.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace cache {

// Between halvings the policy is exactly aged LFU with the same half-life, so before its first
// halving it is exactly the never-halving one (AdaptiveCache's bank relies on this).
class AgedLfuGhostPolicy {
public:
  static constexpr const char* NAME = "aged-lfu-ghost";
  static constexpr std::uint64_t NEVER = AgedLfuPolicy::NEVER;

  explicit AgedLfuGhostPolicy(std::uint64_t half_life = NEVER) : aged_(half_life) {}

  void reserve_slots(std::size_t capacity) {
    aged_.reserve_slots(capacity);
    keys_.assign(capacity, 0);
    ghosts_ = detail::GhostList(capacity);
  }
  void on_lookup(Key key) { aged_.on_lookup(key); }
  void on_hit(Slot s, Key key) { aged_.on_hit(s, key); }
  bool admit(Key key, bool full) const { return aged_.admit(key, full); }
  Slot victim(Key key) {
    const Slot s = aged_.victim(key);
    ghosts_.add(keys_[s], {aged_.count(s), aged_.halvings()});
    return s;
  }
  void on_insert(Slot s, Key key) {
    keys_[s] = key;
    std::uint64_t count = 1;
    if (const auto g = ghosts_.take(key)) {
      const std::uint64_t shift = aged_.halvings() - g->stamp;
      count += shift >= 64 ? 0 : g->count >> shift;
    }
    aged_.insert_with_count(s, count);
  }

  std::uint64_t half_life() const { return aged_.half_life(); }
  void set_half_life(std::uint64_t half_life) { aged_.set_half_life(half_life); }
  std::uint64_t count(Slot s) const { return aged_.count(s); }

private:
  AgedLfuPolicy aged_;
  std::vector<Key> keys_; // per slot: its resident key, for the ghost it leaves
  detail::GhostList ghosts_;
};

} // namespace cache
