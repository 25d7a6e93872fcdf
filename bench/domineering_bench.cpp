// Benchmarks of the move bounds (domineering/move_bounds.h), the test every search node runs.
// Inputs are fixed: 4,096 square boards from seed BOARD_SEED, each reached from the empty board
// by random moves, Vertical first (at 8x8, 8 to 16 plies is where most of the solver's leaves
// are), asked for both sides to move in turn; the counters give the share of each verdict.
#include "domineering/board.h"
#include "domineering/move_bounds.h"
#include "domineering/packing_bound.h"

#include <benchmark/benchmark.h>

#include <array>
#include <cstdint>
#include <random>
#include <vector>

namespace {

constexpr std::uint32_t BOARD_SEED = 2026;
constexpr int BOARDS = 4096;

std::vector<domineering::Board> boards(int rows, int plies) {
  std::mt19937 rng(BOARD_SEED);
  std::vector<domineering::Board> out;
  domineering::Move moves[domineering::MAX_MOVES];
  while (out.size() < std::size_t(BOARDS)) {
    domineering::Board b(rows, rows);
    bool ended = false;
    for (int p = 0; p < plies && !ended; ++p) {
      const int n = b.moves(p % 2 == 0 ? domineering::Side::Left : domineering::Side::Right, moves);
      ended = n == 0;
      if (!ended)
        b.play(moves[rng() % std::uint32_t(n)]);
    }
    if (!ended)
      out.push_back(b);
  }
  return out;
}

// Args: rows (square boards), plies played at random from the empty board.
void BM_decided_by_bounds(benchmark::State& state) {
  const auto bs = boards(int(state.range(0)), int(state.range(1)));
  std::size_t i = 0;
  std::int64_t wins = 0, losses = 0, calls = 0;
  for (auto _ : state) {
    const auto side = i & 1 ? domineering::Side::Right : domineering::Side::Left;
    const int v = domineering::decided_by_bounds(bs[i % bs.size()], side);
    benchmark::DoNotOptimize(v);
    wins += v > 0;
    losses += v < 0;
    ++calls;
    ++i;
  }
  state.counters["won"] = double(wins) / double(calls);
  state.counters["lost"] = double(losses) / double(calls);
}
BENCHMARK(BM_decided_by_bounds)->ArgsProduct({{8}, {8, 12, 16}})->Args({10, 20});

void BM_move_bounds(benchmark::State& state) {
  const auto bs = boards(int(state.range(0)), int(state.range(1)));
  std::size_t i = 0;
  for (auto _ : state) {
    const auto side = i & 1 ? domineering::Side::Right : domineering::Side::Left;
    benchmark::DoNotOptimize(domineering::move_bounds(bs[i % bs.size()], side));
    ++i;
  }
}
BENCHMARK(BM_move_bounds)->ArgsProduct({{8}, {8, 12, 16}});

// Bullock's packing (domineering/packing_bound.h) of the side to move's lines, the solver's
// test of every node and of the moves it peeks at: rows for Horizontal, as the solver keeps
// them, and the columns of the same boards for Vertical.
void BM_packing_wins_first(benchmark::State& state) {
  const auto bs = boards(int(state.range(0)), int(state.range(1)));
  std::vector<std::array<domineering::RowBits, domineering::MAX_SIDE>> lines;
  for (const auto& b : bs) {
    const domineering::Board t = b.transposed(); // its rows are b's columns
    std::array<domineering::RowBits, domineering::MAX_SIDE> rows{}, columns{};
    for (int r = 0; r < b.height(); ++r)
      rows[std::size_t(r)] = b.row(r);
    for (int c = 0; c < b.width(); ++c)
      columns[std::size_t(c)] = t.row(c);
    lines.push_back(rows);
    lines.push_back(columns);
  }
  const int count = int(state.range(0));
  std::size_t i = 0;
  std::int64_t wins = 0, calls = 0;
  for (auto _ : state) {
    const bool v = domineering::packing_wins_first(lines[i % lines.size()].data(), count);
    benchmark::DoNotOptimize(v);
    wins += v;
    ++calls;
    ++i;
  }
  state.counters["won"] = double(wins) / double(calls);
}
BENCHMARK(BM_packing_wins_first)->ArgsProduct({{8, 9}, {12, 20, 28}});

// The screen's packings: Horizontal's rows after each move of Vertical's, each packed whole
// (arg 2 = 0) or counted from the board's own packing (1, PackingBase: its pack included, once a
// board). Items are the positions after a move.
void BM_packing_after_each_move(benchmark::State& state) {
  const auto bs = boards(int(state.range(0)), int(state.range(1)));
  const bool from_base = state.range(2) != 0;
  const int count = int(state.range(0));
  domineering::PackingBase base;
  domineering::Move moves[domineering::MAX_MOVES];
  std::size_t i = 0;
  std::int64_t positions = 0, wins = 0;
  for (auto _ : state) {
    const domineering::Board& b = bs[i++ % bs.size()];
    std::array<domineering::RowBits, domineering::MAX_SIDE> rows{};
    for (int r = 0; r < count; ++r)
      rows[std::size_t(r)] = b.row(r);
    if (from_base)
      base.pack(rows.data(), count);
    const int n = b.moves(domineering::Side::Left, moves);
    for (int k = 0; k < n; ++k) {
      std::array<domineering::RowBits, domineering::MAX_SIDE> after = rows;
      after[std::size_t(moves[k].row)] &= ~(domineering::RowBits{1} << moves[k].col);
      after[std::size_t(moves[k].row + 1)] &= ~(domineering::RowBits{1} << moves[k].col);
      const bool v = from_base ? base.wins_first_after(after.data(), moves[k].row, moves[k].row + 1)
                               : domineering::packing_wins_first(after.data(), count);
      benchmark::DoNotOptimize(v);
      wins += v;
    }
    positions += n;
  }
  state.SetItemsProcessed(positions);
  state.counters["won"] = double(wins) / double(std::max<std::int64_t>(positions, 1));
}
BENCHMARK(BM_packing_after_each_move)->ArgsProduct({{9}, {12, 20, 28}, {0, 1}});

} // namespace
