// Internal: KeySet, a growing open-addressing set of keys, used to tell a first-time miss from a
// re-evaluation. Unlike KeyIndex it has no size bound (every distinct key of a run stays in it),
// so it allocates when it doubles; a cache consults it only on a miss, never on a hit. One key
// value (EMPTY) marks free entries; that key itself is remembered by a flag.
#pragma once

#include "cache/detail/hash.h"
#include "cache/key.h"

#include <cstddef>
#include <vector>

namespace cache::detail {

class KeySet {
public:
  KeySet() : table_(INITIAL_SIZE, EMPTY), mask_(INITIAL_SIZE - 1) {}

  // Adds `key`; true when it was not there before.
  bool insert(Key key) {
    if (key == EMPTY) {
      const bool fresh = !has_empty_;
      has_empty_ = true;
      size_ += fresh;
      return fresh;
    }
    if (2 * (stored_ + 1) > table_.size())
      grow();
    return place(key);
  }

  bool contains(Key key) const {
    if (key == EMPTY)
      return has_empty_;
    for (std::size_t i = std::size_t(mix64(key)) & mask_;; i = (i + 1) & mask_) {
      if (table_[i] == key)
        return true;
      if (table_[i] == EMPTY)
        return false;
    }
  }

  std::size_t size() const { return size_; }

private:
  static constexpr Key EMPTY = ~Key{0};
  static constexpr std::size_t INITIAL_SIZE = 64;

  bool place(Key key) {
    for (std::size_t i = std::size_t(mix64(key)) & mask_;; i = (i + 1) & mask_) {
      if (table_[i] == key)
        return false;
      if (table_[i] == EMPTY) {
        table_[i] = key;
        ++stored_;
        ++size_;
        return true;
      }
    }
  }

  void grow() {
    std::vector<Key> old(2 * table_.size(), EMPTY);
    old.swap(table_);
    mask_ = table_.size() - 1;
    stored_ = 0;
    for (Key k : old)
      if (k != EMPTY)
        for (std::size_t i = std::size_t(mix64(k)) & mask_;; i = (i + 1) & mask_)
          if (table_[i] == EMPTY) {
            table_[i] = k;
            ++stored_;
            break;
          }
  }

  std::vector<Key> table_;
  std::size_t mask_;
  std::size_t stored_ = 0; // keys in table_ (EMPTY excluded)
  std::size_t size_ = 0;   // keys in the set
  bool has_empty_ = false;
};

} // namespace cache::detail
