#include "cache/best_fixed.h"
#include "cache/cache.h"
#include "support/synthetic_traces.h"

#include "support.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <map>

using cache::BestFixedPolicy;
using cache::Cache;
using test_support::hits;
using test_support::letters;

TEST_CASE("best fixed table on hand-worked traces", "[cache]") {
  // capacity 2; hand calculation:
  //   abacabdb: counts a3 b3 c1 d1, the table is {a, b}; c and d are never stored; hits are the
  //             lookups of a and b minus their first ones: 6 - 2 = 4.
  //   cababc:   counts all 2; ties go to the earlier first lookup, so the table is {c, a}.
  // trace, expected, bypasses
  static const struct Row {
    const char* trace;
    const char* expected;
    std::uint64_t bypasses;
  } rows[] = {
      {"abacabdb", "mmhmhhmh", 2},
      {"cababc", "mmmhmh", 2},
  };
  for (const Row& row : rows) {
    CAPTURE(row.trace);
    const auto trace = letters(row.trace);
    Cache<BestFixedPolicy> c(2, BestFixedPolicy(trace));
    CHECK(hits(c, trace) == row.expected);
    CHECK(c.stats().bypasses == row.bypasses);
    CHECK(c.stats().evictions == 0);
  }
}

TEST_CASE("best fixed table hits equal the top-K lookups minus K", "[cache]") {
  // capacity, universe, seed; the K most looked-up keys, each missed once
  static const struct Row {
    std::size_t capacity;
    std::size_t universe;
    std::uint64_t seed;
  } rows[] = {{1, 10, 1}, {5, 50, 2}, {40, 1000, 3}, {500, 300, 4}};
  for (const Row& row : rows) {
    CAPTURE(row.capacity, row.universe, row.seed);
    const auto trace = support::zipf_trace(5000, row.universe, 0.9, row.seed);
    std::map<cache::Key, std::uint64_t> count;
    for (const auto k : trace)
      ++count[k];
    std::vector<std::uint64_t> counts;
    for (const auto& [k, n] : count)
      counts.push_back(n);
    std::sort(counts.rbegin(), counts.rend());
    std::uint64_t expected = 0;
    const std::size_t k = std::min(row.capacity, counts.size());
    for (std::size_t i = 0; i < k; ++i)
      expected += counts[i] - 1;
    Cache<BestFixedPolicy> c(row.capacity, BestFixedPolicy(trace));
    hits(c, trace);
    CHECK(c.stats().hits == expected);
    CHECK(c.size() == k);
  }
}
