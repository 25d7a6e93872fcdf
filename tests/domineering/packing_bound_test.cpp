#include "domineering/move_bounds.h"
#include "domineering/packing_bound.h"
#include "minimax.h"
#include "random_boards.h"

#include <catch2/catch.hpp>

#include <algorithm>

using domineering::Board;
using domineering::Move;
using domineering::Packing;
using domineering::Side;

namespace {

// A position from play: random moves, alternating from a random side, on a board with a few
// holes, until at most max_empty cells are empty (or a side has no move). The side to move is
// returned in `side`.
Board played_board(std::mt19937& rng, int rows, int cols, int max_empty, Side& side) {
  Board b = domineering::testing::random_board(rng, rows, cols, int(rng() % 8));
  side = rng() % 2 ? Side::Left : Side::Right;
  Move moves[domineering::MAX_MOVES];
  while (b.empty_cells() > max_empty) {
    const int n = b.moves(side, moves);
    if (n == 0)
      break;
    b.play(moves[rng() % unsigned(n)]);
    side = domineering::opponent(side);
  }
  return b;
}

// X's lines of b as the solver keeps them (bit j of lines[k] = cell j of X's line k empty: rows
// for Horizontal, columns for Vertical), built cell by cell, so that a wrong transposition in
// the library's own paths shows; returns their count.
int lines_of_side(const Board& b, Side x, domineering::RowBits* lines) {
  const int count = x == Side::Left ? b.width() : b.height(), length = x == Side::Left ? b.height() : b.width();
  for (int k = 0; k < count; ++k) {
    lines[k] = 0;
    for (int j = 0; j < length; ++j)
      if (x == Side::Left ? b.is_empty(j, k) : b.is_empty(k, j))
        lines[k] |= domineering::RowBits{1} << j;
  }
  return count;
}

} // namespace

TEST_CASE("the packing on hand-made boards", "[domineering]") {
  // board, side packed, then its protective areas, shared (with a dead cell), lone (with a dead
  // cell), unused dead cells, options denying 1, 2, 3 cells; hand count from the file comment
  // of packing_bound.h.
  static const struct Row {
    const char* board;
    Side side;
    int prot, shared, shared_dead, lone, lone_dead, unused, opt1, opt2, opt3;
  } rows[] = {
      {"2x2", Side::Right, 1, 0, 0, 0, 0, 0, 0, 0, 0},
      {"..../....", Side::Right, 2, 0, 0, 0, 0, 0, 0, 0, 0}, // walled above and below by the edges
      // Vertical: one block in columns 0-1 (the left edge is its wall); columns 2 and 3 are then
      // two placements beside packed cells, shared.
      {"..../....", Side::Left, 1, 2, 0, 0, 0, 0, 0, 0, 0},
      {"....", Side::Right, 0, 0, 0, 0, 0, 0, 0, 0, 0},  // two safe moves, nothing else
      {".....", Side::Right, 0, 0, 0, 0, 0, 1, 0, 0, 0}, // two safe moves and a spare dead cell
      // Row 1: three dead cells, then one Vertical can cover: the spare dead cell pairs with it,
      // and no move of Vertical's reaches another placement.
      {"###./..../###.", Side::Right, 0, 0, 0, 1, 1, 0, 0, 0, 0},
      // Row 1: a safe move on cells 0-1, cell 2 an option; covering it kills the cells above and
      // below it (their other neighbours are the board's edges).
      {"##.#/...#/##.#", Side::Right, 0, 0, 0, 0, 0, 0, 0, 0, 1},
  };
  for (const Row& row : rows) {
    CAPTURE(row.board, int(row.side));
    const Packing p = domineering::pack(Board::parse(row.board), row.side);
    CHECK(p.protective == row.prot);
    CHECK(p.shared == row.shared);
    CHECK(p.shared_dead == row.shared_dead);
    CHECK(p.lone == row.lone);
    CHECK(p.lone_dead == row.lone_dead);
    CHECK(p.unused == row.unused);
    CHECK(p.options[0] == row.opt1);
    CHECK(p.options[1] == row.opt2);
    CHECK(p.options[2] == row.opt3);
  }
}

