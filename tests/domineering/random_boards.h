// Seeded random boards with holes for property tests.
#pragma once

#include "domineering/board.h"

#include <random>

namespace domineering::testing {

// A rows x cols board where each cell is filled with probability fill_percent / 100.
inline Board random_board(std::mt19937& rng, int rows, int cols, int fill_percent) {
  Board b(rows, cols);
  std::array<RowBits, MAX_SIDE> r = b.rows();
  std::uniform_int_distribution<int> pct(0, 99);
  for (int i = 0; i < rows; ++i)
    for (int j = 0; j < cols; ++j)
      if (pct(rng) < fill_percent)
        r[std::size_t(i)] &= ~(RowBits{1} << j);
  return Board::from_rows(rows, cols, r.data());
}

} // namespace domineering::testing
