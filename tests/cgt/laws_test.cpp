#include "cgt/game.h"
#include "cgt/random_games.h"

#include <catch2/catch.hpp>

using cgt::Game;
using cgt::Outcome;

namespace {
constexpr int ROUNDS = 3000;
}

TEST_CASE("group laws on random games", "[cgt]") {
  cgt::RandomGames random(7);
  for (int i = 0; i < ROUNDS; ++i) {
    const Game g(random()), h(random()), k(random());
    CAPTURE(g.str(), h.str(), k.str());
    CHECK(g + (-g) == Game(0));
    CHECK(g + h == h + g);
    CHECK((g + h) + k == g + (h + k));
    CHECK(-(-g) == g);
    CHECK(-(g + h) == (-g) + (-h));
  }
}

TEST_CASE("order laws on random games", "[cgt]") {
  cgt::RandomGames random(11);
  for (int i = 0; i < ROUNDS; ++i) {
    const Game g(random()), h(random()), k(random());
    CAPTURE(g.str(), h.str(), k.str());
    if (g <= h && h <= k)
      CHECK(g <= k);
    CHECK((g <= h) == (g - h <= Game(0)));
    CHECK((g <= h) == (g + k <= h + k));
    CHECK((g <= h && h <= g) == (g == h));
    CHECK(g.confused_with(h) == (!(g <= h) && !(h <= g)));
  }
}

TEST_CASE("canonical form is idempotent", "[cgt]") {
  // Rebuilding a game from its own canonical options gives the same id.
  cgt::RandomGames random(13);
  for (int i = 0; i < ROUNDS; ++i) {
    const cgt::GameId g = random.fresh();
    const cgt::Options o = cgt::store().options(g);
    CHECK(cgt::from_options({o.left.begin(), o.left.end()}, {o.right.begin(), o.right.end()}) == g);
  }
}

TEST_CASE("outcome from comparisons agrees with outcome from stops", "[cgt]") {
  // Stops decide the outcome when RS > 0 (L), LS < 0 (R) or LS > 0 > RS (N); otherwise only
  // the comparison with 0 can tell.
  cgt::RandomGames random(17);
  for (int i = 0; i < ROUNDS; ++i) {
    const Game g(random.fresh());
    CAPTURE(g.str());
    const int ls = g.left_stop().sign(), rs = g.right_stop().sign();
    const Outcome o = g.outcome();
    if (rs > 0)
      CHECK(o == Outcome::L);
    if (ls < 0)
      CHECK(o == Outcome::R);
    if (ls > 0 && rs < 0)
      CHECK(o == Outcome::N);
    // Stops and means are ordered: LS >= mean >= RS for every game.
    CHECK(g.left_stop() >= g.mean());
    CHECK(g.mean() >= g.right_stop());
  }
}

TEST_CASE("mean is additive", "[cgt]") {
  cgt::RandomGames random(19);
  for (int i = 0; i < 500; ++i) {
    const Game g(random()), h(random());
    CAPTURE(g.str(), h.str());
    CHECK((g + h).mean() == g.mean() + h.mean());
  }
}
