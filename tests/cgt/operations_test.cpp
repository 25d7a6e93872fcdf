#include "cgt/atomic_weight.h"
#include "cgt/birthday.h"
#include "cgt/cooling.h"
#include "cgt/game.h"
#include "cgt/incentives.h"
#include "cgt/reduced.h"

#include "base/input_error.h"

#include "support/random_games.h"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

using cgt::Game;
using cgt::GameId;

namespace {

GameId parse(const std::string& s) { return cgt::parse_game(s); }

// "{a,b,c}" as CGSuite prints a set of games, parsed into ids ("{}": none).
std::vector<GameId> parse_set(std::string s) {
  REQUIRE(s.front() == '{');
  REQUIRE(s.back() == '}');
  s = s.substr(1, s.size() - 2);
  std::vector<GameId> out;
  int depth = 0;
  std::string item;
  for (const char c : s) {
    if (c == ',' && depth == 0) {
      out.push_back(parse(item));
      item.clear();
      continue;
    }
    depth += c == '{' || c == '(' ? 1 : c == '}' || c == ')' ? -1 : 0;
    item += c;
  }
  if (!item.empty())
    out.push_back(parse(item));
  return cgt::sorted_for_print(out);
}

} // namespace

TEST_CASE("birthday, freezing, atomic weight, reduced canonical form and incentives", "[cgt]") {
  // game, birthday, frozen, atomic weight ("-": not atomic), reduced canonical form, Left's and
  // Right's incentives ("": not compared). Every value is CGSuite's (CanonicalShortGameTestCase).
  static const struct Row {
    const char* game;
    long long birthday;
    const char* frozen;
    const char* atomic_weight;
    const char* reduced;
    const char* left_incentives;
    const char* right_incentives;
  } rows[] = {
      {"0", 0, "0", "0", "0", "{}", "{}"},
      {"5", 5, "5", "-", "5", "{-1}", "{}"},
      {"-1823437481924", 1823437481924, "-1823437481924", "-", "-1823437481924", "{}", "{-1}"},
      {"25/16", 6, "25/16", "-", "25/16", "{-1/16}", "{-1/16}"},
      {"*8", 8, "*8", "0", "0", "{*8,*9,*10,*11,*12,*13,*14,*15}", "{*8,*9,*10,*11,*12,*13,*14,*15}"},
      {"9/8+*", 6, "9/8*", "-", "9/8", "{*}", "{*}"},
      {"^", 2, "^", "1", "0", "{v}", "{^*}"},
      {"v*", 2, "v*", "-1", "0", "{^*}", "{v,v*}"},
      {"6+^*", 8, "6^*", "-", "6", "{v,v*}", "{^*}"},
      {"^*6", 8, "^*6", "1", "0", "{v*6}", "{^*}"},
      {"73/16+v9*8", 27, "73/16v9*8", "-", "73/16", "{^*}", "{v9*8}"},
      {"{0|*||*|||*||||*}", 5, "{0|*||*|||*||||*}", "1", "0", "", ""},
      {"{0||0|v*}", 4, "{0||0|v*}", "1", "0", "", ""},
      {"{0||0|vvv}", 6, "{0||0|v3}", "0", "0", "{{^3|0||0}}", "{{^3,{^3|0}|0}}"},
      {"{^^^|vv}", 5, "{^3|vv}", "{1|0}", "0", "{{^5|0}}", "{{^5|0}}"},
      {"{0||0|-3/2}", 5, "Tiny(3/2)", "0", "0", "{Miny(3/2)}", "{{3/2,{3/2|0}|0}}"},
      {"{0|||0||-1|-3}", 6, "Tiny({3|1})", "0", "0", "{Miny({3|1})}", "{{3Tiny({3|1})|1Tiny({3|1}),{2,{3|1}|0}||0}}"},
      {"{5||3|1|||0||||0}", 8, "Miny({5||3|1})", "0", "0", "", "{Miny({5||3|1})}"},
      {"{1|^^||^}", 5, "{1|^^||^}", "2", "0", "{{{1v|^},{1v||1vv|0}|0,{^|0,{0|-1^^}}}}", "{{1v|^||0}}"},
      {"{1|^^^||^}", 6, "{1|^3||^}", "-", "0", "{{{1v|^^},{1v||1v3|0}|0,{^^|0,{0|-1^3}}}}", "{{1v|^^||0}}"},
      {"{3||2+*|1+*}", 5, "9/4*", "-", "{3||2|1}", "{{2*|1*||0}}", "{{2*|1*||0}}"},
      {"{3/2+*|1/2||{0|-3},{-1+*,{-1/2|-1+*}|-5/2}}", 6, "-5/16*", "-", "{3/2|1/2||{0|-3},{-1/2|-1||-5/2}}", "", ""},
  };
  for (const Row& row : rows) {
    CAPTURE(row.game);
    const GameId g = parse(row.game);
    CHECK(cgt::birthday(g) == row.birthday);
    CHECK(cgt::freeze(g) == parse(row.frozen));
    const auto aw = cgt::atomic_weight(g);
    if (std::string(row.atomic_weight) == "-")
      CHECK_FALSE(aw.has_value());
    else
      CHECK((aw && *aw == parse(row.atomic_weight)));
    CHECK(cgt::reduced_canonical(g) == parse(row.reduced));
    if (*row.left_incentives)
      CHECK(cgt::left_incentives(g) == parse_set(row.left_incentives));
    if (*row.right_incentives)
      CHECK(cgt::right_incentives(g) == parse_set(row.right_incentives));
  }
}

