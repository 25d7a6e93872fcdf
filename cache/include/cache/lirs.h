// LirsPolicy: LIRS, the Low Inter-reference Recency Set replacement of Jiang and Zhang ("LIRS: an
// efficient low inter-reference recency set replacement policy to improve buffer cache
// performance", SIGMETRICS 2002). Residents are LIR blocks (reused at short distances, never
// evicted while LIR) and resident HIR blocks (the rest, a small share of the table, the only
// ones evicted). Stack S orders blocks by recency, top = most recent, and holds every LIR block
// and the HIR blocks, resident or not, more recent than the bottom LIR block; stack pruning
// removes the HIR blocks from S's bottom until an LIR block is there, and runs whenever the
// bottom LIR block moves or changes status. Queue Q holds the resident HIR blocks, evicted from
// its front. The cases on a lookup of X, as in the paper:
//   1  X is LIR (a hit): X moves to the top of S; if it was the bottom, S is pruned.
//   2a X is resident HIR and in S (a hit): X moves to the top of S and becomes LIR, leaving Q;
//      the bottom LIR block becomes HIR and goes to the end of Q; S is pruned.
//   2b X is resident HIR not in S (a hit): X goes to the top of S and to the end of Q, still HIR.
//   3  X is not resident (a miss): Q's front block is evicted, staying in S as a nonresident
//      HIR block if it is there; X goes to the top of S, then
//   3a if X was in S (nonresident HIR), X becomes LIR and the bottom LIR block becomes HIR and
//      goes to the end of Q; S is pruned;
//   3b otherwise X is HIR and goes to the end of Q.
// While the table fills, newcomers are LIR until the LIR set is full, then HIR (3b without an
// eviction). A block reused soon after it was last used thus becomes LIR and is then kept against
// any run of blocks used once: a scan flows through the one resident HIR place without touching
// the LIR set, unlike LRU.
//
// Sizes: the resident HIR share is 1% of the capacity (the paper's setting), at least 1 and at most
// capacity - 1, so 1 entry for tables of 10 to 40; the LIR set is the rest. The paper's cases put
// no bound on S; like implementations (H2's LIRS bounds its nonresident entries by a multiple of the
// resident ones), the nonresident HIR blocks in S are limited, here to 2 x capacity, the block
// that became nonresident first being dropped from S when the limit is passed. That block is also
// the lowest nonresident one in S: blocks only move up S, and those resident HIR blocks that are
// in S sit in Q in S's order. A second constructor takes both sizes, for hand-worked traces and
// experiments. A table of one entry has no choice to make and the policy keeps no state.
//
// Costs: O(1) amortised per lookup (pruning removes each stack entry at most once per push);
// blocks live in a pool of capacity + limit + 1 nodes (about 30 bytes each) with a fixed index of
// the nonresident ones, about 200 bytes per slot in all with the default limit.
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

class LirsPolicy {
public:
  static constexpr const char* NAME = "lirs";

  // Resident HIR share at 1% of the capacity (at least 1), at most 2 x capacity nonresident blocks.
  LirsPolicy() = default;
  // `hir_size` resident HIR blocks (clamped to 1..capacity - 1) and at most `nonresident_limit`
  // nonresident HIR blocks in S.
  LirsPolicy(std::size_t hir_size, std::size_t nonresident_limit)
      : explicit_sizes_(true), hir_request_(hir_size), nonresident_request_(nonresident_limit) {}

  void reserve_slots(std::size_t capacity) {
    trivial_ = capacity == 1;
    hir_target_ = trivial_ ? 1 : std::clamp<std::size_t>(explicit_sizes_ ? hir_request_ : capacity / 100, 1, capacity - 1);
    lir_target_ = capacity - hir_target_;
    nonresident_limit_ = explicit_sizes_ ? nonresident_request_ : 2 * capacity;
    const std::size_t nodes = trivial_ ? 0 : capacity + nonresident_limit_ + 1;
    stack_links_ = detail::SlotLinks(nodes);
    queue_links_ = detail::SlotLinks(nodes);
    key_.assign(nodes, 0);
    slot_.assign(nodes, NO_SLOT);
    status_.assign(nodes, LIR);
    in_stack_.assign(nodes, 0);
    node_.assign(trivial_ ? 0 : capacity, NO_SLOT);
    nonresident_index_ = detail::KeyIndex(trivial_ ? 0 : nonresident_limit_ + 1);
    free_.resize(nodes);
    for (std::size_t i = 0; i < nodes; ++i)
      free_[i] = Slot(nodes - 1 - i);
    free_count_ = nodes;
    stack_ = queue_ = nonresident_ = {};
    lir_count_ = 0;
  }

  void on_lookup(Key) {}

  void on_hit(Slot s, Key) {
    if (trivial_)
      return;
    const Slot x = node_[s];
    if (status_[x] == LIR) { // case 1
      const bool was_bottom = stack_.back == x;
      to_top(x);
      if (was_bottom)
        prune();
    } else if (in_stack_[x]) { // case 2a
      to_top(x);
      queue_links_.unlink(queue_, x);
      status_[x] = LIR;
      ++lir_count_;
      demote_bottom();
      prune();
    } else { // case 2b
      to_top(x);
      queue_links_.unlink(queue_, x);
      queue_links_.push_front(queue_, x);
    }
  }

