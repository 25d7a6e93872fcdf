#include "experiments/self_play.h"

#include "support.h"

#include <catch2/catch.hpp>

#include <cstdint>
#include <vector>

using experiments::parse_schedule;
using experiments::self_play;

namespace {

struct Recorded {
  experiments::SelfPlayResult result;
  std::vector<std::uint32_t> keys;
};

Recorded play(const char* schedule, std::uint64_t seed) {
  Recorded r;
  r.result = self_play(test_support::eight(), parse_schedule(schedule), seed, [&](std::uint32_t k) { r.keys.push_back(k); });
  return r;
}

} // namespace

TEST_CASE("self-play is a pure function of the schedule and the seed", "[experiments]") {
  // schedule, seed: two runs must make the same lookups, games and outcomes
  static const struct Row {
    const char* schedule;
    std::uint64_t seed;
  } rows[] = {
      {test_support::SMALL_SCHEDULE, experiments::DEFAULT_SEED},
      {test_support::SMALL_SCHEDULE, 1},
      {"6x6:3", 7},
      {"3x3:20,2x7:20", 99},
  };
  for (const Row& row : rows) {
    CAPTURE(row.schedule, row.seed);
    const Recorded a = play(row.schedule, row.seed), b = play(row.schedule, row.seed);
    REQUIRE(a.result.lookups > 0);
    CHECK(a.keys == b.keys);
    CHECK(a.result.fingerprint == b.result.fingerprint);
    CHECK(a.result.fingerprint == experiments::fingerprint(a.keys));
    CHECK(a.result.lookups == a.keys.size());
    REQUIRE(a.result.boards.size() == b.result.boards.size());
    for (std::size_t i = 0; i < a.result.boards.size(); ++i) {
      CHECK(a.result.boards[i].plies == b.result.boards[i].plies);
      CHECK(a.result.boards[i].vertical_wins == b.result.boards[i].vertical_wins);
      CHECK(a.result.boards[i].large_regions == b.result.boards[i].large_regions);
    }
  }
}

TEST_CASE("different seeds play different games", "[experiments]") {
  // schedule, two seeds whose lookups must differ
  static const struct Row {
    const char* schedule;
    std::uint64_t seed_a, seed_b;
  } rows[] = {
      {test_support::SMALL_SCHEDULE, experiments::DEFAULT_SEED, experiments::DEFAULT_SEED + 1},
      {test_support::SMALL_SCHEDULE, 1, 2},
      {"6x6:3", 7, 8},
  };
  for (const Row& row : rows) {
    CAPTURE(row.schedule, row.seed_a, row.seed_b);
    const Recorded a = play(row.schedule, row.seed_a), b = play(row.schedule, row.seed_b);
    CHECK(a.keys != b.keys);
    CHECK(a.result.fingerprint != b.result.fingerprint);
  }
}

TEST_CASE("the per-board counts add up to the run's", "[experiments]") {
  // schedule, seed; board counts must sum to the totals and games must match the schedule
  static const struct Row {
    const char* schedule;
    std::uint64_t seed;
  } rows[] = {
      {test_support::SMALL_SCHEDULE, experiments::DEFAULT_SEED},
      {"4x5:3,5x5:4,6x6:2,7x7:1", 3},
  };
  for (const Row& row : rows) {
    CAPTURE(row.schedule);
    const auto s = parse_schedule(row.schedule);
    const Recorded r = play(row.schedule, row.seed);
    REQUIRE(r.result.boards.size() == s.size());
    std::uint64_t lookups = 0, large = 0;
    int games = 0;
    for (std::size_t i = 0; i < s.size(); ++i) {
      CHECK(r.result.boards[i].board == s[i].name());
      CHECK(r.result.boards[i].games == s[i].games);
      lookups += r.result.boards[i].lookups;
      large += r.result.boards[i].large_regions;
      games += r.result.boards[i].games;
    }
    CHECK(lookups == r.result.lookups);
    CHECK(large == r.result.large_regions);
    CHECK(games == r.result.games);
  }
}

TEST_CASE("a 64-bit trace fingerprints as the 32-bit keys it holds", "[experiments]") {
  // keys; the span overload must agree with the vector<uint32_t> one (hand-made sequences)
  static const std::vector<std::vector<std::uint32_t>> rows = {{}, {0}, {1, 2, 3}, {1041, 0, 7, 7, 7}, {0xFFFFFFFFu}};
  for (const auto& keys : rows) {
    const std::vector<std::uint64_t> wide(keys.begin(), keys.end());
    CHECK(experiments::fingerprint(std::span<const std::uint64_t>(wide)) == experiments::fingerprint(keys));
  }
  const std::vector<std::uint64_t> big = {std::uint64_t{1} << 32};
  CHECK(experiments::fingerprint(std::span<const std::uint64_t>(big)) != experiments::fingerprint(std::vector<std::uint32_t>{0}));
}
