// Internal: GhostList, the keys evicted by the last `size` evictions (those not taken back since),
// each with two words of the owner's choosing (an aged LFU keeps the evicted entry's count and
// the halvings so far there). A ring: eviction n overwrites the place of eviction n - size, so
// add and take are O(1); lookups go through a fixed KeyIndex, so nothing allocates after
// construction. About 80 bytes per ghost.
#pragma once

#include "cache/detail/key_index.h"
#include "cache/key.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

namespace cache::detail {

class GhostList {
public:
  struct Ghost {
    std::uint64_t count = 0;
    std::uint64_t stamp = 0;
  };

  explicit GhostList(std::size_t size = 0) : ring_(size), live_(size, 0), index_(size) {}

  void add(Key key) { add(key, Ghost{0, 0}); }
  void add(Key key, Ghost g) {
    if (ring_.empty())
      return;
    take(key); // a key inserted without a missed lookup first may still be a ghost
    if (live_[next_])
      index_.erase(ring_[next_].key);
    ring_[next_] = {key, g};
    live_[next_] = 1;
    index_.insert(key, Slot(next_));
    next_ = next_ + 1 == ring_.size() ? 0 : next_ + 1;
  }

  // The ghost of `key`, if it is one; it no longer is.
  std::optional<Ghost> take(Key key) {
    const Slot at = index_.find(key);
    if (at == NO_SLOT)
      return std::nullopt;
    index_.erase(key);
    live_[at] = 0;
    return ring_[at].ghost;
  }

private:
  struct Entry {
    Key key = 0;
    Ghost ghost;
  };
  std::vector<Entry> ring_;
  std::vector<std::uint8_t> live_;
  std::size_t next_ = 0;
  KeyIndex index_;
};

} // namespace cache::detail
