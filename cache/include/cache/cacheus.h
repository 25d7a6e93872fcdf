// CacheusPolicy: CACHEUS of Rodriguez, Yusuf, Lyons, Paz, Rangaswami, Liu, Zhao and Narasimhan
// ("Learning cache replacement with CACHEUS", FAST 2021). LeCaR's scheme (lecar.h) of two experts
// chosen at random by learned weights, each with a history of the keys it evicted, with two
// changes: the experts are made robust to the patterns that defeat LRU and LFU, and the learning
// rate adapts itself instead of being a tuned constant.
//
// The experts, ranking the same residents:
//   SR-LRU, scan-resistant LRU. The residents are split into two LRU lists, SR and R. A key seen
//     for the first time (not returning from a history) enters SR at the front, marked new; a hit
//     in SR promotes the entry to the front of R; a hit in R moves it to the front of R. R holds at
//     most r_limit entries: promoting beyond that demotes R's least recent entry to the front of
//     SR, marked demoted. SR-LRU's victim is the back of SR, so a scan of one-time keys only churns
//     SR and never reaches R. r_limit adapts, ARC-like, from two kinds of evidence:
//       a hit on a demoted entry in SR (R was too small): r_limit += max(1, round(n / dm));
//       a key evicted from SR while new returns from SR-LRU's history (SR was too small):
//         r_limit -= max(1, round(dm / n));
//     where n is the number of new keys in SR-LRU's history and dm the number of demoted entries
//     in SR, each at least 1 in the divisor; r_limit stays within [1, N - 1] (N the capacity), so
//     SR always has room for one entry. It starts at N - max(1, round(N / 100)), SR at 1% of the
//     table (the authors' implementation): SR grows only on evidence that it is too small.
//   CR-LFU, churn-resistant LFU: LFU whose ties go to the MOST recently used. When a working set
//     larger than the table is cycled through, its keys tie on count; evicting the newest keeps
//     a fixed part of the set resident, which hits on every cycle, where LRU tie-breaking would
//     evict each key just before its reuse.
//
// Learning, per eviction: a random draw picks SR-LRU with probability w (CR-LFU with 1 - w), w
// starting at 0.5; the victim goes into the history of the expert that chose it, a first-in
// first-out list of at most max(1, N / 2) keys. When both experts name the same victim it goes
// into neither history (a draw is made all the same). A miss on a key in a history is a regret
// for the expert that evicted it:
//   w_other *= exp(lambda);  w = w_SR / (w_SR + w_CR);  w = clamp(w, 0.01, 0.99)
// that is, the erring expert's weight is multiplied by exp(-lambda) relative to the other. Unlike
// LeCaR's, the regret is not discounted by the time the key spent in the history (a reward of 1),
// as in the authors' implementation: CACHEUS is meant to have no hyperparameter to tune, and
// LeCaR's discount rate is one. The clamp is also the authors' (see lecar.h for why).
//
// The learning rate lambda, adapted at the end of every window of N lookups: with h the window's
// hits, h' the previous window's and d = lambda - lambda' the change made at the previous window
// end (lambda' = 0 before the first window, so the first d is lambda itself):
//   if |d| >= 0.001:  lambda += s * |lambda * d|, s = +1 when h - h' has the sign of d (the last
//                     change helped: go on), -1 otherwise (it hurt, or made no difference: back
//                     off); lambda is then clamped to [0.001, 1];
//   else (lambda has settled): a window with h <= h' counts as stale, one with h > h' resets the
//                     count; after 10 stale windows in a row lambda restarts at a random value,
//                     and the gradient steps resume from the jump.
// lambda starts at a random value; random values are uniform on [0.001, 1].
//
// Details the paper does not settle, chosen here (each is a guess at the authors' intent, stated
// so that it can be changed on evidence):
//   - Changes of lambda below 0.001, the bottom of its range, count as none: the steps shrink
//     geometrically, and without a threshold lambda would take dozens of windows to count as
//     settled and restarts would almost never happen. (The authors' implementation compares
//     lambda at three decimals, which has the same effect.)
//   - The stale windows must be consecutive for a restart; hit rates are compared as hit counts,
//     exactly, since every window has N lookups.
//   - Every newcomer that is not returning from a history enters SR marked new, the table's
//     first N keys included; a hit clears the mark. A key returning from either history enters R
//     (its return is a reuse) with its count at eviction plus one; others start at one.
//   - In the ratios n / dm and dm / n, dm counts the demoted entry being hit and n no longer
//     counts the returning key.
//   - lambda starts, and restarts, at a random value, as the paper describes it; the authors'
//     implementation starts at sqrt(2 ln 2 / N) and restarts at that same value.
//   - The lookup clock counts hits and misses; regrets are taken when the returning key is stored
//     (admit()), before the eviction it causes.
// Randomness (the choices and lambda) comes from one SplitMix64 generator with a fixed default
// seed, so runs are reproducible and a copied policy makes the same choices as the original.
//
// Cost: O(log capacity) per hit and per eviction (two intrusive lists, an indexed heap for
// CR-LFU), O(1) per history lookup and per window end; about 45 bytes per slot and 80 per history
// entry.
#pragma once

