#include "solver/domineering_endgame.h"

#include "catalogue/catalogue.h"
#include "domineering/regions.h"
#include "domineering/value_table.h"

#include "../domineering/random_boards.h"

#include <catch2/catch.hpp>

#include <random>
#include <vector>

using domineering::Shape;

namespace {

// Regions of 1 to 14 cells of random boards with holes, and their images under the reflections
// and the transpose.
std::vector<Shape> random_regions(int boards) {
  std::mt19937 rng(5);
  std::vector<Shape> out;
  for (int i = 0; i < boards; ++i) {
    const domineering::Board b = domineering::testing::random_board(rng, 4 + int(rng() % 3), 4 + int(rng() % 3), 30 + int(rng() % 20));
    domineering::for_each_region(b.rows().data(), b.height(), [&](const domineering::RowBits* rows, int first, int last) {
      const Shape s = Shape::normalised(rows + first, last - first + 1);
      if (s.cells() <= 14)
        for (const Shape& image : {s, s.reflected_horizontally(), s.reflected_vertically(), s.transposed()})
          out.push_back(image);
    });
  }
  return out;
}

} // namespace

TEST_CASE("the endgame values regions exactly, and a region asked again at once from the recent ones", "[solver]") {
  // The 8-cell catalogue, so that regions of 9 to 14 cells are valued through the component cache.
  static const catalogue::Catalogue eight = catalogue::Catalogue::build(8);
  solver::EndgameHooks hooks(eight, solver::EndgameOptions{});
  const std::vector<Shape> regions = random_regions(600);
  REQUIRE(regions.size() > 1024 * 2); // more than the recent regions hold: slots are overwritten
  // Two passes: the second finds some regions still among the recent ones and others overwritten.
  for (int pass = 0; pass < 2; ++pass)
    for (const Shape& s : regions) {
      CAPTURE(pass, s.text());
      const cgt::GameId exact = domineering::ValueTable::shared().value(s);
      CHECK(hooks.region_value(s) == exact);
      const std::uint64_t recent = hooks.counters().recent_hits;
      CHECK(hooks.region_value(s) == exact);
      CHECK(hooks.counters().recent_hits == recent + 1);
    }
  CHECK(hooks.counters().components_valued > 0);
  CHECK(hooks.component_stats().lookups > 0);
}

TEST_CASE("a region whose bounding box has no key is valued all the same, with no cache", "[solver]") {
  // L shapes along the top row and the left column: 21 cells in an 11x11 box, 23 in 12x12, past
  // the 118 cells a key holds.
  static const catalogue::Catalogue eight = catalogue::Catalogue::build(8);
  for (int side : {11, 12}) {
    domineering::RowBits rows[domineering::MAX_SIDE] = {};
    rows[0] = (domineering::RowBits{1} << side) - 1;
    for (int r = 1; r < side; ++r)
      rows[r] = 1;
    const Shape l = Shape::normalised(rows, side);
    REQUIRE(!domineering::pack(l));
    solver::EndgameOptions options;
    options.exact_cells = 2 * side - 1;
    solver::EndgameHooks hooks(eight, options);
    CAPTURE(side);
    const cgt::GameId exact = domineering::ValueTable::shared().value(l);
    CHECK(hooks.region_value(l) == exact);
    CHECK(hooks.region_value(l.transposed()) == domineering::ValueTable::shared().value(l.transposed()));
    // Kept nowhere, so valued again when asked again.
    const std::uint64_t valued = hooks.counters().components_valued;
    CHECK(hooks.region_value(l) == exact);
    CHECK(hooks.counters().components_valued > valued);
  }
}
