#include "domineering/evaluation_cost.h"
#include "domineering/regions.h"
#include "domineering/value_table.h"
#include "random_boards.h"

#include <catch2/catch.hpp>

#include <random>
#include <set>
#include <vector>

using domineering::Board;
using domineering::Shape;

namespace {

// The classes of regions met anywhere in play from `b`, counted independently of the evaluation:
// every position reachable by any sequence of placements (either side, in any order), split into
// its regions of coverable cells, each region's canonical key collected once, and the region itself.
void collect(Board& b, std::set<domineering::ShapeKey>& seen_regions, std::set<std::vector<domineering::RowBits>>& seen_positions) {
  if (!seen_positions.insert(std::vector<domineering::RowBits>(b.rows().begin(), b.rows().begin() + b.height())).second)
    return;
  for (const auto& r : domineering::regions(b))
    seen_regions.insert(domineering::canonical_key(r.shape)->key);
  for (const domineering::Side side : {domineering::Side::Left, domineering::Side::Right}) {
    domineering::Move moves[domineering::MAX_MOVES];
    const int n = b.moves(side, moves);
    for (int i = 0; i < n; ++i) {
      b.play(moves[i]);
      collect(b, seen_regions, seen_positions);
      b.undo(moves[i]);
    }
  }
}

std::uint64_t classes_in_play(const Shape& s) {
  Board b = s.board();
  std::set<domineering::ShapeKey> regions = {domineering::canonical_key(s)->key};
  std::set<std::vector<domineering::RowBits>> positions;
  collect(b, regions, positions);
  return regions.size();
}

} // namespace

TEST_CASE("the cost of a region from nothing counts the classes of regions its evaluation values", "[domineering]") {
  // region, classes valued; worked by hand from the moves
  static const struct Row {
    const char* region;
    std::uint64_t games;
  } rows[] = {
      {".", 1},     // no placement: its own value 0
      {"..", 1},    // Horizontal's one placement leaves nothing
      {"...", 1},   // either placement leaves a lone cell, which no domino covers
      {"....", 2},  // the end placements leave "..", the middle one nothing
      {"../..", 2}, // every placement leaves a domino: ".." and its transpose are one class
  };
  for (const Row& row : rows) {
    CAPTURE(row.region);
    const Shape s = Shape::of(Board::parse(row.region));
    const auto e = domineering::evaluate_from_nothing(s);
    CHECK(e.games == row.games);
    CHECK(e.games == classes_in_play(s));
    CHECK(e.value == domineering::ValueTable::shared().value(s));
  }
}

TEST_CASE("the cost of random regions equals the classes met in play, and the value the table's", "[domineering]") {
  std::mt19937 rng(2026);
  int checked = 0;
  for (int i = 0; i < 400; ++i) {
    const Board b = domineering::testing::random_board(rng, 1 + int(rng() % 4), 1 + int(rng() % 4), int(rng() % 40));
    for (const auto& r : domineering::regions(b)) {
      CAPTURE(r.shape.text());
      const auto e = domineering::evaluate_from_nothing(r.shape);
      CHECK(e.games >= 1);
      CHECK(e.games == classes_in_play(r.shape));
      CHECK(e.value == domineering::ValueTable::shared().value(r.shape));
      ++checked;
    }
  }
  CHECK(checked > 300);
}
