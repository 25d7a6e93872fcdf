#include "cgt/game.h"
#include "support/random_games.h"

#include "base/input_error.h"
#include "base/interrupt.h"

#include <catch2/catch.hpp>
#include <tbb/parallel_for.h>

#include <atomic>
#include <vector>

using namespace cgt;

TEST_CASE("equal games get equal ids whichever way they are built", "[cgt]") {
  // a, b: two spellings of one game; hand calculation
  static const struct Row {
    const char* a;
    const char* b;
  } rows[] = {{"{0|0}", "*"}, {"{-1|1}", "0"}, {"^+v", "0"}, {"*2+*3", "*"}, {"{1|-1}+{1|-1}", "0"}, {"1/2+1/2", "1"}};
  for (const Row& row : rows) {
    CAPTURE(row.a, row.b);
    CHECK(parse_game(row.a) == parse_game(row.b));
  }
}

TEST_CASE("big numbers are exact", "[cgt]") {
  const GameId big = parse_game("123456789012345678901234567890");
  const GameId tiny_number = parse_game("1/1267650600228229401496703205376"); // 2^-100
  CHECK(
      to_string(add(big, tiny_number)) ==
      "156500072693749876333549759454926973536814597484617284976641/1267650600228229401496703205376" /* 123456789012345678901234567890 * 2^100 + 1, by Python */);
  CHECK(sub(add(big, tiny_number), big) == tiny_number);
  CHECK(to_string(add(big, parse_game("^*"))) == "123456789012345678901234567890^*");
  CHECK(leq(tiny_number, parse_game("1/1024")));
  CHECK(!leq(parse_game("1/1024"), tiny_number));
}

TEST_CASE("a creation budget refuses work past its limits, or once its interrupt flag is set", "[cgt]") {
  const GameId g = parse_game("{3||2*|1*}");
  {
    CreationBudget budget(2, 1'000);
    CHECK_THROWS_WITH(add(g, parse_game("{5|4}")), Catch::StartsWith("game too complex"));
  }
  // A sum made nowhere else, so that no cache of sums answers it without building.
  const GameId h = parse_game("{7|6||11/2}");
  std::atomic<bool> stop{true};
  const std::uint32_t before = store().size();
  {
    CreationBudget budget(1'000, 1'000, &stop);
    CHECK_THROWS_AS(add(g, h), base::Interrupted);
    CHECK(store().size() == before); // refused before anything was interned
  }
  stop = false;
  {
    CreationBudget budget(1'000'000, 1'000'000, &stop);
    CHECK(sub(add(g, h), h) == g);
  }
}

TEST_CASE("the store interns consistently from many threads", "[cgt][threads]") {
  // Every thread builds the same sums from the same seeded games; all must agree on every id.
  constexpr int GAMES = 200;
  support::RandomGames random(23);
  std::vector<GameId> games;
  for (int i = 0; i < GAMES; ++i)
    games.push_back(random());
  std::vector<GameId> serial(GAMES * GAMES / 4);
  for (std::size_t i = 0; i < serial.size(); ++i)
    serial[i] = NO_GAME;
  std::vector<std::atomic<std::uint32_t>> parallel(serial.size());
  tbb::parallel_for(std::size_t{0}, serial.size(), [&](std::size_t i) {
    const GameId g = games[i % GAMES], h = games[(i * 7 + 3) % GAMES];
    parallel[i].store(raw(from_options({add(g, h)}, {sub(g, h)})));
  });
  for (std::size_t i = 0; i < serial.size(); ++i) {
    const GameId g = games[i % GAMES], h = games[(i * 7 + 3) % GAMES];
    REQUIRE(parallel[i].load() == raw(from_options({add(g, h)}, {sub(g, h)})));
  }
}
