// WTinyLfuPolicy: W-TinyLFU (Einziger, Friedman and Manes, "TinyLFU: A Highly Efficient Cache
// Admission Policy", ACM Transactions on Storage, 2017), with the details of Caffeine where the
// paper leaves a choice. A small window LRU takes every newcomer; the rest of the table is a
// segmented LRU, a protected segment (80% of it) and a probation segment (the rest). A frequency
// sketch counts every lookup. When the table is full, the window's LRU entry (the candidate)
// must leave the window and competes with the probation segment's LRU entry (the incumbent): the
// one whose key has the higher sketch estimate stays, and on a tie the incumbent does, as in
// Caffeine. A winning candidate goes to the probation segment's MRU end. A hit in the window or
// in protected moves the entry to its segment's MRU end; a hit in probation moves it to
// protected's MRU end, and if protected is then over its size its LRU entry drops back to
// probation's MRU end. While the table fills, window overflow moves to probation unopposed.
//
// On the hooks: every newcomer is admitted (the window filters nothing), and victim() returns the
// slot that leaves, which is the candidate's (refused by the admission) or the incumbent's (the
// candidate then moves to probation); the newcomer takes that slot in the window.
//
// The sketch: count-min with 4 rows of counters capped at 15 (the paper's 4-bit counters, kept
// one per byte), estimate = the smallest of a key's 4 counters; row r's column is the low bits of
// SplitMix64's output for the key with r + 1 steps of its increment, a fixed function so runs
// repeat. The width is a power of two at least 4 x capacity and at least 64: with 10 to 40 keys
// resident and a few times more in play, a key's estimate is then rarely raised by collisions in
// all 4 rows. Every lookup adds 1 to each of the key's counters that is below 15 and counts one
// addition; after W = 10 x capacity additions every counter and the addition count are halved
// (rounding down), the paper's reset, so the sketch forgets with a half-life of about 5 tables'
// worth of lookups. No doorkeeper (the paper's optional Bloom filter in front of the sketch,
// which saves space on large caches and nothing on these).
//
// Sizes: the window is 1% of the capacity, at least 1 (so 1 entry for 10 to 40 entries: the
// paper's and Caffeine's starting point; Caffeine then tunes it by hill climbing, which this
// fixed rule does not), protected is 80% of the rest rounded down and kept below the rest, so
// that probation is never empty once the table is full. Not done: Caffeine's random admission of
// a losing candidate whose estimate is above 5 (a defence against hash flooding).
//
// Costs: O(1) per lookup plus 4 sketch counters, and one pass over the sketch per reset (O(1)
// amortised, since resets are W / 2 lookups apart); per slot 8 bytes of links, a key and a tag,
// plus 16 to 32 bytes of sketch.
#pragma once

#include "cache/detail/hash.h"
#include "cache/detail/slot_list.h"
#include "cache/key.h"

#include <algorithm>
#include <cassert>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace cache {

class WTinyLfuPolicy {
public:
  static constexpr const char* NAME = "w-tinylfu";
  static constexpr std::size_t ROWS = 4;
  static constexpr std::uint8_t MAX_COUNT = 15;

  // Window at 1% of the capacity (at least 1), protected at 80% of the rest, W = 10 x capacity.
  WTinyLfuPolicy() = default;
  // A window of `window_size` entries (clamped to 1..capacity), a protected segment of
  // `protected_size` (clamped below the rest, 0 when the window is everything), and a reset
  // every `sample_size` additions (0: 10 x capacity).
  WTinyLfuPolicy(std::size_t window_size, std::size_t protected_size, std::uint64_t sample_size = 0)
      : explicit_sizes_(true), window_request_(window_size), protected_request_(protected_size), sample_request_(sample_size) {}

  void reserve_slots(std::size_t capacity) {
    window_target_ = std::clamp<std::size_t>(explicit_sizes_ ? window_request_ : capacity / 100, 1, capacity);
    main_target_ = capacity - window_target_;
    protected_target_ = explicit_sizes_ ? protected_request_ : main_target_ * 8 / 10;
    protected_target_ = main_target_ == 0 ? 0 : std::min(protected_target_, main_target_ - 1);
    sample_size_ = sample_request_ != 0 ? sample_request_ : 10 * std::uint64_t(capacity);
    width_ = detail::next_pow2(std::max<std::size_t>(64, 4 * capacity));
    sketch_.assign(ROWS * width_, 0);
    additions_ = 0;
    links_ = detail::SlotLinks(capacity);
    segment_.assign(capacity, WINDOW);
    key_.assign(capacity, 0);
    window_ = probation_ = protected_ = {};
  }

