#include "solver/domineering_endgame.h"

#include "catalogue/catalogue.h"
#include "domineering/packing_bound.h"
#include "domineering/regions.h"
#include "domineering/value_table.h"

#include "../domineering/random_boards.h"

#include <catch2/catch.hpp>

#include <optional>
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

TEST_CASE("won_after is the packing's verdict on the child, and decide_unless_won decide without it", "[solver]") {
  static const catalogue::Catalogue eight = catalogue::Catalogue::build(8);
  solver::EndgameHooks hooks(eight, solver::EndgameOptions{});
  std::mt19937 rng(23);
  int won = 0, cleared = 0;
  for (int i = 0; i < 150; ++i) {
    const domineering::Board b = domineering::testing::random_board(rng, 4 + int(rng() % 6), 4 + int(rng() % 6), 10 + int(rng() % 40));
    for (const domineering::Side side : {domineering::Side::Left, domineering::Side::Right}) {
      const solver::DomineeringPosition p(b, side);
      solver::DomineeringPosition::Move moves[solver::DomineeringPosition::MAX_MOVES];
      for (const auto* m = moves; m != p.generate_moves(moves); ++m) {
        solver::DomineeringPosition child = p;
        child.make(*m);
        CAPTURE(b.text(), int(side), int(*m));
        const std::optional<solver::Decision> w = hooks.won_after(p, *m);
        REQUIRE(w.has_value() == domineering::won_by_packing(child.board(), child.side_to_move()));
        if (w) {
          ++won;
          CHECK(w->score == 1);
          CHECK(w->bound == solver::Bound::EXACT);
          continue;
        }
        ++cleared;
        const auto full = hooks.decide(child, 1, -1, 1);
        const auto rest = hooks.decide_unless_won(child, 1, -1, 1);
        REQUIRE(full.has_value() == rest.has_value());
        if (full)
          CHECK((full->score == rest->score && full->bound == rest->bound));
      }
    }
  }
  // Both kinds of move were met.
  CHECK(won > 100);
  CHECK(cleared > 100);
}
