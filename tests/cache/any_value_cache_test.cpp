#include "cache/any_cache.h"
#include "cache/any_value_cache.h"
#include "cache/cost.h"

#include "support.h"

#include <catch2/catch.hpp>

#include <cstddef>
#include <cstdint>
#include <map>
#include <random>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

using cache::CostTable;
using cache::Key;
using cache::Rule;
using cache::RuleSpec;

namespace {

// A value that says which key and which insertion it came from.
struct Payload {
  Key key = 0;
  std::uint64_t version = 0;
  friend bool operator==(const Payload&, const Payload&) = default;
};

// Every online rule, each rule with a half-life at one value (the adaptive rule also from its
// default start).
const std::vector<std::string> ONLINE_RULES = {
    "lru",  "lfu", "aged-lfu:64", "aged-lfu-ghost:64", "arc",  "sieve",  "adaptive",   "adaptive:16", "fifo",    "clock",
    "slru", "2q",  "s3-fifo",     "w-tinylfu",         "lirs", "lfu-da", "hyperbolic", "lecar",       "cacheus", "gdsf",
};

} // namespace

TEST_CASE("the online rule list covers every rule that is not offline", "[cache]") {
  std::set<Rule> listed;
  for (const std::string& name : ONLINE_RULES)
    listed.insert(RuleSpec::parse(name).rule);
  for (int r = 0; r <= int(Rule::gdsf); ++r) {
    const RuleSpec spec{Rule(r), 0};
    CAPTURE(spec.name());
    CHECK(listed.count(spec.rule) == (spec.offline() ? 0u : 1u));
  }
}

TEST_CASE("a value cache counts as the key-only cache of its rule and returns the values stored", "[cache]") {
  // capacity, universe, seed: 4000 lookups of a Zipf ranking with a thin scan, costs 1 to 50 by key
  static const struct Row {
    std::size_t capacity;
    std::size_t universe;
    std::uint64_t seed;
  } rows[] = {{1, 5, 1}, {3, 20, 2}, {16, 100, 3}, {50, 300, 4}};
  for (const std::string& rule : ONLINE_RULES) {
    for (const Row& row : rows) {
      CAPTURE(rule, row.capacity, row.universe, row.seed);
      const RuleSpec spec = RuleSpec::parse(rule);
      const auto trace = test_support::zipf_with_scan_trace(4000, row.universe, row.seed);
      std::mt19937_64 rng(row.seed + 1000);
      std::vector<std::uint64_t> by_key(5 * row.universe + 1);
      for (std::uint64_t& c : by_key)
        c = 1 + rng() % 50;
      const CostTable costs(by_key);

      const auto keys_only = cache::make_cache(spec, row.capacity, {}, costs);
      const auto values = cache::make_value_cache<Payload>(spec, row.capacity);
      CHECK(values->spec() == spec);
      std::map<Key, Payload> last; // the value last inserted for each key
      std::uint64_t version = 0, wrong_values = 0, hits = 0;
      for (std::size_t t = 0; t < trace.size(); ++t) {
        const Key k = trace[t];
        const bool hit = keys_only->access(k);
        const Payload* v = values->find(k);
        REQUIRE((v != nullptr) == hit);
        if (v) {
          ++hits;
          wrong_values += !(*v == last[k]);
          // Now and then a nested evaluation stores the resident key again with a new value: the
          // value changes, the policy and the counts do not.
          if (t % 7 == 0) {
            last[k] = {k, ++version};
            values->insert(k, last[k], costs.cost(k));
          }
          continue;
        }
        last[k] = {k, ++version};
        values->insert(k, last[k], costs.cost(k));
      }
      CHECK(wrong_values == 0);
      CHECK(hits > 0);
      CHECK(values->stats() == keys_only->stats());
      const auto history = keys_only->half_life_history();
      CHECK(values->half_life() == (history.empty() ? 0 : history.back().half_life));
    }
  }
}

TEST_CASE("a GDSF value cache fixes each entry's cost when it is inserted", "[cache]") {
  // Capacity 2. a is inserted at cost 40 (K = 40), b at cost 1 (K = 1). a, resident, is stored
  // again with cost 50 (a nested evaluation): its value changes, but the policy is not told, so a
  // keeps K = 40. c (cost 45) evicts b, L = 1, c[1 + 45 = 46]; d (cost 1) evicts the least of a[40]
  // and c[46]: a. Had the second store given a the cost 50 (K = 50), c would have gone instead.
  const auto c = cache::make_value_cache<Payload>(RuleSpec::parse("gdsf"), 2);
  REQUIRE(c->find(1) == nullptr);
  c->insert(1, {1, 1}, 40);
  REQUIRE(c->find(2) == nullptr);
  c->insert(2, {2, 1}, 1);
  c->insert(1, {1, 2}, 50);
  REQUIRE(c->find(3) == nullptr);
  c->insert(3, {3, 1}, 45);
  REQUIRE(c->find(4) == nullptr);
  c->insert(4, {4, 1}, 1);
  const Payload* v = c->find(3);
  REQUIRE(v != nullptr);
  CHECK(*v == Payload{3, 1});
  CHECK(c->find(1) == nullptr);
  CHECK(c->stats().evictions == 2);
}

TEST_CASE("value caches refuse offline rules, missing half-lives and zero costs", "[cache]") {
  for (const char* rule : {"belady", "belady-bypass", "best-fixed"}) {
    CAPTURE(rule);
    CHECK_THROWS_AS(cache::make_value_cache<Payload>(RuleSpec::parse(rule), 10), std::invalid_argument);
    CHECK_THROWS_WITH(cache::make_value_cache<Payload>(RuleSpec::parse(rule), 10),
                      Catch::Contains("\"" + std::string(rule) + "\"") && Catch::Contains("whole trace in advance"));
  }
  CHECK_THROWS_AS(cache::make_value_cache<Payload>(RuleSpec{Rule::aged_lfu, 0}, 10), std::logic_error);
  CHECK_THROWS_AS(cache::make_value_cache<Payload>(RuleSpec{Rule::aged_lfu_ghost, 0}, 10), std::logic_error);
  CHECK_THROWS_AS(cache::make_value_cache<Payload>(RuleSpec::parse("lru"), 0), std::logic_error);
  for (const char* rule : {"lru", "gdsf", "adaptive"}) {
    CAPTURE(rule);
    const auto c = cache::make_value_cache<Payload>(RuleSpec::parse(rule), 4);
    REQUIRE(c->find(1) == nullptr);
    CHECK_THROWS_AS(c->insert(1, {1, 1}, 0), std::invalid_argument);
    CHECK(c->stats().insertions == 0);
  }
}
