// LruPolicy: evict the least recently used entry. One intrusive list over the slots, most recent
// at the front: a hit moves its slot to the front, the victim is the back. O(1) per lookup and 8
// bytes per slot. The limit of aged LFU with a half-life of one lookup (aged_lfu.h).
#pragma once

#include "cache/detail/slot_list.h"
#include "cache/key.h"

#include <cstddef>

namespace cache {

class LruPolicy {
public:
  static constexpr const char* NAME = "lru";

  void reserve_slots(std::size_t capacity) { links_ = detail::SlotLinks(capacity); }
  void on_lookup(Key) {}
  void on_hit(Slot s, Key) {
    links_.unlink(order_, s);
    links_.push_front(order_, s);
  }
  bool admit(Key, bool) const { return true; }
  Slot victim(Key) {
    const Slot s = order_.back;
    links_.unlink(order_, s);
    return s;
  }
  void on_insert(Slot s, Key) { links_.push_front(order_, s); }

private:
  detail::SlotLinks links_;
  detail::SlotList order_; // front: most recently used
};

} // namespace cache
