#include "cgt/arithmetic.h"
#include "cgt/game.h"
#include "support/random_games.h"

#include <catch2/catch.hpp>

#include <iterator>
#include <random>
#include <vector>

using cgt::Game;
using cgt::Outcome;

namespace {
constexpr int ROUNDS = 3000;
} // namespace

TEST_CASE("group laws on random games", "[cgt]") {
  support::RandomGames random(7);
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
  support::RandomGames random(11);
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
  support::RandomGames random(13);
  for (int i = 0; i < ROUNDS; ++i) {
    const cgt::GameId g = random.fresh();
    const cgt::Options o = cgt::store().options(g);
    CHECK(cgt::from_options({o.left.begin(), o.left.end()}, {o.right.begin(), o.right.end()}) == g);
  }
}

TEST_CASE("outcome from comparisons agrees with outcome from stops", "[cgt]") {
  // Stops decide the outcome when RS > 0 (L), LS < 0 (R) or LS > 0 > RS (N); otherwise only
  // the comparison with 0 can tell.
  support::RandomGames random(17);
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
  support::RandomGames random(19);
  for (int i = 0; i < 500; ++i) {
    const Game g(random()), h(random());
    CAPTURE(g.str(), h.str());
    CHECK((g + h).mean() == g.mean() + h.mean());
  }
}

namespace {
// The sum of a list folded pair by pair with add, the definition sum() must agree with.
cgt::GameId folded(const std::vector<cgt::GameId>& games) {
  cgt::GameId total = cgt::ZERO;
  for (cgt::GameId g : games)
    total = cgt::add(total, g);
  return total;
}
} // namespace

TEST_CASE("sum of a list equals the pairwise fold", "[cgt]") {
  // sum() adds number-up-star summands in machine words; these lists reach its edges: totals
  // that cancel, numerators that carry past 60 bits, big numbers, general games among them.
  const std::vector<std::vector<const char*>> lists = {
      {},
      {"0"},
      {"1/2", "-1/2"},
      {"^", "v", "*", "*"},
      {"^*", "^", "3/8", "*2"},
      {"1/1152921504606846976", "1/1152921504606846976"},
      {"576460752303423487", "576460752303423487", "576460752303423487"},
      {"1237940039285380274899124224", "-1"},
      {"{1|-1}", "1/4", "^", "{2|0}"},
      {"{1|-1}", "{1|-1}", "*", "*3"},
  };
  for (const auto& list : lists) {
    std::vector<cgt::GameId> games;
    for (const char* text : list)
      games.push_back(Game::parse(text).id());
    CAPTURE(list);
    CHECK(cgt::sum(games) == folded(games));
    CHECK(cgt::outcome_of_sum(games) == cgt::outcome(folded(games)));
  }
  support::RandomGames random(19);
  for (int i = 0; i < ROUNDS; ++i) {
    std::vector<cgt::GameId> games;
    for (int k = 0; k < 1 + i % 5; ++k)
      games.push_back(random());
    CHECK(cgt::sum(games) == folded(games));
    CHECK(cgt::outcome_of_sum(games) == cgt::outcome(folded(games)));
  }
}

TEST_CASE("outcome of a sum of number-up-stars", "[cgt]") {
  // Every outcome the closed form gives (the sign of the number, then of the ups, with ^* and
  // v* confused with 0), against the comparisons with 0 of the interned sum.
  const char* parts[] = {"0", "*", "*2", "*3", "^", "v", "^*", "v*", "^*2", "1/4", "-1/4", "1/2", "-1/2", "1", "-1"};
  std::mt19937 rng(23);
  for (int i = 0; i < 3000; ++i) {
    std::vector<cgt::GameId> games;
    std::vector<const char*> list;
    for (int k = 0; k < 1 + i % 6; ++k) {
      list.push_back(parts[rng() % std::size(parts)]);
      games.push_back(Game::parse(list.back()).id());
    }
    CAPTURE(list);
    CHECK(cgt::outcome_of_sum(games) == cgt::outcome(folded(games)));
  }
}

TEST_CASE("the relation of two games is the outcome of their difference", "[cgt]") {
  // G <= H iff G - H is won by Right when Left starts (outcome P or R); G || H iff G - H is
  // won by whoever starts (N). The outcome compares the difference G - H, built and
  // canonicalised, with 0: another computation than comparing G with H.
  support::RandomGames random(13);
  for (int i = 0; i < ROUNDS; ++i) {
    const Game g(random()), h(random());
    CAPTURE(g.str(), h.str());
    const Outcome o = (g - h).outcome();
    CHECK((g <= h) == (o == Outcome::P || o == Outcome::R));
    CHECK((h <= g) == (o == Outcome::P || o == Outcome::L));
    CHECK(g.confused_with(h) == (o == Outcome::N));
    const std::string_view expected = o == Outcome::P ? "=" : o == Outcome::R ? "<" : o == Outcome::L ? ">" : "||";
    CHECK(cgt::relation(g.id(), h.id()) == expected);
  }
}
