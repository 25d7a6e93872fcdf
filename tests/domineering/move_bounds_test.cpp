#include "domineering/move_bounds.h"
#include "minimax.h"
#include "random_boards.h"

#include <catch2/catch.hpp>

#include <map>

using domineering::Board;
using domineering::Move;
using domineering::Side;

namespace {

// The most moves `side` can make if the opponent never moves.
int most_moves(Board& b, Side side, std::map<std::string, int>& memo) {
  const std::string key = b.text();
  if (auto it = memo.find(key); it != memo.end())
    return it->second;
  Move moves[domineering::MAX_MOVES];
  const int n = b.moves(side, moves);
  int best = 0;
  for (int i = 0; i < n; ++i) {
    b.play(moves[i]);
    best = std::max(best, 1 + most_moves(b, side, memo));
    b.undo(moves[i]);
  }
  return memo[key] = best;
}

// decided_by_plans from the full counts, optionally with the option cells left out.
int verdict_of(const Board& b, Side side, bool with_options) {
  const Side other = domineering::opponent(side);
  auto mine = domineering::move_bounds(b, side), theirs = domineering::move_bounds(b, other);
  if (!with_options)
    mine.options = theirs.options = 0;
  for (const domineering::Plan& p : mine.plans(true))
    if (mine.safe_moves + p.moves > std::min(theirs.max_moves, (domineering::live_cells(b, other) - p.covered) / 2))
      return 1;
  for (const domineering::Plan& p : theirs.plans(false))
    if (theirs.safe_moves + p.moves >= std::min(mine.max_moves, (domineering::live_cells(b, side) - p.covered) / 2))
      return -1;
  return 0;
}

} // namespace