#include "cache/detail/history_list.h"
#include "cache/detail/slot_heap.h"
#include "cache/detail/slot_list.h"
#include "cache/detail/splitmix64.h"
#include "cache/key.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <vector>

namespace cache {

class CacheusPolicy {
public:
  static constexpr const char* NAME = "cacheus";
  static constexpr double MIN_WEIGHT = 0.01; // the clamp after every update
  static constexpr double MAX_WEIGHT = 0.99;
  static constexpr double MIN_LEARNING_RATE = 0.001; // also the smallest change that counts
  static constexpr double MAX_LEARNING_RATE = 1;
  static constexpr std::uint64_t RESTART_AFTER = 10; // stale windows in a row
  static constexpr std::uint64_t DEFAULT_SEED = 0xcac4e05;

  // sr_lru_weight: the initial w of SR-LRU, from 0 to 1 (throws std::logic_error otherwise). The
  // extremes pin the choice (1: always SR-LRU, 0: always CR-LFU) until the first regret, after
  // which the clamp applies; tests use them to work traces out by hand.
  explicit CacheusPolicy(double sr_lru_weight = 0.5, std::uint64_t seed = DEFAULT_SEED) : w_sr_(sr_lru_weight), rng_(seed) {
    if (!(sr_lru_weight >= 0 && sr_lru_weight <= 1))
      throw std::logic_error("CACHEUS: the initial SR-LRU weight must be from 0 to 1");
    learning_rate_ = random_learning_rate();
  }

  void reserve_slots(std::size_t capacity) {
    n_ = capacity;
    links_ = detail::SlotLinks(capacity);
    heap_ = detail::SlotHeap(capacity);
    rank_.assign(capacity, Rank{});
    state_.assign(capacity, State{});
    key_.assign(capacity, 0);
    sr_history_ = History(std::max<std::size_t>(1, capacity / 2));
    cr_history_ = History(std::max<std::size_t>(1, capacity / 2));
    r_limit_ = capacity - std::max<std::size_t>(1, (capacity + 50) / 100);
  }

  void on_lookup(Key) {
    if (clock_ != 0 && clock_ % n_ == 0)
      end_window();
    ++clock_;
  }

  void on_hit(Slot s, Key) {
    ++window_hits_;
    ++rank_[s].count;
    rank_[s].last = ++tick_;
    heap_.update(s, before());
    State& st = state_[s];
    st.fresh = 0;
    if (st.in_r) {
      links_.unlink(r_, s);
      links_.push_front(r_, s);
      return;
    }
    if (st.demoted) { // R was too small to keep it
      grow(r_limit_, max_r_limit(), ratio(fresh_in_history_, demoted_));
      st.demoted = 0;
      --demoted_;
    }
    links_.unlink(sr_, s);
    promote(s);
  }

