#include "cache/any_cache.h"
#include "cache/cache.h"
#include "cache/cost.h"
#include "cache/gdsf.h"
#include "cache/lfu_da.h"

#include "support.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <random>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

using cache::Cache;
using cache::CostStats;
using cache::CostTable;
using cache::GdsfPolicy;
using cache::Key;
using cache::LfuDaPolicy;
using cache::RuleSpec;
using test_support::hits;
using test_support::letters;

namespace {

// The residents' (key, K) pairs of a GDSF cache, sorted by key.
template <class P>
std::vector<std::pair<Key, std::uint64_t>> resident_values(const Cache<P>& c) {
  std::vector<std::pair<Key, std::uint64_t>> values;
  for (const Key k : c.resident_keys())
    values.emplace_back(k, c.policy().value(c.slot_of(k)));
  std::sort(values.begin(), values.end());
  return values;
}

// A cost from 1 to `max_cost` for every key below `keys` (keys beyond cost 1), from the raw
// std::mt19937_64 stream, which the standard fixes.
CostTable random_costs(std::size_t keys, std::uint64_t max_cost, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<std::uint64_t> by_key(keys);
  for (std::uint64_t& c : by_key)
    c = 1 + rng() % max_cost;
  return CostTable(std::move(by_key));
}

// Letters cost: a = 4, b = 1, c = 2, d = 3 (index 0, no letter, costs 1).
CostTable letter_costs() { return CostTable({1, 4, 1, 2, 3}); }

} // namespace

TEST_CASE("a cost table gives every key its cost and unlisted keys 1", "[cache]") {
  const CostTable unit;
  CHECK(unit.unit());
  for (const Key k : {Key{0}, Key{1}, Key{7}, ~Key{0}})
    CHECK(unit.cost(k) == 1);

  const CostTable table({3, 1, 4});
  CHECK_FALSE(table.unit());
  CHECK(table.cost(0) == 3);
  CHECK(table.cost(1) == 1);
  CHECK(table.cost(2) == 4);
  CHECK(table.cost(3) == 1); // beyond the table
  CHECK(table.cost(~Key{0}) == 1);
  const CostTable copy = table; // copies share the array
  CHECK(copy.cost(2) == 4);

  CHECK_THROWS_AS(CostTable({1, 0, 2}), std::invalid_argument);
  CHECK_THROWS_WITH(CostTable({1, 0, 2}), Catch::Contains("key 1 has cost 0"));
  CHECK_NOTHROW(CostTable(std::vector<std::uint64_t>{}));

  CHECK(CostStats{}.hit_rate() == 0.0);
  CHECK(CostStats{8, 2, 1}.hit_rate() == 0.25);
}

TEST_CASE("GDSF on hand-worked traces with unequal costs", "[cache]") {
  // Hand calculation, capacity 2, costs a = 4, b = 1, c = 2, d = 3; K = L + F * cost in brackets,
  // L the inflation:
  //   abcbacdca: a[0 + 4 = 4] | b[1] | c: evict b[1], L = 1, c[1 + 2 = 3] |
  //     b: evict c[3] (a[4] is larger), L = 3, b[3 + 1 = 4] | a hits: F = 2, a[3 + 2 * 4 = 11] |
  //     c: evict b[4], L = 4, c[4 + 2 = 6] | d: evict c[6], L = 6, d[6 + 3 = 9] |
  //     c: evict d[9], L = 9, c[9 + 2 = 11] | a hits: F = 3, a[9 + 3 * 4 = 21].
  //   Two hits, both on a, the dearest key: 8 units of work saved. LFU-DA (every cost 1) also hits
  //   twice on this trace, but on b and c (mmmhmmmhm), saving 3.
  //   ccdbac: c[2] | c hits: F = 2, c[0 + 2 * 2 = 4] | d[3] | b: evict d[3], L = 3, b[3 + 1 = 4] |
  //     a: c[4] and b[4] tie, c is the least recently used: evict c, L = 4, a[4 + 4 = 8] |
  //     c: evict b[4], L = 4, c[4 + 2 = 6].
  // capacity, trace, expected, L at the end, (key, K) of the residents at the end
  static const struct Row {
    std::size_t capacity;
    const char* trace;
    const char* expected;
    std::uint64_t inflation;
    std::vector<std::pair<Key, std::uint64_t>> values;
  } rows[] = {
      {2, "abcbacdca", "mmmmhmmmh", 9, {{1, 21}, {3, 11}}},
      {2, "ccdbac", "mhmmmm", 4, {{1, 8}, {3, 6}}},
  };
  for (const Row& row : rows) {
    CAPTURE(row.capacity, row.trace);
    Cache<GdsfPolicy> c(row.capacity, GdsfPolicy(letter_costs()));
    CHECK(test_support::hits_checking_copy(c, letters(row.trace)) == row.expected);
    CHECK(c.policy().inflation() == row.inflation);
    CHECK(resident_values(c) == row.values);
  }

  // The first trace under LFU-DA, and both rules' hits weighted by cost, for contrast.
  Cache<LfuDaPolicy> lfu_da(2);
  CHECK(hits(lfu_da, letters("abcbacdca")) == "mmmhmmmhm");
  const auto trace = letters("abcbacdca");
  CHECK(cache::simulate(RuleSpec::parse("gdsf"), 2, trace, letter_costs()).cost.hits == 8);
  CHECK(cache::simulate(RuleSpec::parse("lfu-da"), 2, trace, letter_costs()).cost.hits == 3);
}

