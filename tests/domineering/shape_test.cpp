#include "domineering/regions.h"
#include "domineering/shape.h"
#include "random_boards.h"

#include <catch2/catch.hpp>

#include <bit>
#include <random>
#include <vector>

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

TEST_CASE("the walk over small regions stops at the first larger one, and passes complete ones", "[domineering]") {
  // On random boards and every limit: the walk reaches the end exactly when no region exceeds
  // the limit, and the regions it passes are those of the full split, in order, whole.
  std::mt19937 rng(31);
  for (int i = 0; i < 300; ++i) {
    const Board b = domineering::testing::random_board(rng, 1 + int(rng() % 9), 1 + int(rng() % 9), int(rng() % 60));
    CAPTURE(b.text());
    std::vector<int> all;
    domineering::for_each_region(b.rows().data(), b.height(), [&](const domineering::RowBits* region, int first, int last) {
      int n = 0;
      for (int r = first; r <= last; ++r)
        n += std::popcount(region[r]);
      all.push_back(n);
    });
    for (int limit : {0, 2, 3, 5, 8, 14, 81}) {
      CAPTURE(limit);
      std::vector<int> seen;
      const bool complete = domineering::for_each_region_within(
          b.rows().data(), b.height(), limit, [&](const domineering::RowBits* region, int first, int last) {
            int n = 0;
            for (int r = first; r <= last; ++r)
              n += std::popcount(region[r]);
            seen.push_back(n);
          });
      std::vector<int> expected;
      bool fits = true;
      for (int n : all) {
        if (n > limit) {
          fits = false;
          break;
        }
        expected.push_back(n);
      }
      CHECK(complete == fits);
      CHECK(seen == expected);
    }
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
