// Benchmarks of the CGT engine on mid-size games: sums of 4 to 8 random games of birthday 3,
// comparisons and canonicalisation. "cold" runs forget this thread's memoised sums and
// comparisons before every operation (interned games stay), so they time the real work;
// "warm" runs time a memo hit.
#include "cgt/game.h"
#include "support/random_games.h"

#include <benchmark/benchmark.h>

#include <vector>

namespace {

// Inputs: 64 fixed sums per size, from seed 2026 and games born by day 3 that are not
// number-up-stars.
constexpr unsigned SEED = 2026;
constexpr int INPUTS = 64;

std::vector<std::vector<cgt::GameId>> summands(int k) {
  support::RandomGames random(SEED, 3);
  std::vector<std::vector<cgt::GameId>> out(INPUTS);
  for (auto& v : out)
    while (int(v.size()) < k) // general games only: number-up-star sums are closed-form
      if (const cgt::GameId g = random(); !cgt::store().is_nus(g))
        v.push_back(g);
  return out;
}

void BM_cgt_add(benchmark::State& state) {
  const auto inputs = summands(int(state.range(0)));
  std::size_t i = 0;
  for (auto _ : state) {
    cgt::clear_thread_caches();
    benchmark::DoNotOptimize(cgt::sum(inputs[i++ % INPUTS]));
  }
}
BENCHMARK(BM_cgt_add)->Arg(4)->Arg(6)->Arg(8)->Unit(benchmark::kMicrosecond);

void BM_cgt_add_warm(benchmark::State& state) {
  const auto inputs = summands(int(state.range(0)));
  for (const auto& v : inputs)
    cgt::sum(v);
  std::size_t i = 0;
  for (auto _ : state)
    benchmark::DoNotOptimize(cgt::sum(inputs[i++ % INPUTS]));
}
BENCHMARK(BM_cgt_add_warm)->Arg(4)->Arg(8);

void BM_cgt_leq(benchmark::State& state) {
  const auto inputs = summands(int(state.range(0)));
  std::vector<cgt::GameId> sums;
  for (const auto& v : inputs)
    sums.push_back(cgt::sum(v));
  std::size_t i = 0;
  for (auto _ : state) {
    cgt::clear_thread_caches();
    benchmark::DoNotOptimize(cgt::leq(sums[i % INPUTS], sums[(i + 1) % INPUTS]));
    ++i;
  }
}
BENCHMARK(BM_cgt_leq)->Arg(4)->Arg(6)->Arg(8)->Unit(benchmark::kMicrosecond);

void BM_cgt_from_options(benchmark::State& state) {
  // { S1, S2 | S3, S4 } for sums S of k games: dominated and reversible options galore.
  const auto inputs = summands(int(state.range(0)));
  std::vector<cgt::GameId> sums;
  for (const auto& v : inputs)
    sums.push_back(cgt::sum(v));
  std::size_t i = 0;
  for (auto _ : state) {
    cgt::clear_thread_caches();
    benchmark::DoNotOptimize(
        cgt::from_options({sums[i % INPUTS], sums[(i + 1) % INPUTS]}, {sums[(i + 2) % INPUTS], sums[(i + 3) % INPUTS]}));
    ++i;
  }
}
BENCHMARK(BM_cgt_from_options)->Arg(4)->Arg(6)->Arg(8)->Unit(benchmark::kMicrosecond);

} // namespace