TEST_CASE("GDSF keeps each entry's cost, F and K = L + F * cost", "[cache]") {
  // After abcbacdca (the first hand trace): a has F = 3, cost 4, K = 21; c has F = 1, cost 2,
  // K = 11; L = 9. A further c hits: F = 2, K = 9 + 2 * 2 = 13.
  Cache<GdsfPolicy> c(2, GdsfPolicy(letter_costs()));
  hits(c, letters("abcbacdca"));
  const GdsfPolicy& p = c.policy();
  const auto a = c.slot_of(1), cc = c.slot_of(3);
  REQUIRE(a != cache::NO_SLOT);
  REQUIRE(cc != cache::NO_SLOT);
  CHECK(p.count(a) == 3);
  CHECK(p.cost(a) == 4);
  CHECK(p.value(a) == 21);
  CHECK(p.count(cc) == 1);
  CHECK(p.cost(cc) == 2);
  CHECK(p.value(cc) == 11);
  c.access(3);
  CHECK(p.count(cc) == 2);
  CHECK(p.value(cc) == 13);
}

TEST_CASE("set_next_cost overrides the table for the next insertion only", "[cache]") {
  // Capacity 2, table costs a = 4, b = 1, c = 2. a is inserted with cost 10 given at run time
  // (K = 10), b with its table cost (K = 1); c then evicts b, L = 1, and enters at 1 + 2 = 3 with
  // its table cost, the override having been consumed by a. A hit on a gives K = 1 + 2 * 10 = 21.
  Cache<GdsfPolicy> c(2, GdsfPolicy(letter_costs()));
  REQUIRE(c.find(1) == nullptr);
  c.policy().set_next_cost(10);
  c.insert(1);
  CHECK(c.policy().cost(c.slot_of(1)) == 10);
  CHECK(c.policy().value(c.slot_of(1)) == 10);
  REQUIRE(c.find(2) == nullptr);
  c.insert(2);
  CHECK(c.policy().cost(c.slot_of(2)) == 1);
  REQUIRE(c.find(3) == nullptr);
  CHECK(c.insert(3) == Key{2});
  CHECK(c.policy().inflation() == 1);
  CHECK(c.policy().cost(c.slot_of(3)) == 2);
  CHECK(c.policy().value(c.slot_of(3)) == 3);
  CHECK(c.find(1) != nullptr);
  CHECK(c.policy().value(c.slot_of(1)) == 21);

  CHECK_THROWS_AS(c.policy().set_next_cost(0), std::invalid_argument);
}

TEST_CASE("GDSF agrees with a brute-force reference on seeded random traces with random costs", "[cache]") {
  // capacity, universe, largest cost, seed; 3000 lookups of each generator. Costs cover keys
  // below 2 x universe, so the sliding window (which reaches about 3.5 x universe) also looks up
  // keys beyond the table, which cost 1.
  static const struct Row {
    std::size_t capacity;
    std::size_t universe;
    std::uint64_t max_cost;
    std::uint64_t seed;
  } rows[] = {{1, 4, 3, 1},     {2, 6, 5, 2},   {3, 10, 2, 3},     {5, 16, 10, 4},
              {10, 30, 100, 5}, {16, 40, 7, 6}, {25, 60, 1000, 7}, {40, 120, 20, 8}};
  for (const Row& row : rows) {
    CAPTURE(row.capacity, row.universe, row.max_cost, row.seed);
    const CostTable costs = random_costs(2 * row.universe, row.max_cost, row.seed + 100);
    for (const auto& trace : {test_support::sliding_window_trace(3000, row.universe, 500, row.seed),
                              test_support::repeating_skewed_trace(3000, row.universe, row.seed),
                              test_support::zipf_with_scan_trace(3000, row.universe, row.seed)}) {
      Cache<GdsfPolicy> c(row.capacity, GdsfPolicy(costs));
      std::uint64_t inflation = 0;
      std::vector<std::pair<Key, std::uint64_t>> values;
      const std::string expected = test_support::reference_gdsf(row.capacity, trace, costs, inflation, values);
      CHECK(test_support::hits_checking_copy(c, trace) == expected);
      CHECK(c.policy().inflation() == inflation);
      CHECK(resident_values(c) == values);

      // The same costs given one insertion at a time through set_next_cost, with a unit table.
      Cache<GdsfPolicy> given(row.capacity);
      std::string out;
      for (const Key k : trace) {
        if (given.find(k)) {
          out += 'h';
          continue;
        }
        out += 'm';
        given.policy().set_next_cost(costs.cost(k));
        given.insert(k);
      }
      CHECK(out == expected);
      CHECK(resident_values(given) == values);
    }
  }
}

