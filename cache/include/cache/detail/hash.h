// Internal: the one hash of 64-bit keys used by every index in the module. Keys are chosen by
// callers and may be small consecutive integers, so the hash is a full avalanche mix (the
// MurmurHash3 fmix64 finaliser), whose low bits are as good as its high bits.
#pragma once

#include <cstdint>

namespace cache::detail {

constexpr std::uint64_t mix64(std::uint64_t x) {
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdULL;
  x ^= x >> 33;
  x *= 0xc4ceb9fe1a85ec53ULL;
  x ^= x >> 33;
  return x;
}

// The smallest power of two that is at least n (n >= 1).
constexpr std::size_t next_pow2(std::size_t n) {
  std::size_t p = 1;
  while (p < n)
    p <<= 1;
  return p;
}

} // namespace cache::detail
