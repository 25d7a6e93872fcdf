#include "cache/cache.h"
#include "cache/cacheus.h"
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
using cache::CacheusPolicy;
using cache::Key;
using test_support::hits;
using test_support::letters;

namespace {

struct CacheusRun {
  std::string hits;
  double sr_lru_weight;
  double learning_rate;
  std::size_t r_limit;
  std::size_t regrets;  // history hits
  std::size_t restarts; // random restarts of the learning rate
  std::size_t resizes;  // changes of r_limit
};

// CACHEUS as cacheus.h states it, on plain vectors scanned at every step: each resident records
// which list it is in and when it was last put at the front of that list, so a list's back is the
// member with the oldest such time; the counts of new keys in SR-LRU's history and of demoted
// entries are recounted when needed; the same SplitMix64 stream (the test support's own
// implementation) for the initial learning rate, the choices and the restarts.
CacheusRun reference_cacheus(std::size_t n, std::span<const Key> trace, double w, std::uint64_t seed) {
  struct Entry {
    Key key;
    std::uint64_t count;
    std::size_t last;  // lookup of the last use
    std::size_t front; // when last put at the front of its list
    bool in_r, demoted, fresh;
  };
  struct Ghost {
    Key key;
    std::uint64_t count;
    bool fresh;
  };
  std::vector<Entry> residents;
  std::vector<Ghost> sr_history, cr_history; // oldest first
  const std::size_t history_max = std::max<std::size_t>(1, n / 2);
  support::SplitMix64 rng(seed);
  double lambda = 0.001 + (1 - 0.001) * rng.uniform();
  double lambda_before = 0;
  std::uint64_t window_hits = 0, previous_hits = 0, stale = 0;
  const std::size_t r_min = n >= 2 ? 1 : 0, r_max = n - 1;
  std::size_t r_limit = n - std::max<std::size_t>(1, std::size_t(std::floor(double(n) / 100 + 0.5)));
  std::size_t stamp = 0;
  CacheusRun run{};

  const auto rounded_ratio = [](std::size_t a, std::size_t b) {
    return std::max<std::size_t>(1, std::size_t(std::floor(double(a) / double(std::max<std::size_t>(1, b)) + 0.5)));
  };
  const auto demoted = [&] {
    return std::size_t(std::count_if(residents.begin(), residents.end(), [](const Entry& e) { return e.demoted; }));
  };
  const auto fresh_ghosts = [&] {
    return std::size_t(std::count_if(sr_history.begin(), sr_history.end(), [](const Ghost& g) { return g.fresh; }));
  };
  const auto oldest_in = [&](bool in_r) {
    auto best = residents.end();
    for (auto it = residents.begin(); it != residents.end(); ++it)
      if (it->in_r == in_r && (best == residents.end() || it->front < best->front))
        best = it;
    return best;
  };
  const auto trim = [&] {
    while (std::size_t(std::count_if(residents.begin(), residents.end(), [](const Entry& e) { return e.in_r; })) > r_limit) {
      const auto d = oldest_in(true);
      d->in_r = false;
      d->demoted = true;
      d->fresh = false;
      d->front = ++stamp;
    }
  };
  const auto regret = [&](bool sr_erred) {
    double w_cr = 1 - w;
    (sr_erred ? w_cr : w) *= std::exp(lambda);
    w = std::clamp(w / (w + w_cr), 0.01, 0.99);
    ++run.regrets;
  };
  const auto end_window = [&] {
    const std::uint64_t h = window_hits;
    window_hits = 0;
    const double change = lambda - lambda_before;
    double next = lambda;
    if (std::abs(change) >= 0.001) {
      const bool helped = (h > previous_hits && change > 0) || (h < previous_hits && change < 0);
      const double step = std::abs(lambda * change);
      next = std::clamp(helped ? lambda + step : lambda - step, 0.001, 1.0);
      stale = 0;
    } else if (h > previous_hits) {
      stale = 0;
    } else if (++stale >= 10) {
      next = 0.001 + (1 - 0.001) * rng.uniform();
      stale = 0;
      ++run.restarts;
    }
    lambda_before = lambda;
    lambda = next;
    previous_hits = h;
  };

  for (std::size_t i = 0; i < trace.size(); ++i) {
    if (i > 0 && i % n == 0)
      end_window();
    auto it = std::find_if(residents.begin(), residents.end(), [&](const Entry& e) { return e.key == trace[i]; });
    if (it != residents.end()) {
      run.hits += 'h';
      ++window_hits;
      ++it->count;
      it->last = i;
      it->fresh = false;
      if (!it->in_r && it->demoted) {
        const std::size_t grown = std::min(r_max, r_limit + rounded_ratio(fresh_ghosts(), demoted()));
        run.resizes += grown != r_limit;
        r_limit = grown;
        it->demoted = false;
      }
      const bool promoted = !it->in_r;
      it->in_r = true;
      it->front = ++stamp;
      if (promoted)
        trim();
      continue;
    }
    run.hits += 'm';
    std::uint64_t count = 1;
    bool returns = false;
    if (const auto g = std::find_if(sr_history.begin(), sr_history.end(), [&](const Ghost& e) { return e.key == trace[i]; });
        g != sr_history.end()) {
      const Ghost ghost = *g;
      sr_history.erase(g);
      if (ghost.fresh) {
        const std::size_t step = rounded_ratio(demoted(), fresh_ghosts());
        const std::size_t shrunk = r_limit >= r_min + step ? r_limit - step : r_min;
        run.resizes += shrunk != r_limit;
        r_limit = shrunk;
      }
      regret(true);
      count += ghost.count;
      returns = true;
    } else if (const auto h = std::find_if(cr_history.begin(), cr_history.end(), [&](const Ghost& e) { return e.key == trace[i]; });
               h != cr_history.end()) {
      regret(false);
      count += h->count;
      returns = true;
      cr_history.erase(h);
    }
    if (residents.size() == n) {
      const auto by_sr = oldest_in(false);
      const auto by_cr = std::min_element(residents.begin(), residents.end(), [](const Entry& a, const Entry& b) {
        return a.count != b.count ? a.count < b.count : a.last > b.last;
      });
      const bool sr_chosen = rng.uniform() < w;
      const auto victim = sr_chosen ? by_sr : by_cr;
      if (by_sr != by_cr) {
        std::vector<Ghost>& history = sr_chosen ? sr_history : cr_history;
        if (history.size() == history_max)
          history.erase(history.begin());
        history.push_back({victim->key, victim->count, sr_chosen && victim->fresh});
      }
      residents.erase(victim);
    }
    residents.push_back({trace[i], count, i, ++stamp, returns, false, !returns});
    if (returns)
      trim();
  }
  run.sr_lru_weight = w;
  run.learning_rate = lambda;
  run.r_limit = r_limit;
  return run;
}

} // namespace

