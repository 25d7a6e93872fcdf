// BestFixedPolicy: the best fixed table chosen with hindsight. From the whole recorded trace it
// ranks keys by number of lookups (ties: earlier first lookup first) and allows only the top K
// (K = capacity) into the table; any other key is refused on a miss (a bypass) and nothing is ever
// evicted. The table fills as it goes: the first lookup of a chosen key is a miss like any other
// (a value has to be computed once before it can be kept), so its hits are the lookups of the
// chosen keys minus K. O(1) per lookup; the ranking is shared by copies.
#pragma once

#include "cache/detail/key_index.h"
#include "cache/key.h"

#include <cassert>
#include <cstddef>
#include <memory>
#include <span>
#include <vector>

namespace cache {

class BestFixedPolicy {
public:
  static constexpr const char* NAME = "best-fixed";

  explicit BestFixedPolicy(std::span<const Key> trace);

  void reserve_slots(std::size_t capacity) {
    const std::size_t k = capacity < ranking_->size() ? capacity : ranking_->size();
    chosen_ = detail::KeyIndex(k);
    for (std::size_t i = 0; i < k; ++i)
      chosen_.insert((*ranking_)[i], Slot(i));
  }
  void on_lookup(Key) {}
  void on_hit(Slot, Key) {}
  bool admit(Key key, bool) const { return chosen_.find(key) != NO_SLOT; }
  // Never called: only the K chosen keys are admitted and there are K slots.
  Slot victim(Key) {
    assert(false && "the fixed table never evicts");
    return 0;
  }
  void on_insert(Slot, Key) {}

  // Every key of the trace, most looked-up first.
  const std::vector<Key>& ranking() const { return *ranking_; }

private:
  std::shared_ptr<const std::vector<Key>> ranking_;
  detail::KeyIndex chosen_;
};

} // namespace cache
