// Bounds on the moves each side can still make, the knowledge published Domineering solvers
// decide positions with before searching (Bullock, "Domineering: solving large combinatorial
// search spaces", 2002). Vertical dominoes in different columns never overlap, so the most
// Vertical moves possible is the sum over columns of floor(run / 2) over runs of empty cells,
// found by greedy pairing down the columns; Horizontal is the same along rows. A cell whose
// two horizontal neighbours are filled (or off the board) can never be covered by Horizontal:
// Vertical dominoes on such cells are safe moves, which Horizontal can never take away; the
// mirror holds for Horizontal. With P to move and O the opponent:
//   safe(P) > max(O)   P wins (P plays only safe moves and outlasts O),
//   safe(O) >= max(P)  P loses (O answers every move of P with a safe move).
// All counts are word operations over the rows; nothing allocates.
#pragma once

#include "domineering/board.h"

#include <bit>

namespace domineering {

// Cells of row r that Horizontal can never cover: empty with no empty horizontal neighbour.
constexpr RowBits horizontal_dead(RowBits row) { return row & ~(row << 1) & ~(row >> 1); }

// The most disjoint vertical dominoes on the cells set in rows[0..height).
inline int max_vertical_dominoes(const RowBits* rows, int height) {
  int count = 0;
  RowBits open = 0; // cells of the previous row not yet paired
  for (int r = 0; r < height; ++r) {
    const RowBits paired = open & rows[r];
    count += std::popcount(paired);
    open = rows[r] & ~paired;
  }
  return count;
}

// The most disjoint horizontal dominoes in one row: floor(run / 2) summed over its runs.
inline int max_horizontal_dominoes(RowBits row) {
  int count = 0;
  while (row) {
    const int start = std::countr_zero(row);
    const int len = std::countr_one(row >> start);
    count += len / 2;
    row = len >= 32 ? 0 : row & ~(((RowBits{1} << len) - 1) << start);
  }
  return count;
}

struct MoveBounds {
  int max_moves = 0;  // upper bound on the moves this side can still make
  int safe_moves = 0; // moves this side can make whatever the opponent does
};

inline MoveBounds move_bounds(const Board& b, Side side) {
  MoveBounds m;
  const int h = b.height();
  if (side == Side::Left) {
    RowBits dead[MAX_SIDE];
    for (int r = 0; r < h; ++r)
      dead[r] = horizontal_dead(b.row(r));
    m.max_moves = max_vertical_dominoes(b.rows().data(), h);
    m.safe_moves = max_vertical_dominoes(dead, h);
  } else {
    for (int r = 0; r < h; ++r) {
      const RowBits here = b.row(r);
      const RowBits above = r > 0 ? b.row(r - 1) : 0;
      const RowBits below = r + 1 < h ? b.row(r + 1) : 0;
      m.max_moves += max_horizontal_dominoes(here);
      m.safe_moves += max_horizontal_dominoes(here & ~above & ~below); // cells Vertical can never cover
    }
  }
  return m;
}

// What the bounds alone say about the side to move: +1 wins, -1 loses, 0 unknown.
inline int decided_by_bounds(const Board& b, Side to_move) {
  const MoveBounds mine = move_bounds(b, to_move);
  const MoveBounds theirs = move_bounds(b, opponent(to_move));
  if (mine.safe_moves > theirs.max_moves)
    return 1;
  if (theirs.safe_moves >= mine.max_moves)
    return -1;
  return 0;
}

} // namespace domineering
