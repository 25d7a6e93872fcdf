// S3FifoPolicy: S3-FIFO (Yang, Zhang, Qiu, Yue and Rashmi, "FIFO queues are all you need for cache
// eviction", SOSP 2023). Three FIFO queues: a small one S for newcomers, a main one M for entries
// that proved themselves, and a ghost one G holding only the keys of entries evicted from S. Every
// resident has a 2-bit counter, set to 0 on insertion and raised by one per hit up to 3; a hit
// moves nothing. A newcomer whose key is in G goes to the head of M, any other to the head of S.
// To evict: if |S| is at least its size, S's tail is examined first: with at least two hits it
// moves to M's head with its counter cleared (as the authors describe the move) and the next tail
// is examined, otherwise it is evicted and its key enters G. If S empties that way, or |S| is
// below its size, M's tail is examined: with a count above 0 it goes back to M's head with the
// count lowered by one, otherwise it is evicted (no ghost). So a one-hit wonder leaves through S
// after a few misses without ever touching M, and a key that returns while still a ghost skips S.
//
// The threshold of two hits is the SOSP paper's (Algorithm 1 moves S's tail to M when
// t.freq > 1) and the default of the authors' simulator (a move-to-main threshold of 2); some
// descriptions of S3-FIFO move an entry on one hit (freq > 0), which the threshold parameter of
// the second constructor gives.
//
// Sizes: S is 10% of the capacity, rounded down, at least 1; M is the rest; G remembers as many keys
// as M's size, dropping the oldest. The paper found 10% to generalise across its traces, and it is
// kept for tables of 10 to 40 entries although it leaves S with 1 to 4 entries: a newcomer must
// then be hit twice before the next one to four misses to move to M, which is what the rule is for
// (quick demotion), and a key reused a little later still reaches M through its ghost, G being
// nine tenths of the table. The second constructor takes explicit sizes, for hand-worked traces
// and experiments.
//
// Three details are not fixed by Algorithm 1 and follow the simulator the paper's results came
// from. One eviction per newcomer: Algorithm 1 also runs evictM() when a move fills M and then goes
// on evicting from S, which would free two places; here M may run over its size by a few entries
// until the following evictions, which come from M while |S| is below its size, bring it back. A
// newcomer's ghost is looked up before the eviction that makes room for it, so that eviction
// cannot push it out of G first. While the table fills, every newcomer that is not a ghost goes to
// S, however large S grows (the authors' later simulator sends them to M once S is at its size).
//
// Costs: O(1) amortised per lookup (each reinsertion in M uses up one hit, each move to M happens
// once per stay); per slot 8 bytes of links, a key and a counter; per ghost about 60 bytes.
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

class S3FifoPolicy {
public:
  static constexpr const char* NAME = "s3-fifo";
  // Hits an entry needs while in S to move to M (the SOSP paper's freq > 1).
  static constexpr unsigned PAPER_MOVE_THRESHOLD = 2;

  // S at 10% of the capacity (at least 1), G as large as M.
  S3FifoPolicy() = default;
  // S of `small_size` entries (clamped to 1..capacity), G of `ghost_size` keys (0: none), entries
  // moving from S to M once they have `move_threshold` hits (clamped to 1..3, the counter's range).
  S3FifoPolicy(std::size_t small_size, std::size_t ghost_size, unsigned move_threshold = PAPER_MOVE_THRESHOLD)
      : explicit_sizes_(true), small_request_(small_size), ghost_request_(ghost_size),
        move_threshold_(std::uint8_t(std::clamp(move_threshold, 1u, unsigned(MAX_FREQ)))) {}

  void reserve_slots(std::size_t capacity) {
    small_target_ = std::clamp<std::size_t>(explicit_sizes_ ? small_request_ : capacity / 10, 1, capacity);
    ghost_target_ = explicit_sizes_ ? ghost_request_ : capacity - small_target_;
    links_ = detail::SlotLinks(capacity);
    freq_.assign(capacity, 0);
    key_.assign(capacity, 0);
    small_ = main_ = {};
    ghosts_ = GhostFifo(ghost_target_);
    newcomer_was_ghost_ = false;
  }

