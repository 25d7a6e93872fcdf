#include "domineering/regions.h"
#include "domineering/shape.h"
#include "random_boards.h"

#include <catch2/catch.hpp>

using domineering::Board;
using domineering::Shape;

TEST_CASE("regions drop uncoverable cells and split at filled ones", "[domineering]") {
  // board, region count, cells per region in order of first cell; hand count
  static const struct Row {
    const char* board;
    std::vector<int> cells;
  } rows[] = {
      {"4x4", {16}},
      {".#./###/.#.", {}},
      {"..#../#####/..#..", {2, 2, 2, 2}},
      {"...#.../.......", {13}},
      {".#./.#./.#.", {3, 3}},
      {"..#/#..", {4}},
      {".#/#.", {}},
  };
  for (const Row& row : rows) {
    CAPTURE(row.board);
    const auto regions = domineering::regions(Board::parse(row.board));
    std::vector<int> cells;
    for (const auto& r : regions)
      cells.push_back(r.shape.cells());
    CHECK(cells == row.cells);
  }
}

TEST_CASE("shape keys round trip and canonical keys agree across symmetries", "[domineering]") {
  std::mt19937 rng(9);
  for (int i = 0; i < 500; ++i) {
    const Board b = domineering::testing::random_board(rng, 1 + int(rng() % 8), 1 + int(rng() % 8), 20);
    for (const auto& r : domineering::regions(b)) {
      const Shape& s = r.shape;
      CAPTURE(s.text());
      REQUIRE(domineering::pack(s));
      CHECK(domineering::unpack(*domineering::pack(s)) == s);
      const auto k = domineering::canonical_key(s);
      CHECK(domineering::canonical_key(s.reflected_horizontally())->key == k->key);
      CHECK(domineering::canonical_key(s.reflected_vertically())->key == k->key);
      const auto t = domineering::canonical_key(s.transposed());
      CHECK(t->key == k->key);
      // The sign flips under transposition unless the shape is its own transpose class.
      if (domineering::canonical_key(s, false)->key != domineering::canonical_key(s.transposed(), false)->key)
        CHECK(t->negated != k->negated);
    }
  }
}
