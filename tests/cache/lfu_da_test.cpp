#include "cache/cache.h"
#include "cache/lfu.h"
#include "cache/lfu_da.h"

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
using cache::Key;
using cache::LfuDaPolicy;
using test_support::hits;
using test_support::letters;

TEST_CASE("LFU-DA on hand-worked traces", "[cache]") {
  // Hand calculation, capacity 2; K = L + F in brackets, L the inflation:
  //   aaaabcbcbcbc: a[1] a[2] a[3] a[4] | b[1] (L = 0) | c: evict b[1], L = 1, c[2] |
  //     b: evict c[2] (a[4] is larger), L = 2, b[3] | c: evict b[3], L = 3, c[4] |
  //     b: a[4] and c[4] tie, a is the least recently used: evict a, L = 4, b[5] |
  //     c hits: c[4 + 2 = 6] | b hits: b[6] | c hits.
  //   The inflation lets the newcomers overtake a, which stopped being used after four uses;
  //   plain LFU keeps a for ever and b and c evict each other to the end: mhhhmmmmmmmm.
  //   aabcddcec: a[1] a[2] | b[1] | c: evict b[1], L = 1, c[2] | d: a[2] and c[2] tie, a is the
  //     least recently used: evict a, L = 2, d[3] | d hits: d[2 + 2 = 4] | c hits: c[2 + 2 = 4],
  //     from the current L, not c's old K + 1 = 3 | e: d[4] and c[4] tie, evict d (older use),
  //     L = 4, e[5] | c hits. Had a hit added one to the old K, c[3] would have gone at e and
  //     missed at the end.
  // capacity, trace, expected, L at the end
  static const struct Row {
    std::size_t capacity;
    const char* trace;
    const char* expected;
    std::uint64_t inflation;
  } rows[] = {
      {2, "aaaabcbcbcbc", "mhhhmmmmmhhh", 4},
      {2, "aabcddcec", "mhmmmhhmh", 4},
  };
  for (const Row& row : rows) {
    CAPTURE(row.capacity, row.trace);
    Cache<LfuDaPolicy> c(row.capacity);
    CHECK(hits(c, letters(row.trace)) == row.expected);
    CHECK(c.policy().inflation() == row.inflation);
  }

  // The same first trace under plain LFU, for contrast.
  Cache<cache::LfuPolicy> lfu(2);
  CHECK(hits(lfu, letters("aaaabcbcbcbc")) == "mhhhmmmmmmmm");
}

TEST_CASE("LFU-DA keeps K = L + F with the L of each entry's last use", "[cache]") {
  // After aaaabcbcb (the first hand trace up to the b that evicts a): L = 4, b was inserted at
  // L = 4 with F = 1 (K = 5); c was inserted at L = 3 (K = 4).
  Cache<LfuDaPolicy> c(2);
  hits(c, letters("aaaabcbcb"));
  const LfuDaPolicy& p = c.policy();
  REQUIRE(p.inflation() == 4);
  const auto b = c.slot_of(2), cc = c.slot_of(3);
  REQUIRE(b != cache::NO_SLOT);
  REQUIRE(cc != cache::NO_SLOT);
  CHECK(p.count(b) == 1);
  CHECK(p.value(b) == 5);
  CHECK(p.count(cc) == 1);
  CHECK(p.value(cc) == 4);
  c.access(3); // c hits: F = 2, K = L + 2 = 6
  CHECK(p.count(cc) == 2);
  CHECK(p.value(cc) == 6);
}

TEST_CASE("LFU-DA agrees with a brute-force reference on seeded random traces", "[cache]") {
  // capacity, universe, seed; 3000 lookups skewed over a window that moves every 500 lookups
  static const struct Row {
    std::size_t capacity;
    std::size_t universe;
    std::uint64_t seed;
  } rows[] = {{1, 4, 1}, {2, 6, 2}, {3, 10, 3}, {5, 16, 4}, {10, 30, 5}, {16, 40, 6}, {25, 60, 7}, {40, 120, 8}};
  for (const Row& row : rows) {
    CAPTURE(row.capacity, row.universe, row.seed);
    const auto trace = test_support::sliding_window_trace(3000, row.universe, 500, row.seed);
    Cache<LfuDaPolicy> c(row.capacity);
    std::uint64_t inflation = 0;
    std::vector<std::pair<Key, std::uint64_t>> values;
    CHECK(hits(c, trace) == test_support::reference_gdsf(row.capacity, trace, cache::CostTable{}, inflation, values)); // unit costs: LFU-DA
    CHECK(c.policy().inflation() == inflation);
  }
}
