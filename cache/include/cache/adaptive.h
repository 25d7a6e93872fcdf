// AdaptiveCache: aged LFU (aged_lfu.h) whose half-life H is chosen online from measured eviction
// regret. A bank of key-only simulations runs aged LFU at H = 1, 2, 4, ... on the same stream, and
// the main cache, which holds the values, follows the one that has shown significantly less regret
// (the rule and its reasoning are set out above the class). Cost: the work and memory of about
// log2(lookups) + 2 aged-LFU caches of the same capacity (19 at 140,000 lookups), which is cheap for
// tables of up to about 10^5 entries and too much memory for 10^6 (use AgedLfuPolicy with a fixed
// H there). Simulations are split off at lookups 1, 2, 4, 8, ..., the only allocations after
// construction besides the seen-key set.
#pragma once

#include "cache/aged_lfu.h"
#include "cache/cache.h"
#include "cache/detail/key_index.h"
#include "cache/key.h"
#include "cache/stats.h"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <utility>
#include <vector>

namespace cache {

// H from lookup `lookup` (0-based) on, until the next sample.
struct HalfLifeSample {
  std::uint64_t lookup = 0;
  std::uint64_t half_life = 0;
  friend bool operator==(const HalfLifeSample&, const HalfLifeSample&) = default;
};

namespace detail {

// The paired outcomes of one simulation against the followed one.
struct Evidence {
  double wins = 0;   // this one hit, the followed one missed
  double losses = 0; // the followed one hit, this one missed

  void add(bool followed_hit, bool hit);
  // The sign-test statistic; 0 before any disagreement.
  double z() const;
};

// Recently evicted keys (at most `size`), oldest overwritten first.
class GhostList {
public:
  explicit GhostList(std::size_t size);
  void add(Key key);
  // Whether `key` was a ghost; it no longer is.
  bool take(Key key);

private:
  std::vector<Key> ring_;
  std::vector<std::uint8_t> live_;
  std::size_t next_ = 0;
  KeyIndex index_;
};

// One candidate half-life and the simulation of aged LFU running it from the first lookup.
struct Expert {
  std::uint64_t half_life;
  Cache<AgedLfuPolicy> simulation;
  Evidence evidence; // against the followed simulation
};

// The bank of simulations and the decision rule, shared by every AdaptiveCache<Value>.
class HalfLifeTuner {
public:
  HalfLifeTuner(std::size_t capacity, std::uint64_t half_life);

  // Feeds lookup number `lookup` (0-based; the main cache has made `lookup` lookups before it)
  // to every simulation and weighs the outcomes. Returns the half-life the main cache should use
  // from the next lookup on, or 0 to keep its own.
  std::uint64_t observe(Key key, std::uint64_t lookup);

  // The simulations, by increasing half-life; the last one never halves (it stands for every
  // half-life longer than the lookups made so far).
  const std::vector<Expert>& experts() const { return experts_; }
  // The simulation of a power-of-two half-life (the never-halving one until it is split off).
  const Expert& simulation_of(std::uint64_t half_life) const;
  // The half-life of the simulation the main cache follows.
  std::uint64_t current() const { return current_; }

private:
  Expert& simulation_of(std::uint64_t half_life) {
    return const_cast<Expert&>(std::as_const(*this).simulation_of(half_life));
  }
  void spawn(std::uint64_t half_life);

  std::vector<Expert> experts_;   // sorted by half-life; the never-halving one is last
  std::uint64_t next_spawn_ = 1;  // the half-life of the next simulation to split off
  std::uint64_t current_;         // a power of two, or MAX_HALF_LIFE
};

} // namespace detail

// The rule.
// Regret is a miss on a key the cache held before and evicted (a re-evaluation). Its level cannot
// say which way H should move, because both errors produce it: with H too short, entries used
// often are dropped after a short gap in their use; with H too long (the ratchet), stale heavy
// entries keep their places and newcomers are evicted before they can catch up. So the direction
// is measured on the stream itself, not inferred:
//   1. Each simulation runs one fixed H from the first lookup, so its outcome is exactly what that
//      fixed half-life would have done. The one for H = 2^k is split off at lookup 2^k as a copy
//      of the simulation that never halves (an aged LFU cannot differ from it before its first
//      halving), so the bank is exact while holding only log2(lookups) + 2 caches.
//   2. The main cache follows one simulation, at first the power of two nearest the starting H.
//      For every other simulation, a lookup it hits and the followed one misses is a regret it
//      would have avoided (a win), the reverse one it would have added (a loss). First-time misses
//      are common to all, so wins - losses is exactly the difference in regret.
//   3. When a simulation leads by z = (wins - losses) / sqrt(wins + losses) >= Z_MOVE (a sign test:
//      if it were no better, each disagreement would be a fair coin), the main cache switches to
//      its H and all evidence restarts. Evidence is halved whenever wins + losses reaches
//      EVIDENCE_CAP, so the test weighs the last few hundred disagreements however many lookups
//      they took, and can follow a trace whose best H changes.
//   4. On a switch the main cache takes over the followed simulation's counts and halving phase for
//      the keys both hold, and 0 for its other keys (which the simulation has already evicted),
//      so the switch acts at once instead of after the old counts decay. Values never move.
// Why not a climb between H/2 and 2H, restarted from the main cache's state at every step: after
// such a restart a longer H always looks better for a while, because the ratchet's cost builds up
// slowly, and on a stationary Zipf trace that climb ran to "never halve", 2 points below the best
// fixed H. Simulations that run from the start carry their own long-run cost. No constant depends
// on the capacity, the trace or a lookup count, and the starting H matters only until the first
// switch. A ghost list of the last `capacity` evicted keys counts the main cache's own regret
// (regrets()) for the statistics; the decision uses the exact paired differences instead.
template <class Value = NoValue>
class AdaptiveCache {
public:
  static constexpr bool HAS_VALUE = !std::is_same_v<Value, NoValue>;
  using ValueType = Value;

