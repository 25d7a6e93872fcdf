#include "cache/any_cache.h"
#include "cache/cache.h"
#include "cache/lru.h"
#include "cache/stats.h"
#include "support/synthetic_traces.h"

#include "support.h"

#include <catch2/catch.hpp>

#include <cstdint>
#include <set>
#include <stdexcept>

using cache::Cache;
using cache::LruPolicy;
using cache::RuleSpec;
using test_support::letters;

TEST_CASE("statistics split misses into first-time misses and re-evaluations", "[cache]") {
  // capacity, trace, lookups, hits, first-time misses, re-evaluations, evictions; LRU, by hand:
  //   aba c a, 1: a b a c a all miss; a returns twice after eviction (2 re-evaluations)
  //   abcabc, 3:  three first-time misses, then three hits
  //   abcabc, 2:  LRU thrashes: three first-time misses, three re-evaluations
  static const struct Row {
    std::size_t capacity;
    const char* trace;
    std::uint64_t lookups, hits, first_time, re_evaluations, evictions;
  } rows[] = {
      {1, "abaca", 5, 0, 3, 2, 4},
      {3, "abcabc", 6, 3, 3, 0, 0},
      {2, "abcabc", 6, 0, 3, 3, 4},
  };
  for (const Row& row : rows) {
    CAPTURE(row.capacity, row.trace);
    Cache<LruPolicy> c(row.capacity);
    for (const auto k : letters(row.trace))
      c.access(k);
    const cache::Stats& s = c.stats();
    CHECK(s.lookups == row.lookups);
    CHECK(s.hits == row.hits);
    CHECK(s.misses == row.lookups - row.hits);
    CHECK(s.first_time_misses == row.first_time);
    CHECK(s.re_evaluations == row.re_evaluations);
    CHECK(s.evictions == row.evictions);
  }
}

TEST_CASE("statistics invariants hold for every rule", "[cache]") {
  // rule, capacity; on a seeded switching trace (so that every rule evicts)
  static const struct Row {
    const char* rule;
    std::size_t capacity;
  } rows[] = {
      {"lru", 1},       {"lru", 17},       {"lfu", 17},          {"aged-lfu:1", 17},    {"aged-lfu:64", 17},
      {"arc", 17},      {"sieve", 17},     {"belady", 17},       {"belady-bypass", 17}, {"best-fixed", 17},
      {"adaptive", 17}, {"adaptive:1", 3}, {"belady-bypass", 1}, {"sieve", 1},          {"arc", 1},
  };
  const auto trace = support::switching_trace(5000, 60, 1.0, 700, 42);
  const std::size_t distinct = std::set<cache::Key>(trace.begin(), trace.end()).size();
  for (const Row& row : rows) {
    CAPTURE(row.rule, row.capacity);
    const auto c = cache::make_cache(RuleSpec::parse(row.rule), row.capacity, trace);
    std::uint64_t hits = 0;
    for (const auto k : trace)
      hits += c->access(k);
    const cache::Stats& s = c->stats();
    CHECK(s.lookups == trace.size());
    CHECK(s.hits == hits);
    CHECK(s.hits + s.misses == s.lookups);
    CHECK(s.first_time_misses + s.re_evaluations == s.misses);
    CHECK(s.insertions + s.bypasses == s.misses);
    CHECK(s.evictions <= s.insertions);
    CHECK(s.insertions - s.evictions <= row.capacity);
    CHECK(s.first_time_misses == distinct); // every key is met for the first time once
  }
}

TEST_CASE("a value-carrying cache returns what was stored", "[cache]") {
  // Operations on a 2-entry LRU cache of uint32 values, in order: key, value to insert (0 for a
  // find), expected find result (0 for a miss); hand calculation
  static const struct Row {
    cache::Key key;
    std::uint32_t insert;
    std::uint32_t found;
  } rows[] = {
      {1, 0, 0},  {1, 10, 0}, {2, 0, 0},  {2, 20, 0}, {1, 0, 10}, // 1 is now most recent
      {3, 30, 0},                                                 // evicts 2
      {2, 0, 0},  {3, 0, 30}, {1, 0, 10}, {1, 11, 0},             // overwrite a resident value
      {1, 0, 11},
  };
  Cache<LruPolicy, std::uint32_t> c(2);
  for (const Row& row : rows) {
    CAPTURE(row.key, row.insert);
    if (row.insert) {
      c.insert(row.key, row.insert);
      continue;
    }
    const std::uint32_t* v = c.find(row.key);
    CHECK((v ? *v : 0u) == row.found);
  }
  CHECK(c.stats().hits + c.stats().misses == c.stats().lookups);
}

TEST_CASE("nested evaluation: insert after other lookups, and of a key stored meanwhile", "[cache]") {
  // A solver evaluates region a by evaluating b first: find a, find b, insert b, insert a. Then
  // a key stored by a nested evaluation is stored again: its value is overwritten, nothing evicted.
  Cache<LruPolicy, std::uint32_t> c(2);
  CHECK(c.find(1) == nullptr);
  CHECK(c.find(2) == nullptr);
  CHECK(!c.insert(2, 200));
  CHECK(!c.insert(1, 100));
  CHECK(*c.find(2) == 200);
  CHECK(c.insert(3, 300) == cache::Key{1}); // a is the least recently used
  CHECK(!c.insert(3, 301));
  CHECK(*c.find(3) == 301);
  CHECK(c.stats().evictions == 1);
  CHECK(c.size() == 2);
}

TEST_CASE("capacities out of range are refused", "[cache]") {
  // capacity, fragment of the message
  static const struct Row {
    std::size_t capacity;
    const char* message;
  } rows[] = {{0, "from 1 to 2^31 - 1, got 0"}, {std::size_t{1} << 31, "got 2147483648"}};
  for (const Row& row : rows) {
    CAPTURE(row.capacity);
    CHECK_THROWS_AS(Cache<LruPolicy>(row.capacity), std::logic_error);
    CHECK_THROWS_WITH(Cache<LruPolicy>(row.capacity), Catch::Contains(row.message));
  }
}

TEST_CASE("a million-entry cache fills and evicts", "[cache]") {
  // capacity 10^6, 2.5 * 10^6 lookups of 1.5 * 10^6 distinct keys in a cycle: LRU misses all
  constexpr std::size_t CAPACITY = 1'000'000;
  Cache<LruPolicy> c(CAPACITY, LruPolicy(), cache::FirstTime::ignore);
  for (std::uint64_t i = 0; i < 2'500'000; ++i)
    c.access(i % 1'500'000);
  CHECK(c.size() == CAPACITY);
  CHECK(c.stats().hits == 0);
  CHECK(c.stats().evictions == 2'500'000 - CAPACITY);
  CHECK(c.stats().first_time_misses == 0); // tracking switched off
}
