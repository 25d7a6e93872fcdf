// Internal: SlotHeap, an indexed binary heap of slots. The ordering lives in the policy that owns
// the heap and is passed to every call as `before(a, b)` (true when a must be nearer the top), so
// copying a policy never leaves the heap pointing at another object's arrays. O(log n) push,
// update and pop, O(n) rebuild after every key changes at once (the LFU halving).
#pragma once

#include "cache/key.h"

#include <cassert>
#include <cstddef>
#include <vector>

namespace cache::detail {

class SlotHeap {
public:
  SlotHeap() = default;
  explicit SlotHeap(std::size_t nodes) : pos_(nodes, NO_SLOT) { heap_.reserve(nodes); }

  bool empty() const { return heap_.empty(); }
  std::size_t size() const { return heap_.size(); }
  Slot top() const {
    assert(!heap_.empty());
    return heap_.front();
  }
  bool contains(Slot s) const { return pos_[s] != NO_SLOT; }
  // The slots in heap order (for passes over every member).
  const std::vector<Slot>& slots() const { return heap_; }

  template <class Before>
  void push(Slot s, Before before) {
    assert(!contains(s));
    pos_[s] = Slot(heap_.size());
    heap_.push_back(s);
    sift_up(heap_.size() - 1, before);
  }

  // Restores the heap after the key of `s` changed in either direction.
  template <class Before>
  void update(Slot s, Before before) {
    const std::size_t i = pos_[s];
    if (i > 0 && before(s, heap_[(i - 1) / 2]))
      sift_up(i, before);
    else
      sift_down(i, before);
  }

  template <class Before>
  Slot pop(Before before) {
    const Slot s = top();
    remove_at(0, before);
    return s;
  }

  // Restores the heap after every key changed (Floyd's bottom-up construction, O(n)).
  template <class Before>
  void rebuild(Before before) {
    for (std::size_t i = heap_.size() / 2; i-- > 0;)
      sift_down(i, before);
  }

private:
  template <class Before>
  void remove_at(std::size_t i, Before before) {
    pos_[heap_[i]] = NO_SLOT;
    const Slot last = heap_.back();
    heap_.pop_back();
    if (i == heap_.size())
      return;
    heap_[i] = last;
    pos_[last] = Slot(i);
    if (i > 0 && before(last, heap_[(i - 1) / 2]))
      sift_up(i, before);
    else
      sift_down(i, before);
  }

  template <class Before>
  void sift_up(std::size_t i, Before before) {
    const Slot s = heap_[i];
    while (i > 0) {
      const std::size_t parent = (i - 1) / 2;
      if (!before(s, heap_[parent]))
        break;
      heap_[i] = heap_[parent];
      pos_[heap_[i]] = Slot(i);
      i = parent;
    }
    heap_[i] = s;
    pos_[s] = Slot(i);
  }

  template <class Before>
  void sift_down(std::size_t i, Before before) {
    const Slot s = heap_[i];
    const std::size_t n = heap_.size();
    for (;;) {
      std::size_t child = 2 * i + 1;
      if (child >= n)
        break;
      if (child + 1 < n && before(heap_[child + 1], heap_[child]))
        ++child;
      if (!before(heap_[child], s))
        break;
      heap_[i] = heap_[child];
      pos_[heap_[i]] = Slot(i);
      i = child;
    }
    heap_[i] = s;
    pos_[s] = Slot(i);
  }

  std::vector<Slot> heap_; // heap order
  std::vector<Slot> pos_;  // slot -> index in heap_, or NO_SLOT
};

} // namespace cache::detail