TEST_CASE("LFU-DA is GDSF with unit costs", "[cache]") {
  static_assert(std::is_base_of_v<GdsfPolicy, LfuDaPolicy>);
  static_assert(std::string_view(LfuDaPolicy::NAME) == "lfu-da");
  static_assert(std::string_view(GdsfPolicy::NAME) == "gdsf");
  // capacity, universe, seed
  static const struct Row {
    std::size_t capacity;
    std::size_t universe;
    std::uint64_t seed;
  } rows[] = {{2, 6, 11}, {10, 30, 12}, {40, 120, 13}};
  for (const Row& row : rows) {
    CAPTURE(row.capacity, row.universe, row.seed);
    const auto trace = test_support::sliding_window_trace(3000, row.universe, 500, row.seed);
    Cache<GdsfPolicy> gdsf(row.capacity);
    Cache<LfuDaPolicy> lfu_da(row.capacity);
    CHECK(hits(gdsf, trace) == hits(lfu_da, trace));
    CHECK(gdsf.policy().inflation() == lfu_da.policy().inflation());
    CHECK(resident_values(gdsf) == resident_values(lfu_da));
    for (const Key k : lfu_da.resident_keys())
      CHECK(lfu_da.policy().cost(lfu_da.slot_of(k)) == 1);
    CHECK(cache::simulate(RuleSpec::parse("gdsf"), row.capacity, trace).stats ==
          cache::simulate(RuleSpec::parse("lfu-da"), row.capacity, trace).stats);
  }
}

TEST_CASE("simulate weighs lookups by cost, and unit costs give the plain counts", "[cache]") {
  // Unit costs: for every rule, the weighted lookups, hits and re-evaluations are the counts.
  const auto trace = test_support::zipf_with_scan_trace(5000, 200, 21);
  const CostTable all_ones(std::vector<std::uint64_t>(2000, 1));
  for (const char* rule : {"lru",        "lfu",      "aged-lfu:64", "aged-lfu-ghost:64",
                           "arc",        "sieve",    "belady",      "belady-bypass",
                           "best-fixed", "adaptive", "fifo",        "clock",
                           "slru",       "2q",       "s3-fifo",     "w-tinylfu",
                           "lirs",       "lfu-da",   "hyperbolic",  "lecar",
                           "cacheus",    "gdsf"}) {
    CAPTURE(rule);
    const cache::SimulationResult r = cache::simulate(RuleSpec::parse(rule), 20, trace);
    CHECK(r.cost == CostStats{r.stats.lookups, r.stats.hits, r.stats.re_evaluations});
    CHECK(r.stats.re_evaluations > 0);
    // A table listing cost 1 for every key is not the default one, so simulate weighs each
    // lookup; the sums must still be the counts.
    const cache::SimulationResult ones = cache::simulate(RuleSpec::parse(rule), 20, trace, all_ones);
    CHECK_FALSE(all_ones.unit());
    CHECK(ones.stats == r.stats);
    CHECK(ones.cost == r.cost);
  }

  // Costs a = 4, b = 1, c = 2, capacity 2, trace abacba:
  //   LRU: a m (first) | b m (first) | a h | c m (first), evicts b | b m (re-evaluation), evicts a |
  //     a m (re-evaluation). Lookups 4 + 1 + 4 + 2 + 1 + 4 = 16, hits 4, re-evaluations 1 + 4 = 5.
  //   GDSF: a[4] | b[1] | a hits, a[0 + 2 * 4 = 8] | c: evict b[1], L = 1, c[1 + 2 = 3] |
  //     b: evict c[3], L = 3, b[3 + 1 = 4] (re-evaluation) | a hits, a[3 + 3 * 4 = 15].
  //     Lookups 16, hits 4 + 4 = 8, re-evaluations 1.
  // rule, hit string, weighted (lookups, hits, re-evaluations)
  const auto small = letters("abacba");
  static const struct Row {
    const char* rule;
    const char* expected;
    CostStats cost;
  } rows[] = {
      {"lru", "mmhmmm", {16, 4, 5}},
      {"gdsf", "mmhmmh", {16, 8, 1}},
  };
  for (const Row& row : rows) {
    CAPTURE(row.rule);
    const RuleSpec spec = RuleSpec::parse(row.rule);
    const cache::SimulationResult r = cache::simulate(spec, 2, small, letter_costs());
    CHECK(r.cost == row.cost);
    const auto c = cache::make_cache(spec, 2, small, letter_costs());
    CHECK(hits(*c, small) == row.expected);
    CHECK(c->stats() == r.stats);
  }
}
