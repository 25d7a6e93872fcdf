// Bounds on the moves each side can still make, the knowledge published Domineering solvers
// decide positions with before searching (Bullock, "Domineering: Solving Large Combinatorial
// Search Spaces", 2002): counts of most, safe, protective and vulnerable placements, combined
// by a few plans into tests that prove the side to move wins or loses. Every count is word
// operations over the rows and nothing allocates, so the tests are cheap enough to try before
// searching a position; the price is that they decide only positions where one side is clearly
// ahead. The argument for each test follows the includes; every verdict is checked against plain
// minimax on random boards (tests/domineering/move_bounds_test.cpp).
#pragma once

#include "domineering/board.h"
#include "domineering/packing_bound.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>

// The argument. For a side X and its opponent Y:
//   most(X)  the most moves X could make if Y never moved: vertical dominoes in different
//            columns never overlap, so it is the sum over columns of floor(run / 2) over runs
//            of empty cells (greedy pairing down the columns); along rows for Horizontal.
//   safe(X)  disjoint X placements on cells Y can never cover (a cell whose two neighbours
//            across X's direction are filled or off the board): Y can never take them away.
//   prot(X)  protective areas (Bullock's term) among the cells the safe ones leave: 2x2 empty
//            blocks whose cells beside them across X's direction are filled or off the board
//            (left and right of the block for Vertical). Y can only cover two of a block's
//            cells side by side, destroying both of X's placements in it with one move; but once
//            X plays one of them, the other becomes a safe placement. Blocks are chosen
//            greedily, disjoint.
//   vuln(X)  further disjoint X placements on the empty cells the safe ones and the blocks
//            leave. One move of Y covers two cells side by side, so it destroys at most two.
//   single(X) those vulnerable placements with no other vulnerable placement beside them (in the
//            next line over, overlapping): no one move of Y can destroy two of these.
// Counting arguments, with P to move and O the opponent; X plays its blocks and vulnerable
// placements first, while any survive, then its safe ones (those it had and those its blocks
// made). The plans X can follow, each giving vm(X) moves beyond safe(X):
//   thirds   every block counted as two vulnerable placements: moving first X keeps at least
//            one in three (it takes one, Y destroys at most two, ...), ceil(n / 3) of the
//            n = vuln + 2 prot, moving second floor(n / 3);
//   singles  only the singles, one in two: ceil or floor(single / 2);
//   pools    blocks, singles and the other vulnerable placements as three pools: a move of Y
//            destroys at most one block and then nothing else, or one single and nothing else,
//            or two others. Answering each such move in the pool it hit, X keeps, moving second,
//            2 floor(prot / 2) + floor(single / 2) + floor(others / 3) (a block taken is two
//            moves), and moving first one pool's worth more after taking one from that pool.
// guaranteed(X) = safe(X) + the largest vm(X).
//   P wins if guaranteed(P) > most(O): P follows its plan and so has a move at every turn
//     until O has run out;
//   P loses if guaranteed(O) >= most(P): the same for O answering every move of P.
// A second bound on the other side's moves counts cells instead of lines. live(Y) is the number
// of empty cells Y can cover now (an empty neighbour along Y's direction); cells only die, and
// every move of Y covers two live cells. A vulnerable placement of X has two cells live for Y,
// or one when it holds a cell Y can never cover (half(X) of them; two such cells side by side in
// X's line would be a safe placement, and the greedy pairing leaves at most one per run); a
// block has four, all of which X covers once it takes the block. So a plan's moves cover at
// least cov(X) = 2 v - min(v, half(X)) + 4 b cells live for Y that Y never gets, for v
// vulnerable placements and b blocks taken. Safe moves can add to it (options, after Bullock's
// "safe options"): a safe placement with an empty cell x just beyond one end, along X's line,
// in no placement chosen and live for Y, can be played shifted onto x and its near cell; Y can
// never touch the safe cells, so x is Y's to lose only by covering it first. With opt(X) such
// cells, no two beside each other across X's direction (one move of Y covers at most one), and
// X taking them with its safe moves after the plan's m moves: Y has made at most m moves by
// then (m + 1 when X moves second), each destroying at most one, and from then on X takes one
// a move, first; so X covers at least min(safe(X), ceil((opt(X) - m [- 1]) / 2)) more cells.
// (Should Y leave placements alone, X makes e > 0 moves beyond m before its safe ones and Y as
// many more, costing X at most ceil(e / 2) options; but each of those e moves adds a move and
// at least one covered cell, so every test below that holds for m still holds.)
// Then, for each plan:
//   P moving first: before O's k-th move P has made k moves. If O made guaranteed(P) moves, P
//     made all of its plan's, so 2 guaranteed(P) <= live(O) - cov(P), and P also wins if
//     guaranteed(P) > floor((live(O) - cov(P)) / 2).
//   O moving second: before P's k-th move O has made k - 1 moves; if P made guaranteed(O) + 1
//     moves, 2 (guaranteed(O) + 1) <= live(P) - cov(O); so P also loses if
//     guaranteed(O) >= floor((live(P) - cov(O)) / 2).
// Each test thus compares a side's guaranteed moves with the smaller of the two upper bounds on
// the other side's moves, plan by plan.

