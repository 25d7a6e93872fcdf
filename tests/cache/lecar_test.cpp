#include "cache/cache.h"
#include "cache/lecar.h"
#include "cache/lru.h"
#include "support/synthetic_traces.h"

#include "support.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <random>
#include <span>
#include <string>
#include <vector>

using cache::Cache;
using cache::Key;
using cache::LecarPolicy;
using test_support::hits;
using test_support::letters;

namespace {

struct LecarRun {
  std::string hits;
  double lru_weight;
};

// LeCaR as lecar.h states it, on plain vectors scanned at every eviction: residents with counts
// and last uses; two histories, oldest first, of at most `capacity` evicted keys with their counts
// and eviction times; the same SplitMix64 stream (the test support's own implementation) for
// the choices.
LecarRun reference_lecar(std::size_t capacity, std::span<const Key> trace, double w_lru, std::uint64_t seed) {
  struct Entry {
    Key key;
    std::uint64_t count;
    std::size_t last;
  };
  struct Ghost {
    Key key;
    std::uint64_t count;
    std::uint64_t evicted_at;
  };
  std::vector<Entry> residents;
  std::vector<Ghost> lru_history, lfu_history;
  support::SplitMix64 rng(seed);
  const double d = std::pow(0.005, 1.0 / double(capacity));
  std::string out;
  for (std::size_t i = 0; i < trace.size(); ++i) {
    const std::uint64_t t = i + 1;
    auto it = std::find_if(residents.begin(), residents.end(), [&](const Entry& e) { return e.key == trace[i]; });
    if (it != residents.end()) {
      ++it->count;
      it->last = i;
      out += 'h';
      continue;
    }
    out += 'm';
    std::uint64_t count = 1;
    for (const bool lru_erred : {true, false}) {
      std::vector<Ghost>& history = lru_erred ? lru_history : lfu_history;
      const auto g = std::find_if(history.begin(), history.end(), [&](const Ghost& e) { return e.key == trace[i]; });
      if (g == history.end())
        continue;
      double w_lfu = 1 - w_lru;
      (lru_erred ? w_lfu : w_lru) *= std::exp(0.45 * std::pow(d, double(t - g->evicted_at)));
      w_lru = std::clamp(w_lru / (w_lru + w_lfu), 0.01, 0.99);
      count += g->count;
      history.erase(g);
      break;
    }
    if (residents.size() == capacity) {
      const auto by_lru =
          std::min_element(residents.begin(), residents.end(), [](const Entry& a, const Entry& b) { return a.last < b.last; });
      const auto by_lfu = std::min_element(residents.begin(), residents.end(), [](const Entry& a, const Entry& b) {
        return a.count != b.count ? a.count < b.count : a.last < b.last;
      });
      const bool lru_chosen = rng.uniform() < w_lru;
      const auto victim = lru_chosen ? by_lru : by_lfu;
      if (by_lru != by_lfu) {
        std::vector<Ghost>& history = lru_chosen ? lru_history : lfu_history;
        if (history.size() == capacity)
          history.erase(history.begin());
        history.push_back({victim->key, victim->count, t});
      }
      residents.erase(victim);
    }
    residents.push_back({trace[i], count, i});
  }
  return {out, w_lru};
}

} // namespace

TEST_CASE("LeCaR on hand-worked traces with the choice pinned", "[cache]") {
  // Capacity 2; counts in brackets; an initial w_LRU of 1 (0) makes every eviction LRU's (LFU's)
  // until the first regret, which moves the weight to the clamp, 0.99 (0.01): multiplying the
  // other expert's weight of 0 leaves it 0, and the clamp lifts it.
  //   w_LRU = 1, aabca: a[1] a[2] | b[1] | c: LRU names a (last used at 2), LFU names b[1]; LRU
  //     evicts a into its history | a misses in LRU's history: regret for LRU, w_LRU = 0.99;
  //     a returns with its count plus one, a[3]; both experts name b (LFU's tie between b[1] and
  //     c[1] goes to the least recent), so b is evicted into neither history.
  //   w_LRU = 0, aabccb: a[1] a[2] | b[1] | c: LFU evicts b[1] into its history (LRU would have
  //     evicted a) | c hits, c[2] | b misses in LFU's history: regret for LFU, w_LRU = 0.01;
  //     b returns as b[2]; both experts name a (a[2] and c[2] tie, a is the less recent), evicted
  //     into neither history. LRU hits on b at the end: mhmmhh.
  // initial w_LRU, trace, expected, w_LRU at the end, the last key and its count at the end
  static const struct Row {
    double initial;
    const char* trace;
    const char* expected;
    double final_weight;
    Key key;
    std::uint64_t count;
  } rows[] = {
      {1, "aabca", "mhmmm", 0.99, 1, 3},
      {0, "aabccb", "mhmmhm", 0.01, 2, 2},
  };
  for (const Row& row : rows) {
    CAPTURE(row.initial, row.trace);
    Cache<LecarPolicy> c(2, LecarPolicy(row.initial));
    CHECK(hits(c, letters(row.trace)) == row.expected);
    const LecarPolicy& p = c.policy();
    CHECK(p.lru_weight() == row.final_weight);
    CHECK(p.lru_weight() + p.lfu_weight() == 1);
    CHECK(p.lru_history_size() == 0);
    CHECK(p.lfu_history_size() == 0);
    CHECK(p.count(c.slot_of(row.key)) == row.count);
  }
  Cache<cache::LruPolicy> lru(2);
  CHECK(hits(lru, letters("aabccb")) == "mhmmhh");
}

