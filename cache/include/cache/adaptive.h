// AdaptiveCache: aged LFU whose half-life H, and whether it also ages dynamically, are chosen
// online from measured eviction regret. Each candidate runs aged LFU that gives a regretted key
// its count back (aged_lfu_ghost.h), the variant that does best in the cache experiments
// (docs/experiments.md). A bank of key-only simulations runs it at H = 1, 2, 3, 4, 6, 8, 11, 16,
// ... (powers of sqrt(2), rounded) and at the starting H on the same stream, each H with halving
// alone and with LFU-DA's dynamic ageing added (Ageing); the cache that holds the values copies
// the evictions of the simulation with the least regret since the last detected change (the rule
// is set out above the class). Cost: the work and memory of about 4 log2(lookups) + 6 such caches
// of the same capacity, each with a ghost list, which suits tables of up to about 10^5 entries but
// not 10^6 (use AgedLfuPolicy or AgedLfuGhostPolicy with a fixed H there). Simulations are split off
// at lookup H, the only allocations after construction besides the seen-key set.
#pragma once

#include "cache/aged_lfu_ghost.h"
#include "cache/cache.h"
#include "cache/detail/ghost_list.h"
#include "cache/detail/slot_list.h"
#include "cache/key.h"
#include "cache/stats.h"

#include <algorithm>
#include <cassert>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <type_traits>
#include <utility>
#include <vector>

namespace cache {

// H from lookup `lookup` (0-based) on, until the next sample.
struct HalfLifeSample {
  std::uint64_t lookup = 0;
  std::uint64_t half_life = 0;
  Ageing ageing = Ageing::halving; // with or without LFU-DA's dynamic ageing
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

// The rule each simulation runs: aged LFU that gives regretted keys their counts back.
using BankPolicy = AgedLfuGhostPolicy;

// One candidate half-life and ageing, and the simulation of aged LFU running it from the first lookup.
struct Expert {
  std::uint64_t half_life;
  Ageing ageing;
  Cache<BankPolicy> simulation;
  Evidence evidence;      // against the followed simulation, since the last switch
  std::uint64_t hits = 0; // since the last detected change (the scores of step 3 below)
};

// What one lookup did to the bank.
struct Observation {
  std::optional<Key> evicted;     // the key the followed simulation evicted, if it evicted one
  bool changed = false;           // the sign test detected a change and moved to another simulation
  const Expert* leader = nullptr; // a check is due and this simulation has more hits than the followed one
  std::uint64_t lead = 0;         // by this many
};

// The bank of simulations and the decision rule, shared by every AdaptiveCache<Value>.
class HalfLifeTuner {
public:
  HalfLifeTuner(std::size_t capacity, std::uint64_t half_life);

  // Feeds lookup number `lookup` (0-based; the main cache has made `lookup` lookups before it)
  // to every simulation and weighs the outcomes (steps 2 to 4 of the rule).
  Observation observe(Key key, std::uint64_t lookup);
  // Follows `e`, one of experts(), from the next lookup on (the lazy-leader switch of step 3).
  void follow(const Expert& e);

  // The simulations split off so far, by increasing half-life, each half-life once per ageing
  // (halving first, then dynamic); the last two never halve (they stand for every half-life of
  // the bank longer than the lookups made so far).
  const std::vector<Expert>& experts() const { return experts_; }
  // The simulation the main cache follows.
  const Expert& followed() const { return experts_[followed_index()]; }
  // Its half-life: a member of the bank, or MAX_HALF_LIFE for the one that never halves.
  std::uint64_t current() const;
  // Its ageing.
  Ageing current_ageing() const { return ageing_; }

private:
  static constexpr std::size_t AGEINGS = 2; // Ageing::halving, Ageing::dynamic
  std::size_t followed_index() const { return AGEINGS * std::min(followed_, spawned_) + (ageing_ == Ageing::dynamic ? 1 : 0); }
  Expert& followed_mut() { return experts_[followed_index()]; }
  void spawn();
  void switch_to(std::size_t index, Ageing ageing);

