#include "domineering/board.h"
#include "random_boards.h"

#include "base/input_error.h"

#include <catch2/catch.hpp>

using domineering::Board;
using domineering::Move;
using domineering::Side;

TEST_CASE("board text parses and prints back", "[domineering]") {
  // input, rows, columns, empty cells, printed text
  static const struct Row {
    const char* input;
    int rows, cols, empty;
    const char* printed;
  } rows[] = {
      {"2x1", 2, 1, 2, "./."},
      {"4x5", 4, 5, 20, "...../...../...../....."},
      {"..#/#..", 2, 3, 4, "..#/#.."},
      {"..#\n#..\n", 2, 3, 4, "..#/#.."},
      {"..#|#..", 2, 3, 4, "..#/#.."}, // CGSuite's separator
      {"#", 1, 1, 0, "#"},
      {"32x32", 32, 32, 1024, nullptr},
  };
  for (const Row& row : rows) {
    CAPTURE(row.input);
    const Board b = Board::parse(row.input);
    CHECK(b.height() == row.rows);
    CHECK(b.width() == row.cols);
    CHECK(b.empty_cells() == row.empty);
    if (row.printed)
      CHECK(b.text() == row.printed);
    CHECK(Board::parse(b.text()) == b);
  }
}

TEST_CASE("bad board text is refused with row and column", "[domineering]") {
  // input, fragment of the message
  static const struct Row {
    const char* input;
    const char* message;
  } rows[] = {
      {"", "empty board text"},
      {"../.", "ragged rows: row 2 has 1 cells but row 1 has 2"},
      {"../.x", "unexpected character 'x' at row 2, column 2"},
      {"..//..", "row 2 is empty"},
      {"..||..", "row 2 is empty"},
      {"33x2", "board too large: 33 rows x 2 columns"},
      {"2x33", "board too large: 2 rows x 33 columns"},
      {"0x5", "at least one row and one column"},
      {"99999999999x2", "board too large"},
      {"123x", "unexpected character '1'"},
  };
  for (const Row& row : rows) {
    CAPTURE(row.input);
    REQUIRE_THROWS_AS(Board::parse(row.input), base::InputError);
    REQUIRE_THROWS_WITH(Board::parse(row.input), Catch::Contains(row.message));
  }
  const std::string wide(40, '.');
  REQUIRE_THROWS_WITH(Board::parse(wide), Catch::Contains("board too large"));
  std::string tall;
  for (int i = 0; i < 40; ++i)
    tall += i ? "/." : ".";
  REQUIRE_THROWS_WITH(Board::parse(tall), Catch::Contains("board too large"));
}

TEST_CASE("move generation counts", "[domineering]") {
  // board, vertical (Left) moves, horizontal (Right) moves; hand count
  static const struct Row {
    const char* board;
    int left, right;
  } rows[] = {{"2x1", 1, 0},   {"1x2", 0, 1},   {"2x2", 2, 2},   {"3x3", 6, 6},
              {"4x5", 15, 16}, {"8x8", 56, 56}, {"../#.", 1, 1}, {"32x32", 992, 992}};
  for (const Row& row : rows) {
    CAPTURE(row.board);
    const Board b = Board::parse(row.board);
    Move moves[domineering::MAX_MOVES];
    CHECK(b.moves(Side::Left, moves) == row.left);
    CHECK(b.moves(Side::Right, moves) == row.right);
  }
}

TEST_CASE("play then undo restores the board and its key", "[domineering]") {
  std::mt19937 rng(5);
  for (int i = 0; i < 200; ++i) {
    Board b = domineering::testing::random_board(rng, 1 + int(rng() % 9), 1 + int(rng() % 9), 25);
    const Board before = b;
    for (Side side : {Side::Left, Side::Right}) {
      Move moves[domineering::MAX_MOVES];
      const int n = b.moves(side, moves);
      for (int k = 0; k < n; ++k) {
        CAPTURE(b.text(), domineering::to_string(moves[k]));
        REQUIRE(b.is_legal(moves[k]));
        b.play(moves[k]);
        CHECK(b.empty_cells() == before.empty_cells() - 2);
        CHECK(!b.is_legal(moves[k]));
        CHECK(b.key() != before.key());
        b.undo(moves[k]);
        CHECK(b == before);
        CHECK(b.key() == before.key());
      }
    }
  }
}

TEST_CASE("reflections and transposes of boards", "[domineering]") {
  const Board b = Board::parse("..#/.../#..");
  CHECK(b.transposed().text() == "..#/.../#..");
  CHECK(b.reflected_horizontally().text() == "#../.../..#");
  CHECK(b.reflected_vertically().text() == "#../.../..#");
  CHECK(Board::parse("..../#...").transposed().text() == ".#/../../..");
}