TEST_CASE("the packing margin on hand-set counts", "[domineering]") {
  // counts, safe moves, empty cells, moving first, expected margin; hand computed from the file
  // comment of packing_bound.h.
  static const struct Row {
    Packing p;
    int safe, empty;
    bool first;
    int margin;
  } rows[] = {
      // One block, moving first: taken, two moves; 4 - 4 cells left to the other side: 2 - 0.
      {Packing{1, 0, 0, 0, 0, 0, {}}, 0, 4, true, 2},
      // Moving second, the block is two shared placements: none kept; (4 - 0) / 2 = 2 theirs.
      {Packing{1, 0, 0, 0, 0, 0, {}}, 0, 4, false, -2},
      // Three shared, moving second: one kept, 2 moves with the safe one; (12 - 4) / 2 = 4.
      {Packing{0, 3, 0, 0, 0, 0, {}}, 1, 12, false, -2},
      // Same, all three with a dead cell: the two destroyed leave theirs unused: (12 - 4 - 2) / 2.
      {Packing{0, 3, 3, 0, 0, 0, {}}, 1, 12, false, -1},
      // Nothing but safe moves, moving first: no claim.
      {Packing{}, 3, 6, true, -1},
      // A spare shared and a spare lone: one extra move, one unused cell fewer: 2 - (8 - 4 + 1) / 2.
      {Packing{0, 1, 0, 1, 0, 0, {}}, 1, 8, false, 0},
      // Two options denying three cells each: one is X's, 2 - (10 - 4 - 3) / 2.
      {Packing{0, 0, 0, 0, 0, 0, {0, 0, 2}}, 2, 10, false, 1},
  };
  for (const Row& row : rows) {
    CAPTURE(row.safe, row.empty, row.first);
    CHECK(domineering::packing_margin(row.p, row.safe, row.empty, row.first) == row.margin);
  }
}

TEST_CASE("whenever the packing decides, minimax agrees", "[domineering]") {
  // Positions from random play (the kind a search meets), up to 20 empty cells, both sides to
  // move; the packing alone, and the positions only it decides (the plans of move_bounds.h
  // leave them open) counted apart, so that the test cannot pass by deciding nothing.
  std::mt19937 rng(61);
  domineering::testing::Minimax minimax;
  int decided = 0, only_packing = 0;
  for (int i = 0; i < 6000; ++i) {
    Side side;
    Board b = played_board(rng, 3 + int(rng() % 5), 3 + int(rng() % 5), 12 + int(rng() % 9), side);
    for (const Side s : {side, domineering::opponent(side)}) {
      const int verdict = domineering::decided_by_packing(b, s);
      // won_by_packing and lost_by_packing are decided_by_packing's halves, which the solver
      // asks alone.
      const bool won = domineering::won_by_packing(b, s), lost = domineering::lost_by_packing(b, s);
      CHECK(won == (verdict > 0));
      if (verdict <= 0)
        CHECK(lost == (verdict < 0));
      if (won)
        REQUIRE(minimax.to_move_wins(b, s));
      if (lost)
        REQUIRE(!minimax.to_move_wins(b, s));
      if (verdict == 0)
        continue;
      ++decided;
      only_packing += domineering::decided_by_plans(b, s) == 0;
      CAPTURE(b.text(), int(s), verdict);
      REQUIRE((verdict > 0) == minimax.to_move_wins(b, s));
    }
  }
  CHECK(decided > 4000);
  CHECK(only_packing > 1500);
}

