// Internal: intrusive doubly linked lists over a fixed set of nodes numbered 0..n-1, with the
// links in two flat arrays, so moving a node between lists is a few stores and never allocates.
// Several lists may share one SlotLinks (ARC keeps T1 and T2 in one, B1 and B2 in another); a
// node is in at most one list at a time. Front is the most recent end.
#pragma once

#include "cache/key.h"

#include <cassert>
#include <cstddef>
#include <vector>

namespace cache::detail {

struct SlotList {
  Slot front = NO_SLOT;
  Slot back = NO_SLOT;
  std::size_t size = 0;
};

class SlotLinks {
public:
  SlotLinks() = default;
  explicit SlotLinks(std::size_t nodes) : prev_(nodes, NO_SLOT), next_(nodes, NO_SLOT) {}

  void push_front(SlotList& list, Slot s) {
    assert(s < prev_.size());
    prev_[s] = NO_SLOT;
    next_[s] = list.front;
    if (list.front != NO_SLOT)
      prev_[list.front] = s;
    else
      list.back = s;
    list.front = s;
    ++list.size;
  }

  void unlink(SlotList& list, Slot s) {
    assert(list.size > 0);
    const Slot p = prev_[s], n = next_[s];
    (p != NO_SLOT ? next_[p] : list.front) = n;
    (n != NO_SLOT ? prev_[n] : list.back) = p;
    --list.size;
  }

  // The neighbour towards the front, or NO_SLOT at the front.
  Slot prev(Slot s) const { return prev_[s]; }
  // The neighbour towards the back, or NO_SLOT at the back.
  Slot next(Slot s) const { return next_[s]; }

private:
  std::vector<Slot> prev_;
  std::vector<Slot> next_;
};

} // namespace cache::detail
