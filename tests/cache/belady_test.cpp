#include "cache/belady.h"
#include "cache/cache.h"
#include "cache/lru.h"
#include "support/synthetic_traces.h"

#include "support.h"

#include <catch2/catch.hpp>

#include <memory>

using cache::BeladyPolicy;
using cache::Bypass;
using cache::Cache;
using cache::Future;
using test_support::hits;
using test_support::letters;

namespace {

Cache<BeladyPolicy> belady(std::size_t capacity, const std::vector<cache::Key>& trace, Bypass bypass) {
  return Cache<BeladyPolicy>(capacity, BeladyPolicy(std::make_shared<const Future>(trace), bypass));
}

} // namespace

TEST_CASE("Belady on a hand-worked trace, with and without bypass", "[cache]") {
  // capacity 2, trace abcabdca (indices 0-7); hand calculation, next use in brackets:
  //   no bypass: a[3] b[4] | c evicts the farther, b[4] | a hit, a[7] | b evicts a[7] |
  //              d evicts b[never] | c hit | a misses: 2 hits.
  //   bypass:    c[6] is farther than every resident (a[3], b[4]): not stored | a hit | b hit |
  //              d and c are never used again: not stored | a hit: 3 hits.
  // bypass, expected
  static const struct Row {
    Bypass bypass;
    const char* expected;
  } rows[] = {
      {Bypass::no, "mmmhmmhm"},
      {Bypass::yes, "mmmhhmmh"},
  };
  const auto trace = letters("abcabdca");
  for (const Row& row : rows) {
    CAPTURE(row.bypass == Bypass::yes);
    auto c = belady(2, trace, row.bypass);
    CHECK(hits(c, trace) == row.expected);
    CHECK(c.stats().bypasses == (row.bypass == Bypass::yes ? 3u : 0u));
  }
}

TEST_CASE("Belady agrees with a brute-force reference and beats LRU", "[cache]") {
  // capacity, universe, seed; reference: test_support::reference_belady (ties between keys never
  // used again cannot change any later hit, so hit strings must match exactly)
  static const struct Row {
    std::size_t capacity;
    std::size_t universe;
    std::uint64_t seed;
  } rows[] = {{1, 4, 1}, {2, 5, 2}, {3, 10, 3}, {5, 12, 4}, {8, 40, 5}, {16, 30, 6}, {20, 100, 7}};
  for (const Row& row : rows) {
    CAPTURE(row.capacity, row.universe, row.seed);
    const auto trace = support::zipf_trace(1500, row.universe, 0.8, row.seed);
    auto plain = belady(row.capacity, trace, Bypass::no);
    auto bypass = belady(row.capacity, trace, Bypass::yes);
    Cache<cache::LruPolicy> lru(row.capacity);
    const std::string p = hits(plain, trace), b = hits(bypass, trace);
    hits(lru, trace);
    CHECK(p == test_support::reference_belady(row.capacity, trace, false));
    CHECK(b == test_support::reference_belady(row.capacity, trace, true));
    CHECK(plain.stats().hits >= lru.stats().hits);
    CHECK(bypass.stats().hits >= plain.stats().hits);
  }
}

TEST_CASE("Future finds next uses in and out of trace order", "[cache]") {
  // trace a b a c a (keys 1 2 1 3 1); key, from, expected next use (index of the first lookup
  // of key at or after from)
  const Future future(letters("abaca"));
  static const struct Row {
    cache::Key key;
    std::uint64_t from;
    std::uint64_t expected;
  } rows[] = {
      {1, 1, 2}, // fast path: lookup 0 was a, next a at 2
      {1, 3, 4}, // slow path
      {2, 2, Future::NEVER_AGAIN},
      {3, 0, 3},
      {9, 0, Future::NEVER_AGAIN},
      {1, 5, Future::NEVER_AGAIN},
  };
  for (const Row& row : rows) {
    CAPTURE(row.key, row.from);
    CHECK(future.next_use(row.key, row.from) == row.expected);
  }
}