TEST_CASE("CACHEUS on hand-worked traces", "[cache]") {
  // Capacity 3, so r_limit starts at 3 - 1 = 2 and each history holds 1 key. Lists front first,
  // counts in brackets, * for new, ' for demoted. An initial w (of SR-LRU) of 1 (0) makes every
  // disputed eviction SR-LRU's (CR-LFU's) until the first regret moves w to the clamp.
  //   w = 1, aabcdcba: a* into SR | a hits in SR: promoted, R = [a[2]] | b*, c*: SR = [c b] |
  //     d: SR-LRU names b (back of SR), CR-LFU names c (the most recent of the count-1 entries);
  //     SR-LRU evicts b, new, into its history; SR = [d c] | c hits: promoted, R = [c a] |
  //     b misses in SR-LRU's history: SR was too small, r_limit -= max(1, round(0 / 1)) = 1;
  //     regret for SR-LRU, w = 0.99; both experts name d (the one count-1 entry), evicted into
  //     neither history; b returns into R as b[2]: R = [b c a] exceeds 1, so a then c are
  //     demoted: SR = [c' a'], R = [b] | a hits, demoted: R was too small, r_limit +=
  //     max(1, round(0 / 2)) = 1, so 2; R = [a b], SR = [c'].
  //   w = 0, aabcdbc: as above to d, where CR-LFU evicts c (LRU tie-breaking would evict b):
  //     SR = [d b] | b hits: promoted, R = [b a] | c misses in CR-LFU's history: regret for
  //     CR-LFU, w = 0.01; both experts name d, evicted into neither history; c returns into R:
  //     R = [c b a] exceeds 2, a is demoted: SR = [a'], R = [c b].
  //   w = 0.5, aabbcdeab: a and b are promoted to R by their second use; c, d, e, each used once,
  //     only pass through SR, and both experts name the one count-1 entry, so no draw matters |
  //     a and b hit. LRU loses both to the scan: mhmhmmmmm.
  // initial w, trace, expected, w at the end, r_limit, |SR|, |R|, demoted entries at the end
  static const struct Row {
    double initial;
    const char* trace;
    const char* expected;
    double final_weight;
    std::size_t r_limit, sr, r, demoted;
  } rows[] = {
      {1, "aabcdcba", "mhmmmhmh", 0.99, 2, 1, 2, 1},
      {0, "aabcdbc", "mhmmmhm", 0.01, 2, 1, 2, 1},
      {0.5, "aabbcdeab", "mhmhmmmhh", 0.5, 2, 1, 2, 0},
  };
  for (const Row& row : rows) {
    CAPTURE(row.initial, row.trace);
    Cache<CacheusPolicy> c(3, CacheusPolicy(row.initial));
    CHECK(hits(c, letters(row.trace)) == row.expected);
    const CacheusPolicy& p = c.policy();
    CHECK(p.sr_lru_weight() == row.final_weight);
    CHECK(p.r_limit() == row.r_limit);
    CHECK(p.sr_size() == row.sr);
    CHECK(p.r_size() == row.r);
    CHECK(p.demoted_count() == row.demoted);
    CHECK(p.sr_lru_history_size() == 0);
    CHECK(p.cr_lfu_history_size() == 0);
    CHECK(p.fresh_in_history() == 0);
  }
  Cache<cache::LruPolicy> lru(3);
  CHECK(hits(lru, letters("aabbcdeab")) == "mhmhmmmmm");
}

