#include "domineering/regions.h"
#include "domineering/value_table.h"
#include "minimax.h"
#include "random_boards.h"

#include "cgt/game.h"

#include <catch2/catch.hpp>

#include <map>

using cgt::Game;
using domineering::Board;
using domineering::Move;
using domineering::Side;
using domineering::ValueTable;

namespace {

Game value_of(const Board& b) { return Game(ValueTable::shared().value(b)); }

// The value by the definition of a game, with no split into regions and no symmetry: an
// independent check of decomposition and canonical shapes. Memoised by board text.
cgt::GameId value_without_regions(Board& b, std::map<std::string, cgt::GameId>& memo) {
  const std::string key = b.text();
  if (auto it = memo.find(key); it != memo.end())
    return it->second;
  std::vector<cgt::GameId> sides[2];
  for (Side side : {Side::Left, Side::Right}) {
    Move moves[domineering::MAX_MOVES];
    const int n = b.moves(side, moves);
    for (int i = 0; i < n; ++i) {
      b.play(moves[i]);
      sides[side == Side::Left ? 0 : 1].push_back(value_without_regions(b, memo));
      b.undo(moves[i]);
    }
  }
  const cgt::GameId g = cgt::from_options(sides[0], sides[1]);
  memo.emplace(key, g);
  return g;
}

} // namespace

TEST_CASE("values of small boards", "[domineering]") {
  // board (R rows x C columns), canonical value; Winning Ways ch. 5, CGSuite GameGridTest
  static const struct Row {
    const char* board;
    const char* value;
  } rows[] = {
      {"2x1", "1"},        {"1x2", "-1"},      {"2x2", "+-1"},     {"3x3", "+-1"},
      {"2x3", "{2|-1/2}"}, {"2x4", "Miny(2)"}, {"4x2", "Tiny(2)"}, {"5x5", "0"},
      {"1x1", "0"},        {"3x1", "1"},       {"4x1", "2"},       {"4x4", "+-{0,{{2|0},2Tiny(2)|{2|0},Miny(2)}}"},
  };
  for (const Row& row : rows) {
    CAPTURE(row.board);
    const Game g = value_of(Board::parse(row.board));
    CHECK(g.str() == row.value);
    CHECK(g == Game::parse(row.value));
  }
  const Game v44 = value_of(Board::parse("4x4"));
  CHECK(v44.left_stop().to_string() == "0");
  CHECK(v44.right_stop().to_string() == "0");
  CHECK(v44.outcome() == cgt::Outcome::N);
  CHECK(value_of(Board::parse("5x5")).outcome() == cgt::Outcome::P);
}

TEST_CASE("reflections keep the value and transposition negates it", "[domineering]") {
  std::mt19937 rng(101);
  for (int i = 0; i < 300; ++i) {
    const Board b = domineering::testing::random_board(rng, 1 + int(rng() % 6), 1 + int(rng() % 5), 35);
    CAPTURE(b.text());
    const Game v = value_of(b);
    CHECK(value_of(b.reflected_horizontally()) == v);
    CHECK(value_of(b.reflected_vertically()) == v);
    CHECK(value_of(b.transposed()) == -v);
  }
}

TEST_CASE("a board's value is the sum of its regions' values", "[domineering]") {
  std::mt19937 rng(202);
  std::map<std::string, cgt::GameId> memo;
  for (int i = 0; i < 200; ++i) {
    Board b = domineering::testing::random_board(rng, 1 + int(rng() % 5), 1 + int(rng() % 5), 35);
    CAPTURE(b.text());
    Game regions_sum(0);
    for (const auto& r : domineering::regions(b)) {
      Board alone = r.shape.board();
      regions_sum += Game(value_without_regions(alone, memo));
    }
    CHECK(value_of(b) == regions_sum);
    CHECK(value_of(b) == Game(value_without_regions(b, memo)));
  }
}

TEST_CASE("outcome from the value agrees with a plain minimax", "[domineering]") {
  // Random boards of up to 20 empty cells: Left wins moving first iff G > 0 or G || 0;
  // Left wins moving second iff G >= 0 (and so on), read from the outcome class.
  std::mt19937 rng(303);
  domineering::testing::Minimax minimax;
  int checked = 0;
  while (checked < 150) {
    Board b = domineering::testing::random_board(rng, 2 + int(rng() % 5), 2 + int(rng() % 5), 30);
    if (b.empty_cells() > 20)
      continue;
    ++checked;
    CAPTURE(b.text());
    const cgt::Outcome o = value_of(b).outcome();
    const bool left_first = minimax.to_move_wins(b, Side::Left);
    const bool right_first = minimax.to_move_wins(b, Side::Right);
    const cgt::Outcome expected = left_first && right_first ? cgt::Outcome::N
                                  : left_first              ? cgt::Outcome::L
                                  : right_first             ? cgt::Outcome::R
                                                            : cgt::Outcome::P;
    CHECK(o == expected);
  }
}
