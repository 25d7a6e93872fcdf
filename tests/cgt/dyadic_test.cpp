#include "base/input_error.h"
#include "cgt/dyadic.h"

#include <catch2/catch.hpp>

#include <string>

using cgt::Dyadic;

TEST_CASE("dyadics parse, normalise and print", "[cgt]") {
  // input, printed form; hand calculation
  static const struct Row {
    const char* input;
    const char* printed;
  } rows[] = {
      {"0", "0"},       {"-0", "0"},        {"5", "5"},
      {"-3/4", "-3/4"}, {"+7/8", "7/8"},    {"6/4", "3/2"},
      {"8/8", "1"},     {"-12/16", "-3/4"}, {"123456789012345678901234567890/1024", "61728394506172839450617283945/512"},
  };
  for (const Row& row : rows) {
    CAPTURE(row.input);
    CHECK(Dyadic::parse(row.input).to_string() == row.printed);
    CHECK(Dyadic::parse(Dyadic::parse(row.input).to_string()) == Dyadic::parse(row.input));
  }
}

TEST_CASE("dyadic arithmetic and order are exact", "[cgt]") {
  // a, b, a + b, a - b, a * b, sign of a - b; hand calculation
  static const struct Row {
    const char* a;
    const char* b;
    const char* sum;
    const char* diff;
    const char* product;
    int order;
  } rows[] = {
      {"1/2", "1/4", "3/4", "1/4", "1/8", 1},
      {"-3/4", "3/4", "0", "-3/2", "-9/16", -1},
      {"5", "-1/1024", "5119/1024", "5121/1024", "-5/1024", 1},
      {"7/8", "7/8", "7/4", "0", "49/64", 0},
      {"-1", "-1/2", "-3/2", "-1/2", "1/2", -1},
  };
  for (const Row& row : rows) {
    CAPTURE(row.a, row.b);
    const Dyadic a = Dyadic::parse(row.a), b = Dyadic::parse(row.b);
    CHECK((a + b).to_string() == row.sum);
    CHECK((a - b).to_string() == row.diff);
    CHECK((a * b).to_string() == row.product);
    CHECK(((a <=> b) < 0 ? -1 : (a <=> b) > 0 ? 1 : 0) == row.order);
  }
}

TEST_CASE("the simplest number between two numbers", "[cgt]") {
  // lo (or "" for none), hi (or ""), simplest number strictly between; simplicity rule
  static const struct Row {
    const char* lo;
    const char* hi;
    const char* simplest;
  } rows[] = {
      {"", "", "0"},       {"0", "", "1"},       {"", "0", "-1"},    {"-1", "1", "0"},          {"0", "1", "1/2"},
      {"1/2", "1", "3/4"}, {"3", "7", "4"},      {"-7", "-3", "-4"}, {"1/8", "1/4", "3/16"},    {"", "-5/2", "-3"},
      {"5/2", "", "3"},    {"-1/2", "1/4", "0"}, {"1", "2", "3/2"},  {"0", "1/1024", "1/2048"},
  };
  for (const Row& row : rows) {
    CAPTURE(row.lo, row.hi);
    std::optional<Dyadic> lo, hi;
    if (*row.lo)
      lo = Dyadic::parse(row.lo);
    if (*row.hi)
      hi = Dyadic::parse(row.hi);
    CHECK(Dyadic::simplest_between(lo, hi).to_string() == row.simplest);
  }
}

TEST_CASE("malformed numbers are refused with the text named", "[cgt]") {
  // input, fragment of the message
  static const struct Row {
    const char* input;
    const char* message;
  } rows[] = {
      {"", "expected digits"},           {"1/3", "power of two"},   {"1/0", "power of two"},
      {"x", "unexpected character 'x'"}, {"1/", "expected digits"}, {"--1", "unexpected character '-'"},
  };
  for (const Row& row : rows) {
    CAPTURE(row.input);
    REQUIRE_THROWS_AS(Dyadic::parse(row.input), base::InputError);
    REQUIRE_THROWS_WITH(Dyadic::parse(row.input), Catch::Contains(row.message));
  }
}