  std::vector<std::uint64_t> bank_; // every half-life of the bank, increasing
  std::vector<Expert> experts_;     // those of bank_[0, spawned_) in both ageings, then the two never-halving ones
  std::size_t spawned_ = 0;
  std::size_t followed_;            // an index into bank_, or bank_.size() for the never-halving one
  Ageing ageing_ = Ageing::halving; // the ageing of the followed simulation
  std::size_t capacity_;
  std::uint64_t next_check_ = 0; // the first lookup at which a lead may be reported again
};

// The main cache's eviction rule: it holds the keys it has values for, and evicts first those the
// followed simulation no longer holds ("stale"), oldest first. AdaptiveCache keeps the stale set
// exactly equal to (main keys) minus (followed simulation's keys), so a full main cache storing a
// key the simulation holds always has a stale slot: were none stale, its `capacity` keys would all
// be the simulation's, which has room for no more, so it would hold the new key already. Whether
// the followed simulation holds a key about to be stored is set by the owner before each insert;
// one it does not hold is refused. O(1) per hook, 9 bytes per slot.
class FollowerPolicy {
public:
  static constexpr const char* NAME = "follower";

  void reserve_slots(std::size_t capacity) {
    links_ = SlotLinks(capacity);
    stale_flag_.assign(capacity, 0);
    stale_ = {};
  }
  void on_lookup(Key) {}
  // Every simulation holds a key once it has been looked up, the followed one included.
  void on_hit(Slot s, Key) { keep(s); }
  bool admit(Key, bool) const { return admit_; }
  Slot victim(Key) {
    assert(stale_.size > 0);
    const Slot s = stale_.back != NO_SLOT ? stale_.back : 0; // slot 0 only if the invariant broke
    keep(s);
    return s;
  }
  void on_insert(Slot, Key) {}

  // Whether the next insert is admitted (the followed simulation holds its key).
  void set_admit(bool admit) { admit_ = admit; }
  // Marks resident slot `s` stale (the followed simulation no longer holds its key), or not.
  void mark_stale(Slot s) {
    if (!stale_flag_[s]) {
      stale_flag_[s] = 1;
      links_.push_front(stale_, s);
    }
  }
  void keep(Slot s) {
    if (stale_flag_[s]) {
      stale_flag_[s] = 0;
      links_.unlink(stale_, s);
    }
  }
  std::size_t stale_count() const { return stale_.size; }

private:
  SlotLinks links_;
  SlotList stale_;                       // front: the most recently marked
  std::vector<std::uint8_t> stale_flag_; // per slot
  bool admit_ = true;
};

} // namespace detail

// The rule.
// Regret is a miss on a key the cache held before and evicted (a re-evaluation). Its level cannot
// say which way H should move, because both errors produce it: with H too short, entries used
// often are dropped after a short gap in their use; with H too long (the ratchet), stale heavy
// entries keep their places and newcomers are evicted before they can catch up. So the direction
// is measured on the stream itself, not inferred:
//   1. Each simulation runs one fixed H (and one ageing) from the first lookup, so its outcome is
//      exactly what that fixed half-life would have done. Dynamic ageing (LFU-DA's inflation)
//      forgets at the rate the table evicts rather than at a rate in lookups: on a stationary
//      trace it keeps the frequencies while letting what went stale go, which halving alone
//      cannot do at any H; both run, since which forgets better depends on the trace. The one for
//      H is split off at lookup H as a copy of the simulation of its ageing that never halves (an
//      aged LFU cannot differ from it before its first halving), so the bank is exact while
//      holding only the half-lives reached so far. The half-lives are
//      the powers of sqrt(2), rounded, so any H >= 4 is within a factor 2^(1/4) (19 per cent) of
//      one of them (a bank of powers of two leaves up to 41 per cent), plus the starting H, so the
//      cache starts exactly at the H it is given.
//   2. The main cache holds the values and copies the followed simulation: it evicts only keys the
//      simulation has evicted (FollowerPolicy), so after a switch it misses at most once for each
//      key the new simulation holds and it does not, and then hits exactly when the simulation
//      does. Its hit rate is the followed simulations' minus at most `capacity` misses a switch
//      (fewer between neighbouring H, whose contents mostly agree). Values never move.
//   3. Follow the lazy leader. Every simulation counts its hits since the last detected change;
//      first-time misses are common to all, so a difference of hits is exactly a difference of
//      regret. When another simulation leads the followed one by at least the misses the switch
//      would cost (the keys it holds that the main cache does not; at least 1), the main cache
//      follows it. A switch then never costs more than the lead that paid for it, and on a trace
//      whose best H does not change the followed H settles on the bank's best in hindsight. The
//      lead is checked at most once every `capacity` lookups, so counting the cost (O(capacity))
//      is O(1) a lookup.
//   4. Detect a change. Step 3 alone weighs all the past since the last change, so after the best
//      H changes it would take as long to move as the old H took to build its lead. So every
//      simulation is also compared with the followed one on the recent past only: a lookup it hits
//      and the followed one misses is a win, the reverse a loss, and when it leads by
//      z = (wins - losses) / sqrt(wins + losses) >= Z_MOVE (a sign test: were it no better, each
//      disagreement would be a fair coin), the main cache follows it and every count of step 3
//      restarts. Evidence is halved whenever wins + losses reaches EVIDENCE_CAP, so the test weighs
//      the last few hundred disagreements however many lookups they took, and restarts at every
//      switch.
// Why both steps: a sign test over a window of a few hundred disagreements cannot see a difference
// of a tenth of a point between neighbouring half-lives, so alone it would settle on a stationary
// trace wherever the first significant difference took it; the lazy leader of step 3 keeps the
// whole record. Step 3 alone, on a trace whose best H moves from short to long, would never move
// (measured when chosen: `git log -S Z_MOVE`). Why copy evictions rather than adopt the followed
// simulation's counts on a switch: adopting them leaves the main cache's contents different from
// the simulation's for a few half-lives. No constant depends on the capacity, the trace or a
// lookup count, and the starting H matters only up to the first switch. A ghost list of the last
// `capacity` evicted keys counts the main cache's own regret (regrets()) for the statistics; the
// decision uses the exact paired differences instead.
template <class Value = NoValue>
class AdaptiveCache {
public:
  static constexpr bool HAS_VALUE = !std::is_same_v<Value, NoValue>;
  using ValueType = Value;