  // Takes the regret, if `key` is in a history, and remembers how to store it for on_insert().
  bool admit(Key key, bool) {
    incoming_count_ = 1;
    incoming_returns_ = false;
    if (const auto g = sr_history_.take(key)) {
      if (g->fresh) { // SR was too small to keep it until its reuse
        --fresh_in_history_;
        shrink(r_limit_, min_r_limit(), ratio(demoted_, fresh_in_history_));
      }
      regret(true);
      incoming_count_ += g->count;
      incoming_returns_ = true;
    } else if (const auto h = cr_history_.take(key)) {
      regret(false);
      incoming_count_ += h->count;
      incoming_returns_ = true;
    }
    return true;
  }

  Slot victim(Key) {
    // SR is never empty here: R holds at most N - 1 entries (see on_insert and promote).
    assert(sr_.size > 0);
    const Slot by_sr_lru = sr_.back, by_cr_lfu = heap_.top();
    const bool sr_lru_chosen = rng_.uniform() < w_sr_;
    const Slot s = sr_lru_chosen ? by_sr_lru : by_cr_lfu;
    State& st = state_[s];
    if (by_sr_lru != by_cr_lfu && sr_lru_chosen) {
      assert(!sr_history_.contains(key_[s]));
      fresh_in_history_ += st.fresh;
      if (const auto dropped = sr_history_.add(key_[s], {rank_[s].count, st.fresh}))
        fresh_in_history_ -= dropped->payload.fresh;
    } else if (by_sr_lru != by_cr_lfu) {
      assert(!cr_history_.contains(key_[s]));
      cr_history_.add(key_[s], {rank_[s].count, 0});
    }
    links_.unlink(st.in_r ? r_ : sr_, s);
    demoted_ -= st.demoted;
    st = State{};
    // Rank (0, 0) sorts before every resident (counts are at least 1), taking s to the top.
    rank_[s] = Rank{};
    heap_.update(s, before());
    heap_.pop(before());
    return s;
  }

  void on_insert(Slot s, Key key) {
    key_[s] = key;
    rank_[s] = {incoming_count_, ++tick_};
    heap_.push(s, before());
    if (incoming_returns_) {
      state_[s] = State{};
      promote(s);
    } else {
      state_[s] = {0, 0, 1};
      links_.push_front(sr_, s);
    }
    incoming_count_ = 1;
    incoming_returns_ = false;
  }

  // For tests and reports.
  double sr_lru_weight() const { return w_sr_; }
  double cr_lfu_weight() const { return 1 - w_sr_; }
  double learning_rate() const { return learning_rate_; }
  std::size_t r_limit() const { return r_limit_; }
  std::size_t sr_size() const { return sr_.size; }
  std::size_t r_size() const { return r_.size; }
  std::size_t demoted_count() const { return demoted_; }
  std::size_t fresh_in_history() const { return fresh_in_history_; }
  std::size_t sr_lru_history_size() const { return sr_history_.size(); }
  std::size_t cr_lfu_history_size() const { return cr_history_.size(); }
  std::uint64_t count(Slot s) const { return rank_[s].count; }
  bool in_r(Slot s) const { return state_[s].in_r; }
  bool demoted(Slot s) const { return state_[s].demoted; }

private:
  struct Rank {
    std::uint64_t count = 0; // lookups since insertion, or since eviction for a returning key
    std::uint64_t last = 0;  // tick of the last hit or insertion
  };
  struct State {
    std::uint8_t in_r = 0;    // in R, else in SR
    std::uint8_t demoted = 0; // in SR after a demotion from R, not hit since
    std::uint8_t fresh = 0;   // entered SR as a first-time key, not hit since ("new")
  };
  struct Ghost {
    std::uint64_t count = 0;
    std::uint8_t fresh = 0; // was new when SR-LRU evicted it
  };
  using History = detail::HistoryList<Ghost>;

  // CR-LFU's order: the smaller count first, then the MOST recently touched.
  struct Before {
    const CacheusPolicy* p;
    bool operator()(Slot a, Slot b) const {
      const Rank &x = p->rank_[a], &y = p->rank_[b];
      return x.count != y.count ? x.count < y.count : x.last > y.last;
    }
  };
  Before before() const { return {this}; }

