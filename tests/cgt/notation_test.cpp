#include "base/input_error.h"
#include "cgt/game.h"
#include "support/random_games.h"

#include <catch2/catch.hpp>

#include <string>

using cgt::Game;

TEST_CASE("printing then parsing gives the same id", "[cgt]") {
  support::RandomGames random(20261130);
  for (int i = 0; i < 2000; ++i) {
    const Game g(random.fresh());
    const std::string text = g.str();
    CAPTURE(text);
    CHECK(Game::parse(text) == g);
  }
}

TEST_CASE("alternative spellings parse to the same game", "[cgt]") {
  // input, equivalent canonical input; CGSuite notation and its Unicode forms
  static const struct Row {
    const char* input;
    const char* same_as;
  } rows[] = {
      {"±1", "+-1"},
      {"\xE2\x86\x91", "^"},
      {"\xE2\x87\x91*", "^^*"},
      {"\xE2\x86\x93", "v"},
      {"\xE2\x87\x93", "vv"},
      {"^^^", "^3"},
      {"vvv*", "v3*"},
      {"^ + ^ + *", "^^*"},
      {"1/2 + *", "1/2*"},
      {"-(1/2)", "-1/2"},
      {"{ 0 | * }", "^"},
      {"+-{1,{2|0}}", "{1,{2|0}|-1,{0|-2}}"},
      {"2 + Tiny(2)", "2Tiny(2)"},
      {"Miny(2)", "-Tiny(2)"},
      {"1 - 1", "0"},
      {"{{1|0}|{2|1}}", "{1|0||2|1}"},
      {"3/4", "{1/2|1}"},
  };
  for (const Row& row : rows) {
    CAPTURE(row.input);
    CHECK(Game::parse(row.input) == Game::parse(row.same_as));
  }
}

TEST_CASE("malformed expressions name the column", "[cgt]") {
  // input, fragment of the message
  static const struct Row {
    const char* input;
    const char* message;
  } rows[] = {
      {"", "column 1: empty expression"},
      {"{0|", "column 1: unclosed '{'"},
      {"0|1}", "column 4: unmatched '}'"},
      {"{0 1|2}", "column 4: unexpected '1'"},
      {"{0|1|2}", "ambiguous braces"},
      {"{0 1}", "expected '|'"},
      {"1/3", "column 1: malformed number '1/3'"},
      {"{,|}", "column 2: expected an option before ','"},
      {"{0,|}", "column 3: expected an option after ','"},
      {"Foo(1)", "column 1: unknown name 'Foo'"},
      {"1 + ", "column 5: expected a game, found end of input"},
      {"#", "column 1: unexpected character '#'"},
      {"^^3", "a count may follow a single arrow only"},
      {"*99999999", "nimber 99999999 is too large"},
      {"{1|0||2|3|4}", "ambiguous braces"},
  };
  for (const Row& row : rows) {
    CAPTURE(row.input);
    REQUIRE_THROWS_AS(Game::parse(row.input), base::InputError);
    REQUIRE_THROWS_WITH(Game::parse(row.input), Catch::Contains(row.message));
  }
}

TEST_CASE("values beyond the store's range are refused", "[cgt]") {
  // Five terms of 250 ups make 1,250, over the limit of 1,024 (detail::MAX_UPS).
  std::string ups = "^250";
  for (int i = 0; i < 4; ++i)
    ups += "+^250";
  CHECK_THROWS_WITH(Game::parse(ups), Catch::Contains("value out of range: 1250 ups"));
  CHECK_THROWS_WITH(Game::parse("^1025"), Catch::Contains("up multiple 1025 is too large (limit 1024)"));
  CHECK_THROWS_WITH(Game::parse("*64"), Catch::Contains("nimber 64 is too large (limit 63)"));
  CHECK(Game::parse("*63+*62") == Game::parse("*1"));
  // A game whose canonical form would be *64 is refused when it is built, not printed wrong.
  std::string options = "0";
  for (int i = 1; i < 64; ++i)
    options += ",*" + std::to_string(i);
  CHECK_THROWS_WITH(Game::parse("{" + options + "|" + options + "}"), Catch::Contains("value out of range: *64 (limit *63)"));
}

TEST_CASE("exponentially large games are refused, not built", "[cgt]") {
  // A sum of switches +-1 +-2 +-3 ... has a canonical form that doubles with every term.
  std::string sum = "+-1";
  for (int i = 2; i <= 40; ++i)
    sum += "+-" + std::to_string(i);
  CHECK_THROWS_WITH(Game::parse(sum), Catch::Contains("game too complex"));
  CHECK_NOTHROW(Game::parse("+-1+-2+-3")); // small sums still parse
  // Both halves of the budget bind, each with its own message: builds and comparisons.
  // (Values no other test builds: games the store already holds cost nothing to build again.)
  const std::string hot = "+-101+-103+-107+-109+-113+-127";
  cgt::ParseLimits few_builds;
  few_builds.max_builds = 20;
  CHECK_THROWS_WITH(cgt::parse_game(hot, few_builds), Catch::Contains("more games than allowed"));
  cgt::ParseLimits few_comparisons;
  few_comparisons.max_comparisons = 20;
  CHECK_THROWS_WITH(cgt::parse_game(hot, few_comparisons), Catch::Contains("more comparisons than allowed"));
}

TEST_CASE("deep nesting is refused, not a stack overflow", "[cgt]") {
  // depth, whether it must parse
  static const struct Row {
    int depth;
    bool parses;
  } rows[] = {{50, true}, {199, true}, {201, false}, {100000, false}};
  for (const Row& row : rows) {
    CAPTURE(row.depth);
    std::string braces = "0";
    for (int d = 0; d < row.depth; ++d)
      braces = "{" + braces + "|}";
    const std::string parens = std::string(std::size_t(row.depth), '(') + "0" + std::string(std::size_t(row.depth), ')');
    const std::string minus = std::string(std::size_t(row.depth), '-') + "^";
    for (const std::string& text : {braces, parens, minus}) {
      CAPTURE(text.size());
      {
        if (row.parses)
          CHECK_NOTHROW(Game::parse(text));
        else
          CHECK_THROWS_WITH(Game::parse(text), Catch::Contains("nesting deeper") || Catch::Contains("too long"));
      }
    }
  }
}
