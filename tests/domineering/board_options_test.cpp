#include "domineering/board_options.h"

#include "domineering/value_table.h"

#include "cgt/arithmetic.h"
#include "cgt/canonical.h"
#include "cgt/compare.h"
#include "cgt/game_store.h"
#include "cgt/notation.h"

#include "random_boards.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <random>
#include <vector>

using domineering::Board;
using domineering::Side;

TEST_CASE("a board's options rebuild its value, and their marks follow their definitions", "[domineering]") {
  // On random boards with holes: the canonical form of { every Vertical option | every
  // Horizontal option } is the board's value; an option neither dominated nor reversible is one
  // of the canonical options; every canonical option has a sensible placement behind it.
  std::mt19937 rng(23);
  for (int i = 0; i < 150; ++i) {
    const Board b = domineering::testing::random_board(rng, 2 + int(rng() % 4), 2 + int(rng() % 4), 25);
    CAPTURE(b.text());
    const cgt::GameId g = domineering::ValueTable::shared().value(b);
    const auto left = domineering::board_options(b, Side::Left, g), right = domineering::board_options(b, Side::Right, g);
    std::vector<cgt::GameId> lv, rv;
    for (const auto& o : left)
      lv.push_back(o.value);
    for (const auto& o : right)
      rv.push_back(o.value);
    CHECK(cgt::from_options(lv, rv) == g);
    const cgt::Options canonical = cgt::store().options(g);
    for (const auto* side : {&left, &right}) {
      const bool is_left = side == &left;
      const auto own = is_left ? canonical.left : canonical.right;
      for (const auto& o : *side) {
        CHECK(o.incentive == (is_left ? cgt::sub(o.value, g) : cgt::sub(g, o.value)));
        if (!o.dominated && !o.reversible)
          CHECK(std::find(own.begin(), own.end(), o.value) != own.end());
      }
      for (const cgt::GameId k : own)
        CHECK(std::any_of(side->begin(), side->end(),
                          [&](const auto& o) { return o.sensible && (is_left ? cgt::leq(k, o.value) : cgt::leq(o.value, k)); }));
    }
  }
}
