// OpCache: a direct-mapped, per-thread memo of one binary operation on game ids, in the manner
// of CGSuite's operation table. Per-thread means no locks and no races: a result computed on
// another thread is simply computed again. Entries are overwritten on collision, so the cache
// bounds memory and never needs clearing (ids are never reused).
#pragma once

#include <cstdint>
#include <memory>

namespace cgt::detail {

class OpCache {
public:
  explicit OpCache(unsigned bits) : bits_(bits) {}

  bool find(std::uint64_t key, std::uint32_t& value) {
    const Entry& e = slot(key);
    if (e.key != key || e.epoch != epoch_)
      return false;
    value = e.value;
    return true;
  }

  void put(std::uint64_t key, std::uint32_t value) {
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

  Entry& slot(std::uint64_t key) {
    if (!entries_)
      entries_ = std::make_unique<Entry[]>(std::size_t{1} << bits_);
    std::uint64_t h = key * 0x9E3779B97F4A7C15ULL;
    h ^= h >> 29;
    return entries_[(h * 0xBF58476D1CE4E5B9ULL) >> (64 - bits_)];
  }

  unsigned bits_;
  std::uint32_t epoch_ = 0;
  std::unique_ptr<Entry[]> entries_;
};

constexpr std::uint64_t pair_key(std::uint32_t g, std::uint32_t h) { return (std::uint64_t(g) << 32) | h; }

} // namespace cgt::detail
