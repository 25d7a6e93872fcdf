// Nanoseconds per lookup of every eviction rule at table sizes 10, 40 and 10,000, on one fixed
// Zipf trace, and the adaptive rule against plain aged LFU. Each iteration is one access() of
// the next key of the trace (wrapping around); the cache is built once per benchmark, so the
// numbers are steady-state lookups, misses and evictions included. Rules are timed without the
// first-time-miss set (FirstTime::ignore), whose cost BM_cache_first_time shows separately.
// Offline rules get the whole trace in advance and restart (untimed) at its end, so they are
// never asked beyond their future. The adaptive rule's cost grows with its bank of simulations,
// which grows with the lookups made, so it is timed after one untimed pass over the whole trace
// (its bank then holds the simulations of 1,000,000 lookups; the counter says how many).
#include "cache/adaptive.h"
#include "cache/aged_lfu.h"
#include "cache/aged_lfu_ghost.h"
#include "cache/arc.h"
#include "cache/belady.h"
#include "cache/best_fixed.h"
#include "cache/cache.h"
#include "cache/lfu.h"
#include "cache/lru.h"
#include "cache/sieve.h"
#include "support/synthetic_traces.h"

#include <benchmark/benchmark.h>

#include <map>
#include <memory>
#include <vector>

namespace {

// Inputs: 1,000,000 lookups of 100,000 keys, Zipf exponent 0.9, seed 2026. The aged LFU
// half-life, and the adaptive rule's starting one, is 1,024 lookups, a middle value of the grid
// of the essay "A count that forgets".
constexpr std::size_t TRACE_LENGTH = 1'000'000;
constexpr std::size_t UNIVERSE = 100'000;
constexpr double EXPONENT = 0.9;
constexpr std::uint64_t SEED = 2026;
constexpr std::uint64_t HALF_LIFE = 1024;

const std::vector<cache::Key>& trace() {
  static const std::vector<cache::Key> t = support::zipf_trace(TRACE_LENGTH, UNIVERSE, EXPONENT, SEED);
  return t;
}

template <class C>
void run(benchmark::State& state, C& c) {
  const auto& t = trace();
  std::size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(c.access(t[i]));
    if (++i == t.size())
      i = 0;
  }
  state.counters["hit%"] = 100.0 * c.stats().hit_rate();
}

// Online rules: the cache persists over the whole benchmark.
template <class Policy>
void BM_cache_access(benchmark::State& state, Policy policy) {
  cache::Cache<Policy> c(std::size_t(state.range(0)), policy, cache::FirstTime::ignore);
  run(state, c);
}

// Offline rules: one pass of the trace per cache; the policy is rebuilt (untimed) each pass.
template <class MakePolicy>
void BM_cache_offline(benchmark::State& state, MakePolicy make) {
  const auto& t = trace();
  const std::size_t capacity = std::size_t(state.range(0));
  using C = cache::Cache<decltype(make())>;
  auto c = std::make_unique<C>(capacity, make(), cache::FirstTime::ignore);
  std::size_t i = 0;
  std::uint64_t hits = 0, lookups = 0;
  for (auto _ : state) {
    if (i == t.size()) {
      state.PauseTiming();
      hits += c->stats().hits;
      lookups += c->stats().lookups;
      c = std::make_unique<C>(capacity, make(), cache::FirstTime::ignore);
      i = 0;
      state.ResumeTiming();
    }
    benchmark::DoNotOptimize(c->access(t[i++]));
  }
  hits += c->stats().hits;
  lookups += c->stats().lookups;
  state.counters["hit%"] = 100.0 * double(hits) / double(lookups);
}

// One adaptive cache per size, built and run over the whole trace once (untimed) and then shared
// by every run of the benchmark at that size, so each run times steady-state lookups.
void BM_cache_adaptive(benchmark::State& state) {
  static std::map<std::size_t, std::unique_ptr<cache::AdaptiveCache<>>> warmed;
  auto& c = warmed[std::size_t(state.range(0))];
  if (!c) {
    c = std::make_unique<cache::AdaptiveCache<>>(std::size_t(state.range(0)), HALF_LIFE, cache::FirstTime::ignore);
    for (const cache::Key k : trace())
      c->access(k);
  }
  run(state, *c);
  state.counters["simulations"] = double(c->simulations().size());
}

// LRU with the set of seen keys kept, to split misses into first-time misses and re-evaluations.
void BM_cache_first_time(benchmark::State& state) {
  cache::Cache<cache::LruPolicy> c(std::size_t(state.range(0)), cache::LruPolicy(), cache::FirstTime::track);
  run(state, c);
}

std::shared_ptr<const cache::Future> future() {
  static const auto f = std::make_shared<const cache::Future>(trace());
  return f;
}

void sizes(benchmark::internal::Benchmark* b) { b->Arg(10)->Arg(40)->Arg(10'000); }

} // namespace

BENCHMARK_CAPTURE(BM_cache_access, lru, cache::LruPolicy())->Apply(sizes);
BENCHMARK_CAPTURE(BM_cache_access, lfu, cache::LfuPolicy())->Apply(sizes);
BENCHMARK_CAPTURE(BM_cache_access, aged_lfu, cache::AgedLfuPolicy(HALF_LIFE))->Apply(sizes);
BENCHMARK_CAPTURE(BM_cache_access, aged_lfu_ghost, cache::AgedLfuGhostPolicy(HALF_LIFE))->Apply(sizes);
BENCHMARK_CAPTURE(BM_cache_access, arc, cache::ArcPolicy())->Apply(sizes);
BENCHMARK_CAPTURE(BM_cache_access, sieve, cache::SievePolicy())->Apply(sizes);
BENCHMARK_CAPTURE(BM_cache_offline, belady, [] { return cache::BeladyPolicy(future(), cache::Bypass::no); })->Apply(sizes);
BENCHMARK_CAPTURE(BM_cache_offline, belady_bypass, [] { return cache::BeladyPolicy(future(), cache::Bypass::yes); })->Apply(sizes);
BENCHMARK_CAPTURE(BM_cache_offline, best_fixed, [] {
  static const cache::BestFixedPolicy ranked(trace()); // copies share the ranking
  return ranked;
})->Apply(sizes);
BENCHMARK(BM_cache_adaptive)->Apply(sizes);
BENCHMARK(BM_cache_first_time)->Apply(sizes);