  // The half-life stays within [MIN_HALF_LIFE, MAX_HALF_LIFE]. The largest simulation runs
  // MAX_HALF_LIFE = 2^40 lookups, which no run reaches: it is LFU that never halves.
  static constexpr std::uint64_t MIN_HALF_LIFE = 1;
  static constexpr std::uint64_t MAX_HALF_LIFE = std::uint64_t{1} << 40;
  // Three standard deviations: a one-sided p of 0.0013 for each simulation, so a false change
  // (which restarts the counts of step 3) is rare. The hit rates are insensitive to Z and to
  // EVIDENCE_CAP over a wide range (measured when chosen: `git log -S EVIDENCE_CAP`).
  static constexpr double Z_MOVE = 3.0;
  // Evidence is halved when wins + losses reaches this, so the test weighs the last 128 to 256
  // disagreements; at 256 it detects a simulation that wins 60 per cent of them.
  static constexpr double EVIDENCE_CAP = 256;
  // Simulations per doubling of H: consecutive half-lives of the bank differ by a factor
  // 2^(1/2) before rounding, so any H >= 4 is within 2^(1/4) of one of them. Each step finer
  // doubles the bank's cost again.
  static constexpr int BANK_STEPS_PER_DOUBLING = 2;

  // The starting half-life when none is given: `capacity` lookups (an entry must be worth about
  // one table's worth of lookups to outrank a newcomer). It matters only until the first switch.
  static std::uint64_t default_half_life(std::size_t capacity) { return capacity; }

  // initial_half_life 0 means default_half_life(capacity); values are clamped to the range.
  explicit AdaptiveCache(std::size_t capacity, std::uint64_t initial_half_life = 0, FirstTime first_time = FirstTime::track)
      : main_(capacity, detail::FollowerPolicy(), first_time),
        tuner_(capacity, clamp(initial_half_life ? initial_half_life : default_half_life(capacity))), ghosts_(capacity) {
    history_.push_back({0, tuner_.current(), tuner_.current_ageing()});
  }

