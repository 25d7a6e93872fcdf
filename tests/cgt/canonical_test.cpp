#include "cgt/game.h"

#include <catch2/catch.hpp>

using cgt::Game;

TEST_CASE("known canonical forms", "[cgt]") {
  // expression, canonical form as printed; Winning Ways, CGSuite (CanonicalShortGameTestCase)
  static const struct Row {
    const char* input;
    const char* canonical;
  } rows[] = {
      {"{0|0}", "*"},
      {"{0|*}", "^"},
      {"{*|0}", "v"},
      {"{1|-1}", "+-1"},
      {"{0|1}", "1/2"},
      {"{1|1}", "1*"},
      {"{0,*|0,*}", "*2"},
      {"{0||0|-1}", "Tiny(1)"},
      {"{0||0|-2}", "Tiny(2)"},
      {"{2|0||0}", "Miny(2)"},
      {"{2||2|0}", "2Tiny(2)"},
      {"{3||2+*|1+*}", "{3||2*|1*}"},
      {"{|}", "0"},
      {"{-1|5}", "0"},
      {"{999|1001}", "1000"},
      {"{*|*}", "0"},
      {"{|*}", "0"},
      {"{1/2|1}", "3/4"},
      {"{0|^*}", "^^"},
      {"{0|^}", "^^*"},
      {"{0,*|0}", "^*"},
      {"{0|*3}", "^*2"},
      {"{0|*7}", "^*6"},
      {"{0||0|vvv}", "{0||0|v3}"},
      {"{^^^|vv}", "{^3|vv}"},
      {"{0||0|-3/2}", "Tiny(3/2)"},
      {"{0|||0||-1|-3}", "Tiny({3|1})"},
      {"{5||3|1|||0||||0}", "Miny({5||3|1})"},
      {"{1|^^^||^}", "{1|^3||^}"},
      {"9/8+*", "9/8*"},
      {"{73/16v8*9|73/16}", "73/16v9*8"},
      {"2+-1", "{3|1}"},
      {"{1*|-1*}", "+-(1*)"},
  };
  for (const Row& row : rows) {
    CAPTURE(row.input);
    const Game g = Game::parse(row.input);
    CHECK(g.str() == row.canonical);
    CHECK(Game::parse(row.canonical) == g);
  }
}

TEST_CASE("number-up-star values built by options equal the compact ones", "[cgt]") {
  // For x + n.^ + *m, the sum n.^ + *m + x built option by option through from_options (with
  // ^ = {0|*} and *m = {0,...,*(m-1)|same}) must land on the compact record. This checks the
  // option formulas of build_nus_options and the recogniser in from_options against each other.
  using namespace cgt;
  const GameId up = from_options({ZERO}, {nimber(1)});
  CHECK(up == up_multiple(1));
  for (int m = 0; m <= 5; ++m) {
    std::vector<GameId> nim_opts;
    for (int j = 0; j < m; ++j)
      nim_opts.push_back(nimber(std::uint32_t(j)));
    const GameId star_m = from_options(nim_opts, nim_opts);
    REQUIRE(star_m == nimber(std::uint32_t(m)));
    GameId built = star_m;
    for (int n = 1; n <= 4; ++n) {
      // built + ^ by the definition of a sum, with no number-up-star shortcut on either side.
      const Options ob = store().options(built);
      std::vector<GameId> l{built}, r{add(built, nimber(1))};
      for (GameId bl : ob.left)
        l.push_back(add(bl, up));
      for (GameId br : ob.right)
        r.push_back(add(br, up));
      built = from_options(l, r);
      CAPTURE(n, m);
      CHECK(built == number_up_star(Dyadic(0), n, std::uint32_t(m)));
      CHECK(neg(built) == number_up_star(Dyadic(0), -n, std::uint32_t(m)));
      const GameId shifted = add(built, number(Dyadic::parse("-3/8")));
      CHECK(shifted == number_up_star(Dyadic::parse("-3/8"), n, std::uint32_t(m)));
    }
  }
}
