// LecarPolicy: LeCaR, "learning cache replacement", of Vietri, Rodriguez, Martinez, Lyons, Liu,
// Rangaswami, Zhao and Narasimhan ("Driving cache replacement with ML-based LeCaR", HotStorage
// 2018). Two experts rank the same residents: LRU, and LFU with ties to the least recently used.
// Every eviction asks one of them for its victim, chosen at random with probabilities w_LRU and
// w_LFU = 1 - w_LRU (both 0.5 at first), and the victim's key goes into that expert's history, a
// first-in first-out list of at most N keys (N the capacity) with their eviction times. A miss on
// a key still in a history is a regretted eviction and shifts weight away from the expert that
// made it, by regret minimisation: with t the lookup clock now and t_e that of the eviction,
//   r = d^(t - t_e)                               (recent mistakes weigh more)
//   w_other *= exp(lambda * r)                    (the expert that did not evict the key)
//   w_LRU = w_LRU / (w_LRU + w_LFU), w_LFU = 1 - w_LRU
//   w_LRU = clamp(w_LRU, 0.01, 0.99)
// with the paper's learning rate lambda = 0.45 and discount d = 0.005^(1/N), so a mistake noticed
// N lookups late counts 0.005 of one noticed at once. The first three lines are the paper's
// update (multiplying the other weight up and renormalising is the same as multiplying the
// erring one down by exp(-lambda * r)); the clamp is not in the paper's text but in the authors'
// implementation: without it a run of one-sided regrets can drive a weight towards 0, which its
// expert then needs as many regrets to climb back from, so the rule stops adapting.
//
// Choices the paper leaves open, as the authors' implementation settles them:
//   - When both experts name the same victim it is evicted into neither history: neither expert
//     can be blamed over the other. A random number is drawn on every eviction all the same, so
//     the generator's stream depends only on the number of evictions.
//   - A key returning from either history comes back with its count at eviction plus one (the
//     returning lookup); any other newcomer starts at one.
//   - The clock t counts lookups, hits and misses alike; regrets are taken when the returning key
//     is stored (admit()), before the eviction it causes, so that eviction already uses the new
//     weights.
// Randomness comes from a SplitMix64 generator with a fixed default seed, so runs are
// reproducible and a copied policy makes the same choices as the original.
//
// Cost: O(log capacity) per hit and per eviction (an intrusive LRU list and an indexed heap for
// LFU), O(1) per history lookup; about 40 bytes per slot and 80 per history entry.
#pragma once

#include "cache/detail/history_list.h"
#include "cache/detail/slot_heap.h"
#include "cache/detail/slot_list.h"
#include "cache/detail/splitmix64.h"
#include "cache/key.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <vector>

namespace cache {

class LecarPolicy {
public:
  static constexpr const char* NAME = "lecar";
  static constexpr double LEARNING_RATE = 0.45;
  static constexpr double DISCOUNT_BASE = 0.005; // d = DISCOUNT_BASE^(1/N)
  static constexpr double MIN_WEIGHT = 0.01;     // the clamp after every update
  static constexpr double MAX_WEIGHT = 0.99;
  static constexpr std::uint64_t DEFAULT_SEED = 0x1ec4a7;

  // lru_weight: the initial w_LRU, from 0 to 1 (throws std::logic_error otherwise). The extremes
  // pin the choice (1: always LRU, 0: always LFU) until the first regret, after which the clamp
  // applies; tests use them to work traces out by hand.
  explicit LecarPolicy(double lru_weight = 0.5, std::uint64_t seed = DEFAULT_SEED) : w_lru_(lru_weight), rng_(seed) {
    if (!(lru_weight >= 0 && lru_weight <= 1))
      throw std::logic_error("LeCaR: the initial LRU weight must be from 0 to 1");
  }

  void reserve_slots(std::size_t capacity) {
    links_ = detail::SlotLinks(capacity);
    heap_ = detail::SlotHeap(capacity);
    rank_.assign(capacity, Rank{});
    key_.assign(capacity, 0);
    lru_history_ = History(capacity);
    lfu_history_ = History(capacity);
    discount_ = std::pow(DISCOUNT_BASE, 1.0 / double(capacity));
  }

