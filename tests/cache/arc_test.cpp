#include "cache/arc.h"
#include "cache/cache.h"
#include "cache/lru.h"
#include "support/synthetic_traces.h"

#include "support.h"

#include <catch2/catch.hpp>

using cache::ArcPolicy;
using cache::Cache;
using test_support::hits;
using test_support::letters;

TEST_CASE("ARC on hand-worked traces", "[cache]") {
  // capacity 2; hand calculation after Megiddo and Modha, Fig. 4 (p = target size of T1):
  //   aabcab: a -> T1 | a hit -> T2 | b -> T1 | c: case IV.B, |T1| = 1 > p = 0, b to ghost B1 |
  //           a hits in T2 (LRU would have lost it to the scan) | b: ghost hit in B1, p = 1,
  //           |T1| = 1 is not > p, so a leaves T2 for B2; b -> T2.   T1 c, T2 b, B1 -, B2 a.
  //   abacbda: a b -> T1 | a hit -> T2 | c: b to B1 | b: B1 hit, p = 1, a to B2, b -> T2 |
  //           d: case IV.B, |T1| = 1 not > 1, b to B2, d -> T1 | a: B2 hit, p = 0, |T1| = 2 > 0,
  //           c to B1, a -> T2.   T1 d, T2 a, B1 c, B2 b.
  // trace, expected, p, |T1|, |T2|, |B1|, |B2| at the end
  static const struct Row {
    const char* trace;
    const char* expected;
    std::size_t p, t1, t2, b1, b2;
  } rows[] = {
      {"aabcab", "mhmmhm", 1, 1, 1, 0, 1},
      {"abacbda", "mmhmmmm", 0, 1, 1, 1, 1},
  };
  for (const Row& row : rows) {
    CAPTURE(row.trace);
    Cache<ArcPolicy> c(2);
    CHECK(hits(c, letters(row.trace)) == row.expected);
    const ArcPolicy& arc = c.policy();
    CHECK(arc.target_t1() == row.p);
    CHECK(arc.t1_size() == row.t1);
    CHECK(arc.t2_size() == row.t2);
    CHECK(arc.b1_size() == row.b1);
    CHECK(arc.b2_size() == row.b2);
  }
}

TEST_CASE("ARC keeps its list invariants on seeded random traces", "[cache]") {
  // The invariants of the paper's DBL(2c): |T1| + |T2| <= c, |T1| + |B1| <= c, all four <= 2c,
  // 0 <= p <= c; the cache is full once it has filled. capacity, universe, seed
  static const struct Row {
    std::size_t capacity;
    std::size_t universe;
    std::uint64_t seed;
  } rows[] = {{1, 3, 1}, {2, 6, 2}, {5, 20, 3}, {16, 60, 4}, {64, 400, 5}};
  for (const Row& row : rows) {
    CAPTURE(row.capacity, row.universe, row.seed);
    const auto trace = support::switching_trace(6000, row.universe, 0.9, 1000, row.seed);
    Cache<ArcPolicy> c(row.capacity);
    for (const auto k : trace) {
      c.access(k);
      const ArcPolicy& a = c.policy();
      REQUIRE(a.t1_size() + a.t2_size() == c.size());
      REQUIRE(a.t1_size() + a.b1_size() <= row.capacity);
      REQUIRE(a.t1_size() + a.t2_size() + a.b1_size() + a.b2_size() <= 2 * row.capacity);
      REQUIRE(a.target_t1() <= row.capacity);
    }
    // On a switching working set ARC should not lose to LRU by much, and usually wins.
    Cache<cache::LruPolicy> lru(row.capacity);
    for (const auto k : trace)
      lru.access(k);
    CHECK(c.stats().hits + trace.size() / 50 >= lru.stats().hits);
  }
}
