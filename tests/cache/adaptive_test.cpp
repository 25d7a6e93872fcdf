#include "cache/adaptive.h"
#include "cache/aged_lfu.h"
#include "cache/aged_lfu_ghost.h"
#include "cache/cache.h"
#include "support/synthetic_traces.h"

#include "support.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <tuple>
#include <vector>

using cache::AdaptiveCache;
using cache::AgedLfuGhostPolicy;
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
    return support::zipf_trace(50'000, 1000, 0.9, 11);
  if (kind == "switch") // the working set is replaced every 5,000 lookups: best H 256
    return support::switching_trace(50'000, 300, 1.0, 5000, 12);
  return support::drifting_trace(50'000, 1000, 1.0, 50, 13); // slow drift: best H 128
}

// A trace whose best H changes halfway: 60,000 lookups of a slow drift (best H 128 at 20
// entries), then 60,000 of a stationary Zipf over other keys (best H 1,024), or the reverse.
std::vector<Key> make_regime_trace(bool drift_first) {
  std::vector<Key> drift = support::drifting_trace(60'000, 1000, 1.0, 50, 31);
  std::vector<Key> zipf = support::zipf_trace(60'000, 1000, 0.9, 32);
  for (Key& k : zipf)
    k += 1'000'000; // disjoint from the drift's keys
  std::vector<Key>& first = drift_first ? drift : zipf;
  const std::vector<Key>& second = drift_first ? zipf : drift;
  first.insert(first.end(), second.begin(), second.end());
  return first;
}

// The best H of the grid on lookups [from, to) of `trace`, each cache running the whole trace.
Best best_fixed_half_life_on(std::size_t capacity, const std::vector<Key>& trace, std::size_t from, std::size_t to) {
  Best best;
  for (std::uint64_t h = 1; h <= GRID_MAX; h *= 2) {
    Cache<AgedLfuPolicy> c(capacity, AgedLfuPolicy(h), cache::FirstTime::ignore);
    std::uint64_t hits = 0;
    for (std::size_t i = 0; i < to; ++i)
      hits += c.access(trace[i]) && i >= from;
    if (100.0 * double(hits) / double(to - from) > best.hit_rate)
      best = {h, 100.0 * double(hits) / double(to - from)};
  }
  return best;
}

double log2_ratio(std::uint64_t a, std::uint64_t b) { return std::abs(std::log2(double(a) / double(b))); }

} // namespace

TEST_CASE("adaptive half-life moves the right way and ends near the best fixed H", "[cache]") {
  // trace, capacity 20, starting H, direction of the first change (+1 up, -1 down). Starts of 1
  // and 2^20 are both far from the best fixed H of every trace (512, 256 and 128), with hit rates
  // well below it (best_fixed_half_life computes the grid's).
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

TEST_CASE("adaptive half-life follows a change of the best H", "[cache]") {
  // Step 4 of the rule: the hits since the last change (step 3) alone would keep the first
  // half's H, which built a lead of thousands of hits. At the change and at the end the half-life
  // must be within HALF_LIFE_FACTOR of the best fixed H of the half just played, and the second
  // half's hit rate within HIT_RATE_MARGIN of that of its best fixed H. drift first?
  const bool drift_first = GENERATE(true, false);
  CAPTURE(drift_first);
  constexpr std::size_t CAPACITY = 20;
  const auto trace = make_regime_trace(drift_first);
  const std::size_t half = trace.size() / 2;
  const Best first = best_fixed_half_life_on(CAPACITY, trace, 0, half);
  const Best second = best_fixed_half_life_on(CAPACITY, trace, half, trace.size());
  AdaptiveCache<> a(CAPACITY);
  std::uint64_t at_change = 0, second_hits = 0;
  for (std::size_t i = 0; i < trace.size(); ++i) {
    if (i == half)
      at_change = a.half_life();
    second_hits += a.access(trace[i]) && i >= half;
  }
  const double second_rate = 100.0 * double(second_hits) / double(trace.size() - half);
  CAPTURE(first.half_life, at_change, second.half_life, second.hit_rate, a.half_life(), second_rate);
  CHECK(log2_ratio(at_change, first.half_life) <= std::log2(HALF_LIFE_FACTOR));
  CHECK(log2_ratio(a.half_life(), second.half_life) <= std::log2(HALF_LIFE_FACTOR));
  CHECK(second_rate >= second.hit_rate - HIT_RATE_MARGIN);
}

TEST_CASE("adaptive bank: powers of sqrt(2) and the starting H", "[cache]") {
  // start, the half-lives split off after 3,000 lookups (rounded powers of sqrt(2) up to 3,000,
  // the start, then the never-halving one, 2^40).
  using Row = std::tuple<std::uint64_t, std::vector<std::uint64_t>>;
  const std::vector<std::uint64_t> grid = {1,  2,   3,   4,   6,   8,   11,  16,   23,   32,   45,  64,
                                           91, 128, 181, 256, 362, 512, 724, 1024, 1448, 2048, 2896};
  auto with = [&](std::uint64_t h) {
    std::vector<std::uint64_t> v = grid;
    v.insert(std::lower_bound(v.begin(), v.end(), h), h);
    return v;
  };
  const auto [start, expected] = GENERATE_COPY(table<std::uint64_t, std::vector<std::uint64_t>>({
      Row{10, with(10)}, Row{100, with(100)}, Row{64, grid},
      Row{std::uint64_t{1} << 50, grid}, // clamped to 2^40: the never-halving one itself
  }));
  CAPTURE(start);
  AdaptiveCache<> a(5, start);
  CHECK(a.half_life_history().front() == cache::HalfLifeSample{0, AdaptiveCache<>::clamp(start)});
  for (const Key k : make_trace("zipf"))
    if (a.stats().lookups < 3000)
      a.access(k);
  // Each half-life twice, halving then dynamic ageing.
  std::vector<std::pair<std::uint64_t, cache::Ageing>> simulations;
  for (const auto& e : a.simulations())
    simulations.emplace_back(e.half_life, e.ageing);
  std::vector<std::pair<std::uint64_t, cache::Ageing>> want;
  for (const std::uint64_t h : expected)
    for (const cache::Ageing ageing : {cache::Ageing::halving, cache::Ageing::dynamic})
      want.emplace_back(h, ageing);
  for (const cache::Ageing ageing : {cache::Ageing::halving, cache::Ageing::dynamic})
    want.emplace_back(AdaptiveCache<>::MAX_HALF_LIFE, ageing);
  CHECK(simulations == want);
}

TEST_CASE("adaptive cache starts exactly at its starting H", "[cache]") {
  // Until its first change of H it must hit exactly when the bank's rule (aged LFU with ghost
  // counts) with the starting H does.
  // capacity, start, trace
  using Row = std::tuple<std::size_t, std::uint64_t, std::string>;
  const auto [capacity, start, kind] = GENERATE(table<std::size_t, std::uint64_t, std::string>(
      {Row{20, 10, "switch"}, Row{20, 100, "drift"}, Row{40, 1000, "zipf"}, Row{7, 5000, "drift"}}));
  CAPTURE(capacity, start, kind);
  const auto trace = make_trace(kind);
  AdaptiveCache<> a(capacity, start);
  Cache<AgedLfuGhostPolicy> fixed(capacity, AgedLfuGhostPolicy(start), cache::FirstTime::ignore);
  std::size_t i = 0;
  for (; i < trace.size() && a.half_life_history().size() == 1; ++i)
    REQUIRE(a.access(trace[i]) == fixed.access(trace[i]));
  CAPTURE(i);
  CHECK(i > 0);
}

TEST_CASE("adaptive main cache copies the simulation it follows", "[cache]") {
  // Step 2 of the rule: its misses exceed those of the simulations it followed, lookup by lookup,
  // by at most `capacity` for each change of H. capacity, trace
  using Row = std::tuple<std::size_t, std::string>;
  const auto [capacity, kind] =
      GENERATE(table<std::size_t, std::string>({Row{3, "drift"}, Row{7, "switch"}, Row{20, "zipf"}, Row{20, "switch"}, Row{80, "drift"}}));
  CAPTURE(capacity, kind);
  AdaptiveCache<> a(capacity, 1);
  // The followed simulation: the one of the followed H if split off yet, else the never-halving one.
  const auto followed_hits = [&](std::uint64_t h, cache::Ageing ageing) {
    for (const auto& e : a.simulations())
      if (e.half_life == h && e.ageing == ageing)
        return e.simulation.stats().hits;
    const auto& sims = a.simulations();
    return sims[sims.size() - (ageing == cache::Ageing::halving ? 2 : 1)].simulation.stats().hits;
  };
  std::uint64_t followed_misses = 0;
  for (const Key k : make_trace(kind)) {
    const std::uint64_t h = a.half_life();
    const cache::Ageing ageing = a.ageing();
    const std::uint64_t before = followed_hits(h, ageing);
    a.access(k);
    followed_misses += followed_hits(h, ageing) == before;
  }
  const std::uint64_t changes = a.half_life_history().size() - 1;
  CAPTURE(a.stats().misses, followed_misses, changes);
  CHECK(a.stats().misses <= followed_misses + capacity * changes);
  CHECK(changes > 0);
}

TEST_CASE("adaptive simulations are exactly the fixed half-life caches", "[cache]") {
  // Each simulation of the bank is split off from the never-halving one at lookup H; it must
  // match a fixed-H cache of the same rule run from the start, lookup by lookup. capacity, trace kind
  using Row = std::tuple<std::size_t, std::string>;
  const auto [capacity, kind] = GENERATE(table<std::size_t, std::string>({Row{1, "drift"}, Row{7, "switch"}, Row{20, "zipf"}}));
  CAPTURE(capacity, kind);
  const auto trace = make_trace(kind);
  AdaptiveCache<> a(capacity);
  for (const Key k : trace)
    a.access(k);
  for (const auto& e : a.simulations()) {
    CAPTURE(e.half_life, e.ageing == cache::Ageing::dynamic);
    Cache<AgedLfuGhostPolicy> fixed(capacity, AgedLfuGhostPolicy(e.half_life, e.ageing), cache::FirstTime::ignore);
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

TEST_CASE("value-carrying adaptive cache with lookups between a miss and its insert", "[cache]") {
  // As a solver valuing a region by valuing its parts: every missed key is stored only after the
  // next `depth` lookups. A key the followed simulation has evicted meanwhile is refused (a
  // bypass); a stored key must return its value (key * 3 + 1), and the statistics stay consistent.
  const std::size_t depth = GENERATE(std::size_t{1}, std::size_t{5}, std::size_t{40});
  CAPTURE(depth);
  AdaptiveCache<std::uint32_t> a(16, 4);
  std::vector<Key> waiting;
  for (const Key k : make_trace("switch")) {
    if (const std::uint32_t* v = a.find(k))
      REQUIRE(*v == std::uint32_t(k * 3 + 1));
    else
      waiting.push_back(k);
    if (waiting.size() > depth) {
      const Key w = waiting.front();
      waiting.erase(waiting.begin());
      a.insert(w, std::uint32_t(w * 3 + 1));
    }
  }
  const cache::Stats& s = a.stats();
  CHECK(s.hits + s.misses == s.lookups);
  CHECK(s.insertions + s.bypasses <= s.misses);
  CHECK(s.evictions <= s.insertions);
  CHECK(a.size() <= a.capacity());
  CHECK(s.hits > 0);
}
