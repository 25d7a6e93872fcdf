// ArcPolicy: ARC, the Adaptive Replacement Cache of Megiddo and Modha ("ARC: a self-tuning, low
// overhead replacement cache", FAST 2003, Fig. 4), as the reference self-tuning rule. Residents
// are split into T1 (seen once recently) and T2 (seen at least twice), each an LRU list; ghosts of
// keys evicted from them are kept in B1 and B2 (keys only, at most `capacity` in all). A miss that
// hits a ghost in B1 moves the target size p of T1 up by max(1, |B2|/|B1|), one in B2 moves it down
// by max(1, |B1|/|B2|), both in integer division and clamped to [0, capacity]; REPLACE then evicts
// from T1 when |T1| > p (or = p on a B2 hit), else from T2. O(1) per lookup; about 60 bytes per
// slot with the ghost index.
#pragma once

#include "cache/detail/key_index.h"
#include "cache/detail/slot_list.h"
#include "cache/key.h"

#include <algorithm>
#include <cassert>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace cache {

class ArcPolicy {
public:
  static constexpr const char* NAME = "arc";

  void reserve_slots(std::size_t capacity) {
    c_ = capacity;
    links_ = detail::SlotLinks(capacity);
    in_t2_.assign(capacity, 0);
    key_.assign(capacity, 0);
    // Ghosts number at most c, plus one for a moment while REPLACE adds a ghost before the
    // returning key's ghost is removed in on_insert.
    ghost_links_ = detail::SlotLinks(capacity + 1);
    ghost_key_.assign(capacity + 1, 0);
    ghost_in_b2_.assign(capacity + 1, 0);
    ghost_index_ = detail::KeyIndex(capacity + 1);
    free_ghosts_.clear();
    for (std::size_t g = capacity + 1; g-- > 0;)
      free_ghosts_.push_back(Slot(g));
  }

  void on_lookup(Key) {}

  // Case I: a hit moves the entry to the front of T2.
  void on_hit(Slot s, Key) {
    links_.unlink(in_t2_[s] ? t2_ : t1_, s);
    links_.push_front(t2_, s);
    in_t2_[s] = 1;
  }

  bool admit(Key, bool) const { return true; }

  Slot victim(Key key) {
    const Slot g = ghost_index_.find(key);
    if (g != NO_SLOT && !ghost_in_b2_[g]) { // case II: a ghost in B1, T1 was too small
      const std::size_t delta = b1_.size >= b2_.size ? 1 : b2_.size / b1_.size;
      p_ = std::min(p_ + delta, c_);
      return replace(false);
    }
    if (g != NO_SLOT) { // case III: a ghost in B2, T2 was too small
      const std::size_t delta = b2_.size >= b1_.size ? 1 : b1_.size / b2_.size;
      p_ = p_ > delta ? p_ - delta : 0;
      return replace(true);
    }
    // Case IV: a key in no list (the cache is full).
    if (t1_.size + b1_.size == c_) { // case IV.A
      if (t1_.size < c_) {
        drop_ghost(b1_.back);
        return replace(false);
      }
      const Slot s = t1_.back; // T1 fills the cache and B1 is empty: evict without a ghost
      links_.unlink(t1_, s);
      return s;
    }
    // Case IV.B: |T1| + |B1| < c.
    if (t1_.size + t2_.size + b1_.size + b2_.size == 2 * c_)
      drop_ghost(b2_.back);
    return replace(false);
  }

  // A returning ghost goes to the front of T2, anything else to the front of T1.
  void on_insert(Slot s, Key key) {
    key_[s] = key;
    if (const Slot g = ghost_index_.find(key); g != NO_SLOT) {
      drop_ghost(g);
      links_.push_front(t2_, s);
      in_t2_[s] = 1;
    } else {
      links_.push_front(t1_, s);
      in_t2_[s] = 0;
    }
  }

  // For tests: the target size of T1 and the list sizes.
  std::size_t target_t1() const { return p_; }
  std::size_t t1_size() const { return t1_.size; }
  std::size_t t2_size() const { return t2_.size; }
  std::size_t b1_size() const { return b1_.size; }
  std::size_t b2_size() const { return b2_.size; }

private:
  // REPLACE(x, p): evict the LRU entry of T1 into B1 if |T1| exceeds its target (or meets it when
  // x came from B2), else the LRU entry of T2 into B2.
  Slot replace(bool hit_in_b2) {
    const bool from_t1 = t1_.size >= 1 && ((hit_in_b2 && t1_.size == p_) || t1_.size > p_);
    detail::SlotList& from = from_t1 ? t1_ : t2_;
    assert(from.size > 0);
    const Slot s = from.back;
    links_.unlink(from, s);
    add_ghost(key_[s], !from_t1);
    return s;
  }

  void add_ghost(Key key, bool in_b2) {
    assert(!free_ghosts_.empty());
    const Slot g = free_ghosts_.back();
    free_ghosts_.pop_back();
    ghost_key_[g] = key;
    ghost_in_b2_[g] = in_b2;
    ghost_links_.push_front(in_b2 ? b2_ : b1_, g);
    ghost_index_.insert(key, g);
  }

  void drop_ghost(Slot g) {
    ghost_links_.unlink(ghost_in_b2_[g] ? b2_ : b1_, g);
    ghost_index_.erase(ghost_key_[g]);
    free_ghosts_.push_back(g);
  }

  std::size_t c_ = 0;
  std::size_t p_ = 0; // target size of T1
  detail::SlotLinks links_;
  detail::SlotList t1_, t2_;
  std::vector<std::uint8_t> in_t2_;
  std::vector<Key> key_;
  detail::SlotLinks ghost_links_;
  detail::SlotList b1_, b2_;
  std::vector<Key> ghost_key_;
  std::vector<std::uint8_t> ghost_in_b2_;
  detail::KeyIndex ghost_index_;
  std::vector<Slot> free_ghosts_;
};

} // namespace cache