  void on_lookup(Key) { ++clock_; }

  void on_hit(Slot s, Key) {
    ++rank_[s].count;
    rank_[s].last = ++tick_;
    heap_.update(s, before());
    links_.unlink(recency_, s);
    links_.push_front(recency_, s);
  }

  // Takes the regret, if `key` is in a history, and remembers its count for on_insert().
  bool admit(Key key, bool) {
    incoming_count_ = 1;
    if (const auto g = lru_history_.take(key)) {
      regret(true, g->evicted_at);
      incoming_count_ += g->count;
    } else if (const auto h = lfu_history_.take(key)) {
      regret(false, h->evicted_at);
      incoming_count_ += h->count;
    }
    return true;
  }

  Slot victim(Key) {
    const Slot by_lru = recency_.back, by_lfu = heap_.top();
    const bool lru_chosen = rng_.uniform() < w_lru_;
    const Slot s = lru_chosen ? by_lru : by_lfu;
    if (by_lru != by_lfu)
      (lru_chosen ? lru_history_ : lfu_history_).add(key_[s], {rank_[s].count, clock_});
    links_.unlink(recency_, s);
    // Rank (0, 0) sorts before every resident (counts are at least 1), taking s to the top.
    rank_[s] = Rank{};
    heap_.update(s, before());
    heap_.pop(before());
    return s;
  }

  void on_insert(Slot s, Key key) {
    key_[s] = key;
    rank_[s] = {incoming_count_, ++tick_};
    incoming_count_ = 1;
    heap_.push(s, before());
    links_.push_front(recency_, s);
  }

  // For tests and reports.
  double lru_weight() const { return w_lru_; }
  double lfu_weight() const { return 1 - w_lru_; }
  double discount() const { return discount_; }
  std::uint64_t count(Slot s) const { return rank_[s].count; }
  std::size_t lru_history_size() const { return lru_history_.size(); }
  std::size_t lfu_history_size() const { return lfu_history_.size(); }

private:
  struct Rank {
    std::uint64_t count = 0; // lookups since insertion, or since eviction for a returning key
    std::uint64_t last = 0;  // tick of the last hit or insertion
  };
  struct Ghost {
    std::uint64_t count = 0;
    std::uint64_t evicted_at = 0; // the lookup clock at the eviction
  };
  using History = detail::HistoryList<Ghost>;

  // LFU's order: the smaller count first, then the least recently touched.
  struct Before {
    const LecarPolicy* p;
    bool operator()(Slot a, Slot b) const {
      const Rank &x = p->rank_[a], &y = p->rank_[b];
      return x.count != y.count ? x.count < y.count : x.last < y.last;
    }
  };
  Before before() const { return {this}; }

  // The update in the header comment, for a key that `lru_erred` (else LFU) evicted at `evicted_at`.
  void regret(bool lru_erred, std::uint64_t evicted_at) {
    const double r = std::pow(discount_, double(clock_ - evicted_at));
    double w_lru = w_lru_, w_lfu = 1 - w_lru_;
    (lru_erred ? w_lfu : w_lru) *= std::exp(LEARNING_RATE * r);
    w_lru_ = std::clamp(w_lru / (w_lru + w_lfu), MIN_WEIGHT, MAX_WEIGHT);
  }

  detail::SlotLinks links_;
  detail::SlotList recency_; // front: the most recently used; back: LRU's victim
  detail::SlotHeap heap_;    // top: LFU's victim
  std::vector<Rank> rank_;
  std::vector<Key> key_; // per slot: its key, for the history
  History lru_history_, lfu_history_;
  double w_lru_;
  double discount_ = 1;
  detail::SplitMix64 rng_;
  std::uint64_t clock_ = 0; // lookups so far, the current one included
  std::uint64_t tick_ = 0;
  std::uint64_t incoming_count_ = 1; // the count of the key being stored, set by admit()
};

} // namespace cache