TEST_CASE("cooling, heating, Norton products and ordinal sums", "[cgt]") {
  // expression as CGSuite writes it, the operation, its operand, the result; CGSuite's values
  // (GameTest, CompoundGameTestCase).
  enum class Op { cool, heat, norton, ordinal };
  static const struct Row {
    const char* game;
    Op op;
    const char* operand;
    const char* result;
  } rows[] = {
      {"{3||2+*|1+*}", Op::cool, "0", "{3||2*|1*}"},
      {"{3||2+*|1+*}", Op::cool, "1/4", "{11/4||2|3/2}"},
      {"{3||2+*|1+*}", Op::cool, "1/2", "{5/2|2*}"},
      {"{3||2+*|1+*}", Op::cool, "5/8", "{19/8|17/8}"},
      {"{3||2+*|1+*}", Op::cool, "3/4", "9/4*"},
      {"{3||2+*|1+*}", Op::cool, "70", "9/4"},
      {"{3||2+*|1+*}", Op::heat, "0", "{3||2*|1*}"},
      {"{3||2+*|1+*}", Op::heat, "1/2", "{7/2|||5/2|3/2||+-1/2}"},
      {"{3||2+*|1+*}", Op::heat, "1", "{4|||3|1||0|-2}"},
      {"{3||2+*|1+*}", Op::heat, "-3/4", "9/4*"},
      {"{3||2+*|1+*}", Op::heat, "-1", "9/4"},
      {"{3||2+*|1+*}", Op::heat, "-4", "0"},
      {"{3||2+*|1+*}", Op::heat, "*", "{3*||2|1}"},
      {"0", Op::norton, "^", "0"},
      {"6", Op::norton, "^", "^6"},
      {"-4", Op::norton, "^", "v4"},
      {"1/2", Op::norton, "^", "{^^*|v*}"},
      {"^", Op::norton, "^", "{^^*||0|v4}"},
      {"Tiny(2)", Op::norton, "^", "{^^*||0|v6}"},
      {"1/2", Op::ordinal, "1/4", "9/16"},
      {"*5", Op::ordinal, "*6", "*11"},
      {"+-1", Op::ordinal, "^^", "{1,+-1|-1,{1,+-1,+-{1,+-1}|-1,+-1}}"},
      {"{1|0}", Op::ordinal, "0", "{1|0}"},
  };
  for (const Row& row : rows) {
    CAPTURE(row.game, int(row.op), row.operand);
    const GameId g = parse(row.game), t = parse(row.operand);
    GameId r{};
    switch (row.op) {
    case Op::cool: r = cgt::cool(g, cgt::number_value(t)); break;
    case Op::heat: r = cgt::heat(g, t); break;
    case Op::norton: r = cgt::norton_product(g, t); break;
    case Op::ordinal: r = cgt::ordinal_sum(g, t); break;
    }
    CHECK(cgt::to_string(r) == cgt::to_string(parse(row.result)));
  }
}

