#include "experiments/cache_experiment.h"

#include "support.h"

#include "base/input_error.h"
#include "cache/trace_file.h"

#include <catch2/catch.hpp>

#include <memory>
#include <span>
#include <string>
#include <vector>

using cache::Key;
using cache::RuleSpec;
using experiments::ExperimentSpec;

namespace {

// The small schedule's lookups, recorded once.
const std::vector<Key>& small_trace() {
  static const std::vector<Key> trace = [] {
    std::vector<Key> keys;
    experiments::self_play(test_support::eight(), experiments::parse_schedule(test_support::SMALL_SCHEDULE), experiments::DEFAULT_SEED,
                           [&](std::uint32_t k) { keys.push_back(k); });
    return keys;
  }();
  return trace;
}

ExperimentSpec small_spec() {
  ExperimentSpec spec;
  spec.schedule = experiments::parse_schedule(test_support::SMALL_SCHEDULE);
  spec.sizes = {5, 10};
  spec.half_lives = {10, 50};
  spec.adaptive_starts = {1, 1000};
  return spec;
}

const experiments::ExperimentResult& small_result() {
  static const experiments::ExperimentResult r = experiments::run_experiment(test_support::eight(), small_spec());
  return r;
}

} // namespace

TEST_CASE("the replay of a recorded trace equals the live game loop", "[experiments]") {
  // rule, table size: the cache inside the player's lookup sink must end with the replay's statistics
  static const struct Row {
    const char* rule;
    std::size_t size;
  } rows[] = {
      {"lru", 10},      {"lfu", 10},        {"aged-lfu:50", 10}, {"aged-lfu:7", 3},     {"arc", 20},        {"sieve", 20},
      {"adaptive", 10}, {"adaptive:1", 20}, {"belady", 10},      {"belady-bypass", 20}, {"best-fixed", 40},
  };
  const auto& trace = small_trace();
  REQUIRE(trace.size() > 100);
  for (const Row& row : rows) {
    CAPTURE(row.rule, row.size);
    const RuleSpec spec = RuleSpec::parse(row.rule);
    const std::unique_ptr<cache::AnyCache> live = cache::make_cache(spec, row.size, trace);
    const auto played = experiments::self_play(test_support::eight(), experiments::parse_schedule(test_support::SMALL_SCHEDULE),
                                               experiments::DEFAULT_SEED, [&](std::uint32_t k) { live->access(k); });
    const cache::SimulationResult replayed = cache::simulate(spec, row.size, trace);
    CHECK(played.fingerprint == experiments::fingerprint(std::span<const Key>(trace)));
    CHECK(live->stats() == replayed.stats);
    CHECK(live->half_life_history() == replayed.half_life_history);
    CHECK(replayed.stats.lookups == trace.size());
  }
}

TEST_CASE("the trace file read back has the live fingerprint", "[experiments]") {
  // seed of the run; the file written and read back must fingerprint as the game loop did
  static const std::uint64_t seeds[] = {experiments::DEFAULT_SEED, 5};
  for (const std::uint64_t seed : seeds) {
    CAPTURE(seed);
    test_support::TempDir dir;
    cache::TraceWriter writer(dir.path() / "trace.txt");
    const auto live = experiments::self_play(test_support::eight(), experiments::parse_schedule(test_support::SMALL_SCHEDULE), seed,
                                             [&](std::uint32_t k) { writer.add(k); });
    writer.commit();
    const std::vector<Key> back = cache::read_trace(dir.path() / "trace.txt");
    CHECK(back.size() == live.lookups);
    CHECK(experiments::fingerprint(std::span<const Key>(back)) == live.fingerprint);
  }
}

TEST_CASE("run_experiment checks its own lookups", "[experiments]") {
  const auto& r = small_result();
  CHECK(r.same_lookups());
  CHECK(r.trace == small_trace());
  CHECK(r.trace_fingerprint == r.play.fingerprint);
  REQUIRE(r.live.size() == 2);
  std::size_t rows = 0, live_caches = 0;
  for (const std::size_t size : r.spec.sizes)
    rows += experiments::rules_for(r.spec, size).size();
  for (const auto& l : r.live) {
    CHECK(l.fingerprint == r.trace_fingerprint);
    CHECK(l.lookups == r.trace.size());
    CHECK(l.mismatches.empty());
    live_caches += l.caches;
  }
  CHECK(r.rows.size() == rows);
  CHECK(live_caches == rows); // every row was also played live
  CHECK(experiments::law_violations(r).empty());
}

TEST_CASE("every rule appears at every size, in report order", "[experiments]") {
  // size, rule names expected for small_spec() (adaptive's default start is the size)
  static const struct Row {
    std::size_t size;
    std::vector<std::string> rules;
  } rows[] = {
      {5,
       {"lru",        "lfu",          "aged-lfu:10", "aged-lfu:50", "aged-lfu-ghost:10", "aged-lfu-ghost:50", "arc",           "sieve",
        "fifo",       "clock",        "slru",        "2q",          "s3-fifo",           "w-tinylfu",         "lirs",          "lfu-da",
        "hyperbolic", "lecar",        "cacheus",     "gdsf",        "adaptive:5",        "adaptive:1",        "adaptive:1000", "best-fixed",
        "belady",     "belady-bypass"}},
      {10,
       {"lru",        "lfu",          "aged-lfu:10", "aged-lfu:50", "aged-lfu-ghost:10", "aged-lfu-ghost:50", "arc",           "sieve",
        "fifo",       "clock",        "slru",        "2q",          "s3-fifo",           "w-tinylfu",         "lirs",          "lfu-da",
        "hyperbolic", "lecar",        "cacheus",     "gdsf",        "adaptive:10",       "adaptive:1",        "adaptive:1000", "best-fixed",
        "belady",     "belady-bypass"}},
  };
  for (const Row& row : rows) {
    CAPTURE(row.size);
    std::vector<std::string> names;
    for (const RuleSpec& spec : experiments::rules_for(small_result().spec, row.size))
      names.push_back(spec.name());
    CHECK(names == row.rules);
    for (const RuleSpec& spec : experiments::rules_for(small_result().spec, row.size))
      CHECK(small_result().find(spec, row.size) != nullptr);
  }
}