TEST_CASE("LeCaR moves weight away from the expert whose eviction is regretted, less when late", "[cache]") {
  // Capacity 2, aabc: at c, LRU names a and LFU names b[1], and the draw decides. Then c hits k
  // times (c is resident either way) and the evicted key is looked up at t = 5 + k, k + 1 lookups
  // after its eviction: a regret with r = d^(k + 1), d = 0.005^(1/2). The other expert's weight,
  // 0.5, is multiplied by exp(0.45 r), so the erring expert's weight becomes
  // 1 / (1 + exp(0.45 r)): 0.4212... for k = 0, nearer 1/2 the later the regret. Both experts
  // must be the erring one for some of the seeds.
  const double d = std::sqrt(0.005);
  bool saw_lru = false, saw_lfu = false;
  double previous = 0;
  for (const std::size_t k : {0, 1, 3, 10}) {
    const double erring = 1 / (1 + std::exp(0.45 * std::pow(d, double(k + 1))));
    CHECK(erring > previous);
    previous = erring;
    for (std::uint64_t seed = 1; seed <= 20; ++seed) {
      CAPTURE(k, seed);
      Cache<LecarPolicy> c(2, LecarPolicy(0.5, seed));
      hits(c, letters("aabc"));
      const LecarPolicy& p = c.policy();
      REQUIRE(p.lru_history_size() + p.lfu_history_size() == 1);
      const bool lru_evicted = p.lru_history_size() == 1;
      CHECK(c.contains(1) != lru_evicted); // LRU evicted a, LFU evicted b
      CHECK(c.contains(2) == lru_evicted);
      CHECK(p.discount() == Approx(d));
      for (std::size_t i = 0; i < k; ++i)
        CHECK(c.access(3));
      CHECK(p.lru_weight() == 0.5);
      CHECK(!c.access(lru_evicted ? 1 : 2));
      CHECK((lru_evicted ? p.lru_weight() : p.lfu_weight()) == Approx(erring).epsilon(1e-12));
      CHECK(p.lru_weight() + p.lfu_weight() == 1);
      (lru_evicted ? saw_lru : saw_lfu) = true;
    }
  }
  CHECK(saw_lru);
  CHECK(saw_lfu);
}

TEST_CASE("LeCaR agrees with a brute-force reference on seeded random traces", "[cache]") {
  // capacity, universe, trace seed, policy seed, initial w_LRU; 3000 lookups
  static const struct Row {
    std::size_t capacity;
    std::size_t universe;
    std::uint64_t seed;
    std::uint64_t policy_seed;
    double initial;
  } rows[] = {{1, 4, 21, 1, 0.5},   {2, 6, 22, 2, 0.5},   {3, 10, 23, 3, 0.5},   {5, 16, 24, 4, 0.5}, {10, 30, 25, 5, 0.5},
              {16, 40, 26, 6, 0.5}, {25, 60, 27, 7, 0.5}, {40, 120, 28, 8, 0.5}, {10, 30, 29, 9, 1},  {10, 30, 30, 10, 0}};
  for (const Row& row : rows) {
    CAPTURE(row.capacity, row.universe, row.seed, row.policy_seed, row.initial);
    const auto trace = test_support::sliding_window_trace(3000, row.universe, 500, row.seed);
    Cache<LecarPolicy> c(row.capacity, LecarPolicy(row.initial, row.policy_seed));
    const LecarRun expected = reference_lecar(row.capacity, trace, row.initial, row.policy_seed);
    CHECK(hits(c, trace) == expected.hits);
    CHECK(c.policy().lru_weight() == Approx(expected.lru_weight));
    CHECK(c.policy().lru_weight() >= 0.0);
    CHECK(c.policy().lru_weight() <= 1.0);
  }
}

TEST_CASE("LeCaR is reproducible: a seed, or a copy, fixes every choice", "[cache]") {
  const auto trace = test_support::sliding_window_trace(3000, 30, 500, 31);
  Cache<LecarPolicy> a(10, LecarPolicy(0.5, 7)), b(10, LecarPolicy(0.5, 7));
  const std::string first = hits(a, std::span<const Key>(trace).first(1500));
  CHECK(hits(b, std::span<const Key>(trace).first(1500)) == first);
  Cache<LecarPolicy> copy = a;
  const auto rest = std::span<const Key>(trace).subspan(1500);
  CHECK(hits(copy, rest) == hits(a, rest));
  CHECK(copy.policy().lru_weight() == a.policy().lru_weight());
}

TEST_CASE("LeCaR rejects an initial weight outside [0, 1]", "[cache]") {
  CHECK_THROWS_AS(LecarPolicy(-0.1), std::logic_error);
  CHECK_THROWS_AS(LecarPolicy(1.5), std::logic_error);
}