  bool admit(Key, bool) const { return true; }

  // Case 3's eviction: Q's front block leaves the table, staying in S as nonresident if there.
  Slot victim(Key) {
    if (trivial_)
      return 0;
    assert(queue_.size > 0);
    const Slot y = queue_.back;
    queue_links_.unlink(queue_, y);
    const Slot s = slot_[y];
    slot_[y] = NO_SLOT;
    if (in_stack_[y]) {
      status_[y] = NONRESIDENT;
      nonresident_index_.insert(key_[y], y);
      queue_links_.push_front(nonresident_, y);
    } else {
      release(y);
    }
    return s;
  }

  void on_insert(Slot s, Key key) {
    if (trivial_)
      return;
    const Slot ghost = nonresident_index_.find(key);
    Slot x = ghost;
    if (ghost != NO_SLOT) {
      forget_nonresident(ghost);
    } else {
      assert(free_count_ > 0);
      x = free_[--free_count_];
      key_[x] = key;
      in_stack_[x] = 0;
    }
    slot_[x] = s;
    node_[s] = x;
    to_top(x);
    if (lir_count_ < lir_target_) { // the table is filling
      status_[x] = LIR;
      ++lir_count_;
    } else if (ghost != NO_SLOT) { // case 3a
      status_[x] = LIR;
      ++lir_count_;
      demote_bottom();
      prune();
    } else { // case 3b
      status_[x] = HIR;
      queue_links_.push_front(queue_, x);
    }
    while (nonresident_.size > nonresident_limit_) {
      const Slot oldest = nonresident_.back;
      forget_nonresident(oldest);
      stack_links_.unlink(stack_, oldest);
      release(oldest);
    }
  }

  // For tests: the set sizes and a resident's state.
  std::size_t lir_size() const { return lir_count_; }
  std::size_t hir_resident_size() const { return queue_.size; }
  std::size_t stack_size() const { return stack_.size; }
  std::size_t nonresident_size() const { return nonresident_.size; }
  std::size_t lir_target() const { return lir_target_; }
  std::size_t hir_target() const { return hir_target_; }
  std::size_t nonresident_limit() const { return nonresident_limit_; }
  bool is_lir(Slot s) const { return !trivial_ && status_[node_[s]] == LIR; }
  bool in_stack(Slot s) const { return !trivial_ && in_stack_[node_[s]]; }
  // Whether `key` is a nonresident HIR block in S.
  bool is_nonresident(Key key) const { return nonresident_index_.find(key) != NO_SLOT; }
  // The invariant pruning keeps: S is empty or has an LIR block at its bottom.
  bool stack_bottom_is_lir() const { return stack_.size == 0 || status_[stack_.back] == LIR; }

private:
  enum Status : std::uint8_t { LIR, HIR, NONRESIDENT };

  void to_top(Slot x) {
    if (in_stack_[x])
      stack_links_.unlink(stack_, x);
    stack_links_.push_front(stack_, x);
    in_stack_[x] = 1;
  }

  // The bottom LIR block becomes resident HIR at the end of Q; it stays at S's bottom for prune().
  void demote_bottom() {
    const Slot b = stack_.back;
    assert(status_[b] == LIR && lir_count_ > lir_target_);
    status_[b] = HIR;
    --lir_count_;
    queue_links_.push_front(queue_, b);
  }

  void prune() {
    while (stack_.size > 0 && status_[stack_.back] != LIR) {
      const Slot b = stack_.back;
      stack_links_.unlink(stack_, b);
      in_stack_[b] = 0;
      if (status_[b] == NONRESIDENT) {
        forget_nonresident(b);
        release(b);
      }
    }
  }

  // Takes a nonresident node out of the nonresident list and index (not out of S).
  void forget_nonresident(Slot y) {
    queue_links_.unlink(nonresident_, y);
    nonresident_index_.erase(key_[y]);
  }

  void release(Slot y) { free_[free_count_++] = y; }

  bool explicit_sizes_ = false;
  std::size_t hir_request_ = 0, nonresident_request_ = 0;
  bool trivial_ = false;
  std::size_t lir_target_ = 0, hir_target_ = 1, nonresident_limit_ = 0;
  std::size_t lir_count_ = 0;
  // Blocks are nodes of a pool: every resident has one (node_[slot]) and so has every nonresident
  // block in S. Q (resident HIR) and the nonresident list never share a node, so they share links.
  detail::SlotLinks stack_links_, queue_links_;
  detail::SlotList stack_;       // front: top of S (most recent), back: bottom
  detail::SlotList queue_;       // back: the paper's front of Q (next evicted), front: its end
  detail::SlotList nonresident_; // back: the block that became nonresident first
  std::vector<Key> key_;
  std::vector<Slot> slot_; // per node: its slot, NO_SLOT when nonresident
  std::vector<Status> status_;
  std::vector<std::uint8_t> in_stack_;
  std::vector<Slot> node_; // per slot: its node
  detail::KeyIndex nonresident_index_;
  std::vector<Slot> free_; // a stack of free nodes, free_count_ of them
  std::size_t free_count_ = 0;
};

} // namespace cache
