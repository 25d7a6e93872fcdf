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

// How counts forget. `halving` is aged LFU: counts halve every H lookups and nothing else ages
// them. `dynamic` adds the dynamic ageing of LFU-DA (lfu_da.h) on top: an entry ranks by
// K = L + F, F its (halved) uses and L the inflation, set to the K of every entry evicted, so an
// idle entry keeps the K of its last use while the entries used since rank from the current L.
// A halving halves K, F and L alike, rounding each down (so a halved K may exceed the halved
// L + F by one). With H = never this is LFU-DA whose evicted keys keep their uses as ghosts;
// with a short H the halvings dominate. AdaptiveCache's bank runs both.
enum class Ageing : std::uint8_t { halving, dynamic };

// Between halvings the policy is exactly aged LFU with the same half-life, so before its first
// halving it is exactly the never-halving one (AdaptiveCache's bank relies on this); the same
// holds with dynamic ageing, against the never-halving policy with dynamic ageing.
class AgedLfuGhostPolicy {
public:
  static constexpr const char* NAME = "aged-lfu-ghost";
  static constexpr std::uint64_t NEVER = AgedLfuPolicy::NEVER;

  explicit AgedLfuGhostPolicy(std::uint64_t half_life = NEVER, Ageing ageing = Ageing::halving)
      : aged_(half_life), dynamic_(ageing == Ageing::dynamic) {}

  void reserve_slots(std::size_t capacity) {
    aged_.reserve_slots(capacity);
    keys_.assign(capacity, 0);
    ghosts_ = detail::GhostList(capacity);
    if (dynamic_)
      uses_.assign(capacity, Uses{});
  }
  void on_lookup(Key key) {
    aged_.on_lookup(key);
    if (dynamic_ && aged_.halvings() != halvings_seen_) {
      const std::uint64_t shift = aged_.halvings() - halvings_seen_;
      inflation_ = shift >= 64 ? 0 : inflation_ >> shift;
      halvings_seen_ = aged_.halvings();
    }
  }
  void on_hit(Slot s, Key key) {
    if (!dynamic_)
      return aged_.on_hit(s, key);
    const std::uint64_t f = uses(s) + 1;
    uses_[s] = {f, aged_.halvings()};
    aged_.hit_with_count(s, inflation_ + f);
  }
  bool admit(Key key, bool full) const { return aged_.admit(key, full); }
  Slot victim(Key key) {
    const Slot s = aged_.victim(key);
    if (!dynamic_) {
      ghosts_.add(keys_[s], {aged_.count(s), aged_.halvings()});
      return s;
    }
    inflation_ = aged_.count(s); // the least K: every resident K is at least this
    ghosts_.add(keys_[s], {uses(s), aged_.halvings()});
    return s;
  }
  void on_insert(Slot s, Key key) {
    keys_[s] = key;
    std::uint64_t count = 1;
    if (const auto g = ghosts_.take(key)) {
      const std::uint64_t shift = aged_.halvings() - g->stamp;
      count += shift >= 64 ? 0 : g->count >> shift;
    }
    if (!dynamic_)
      return aged_.insert_with_count(s, count);
    uses_[s] = {count, aged_.halvings()};
    aged_.insert_with_count(s, inflation_ + count);
  }

  std::uint64_t half_life() const { return aged_.half_life(); }
  void set_half_life(std::uint64_t half_life) { aged_.set_half_life(half_life); }
  Ageing ageing() const { return dynamic_ ? Ageing::dynamic : Ageing::halving; }
  // The rank of resident slot `s`: its count, or with dynamic ageing K = L + F.
  std::uint64_t count(Slot s) const { return aged_.count(s); }
  // The inflation L (0 without dynamic ageing).
  std::uint64_t inflation() const { return inflation_; }

private:
  // F of a slot with dynamic ageing, kept with the halvings at its last change and halved on
  // reading, so that a halving costs nothing here.
  struct Uses {
    std::uint64_t count = 0;
    std::uint64_t stamp = 0;
  };
  std::uint64_t uses(Slot s) const {
    const std::uint64_t shift = aged_.halvings() - uses_[s].stamp;
    return shift >= 64 ? 0 : uses_[s].count >> shift;
  }

  AgedLfuPolicy aged_;
  std::vector<Key> keys_; // per slot: its resident key, for the ghost it leaves
  detail::GhostList ghosts_;
  bool dynamic_ = false;
  std::vector<Uses> uses_;          // per slot, with dynamic ageing
  std::uint64_t inflation_ = 0;     // L, with dynamic ageing
  std::uint64_t halvings_seen_ = 0; // the halvings L has been halved for
};

} // namespace cache
