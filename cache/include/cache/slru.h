// SlruPolicy: segmented LRU (Karedla, Love and Wherry, "Caching strategies to improve disk system
// performance", IEEE Computer, 1994). Residents are split into a probationary and a protected
// segment, each an LRU list. A miss enters at the front of probationary; a hit in probationary
// moves the entry to the front of protected, and if protected now holds more than its limit, its
// LRU entry is demoted to the front of probationary (a last chance, not an eviction); a hit in
// protected moves the entry to its front. The victim is the LRU entry of probationary, or of
// protected if probationary is empty. So an entry seen once can never push out one seen twice, and
// a scan of new keys only churns probationary. O(1) per lookup, 9 bytes per slot.
#pragma once

#include "cache/detail/slot_list.h"
#include "cache/key.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace cache {

class SlruPolicy {
public:
  static constexpr const char* NAME = "slru";

  // The protected segment's share of the capacity, in percent. The paper leaves the split as a
  // parameter to tune per workload; 80% is the usual choice (the main region of W-TinyLFU,
  // Einziger, Friedman and Manes, ACM TOS 2017, is an SLRU split this way), on the reasoning that
  // entries with a proven reuse deserve most of the room, while probationary only has to hold a
  // new entry long enough for its second reference to arrive.
  static constexpr std::size_t PROTECTED_PERCENT = 80;

  // floor(80% of capacity): at least 1 for every capacity >= 2, so a hit can always be promoted.
  // With capacity 1 it is 0, and a promoted entry is demoted straight back, which leaves the one
  // entry where it was: a one-entry cache behaves the same under every rule.
  static constexpr std::size_t protected_capacity(std::size_t capacity) { return capacity * PROTECTED_PERCENT / 100; }

  void reserve_slots(std::size_t capacity) {
    links_ = detail::SlotLinks(capacity);
    probationary_ = {};
    protected_ = {};
    is_protected_.assign(capacity, 0);
    protected_limit_ = protected_capacity(capacity);
  }

  void on_lookup(Key) {}

  void on_hit(Slot s, Key) {
    if (is_protected_[s]) {
      links_.unlink(protected_, s);
      links_.push_front(protected_, s);
      return;
    }
    links_.unlink(probationary_, s);
    links_.push_front(protected_, s);
    is_protected_[s] = 1;
    if (protected_.size > protected_limit_) {
      const Slot d = protected_.back;
      links_.unlink(protected_, d);
      links_.push_front(probationary_, d);
      is_protected_[d] = 0;
    }
  }

  bool admit(Key, bool) const { return true; }

  // Protected holds at most 80% of the slots, so a full cache always has a probationary entry;
  // the fallback to protected only keeps the rule total.
  Slot victim(Key) {
    detail::SlotList& from = probationary_.size > 0 ? probationary_ : protected_;
    const Slot s = from.back;
    links_.unlink(from, s);
    return s;
  }

  void on_insert(Slot s, Key) {
    links_.push_front(probationary_, s);
    is_protected_[s] = 0;
  }

  // For tests: the segment sizes.
  std::size_t probationary_size() const { return probationary_.size; }
  std::size_t protected_size() const { return protected_.size; }

private:
  detail::SlotLinks links_;
  detail::SlotList probationary_; // front: most recently used
  detail::SlotList protected_;    // front: most recently used; at most protected_limit_ entries
  std::vector<std::uint8_t> is_protected_;
  std::size_t protected_limit_ = 0;
};

} // namespace cache