TEST_CASE("the best fixed table never beats Belady with bypass", "[experiments]") {
  // table size; on the essay's schedule (a sanity law: the optimum with bypass is an upper bound)
  static const std::vector<Key> trace = [] {
    std::vector<Key> keys;
    experiments::self_play(test_support::eight(), experiments::parse_schedule(experiments::DEFAULT_SCHEDULE), experiments::DEFAULT_SEED,
                           [&](std::uint32_t k) { keys.push_back(k); });
    return keys;
  }();
  static const std::size_t sizes[] = {1, 2, 5, 10, 20, 40, 80, 160, 400};
  for (const std::size_t size : sizes) {
    CAPTURE(size);
    const auto fixed = cache::simulate(RuleSpec::parse("best-fixed"), size, trace).stats;
    const auto optimum = cache::simulate(RuleSpec::parse("belady-bypass"), size, trace).stats;
    const auto belady = cache::simulate(RuleSpec::parse("belady"), size, trace).stats;
    CHECK(fixed.hits <= optimum.hits);
    CHECK(belady.hits <= optimum.hits);
    CHECK(fixed.lookups == trace.size());
  }
}

TEST_CASE("bad grids are refused as input errors", "[experiments]") {
  // sizes, half-lives, fragment of the message
  static const struct Row {
    std::vector<std::size_t> sizes;
    std::vector<std::uint64_t> half_lives;
    const char* message;
  } rows[] = {
      {{0}, {25}, "table size 0 out of range: sizes must be 1 to 1000000"},
      {{10, 1'000'001}, {25}, "table size 1000001 out of range"},
      {{10}, {0}, "half-life 0 out of range"},
      {{}, {25}, "no table sizes"},
      {{10}, {}, "no half-lives"},
  };
  for (const Row& row : rows) {
    ExperimentSpec spec = small_spec();
    spec.sizes = row.sizes;
    spec.half_lives = row.half_lives;
    CAPTURE(row.message);
    CHECK_THROWS_AS(experiments::checked(spec), base::InputError);
    CHECK_THROWS_WITH(experiments::checked(spec), Catch::Contains(row.message));
  }
  ExperimentSpec spec = small_spec();
  spec.sizes = {40, 10, 20, 10};
  spec.half_lives = {100, 25, 100};
  const ExperimentSpec c = experiments::checked(spec);
  CHECK(c.sizes == std::vector<std::size_t>{10, 20, 40});
  CHECK(c.half_lives == std::vector<std::uint64_t>{25, 100});
}

TEST_CASE("difference names the first counter that differs", "[experiments]") {
  // field changed in the live copy, expected message (nullptr: equal)
  static const struct Row {
    std::uint64_t cache::Stats::*field;
    const char* message;
  } rows[] = {
      {nullptr, nullptr},
      {&cache::Stats::hits, "hits 11 live, 10 replayed"},
      {&cache::Stats::re_evaluations, "re-evaluations 11 live, 10 replayed"},
      {&cache::Stats::bypasses, "bypasses 11 live, 10 replayed"},
  };
  for (const Row& row : rows) {
    CAPTURE(row.message ? row.message : "equal");
    cache::Stats replayed{100, 10, 90, 5, 10, 85, 75, 10};
    cache::Stats live = replayed;
    if (row.field) {
      replayed.*row.field = 10;
      live.*row.field = 11;
    }
    const auto d = experiments::difference(live, replayed);
    if (row.message) {
      REQUIRE(d);
      CHECK(*d == row.message);
    } else {
      CHECK_FALSE(d);
    }
  }
}

TEST_CASE("on a Domineering trace the adaptive rule follows dynamic ageing, values and all", "[experiments]") {
  // The 20 games of 4x5 that docs/experiments.md shows: at 10 entries the rule ends following a
  // simulation with dynamic ageing (on synthetic independent traces it never does; the games'
  // lookups are what it pays on). A value-carrying cache driven the same way must hit exactly
  // when the key-only one does and return each key's value.
  std::vector<Key> trace;
  experiments::self_play(test_support::eight(), experiments::parse_schedule("4x5:20"), experiments::DEFAULT_SEED,
                         [&](std::uint32_t k) { trace.push_back(k); });
  cache::AdaptiveCache<> keys_only(10);
  cache::AdaptiveCache<std::uint64_t> with_values(10);
  for (const Key k : trace) {
    const bool hit = keys_only.access(k);
    const std::uint64_t* v = with_values.find(k);
    REQUIRE((v != nullptr) == hit);
    if (v)
      REQUIRE(*v == k * 7 + 3);
    else
      with_values.insert(k, k * 7 + 3);
  }
  CHECK(keys_only.ageing() == cache::Ageing::dynamic);
  CHECK(keys_only.half_life_history() == with_values.half_life_history());
  CHECK(keys_only.stats() == with_values.stats());
}