  void on_lookup(Key) {}

  void on_hit(Slot s, Key) {
    if (freq_[s] < MAX_FREQ)
      ++freq_[s];
  }

  // Always admits; takes the newcomer's ghost now, before victim() may push it out of G.
  bool admit(Key key, bool) {
    newcomer_was_ghost_ = ghosts_.take(key);
    return true;
  }

  Slot victim(Key) {
    if (small_.size >= small_target_) { // evictS
      while (small_.size > 0) {
        const Slot t = small_.back;
        links_.unlink(small_, t);
        if (freq_[t] >= move_threshold_) {
          freq_[t] = 0;
          links_.push_front(main_, t);
          continue;
        }
        ghosts_.add(key_[t]);
        return t;
      }
    }
    for (;;) { // evictM; terminates since each pass lowers a count that is at most 3
      assert(main_.size > 0);
      const Slot t = main_.back;
      links_.unlink(main_, t);
      if (freq_[t] == 0)
        return t;
      --freq_[t];
      links_.push_front(main_, t);
    }
  }

  void on_insert(Slot s, Key key) {
    key_[s] = key;
    freq_[s] = 0;
    links_.push_front(newcomer_was_ghost_ ? main_ : small_, s);
    newcomer_was_ghost_ = false;
  }

  // For tests: the queue sizes, the configured sizes and a slot's counter.
  std::size_t small_size() const { return small_.size; }
  std::size_t main_size() const { return main_.size; }
  std::size_t ghost_size() const { return ghosts_.size(); }
  std::size_t small_target() const { return small_target_; }
  std::size_t ghost_target() const { return ghost_target_; }
  unsigned freq(Slot s) const { return freq_[s]; }
  bool is_ghost(Key key) const { return ghosts_.contains(key); }

private:
  static constexpr std::uint8_t MAX_FREQ = 3;

  // G: a FIFO of at most `limit` keys with removal by key. Its nodes are linked through a
  // SlotLinks of their own and found through a fixed KeyIndex; a free node list of fixed length
  // (used as a stack with a count) means adding never allocates.
  class GhostFifo {
  public:
    explicit GhostFifo(std::size_t limit = 0) : links_(limit), key_(limit, 0), index_(limit), free_(limit), free_count_(limit) {
      for (std::size_t i = 0; i < limit; ++i)
        free_[i] = Slot(limit - 1 - i);
    }

    void add(Key key) {
      if (key_.empty())
        return;
      if (free_count_ == 0)
        drop(order_.back); // the oldest ghost
      const Slot g = free_[--free_count_];
      key_[g] = key;
      links_.push_front(order_, g);
      index_.insert(key, g);
    }

    // Whether `key` was a ghost; it no longer is.
    bool take(Key key) {
      const Slot g = index_.find(key);
      if (g == NO_SLOT)
        return false;
      drop(g);
      return true;
    }

    bool contains(Key key) const { return index_.find(key) != NO_SLOT; }
    std::size_t size() const { return order_.size; }

  private:
    void drop(Slot g) {
      links_.unlink(order_, g);
      index_.erase(key_[g]);
      free_[free_count_++] = g;
    }

    detail::SlotLinks links_;
    detail::SlotList order_; // front: newest ghost
    std::vector<Key> key_;
    detail::KeyIndex index_;
    std::vector<Slot> free_;
    std::size_t free_count_;
  };

  bool explicit_sizes_ = false;
  std::size_t small_request_ = 0, ghost_request_ = 0;
  std::size_t small_target_ = 1;
  std::size_t ghost_target_ = 0;
  std::uint8_t move_threshold_ = PAPER_MOVE_THRESHOLD;
  detail::SlotLinks links_;
  detail::SlotList small_, main_; // front: head (newest), back: tail (next examined)
  std::vector<std::uint8_t> freq_;
  std::vector<Key> key_;
  GhostFifo ghosts_;
  bool newcomer_was_ghost_ = false;
};

} // namespace cache
