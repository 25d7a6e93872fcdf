// The solver never searches a safe placement while the side to move has another move (Bullock
// 2002; solver/domineering_position.h). Two checks make that sound here: the theorem itself, by
// exhaustive minimax over every position of small boards (every set of filled cells, either side
// to move), with and without safe moves; and the move generator, which must leave out exactly
// the safe placements, and only when another placement exists.
#include "solver/domineering_position.h"

#include "domineering/board.h"

#include "../domineering/random_boards.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <random>
#include <vector>

using domineering::Board;
using domineering::Side;
using domineering::testing::random_board;

namespace {

// Minimax over an R x C board held as a mask of filled cells (bit r * C + c), written apart from
// the solver so that it checks the theorem, not the solver's own move generation.
class MaskMinimax {
public:
  MaskMinimax(int rows, int cols, bool skip_safe) : rows_(rows), cols_(cols), skip_safe_(skip_safe) {
    for (auto& m : memo_)
      m.assign(std::size_t{1} << (rows * cols), 0);
  }

  // Does the side to move win? vertical: Vertical (Left) to move.
  bool wins(std::uint32_t filled, bool vertical) {
    std::uint8_t& m = memo_[vertical][filled];
    if (m != 0)
      return m == 1;
    std::uint32_t moves[64];
    bool safe[64];
    int n = 0, safe_count = 0;
    for (int r = 0; r < rows_; ++r)
      for (int c = 0; c < cols_; ++c) {
        const int r2 = vertical ? r + 1 : r, c2 = vertical ? c : c + 1;
        if (!empty(filled, r, c) || !empty(filled, r2, c2))
          continue;
        // Safe: the opponent (across this direction) can cover neither cell, now or later.
        const bool s = !open_across(filled, r, c, vertical) && !open_across(filled, r2, c2, vertical);
        moves[n] = bit(r, c) | bit(r2, c2);
        safe[n] = s;
        safe_count += s;
        ++n;
      }
    const bool skip = skip_safe_ && safe_count < n;
    bool win = false;
    for (int k = 0; k < n && !win; ++k)
      if (!(skip && safe[k]))
        win = !wins(filled | moves[k], !vertical);
    m = win ? 1 : 2;
    return win;
  }

private:
  std::uint32_t bit(int r, int c) const { return std::uint32_t{1} << (r * cols_ + c); }
  bool empty(std::uint32_t filled, int r, int c) const { return r >= 0 && c >= 0 && r < rows_ && c < cols_ && !(filled & bit(r, c)); }
  bool open_across(std::uint32_t filled, int r, int c, bool vertical) const {
    return vertical ? empty(filled, r, c - 1) || empty(filled, r, c + 1) : empty(filled, r - 1, c) || empty(filled, r + 1, c);
  }

  int rows_, cols_;
  bool skip_safe_;
  std::vector<std::uint8_t> memo_[2]; // [Vertical to move][filled]: 0 unknown, 1 win, 2 loss
};

} // namespace

TEST_CASE("leaving safe moves out never changes who wins, on every position of small boards", "[solver]") {
  // rows, cols: every one of the 2^(rows * cols) sets of filled cells, both sides to move. Both
  // orientations of each shape, as Vertical and Horizontal are not symmetric on one board.
  // Larger boards were checked the same way outside the suite (docs/search.md).
  static const int shapes[][2] = {{4, 4}, {3, 5}, {5, 3}, {2, 8}, {8, 2}, {4, 5}, {5, 4}};
  for (const auto& [rows, cols] : shapes) {
    MaskMinimax all(rows, cols, false), skipping(rows, cols, true);
    long differ = 0;
    std::uint32_t first_differing = 0;
    for (std::uint32_t filled = 0; filled < (std::uint32_t{1} << (rows * cols)); ++filled)
      for (const bool vertical : {true, false})
        if (all.wins(filled, vertical) != skipping.wins(filled, vertical) && differ++ == 0)
          first_differing = filled;
    CAPTURE(rows, cols, first_differing);
    CHECK(differ == 0);
  }
}

TEST_CASE("the generator leaves out exactly the safe placements, and only when there are others", "[solver]") {
  std::mt19937 rng(20261201);
  int skipped_some = 0, all_safe = 0;
  for (int trial = 0; trial < 600; ++trial) {
    const Board b = random_board(rng, 2 + int(rng() % 9), 2 + int(rng() % 9), int(rng() % 70));
    for (const Side side : {Side::Left, Side::Right}) {
      const auto empty = [&](int r, int c) { return r >= 0 && c >= 0 && r < b.height() && c < b.width() && b.is_empty(r, c); };
      const auto open_across = [&](int r, int c) {
        return side == Side::Left ? empty(r, c - 1) || empty(r, c + 1) : empty(r - 1, c) || empty(r + 1, c);
      };
      // Every legal placement, and whether it is safe, counted from the board.
      std::vector<std::pair<solver::DomineeringPosition::Move, bool>> legal;
      for (int r = 0; r < b.height(); ++r)
        for (int c = 0; c < b.width(); ++c) {
          const domineering::Move m{std::uint8_t(r), std::uint8_t(c), side};
          if (!b.is_legal(m))
            continue;
          const int r2 = side == Side::Left ? r + 1 : r, c2 = side == Side::Left ? c : c + 1;
          legal.emplace_back(solver::DomineeringPosition::encode(m), !open_across(r, c) && !open_across(r2, c2));
        }
      const bool any_unsafe = std::any_of(legal.begin(), legal.end(), [](const auto& x) { return !x.second; });
      std::vector<solver::DomineeringPosition::Move> expected;
      for (const auto& [m, safe] : legal)
        if (!safe || !any_unsafe)
          expected.push_back(m);
      const solver::DomineeringPosition p(b, side, true);
      solver::DomineeringPosition::Move moves[solver::DomineeringPosition::MAX_MOVES];
      std::vector<solver::DomineeringPosition::Move> got(moves, p.generate_moves(moves));
      std::sort(got.begin(), got.end());
      std::sort(expected.begin(), expected.end());
      CAPTURE(trial, b.text(), int(side));
      CHECK(got == expected);
      skipped_some += expected.size() < legal.size();
      all_safe += !legal.empty() && !any_unsafe;
    }
  }
  // The random boards reach both cases the rule distinguishes.
  CHECK(skipped_some > 50);
  CHECK(all_safe > 20);
}
