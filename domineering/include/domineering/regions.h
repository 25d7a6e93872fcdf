// Splitting a position into regions: the 4-connected components of its empty cells, after
// dropping every cell no domino can ever cover (an empty cell with no empty neighbour). Play in
// one region never affects another, so a position is the sum of its regions (Berlekamp, Conway
// and Guy, Winning Ways for your Mathematical Plays, 1982, ch. 2). The split is bit-parallel over
// rows, a flood growing whole runs of a row per step; the price is a sweep more per turn of the
// component between going down and going up.
#pragma once

#include "domineering/board.h"
#include "domineering/shape.h"

#include <algorithm>
#include <bit>
#include <type_traits>
#include <vector>

namespace domineering {

// Empty cells that have at least one empty neighbour.
inline void coverable_cells(const RowBits* rows, int height, RowBits* out) {
  for (int r = 0; r < height; ++r) {
    const RowBits here = rows[r];
    RowBits near = (here << 1) | (here >> 1);
    if (r > 0)
      near |= rows[r - 1];
    if (r + 1 < height)
      near |= rows[r + 1];
    out[r] = here & near;
  }
}

namespace detail {

// The runs (maximal stretches of adjacent set bits) of `cells` that hold a bit of `seeds`
// (seeds within cells). Upward by a carry: adding the seeds carries from each through the rest
// of its run. Downward by doubling shifts, five for 32 bits.
inline RowBits runs_holding(RowBits seeds, RowBits cells) {
  const RowBits up = (((cells + seeds) ^ cells ^ seeds) & cells) | seeds;
  RowBits down = seeds, through = cells;
  for (int shift = 1; shift < 32; shift *= 2) {
    down |= through & (down >> shift);
    through &= through >> shift;
  }
  return up | down;
}

// Calls f(component_rows, first_row, last_row) for each 4-connected component of the cells set
// in cells[0..height) (which it consumes), in order of first cell, row-major. An f that returns
// bool stops the walk by returning false (the rest of the cells are then left unconsumed).
// With max_cells, a component found to have more cells stops the walk before f sees it, as
// soon as the flood has passed that many: a caller that only wants small components does not
// pay for flooding a large one. Returns whether the walk went to the end.
//
// The flood takes whole runs of a row at once and sweeps down and up the rows in turn, each row
// growing from its neighbours as the sweep has left them, until a sweep adds nothing: as many
// sweeps as the component has turns between going down and going up, plus one. A flood one cell
// further per step would take as many steps as the longest path through the component, in one
// of the endgame's hottest loops.
template <class F>
bool for_each_component_of(RowBits* cells, int height, F&& f, int max_cells = MAX_SIDE * MAX_SIDE) {
  RowBits region[MAX_SIDE]; // rows [0, height) only, so that small boards do not pay to clear it all
  for (int r = 0; r < height; ++r)
    region[r] = 0;
  // Adds to row r the runs its neighbours' cells reach; whether there were any.
  int size = 0, last = 0;
  const auto grow = [&](int r) {
    const RowBits near = (r > 0 ? region[r - 1] : 0) | (r + 1 < height ? region[r + 1] : 0);
    const RowBits reach = near & cells[r] & ~region[r];
    if (reach == 0)
      return false;
    const RowBits grown = runs_holding(reach | region[r], cells[r]);
    size += std::popcount(grown & ~region[r]);
    region[r] = grown;
    last = std::max(last, r);
    return true;
  };
  for (int first = 0; first < height; ++first) {
    while (cells[first] != 0) {
      region[first] = runs_holding(cells[first] & (~cells[first] + 1), cells[first]);
      size = std::popcount(region[first]);
      last = first;
      if (size > max_cells)
        return false;
      for (bool down = true;; down = !down) {
        bool grew = false;
        if (down) {
          for (int r = first; r < height; ++r) {
            if (grow(r)) {
              grew = true;
              if (size > max_cells)
                return false;
            } else if (r > last) {
              break; // nothing reached row r, so nothing reaches the rows below it
            }
          }
        } else {
          for (int r = std::min(last + 1, height - 1); r >= first; --r)
            if (grow(r)) {
              grew = true;
              if (size > max_cells)
                return false;
            }
        }
        if (!grew)
          break; // a sweep over every row the component could reach added nothing
      }
      if constexpr (std::is_same_v<decltype(f(static_cast<const RowBits*>(region), first, last)), bool>) {
        if (!f(static_cast<const RowBits*>(region), first, last))
          return false;
      } else {
        f(static_cast<const RowBits*>(region), first, last);
      }
      for (int r = first; r <= last; ++r) {
        cells[r] &= ~region[r];
        region[r] = 0;
      }
    }
  }
  return true;
}

} // namespace detail

// Calls f(region_rows, first_row, last_row) for each region (coverable cells only), where
// region_rows[first..last] hold the region's cells (other rows of the buffer are zero).
// Regions come out in order of their first cell, row-major. The buffer is reused between calls.
// An f that returns bool stops the walk by returning false.
template <class F>
void for_each_region(const RowBits* rows, int height, F&& f) {
  RowBits left[MAX_SIDE];
  coverable_cells(rows, height, left);
  detail::for_each_component_of(left, height, f);
}

// The same while every region has at most max_cells cells: returns false, without calling f
// on it or on any region after it, at the first region with more.
template <class F>
bool for_each_region_within(const RowBits* rows, int height, int max_cells, F&& f) {
  RowBits left[MAX_SIDE];
  coverable_cells(rows, height, left);
  return detail::for_each_component_of(left, height, f, max_cells);
}

// The same from the coverable cells (coverable_cells), which it consumes: for a caller that has
// already computed them to look at them first.
template <class F>
bool for_each_region_of_coverable(RowBits* coverable, int height, int max_cells, F&& f) {
  return detail::for_each_component_of(coverable, height, f, max_cells);
}

// The same over every empty cell, isolated ones included (each is a 1-cell component). This is
// the split of "connected regions" that a player reading values off a catalogue makes.
template <class F>
void for_each_component(const RowBits* rows, int height, F&& f) {
  RowBits left[MAX_SIDE];
  for (int r = 0; r < height; ++r)
    left[r] = rows[r];
  detail::for_each_component_of(left, height, f);
}

// A region of a board: its shape and where the shape's (0, 0) sits on the board.
struct Region {
  Shape shape;
  int top = 0;
  int left = 0;
};

std::vector<Region> regions(const Board& b);

} // namespace domineering
