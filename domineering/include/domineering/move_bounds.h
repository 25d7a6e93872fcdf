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
//   single(X) those vulnerable placements with no other vulnerable placement beside them (in the
//            next line over, overlapping): no one move of Y can destroy two of these.
// Counting arguments, with P to move and O the opponent. P, moving first, keeps at least one
// in three of its vulnerable placements whatever O destroys (it takes one, O destroys at most
// two, ...), and at least one in two of the single ones if it plays only those; so P can count
// on guaranteed(P) = safe(P) + max(ceil(vuln / 3), ceil(single / 2)) moves, and O, moving
// second, on safe(O) + max(floor(vuln / 3), floor(single / 2)). Better still, the singles and
// the others can be played as two pools: a move of O destroys at most one single and then
// nothing else (no vulnerable placement is beside a single), or at most two others; answering
// each such move in the pool it hit, X keeps floor(single / 2) + floor(others / 3) moving second,
// and moving first one more after taking one from either pool. X counts on the largest of the
// three, vm(X), and guaranteed(X) = safe(X) + vm(X).
//   P wins if guaranteed(P) > most(O): P plays its vulnerable placements while any survive,
//     then its safe ones, and so has a move at every turn until O has run out;
//   P loses if guaranteed(O) >= most(P): the same for O answering every move of P.
// A second bound on the other side's moves counts cells instead of lines. live(Y) is the number
// of empty cells Y can cover now (an empty neighbour along Y's direction); cells only die, and
// every move of Y covers two live cells. A vulnerable placement of X has two cells live for Y,
// or one when it holds a cell Y can never cover (half(X) of them; two such cells side by side in
// X's line would be a safe placement, and the greedy pairing leaves at most one per run). X
// plays its vulnerable placements first, vm(X) = max(ceil or floor(vuln / 3), ceil or
// floor(single / 2)) of them at least, at most half(X) of those with one live cell, so they cover
// cov(X) = 2 vm(X) - min(vm(X), half(X)) cells live for Y that Y never gets. So:
//   P moving first: before O's k-th move P has made k moves, the first min(k, vm(P)) of them
//     vulnerable. If O made guaranteed(P) moves (>= vm(P)), 2 guaranteed(P) <= live(O) - cov(P);
//     so P also wins if guaranteed(P) > floor((live(O) - cov(P)) / 2).
//   O moving second: before P's k-th move O has made k - 1 moves; if P made guaranteed(O) + 1
//     moves, 2 (guaranteed(O) + 1) <= live(P) - cov(O); so P also loses if
//     guaranteed(O) >= floor((live(P) - cov(O)) / 2).
// Each test thus compares a side's guaranteed moves with the smaller of the two upper bounds on
// the other side's moves. All counts are word operations over the rows; nothing allocates.
#pragma once

#include "domineering/board.h"

#include <algorithm>
#include <bit>

namespace domineering {

// Cells of row r that Horizontal can never cover: empty with no empty horizontal neighbour.
constexpr RowBits horizontal_dead(RowBits row) { return row & ~(row << 1) & ~(row >> 1); }

// The most disjoint vertical dominoes on the cells set in rows[0..height), by greedy pairing
// down each column; if used is given, the cells of the dominoes chosen are set in it, and if
// tops is given, their upper cells.
inline int max_vertical_dominoes(const RowBits* rows, int height, RowBits* used = nullptr, RowBits* tops = nullptr) {
  int count = 0;
  RowBits open = 0; // cells of the previous row not yet paired
  for (int r = 0; r < height; ++r) {
    const RowBits paired = open & rows[r];
    count += std::popcount(paired);
    if (paired) {
      if (used) {
        used[r - 1] |= paired;
        used[r] |= paired;
      }
      if (tops)
        tops[r - 1] |= paired;
    }
    open = rows[r] & ~paired;
  }
  return count;
}

// The most disjoint horizontal dominoes in one row: floor(run / 2) summed over its runs, paired
// from the low end of each run; if used is given, the cells chosen are set in it, and if starts
// is given, each domino's left cell.
inline int max_horizontal_dominoes(RowBits row, RowBits* used = nullptr, RowBits* starts = nullptr) {
  constexpr RowBits EVERY_OTHER = 0x5555'5555u;
  int count = 0;
  while (row) {
    const int start = std::countr_zero(row);
    const int len = std::countr_one(row >> start);
    count += len / 2;
    if (len >= 2) {
      const int paired = len / 2 * 2;
      const RowBits span = (paired >= 32 ? ~RowBits{0} : (RowBits{1} << paired) - 1) << start;
      if (used)
        *used |= span;
      if (starts)
        *starts |= span & (EVERY_OTHER << start);
    }
    row = len >= 32 ? 0 : row & ~(((RowBits{1} << len) - 1) << start);
  }
  return count;
}

struct MoveBounds {
  int max_moves = 0;  // most(X): upper bound on the moves this side can still make
  int safe_moves = 0; // safe(X): moves this side can make whatever the opponent does
  int vulnerable = 0; // vuln(X): further disjoint placements, at most two lost per opponent move
  int single = 0;     // single(X): vulnerable ones no opponent move can destroy two at a time
  int half = 0;       // half(X): vulnerable ones with a cell the opponent can never cover

