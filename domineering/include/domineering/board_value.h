// A board's exact value as `domineering value` and the Python module's value() report it: the
// board's regions, each region's value from the shared ValueTable, and their sum, which is the
// board's value because the regions are independent games. Regions larger than a limit are
// refused before any work, since the time and memory of an exact value grow steeply with the
// region (measured: bench/results/values.md).
#pragma once

#include "domineering/board.h"
#include "domineering/regions.h"

#include "cgt/game_id.h"
#include "cgt/thermograph_svg.h"

#include <vector>

namespace domineering {

// The default limit: it admits the empty 6x6 board (36 cells) with room to spare.
inline constexpr int DEFAULT_MAX_REGION_CELLS = 40;

struct BoardValue {
  std::vector<Region> regions;
  std::vector<cgt::GameId> region_values; // one per region
  cgt::GameId total;
};

// Throws base::InputError naming the first region of more than max_region_cells cells, and
// base::Interrupted when the shared ValueTable's interrupt flag stops the valuation.
BoardValue board_value(const Board& b, int max_region_cells = DEFAULT_MAX_REGION_CELLS);

// The thermographs drawn for a board: the sum's first ("board" when it is the only region, else
// "sum"), then each region's ("region at row R, column C") when there are several.
std::vector<cgt::ThermographCurve> thermograph_curves(const BoardValue& v);

} // namespace domineering
