#include "domineering/board_value.h"

#include "domineering/value_table.h"

#include "cgt/arithmetic.h"

#include "base/input_error.h"

#include <fmt/format.h>

namespace domineering {

BoardValue board_value(const Board& b, int max_region_cells) {
  BoardValue v;
  v.regions = regions(b);
  for (const Region& r : v.regions)
    if (r.shape.cells() > max_region_cells)
      throw base::InputError(fmt::format("region of {} cells at row {}, column {} is too large for an exact value (limit {})",
                                         r.shape.cells(), r.top, r.left, max_region_cells));
  for (const Region& r : v.regions)
    v.region_values.push_back(ValueTable::shared().value(r.shape));
  v.total = cgt::sum(v.region_values);
  return v;
}

std::vector<cgt::ThermographCurve> thermograph_curves(const BoardValue& v) {
  std::vector<cgt::ThermographCurve> curves{{v.regions.size() == 1 ? "board" : "sum", v.total}};
  if (v.regions.size() > 1)
    for (std::size_t i = 0; i < v.regions.size(); ++i)
      curves.push_back({fmt::format("region at row {}, column {}", v.regions[i].top, v.regions[i].left), v.region_values[i]});
  return curves;
}

} // namespace domineering
