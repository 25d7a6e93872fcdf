#include "cache/cache.h"
#include "cache/sieve.h"
#include "support/synthetic_traces.h"

#include "support.h"

#include <catch2/catch.hpp>

using cache::Cache;
using cache::SievePolicy;
using test_support::hits;
using test_support::letters;

TEST_CASE("SIEVE on a hand-worked trace", "[cache]") {
  // capacity 3, trace abcadbeac; hand calculation (queue newest first, * = visited):
  //   a b c -> [c b a] | a hit: [c b a*] | d: the hand starts at the tail a*, clears it, moves to
  //   b (unvisited): evicts b, hand -> c; [d c a] | b: hand at c: evicts c, hand -> d; [b d a] |
  //   e: evicts d, hand -> b; [e b a] | a hits (LRU would have evicted it at d) | c: hand at b:
  //   evicts b; [c e a*].
  Cache<SievePolicy> c(3);
  CHECK(hits(c, letters("abcadbeac")) == "mmmhmmmhm");
}

TEST_CASE("SIEVE agrees with a brute-force reference on seeded random traces", "[cache]") {
  // capacity, universe, seed; reference: test_support::reference_sieve
  static const struct Row {
    std::size_t capacity;
    std::size_t universe;
    std::uint64_t seed;
  } rows[] = {{1, 4, 1}, {2, 5, 2}, {3, 10, 3}, {5, 12, 4}, {8, 40, 5}, {16, 30, 6}, {33, 100, 7}};
  for (const Row& row : rows) {
    CAPTURE(row.capacity, row.universe, row.seed);
    const auto trace = support::zipf_trace(3000, row.universe, 0.8, row.seed);
    Cache<SievePolicy> c(row.capacity);
    CHECK(hits(c, trace) == test_support::reference_sieve(row.capacity, trace));
  }
}
