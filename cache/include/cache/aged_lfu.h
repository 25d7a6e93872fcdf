// AgedLfuPolicy: LFU (lfu.h) whose counts are all halved, rounding down, after every H lookups
// (H, the half-life, counts lookups of the cache, hits and misses alike). An entry's count is then
// a sum of its uses weighted by 2^-(halvings since the use), so its standing is dominated by its
// last few half-lives of use. Halving costs O(capacity) once per H lookups. Limits, both exact on
// every trace:
//   H = 1    all resident counts are 0 at every eviction (each count is at most 1 after a lookup
//            and is floor-halved before the next), so the LRU tie-break alone decides: this is LRU.
//            (Were ties broken by insertion order it would be FIFO instead.)
//   H >= the trace length: no halving ever happens, which is LFU.
#pragma once

#include "cache/key.h"
#include "cache/lfu.h"

#include <cstddef>
#include <cstdint>
#include <limits>
#include <stdexcept>

namespace cache {

class AgedLfuPolicy {
public:
  static constexpr const char* NAME = "aged-lfu";
  // A half-life that never elapses.
  static constexpr std::uint64_t NEVER = std::numeric_limits<std::uint64_t>::max();

  // Throws std::logic_error on a half-life of 0.
  explicit AgedLfuPolicy(std::uint64_t half_life = NEVER) { set_half_life(half_life); }

  void reserve_slots(std::size_t capacity) { lfu_.reserve_slots(capacity); }
  void on_lookup(Key key) {
    // Halve before lookups H, 2H, 3H, ... (0-based), i.e. after every H completed lookups. After a
    // change of H the next halving comes once H lookups have passed since the previous one.
    if (since_halving_ >= half_life_) {
      lfu_.halve_counts();
      since_halving_ = 0;
      ++halvings_;
    }
    ++since_halving_;
    lfu_.on_lookup(key);
  }
  void on_hit(Slot s, Key key) { lfu_.on_hit(s, key); }
  bool admit(Key key, bool full) const { return lfu_.admit(key, full); }
  Slot victim(Key key) { return lfu_.victim(key); }
  void on_insert(Slot s, Key key) { lfu_.on_insert(s, key); }
  void insert_with_count(Slot s, std::uint64_t count) { lfu_.insert_with_count(s, count); }
  void hit_with_count(Slot s, std::uint64_t count) { lfu_.hit_with_count(s, count); }

  std::uint64_t half_life() const { return half_life_; }
  void set_half_life(std::uint64_t half_life) {
    if (half_life == 0)
      throw std::logic_error("aged LFU: the half-life must be at least one lookup");
    half_life_ = half_life;
  }
  std::uint64_t count(Slot s) const { return lfu_.count(s); }
  void set_count(Slot s, std::uint64_t count) { lfu_.set_count(s, count); }
  void restore_order() { lfu_.restore_order(); }
  // Lookups since the last halving: the phase of the halving schedule.
  std::uint64_t since_halving() const { return since_halving_; }
  void set_since_halving(std::uint64_t lookups) { since_halving_ = lookups; }
  // Halvings so far: a count stored at halvings() = k is worth count >> (halvings() - k) now.
  std::uint64_t halvings() const { return halvings_; }

private:
  LfuPolicy lfu_;
  std::uint64_t half_life_ = NEVER;
  std::uint64_t since_halving_ = 0; // lookups since the last halving
  std::uint64_t halvings_ = 0;
};

} // namespace cache