TEST_CASE("cooling by a negative temperature is refused", "[cgt]") {
  CHECK_THROWS_AS(cgt::cool(parse("{1|-1}"), cgt::Dyadic(-1)), base::InputError);
  CHECK_THROWS_WITH(cgt::cool(parse("{1|-1}"), cgt::Dyadic::parse("-1/2")), Catch::Contains("cooling temperature -1/2 is negative"));
  CHECK_THROWS_WITH(cgt::cool(parse("{1|-1}"), parse("-1/2")), Catch::Contains("cooling temperature -1/2 is negative"));
  CHECK_THROWS_WITH(cgt::cool(parse("{1|-1}"), parse("*")), "cooling temperature * is not a number");
  CHECK(cgt::cool(parse("{3||2*|1*}"), parse("1/2")) == cgt::cool(parse("{3||2*|1*}"), cgt::Dyadic::parse("1/2")));
}

TEST_CASE("an atomic weight that is not defined says why", "[cgt]") {
  CHECK(cgt::defined_atomic_weight(parse("^^*")) == parse("2"));
  CHECK_THROWS_WITH(cgt::defined_atomic_weight(parse("1/2")),
                    "1/2 has no atomic weight: it is not infinitesimal (its stops are not both 0)");
  CHECK_THROWS_WITH(cgt::defined_atomic_weight(parse("{1|^^^||^}")),
                    Catch::EndsWith("has no atomic weight: it is infinitesimal but not atomic"));
}

TEST_CASE("cooling a game by its temperature leaves a number plus an infinitesimal", "[cgt]") {
  // Random games born by day 3: the frozen game's stops are both the mean, so it is within an
  // infinitesimal of that number, and above the temperature cooling gives the mean itself.
  support::RandomGames random(2026);
  for (int i = 0; i < 300; ++i) {
    const GameId g = random();
    CAPTURE(cgt::to_string(g));
    const GameId frozen = cgt::freeze(g);
    const GameId m = cgt::number(cgt::mean(g));
    CHECK(cgt::left_stop(frozen) == m);
    CHECK(cgt::right_stop(frozen) == m);
    CHECK(cgt::cool(g, cgt::temperature(g) + cgt::Dyadic(1)) == m);
  }
}

TEST_CASE("the reduced canonical form is infinitesimally close and atomic weights add", "[cgt]") {
  // G - rcf(G) has both stops 0 (infinitesimal) on random games; aw(G + H) = aw(G) + aw(H) for
  // all-small G and H (the atomic weight of a sum, Winning Ways ch. 8).
  support::RandomGames random(77);
  for (int i = 0; i < 200; ++i) {
    const GameId g = random();
    CAPTURE(cgt::to_string(g));
    CHECK(cgt::is_infinitesimal(cgt::sub(g, cgt::reduced_canonical(g))));
  }
  const std::vector<std::string> small = {"^", "^*", "v", "*", "{0||0|v*}", "{0|*||*|||*||||*}", "^^", "{0||0|vvv}", "*3"};
  for (const auto& a : small)
    for (const auto& b : small) {
      CAPTURE(a, b);
      const GameId ga = parse(a), gb = parse(b);
      REQUIRE(cgt::is_all_small(ga));
      const auto wa = cgt::atomic_weight(ga), wb = cgt::atomic_weight(gb), wab = cgt::atomic_weight(cgt::add(ga, gb));
      REQUIRE((wa && wb && wab));
      CHECK(*wab == cgt::add(*wa, *wb));
    }
}
