#include "cache/any_cache.h"
#include "cache/cache.h"
#include "cache/lru.h"
#include "support/synthetic_traces.h"

#include <catch2/catch.hpp>

#include <stdexcept>

using cache::Rule;
using cache::RuleSpec;

TEST_CASE("rule names parse and print back", "[cache]") {
  // text, rule, half-life
  static const struct Row {
    const char* text;
    Rule rule;
    std::uint64_t half_life;
  } rows[] = {
      {"lru", Rule::lru, 0},
      {"lfu", Rule::lfu, 0},
      {"aged-lfu:50", Rule::aged_lfu, 50},
      {"aged-lfu-ghost:64", Rule::aged_lfu_ghost, 64},
      {"arc", Rule::arc, 0},
      {"sieve", Rule::sieve, 0},
      {"belady", Rule::belady, 0},
      {"belady-bypass", Rule::belady_bypass, 0},
      {"best-fixed", Rule::best_fixed, 0},
      {"adaptive", Rule::adaptive, 0},
      {"adaptive:5000", Rule::adaptive, 5000},
      {"gdsf", Rule::gdsf, 0},
  };
  for (const Row& row : rows) {
    CAPTURE(row.text);
    const RuleSpec spec = RuleSpec::parse(row.text);
    CHECK(spec.rule == row.rule);
    CHECK(spec.half_life == row.half_life);
    CHECK(spec.name() == row.text);
    CHECK(RuleSpec::parse(spec.name()) == spec);
  }
}

TEST_CASE("bad rule names are refused with the text named", "[cache]") {
  // text, fragment of the message
  static const struct Row {
    const char* text;
    const char* message;
  } rows[] = {
      {"mru", "unknown cache rule \"mru\"; known rules: lru, lfu, aged-lfu:H"},
      {"", "unknown cache rule \"\""},
      {"frob", "lfu-da, hyperbolic, lecar, cacheus, gdsf"},
      {"aged-lfu", "needs a half-life, as in \"aged-lfu:50\""},
      {"aged-lfu:0", "bad half-life in cache rule \"aged-lfu:0\""},
      {"aged-lfu:x", "bad half-life in cache rule \"aged-lfu:x\""},
      {"aged-lfu:", "bad half-life"},
      {"aged-lfu-ghost", "needs a half-life, as in \"aged-lfu-ghost:50\""},
      {"aged-lfu-ghost:0", "bad half-life in cache rule \"aged-lfu-ghost:0\""},
      {"lru:5", "cache rule \"lru\" takes no half-life"},
      {"gdsf:5", "cache rule \"gdsf\" takes no half-life"},
  };
  for (const Row& row : rows) {
    CAPTURE(row.text);
    CHECK_THROWS_AS(RuleSpec::parse(row.text), std::invalid_argument);
    CHECK_THROWS_WITH(RuleSpec::parse(row.text), Catch::Contains(row.message));
  }
}

TEST_CASE("simulate, make_cache and the concrete cache agree", "[cache]") {
  const auto trace = support::drifting_trace(20'000, 300, 1.0, 40, 9);
  const char* rule = GENERATE("lru", "lfu", "aged-lfu:64", "aged-lfu-ghost:64", "arc", "sieve", "belady", "belady-bypass", "best-fixed",
                              "adaptive", "gdsf");
  CAPTURE(rule);
  const RuleSpec spec = RuleSpec::parse(rule);
  const cache::SimulationResult result = cache::simulate(spec, 25, trace);
  const auto c = cache::make_cache(spec, 25, trace);
  for (const auto k : trace)
    c->access(k);
  CHECK(c->stats() == result.stats);
  CHECK(c->spec() == spec);
  CHECK(c->capacity() == 25);
  CHECK(c->half_life_history() == result.half_life_history);
  CHECK(result.half_life_history.empty() == (spec.rule != Rule::adaptive));
  if (spec.rule == Rule::lru) {
    cache::Cache<cache::LruPolicy> direct(25);
    for (const auto k : trace)
      direct.access(k);
    CHECK(direct.stats() == result.stats);
  }
}

TEST_CASE("offline rules order as theory says on a Zipf trace", "[cache]") {
  // Belady with bypass >= Belady >= every online rule; capacity 30
  const auto trace = support::zipf_trace(20'000, 500, 0.9, 5);
  const auto hits = [&](const char* rule) { return cache::simulate(RuleSpec::parse(rule), 30, trace).stats.hits; };
  const auto belady = hits("belady");
  CHECK(hits("belady-bypass") >= belady);
  for (const char* online : {"lru", "lfu", "aged-lfu:512", "aged-lfu-ghost:512", "arc", "sieve", "adaptive", "gdsf"}) {
    CAPTURE(online);
    CHECK(belady >= hits(online));
  }
}
