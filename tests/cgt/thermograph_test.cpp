#include "cgt/game.h"
#include "cgt/thermograph_svg.h"

#include <catch2/catch.hpp>

#include <fstream>
#include <iterator>
#include <string>
#include <vector>

using cgt::Game;

TEST_CASE("stops, mean, temperature and outcome", "[cgt]") {
  // game, left stop, right stop, mean, temperature, outcome; hand calculation and CGSuite
  // (CanonicalShortGameTestCase). {5|0,{3|-10}}: right stop 0 (a max in place of a min gives 3).
  static const struct Row {
    const char* input;
    const char* left_stop;
    const char* right_stop;
    const char* mean;
    const char* temperature;
    const char* outcome;
  } rows[] = {
      {"0", "0", "0", "0", "-1", "P"},
      {"5", "5", "5", "5", "-1", "L"},
      {"-1/2", "-1/2", "-1/2", "-1/2", "-1/2", "R"},
      {"3/8", "3/8", "3/8", "3/8", "-1/8", "L"},
      {"*", "0", "0", "0", "0", "N"},
      {"*8", "0", "0", "0", "0", "N"},
      {"^", "0", "0", "0", "0", "L"},
      {"^*", "0", "0", "0", "0", "N"},
      {"9/8*", "9/8", "9/8", "9/8", "0", "L"},
      {"+-1", "1", "-1", "0", "1", "N"},
      {"{2|0}", "2", "0", "1", "1", "N"},
      {"{5|0,{3|-10}}", "5", "0", "5/2", "5/2", "N"},
      {"{0||0|-1}", "0", "0", "0", "0", "L"},
      {"Miny(2)", "0", "0", "0", "0", "R"},
      {"{3||2*|1*}", "3", "2", "9/4", "3/4", "L"},
      {"{3/2*|1/2||{0|-3},{-1*,{-1/2|-1*}|-5/2}}", "1/2", "-1", "-5/16", "21/16", "N"},
  };
  for (const Row& row : rows) {
    CAPTURE(row.input);
    const Game g = Game::parse(row.input);
    CHECK(g.left_stop().to_string() == row.left_stop);
    CHECK(g.right_stop().to_string() == row.right_stop);
    CHECK(g.mean().to_string() == row.mean);
    CHECK(g.temperature().to_string() == row.temperature);
    CHECK(cgt::to_string(g.outcome()) == row.outcome);
  }
}

TEST_CASE("thermograph walls", "[cgt]") {
  using cgt::Dyadic;
  // {3||2*|1*}: left wall 3 - t up to 3/4, then the mast 9/4; right wall 2 from 0 to 1/2, then
  // 3/2 + t up to 3/4. CGSuite prints it as
  // Thermograph(9/4,[3/4],[0,-1],9/4,[3/4,1/2,0],[0,1,0,1]).
  const auto& th = cgt::thermograph(Game::parse("{3||2*|1*}").id());
  // value at temperature, left wall, right wall
  static const struct Row {
    const char* t;
    const char* left;
    const char* right;
  } rows[] = {{"0", "3", "2"}, {"1/4", "11/4", "2"}, {"1/2", "5/2", "2"}, {"3/4", "9/4", "9/4"}, {"5", "9/4", "9/4"}};
  for (const Row& row : rows) {
    CAPTURE(row.t);
    const Dyadic t = Dyadic::parse(row.t);
    // Below 0 walls depend on the convention for numbers' walls; only t >= 0 is compared.
    if (t >= Dyadic(0))
      CHECK(th.right_wall.at(t).to_string() == row.right);
    CHECK(th.left_wall.at(t).to_string() == row.left);
  }
}

TEST_CASE("thermographs drawn as SVG match their golden files byte for byte", "[cgt]") {
  // name, games drawn (the first states the title; a board's regions after their sum), golden
  // file in tests/cgt/golden/. The sum of the regions +-1, {2|-1/2} and {2*|*||-1/2*|-2*} is hot
  // (temperature 5/4): the board ..#.../..#.../######/.#..../...... of docs/cli.md.
  static const struct Row {
    const char* name;
    std::vector<const char*> games;
  } rows[] = {
      {"number", {"3/2"}},
      {"switch", {"{2|-1}"}},
      {"hot", {"{3||2*|1*}"}},
      {"infinitesimal", {"^*"}},
      {"board", {"+-1 + {2|-1/2} + {2*|*||-1/2*|-2*}", "+-1", "{2|-1/2}", "{2*|*||-1/2*|-2*}"}},
  };
  for (const Row& row : rows) {
    CAPTURE(row.name);
    std::vector<cgt::ThermographCurve> curves;
    for (std::size_t i = 0; i < row.games.size(); ++i)
      curves.push_back(
          {i == 0 ? (row.games.size() > 1 ? "sum" : "game") : std::string("region ") + std::to_string(i), Game::parse(row.games[i]).id()});
    const std::string svg = cgt::thermograph_svg(curves);
    CHECK(svg == cgt::thermograph_svg(curves)); // the same bytes every time
    std::ifstream in(std::string(GOLDEN_DIR) + "/" + row.name + ".svg", std::ios::binary);
    REQUIRE(in);
    const std::string golden((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    CHECK(svg == golden);
  }
}
