#include "cache/adaptive.h"
#include "cache/aged_lfu.h"
#include "cache/cache.h"
#include "cache/synthetic.h"

#include "support.h"

#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

using cache::AdaptiveCache;
using cache::AgedLfuPolicy;
using cache::Cache;
using cache::Key;

namespace {

// The grid of fixed half-lives the adaptive rule is judged against: 1, 2, 4, ..., 2^16.
constexpr std::uint64_t GRID_MAX = std::uint64_t{1} << 16;
// The adaptive rule must end within this many percentage points of the best fixed H of the grid.
constexpr double HIT_RATE_MARGIN = 0.5;
// ... with a final H within this factor of that best H (on these traces it ends at exactly it).
constexpr double HALF_LIFE_FACTOR = 2.0;
// Starting half-lives from 1 to 2^20 must end within this many points of one another.
constexpr double START_SPREAD = 0.3;

struct Best {
  std::uint64_t half_life = 0;
  double hit_rate = 0; // per cent
};

Best best_fixed_half_life(std::size_t capacity, const std::vector<Key>& trace) {
  Best best;
  for (std::uint64_t h = 1; h <= GRID_MAX; h *= 2) {
    Cache<AgedLfuPolicy> c(capacity, AgedLfuPolicy(h), cache::FirstTime::ignore);
    for (const Key k : trace)
      c.access(k);
    if (100 * c.stats().hit_rate() > best.hit_rate)
      best = {h, 100 * c.stats().hit_rate()};
  }
  return best;
}

// The three synthetic traces with a known right answer, 50,000 lookups each.
std::vector<Key> make_trace(const std::string& kind) {
  if (kind == "zipf") // stationary: frequency is what counts, the best H is long (512 here)
    return cache::zipf_trace(50'000, 1000, 0.9, 11);
  if (kind == "switch") // the working set is replaced every 5,000 lookups: best H 256
    return cache::switching_trace(50'000, 300, 1.0, 5000, 12);
  return cache::drifting_trace(50'000, 1000, 1.0, 50, 13); // slow drift: best H 128
}

} // namespace

TEST_CASE("adaptive half-life moves the right way and ends near the best fixed H", "[cache]") {
  // trace, capacity 20, starting H, direction of the first change (+1 up, -1 down). Starts of 1
  // and 2^20 are both bad for every trace (best fixed H 512, 256 and 128; the grid's hit rates
  // there are 22.1 and 34.3 for zipf, 41.8 and 9.2 for switch, 30.9 and 3.9 for drift, against
  // 37.9, 51.4 and 38.6 at the best H; measured by best_fixed_half_life).
  using Row = std::tuple<std::string, std::uint64_t, int>;
  const auto [kind, start, direction] = GENERATE(table<std::string, std::uint64_t, int>({
      Row{"zipf", 1, +1},
      Row{"zipf", std::uint64_t{1} << 20, -1},
      Row{"switch", 1, +1},
      Row{"switch", std::uint64_t{1} << 20, -1},
      Row{"drift", 1, +1},
      Row{"drift", std::uint64_t{1} << 20, -1},
  }));
  CAPTURE(kind, start);
  constexpr std::size_t CAPACITY = 20;
  const auto trace = make_trace(kind);
  const Best best = best_fixed_half_life(CAPACITY, trace);
  AdaptiveCache<> a(CAPACITY, start);
  for (const Key k : trace)
    a.access(k);
  const auto& history = a.half_life_history();
  CAPTURE(best.half_life, best.hit_rate, a.half_life(), 100 * a.stats().hit_rate());
  REQUIRE(history.size() >= 2);
  CHECK(history[0] == cache::HalfLifeSample{0, start});
  CHECK((history[1].half_life > start ? +1 : -1) == direction);
  CHECK(100 * a.stats().hit_rate() >= best.hit_rate - HIT_RATE_MARGIN);
  CHECK(std::abs(std::log2(double(a.half_life()) / double(best.half_life))) <= std::log2(HALF_LIFE_FACTOR));
  for (std::size_t i = 1; i < history.size(); ++i)
    CHECK(history[i].lookup > history[i - 1].lookup);
}

TEST_CASE("adaptive half-life: the starting H does not matter much", "[cache]") {
  // trace; capacity 20, starts 1, 64, 4096 and 2^20 must end within START_SPREAD points
  const std::string kind = GENERATE(as<std::string>{}, "zipf", "switch", "drift");
  CAPTURE(kind);
  const auto trace = make_trace(kind);
  double lo = 100, hi = 0;
  for (const std::uint64_t start : {std::uint64_t{1}, std::uint64_t{64}, std::uint64_t{4096}, std::uint64_t{1} << 20}) {
    AdaptiveCache<> a(20, start);
    for (const Key k : trace)
      a.access(k);
    lo = std::min(lo, 100 * a.stats().hit_rate());
    hi = std::max(hi, 100 * a.stats().hit_rate());
  }
  CAPTURE(lo, hi);
  CHECK(hi - lo <= START_SPREAD);
}

TEST_CASE("adaptive simulations are exactly the fixed half-life caches", "[cache]") {
  // Each simulation of the bank is split off from the never-halving one at lookup H; it must
  // match a fixed-H aged LFU run from the start, lookup by lookup. capacity, trace kind
  using Row = std::tuple<std::size_t, std::string>;
  const auto [capacity, kind] = GENERATE(table<std::size_t, std::string>({Row{1, "drift"}, Row{7, "switch"}, Row{20, "zipf"}}));
  CAPTURE(capacity, kind);
  const auto trace = make_trace(kind);
  AdaptiveCache<> a(capacity);
  for (const Key k : trace)
    a.access(k);
  for (const auto& e : a.simulations()) {
    CAPTURE(e.half_life);
    Cache<AgedLfuPolicy> fixed(capacity, AgedLfuPolicy(e.half_life), cache::FirstTime::ignore);
    for (const Key k : trace)
      fixed.access(k);
    CHECK(e.simulation.stats().hits == fixed.stats().hits);
    CHECK(e.simulation.resident_keys() == fixed.resident_keys());
  }
}

TEST_CASE("adaptive cache records its half-life and reports changes", "[cache]") {
  std::vector<cache::HalfLifeSample> seen;
  AdaptiveCache<> a(20, 1);
  a.on_half_life_change([&](const cache::HalfLifeSample& s) { seen.push_back(s); });
  for (const Key k : make_trace("switch"))
    a.access(k);
  const auto& history = a.half_life_history();
  REQUIRE(history.size() == seen.size() + 1);
  CHECK(std::equal(seen.begin(), seen.end(), history.begin() + 1));
  CHECK(history.back().half_life == a.half_life());
  CHECK(a.regrets() <= a.stats().re_evaluations);
  CHECK(a.regrets() > 0);
}

TEST_CASE("value-carrying adaptive cache returns what was stored", "[cache]") {
  // Every key's value is key * 3 + 1; a hit must return it, whatever the half-life did.
  AdaptiveCache<std::uint32_t> a(16, 4);
  std::uint64_t hits = 0;
  for (const Key k : make_trace("switch")) {
    if (const std::uint32_t* v = a.find(k)) {
      REQUIRE(*v == std::uint32_t(k * 3 + 1));
      ++hits;
    } else {
      a.insert(k, std::uint32_t(k * 3 + 1));
    }
  }
  CHECK(hits == a.stats().hits);
  CHECK(hits > 0);
  CHECK(a.half_life_history().size() > 1);
}
