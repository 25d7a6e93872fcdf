#include "catalogue/enumerate.h"

#include "domineering/shape.h"

#include <catch2/catch.hpp>

#include <set>
#include <vector>

using domineering::RowBits;
using domineering::Shape;

TEST_CASE("shape counts by size", "[catalogue]") {
  // cells, shapes under the reflections (the counts enumerate.h states, re-derived independently up
  // to 8 cells by the next test), fixed polyominoes (OEIS A001168)
  static const struct Row {
    int cells;
    std::size_t shapes;
    std::uint64_t fixed;
  } rows[] = {{1, 1, 1},    {2, 2, 2},     {3, 3, 6},      {4, 9, 19},      {5, 21, 63},
              {6, 68, 216}, {7, 208, 760}, {8, 730, 2725}, {9, 2542, 9910}, {10, 9287, 36446}};
  const auto shapes = catalogue::shapes_by_size(10);
  const auto fixed = catalogue::fixed_counts(10);
  std::size_t total = 0;
  for (const Row& row : rows) {
    CAPTURE(row.cells);
    CHECK(shapes[std::size_t(row.cells)].size() == row.shapes);
    CHECK(fixed[std::size_t(row.cells)] == row.fixed);
    total += shapes[std::size_t(row.cells)].size();
  }
  CHECK(total == 12871);
}

TEST_CASE("enumeration agrees with growing shapes cell by cell", "[catalogue]") {
  // An independent enumeration: every shape of n+1 cells is a shape of n cells plus one
  // neighbouring cell; keep one per class by the canonical key under reflections.
  constexpr int N = 8;
  std::set<domineering::ShapeKey> layer{domineering::canonical_key(Shape::normalised(std::vector<RowBits>{1}.data(), 1), false)->key};
  const auto enumerated = catalogue::shapes_by_size(N);
  for (int n = 1; n <= N; ++n) {
    std::set<domineering::ShapeKey> expected;
    for (const Shape& s : enumerated[std::size_t(n)])
      expected.insert(domineering::canonical_key(s, false)->key);
    CAPTURE(n);
    CHECK(layer == expected);
    std::set<domineering::ShapeKey> next;
    for (const auto& key : layer) {
      const Shape s = domineering::unpack(key);
      // Room for a new cell on every side: shift the shape one row down and one column right.
      std::vector<RowBits> grid(std::size_t(s.height) + 2, 0);
      for (int r = 0; r < s.height; ++r)
        grid[std::size_t(r) + 1] = s.rows[std::size_t(r)] << 1;
      for (int r = 0; r < s.height + 2; ++r)
        for (int c = 0; c < s.width + 2; ++c) {
          const RowBits bit = RowBits{1} << c;
          if (grid[std::size_t(r)] & bit)
            continue;
          const bool touches = (r > 0 && (grid[std::size_t(r) - 1] & bit)) || (r + 1 < s.height + 2 && (grid[std::size_t(r) + 1] & bit)) ||
                               (grid[std::size_t(r)] & (bit << 1)) || (c > 0 && (grid[std::size_t(r)] & (bit >> 1)));
          if (!touches)
            continue;
          grid[std::size_t(r)] |= bit;
          next.insert(domineering::canonical_key(Shape::normalised(grid.data(), s.height + 2), false)->key);
          grid[std::size_t(r)] &= ~bit;
        }
    }
    layer = std::move(next);
  }
}

TEST_CASE("enumeration refuses sizes out of range", "[catalogue]") {
  CHECK_THROWS_WITH(catalogue::shapes_by_size(0), Catch::Contains("shape size out of range: 0 cells"));
  CHECK_THROWS_WITH(catalogue::shapes_by_size(99), Catch::Contains("shape size out of range: 99 cells"));
}
