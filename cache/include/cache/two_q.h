// TwoQPolicy: the full 2Q of Johnson and Shasha ("2Q: a low overhead high performance buffer
// management replacement algorithm", VLDB 1994). Residents are split into A1in, a FIFO of keys
// seen once recently, and Am, an LRU list of keys seen again after leaving A1in; A1out is a FIFO
// of ghosts, the keys (no values) most recently evicted from A1in. A miss on a ghost goes to the
// front of Am, any other miss to the new end of A1in; a hit in Am moves the entry to its front,
// and a hit in A1in does nothing, since a quick re-reference is taken as correlated with the
// first, not as evidence of reuse. To make room (the paper's reclaimfor): if |A1in| > Kin, evict
// A1in's oldest and add its key to A1out, dropping A1out's oldest beyond Kout; else evict Am's
// LRU entry, with no ghost. O(1) per lookup (a miss probes the ghost index once or twice), about
// 50 bytes per slot with the ghosts and their index.
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

class TwoQPolicy {
public:
  static constexpr const char* NAME = "2q";

  // Kin and Kout as percentages of the capacity, the values the paper recommends after its
  // experiments: A1in a quarter of the slots, A1out as many ghosts as half the slots.
  static constexpr std::size_t KIN_PERCENT = 25;
  static constexpr std::size_t KOUT_PERCENT = 50;

  // Both rounded to nearest, halves up. Kin is at least 1 so that one entry can wait in A1in for
  // its second reference; Kout is at least 1 for every capacity >= 1.
  static constexpr std::size_t kin(std::size_t capacity) { return std::max<std::size_t>(1, (capacity * KIN_PERCENT + 50) / 100); }
  static constexpr std::size_t kout(std::size_t capacity) { return (capacity * KOUT_PERCENT + 50) / 100; }

  void reserve_slots(std::size_t capacity) {
    kin_ = kin(capacity);
    kout_ = kout(capacity);
    links_ = detail::SlotLinks(capacity);
    a1in_ = {};
    am_ = {};
    in_am_.assign(capacity, 0);
    key_.assign(capacity, 0);
    ghost_links_ = detail::SlotLinks(kout_);
    a1out_ = {};
    ghost_key_.assign(kout_, 0);
    ghost_index_ = detail::KeyIndex(kout_);
    free_ghosts_ = {};
    for (std::size_t g = 0; g < kout_; ++g)
      ghost_links_.push_front(free_ghosts_, Slot(g));
    returning_ = false;
  }

  void on_lookup(Key) {}

  void on_hit(Slot s, Key) {
    if (!in_am_[s])
      return;
    links_.unlink(am_, s);
    links_.push_front(am_, s);
  }

  bool admit(Key, bool) const { return true; }

  Slot victim(Key key) {
    // The paper looks the newcomer up in A1out before making room, so its ghost is taken out
    // first and the ghost added below cannot push it off A1out's old end. (The pseudo-code leaves
    // the removal implicit; here a key is in at most one of the three queues.)
    returning_ = take_ghost(key);
    // With capacity 1, Kin = 1 = capacity, so A1in may hold the only resident while |A1in| = Kin
    // and Am is empty; evicting from A1in then is the only choice.
    if (a1in_.size > kin_ || am_.size == 0) {
      const Slot s = a1in_.back;
      links_.unlink(a1in_, s);
      add_ghost(key_[s]);
      return s;
    }
    const Slot s = am_.back;
    links_.unlink(am_, s);
    return s;
  }

  // After victim(), the newcomer's ghost (if any) is already taken; a free slot probes for it here.
  void on_insert(Slot s, Key key) {
    const bool to_am = returning_ || take_ghost(key);
    returning_ = false;
    key_[s] = key;
    in_am_[s] = to_am;
    links_.push_front(to_am ? am_ : a1in_, s);
  }

  // For tests: the queue sizes, the limits in use, and whether `key` is a ghost in A1out.
  std::size_t a1in_size() const { return a1in_.size; }
  std::size_t am_size() const { return am_.size; }
  std::size_t a1out_size() const { return a1out_.size; }
  std::size_t kin_limit() const { return kin_; }
  std::size_t kout_limit() const { return kout_; }
  bool is_ghost(Key key) const { return ghost_index_.find(key) != NO_SLOT; }

private:
  // Adds `key` at A1out's new end, first dropping its oldest ghost if A1out holds Kout already
  // (the paper adds, then drops beyond Kout; the result is the same and needs no spare node).
  void add_ghost(Key key) {
    assert(ghost_index_.find(key) == NO_SLOT); // a resident key is never a ghost
    if (a1out_.size == kout_)
      drop_ghost(a1out_.back);
    const Slot g = free_ghosts_.front;
    ghost_links_.unlink(free_ghosts_, g);
    ghost_key_[g] = key;
    ghost_links_.push_front(a1out_, g);
    ghost_index_.insert(key, g);
  }

  // Whether `key` was a ghost; it no longer is.
  bool take_ghost(Key key) {
    const Slot g = ghost_index_.find(key);
    if (g == NO_SLOT)
      return false;
    drop_ghost(g);
    return true;
  }

  void drop_ghost(Slot g) {
    ghost_links_.unlink(a1out_, g);
    ghost_index_.erase(ghost_key_[g]);
    ghost_links_.push_front(free_ghosts_, g);
  }

  std::size_t kin_ = 1;
  std::size_t kout_ = 0;
  detail::SlotLinks links_;
  detail::SlotList a1in_; // front: newest insertion
  detail::SlotList am_;   // front: most recently used
  std::vector<std::uint8_t> in_am_;
  std::vector<Key> key_; // per slot: its key, which becomes a ghost when A1in evicts it
  // Kout ghost nodes, each either in A1out or free. The free ones are a list too, not a vector
  // used as a stack, so that a copied policy (whose vectors keep only their size) never allocates.
  detail::SlotLinks ghost_links_;
  detail::SlotList a1out_; // front: newest ghost; at most kout_ of them
  detail::SlotList free_ghosts_;
  std::vector<Key> ghost_key_;
  detail::KeyIndex ghost_index_; // ghost key -> its node in ghost_links_
  bool returning_ = false;       // set by victim() for the on_insert() that follows
};

} // namespace cache