  void on_lookup(Key key) {
    for (std::size_t r = 0; r < ROWS; ++r) {
      std::uint8_t& counter = sketch_[r * width_ + column(key, r, width_)];
      if (counter < MAX_COUNT)
        ++counter;
    }
    if (++additions_ >= sample_size_)
      halve();
  }

  void on_hit(Slot s, Key) {
    switch (segment_[s]) {
    case WINDOW:
      links_.unlink(window_, s);
      links_.push_front(window_, s);
      break;
    case PROTECTED:
      links_.unlink(protected_, s);
      links_.push_front(protected_, s);
      break;
    case PROBATION:
      links_.unlink(probation_, s);
      links_.push_front(protected_, s);
      segment_[s] = PROTECTED;
      if (protected_.size > protected_target_) {
        const Slot d = protected_.back;
        links_.unlink(protected_, d);
        links_.push_front(probation_, d);
        segment_[d] = PROBATION;
      }
      break;
    }
  }

  bool admit(Key, bool) const { return true; }

  Slot victim(Key) {
    const Slot candidate = window_.back;
    links_.unlink(window_, candidate);
    if (main_target_ == 0) // the window is the whole table: plain LRU
      return candidate;
    // The table is full, so the window holds its size and main its size, of which protected
    // holds less: probation is not empty.
    assert(probation_.size > 0);
    const Slot incumbent = probation_.back;
    if (estimate(key_[candidate]) <= estimate(key_[incumbent]))
      return candidate; // refused: ties keep the incumbent
    links_.unlink(probation_, incumbent);
    links_.push_front(probation_, candidate);
    segment_[candidate] = PROBATION;
    return incumbent;
  }

  void on_insert(Slot s, Key key) {
    key_[s] = key;
    segment_[s] = WINDOW;
    links_.push_front(window_, s);
    if (window_.size > window_target_) { // only while the table fills: main has room
      const Slot moved = window_.back;
      links_.unlink(window_, moved);
      links_.push_front(probation_, moved);
      segment_[moved] = PROBATION;
    }
  }

  // The sketch's estimate of how often `key` was looked up lately (0 to 15).
  unsigned estimate(Key key) const {
    std::uint8_t least = MAX_COUNT;
    for (std::size_t r = 0; r < ROWS; ++r)
      least = std::min(least, sketch_[r * width_ + column(key, r, width_)]);
    return least;
  }

  // Row r's column of `key` in a sketch `width` wide (a power of two): part of the rule's
  // definition, public so that tests can check it.
  static std::size_t column(Key key, std::size_t r, std::size_t width) {
    std::uint64_t z = key + (r + 1) * 0x9e3779b97f4a7c15ULL;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return std::size_t(z ^ (z >> 31)) & (width - 1);
  }

  // For tests: segment sizes and targets, the sketch's shape, and a slot's segment.
  std::size_t window_size() const { return window_.size; }
  std::size_t probation_size() const { return probation_.size; }
  std::size_t protected_size() const { return protected_.size; }
  std::size_t window_target() const { return window_target_; }
  std::size_t protected_target() const { return protected_target_; }
  std::uint64_t sample_size() const { return sample_size_; }
  std::size_t sketch_width() const { return width_; }
  bool in_window(Slot s) const { return segment_[s] == WINDOW; }
  bool in_protected(Slot s) const { return segment_[s] == PROTECTED; }

private:
  enum Segment : std::uint8_t { WINDOW, PROBATION, PROTECTED };

  void halve() {
    for (std::uint8_t& counter : sketch_)
      counter >>= 1;
    additions_ /= 2;
  }

  bool explicit_sizes_ = false;
  std::size_t window_request_ = 0, protected_request_ = 0;
  std::uint64_t sample_request_ = 0; // 0: 10 x capacity
  std::size_t window_target_ = 1;
  std::size_t protected_target_ = 0;
  std::size_t main_target_ = 0;
  std::uint64_t sample_size_ = 0;
  std::size_t width_ = 64;
  std::vector<std::uint8_t> sketch_; // ROWS rows of width_ counters
  std::uint64_t additions_ = 0;
  detail::SlotLinks links_;
  detail::SlotList window_, probation_, protected_; // front: most recently used
  std::vector<Segment> segment_;
  std::vector<Key> key_;
};

} // namespace cache