  // Moves this side can count on, moving first or second (see the file comment).
  int guaranteed(bool moving_first) const { return safe_moves + vulnerable_moves(moving_first); }
  // The vulnerable placements among them, which it plays first: vm(X) of the file comment.
  int vulnerable_moves(bool moving_first) const {
    const int v = moving_first ? (vulnerable + 2) / 3 : vulnerable / 3;
    const int s = moving_first ? (single + 1) / 2 : single / 2;
    return std::max({v, s, pooled(single, vulnerable - single, moving_first)});
  }
  // The two pools played apart (file comment): singles keep one in two, the others one in three.
  static int pooled(int singles, int others, bool moving_first) {
    const auto second = [](int a, int b) { return a / 2 + b / 3; };
    if (!moving_first)
      return second(singles, others);
    int best = 0;
    if (singles > 0)
      best = 1 + second(singles - 1, others);
    if (others > 0)
      best = std::max(best, 1 + second(singles, others - 1));
    return best;
  }
  // The cells live for the opponent that those vulnerable moves cover, at least: cov(X).
  int covered_live(bool moving_first) const {
    const int vm = vulnerable_moves(moving_first);
    return 2 * vm - std::min(vm, half);
  }
};

inline MoveBounds move_bounds(const Board& b, Side side) {
  MoveBounds m;
  const int h = b.height();
  RowBits used[MAX_SIDE] = {};
  RowBits vuln[MAX_SIDE] = {}; // cells of the vulnerable placements chosen
  RowBits first[MAX_SIDE] = {}; // their first cells: tops (Vertical) or left cells (Horizontal)
  if (side == Side::Left) {
    RowBits dead[MAX_SIDE], rest[MAX_SIDE];
    for (int r = 0; r < h; ++r)
      dead[r] = horizontal_dead(b.row(r));
    m.max_moves = max_vertical_dominoes(b.rows().data(), h);
    m.safe_moves = max_vertical_dominoes(dead, h, used);
    for (int r = 0; r < h; ++r)
      rest[r] = b.row(r) & ~used[r];
    m.vulnerable = max_vertical_dominoes(rest, h, vuln, first);
    // A vertical placement is single when no chosen one in the columns beside it shares a row.
    for (int r = 0; r + 1 < h; ++r) {
      const RowBits beside = vuln[r] | vuln[r + 1];
      m.single += std::popcount(first[r] & ~((beside << 1) | (beside >> 1)));
      m.half += std::popcount(first[r] & (dead[r] | dead[r + 1]));
    }
  } else {
    for (int r = 0; r < h; ++r) {
      const RowBits here = b.row(r);
      const RowBits above = r > 0 ? b.row(r - 1) : 0;
      const RowBits below = r + 1 < h ? b.row(r + 1) : 0;
      m.max_moves += max_horizontal_dominoes(here);
      m.safe_moves += max_horizontal_dominoes(here & ~above & ~below, &used[r]); // Vertical can never cover
      m.vulnerable += max_horizontal_dominoes(here & ~used[r], &vuln[r], &first[r]);
    }
    // A horizontal placement is single when no chosen one in the rows beside it shares a column.
    for (int r = 0; r < h; ++r) {
      const RowBits beside = (r > 0 ? vuln[r - 1] : 0) | (r + 1 < h ? vuln[r + 1] : 0);
      m.single += std::popcount(first[r] & ~(beside | (beside >> 1)));
      const RowBits here = b.row(r);
      const RowBits never = here & ~(r > 0 ? b.row(r - 1) : 0) & ~(r + 1 < h ? b.row(r + 1) : 0); // Vertical can never cover
      m.half += std::popcount(first[r] & (never | (never >> 1)));
    }
  }
  return m;
}

// most(X) alone, without the safe and vulnerable placements.
inline int max_moves(const Board& b, Side side) {
  if (side == Side::Left)
    return max_vertical_dominoes(b.rows().data(), b.height());
  int n = 0;
  for (int r = 0; r < b.height(); ++r)
    n += max_horizontal_dominoes(b.row(r));
  return n;
}

// live(X): the empty cells X can cover now, those with an empty neighbour along X's direction.
inline int live_cells(const Board& b, Side side) {
  const int h = b.height();
  int n = 0;
  for (int r = 0; r < h; ++r) {
    const RowBits here = b.row(r);
    const RowBits beside = side == Side::Left ? (r > 0 ? b.row(r - 1) : 0) | (r + 1 < h ? b.row(r + 1) : 0)
                                              : (here << 1) | (here >> 1);
    n += std::popcount(here & beside);
  }
  return n;
}

// What the bounds alone say about the side to move: +1 wins, -1 loses, 0 unknown.
// cov(X) <= 2 vm(X) <= 2 guaranteed(X) <= 2 (safe(X) + vuln(X)) <= 2 most(X) (the safe and
// vulnerable placements are disjoint dominoes, single ones among the vulnerable), so each test
// is first tried with guaranteed(X) replaced by most(X) and cov(X) by 2 most(X), and only a test
// that could then succeed counts that side's full bounds.
inline int decided_by_bounds(const Board& b, Side to_move) {
  const Side other = opponent(to_move);
  const int mine = max_moves(b, to_move);
  const int theirs = max_moves(b, other);
  const int live_mine = live_cells(b, to_move), live_theirs = live_cells(b, other);
  // P wins if guaranteed(P) > min(most(O), floor((live(O) - cov(P)) / 2)).
  if (mine > std::min(theirs, (live_theirs - 2 * mine) / 2)) {
    const MoveBounds m = move_bounds(b, to_move);
    if (m.guaranteed(true) > std::min(theirs, (live_theirs - m.covered_live(true)) / 2))
      return 1;
  }
  // P loses if guaranteed(O) >= min(most(P), floor((live(P) - cov(O)) / 2)).
  if (theirs >= std::min(mine, (live_mine - 2 * theirs) / 2)) {
    const MoveBounds m = move_bounds(b, other);
    if (m.guaranteed(false) >= std::min(mine, (live_mine - m.covered_live(false)) / 2))
      return -1;
  }
  return 0;
}

} // namespace domineering
