// Test support: seeded synthetic lookup traces for tests and benchmarks, with a known right answer
// for the half-life question: a stationary Zipf distribution (frequency is all that matters, so
// the longest half-life is best), a working set replaced abruptly every `phase` lookups, and a
// popularity ranking that drifts slowly. Everything, the random numbers included, is computed
// here rather than by <random>'s distributions, so a seed gives the same trace on every platform.
#pragma once

#include "cache/key.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace support {

using cache::Key;

// SplitMix64 (Steele, Lea and Flood, "Fast splittable pseudorandom number generators", 2014): a
// tiny seeded generator with a full 64-bit period.
class SplitMix64 {
public:
  explicit SplitMix64(std::uint64_t seed) : state_(seed) {}
  std::uint64_t operator()() {
    std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }
  // Uniform in [0, 1).
  double uniform() { return double((*this)() >> 11) * 0x1.0p-53; }

private:
  std::uint64_t state_;
};

// Ranks 0..n-1 with P(rank r) proportional to 1 / (r + 1)^exponent, by inverse CDF.
class Zipf {
public:
  Zipf(std::size_t n, double exponent);
  std::size_t operator()(SplitMix64& rng) const;

private:
  std::vector<double> cumulative_;
};

// `length` lookups of keys 0..universe-1 drawn independently from Zipf(universe, exponent).
std::vector<Key> zipf_trace(std::size_t length, std::size_t universe, double exponent, std::uint64_t seed);

// A Zipf working set of `universe` keys that is replaced by a disjoint one every `phase`
// lookups: phase p draws its keys from p * universe .. (p + 1) * universe - 1.
std::vector<Key> switching_trace(std::size_t length, std::size_t universe, double exponent, std::size_t phase, std::uint64_t seed);

// A Zipf ranking over an unbounded line of keys whose centre slides by one key every `step` lookups:
// at lookup t the rank of key k grows with its distance from universe + t / step (rank 0 at the
// centre, 1 and 2 just after and before it, and so on), so every key warms up and cools off
// gradually as the centre passes it.
std::vector<Key> drifting_trace(std::size_t length, std::size_t universe, double exponent, std::size_t step, std::uint64_t seed);

} // namespace support
