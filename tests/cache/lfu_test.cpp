#include "cache/cache.h"
#include "cache/lfu.h"
#include "support/synthetic_traces.h"

#include "support.h"

#include <catch2/catch.hpp>

using cache::Cache;
using cache::LfuPolicy;
using test_support::hits;
using test_support::letters;

TEST_CASE("LFU on hand-worked traces", "[cache]") {
  // capacity, trace, expected; hand calculation, counts in brackets:
  //   aabcbca, 2: a[2] is banked early; b, c, b, c each evict the other newcomer (count 1),
  //              the ratchet; a hits at the end
  //   abbacab, 2: a[2] b[2] tie when c arrives: the least recently used (b) goes, so a hits and
  //              b misses (most-recent tie-breaking would have evicted a)
  //   abacb, 2:   c evicts b[1], not a[2]; then b evicts c[1]
  static const struct Row {
    std::size_t capacity;
    const char* trace;
    const char* expected;
  } rows[] = {
      {2, "aabcbca", "mhmmmmh"},
      {2, "abbacab", "mmhhmhm"},
      {2, "abacb", "mmhmm"},
  };
  for (const Row& row : rows) {
    CAPTURE(row.capacity, row.trace);
    Cache<LfuPolicy> c(row.capacity);
    CHECK(hits(c, letters(row.trace)) == row.expected);
  }
}

TEST_CASE("LFU agrees with a brute-force reference on seeded random traces", "[cache]") {
  // capacity, universe, seed; reference: test_support::reference_lfu with no halving
  static const struct Row {
    std::size_t capacity;
    std::size_t universe;
    std::uint64_t seed;
  } rows[] = {{1, 4, 1}, {2, 5, 2}, {3, 10, 3}, {5, 12, 4}, {8, 40, 5}, {16, 30, 6}, {33, 100, 7}};
  for (const Row& row : rows) {
    CAPTURE(row.capacity, row.universe, row.seed);
    const auto trace = support::zipf_trace(3000, row.universe, 0.8, row.seed);
    Cache<LfuPolicy> c(row.capacity);
    CHECK(hits(c, trace) == test_support::reference_lfu(row.capacity, trace, 0));
  }
}
