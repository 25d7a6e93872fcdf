#include "solver/survey.h"

#include "catalogue/catalogue.h"
#include "cgt/compare.h"
#include "domineering/value_table.h"

#include "base/input_error.h"

#include <catch2/catch.hpp>

#include <atomic>
#include <sstream>
#include <string>

using domineering::Board;
using domineering::Side;
using solver::SurveyTable;

namespace {

const catalogue::Catalogue& eight() {
  static const catalogue::Catalogue c = catalogue::Catalogue::build(8);
  return c;
}

solver::SolveOptions options() {
  solver::SolveOptions o;
  o.threads = 1;
  o.table_mib = 16;
  return o;
}

std::string outcome_letter(cgt::Outcome o) {
  switch (o) {
  case cgt::Outcome::L: return "L";
  case cgt::Outcome::R: return "R";
  case cgt::Outcome::N: return "N";
  case cgt::Outcome::P: return "P";
  }
  return "?";
}

std::string text_of(const SurveyTable& t) {
  std::ostringstream out;
  t.write(out);
  return out.str();
}

SurveyTable surveyed(int max_rows, int max_cols, double seconds) {
  SurveyTable t;
  solver::SurveyLimits limits;
  limits.max_rows = max_rows;
  limits.max_cols = max_cols;
  limits.seconds_per_board = seconds;
  REQUIRE(solver::run_survey(t, eight(), options(), limits, nullptr, [](const solver::SurveyRow&, int, int) {}));
  return t;
}

} // namespace

TEST_CASE("a survey gives every board up to 5x6 the outcome of its CGT value, and writes back what it reads", "[solver]") {
  const SurveyTable t = surveyed(5, 6, 60);
  REQUIRE(t.rows().size() == 4 * 5);
  for (const solver::SurveyRow& row : t.rows()) {
    CAPTURE(row.rows, row.cols);
    CHECK(row.outcome() == outcome_letter(cgt::outcome(domineering::ValueTable::shared().value(Board(row.rows, row.cols)))));
    // Horizontal first comes from the transposed board when the survey holds it (cols <= 5).
    CHECK((row.first[1].how == "transpose") == (row.cols <= 5));
  }
  std::istringstream in(text_of(t));
  CHECK(text_of(SurveyTable::read(in, "s.tsv")) == text_of(t));
}

TEST_CASE("a survey resumes: known results are kept, unknown ones tried again only with more time", "[solver]") {
  // A limit too short for 5x5 (which takes some search) leaves it unknown; a longer one finds it.
  SurveyTable t = surveyed(5, 5, 1e-9);
  const solver::SurveyRow* five = t.find(5, 5);
  REQUIRE(five != nullptr);
  const bool was_unknown = !five->first[0].known();
  solver::SurveyLimits limits;
  limits.max_rows = 5;
  limits.max_cols = 5;
  limits.seconds_per_board = 60;
  int changed = 0;
  REQUIRE(solver::run_survey(t, eight(), options(), limits, nullptr, [&](const solver::SurveyRow&, int, int) { ++changed; }));
  CHECK(t.find(5, 5)->outcome() == "P");
  if (was_unknown)
    CHECK(changed > 0);
  // Everything is known now: a third run changes nothing.
  changed = 0;
  REQUIRE(solver::run_survey(t, eight(), options(), limits, nullptr, [&](const solver::SurveyRow&, int, int) { ++changed; }));
  CHECK(changed == 0);
}

TEST_CASE("a stopped survey says so", "[solver]") {
  std::atomic<bool> stop{true};
  SurveyTable t;
  solver::SurveyLimits limits;
  limits.max_rows = 4;
  limits.max_cols = 4;
  CHECK_FALSE(solver::run_survey(t, eight(), options(), limits, &stop, [](const solver::SurveyRow&, int, int) {}));
}

TEST_CASE("survey files that fail their checks are refused with the line", "[solver]") {
  const std::string good = text_of(surveyed(3, 3, 60));
  const auto refused = [](const std::string& text) {
    std::istringstream in(text);
    try {
      SurveyTable::read(in, "s.tsv");
    } catch (const base::InputError& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  CHECK(refused(good) == "accepted");
  // text, expected fragment of the message
  static const struct Row {
    std::string text;
    const char* message;
  } rows[] = {
      {"", "survey s.tsv line 1"},
      {"# domineering-journal version=1 entries=0 checksum=0\n", "not a survey table"},
      {good.substr(0, good.size() - 3), "checksum mismatch"},
  };
  for (const Row& row : rows) {
    CAPTURE(row.text);
    CHECK_THAT(refused(row.text), Catch::Contains(row.message));
  }
}

TEST_CASE("the survey's picture is the same for the same table, and shows every board", "[solver]") {
  const SurveyTable t = surveyed(4, 4, 60);
  const std::string svg = solver::survey_svg(t, 4, 4);
  CHECK(svg == solver::survey_svg(t, 4, 4));
  CHECK_THAT(svg, Catch::StartsWith("<svg"));
  CHECK_THAT(svg, Catch::Contains("9 of 9 known"));
}
