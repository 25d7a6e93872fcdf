#include "cache/aged_lfu.h"
#include "cache/cache.h"
#include "cache/lfu.h"
#include "cache/lru.h"
#include "support/synthetic_traces.h"

#include "support.h"

#include <catch2/catch.hpp>

#include <stdexcept>

using cache::AgedLfuPolicy;
using cache::Cache;
using test_support::hits;
using test_support::letters;

TEST_CASE("aged LFU on a hand-worked trace, against LFU and LRU", "[cache]") {
  // trace aaabcbcba, capacity 2; hand calculation. With H = 2 counts are floor-halved before
  // lookups 2, 4, 6 and 8 (0-based):
  //   0 a m a1 | 1 a h a2 | halve a1 | 2 a h a2 | 3 b m b1 | halve a1 b0 | 4 c m evicts b0, c1 |
  //   5 b m: a1 and c1 tie, a is older: evicts a | halve c0 b0 | 6 c h | 7 b h | halve | 8 a m.
  // LFU keeps a[3] for ever and thrashes b and c (the ratchet); LRU keeps b and c but loses a.
  // policy half-life (0: LFU, never halved), expected
  static const struct Row {
    std::uint64_t half_life;
    const char* expected;
  } rows[] = {
      {2, "mhhmmmhhm"}, {0, "mhhmmmmmh"}, {1, "mhhmmhhhm"}, // H = 1 is LRU
  };
  const auto trace = letters("aaabcbcba");
  for (const Row& row : rows) {
    CAPTURE(row.half_life);
    Cache<AgedLfuPolicy> c(2, AgedLfuPolicy(row.half_life ? row.half_life : AgedLfuPolicy::NEVER));
    CHECK(hits(c, trace) == row.expected);
  }
  Cache<cache::LruPolicy> lru(2);
  CHECK(hits(lru, trace) == "mhhmmhhhm");
}

TEST_CASE("aged LFU agrees with a brute-force reference on seeded random traces", "[cache]") {
  // capacity, universe, half-life, seed; reference: test_support::reference_lfu
  static const struct Row {
    std::size_t capacity;
    std::size_t universe;
    std::uint64_t half_life;
    std::uint64_t seed;
  } rows[] = {{1, 4, 1, 1},   {2, 5, 2, 2},    {3, 10, 3, 3},   {5, 12, 7, 4},
              {8, 40, 16, 5}, {16, 30, 50, 6}, {33, 100, 8, 7}, {40, 200, 1000, 8}};
  for (const Row& row : rows) {
    CAPTURE(row.capacity, row.universe, row.half_life, row.seed);
    const auto trace = support::zipf_trace(4000, row.universe, 0.8, row.seed);
    Cache<AgedLfuPolicy> c(row.capacity, AgedLfuPolicy(row.half_life));
    CHECK(hits(c, trace) == test_support::reference_lfu(row.capacity, trace, row.half_life));
  }
}

TEST_CASE("aged LFU limits: a huge half-life is LFU, a half-life of 1 is LRU", "[cache]") {
  // H = 1 is exact on every trace: after any lookup each resident count is at most 1 and it is
  // floor-halved to 0 before the next lookup, so at every eviction all counts are 0 and the
  // least-recently-used tie-break alone decides. H larger than the trace never halves.
  // capacity, universe, exponent, seed
  static const struct Row {
    std::size_t capacity;
    std::size_t universe;
    double exponent;
    std::uint64_t seed;
  } rows[] = {{1, 3, 1.0, 1}, {4, 10, 0.6, 2}, {10, 100, 1.0, 3}, {40, 300, 0.8, 4}, {100, 5000, 1.2, 5}};
  for (const Row& row : rows) {
    CAPTURE(row.capacity, row.universe, row.exponent, row.seed);
    const auto trace = support::zipf_trace(20000, row.universe, row.exponent, row.seed);
    Cache<AgedLfuPolicy> huge(row.capacity, AgedLfuPolicy(trace.size() + 1)), one(row.capacity, AgedLfuPolicy(1));
    Cache<cache::LfuPolicy> lfu(row.capacity);
    Cache<cache::LruPolicy> lru(row.capacity);
    CHECK(hits(huge, trace) == hits(lfu, trace));
    CHECK(hits(one, trace) == hits(lru, trace));
  }
}

TEST_CASE("aged LFU refuses a half-life of 0", "[cache]") { CHECK_THROWS_WITH(AgedLfuPolicy(0), Catch::Contains("at least one lookup")); }