namespace domineering {

// Cells of row r that Horizontal can never cover: empty with no empty horizontal neighbour.
constexpr RowBits horizontal_dead(RowBits row) { return row & ~(row << 1) & ~(row >> 1); }

// The most disjoint vertical dominoes on the cells set in rows[0..height), by greedy pairing
// down each column; if used is given, the cells of the dominoes chosen are set in it, and if
// tops is given, their upper cells.
inline int max_vertical_dominoes(const RowBits* rows, int height, RowBits* used = nullptr, RowBits* tops = nullptr) {
  int count = 0;
  RowBits open = height > 0 ? rows[0] : 0; // cells of the previous row not yet paired
  for (int r = 1; r < height; ++r) {
    const RowBits paired = open & rows[r];
    count += std::popcount(paired);
    if (used) {
      used[r - 1] |= paired;
      used[r] |= paired;
    }
    if (tops)
      tops[r - 1] |= paired;
    open = rows[r] & ~paired;
  }
  return count;
}

namespace detail {

// floor(run / 2) summed over the runs of set bits, for every 16-bit word, as one table (64 KiB,
// built at start-up): a row's count without a loop over its runs, whose branches the CPU
// mispredicts. A board 8 cells wide only ever reads the first 256 entries.
struct RunPairs {
  std::array<std::uint8_t, 1 << 16> count{};
  RunPairs() {
    for (std::uint32_t x = 0; x < count.size(); ++x) {
      int n = 0, run = 0;
      for (int i = 0; i <= 16; ++i) {
        if (i < 16 && (x >> i & 1)) {
          ++run;
        } else {
          n += run / 2;
          run = 0;
        }
      }
      count[x] = std::uint8_t(n);
    }
  }
};
inline const RunPairs RUN_PAIRS{};

} // namespace detail

// The most disjoint horizontal dominoes in one row: floor(run / 2) summed over its runs, paired
// from the low end of each run; if used is given, the cells chosen are set in it, and if starts
// is given, each domino's left cell.
inline int max_horizontal_dominoes(RowBits row, RowBits* used = nullptr, RowBits* starts = nullptr) {
  // All runs at once: each round pairs every run's lowest cell with the next one and takes the
  // pair out, so the rounds are half the longest run, with no branch per run.
  RowBits left = 0;
  for (RowBits rest = row;;) {
    const RowBits first = rest & ~(rest << 1) & (rest >> 1); // lowest cell of a run of two or more
    if (!first)
      break;
    left |= first;
    rest &= ~(first | (first << 1));
  }
  if (used)
    *used |= left | (left << 1);
  if (starts)
    *starts |= left;
  return std::popcount(left);
}

// The count alone: the table for rows of at most 16 cells, the run loop beyond.
inline int horizontal_domino_count(RowBits row) { return row <= 0xFFFFu ? detail::RUN_PAIRS.count[row] : max_horizontal_dominoes(row); }

// One way of playing the vulnerable placements and protective areas: the moves it guarantees
// on top of the safe ones (vm(X) of the file comment) and the cells live for the opponent those
// moves cover (cov(X)).
struct Plan {
  int moves = 0;
  int covered = 0;
};

struct MoveBounds {
  int max_moves = 0;  // most(X): upper bound on the moves this side can still make
  int safe_moves = 0; // safe(X): moves this side can make whatever the opponent does
  int protective = 0; // prot(X): 2x2 blocks walled on both sides across X's direction
  int vulnerable = 0; // vuln(X): further disjoint placements, at most two lost per opponent move
  int single = 0;     // single(X): vulnerable ones no opponent move can destroy two at a time
  int half = 0;       // half(X): vulnerable ones with a cell the opponent can never cover
  int options = 0;    // opt(X): safe placements with an option cell (see the file comment)

