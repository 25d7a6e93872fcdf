// Each rule that declares a winner without a search, alone, against a search with every rule
// off: on positions from random play on random rectangles up to 7 x 7 with random holes, every
// verdict a rule gives (for the side to move, at the root, with its loss tests too) must be the
// searched one. A rule that is loosened into a wrong claim fails here.
#include "solver/domineering_endgame.h"
#include "solver/domineering_position.h"
#include "solver/search.h"
#include "solver/tt.h"

#include "catalogue/catalogue.h"

#include "../domineering/random_boards.h"

#include <catch2/catch.hpp>

#include <random>

using domineering::Board;
using domineering::Side;
using solver::DomineeringPosition;
using solver::EndgameHooks;
using solver::EndgameOptions;
using solver::Rule;

namespace {

const catalogue::Catalogue& eight() {
  static const catalogue::Catalogue c = catalogue::Catalogue::build(8);
  return c;
}

EndgameOptions only(Rule r) {
  EndgameOptions o;
  o.packing = r == Rule::packing;
  o.plans = r == Rule::plans;
  o.cgt = r == Rule::cgt;
  return o;
}

// A position from random play: a random rectangle with random holes, then random moves.
DomineeringPosition random_position(std::mt19937& rng) {
  Board b = domineering::testing::random_board(rng, 2 + int(rng() % 6), 2 + int(rng() % 6), int(rng() % 30));
  Side side = rng() % 2 ? Side::Left : Side::Right;
  const int plies = int(rng() % 8);
  for (int i = 0; i < plies; ++i) {
    domineering::Move moves[domineering::MAX_MOVES];
    const int n = b.moves(side, moves);
    if (n == 0)
      break;
    b.play(moves[rng() % unsigned(n)]);
    side = domineering::opponent(side);
  }
  return DomineeringPosition(b, side);
}

} // namespace

TEST_CASE("every rule's verdicts agree with a search that uses no rule", "[solver]") {
  // rule, positions tried, at least this many verdicts expected of it (so that the test tests)
  const auto row = GENERATE(
      table<Rule, int, int>({std::tuple<Rule, int, int>{Rule::packing, 3000, 300}, std::tuple<Rule, int, int>{Rule::plans, 3000, 100},
                             std::tuple<Rule, int, int>{Rule::cgt, 3000, 300}}));
  const auto [rule, tries, least] = row;
  CAPTURE(solver::rule_name(rule));
  EndgameHooks judged(eight(), only(rule));
  // The reference: plain alpha-beta with a table, no rule, every move searched (safe moves too).
  EndgameOptions none;
  none.packing = none.plans = none.cgt = false;
  solver::WinLossTable table(solver::TableSize::from_mib(16));
  solver::Searcher<DomineeringPosition, solver::WinLossTable, EndgameHooks> reference(table, EndgameHooks(eight(), none));
  std::mt19937 rng(1009 + unsigned(rule));
  int verdicts = 0;
  for (int i = 0; i < tries; ++i) {
    DomineeringPosition p = random_position(rng);
    const auto d = judged.decide_root(p);
    if (!d)
      continue;
    ++verdicts;
    CAPTURE(p.board().text(), int(p.side_to_move()));
    REQUIRE(judged.last_rule() == rule);
    CHECK((d->score > 0) == (reference.solve(p, -1, 1) > 0));
  }
  CHECK(verdicts >= least);
}