  bool access(Key key) requires(!HAS_VALUE) {
    if (find(key))
      return true;
    insert(key);
    return false;
  }

  // As Cache::find; also feeds the lookup to the simulations and applies any switch of the
  // half-life it decides (from the next lookup on).
  const Value* find(Key key) {
    const std::uint64_t lookup = main_.stats().lookups;
    const Value* v = main_.find(key);
    if (!v && ghosts_.take(key).has_value())
      ++regrets_;
    const detail::Observation o = tuner_.observe(key, lookup);
    if (o.evicted)
      if (const Slot s = main_.slot_of(*o.evicted); s != NO_SLOT)
        main_.policy().mark_stale(s);
    bool changed = o.changed;
    if (!changed && o.leader && o.lead >= switch_cost(o.leader->simulation)) {
      tuner_.follow(*o.leader);
      changed = true;
    }
    if (changed) {
      mark_all_stale();
      history_.push_back({lookup + 1, tuner_.current(), tuner_.current_ageing()});
      if (on_change_)
        on_change_(history_.back());
    }
    return v;
  }

  // As Cache::insert, except that a key the followed simulation does not hold (it was evicted
  // there by lookups made since the missed find) is not stored. An evicted key joins the ghost list.
  std::optional<Key> insert(Key key, const Value& value = Value()) {
    main_.policy().set_admit(tuner_.followed().simulation.contains(key));
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
  // The half-life the cache runs now: that of the simulation it follows.
  std::uint64_t half_life() const { return tuner_.current(); }
  // Whether it also ages by LFU-DA's inflation: that of the simulation it follows.
  Ageing ageing() const { return tuner_.current_ageing(); }
  // The half-life as a step function of the lookup index: the first sample is (0, starting H),
  // then one sample per change (of the half-life, of the ageing, or of both).
  const std::vector<HalfLifeSample>& half_life_history() const { return history_; }
  // Called on every change of the half-life, from inside find().
  void on_half_life_change(std::function<void(const HalfLifeSample&)> callback) { on_change_ = std::move(callback); }
  // The bank: two simulations (one per ageing) per half-life reached so far, with their hit and miss counts
  // (first-time misses are not tracked there). Its hit rates are those of fixed half-lives.
  const std::vector<detail::Expert>& simulations() const { return tuner_.experts(); }
  // The half-life of the simulation the main cache follows (the same as half_life()).
  std::uint64_t followed_half_life() const { return tuner_.current(); }
  // Resident keys the followed simulation no longer holds: the next to be evicted.
  std::size_t stale_count() const { return main_.policy().stale_count(); }

  static std::uint64_t clamp(std::uint64_t h) { return h < MIN_HALF_LIFE ? MIN_HALF_LIFE : h > MAX_HALF_LIFE ? MAX_HALF_LIFE : h; }

private:
  // The misses a switch to `sim` costs at most: the keys it holds that the main cache does not.
  // At least 1, so a switch always needs a lead.
  std::uint64_t switch_cost(const Cache<detail::BankPolicy>& sim) const {
    std::uint64_t missing = 0;
    for (Slot s = 0; s < sim.size(); ++s)
      missing += !main_.contains(sim.key_at(s));
    return std::max<std::uint64_t>(missing, 1);
  }

  // After a switch: every resident key the newly followed simulation does not hold is stale.
  void mark_all_stale() {
    const Cache<detail::BankPolicy>& followed = tuner_.followed().simulation;
    detail::FollowerPolicy& p = main_.policy();
    for (Slot s = 0; s < main_.size(); ++s) {
      if (followed.contains(main_.key_at(s)))
        p.keep(s);
      else
        p.mark_stale(s);
    }
  }

  Cache<detail::FollowerPolicy, Value> main_;
  detail::HalfLifeTuner tuner_;
  detail::GhostList ghosts_;
  std::uint64_t regrets_ = 0;
  std::vector<HalfLifeSample> history_;
  std::function<void(const HalfLifeSample&)> on_change_;
};

} // namespace cache
