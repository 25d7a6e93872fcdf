#include "cache/cache.h"
#include "cache/lru.h"
#include "support/synthetic_traces.h"

#include "support.h"

#include <catch2/catch.hpp>

using cache::Cache;
using cache::LruPolicy;
using test_support::hits;
using test_support::letters;

TEST_CASE("LRU on hand-worked traces", "[cache]") {
  // capacity, trace, expected hit (h) / miss (m) per lookup; hand calculation, front = most recent:
  //   abcadabcda, 3: a b c | a hit [a c b] | d evicts b | a hit | b evicts c | c evicts d | d evicts a | a evicts b
  //   abacbdab, 2:   [b a] a hit [a b] | c evicts b | b evicts a | d evicts c | a evicts b | b evicts d
  //   aabba, 1:      every repeat of the last key hits
  //   aabca, 2:      the scan b c pushes the frequent a out
  static const struct Row {
    std::size_t capacity;
    const char* trace;
    const char* expected;
  } rows[] = {
      {3, "abcadabcda", "mmmhmhmmmm"},
      {2, "abacbdab", "mmhmmmmm"},
      {1, "aabba", "mhmhm"},
      {2, "aabca", "mhmmm"},
  };
  for (const Row& row : rows) {
    CAPTURE(row.capacity, row.trace);
    Cache<LruPolicy> c(row.capacity);
    CHECK(hits(c, letters(row.trace)) == row.expected);
  }
}

TEST_CASE("LRU agrees with a brute-force reference on seeded random traces", "[cache]") {
  // capacity, universe of keys, seed; reference: test_support::reference_lru
  static const struct Row {
    std::size_t capacity;
    std::size_t universe;
    std::uint64_t seed;
  } rows[] = {{1, 4, 1}, {2, 5, 2}, {3, 10, 3}, {5, 12, 4}, {8, 40, 5}, {16, 30, 6}, {33, 100, 7}};
  for (const Row& row : rows) {
    CAPTURE(row.capacity, row.universe, row.seed);
    const auto trace = support::zipf_trace(3000, row.universe, 0.8, row.seed);
    Cache<LruPolicy> c(row.capacity);
    CHECK(hits(c, trace) == test_support::reference_lru(row.capacity, trace));
  }
}