  // The half-life stays within [MIN_HALF_LIFE, MAX_HALF_LIFE]. The largest simulation runs
  // MAX_HALF_LIFE = 2^40 lookups, which no run reaches: it is LFU that never halves.
  static constexpr std::uint64_t MIN_HALF_LIFE = 1;
  static constexpr std::uint64_t MAX_HALF_LIFE = std::uint64_t{1} << 40;
  // Three standard deviations: with about 18 simulations tested at every lookup, a one-sided p of
  // 0.0013 each keeps false switches rare. (On a sweep of 24 synthetic cases, Zipf, switching and
  // drifting working sets and board-like phases at 10 to 160 entries, any Z from 1.5 to 3 with
  // any cap from 128 to 1024 ended within 0.1 point of the best fixed H on average.)
  static constexpr double Z_MOVE = 3.0;
  // Evidence is halved when wins + losses reaches this, so the test weighs the last 128 to 256
  // disagreements; at 256 it detects a simulation that wins 60 per cent of them.
  static constexpr double EVIDENCE_CAP = 256;

  // The starting half-life when none is given: `capacity` lookups (an entry must be worth about
  // one table's worth of lookups to outrank a newcomer). It matters only until the first switch.
  static std::uint64_t default_half_life(std::size_t capacity) { return capacity; }

  // initial_half_life 0 means default_half_life(capacity); values are clamped to the range.
  explicit AdaptiveCache(std::size_t capacity, std::uint64_t initial_half_life = 0,
                         FirstTime first_time = FirstTime::track)
      : main_(capacity, AgedLfuPolicy(clamp(initial_half_life ? initial_half_life : default_half_life(capacity))),
              first_time),
        tuner_(capacity, main_.policy().half_life()), ghosts_(capacity) {
    history_.push_back({0, main_.policy().half_life()});
  }

  bool access(Key key)
    requires(!HAS_VALUE)
  {
    if (find(key))
      return true;
    insert(key);
    return false;
  }

  // As Cache::find; also feeds the lookup to the simulations, and first applies a switch of the
  // half-life decided at the previous lookup.
  const Value* find(Key key) {
    const std::uint64_t lookup = main_.stats().lookups;
    if (pending_ != 0) {
      adopt(std::as_const(tuner_).simulation_of(pending_).simulation);
      history_.push_back({lookup, pending_});
      if (on_change_)
        on_change_(history_.back());
      pending_ = 0;
    }
    const Value* v = main_.find(key);
    if (!v && ghosts_.take(key))
      ++regrets_;
    pending_ = tuner_.observe(key, lookup);
    return v;
  }

  // As Cache::insert; an evicted key joins the ghost list.
  std::optional<Key> insert(Key key, const Value& value = Value()) {
    const std::optional<Key> evicted = main_.insert(key, value);
    if (evicted)
      ghosts_.add(*evicted);
    return evicted;
  }

  bool contains(Key key) const { return main_.contains(key); }
  std::size_t size() const { return main_.size(); }
  std::size_t capacity() const { return main_.capacity(); }
  const Stats& stats() const { return main_.stats(); }
  // Misses on a key among the last `capacity` evicted ones.
  std::uint64_t regrets() const { return regrets_; }
  std::uint64_t half_life() const { return main_.policy().half_life(); }
  // The half-life as a step function of the lookup index: the first sample is (0, starting H),
  // then one sample per change.
  const std::vector<HalfLifeSample>& half_life_history() const { return history_; }
  // Called on every change of the half-life, from inside find().
  void on_half_life_change(std::function<void(const HalfLifeSample&)> callback) { on_change_ = std::move(callback); }
  // The bank: one simulation per power-of-two half-life run so far, with its hit and miss counts
  // (first-time misses are not tracked there). Its hit rates are those of the fixed-H grid.
  const std::vector<detail::Expert>& simulations() const { return tuner_.experts(); }
  // The half-life of the simulation the main cache follows (a power of two).
  std::uint64_t followed_half_life() const { return tuner_.current(); }

  static std::uint64_t clamp(std::uint64_t h) {
    return h < MIN_HALF_LIFE ? MIN_HALF_LIFE : h > MAX_HALF_LIFE ? MAX_HALF_LIFE : h;
  }

private:
  // Switches to the half-life of `followed` and takes over its counts and halving phase for the
  // keys both hold (0 for the others, which it has already evicted), so the switch takes effect
  // at once instead of after the old counts have decayed. Only counts move, never values.
  void adopt(const Cache<AgedLfuPolicy>& followed) {
    AgedLfuPolicy& mine = main_.policy();
    const AgedLfuPolicy& theirs = followed.policy();
    for (Slot s = 0; s < main_.size(); ++s) {
      const Slot t = followed.slot_of(main_.key_at(s));
      mine.set_count(s, t == NO_SLOT ? 0 : theirs.count(t));
    }
    mine.restore_order();
    mine.set_half_life(theirs.half_life());
    mine.set_since_halving(theirs.since_halving());
  }

  Cache<AgedLfuPolicy, Value> main_;
  detail::HalfLifeTuner tuner_;
  detail::GhostList ghosts_;
  std::uint64_t regrets_ = 0;
  std::uint64_t pending_ = 0; // a new half-life for the next lookup, or 0
  std::vector<HalfLifeSample> history_;
  std::function<void(const HalfLifeSample&)> on_change_;
};

} // namespace cache
