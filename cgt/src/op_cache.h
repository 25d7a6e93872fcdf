// OpCache: a direct-mapped, per-thread memo of one binary operation on game ids, in the manner
// of CGSuite's operation table. Per-thread means no locks and no races: a result computed on
// another thread is simply computed again. Entries are overwritten on collision, so the cache
// bounds memory and never needs clearing (ids are never reused).
//
// The table starts at 2^MIN_BITS entries and grows fourfold, up to 2^max_bits, each time it has
// taken as many results as it has entries (what it held moves into the larger table). A thread
// that does little algebra then never pages in the whole table, which would cost it more than
// its operations (measured when chosen: `git log -S MIN_BITS -- cgt`).
#pragma once

#include <algorithm>
#include <cstdint>
#include <memory>

namespace cgt::detail {

class OpCache {
public:
  static constexpr unsigned MIN_BITS = 14;
  explicit OpCache(unsigned max_bits) : max_bits_(max_bits), bits_(std::min(MIN_BITS, max_bits)) {}

  bool find(std::uint64_t key, std::uint32_t& value) {
    if (!entries_)
      return false;
    const Entry& e = slot(key);
    if (e.key != key || e.epoch != epoch_)
      return false;
    value = e.value;
    return true;
  }

  void put(std::uint64_t key, std::uint32_t value) {
    if (!entries_)
      entries_ = std::make_unique<Entry[]>(std::size_t{1} << bits_);
    else if (bits_ < max_bits_ && ++stored_ > (std::uint64_t{1} << bits_))
      grow();
    Entry& e = slot(key);
    e.key = key;
    e.value = value;
    e.epoch = epoch_;
  }

  // Forgets every entry in O(1), for benchmarks that measure cold operations.
  void clear() { ++epoch_; }

private:
  // An all-ones key means (NO_GAME, NO_GAME), which no operation ever asks for.
  static constexpr std::uint64_t EMPTY = ~std::uint64_t{0};

  struct Entry {
    std::uint64_t key = EMPTY;
    std::uint32_t value = 0;
    std::uint32_t epoch = 0;
  };

  void grow() {
    const std::size_t old_size = std::size_t{1} << bits_;
    std::unique_ptr<Entry[]> old = std::move(entries_);
    bits_ = std::min(bits_ + 2, max_bits_);
    entries_ = std::make_unique<Entry[]>(std::size_t{1} << bits_);
    stored_ = 0;
    for (std::size_t i = 0; i < old_size; ++i)
      if (old[i].key != EMPTY && old[i].epoch == epoch_)
        slot(old[i].key) = old[i];
  }

  Entry& slot(std::uint64_t key) {
    std::uint64_t h = key * 0x9E3779B97F4A7C15ULL;
    h ^= h >> 29;
    return entries_[(h * 0xBF58476D1CE4E5B9ULL) >> (64 - bits_)];
  }

  unsigned max_bits_, bits_;
  std::uint64_t stored_ = 0; // results put since the table was made (until it is full size)
  std::uint32_t epoch_ = 0;
  std::unique_ptr<Entry[]> entries_;
};

constexpr std::uint64_t pair_key(std::uint32_t g, std::uint32_t h) { return (std::uint64_t(g) << 32) | h; }

} // namespace cgt::detail
