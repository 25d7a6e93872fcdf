// Internal: SplitMix64 (Steele, Lea and Flood, "Fast splittable pseudorandom number generators",
// OOPSLA 2014), the seeded generator of the randomised rules (LeCaR, CACHEUS). Its whole state is
// one word, so copying a policy copies its future draws and a seed fixes every run: two caches
// built with the same seed and fed the same lookups evict the same keys.
#pragma once

#include <cstdint>

namespace cache::detail {

class SplitMix64 {
public:
  explicit SplitMix64(std::uint64_t seed = 0) : state_(seed) {}

  std::uint64_t next() {
    std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }

  // Uniform on [0, 1) in steps of 2^-53 (the top 53 bits), so `uniform() < w` is never true for
  // w = 0 and always true for w = 1.
  double uniform() { return double(next() >> 11) * 0x1.0p-53; }

private:
  std::uint64_t state_;
};

} // namespace cache::detail