TEST_CASE("CACHEUS moves weight away from the expert whose eviction is regretted", "[cache]") {
  // Capacity 3, aabcd: at d, SR-LRU names b and CR-LFU names c, and the draw decides. Looking
  // the evicted key up next is a regret: the other weight, 0.5, is multiplied by exp(lambda),
  // undiscounted, so the erring expert's weight becomes 1 / (1 + exp(lambda)). If SR-LRU erred,
  // b was new, so SR grows: r_limit 2 -> 1, and b's return into R demotes a. Both experts must be
  // the erring one for some of the seeds.
  bool saw_sr = false, saw_cr = false;
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    CAPTURE(seed);
    Cache<CacheusPolicy> c(3, CacheusPolicy(0.5, seed));
    hits(c, letters("aabcd"));
    const CacheusPolicy& p = c.policy();
    REQUIRE(p.sr_lru_history_size() + p.cr_lfu_history_size() == 1);
    const bool sr_evicted = p.sr_lru_history_size() == 1;
    CHECK(c.contains(2) != sr_evicted); // SR-LRU evicted b, CR-LFU evicted c
    CHECK(c.contains(3) == sr_evicted);
    CHECK(p.fresh_in_history() == (sr_evicted ? 1u : 0u));
    const double lambda = p.learning_rate(); // the next window ends before lookup 7
    CHECK(!c.access(sr_evicted ? 2 : 3));
    CHECK((sr_evicted ? p.sr_lru_weight() : p.cr_lfu_weight()) == Approx(1 / (1 + std::exp(lambda))).epsilon(1e-12));
    CHECK(p.sr_lru_weight() + p.cr_lfu_weight() == 1);
    CHECK(p.r_limit() == (sr_evicted ? 1u : 2u));
    CHECK(p.r_size() <= p.r_limit());
    // The return evicted one of the two new entries left in SR, into either history.
    CHECK(p.fresh_in_history() == p.sr_lru_history_size());
    (sr_evicted ? saw_sr : saw_cr) = true;
  }
  CHECK(saw_sr);
  CHECK(saw_cr);
}