  // The plans of the file comment, moving first or second: one in three (a protective area
  // counting as two vulnerable placements), singles one in two, and the three pools apart (when
  // moving first, once for each pool the first move can come from). Unused places are {0, 0}.
  std::array<Plan, 5> plans(bool moving_first) const {
    std::array<Plan, 5> out{};
    const auto plan = [&](int vulnerable_moves, int protective_taken) {
      const int moves = vulnerable_moves + 2 * protective_taken;
      return Plan{moves,
                  2 * vulnerable_moves - std::min(vulnerable_moves, half) + 4 * protective_taken + options_taken(moves, moving_first)};
    };
    const int n = vulnerable + 2 * protective;
    out[0] = plan(moving_first ? (n + 2) / 3 : n / 3, 0);
    out[1] = plan(moving_first ? (single + 1) / 2 : single / 2, 0);
    // Pools, moving second: every move of the opponent that destroys something hits one pool.
    const auto pools = [&](int p, int s, int o) { return plan(s / 2 + o / 3, p / 2); };
    const int others = vulnerable - single;
    if (!moving_first) {
      out[2] = pools(protective, single, others);
    } else {
      if (protective > 0) {
        const Plan rest = pools(protective - 1, single, others);
        const int moves = rest.moves + 2;
        out[2] = {moves, rest.covered + 4 - options_taken(rest.moves, true) + options_taken(moves, true)};
      }
      if (single > 0)
        out[3] = plan(1 + (single - 1) / 2 + others / 3, protective / 2);
      if (others > 0)
        out[4] = plan(1 + single / 2 + (others - 1) / 3, protective / 2);
    }
    return out;
  }
  // Option cells X is sure to cover with its safe moves after a plan of `moves` moves: the other
  // side destroys at most one option a move, it has made at most `moves` moves before X's first
  // safe move (one more when X moves second), and from then on X takes one a move, first.
  int options_taken(int moves, bool moving_first) const {
    const int left = options - moves - (moving_first ? 0 : 1);
    return left > 0 ? std::min(safe_moves, (left + 1) / 2) : 0;
  }
  // The moves of the best plan: vm(X).
  int vulnerable_moves(bool moving_first) const {
    int best = 0;
    for (const Plan& p : plans(moving_first))
      best = std::max(best, p.moves);
    return best;
  }
  // Moves this side can count on, moving first or second (see the file comment).
  int guaranteed(bool moving_first) const { return safe_moves + vulnerable_moves(moving_first); }
};

// Takes the 2x2 blocks whose lowest column is set in `sites` out of rows[0] and rows[1], lowest
// first and never overlapping, and returns how many it took.
inline int take_blocks(RowBits* rows, RowBits sites) {
  int taken = 0;
  while (sites) {
    const RowBits block = RowBits{3} << std::countr_zero(sites);
    rows[0] &= ~block;
    rows[1] &= ~block;
    sites &= ~(block | (block >> 1));
    ++taken;
  }
  return taken;
}

inline MoveBounds move_bounds(const Board& b, Side side) {
  MoveBounds m;
  const int h = b.height();
  // Only the first h words of each array are used, and only they are cleared: clearing whole
  // arrays (MAX_SIDE words each) would cost a large share of this function's time (measured when
  // chosen: `git log -L '/^MoveBounds move_bounds/,+20:domineering/include/domineering/move_bounds.h'`).
  RowBits used[MAX_SIDE];
  RowBits vuln[MAX_SIDE];  // cells of the vulnerable placements chosen
  RowBits first[MAX_SIDE]; // their first cells: tops (Vertical) or left cells (Horizontal)
  RowBits rest[MAX_SIDE];
  RowBits claimed[MAX_SIDE + 2]; // option cells taken (see each side's loop for its indexing)
  RowBits marked[MAX_SIDE];      // safe placements' first cells: tops or left cells
  for (int r = 0; r < h; ++r)
    used[r] = vuln[r] = first[r] = claimed[r] = marked[r] = 0;
  claimed[h] = claimed[h + 1] = 0;
  // Cells off the board count as filled: they wall a protective area as well as a filled cell.
  const auto filled = [&](int r) { return r < 0 || r >= h ? ~RowBits{0} : ~b.row(r); };
  if (side == Side::Left) {
    RowBits dead[MAX_SIDE];
    for (int r = 0; r < h; ++r)
      dead[r] = horizontal_dead(b.row(r));
    m.max_moves = max_vertical_dominoes(b.rows().data(), h);
    RowBits* safe_tops = marked;
    m.safe_moves = max_vertical_dominoes(dead, h, used, safe_tops);
    for (int r = 0; r < h; ++r)
      rest[r] = b.row(r) & ~used[r];
    // Protective areas: rows r and r + 1 of columns c and c + 1, with the cells left of column c
    // and right of column c + 1 in both rows filled. Horizontal can only cover two of its cells
    // side by side, and Vertical playing either column makes the other a safe placement.
    for (int r = 0; r + 1 < h; ++r) {
      const RowBits both = rest[r] & rest[r + 1];
      const RowBits walls = filled(r) & filled(r + 1);
      m.protective += take_blocks(rest + r, both & (both >> 1) & ((walls << 1) | 1) & (walls >> 2));
    }
    m.vulnerable = max_vertical_dominoes(rest, h, vuln, first);
    // A vertical placement is single when no chosen one in the columns beside it shares a row.
    for (int r = 0; r + 1 < h; ++r) {
      const RowBits beside = vuln[r] | vuln[r + 1];
      m.single += std::popcount(first[r] & ~((beside << 1) | (beside >> 1)));
      m.half += std::popcount(first[r] & (dead[r] | dead[r + 1]));
    }
    // Options: the cell above or below a safe placement, in no placement chosen, that Horizontal
    // can cover now; never two side by side in a row.
    RowBits free[MAX_SIDE];
    for (int r = 0; r < h; ++r)
      free[r] = rest[r] & ~vuln[r] & ((b.row(r) << 1) | (b.row(r) >> 1));
    const auto claim = [&](int r, RowBits cell) {
      if (r < 0 || r >= h || !(free[r] & cell) || (claimed[r] & ((cell << 1) | (cell >> 1))))
        return false;
      claimed[r] |= cell;
      free[r] &= ~cell;
      return true;
    };
    for (int r = 0; r < h; ++r)
      for (RowBits tops = safe_tops[r]; tops; tops &= tops - 1) {
        const RowBits cell = tops & -tops;
        m.options += claim(r - 1, cell) || claim(r + 2, cell);
      }
  } else {
    RowBits never[MAX_SIDE]; // cells Vertical can never cover
    RowBits* safe_starts = marked;
    for (int r = 0; r < h; ++r) {
      const RowBits here = b.row(r);
      never[r] = here & filled(r - 1) & filled(r + 1);
      m.max_moves += horizontal_domino_count(here);
      m.safe_moves += max_horizontal_dominoes(never[r], &used[r], &safe_starts[r]);
      rest[r] = here & ~used[r];
    }
    // Protective areas: rows r and r + 1 of columns c and c + 1, with the cells above and below
    // both columns filled (the transpose of Vertical's).
    for (int r = 0; r + 1 < h; ++r) {
      const RowBits both = rest[r] & rest[r + 1];
      const RowBits walls = filled(r - 1) & filled(r + 2);
      m.protective += take_blocks(rest + r, both & (both >> 1) & walls & (walls >> 1));
    }
    for (int r = 0; r < h; ++r)
      m.vulnerable += max_horizontal_dominoes(rest[r], &vuln[r], &first[r]);
    // A horizontal placement is single when no chosen one in the rows beside it shares a column.
    for (int r = 0; r < h; ++r) {
      const RowBits beside = (r > 0 ? vuln[r - 1] : 0) | (r + 1 < h ? vuln[r + 1] : 0);
      m.single += std::popcount(first[r] & ~(beside | (beside >> 1)));
      m.half += std::popcount(first[r] & (never[r] | (never[r] >> 1)));
    }
    // Options: the cell left or right of a safe placement, in no placement chosen, that Vertical
    // can cover now; never two above one another.
    RowBits free[MAX_SIDE]; // claimed[r + 1]: row r
    for (int r = 0; r < h; ++r)
      free[r] = rest[r] & ~vuln[r] & (~filled(r - 1) | ~filled(r + 1));
    for (int r = 0; r < h; ++r)
      for (RowBits starts = safe_starts[r]; starts; starts &= starts - 1) {
        const RowBits start = starts & -starts;
        for (const RowBits cell : {start >> 1, start << 2}) {
          if (!(free[r] & cell) || ((claimed[r] | claimed[r + 2]) & cell))
            continue;
          claimed[r + 1] |= cell;
          free[r] &= ~cell;
          ++m.options;
          break;
        }
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
    n += horizontal_domino_count(b.row(r));
  return n;
}

// live(X): the empty cells X can cover now, those with an empty neighbour along X's direction.
inline int live_cells(const Board& b, Side side) {
  const int h = b.height();
  int n = 0;
  for (int r = 0; r < h; ++r) {
    const RowBits here = b.row(r);
    const RowBits beside = side == Side::Left ? (r > 0 ? b.row(r - 1) : 0) | (r + 1 < h ? b.row(r + 1) : 0) : (here << 1) | (here >> 1);
    n += std::popcount(here & beside);
  }
  return n;
}

// safe(X) alone: the first step of move_bounds, a few word operations per row.
inline int safe_moves(const Board& b, Side side) {
  const int h = b.height();
  RowBits dead[MAX_SIDE];
  if (side == Side::Left) {
    for (int r = 0; r < h; ++r)
      dead[r] = horizontal_dead(b.row(r));
    return max_vertical_dominoes(dead, h);
  }
  int n = 0;
  for (int r = 0; r < h; ++r) {
    const RowBits above = r > 0 ? b.row(r - 1) : 0, below = r + 1 < h ? b.row(r + 1) : 0;
    n += horizontal_domino_count(b.row(r) & ~above & ~below);
  }
  return n;
}

// An upper bound on guaranteed(X) from safe(X) and most(X) alone. The safe placements, two per
// protective area and the vulnerable ones are disjoint dominoes along X's lines, so
// n = vuln(X) + 2 prot(X) <= most(X) - safe(X); every plan keeps at most floor(n / 2) of them
// moving second, and at most one more moving first (the pool it starts from). So
// vm(X) <= floor((most(X) - safe(X)) / 2) + (1 when moving first).
constexpr int guaranteed_at_most(int most, int safe, bool moving_first) {
  return std::min(most, safe + (most - safe) / 2 + (moving_first ? 1 : 0));
}

// An upper bound on a plan's cov(X), given guaranteed(X) <= u: two cells a move beyond the safe
// ones, and the option cells, at most one for every two safe placements (rounded up).
constexpr int covered_at_most(int u, int safe) { return 2 * (u - safe) + (safe + 1) / 2; }

// What the plans of this file say about the side to move: +1 wins, -1 loses, 0 unknown.
// guaranteed(X) <= U(X) = guaranteed_at_most(...) and cov(X) <= covered_at_most(U(X), safe(X)),
// so each test is first tried with those ceilings; only a test that could then succeed counts
// that side's full bounds (move_bounds, the costly part, which the ceilings spare on many calls;
// measured when chosen: `git log -S guaranteed_at_most`).
inline int decided_by_plans(const Board& b, Side to_move) {
  const Side other = opponent(to_move);
  const int mine = max_moves(b, to_move);
  const int theirs = max_moves(b, other);
  const int live_mine = live_cells(b, to_move), live_theirs = live_cells(b, other);
  // P wins if for some plan safe(P) + vm(P) > min(most(O), floor((live(O) - cov(P)) / 2)).
  const int safe_mine = safe_moves(b, to_move);
  if (const int u = guaranteed_at_most(mine, safe_mine, true); u > std::min(theirs, (live_theirs - covered_at_most(u, safe_mine)) / 2)) {
    const MoveBounds m = move_bounds(b, to_move);
    for (const Plan& p : m.plans(true))
      if (m.safe_moves + p.moves > std::min(theirs, (live_theirs - p.covered) / 2))
        return 1;
  }
  // P loses if for some plan of O, safe(O) + vm(O) >= min(most(P), floor((live(P) - cov(O)) / 2)).
  const int safe_theirs = safe_moves(b, other);
  if (const int u = guaranteed_at_most(theirs, safe_theirs, false);
      u >= std::min(mine, (live_mine - covered_at_most(u, safe_theirs)) / 2)) {
    const MoveBounds m = move_bounds(b, other);
    for (const Plan& p : m.plans(false))
      if (m.safe_moves + p.moves >= std::min(mine, (live_mine - p.covered) / 2))
        return -1;
  }
  return 0;
}

// What the bounds say: Bullock's packing (packing_bound.h), then, if it leaves the position
// open, the plans. The packing goes first because it decides more positions, nearly all of
// those the plans decide among them (docs/search.md, "The bounds"); the plans then cost
// only on the rest.
inline int decided_by_bounds(const Board& b, Side to_move) {
  if (const int verdict = decided_by_packing(b, to_move); verdict != 0)
    return verdict;
  return decided_by_plans(b, to_move);
}

} // namespace domineering
