// A second way of bounding the moves each side can still make: Bullock's packing (Bullock,
// "Domineering: Solving Large Combinatorial Search Spaces", 2002, the bounds of his solver
// Obsequi). Where move_bounds.h compares plans against the other side's lines and live cells,
// this one packs side X's lines once, in order, and counts every cell of the board, which
// decides more positions. Lookup tables built at start-up replace the walk along each run, and
// PackingBase recounts only the lines a move changed; the price is the tables' room in the
// cache and a state kept per line. The suite checks every verdict against exact minimax on
// positions from random play (tests/domineering/packing_bound_test.cpp); docs/search.md gives
// the cross-check against Obsequi's own code.
#pragma once

#include "domineering/board.h"

#include <array>
#include <cstdint>

// The packing of side X's lines:
//   protective  2x2 blocks of empty cells with the two cells beyond them across X's direction
//               filled on at least one side (a wall): X playing the placement away from the wall
//               makes the other one safe, so a block is two moves, and the other side can only
//               destroy it whole with one move. Lines are taken in order, blocks lowest first.
//   vulnerable  the rest of each run of empty cells, walked in order: two cells the other side
//               can cover make a placement; an odd run of cells it can never cover ("dead")
//               lends its spare cell to the placement beside it ("with a dead cell"), or is left
//               alone ("unused", dead and in no placement); even runs of dead cells are safe
//               moves, counted by safe(X). A placement is "lone" when no move of the other side
//               can destroy it together with another (nothing packed in the line before, no
//               placement possible in the line after, beside either of its cells), else
//               "shared".
//   options     safe placements packed last, each claiming an empty cell just beyond one end
//               (in no other placement): X can shift the safe move onto it. Taking it denies the
//               other side that cell and also any cell beside it across X's direction that then
//               has no empty neighbour left ("denies 1, 2 or 3 cells").
// The count, for X moving first or second: moving first, X takes one move where it best breaks
// the other side's pairing (an odd block, a shared or lone placement whose pool is not a
// multiple of its size, an odd option), then, moving second, keeps one block of every two (two
// moves), one of three shared placements, one of two lone ones, and one option of every two; its
// moves m are those plus safe(X). Every cell of the board is then either covered by X's moves
// (2 m), left to nobody (dead cells in no kept placement, cells the kept options deny), or
// available to the other side, whose moves are therefore at most (empty - 2 m - unused) / 2.
// X to move wins if m (moving first) exceeds that; X loses if the other side's m (moving
// second) reaches the most X can make by the same count. Bullock's thesis argues each rule.

namespace domineering {

struct Packing {
  int protective = 0;
  int shared = 0;               // vulnerable placements another can fall with
  int shared_dead = 0;          // of them, those with a dead cell
  int lone = 0;                 // vulnerable placements no move destroys with another
  int lone_dead = 0;            // of them, those with a dead cell
  int unused = 0;               // dead cells in no placement
  std::array<int, 3> options{}; // options[k]: safe options denying k + 1 cells
  bool operator==(const Packing&) const = default;
};

// A packing with what its margin needs besides: safe(X) and the empty cells.
struct PackingCount {
  Packing packing;
  int safe = 0;
  int empty = 0;
  bool operator==(const PackingCount&) const = default;
};

// Packs X's lines as the file comment says.
Packing pack(const Board& b, Side x);

// X's guaranteed moves minus the most moves the other side can then make (the file comment),
// with safe = safe(X) and empty = the board's empty cells; moving first, it is below 0 when X
// has no block, placement or option to take first.
int packing_margin(Packing p, int safe, int empty, bool moving_first);

// What the packing says about the side to move: +1 wins, -1 loses, 0 unknown.
int decided_by_packing(const Board& b, Side to_move);
// Its two halves alone, which the solver asks apart: whether the packing shows that the side to
// move wins, and whether it shows that it loses.
bool won_by_packing(const Board& b, Side to_move);
bool lost_by_packing(const Board& b, Side to_move);

// The same two tests on the lines of the side packed (X) as they are, bit j of lines[i] = cell j
// of X's line i empty (rows for Horizontal, columns for Vertical), count of them: for a search
// that keeps its columns up to date, so that nothing is transposed or copied into a Board.
// packing_wins_first: X, to move, wins (won_by_packing with X to move); packing_wins_second: X
// wins moving second (lost_by_packing with the other side to move). safe(X) and the empty cells
// are counted from the same lines. Precondition: count <= MAX_SIDE.
bool packing_wins_first(const RowBits* lines, int count);
bool packing_wins_second(const RowBits* lines, int count);
// The packing those two tests count.
PackingCount packing_count(const RowBits* lines, int count);

// One position's packing of X's lines kept line by line (each pass's state after each line), so
// that the packing of a position with some of those empty cells filled, such as the one after a
// move (which changes one line of X's or two neighbouring ones), is counted again only from just
// before the changed lines until each pass's state is the base's again: the search's peek and
// screen pack the position after each of a node's moves. The counts, and so the verdicts, are
// those of packing_count, which the suite checks on random boards with random cells filled.
class PackingBase {
public:
  // X's lines and two lines of filled cells on either side, as the passes index them.
  static constexpr int SLOTS = MAX_SIDE + 4;

  // Packs lines[0, count) as the base. Precondition: count <= MAX_SIDE.
  void pack(const RowBits* lines, int count);
  // Whether the base is the packing of exactly these lines.
  bool holds(const RowBits* lines, int count) const;
  // packing_count, packing_wins_first and packing_wins_second of `lines` (as many as the
  // base's), whose empty cells must be among the base's and which differ from the base's only
  // in lines lo to hi (lo <= hi).
  PackingCount count_after(const RowBits* lines, int lo, int hi) const;
  bool wins_first_after(const RowBits* lines, int lo, int hi) const;
  bool wins_second_after(const RowBits* lines, int lo, int hi) const;

private:
  int count_ = -1;
  bool short_lines_ = false;
  std::array<RowBits, MAX_SIDE> lines_{};
  // The first pass: first cells of each line's protective blocks, and how many blocks the lines up
  // to it hold.
  std::array<std::uint64_t, SLOTS> firsts_{};
  std::array<int, SLOTS> protective_through_{};
  // The second pass after step i: line i's cells packed (walked_), line i - 1's final ones
  // (packed_[i - 1]), whether line i has options to pack, and the counts through it (all but the
  // protective areas, which the first pass counts).
  std::array<std::uint64_t, SLOTS> walked_{}, packed_{};
  std::array<bool, SLOTS> options_after_{};
  std::array<PackingCount, SLOTS> through_{};
  PackingCount total_{}; // the whole packing's counts
};

} // namespace domineering