  std::size_t max_r_limit() const { return n_ - 1; }
  std::size_t min_r_limit() const { return std::min<std::size_t>(1, n_ - 1); }

  // round(a / max(1, b)), halves up, at least 1.
  static std::size_t ratio(std::size_t a, std::size_t b) {
    b = std::max<std::size_t>(1, b);
    return std::max<std::size_t>(1, (2 * a + b) / (2 * b));
  }
  static void grow(std::size_t& limit, std::size_t most, std::size_t by) { limit = limit + by < most ? limit + by : most; }
  static void shrink(std::size_t& limit, std::size_t least, std::size_t by) { limit = limit > least + by ? limit - by : least; }

  // Puts `s`, in no list, at the front of R and demotes R's least recent entries to the front of
  // SR until R is within r_limit. r_limit <= N - 1 keeps an entry in SR once the table is full.
  void promote(Slot s) {
    links_.push_front(r_, s);
    state_[s].in_r = 1;
    while (r_.size > r_limit_) {
      const Slot d = r_.back;
      links_.unlink(r_, d);
      links_.push_front(sr_, d);
      state_[d] = {0, 1, 0};
      ++demoted_;
    }
  }

  void regret(bool sr_lru_erred) {
    double w_sr = w_sr_, w_cr = 1 - w_sr_;
    (sr_lru_erred ? w_cr : w_sr) *= std::exp(learning_rate_);
    w_sr_ = std::clamp(w_sr / (w_sr + w_cr), MIN_WEIGHT, MAX_WEIGHT);
  }

  // The learning-rate update in the header comment, after every N lookups.
  void end_window() {
    const std::uint64_t hits = window_hits_;
    window_hits_ = 0;
    const double change = learning_rate_ - previous_learning_rate_;
    double next = learning_rate_;
    if (std::abs(change) >= MIN_LEARNING_RATE) {
      const bool helped = (hits > previous_hits_ && change > 0) || (hits < previous_hits_ && change < 0);
      const double step = std::abs(learning_rate_ * change);
      next = std::clamp(helped ? learning_rate_ + step : learning_rate_ - step, MIN_LEARNING_RATE, MAX_LEARNING_RATE);
      stale_windows_ = 0;
    } else if (hits > previous_hits_) {
      stale_windows_ = 0;
    } else if (++stale_windows_ >= RESTART_AFTER) {
      next = random_learning_rate();
      stale_windows_ = 0;
    }
    previous_learning_rate_ = learning_rate_;
    learning_rate_ = next;
    previous_hits_ = hits;
  }

  double random_learning_rate() { return MIN_LEARNING_RATE + (MAX_LEARNING_RATE - MIN_LEARNING_RATE) * rng_.uniform(); }

  std::size_t n_ = 0; // the capacity, also the window length
  detail::SlotLinks links_;
  detail::SlotList sr_, r_; // fronts: the most recent
  detail::SlotHeap heap_;   // top: CR-LFU's victim
  std::vector<Rank> rank_;
  std::vector<State> state_;
  std::vector<Key> key_; // per slot: its key, for the histories
  History sr_history_, cr_history_;
  std::size_t r_limit_ = 0;
  std::size_t demoted_ = 0;          // dm: demoted entries in SR
  std::size_t fresh_in_history_ = 0; // n: entries of SR-LRU's history that were new when evicted
  double w_sr_;
  detail::SplitMix64 rng_;
  double learning_rate_ = 0;
  double previous_learning_rate_ = 0;
  std::uint64_t window_hits_ = 0;
  std::uint64_t previous_hits_ = 0;
  std::uint64_t stale_windows_ = 0;
  std::uint64_t clock_ = 0; // lookups so far, the current one included
  std::uint64_t tick_ = 0;
  std::uint64_t incoming_count_ = 1; // the count of the key being stored, set by admit()
  bool incoming_returns_ = false;    // it returns from a history, set by admit()
};

} // namespace cache
