#include "cache/cache.h"
#include "cache/fifo.h"

#include "support.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <random>
#include <span>
#include <string>
#include <vector>

using cache::Cache;
using cache::FifoPolicy;
using cache::Key;
using test_support::hits;
using test_support::letters;

namespace {

// FIFO: the residents in insertion order; a miss on a full cache drops the first one.
std::string reference_fifo(std::size_t capacity, std::span<const Key> trace) {
  std::vector<Key> residents; // oldest first
  std::string out;
  for (const Key k : trace) {
    if (std::find(residents.begin(), residents.end(), k) != residents.end()) {
      out += 'h';
      continue;
    }
    out += 'm';
    if (residents.size() == capacity)
      residents.erase(residents.begin());
    residents.push_back(k);
  }
  return out;
}

} // namespace

TEST_CASE("FIFO on hand-worked traces", "[cache]") {
  // capacity, trace, expected hit (h) / miss (m) per lookup; hand calculation, residents oldest first:
  //   abaca, 2: a b [a b] | a hit, nothing moves | c evicts a, the oldest, hit or not: [b c] |
  //             a evicts b: [c a].  (LRU would have kept a: mmhmh.)
  //   abcdabeabcde, 3: a b c [a b c] | d evicts a [b c d] | a evicts b [c d a] | b evicts c
  //             [d a b] | e evicts d [a b e] | a hit | b hit | c evicts a [b e c] | d evicts b
  //             [e c d] | e hit.  9 misses.
  //   abcdabeabcde, 4: a b c d [a b c d] | a hit | b hit | e evicts a [b c d e] | a evicts b
  //             [c d e a] | b evicts c | c evicts d | d evicts e | e evicts a.  10 misses:
  //             the larger cache misses more, the textbook instance of Belady's anomaly (Belady,
  //             Nelson and Shedler, CACM 1969), 1 2 3 4 1 2 5 1 2 3 4 5 written in letters.
  static const struct Row {
    std::size_t capacity;
    const char* trace;
    const char* expected;
  } rows[] = {
      {2, "abaca", "mmhmm"},
      {3, "abcdabeabcde", "mmmmmmmhhmmh"},
      {4, "abcdabeabcde", "mmmmhhmmmmmm"},
  };
  for (const Row& row : rows) {
    CAPTURE(row.capacity, row.trace);
    Cache<FifoPolicy> c(row.capacity);
    CHECK(hits(c, letters(row.trace)) == row.expected);
  }
}

TEST_CASE("FIFO agrees with a brute-force reference on seeded random traces", "[cache]") {
  // capacity, universe of keys, seed; reference: reference_fifo above. Halfway through, the cache
  // is copied and the copy must carry on exactly as the original.
  static const struct Row {
    std::size_t capacity;
    std::size_t universe;
    std::uint64_t seed;
  } rows[] = {{1, 4, 1}, {2, 6, 2}, {3, 10, 3}, {4, 12, 4}, {5, 16, 5}, {8, 40, 6}, {13, 30, 7}, {16, 50, 8}, {33, 100, 9}};
  for (const Row& row : rows) {
    CAPTURE(row.capacity, row.universe, row.seed);
    const std::vector<Key> trace = test_support::repeating_skewed_trace(3000, row.universe, row.seed);
    const std::span<const Key> first = std::span<const Key>(trace).first(1500), rest = std::span<const Key>(trace).subspan(1500);
    Cache<FifoPolicy> c(row.capacity);
    const std::string before = hits(c, first);
    const std::string after = test_support::hits_checking_copy(c, rest);
    CHECK(before + after == reference_fifo(row.capacity, trace));
  }
}
