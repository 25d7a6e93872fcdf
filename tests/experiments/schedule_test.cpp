#include "experiments/schedule.h"

#include "base/input_error.h"

#include <catch2/catch.hpp>

#include <string>

using experiments::parse_board;
using experiments::parse_schedule;

TEST_CASE("schedules parse and print back", "[experiments]") {
  // text, items, total games; printing gives the text back (hand-written)
  static const struct Row {
    const char* text;
    std::size_t items;
    int games;
  } rows[] = {
      {"4x5:200,5x5:200,6x6:150,7x7:100", 4, 650},
      {"5x5:650", 1, 650},
      {"1x1:1", 1, 1},
      {"16x16:100000", 1, 100000},
      {"3x2:5,3x2:7", 2, 12},
  };
  for (const Row& row : rows) {
    CAPTURE(row.text);
    const auto s = parse_schedule(row.text);
    CHECK(s.size() == row.items);
    int games = 0;
    for (const auto& item : s)
      games += item.games;
    CHECK(games == row.games);
    CHECK(experiments::to_string(s) == row.text);
  }
}

TEST_CASE("bad schedules and boards are refused with the item named", "[experiments]") {
  // schedule text (or board and games when board is set), fragment of the message
  static const struct Row {
    const char* schedule;
    const char* board;
    int games;
    const char* message;
  } rows[] = {
      {"", nullptr, 0, "empty schedule"},
      {"4x5", nullptr, 0, "malformed schedule item '4x5'"},
      {"4x5:200,", nullptr, 0, "malformed schedule item ''"},
      {"4x5:x", nullptr, 0, "malformed schedule item '4x5:x'"},
      {"4:5x200", nullptr, 0, "malformed schedule item '4:5x200'"},
      {"17x5:10", nullptr, 0, "boards must be 1x1 to 16x16"},
      {"0x5:10", nullptr, 0, "boards must be 1x1 to 16x16"},
      {"4x5:0", nullptr, 0, "games must be 1 to 100000"},
      {"4x5:100001", nullptr, 0, "games must be 1 to 100000"},
      {nullptr, "17x17", 650, "board 17x17 out of range: the experiments play boards of 1x1 to 16x16"},
      {nullptr, "5x5", 0, "games 0 out of range: 1 to 100000"},
      {nullptr, "5by5", 650, "malformed board '5by5': expected RxC"},
      {nullptr, "5x", 650, "malformed board '5x'"},
  };
  for (const Row& row : rows) {
    CAPTURE(row.schedule ? row.schedule : row.board);
    if (row.schedule) {
      CHECK_THROWS_AS(parse_schedule(row.schedule), base::InputError);
      CHECK_THROWS_WITH(parse_schedule(row.schedule), Catch::Contains(row.message));
    } else {
      CHECK_THROWS_AS(parse_board(row.board, row.games), base::InputError);
      CHECK_THROWS_WITH(parse_board(row.board, row.games), Catch::Contains(row.message));
    }
  }
}

TEST_CASE("a control board parses to one schedule item", "[experiments]") {
  // board, games, rows, columns
  using Row = std::tuple<std::string, int, int, int>;
  const auto [board, games, rows, cols] = GENERATE(table<std::string, int, int, int>({
      Row{"5x5", 650, 5, 5},
      Row{"4x5", 1, 4, 5},
      Row{"16x16", 100000, 16, 16},
  }));
  CAPTURE(board);
  const auto item = parse_board(board, games);
  CHECK(item.rows == rows);
  CHECK(item.cols == cols);
  CHECK(item.games == games);
  CHECK(item.name() == board);
}
