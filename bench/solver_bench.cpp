// Benchmarks of the transposition table and the search. Inputs are fixed: splitmix64 keys from
// seed KEY_SEED; tables of 2^10 (fits in L1/L2), 2^20 (8 MiB, about the last-level cache) and
// 2^26 entries (512 MiB, DRAM and TLB bound), each filled with as many random stores as it has
// entries before it is timed. probe/store time independent random accesses, which the CPU
// overlaps; probe_chain makes each probe wait for the previous one and does WORK_STEPS of
// dependent arithmetic (a stand-in for make-move and node entry) between issuing the optional
// prefetch and the probe, the situation of the search's make-move wrapper.
#include "solver/search.h"
#include "solver/tictactoe.h"
#include "solver/tt.h"
#include "solver/unbounded_table.h"

#include <benchmark/benchmark.h>

#include <cstdint>
#include <map>
#include <memory>

namespace {

using Table = solver::SharedTable<solver::Aging>;

constexpr std::uint64_t KEY_SEED = 2026;
constexpr int WORK_STEPS = 32; // about 100 cycles of dependent multiply-adds

// The i-th key of the fixed stream (splitmix64 of seed + i).
inline std::uint64_t key_at(std::uint64_t i) {
  std::uint64_t z = KEY_SEED + (i + 1) * 0x9E37'79B9'7F4A'7C15u;
  z = (z ^ (z >> 30)) * 0xBF58'476D'1CE4'E5B9u;
  z = (z ^ (z >> 27)) * 0x94D0'49BB'1331'11EBu;
  return z ^ (z >> 31);
}

// One filled table per size, shared by the benchmarks of that size.
Table& filled_table(int bits) {
  static std::map<int, std::unique_ptr<Table>> tables;
  auto& t = tables[bits];
  if (!t) {
    t = std::make_unique<Table>(solver::TableSize::from_bits(unsigned(bits)));
    for (std::uint64_t i = 0; i < t->entry_count(); ++i)
      t->store(key_at(i), int(i % 40), solver::Score(i % 2000) - 1000, solver::Bound::EXACT, std::uint32_t(i % 200));
  }
  return *t;
}

void set_counters(benchmark::State& state, const Table& t) {
  state.counters["bytes_per_entry"] = double(t.bytes()) / double(t.entry_count());
  state.counters["table_MiB"] = double(t.bytes()) / double(1 << 20);
}

void BM_solver_probe(benchmark::State& state) {
  Table& t = filled_table(int(state.range(0)));
  const std::uint64_t n = t.entry_count();
  std::uint64_t i = 0, hits = 0;
  for (auto _ : state) {
    const auto r = t.probe(key_at((i++ * 0x9E37'79B9u) % n)); // stored keys, in scattered order
    hits += r.hit;
    benchmark::DoNotOptimize(r.data);
  }
  set_counters(state, t);
  state.counters["hit_rate"] = double(hits) / double(i);
}
BENCHMARK(BM_solver_probe)->Arg(10)->Arg(20)->Arg(26);

void BM_solver_store(benchmark::State& state) {
  Table& t = filled_table(int(state.range(0)));
  std::uint64_t i = t.entry_count();
  for (auto _ : state) {
    benchmark::DoNotOptimize(t.store(key_at(i), int(i % 40), 0, solver::Bound::LOWER, 1));
    ++i;
  }
  set_counters(state, t);
}
BENCHMARK(BM_solver_store)->Arg(10)->Arg(20)->Arg(26);

// range(0): table bits; range(1): 1 to prefetch the bucket before the work, 0 not to.
void BM_solver_probe_chain(benchmark::State& state) {
  Table& t = filled_table(int(state.range(0)));
  const bool prefetch = state.range(1) != 0;
  const std::uint64_t n = t.entry_count();
  std::uint64_t zero = 0; // opaque 0: makes the next key depend on this probe's result
  benchmark::DoNotOptimize(zero);
  std::uint64_t i = 0, acc = 1;
  for (auto _ : state) {
    const std::uint64_t key = key_at((i * 0x9E37'79B9u) % n);
    if (prefetch)
      t.prefetch(key);
    for (int s = 0; s < WORK_STEPS; ++s) // the work between the prefetch and the probe
      acc = acc * 0x9E37'79B9'7F4A'7C15u + std::uint64_t(s);
    const auto r = t.probe(key);
    i += 1 + (std::uint64_t(r.data.score) & zero) + (acc & zero);
  }
  benchmark::DoNotOptimize(acc);
  set_counters(state, t);
}
BENCHMARK(BM_solver_probe_chain)->ArgsProduct({{10, 20, 26}, {0, 1}});

// The work alone, to subtract from probe_chain.
void BM_solver_chain_work(benchmark::State& state) {
  std::uint64_t acc = 1;
  for (auto _ : state) {
    for (int s = 0; s < WORK_STEPS; ++s)
      acc = acc * 0x9E37'79B9'7F4A'7C15u + std::uint64_t(s);
    benchmark::DoNotOptimize(acc);
  }
}
BENCHMARK(BM_solver_chain_work);

// The article's search from the empty tic-tac-toe board with a 2^16-entry shared table, cleared
// (untimed) before each search (counter: nodes per search).
void BM_solver_search_tictactoe(benchmark::State& state) {
  std::uint64_t nodes = 0;
  Table table(solver::TableSize::from_bits(16));
  for (auto _ : state) {
    state.PauseTiming();
    table.clear();
    state.ResumeTiming();
    solver::TicTacToe g;
    solver::Searcher<solver::TicTacToe, Table> searcher(table);
    benchmark::DoNotOptimize(searcher.search(g, g.empty_squares()));
    nodes = searcher.nodes();
  }
  state.counters["nodes"] = double(nodes);
  state.counters["nodes_per_second"] = benchmark::Counter(double(nodes), benchmark::Counter::kIsIterationInvariantRate);
}
BENCHMARK(BM_solver_search_tictactoe)->Unit(benchmark::kMicrosecond);

void BM_solver_minimax_tictactoe(benchmark::State& state) {
  std::uint64_t nodes = 0;
  for (auto _ : state) {
    solver::TicTacToe g;
    nodes = 0;
    benchmark::DoNotOptimize(solver::minimax(g, 0, nodes));
  }
  state.counters["nodes"] = double(nodes);
  state.counters["nodes_per_second"] = benchmark::Counter(double(nodes), benchmark::Counter::kIsIterationInvariantRate);
}
BENCHMARK(BM_solver_minimax_tictactoe)->Unit(benchmark::kMillisecond);

} // namespace