TEST_CASE("the bounds are the packing, then the plans", "[domineering]") {
  std::mt19937 rng(67);
  for (int i = 0; i < 3000; ++i) {
    Side side;
    const Board b = played_board(rng, 1 + int(rng() % 10), 1 + int(rng() % 10), int(rng() % 60), side);
    CAPTURE(b.text());
    for (const Side s : {Side::Left, Side::Right}) {
      const int plans = domineering::decided_by_plans(b, s), packing = domineering::decided_by_packing(b, s);
      CHECK((plans == 0 || packing == 0 || plans == packing)); // sound tests never disagree
      CHECK(domineering::decided_by_bounds(b, s) == (packing != 0 ? packing : plans));
    }
  }
}

TEST_CASE("the packing on a side's lines as a search keeps them agrees with the board's", "[domineering]") {
  // The solver hands over its rows and columns (bit j = cell j empty) instead of a Board;
  // lines_of_side builds them cell by cell.
  std::mt19937 rng(73);
  int wins_first = 0, wins_second = 0;
  for (int i = 0; i < 4000; ++i) {
    Side side;
    const Board b = played_board(rng, 1 + int(rng() % 12), 1 + int(rng() % 12), int(rng() % 80), side);
    CAPTURE(b.text());
    for (const Side x : {Side::Left, Side::Right}) {
      domineering::RowBits lines[domineering::MAX_SIDE] = {};
      const int count = lines_of_side(b, x, lines);
      const bool first = domineering::packing_wins_first(lines, count), second = domineering::packing_wins_second(lines, count);
      CHECK(first == domineering::won_by_packing(b, x));
      CHECK(second == domineering::lost_by_packing(b, domineering::opponent(x)));
      // Both count safe(X) and the empty cells from the lines: against move_bounds.h's counts.
      const Packing p = domineering::pack(b, x);
      CHECK(first == (domineering::packing_margin(p, domineering::safe_moves(b, x), b.empty_cells(), true) > 0));
      CHECK(second == (domineering::packing_margin(p, domineering::safe_moves(b, x), b.empty_cells(), false) >= 0));
      wins_first += first;
      wins_second += second;
    }
  }
  CHECK(wins_first > 500);
  CHECK(wins_second > 500);
}

TEST_CASE("the packing counted from a base equals the packing counted whole", "[domineering]") {
  // PackingBase counts a position's packing again only around the lines that differ from the
  // base's. Here: random boards, one side's lines as the base, then random cells filled in one
  // to three neighbouring lines (a move fills one line of its side's or two of the other's), and
  // every count against packing_count of the same lines.
  std::mt19937 rng(2612);
  int positions = 0, differ = 0;
  for (int i = 0; i < 3000; ++i) {
    Side side;
    const int rows = 1 + int(rng() % 12), cols = 1 + int(rng() % 12);
    const Board b = played_board(rng, rows, cols, int(rng() % (rows * cols + 1)), side);
    CAPTURE(b.text());
    domineering::RowBits lines[domineering::MAX_SIDE] = {};
    const int count = lines_of_side(b, side, lines);
    domineering::PackingBase base;
    base.pack(lines, count);
    CHECK(base.holds(lines, count));
    CHECK(base.count_after(lines, 0, count - 1) == domineering::packing_count(lines, count));
    for (int t = 0; t < 20; ++t) {
      const int first = int(rng() % unsigned(count)), last = std::min(count - 1, first + int(rng() % 3));
      domineering::RowBits after[domineering::MAX_SIDE];
      std::copy_n(lines, count, after);
      for (int k = first; k <= last; ++k)
        after[k] &= domineering::RowBits(rng()) | domineering::RowBits(rng());
      CAPTURE(first, last);
      const domineering::PackingCount whole = domineering::packing_count(after, count);
      CHECK(base.count_after(after, first, last) == whole);
      CHECK(base.wins_first_after(after, first, last) == domineering::packing_wins_first(after, count));
      CHECK(base.wins_second_after(after, first, last) == domineering::packing_wins_second(after, count));
      ++positions;
      differ += !(whole == domineering::packing_count(lines, count));
    }
    CHECK_FALSE(base.holds(lines, count + 1));
  }
  CHECK(positions == 60000);
  CHECK(differ > 30000); // most of them change the packing
}
