#include "domineering/board_value.h"

#include "domineering/value_table.h"

#include "cgt/arithmetic.h"
#include "cgt/compare.h"
#include "cgt/notation.h"

#include "base/input_error.h"
#include "base/interrupt.h"

#include "minimax.h"
#include "random_boards.h"

#include <catch2/catch.hpp>

#include <atomic>
#include <chrono>
#include <random>
#include <thread>

using domineering::Board;

TEST_CASE("a board's value lists its regions, their values and their sum, and its thermograph curves", "[domineering]") {
  // board, its regions' values in reading order, the sum (hand calculation: 2x2 is +-1, 3x2 is
  // {1/2|-2}, 2x3 is {2|-1/2})
  static const struct Row {
    const char* board;
    std::vector<const char*> regions;
    const char* total;
  } rows[] = {
      {"../..", {"+-1"}, "+-1"},
      {"..#.../..#.../..#...", {"{1/2|-2}", "+-1"}, "{3/2|-1/2||-1|-3}"},
      {"..#../..#..", {"+-1", "+-1"}, "0"},
      {".#./#.#", {}, "0"},
  };
  for (const Row& row : rows) {
    CAPTURE(row.board);
    const domineering::BoardValue v = domineering::board_value(Board::parse(row.board));
    REQUIRE(v.region_values.size() == row.regions.size());
    for (std::size_t i = 0; i < row.regions.size(); ++i)
      CHECK(cgt::to_string(v.region_values[i]) == row.regions[i]);
    CHECK(cgt::to_string(v.total) == row.total);
    CHECK(v.total == domineering::ValueTable::shared().value(Board::parse(row.board)));
    const auto curves = domineering::thermograph_curves(v);
    CHECK(curves.size() == (row.regions.size() > 1 ? row.regions.size() + 1 : 1));
    CHECK(curves[0].label == (row.regions.size() == 1 ? "board" : "sum"));
    CHECK(curves[0].game == v.total);
    if (row.regions.size() > 1)
      CHECK(curves[2].label == "region at row 0, column 3");
  }
}

TEST_CASE("a region over the limit is refused before any work", "[domineering]") {
  CHECK_THROWS_WITH(domineering::board_value(Board::parse("7x7")),
                    "region of 49 cells at row 0, column 0 is too large for an exact value (limit 40)");
  CHECK_THROWS_AS(domineering::board_value(Board::parse("..#..../..#..../..#...."), 6), base::InputError);
  CHECK(domineering::board_value(Board::parse("..#.../..#.../..#..."), 9).region_values.size() == 2);
}

TEST_CASE("the value table stops at its interrupt flag and is right afterwards", "[domineering]") {
  auto& table = domineering::ValueTable::shared();
  std::atomic<bool> stop{true};
  table.set_interrupt(&stop);
  CHECK_THROWS_AS(domineering::board_value(Board(5, 5)), base::Interrupted);
  // Stopped part of the way through (the 5x5 board takes about a tenth of a second from an
  // empty table): what was stored must be right. Random 5x5 boards with holes, whose regions
  // are what the valuation had reached, against a plain minimax.
  stop = false;
  std::thread stopper([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    stop = true;
  });
  try {
    domineering::board_value(Board(5, 5));
  } catch (const base::Interrupted&) {
  }
  stopper.join();
  table.set_interrupt(nullptr);
  std::mt19937 rng(55);
  domineering::testing::Minimax minimax;
  for (int checked = 0; checked < 100;) {
    Board b = domineering::testing::random_board(rng, 5, 5, 25);
    if (b.empty_cells() > 20)
      continue;
    ++checked;
    CAPTURE(b.text());
    const bool left_first = minimax.to_move_wins(b, domineering::Side::Left);
    const bool right_first = minimax.to_move_wins(b, domineering::Side::Right);
    const cgt::Outcome expected = left_first && right_first ? cgt::Outcome::N
                                  : left_first              ? cgt::Outcome::L
                                  : right_first             ? cgt::Outcome::R
                                                            : cgt::Outcome::P;
    CHECK(cgt::outcome(domineering::board_value(b).total) == expected);
  }
}