TEST_CASE("CACHEUS adapts its learning rate along the hit-rate gradient", "[cache]") {
  // Capacity 4: windows of 4 lookups, each closed at the start of the next (lookups 5, 9, 13).
  // With lambda0 the random start and lambda' = 0 before it:
  //   window 1, aaaa: 3 hits, up from 0, after a change of +lambda0: it helped, go on:
  //     lambda1 = lambda0 + lambda0 * lambda0, clamped to 1.
  //   window 2, aaaa: 4 hits, up again after the change lambda1 - lambda0 >= 0: lambda2 = lambda1 +
  //     lambda1 * (lambda1 - lambda0), unless that change was below 0.001 (lambda2 = lambda1).
  //   window 3, abcd: 1 hit, down: a change upwards hurt, so it is reversed, a change downwards
  //     helped, so it goes on: lambda3 = lambda2 -+ lambda2 * |lambda2 - lambda1| (or lambda2 for a
  //     change below 0.001), clamped to [0.001, 1].
  Cache<CacheusPolicy> c(4, CacheusPolicy(0.5, 3));
  const CacheusPolicy& p = c.policy();
  const double l0 = p.learning_rate();
  REQUIRE(l0 >= 0.001);
  REQUIRE(l0 <= 1);
  const auto next = [](double now, double before, bool helped) {
    const double change = now - before;
    if (std::abs(change) < 0.001)
      return now;
    const double step = std::abs(now * change);
    return std::clamp(helped ? now + step : now - step, 0.001, 1.0);
  };
  CHECK(hits(c, letters("aaaa")) == "mhhh");
  CHECK(p.learning_rate() == l0);
  CHECK(hits(c, letters("aaaa")) == "hhhh"); // closes window 1 first
  const double l1 = next(l0, 0, true);
  CHECK(p.learning_rate() == Approx(l1).epsilon(1e-12));
  CHECK(hits(c, letters("abcd")) == "hmmm"); // closes window 2 first
  const double l2 = next(l1, l0, true);
  CHECK(p.learning_rate() == Approx(l2).epsilon(1e-12));
  CHECK(hits(c, letters("e")) == "m"); // closes window 3 first
  const double l3 = next(l2, l1, l2 < l1);
  CHECK(p.learning_rate() == Approx(l3).epsilon(1e-12));
  CHECK(p.learning_rate() >= 0.001);
  CHECK(p.learning_rate() <= 1);
}

TEST_CASE("CACHEUS keeps its invariants on seeded random traces", "[cache]") {
  // |SR| + |R| = size, |R| <= r_limit within [1, N - 1], the demoted entries all in SR and
  // counted, the weights summing to 1 within [0, 1], the learning rate within [0.001, 1], the
  // histories within max(1, N / 2) and the new keys among SR-LRU's. capacity, universe, seed
  static const struct Row {
    std::size_t capacity;
    std::size_t universe;
    std::uint64_t seed;
  } rows[] = {{2, 6, 41}, {3, 10, 42}, {5, 16, 43}, {10, 30, 44}, {16, 40, 45}, {40, 120, 46}};
  for (const Row& row : rows) {
    CAPTURE(row.capacity, row.universe, row.seed);
    const auto trace = test_support::sliding_window_trace(3000, row.universe, 500, row.seed);
    Cache<CacheusPolicy> c(row.capacity, CacheusPolicy(0.5, row.seed));
    const CacheusPolicy& p = c.policy();
    for (const Key k : trace) {
      c.access(k);
      REQUIRE(p.sr_size() + p.r_size() == c.size());
      REQUIRE(p.r_limit() >= 1);
      REQUIRE(p.r_limit() <= row.capacity - 1);
      REQUIRE(p.r_size() <= p.r_limit());
      std::size_t demoted = 0;
      for (cache::Slot s = 0; s < c.size(); ++s) {
        REQUIRE(p.count(s) >= 1);
        REQUIRE(!(p.demoted(s) && p.in_r(s)));
        demoted += p.demoted(s);
      }
      REQUIRE(demoted == p.demoted_count());
      REQUIRE(p.sr_lru_weight() >= 0);
      REQUIRE(p.sr_lru_weight() <= 1);
      REQUIRE(p.sr_lru_weight() + p.cr_lfu_weight() == 1);
      REQUIRE(p.learning_rate() >= 0.001);
      REQUIRE(p.learning_rate() <= 1);
      REQUIRE(p.sr_lru_history_size() <= std::max<std::size_t>(1, row.capacity / 2));
      REQUIRE(p.cr_lfu_history_size() <= std::max<std::size_t>(1, row.capacity / 2));
      REQUIRE(p.fresh_in_history() <= p.sr_lru_history_size());
    }
  }
}

