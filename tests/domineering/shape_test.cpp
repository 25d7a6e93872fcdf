#include "domineering/regions.h"
#include "domineering/shape.h"
#include "random_boards.h"

#include <catch2/catch.hpp>

#include <algorithm>
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
      {"4x4", {16}},    {".#./###/.#.", {}}, {"..#../#####/..#..", {2, 2, 2, 2}}, {"...#.../.......", {13}}, {".#./.#./.#.", {3, 3}},
      {"..#/#..", {4}}, {".#/#.", {}},
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
      const bool complete = domineering::for_each_region_within(b.rows().data(), b.height(), limit,
                                                                [&](const domineering::RowBits* region, int first, int last) {
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

namespace {

// Reference answers worked out cell by cell: a breadth-first flood, and the least key of the
// eight images built by Shape's own reflections.
bool connected_by_flood(const Shape& s) {
  std::vector<std::pair<int, int>> todo;
  std::vector<std::vector<bool>> seen(std::size_t(s.height), std::vector<bool>(std::size_t(s.width)));
  const auto cell = [&](int r, int c) { return r >= 0 && r < s.height && c >= 0 && c < s.width && ((s.rows[std::size_t(r)] >> c) & 1); };
  int cells = 0;
  for (int r = 0; r < s.height; ++r)
    for (int c = 0; c < s.width; ++c)
      if (cell(r, c) && cells++ == 0) {
        todo.emplace_back(r, c);
        seen[std::size_t(r)][std::size_t(c)] = true;
      }
  int reached = 0;
  while (!todo.empty()) {
    const auto [r, c] = todo.back();
    todo.pop_back();
    ++reached;
    for (const auto& [dr, dc] : {std::pair{1, 0}, std::pair{-1, 0}, std::pair{0, 1}, std::pair{0, -1}})
      if (cell(r + dr, c + dc) && !seen[std::size_t(r + dr)][std::size_t(c + dc)]) {
        seen[std::size_t(r + dr)][std::size_t(c + dc)] = true;
        todo.emplace_back(r + dr, c + dc);
      }
  }
  return cells > 0 && reached == cells;
}

domineering::CanonicalKey least_image(const Shape& s) {
  domineering::CanonicalKey best{*domineering::pack(s), false};
  const Shape t = s.transposed();
  for (const bool transposed : {false, true}) {
    const Shape& base = transposed ? t : s;
    for (const Shape& image :
         {base, base.reflected_horizontally(), base.reflected_vertically(), base.reflected_horizontally().reflected_vertically()})
      if (const domineering::ShapeKey k = *domineering::pack(image); k < best.key)
        best = {k, transposed};
  }
  return best;
}

} // namespace

TEST_CASE("connectivity and canonical keys agree with cell-by-cell references", "[domineering]") {
  // Random cells in boxes from 1x1 to 16x16 (a flood a row at a time past 128 cells of box), and
  // with the canonical key wherever the box fits a key: sparse boxes are mostly in pieces, dense
  // ones mostly whole.
  std::mt19937 rng(71);
  int whole = 0, broken = 0, least_reflections = 0;
  for (int i = 0; i < 20000; ++i) {
    Shape s;
    s.height = 1 + int(rng() % 16);
    s.width = 1 + int(rng() % 16);
    const unsigned density = 40 + rng() % 60; // per cent
    for (int r = 0; r < s.height; ++r)
      for (int c = 0; c < s.width; ++c)
        if (rng() % 100 < density)
          s.rows[std::size_t(r)] |= domineering::RowBits{1} << c;
    s = Shape::normalised(s.rows.data(), s.height);
    if (s.height == 0)
      continue;
    CAPTURE(s.text());
    const bool connected = connected_by_flood(s);
    CHECK(s.is_connected() == connected);
    (connected ? whole : broken) += 1;
    if (s.height * s.width > domineering::KEY_CELL_BITS)
      continue;
    const auto k = domineering::canonical_key(s);
    const domineering::CanonicalKey expected = least_image(s);
    REQUIRE(k);
    CHECK(k->key == expected.key);
    CHECK(k->negated == expected.negated);
    // The catalogue reader's facts, from the key as it lies, against the shape's own answers.
    const domineering::ShapeKey own = *domineering::pack(s);
    const domineering::KeyFacts f = domineering::key_facts(own);
    CHECK(f.connected == connected);
    CHECK(f.least_reflection == (domineering::canonical_key(s, false)->key == own));
    CHECK(f.cells == s.cells());
    CHECK(f.left_moves == s.move_count(domineering::Side::Left));
    CHECK(f.right_moves == s.move_count(domineering::Side::Right));
    least_reflections += f.least_reflection;
  }
  CHECK(whole > 2000);
  CHECK(broken > 2000);
  CHECK(least_reflections > 2000);
}

namespace {
// The regions of b by a cell-by-cell search: each a set of (row, column) cells, in order of
// first cell, row-major, uncoverable cells (no empty neighbour) left out.
std::vector<std::vector<std::pair<int, int>>> regions_cell_by_cell(const Board& b) {
  const auto empty = [&](int r, int c) { return r >= 0 && r < b.height() && c >= 0 && c < b.width() && b.is_empty(r, c); };
  const int dr[] = {1, -1, 0, 0}, dc[] = {0, 0, 1, -1};
  std::vector<std::vector<bool>> seen(std::size_t(b.height()), std::vector<bool>(std::size_t(b.width())));
  std::vector<std::vector<std::pair<int, int>>> out;
  for (int r = 0; r < b.height(); ++r)
    for (int c = 0; c < b.width(); ++c) {
      bool coverable = false;
      for (int k = 0; k < 4; ++k)
        coverable |= empty(r + dr[k], c + dc[k]);
      if (!empty(r, c) || !coverable || seen[std::size_t(r)][std::size_t(c)])
        continue;
      std::vector<std::pair<int, int>> region, todo{{r, c}};
      seen[std::size_t(r)][std::size_t(c)] = true;
      while (!todo.empty()) {
        const auto [y, x] = todo.back();
        todo.pop_back();
        region.emplace_back(y, x);
        for (int k = 0; k < 4; ++k)
          if (empty(y + dr[k], x + dc[k]) && !seen[std::size_t(y + dr[k])][std::size_t(x + dc[k])]) {
            seen[std::size_t(y + dr[k])][std::size_t(x + dc[k])] = true;
            todo.emplace_back(y + dr[k], x + dc[k]);
          }
      }
      std::sort(region.begin(), region.end());
      out.push_back(region);
    }
  return out;
}
} // namespace

TEST_CASE("the split into regions agrees with a cell-by-cell search", "[domineering]") {
  // Random boards up to 32 wide (every bit of a row), from nearly full to nearly empty: spirals,
  // combs and long snakes come up at the middle densities, where a flood turns most often.
  std::mt19937 rng(37);
  for (int i = 0; i < 3000; ++i) {
    const int rows = 1 + int(rng() % 32), cols = 1 + int(rng() % 32);
    const Board b = domineering::testing::random_board(rng, rows, cols, 20 + int(rng() % 60));
    CAPTURE(b.text());
    std::vector<std::vector<std::pair<int, int>>> split;
    domineering::for_each_region(b.rows().data(), b.height(), [&](const domineering::RowBits* region, int first, int last) {
      std::vector<std::pair<int, int>> cells;
      for (int r = first; r <= last; ++r)
        for (int c = 0; c < b.width(); ++c)
          if ((region[r] >> c) & 1)
            cells.emplace_back(r, c);
      split.push_back(cells);
    });
    CHECK(split == regions_cell_by_cell(b));
  }
}
