// BeladyPolicy: Belady's offline optimum, MIN (Belady, "A study of replacement algorithms for a
// virtual-storage computer", 1966): on a miss in a full cache it evicts the resident whose next
// use is farthest away (never used again counts as farthest). The future is a Future built from
// the whole recorded trace: for every lookup, the index of the next lookup of the same key (one
// backward pass), plus a sorted (key, index) list for the rare query out of trace order. Without
// bypass every miss is stored (the classic MIN); with bypass a missed key whose next use is no
// nearer than every resident's is not stored, the true optimum of hits when storing is optional.
// Residents sit in a heap keyed by next use: O(log capacity) per lookup. The cache must be
// driven by the same trace, in order.
#pragma once

#include "cache/detail/slot_heap.h"
#include "cache/key.h"

#include <cstddef>
#include <cstdint>
#include <limits>
#include <memory>
#include <span>
#include <utility>
#include <vector>

namespace cache {

class Future {
public:
  // The next use of a key that is never looked up again.
  static constexpr std::uint64_t NEVER_AGAIN = std::numeric_limits<std::uint64_t>::max();

  // Throws std::logic_error for a trace of 2^32 - 1 lookups or more.
  explicit Future(std::span<const Key> trace);

  // The index of the first lookup of `key` at index `from` or later, or NEVER_AGAIN. O(1) when the
  // lookup just before `from` was of `key` (the usual query), O(log n) otherwise.
  std::uint64_t next_use(Key key, std::uint64_t from) const {
    if (from >= 1 && from - 1 < trace_.size() && trace_[from - 1] == key)
      return next_[from - 1] == NONE ? NEVER_AGAIN : next_[from - 1];
    return next_use_slow(key, from);
  }

  std::size_t size() const { return trace_.size(); }

private:
  static constexpr std::uint32_t NONE = std::numeric_limits<std::uint32_t>::max();

  std::uint64_t next_use_slow(Key key, std::uint64_t from) const;

  std::vector<Key> trace_;
  std::vector<std::uint32_t> next_;                        // next_[i]: next index of trace_[i], or NONE
  std::vector<std::pair<Key, std::uint32_t>> occurrences_; // sorted (key, index)
};

enum class Bypass : bool { no, yes };

class BeladyPolicy {
public:
  static constexpr const char* NAME = "belady";

  BeladyPolicy(std::shared_ptr<const Future> future, Bypass bypass) : future_(std::move(future)), bypass_(bypass == Bypass::yes) {}

  void reserve_slots(std::size_t capacity) {
    heap_ = detail::SlotHeap(capacity);
    next_.assign(capacity, 0);
  }
  void on_lookup(Key) { ++clock_; }
  void on_hit(Slot s, Key key) {
    next_[s] = upcoming(key);
    heap_.update(s, before());
  }
  // With bypass, a key is stored only if it comes back before some resident does.
  bool admit(Key key, bool full) const { return !bypass_ || !full || upcoming(key) < next_[heap_.top()]; }
  Slot victim(Key) { return heap_.pop(before()); }
  void on_insert(Slot s, Key key) {
    next_[s] = upcoming(key);
    heap_.push(s, before());
  }

  bool bypasses() const { return bypass_; }

private:
  // The next use of `key` after the latest lookup (clock_ lookups have been made).
  std::uint64_t upcoming(Key key) const { return future_->next_use(key, clock_); }
  // Heap order: the farthest next use first.
  struct Before {
    const BeladyPolicy* p;
    bool operator()(Slot a, Slot b) const { return p->next_[a] > p->next_[b]; }
  };
  Before before() const { return {this}; }

  std::shared_ptr<const Future> future_;
  bool bypass_;
  std::uint64_t clock_ = 0; // lookups made so far
  detail::SlotHeap heap_;   // top: farthest next use
  std::vector<std::uint64_t> next_;
};

} // namespace cache