TEST_CASE("CACHEUS agrees with a brute-force reference on seeded random traces", "[cache]") {
  // capacity, universe, trace seed, policy seed, initial w; 3000 lookups. The totals check that
  // the traces reach every part of the rule: regrets, resizes of R and restarts of lambda.
  static const struct Row {
    std::size_t capacity;
    std::size_t universe;
    std::uint64_t seed;
    std::uint64_t policy_seed;
    double initial;
  } rows[] = {{1, 4, 51, 1, 0.5},   {2, 6, 52, 2, 0.5},   {3, 10, 53, 3, 0.5},   {5, 16, 54, 4, 0.5}, {10, 30, 55, 5, 0.5},
              {16, 40, 56, 6, 0.5}, {25, 60, 57, 7, 0.5}, {40, 120, 58, 8, 0.5}, {10, 30, 59, 9, 1},  {10, 30, 60, 10, 0}};
  std::size_t regrets = 0, restarts = 0, resizes = 0;
  for (const Row& row : rows) {
    CAPTURE(row.capacity, row.universe, row.seed, row.policy_seed, row.initial);
    const auto trace = test_support::sliding_window_trace(3000, row.universe, 500, row.seed);
    Cache<CacheusPolicy> c(row.capacity, CacheusPolicy(row.initial, row.policy_seed));
    const CacheusRun expected = reference_cacheus(row.capacity, trace, row.initial, row.policy_seed);
    CHECK(hits(c, trace) == expected.hits);
    CHECK(c.policy().sr_lru_weight() == Approx(expected.sr_lru_weight));
    CHECK(c.policy().learning_rate() == Approx(expected.learning_rate));
    CHECK(c.policy().r_limit() == expected.r_limit);
    regrets += expected.regrets;
    restarts += expected.restarts;
    resizes += expected.resizes;
  }
  CHECK(regrets > 0);
  CHECK(restarts > 0);
  CHECK(resizes > 0);
}

TEST_CASE("CACHEUS is reproducible: a seed, or a copy, fixes every choice", "[cache]") {
  const auto trace = test_support::sliding_window_trace(3000, 30, 500, 61);
  Cache<CacheusPolicy> a(10, CacheusPolicy(0.5, 7)), b(10, CacheusPolicy(0.5, 7));
  const std::string first = hits(a, std::span<const Key>(trace).first(1500));
  CHECK(hits(b, std::span<const Key>(trace).first(1500)) == first);
  Cache<CacheusPolicy> copy = a;
  const auto rest = std::span<const Key>(trace).subspan(1500);
  CHECK(hits(copy, rest) == hits(a, rest));
  CHECK(copy.policy().sr_lru_weight() == a.policy().sr_lru_weight());
  CHECK(copy.policy().learning_rate() == a.policy().learning_rate());
}

TEST_CASE("CACHEUS rejects an initial weight outside [0, 1]", "[cache]") {
  CHECK_THROWS_AS(CacheusPolicy(-0.1), std::logic_error);
  CHECK_THROWS_AS(CacheusPolicy(1.5), std::logic_error);
}
