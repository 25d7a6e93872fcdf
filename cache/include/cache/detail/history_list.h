// Internal: HistoryList, a first-in first-out list of at most `max_size` keys, each with a payload
// of the owner's choosing, from which any key can be taken back. The experts' eviction histories
// of LeCaR and CACHEUS are such lists: a key evicted by an expert is remembered until it returns
// (a regretted eviction) or until `max_size` younger keys have pushed it out. Unlike GhostList,
// which remembers the keys of the last `size` additions, a taken key frees its place, so the list
// holds the `max_size` most recently added keys that have not returned. Nodes, links and the key
// index are all sized in the constructor: add and take are O(1) and never allocate.
#pragma once

#include "cache/detail/key_index.h"
#include "cache/detail/slot_list.h"
#include "cache/key.h"

#include <cassert>
#include <cstddef>
#include <optional>
#include <vector>

namespace cache::detail {

template <class Payload>
class HistoryList {
public:
  struct Entry {
    Key key = 0;
    Payload payload{};
  };

  explicit HistoryList(std::size_t max_size = 0) : links_(max_size), entries_(max_size), index_(max_size) {
    free_.reserve(max_size);
    for (std::size_t n = max_size; n-- > 0;)
      free_.push_back(Slot(n));
  }

  std::size_t size() const { return order_.size; }
  std::size_t max_size() const { return entries_.size(); }
  bool contains(Key key) const { return index_.find(key) != NO_SLOT; }

  // Remembers `key` as the newest entry (replacing an older entry of the same key) and returns
  // the oldest entry when it had to go to make room. With max_size() 0 nothing is remembered.
  std::optional<Entry> add(Key key, const Payload& payload) {
    if (entries_.empty())
      return std::nullopt;
    take(key);
    std::optional<Entry> dropped;
    if (free_.empty()) {
      const Slot oldest = order_.back;
      dropped = entries_[oldest];
      release(oldest);
    }
    const Slot n = free_.back();
    free_.pop_back();
    entries_[n] = {key, payload};
    links_.push_front(order_, n);
    index_.insert(key, n);
    return dropped;
  }

  // The payload of `key` if it is remembered; it no longer is.
  std::optional<Payload> take(Key key) {
    const Slot n = index_.find(key);
    if (n == NO_SLOT)
      return std::nullopt;
    const Payload payload = entries_[n].payload;
    release(n);
    return payload;
  }

private:
  void release(Slot n) {
    links_.unlink(order_, n);
    index_.erase(entries_[n].key);
    free_.push_back(n);
  }

  SlotLinks links_;
  SlotList order_; // front: the newest entry
  std::vector<Entry> entries_;
  std::vector<Slot> free_; // unused nodes; never more than max_size, so push_back never allocates
  KeyIndex index_;
};

} // namespace cache::detail
