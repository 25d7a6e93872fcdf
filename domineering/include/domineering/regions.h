// Splitting a position into regions: the 4-connected components of its empty cells, after
// dropping every cell no domino can ever cover (an empty cell with no empty neighbour). Play
// in one region never affects another, so a position is the sum of its regions (Winning Ways
// ch. 2). The split is bit-parallel over rows: a flood grows one whole row mask per step.
#pragma once

#include "domineering/board.h"
#include "domineering/shape.h"

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

// Calls f(component_rows, first_row, last_row) for each 4-connected component of the cells set
// in cells[0..height) (which it consumes), in order of first cell, row-major. An f that returns
// bool stops the walk by returning false (the rest of the cells are then left unconsumed).
// With max_cells, a component found to have more cells stops the walk before f sees it, as
// soon as the flood has passed that many: a caller that only wants small components does not
// pay for flooding a large one. Returns whether the walk went to the end.
template <class F>
bool for_each_component_of(RowBits* cells, int height, F&& f, int max_cells = MAX_SIDE * MAX_SIDE) {
  RowBits region[MAX_SIDE]; // rows [0, height) only: clearing all of it was a hot spot
  for (int r = 0; r < height; ++r)
    region[r] = 0;
  for (int start = 0; start < height; ++start) {
    while (cells[start] != 0) {
      region[start] = cells[start] & (~cells[start] + 1); // lowest cell
      int first = start, last = start;
      for (bool grew = true; grew;) {
        grew = false;
        int size = 0;
        for (int r = first; r <= last + 1 && r < height; ++r) {
          RowBits grow = region[r] | (region[r] << 1) | (region[r] >> 1);
          if (r > 0)
            grow |= region[r - 1];
          if (r + 1 < height)
            grow |= region[r + 1];
          grow &= cells[r];
          size += std::popcount(grow);
          if (grow != region[r]) {
            region[r] = grow;
            grew = true;
            if (r > last)
              last = r;
          }
        }
        if (size > max_cells)
          return false;
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
