#include "domineering/regions.h"

namespace domineering {

std::vector<Region> regions(const Board& b) {
  std::vector<Region> out;
  for_each_region(b.rows().data(), b.height(), [&](const RowBits* rows, int first, int last) {
    Region reg;
    reg.shape = Shape::normalised(rows + first, last - first + 1);
    RowBits all = 0;
    for (int r = first; r <= last; ++r)
      all |= rows[r];
    reg.top = first;
    reg.left = std::countr_zero(all);
    out.push_back(reg);
  });
  return out;
}

} // namespace domineering
