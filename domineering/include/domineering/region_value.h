// The exact value of one region from the values of smaller ones: { the sum of the regions left
// by each Vertical move | the sum of the regions left by each Horizontal move }, canonicalised.
// The memo that supplies the smaller values is a template parameter, so the whole-run
// ValueTable and the solver's bounded component cache share this one definition.
#pragma once

#include "domineering/regions.h"
#include "domineering/shape.h"

#include "cgt/arithmetic.h"
#include "cgt/canonical.h"

#include <array>
#include <vector>

namespace domineering {

// value_of(shape) -> cgt::GameId gives the value of any region smaller than s.
template <class ValueOf>
cgt::GameId region_value(const Shape& s, ValueOf&& value_of) {
  std::vector<cgt::GameId> left, right, parts;
  std::array<RowBits, MAX_SIDE> rows = s.rows;
  const auto option = [&]() {
    parts.clear();
    for_each_region(rows.data(), s.height, [&](const RowBits* region, int first, int last) {
      parts.push_back(value_of(Shape::normalised(region + first, last - first + 1)));
    });
    return cgt::sum(parts);
  };
  for (int r = 0; r + 1 < s.height; ++r) {
    for (RowBits m = rows[std::size_t(r)] & rows[std::size_t(r) + 1]; m; m &= m - 1) {
      const RowBits bit = m & (~m + 1);
      rows[std::size_t(r)] &= ~bit;
      rows[std::size_t(r) + 1] &= ~bit;
      left.push_back(option());
      rows[std::size_t(r)] |= bit;
      rows[std::size_t(r) + 1] |= bit;
    }
  }
  for (int r = 0; r < s.height; ++r) {
    for (RowBits m = rows[std::size_t(r)] & (rows[std::size_t(r)] >> 1); m; m &= m - 1) {
      const RowBits two = (m & (~m + 1)) * 3;
      rows[std::size_t(r)] &= ~two;
      right.push_back(option());
      rows[std::size_t(r)] |= two;
    }
  }
  return cgt::from_options(std::move(left), std::move(right));
}

} // namespace domineering