TEST_CASE("one row's dominoes: every 16-bit row against a walk along its runs", "[domineering]") {
  // The reference pairs each run of empty cells from its low end, one cell at a time.
  for (domineering::RowBits row = 0; row < (1u << 16); ++row) {
    domineering::RowBits used = 0, starts = 0;
    int count = 0;
    for (int c = 0; c + 1 < 16; ++c)
      if ((row >> c & 1) && (row >> (c + 1) & 1) && !(used >> c & 1)) {
        used |= 3u << c;
        starts |= 1u << c;
        ++count;
      }
    domineering::RowBits got_used = 0, got_starts = 0;
    CAPTURE(row);
    REQUIRE(domineering::max_horizontal_dominoes(row, &got_used, &got_starts) == count);
    REQUIRE(got_used == used);
    REQUIRE(got_starts == starts);
    REQUIRE(domineering::horizontal_domino_count(row) == count);
  }
  // Past 16 cells the count takes the run loop: a run across bit 16, and the full 32-bit row.
  CHECK(domineering::horizontal_domino_count(0x0003'8000u) == 1);
  CHECK(domineering::horizontal_domino_count(0xFFFF'FFFFu) == 16);
  CHECK(domineering::max_horizontal_dominoes(0xFFFF'FFFFu) == 16);
}

TEST_CASE("move bounds on hand-made boards", "[domineering]") {
  // board, Vertical max and safe, Horizontal max and safe; hand count
  static const struct Row {
    const char* board;
    int v_max, v_safe, h_max, h_safe;
  } rows[] = {
      {"2x1", 1, 1, 0, 0},
      {"1x2", 0, 0, 1, 1},
      {"2x2", 2, 0, 2, 0},
      {"4x4", 8, 0, 8, 0},
      {".#./.#./.#.", 2, 2, 0, 0},
      {"5x1", 2, 2, 0, 0},
      {"#.#/#.#/###/...", 1, 1, 1, 1},
  };
  for (const Row& row : rows) {
    CAPTURE(row.board);
    const Board b = Board::parse(row.board);
    const auto v = domineering::move_bounds(b, Side::Left), h = domineering::move_bounds(b, Side::Right);
    CHECK(v.max_moves == row.v_max);
    CHECK(v.safe_moves == row.v_safe);
    CHECK(h.max_moves == row.h_max);
    CHECK(h.safe_moves == row.h_safe);
  }
}

TEST_CASE("max moves is exact when the opponent does not play", "[domineering]") {
  std::mt19937 rng(41);
  for (int i = 0; i < 200; ++i) {
    Board b = domineering::testing::random_board(rng, 1 + int(rng() % 5), 1 + int(rng() % 5), 30);
    CAPTURE(b.text());
    for (Side side : {Side::Left, Side::Right}) {
      std::map<std::string, int> memo;
      CHECK(domineering::move_bounds(b, side).max_moves == most_moves(b, side, memo));
    }
  }
}

TEST_CASE("the bounds decide as both full tests would: the shortcuts only skip tests that cannot succeed", "[domineering]") {
  std::mt19937 rng(47);
  for (int i = 0; i < 2000; ++i) {
    const Board b = domineering::testing::random_board(rng, 1 + int(rng() % 8), 1 + int(rng() % 8), int(rng() % 60));
    CAPTURE(b.text());
    for (Side side : {Side::Left, Side::Right}) {
      const Side other = domineering::opponent(side);
      const auto mine = domineering::move_bounds(b, side), theirs = domineering::move_bounds(b, other);
      CHECK(domineering::max_moves(b, side) == mine.max_moves);
      CHECK(domineering::safe_moves(b, side) == mine.safe_moves);
      CHECK(mine.guaranteed(true) <= mine.max_moves);
      // The shortcuts' ceiling on what a side can count on, from safe and most alone.
      for (const bool first : {true, false})
        CHECK(mine.guaranteed(first) <= domineering::guaranteed_at_most(mine.max_moves, mine.safe_moves, first));
      bool wins = false, loses = false;
      for (const domineering::Plan& p : mine.plans(true)) {
        CHECK(p.covered <= domineering::live_cells(b, other));
        CHECK(p.covered <= domineering::covered_at_most(mine.safe_moves + p.moves, mine.safe_moves));
        wins |= mine.safe_moves + p.moves > std::min(theirs.max_moves, (domineering::live_cells(b, other) - p.covered) / 2);
      }
      for (const domineering::Plan& p : theirs.plans(false))
        loses |= theirs.safe_moves + p.moves >= std::min(mine.max_moves, (domineering::live_cells(b, side) - p.covered) / 2);
      CHECK(domineering::decided_by_plans(b, side) == (wins ? 1 : loses ? -1 : 0));
    }
  }
}

TEST_CASE("protective areas on hand-made boards", "[domineering]") {
  // board, Vertical's and Horizontal's protective areas, safe moves and vulnerable placements;
  // hand count. A 2x2 hole walled left and right is Vertical's (Horizontal can only cover two
  // of its cells side by side); walled above and below, Horizontal's.
  static const struct Row {
    const char* board;
    int v_prot, h_prot, v_safe, v_vuln;
  } rows[] = {
      {"2x2", 1, 1, 0, 0},
      {"#..#/#..#", 1, 1, 0, 0}, // the board's edges wall Horizontal's block
      {"####/#..#/#..#/####", 1, 1, 0, 0},
      {"..../....", 0, 2, 0, 4}, // no block of Vertical's has a wall on both sides
      {"#...#/#...#", 0, 1, 0, 3},
      {"#..#../#..#..", 2, 2, 0, 0},
      {"#.#/#.#/#.#", 0, 0, 1, 0}, // a column Horizontal cannot touch: one safe move
  };
  for (const Row& row : rows) {
    CAPTURE(row.board);
    const Board b = Board::parse(row.board);
    const auto v = domineering::move_bounds(b, Side::Left), h = domineering::move_bounds(b, Side::Right);
    CHECK(v.protective == row.v_prot);
    CHECK(h.protective == row.h_prot);
    CHECK(v.safe_moves == row.v_safe);
    CHECK(v.vulnerable == row.v_vuln);
  }
}

TEST_CASE("live cells on hand-made boards", "[domineering]") {
  // board, cells Vertical can cover, cells Horizontal can cover; hand count
  static const struct Row {
    const char* board;
    int vertical, horizontal;
  } rows[] = {{"2x2", 4, 4}, {"3x1", 3, 0}, {"1x3", 0, 3}, {".#./.#./.#.", 6, 0}, {"#.#/#.#/###/...", 2, 3}, {"#", 0, 0}};
  for (const Row& row : rows) {
    CAPTURE(row.board);
    const Board b = Board::parse(row.board);
    CHECK(domineering::live_cells(b, Side::Left) == row.vertical);
    CHECK(domineering::live_cells(b, Side::Right) == row.horizontal);
  }
}

TEST_CASE("whenever the bounds decide, minimax agrees", "[domineering]") {
  std::mt19937 rng(43);
  domineering::testing::Minimax minimax;
  int decided = 0;
  for (int i = 0; i < 3000; ++i) {
    Board b = domineering::testing::random_board(rng, 2 + int(rng() % 5), 2 + int(rng() % 5), 20 + int(rng() % 30));
    if (b.empty_cells() > 22)
      continue;
    for (Side side : {Side::Left, Side::Right}) {
      const int verdict = domineering::decided_by_bounds(b, side);
      if (verdict == 0)
        continue;
      ++decided;
      CAPTURE(b.text(), int(side));
      CHECK((verdict > 0) == minimax.to_move_wins(b, side));
    }
  }
  CHECK(decided > 1000); // the test must exercise the bounds, not skip them
}

TEST_CASE("whenever only the cell count decides, minimax agrees", "[domineering]") {
  // Positions the line bounds alone leave open but the cell-count bound decides (the second half
  // of the file comment of move_bounds.h), checked against plain minimax.
  std::mt19937 rng(53);
  domineering::testing::Minimax minimax;
  int decided = 0;
  for (int i = 0; i < 20000 && decided < 400; ++i) {
    Board b = domineering::testing::random_board(rng, 2 + int(rng() % 6), 2 + int(rng() % 6), 10 + int(rng() % 40));
    if (b.empty_cells() > 24)
      continue;
    for (Side side : {Side::Left, Side::Right}) {
      const Side other = domineering::opponent(side);
      const auto mine = domineering::move_bounds(b, side), theirs = domineering::move_bounds(b, other);
      const bool by_lines = mine.guaranteed(true) > theirs.max_moves || theirs.guaranteed(false) >= mine.max_moves;
      const int verdict = domineering::decided_by_plans(b, side);
      if (verdict == 0 || by_lines)
        continue;
      ++decided;
      CAPTURE(b.text(), int(side), verdict);
      CHECK((verdict > 0) == minimax.to_move_wins(b, side));
    }
  }
  CHECK(decided >= 100);
}

TEST_CASE("whenever only the option cells decide, minimax agrees", "[domineering]") {
  // Positions decided only once the plans count the option cells X's safe moves take from the
  // other side (the file comment of move_bounds.h), checked against plain minimax.
  std::mt19937 rng(59);
  domineering::testing::Minimax minimax;
  int decided = 0;
  for (int i = 0; i < 40000 && decided < 150; ++i) {
    Board b = domineering::testing::random_board(rng, 3 + int(rng() % 5), 3 + int(rng() % 5), 25 + int(rng() % 30));
    if (b.empty_cells() > 24)
      continue;
    for (Side side : {Side::Left, Side::Right}) {
      const int verdict = verdict_of(b, side, true);
      CHECK(verdict == domineering::decided_by_plans(b, side));
      if (verdict == 0 || verdict_of(b, side, false) != 0)
        continue;
      ++decided;
      CAPTURE(b.text(), int(side), verdict);
      CHECK((verdict > 0) == minimax.to_move_wins(b, side));
    }
  }
  CHECK(decided >= 150);
}

TEST_CASE("vulnerable moves counted by the best of the three strategies", "[domineering]") {
  // vulnerable, single, moving first, expected vm: hand count from the file comment of
  // move_bounds.h (one in three, singles one in two, or the two pools apart)
  static const struct Row {
    int vulnerable, single;
    bool first;
    int expected;
  } rows[] = {
      {0, 0, true, 0},  {0, 0, false, 0}, {1, 0, true, 1},  {1, 1, false, 0},
      {2, 2, false, 1}, {3, 0, false, 1}, {7, 4, false, 3}, // pools: 4 / 2 + 3 / 3 = 3; one in three 2, singles 2
      {7, 4, true, 3},                                      // pools: 1 + max(3 / 2 + 3 / 3, 4 / 2 + 2 / 3) = 3
      {6, 2, true, 3},                                      // pools: take an other, then 2 / 2 + 3 / 3; one in three only 2
      {5, 5, true, 3},  {9, 3, false, 3},
  };
  for (const Row& row : rows) {
    CAPTURE(row.vulnerable, row.single, row.first);
    domineering::MoveBounds m;
    m.vulnerable = row.vulnerable;
    m.single = row.single;
    CHECK(m.vulnerable_moves(row.first) == row.expected);
  }
}
