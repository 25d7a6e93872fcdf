// Bounds on the moves each side can still make, the knowledge published Domineering solvers
// decide positions with before searching (Bullock, "Domineering: solving large combinatorial
// search spaces", 2002). For a side X and its opponent Y:
//   most(X)  the most moves X could make if Y never moved: vertical dominoes in different
//            columns never overlap, so it is the sum over columns of floor(run / 2) over runs
//            of empty cells (greedy pairing down the columns); along rows for Horizontal.
//   safe(X)  disjoint X placements on cells Y can never cover (a cell whose two neighbours
//            across X's direction are filled or off the board): Y can never take them away.
//   vuln(X)  further disjoint X placements on the empty cells the safe ones leave. One move of
//            Y covers two cells side by side, so it destroys at most two of them.
// Counting arguments, with P to move and O the opponent:
//   P wins if safe(P) + ceil(vuln(P) / 3) > most(O): P plays its vulnerable placements while
//     any survive (it moves first, so it keeps one in three whatever O destroys), then its safe
//     ones, and so has a move at every turn until O has run out;
//   P loses if safe(O) + floor(vuln(O) / 3) >= most(P): the same for O answering every move
//     of P, with P first to destroy.
// All counts are word operations over the rows; nothing allocates.
#pragma once

#include "domineering/board.h"

#include <bit>

namespace domineering {

// Cells of row r that Horizontal can never cover: empty with no empty horizontal neighbour.
constexpr RowBits horizontal_dead(RowBits row) { return row & ~(row << 1) & ~(row >> 1); }

// The most disjoint vertical dominoes on the cells set in rows[0..height), by greedy pairing
// down each column; if used is given, the cells of the dominoes chosen are set in it.
inline int max_vertical_dominoes(const RowBits* rows, int height, RowBits* used = nullptr) {
  int count = 0;
  RowBits open = 0; // cells of the previous row not yet paired
  for (int r = 0; r < height; ++r) {
    const RowBits paired = open & rows[r];
    count += std::popcount(paired);
    if (used && paired) {
      used[r - 1] |= paired;
      used[r] |= paired;
    }
    open = rows[r] & ~paired;
  }
  return count;
}

// The most disjoint horizontal dominoes in one row: floor(run / 2) summed over its runs, paired
// from the low end of each run; if used is given, the cells chosen are set in it.
inline int max_horizontal_dominoes(RowBits row, RowBits* used = nullptr) {
  int count = 0;
  while (row) {
    const int start = std::countr_zero(row);
    const int len = std::countr_one(row >> start);
    count += len / 2;
    if (used && len >= 2) {
      const int paired = len / 2 * 2;
      *used |= (paired >= 32 ? ~RowBits{0} : (RowBits{1} << paired) - 1) << start;
    }
    row = len >= 32 ? 0 : row & ~(((RowBits{1} << len) - 1) << start);
  }
  return count;
}

struct MoveBounds {
  int max_moves = 0;  // most(X): upper bound on the moves this side can still make
  int safe_moves = 0; // safe(X): moves this side can make whatever the opponent does
  int vulnerable = 0; // vuln(X): further disjoint placements, at most two lost per opponent move
};

inline MoveBounds move_bounds(const Board& b, Side side) {
  MoveBounds m;
  const int h = b.height();
  RowBits used[MAX_SIDE] = {};
  if (side == Side::Left) {
    RowBits dead[MAX_SIDE], rest[MAX_SIDE];
    for (int r = 0; r < h; ++r)
      dead[r] = horizontal_dead(b.row(r));
    m.max_moves = max_vertical_dominoes(b.rows().data(), h);
    m.safe_moves = max_vertical_dominoes(dead, h, used);
    for (int r = 0; r < h; ++r)
      rest[r] = b.row(r) & ~used[r];
    m.vulnerable = max_vertical_dominoes(rest, h);
  } else {
    for (int r = 0; r < h; ++r) {
      const RowBits here = b.row(r);
      const RowBits above = r > 0 ? b.row(r - 1) : 0;
      const RowBits below = r + 1 < h ? b.row(r + 1) : 0;
      m.max_moves += max_horizontal_dominoes(here);
      m.safe_moves += max_horizontal_dominoes(here & ~above & ~below, &used[r]); // Vertical can never cover
      m.vulnerable += max_horizontal_dominoes(here & ~used[r]);
    }
  }
  return m;
}

// What the bounds alone say about the side to move: +1 wins, -1 loses, 0 unknown.
inline int decided_by_bounds(const Board& b, Side to_move) {
  const MoveBounds mine = move_bounds(b, to_move);
  const MoveBounds theirs = move_bounds(b, opponent(to_move));
  if (mine.safe_moves + (mine.vulnerable + 2) / 3 > theirs.max_moves)
    return 1;
  if (theirs.safe_moves + theirs.vulnerable / 3 >= mine.max_moves)
    return -1;
  return 0;
}

} // namespace domineering
