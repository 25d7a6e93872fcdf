// Every published result for an empty rectangle of at most 64 cells (tests/solver/published_results.tsv,
// which names the sources), solved here and compared. The larger ones are the survey's to check
// (bench/survey.sh).
#include "solver/domineering_solver.h"

#include "catalogue/default_catalogue.h"

#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>
#include <string>

namespace {

struct Published {
  int rows = 0, cols = 0;
  std::string vertical_first; // the winner with Vertical first
  std::string sources;
};

std::vector<Published> published() {
  std::ifstream in(PUBLISHED_RESULTS);
  REQUIRE(in);
  std::vector<Published> out;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#' || line.rfind("rows\t", 0) == 0)
      continue;
    std::istringstream fields(line);
    Published p;
    REQUIRE(fields >> p.rows >> p.cols >> p.vertical_first >> p.sources);
    out.push_back(p);
  }
  return out;
}

} // namespace

TEST_CASE("published winners of empty rectangles of at most 64 cells, solved again", "[solver][published][long]") {
  const catalogue::Catalogue cat = catalogue::load_catalogue("", catalogue::SOLVER_MAX_CELLS, catalogue::Check::values);
  solver::SolveOptions o;
  o.threads = 1;
  o.table_mib = 64;
  solver::DomineeringSolver s(cat, o);
  int solved = 0;
  for (const Published& p : published()) {
    if (p.rows * p.cols > 64)
      continue;
    CAPTURE(p.rows, p.cols, p.sources);
    const solver::SolveResult r = s.solve(domineering::Board(p.rows, p.cols), domineering::Side::Left);
    CHECK((r.first_player_wins ? "vertical" : "horizontal") == p.vertical_first);
    ++solved;
  }
  CHECK(solved == 69); // the rows of the file of at most 64 cells
}
