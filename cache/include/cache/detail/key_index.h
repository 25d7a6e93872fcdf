// Internal: KeyIndex, a fixed-size open-addressing map from keys to slots, sized once for at most
// `max_entries` keys and never resized, so lookups, inserts and erases never allocate. Linear
// probing over a power-of-two table kept at most half full; an erase shifts later entries of the
// same probe run back (no tombstones), so probe lengths do not degrade under churn. Cost: 16 bytes
// per table entry, i.e. 32 to 64 bytes per key.
#pragma once

#include "cache/detail/hash.h"
#include "cache/key.h"

#include <cassert>
#include <cstddef>
#include <vector>

namespace cache::detail {

class KeyIndex {
public:
  KeyIndex() : KeyIndex(0) {}
  explicit KeyIndex(std::size_t max_entries) : table_(next_pow2(2 * max_entries < 4 ? 4 : 2 * max_entries)), mask_(table_.size() - 1) {}

  // The slot of `key`, or NO_SLOT.
  Slot find(Key key) const {
    for (std::size_t i = home(key);; i = (i + 1) & mask_) {
      const Entry& e = table_[i];
      if (e.slot == NO_SLOT)
        return NO_SLOT;
      if (e.key == key)
        return e.slot;
    }
  }

  // Precondition: `key` is absent and fewer than max_entries keys are present.
  void insert(Key key, Slot slot) {
    assert(slot != NO_SLOT && find(key) == NO_SLOT && 2 * (size_ + 1) <= table_.size());
    std::size_t i = home(key);
    while (table_[i].slot != NO_SLOT)
      i = (i + 1) & mask_;
    table_[i] = {key, slot};
    ++size_;
  }

  // Precondition: `key` is present.
  void erase(Key key) {
    std::size_t i = home(key);
    while (table_[i].key != key || table_[i].slot == NO_SLOT) {
      assert(table_[i].slot != NO_SLOT);
      i = (i + 1) & mask_;
    }
    // Backward shift: move each later entry of the run into the hole unless its home lies
    // cyclically in (hole, j], where it would no longer be reachable from its home.
    for (std::size_t j = (i + 1) & mask_; table_[j].slot != NO_SLOT; j = (j + 1) & mask_) {
      const std::size_t h = home(table_[j].key);
      const bool reachable = i <= j ? (i < h && h <= j) : (i < h || h <= j);
      if (!reachable) {
        table_[i] = table_[j];
        i = j;
      }
    }
    table_[i].slot = NO_SLOT;
    --size_;
  }

  std::size_t size() const { return size_; }

  void clear() {
    for (Entry& e : table_)
      e.slot = NO_SLOT;
    size_ = 0;
  }

private:
  struct Entry {
    Key key = 0;
    Slot slot = NO_SLOT; // NO_SLOT marks an empty entry
  };

  std::size_t home(Key key) const { return std::size_t(mix64(key)) & mask_; }

  std::vector<Entry> table_;
  std::size_t mask_;
  std::size_t size_ = 0;
};

} // namespace cache::detail
