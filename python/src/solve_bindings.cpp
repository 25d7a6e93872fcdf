// domineering.solve(board): who wins with perfect play, as `domineering solve` finds it with its
// defaults (solver/solve_defaults.h), for one first player or both.
#include "bindings.h"
#include "call_guard.h"

#include "solver/domineering_solver.h"
#include "solver/solve_defaults.h"

#include "catalogue/default_catalogue.h"
#include "domineering/board.h"

#include "base/input_error.h"

#include <fmt/format.h>
#include <pybind11/stl.h>

#include <optional>

namespace py = pybind11;

namespace pymodule {

namespace {

struct Run {
  std::string first, winner;
  std::optional<std::string> move; // a winning first move, when the first player wins and it is known
  std::string decided_by;
  std::uint64_t nodes;
  double seconds;
};

struct Solution {
  std::string board;
  std::optional<std::string> outcome; // with both first players
  std::vector<Run> runs;
};

Solution solve(const std::string& text, const std::string& first, int threads, std::optional<long long> tt_mb) {
  if (first != "vertical" && first != "horizontal" && first != "both")
    throw base::InputError(fmt::format("first must be 'vertical', 'horizontal' or 'both', got '{}'", first));
  if (tt_mb && *tt_mb < 0)
    throw base::InputError(fmt::format("tt_mb {} is negative (0: no table)", *tt_mb));
  const domineering::Board board = domineering::Board::parse(text);
  solver::check_solvable(board);
  std::string warning;
  const solver::EndgameDefaults endgame = solver::affordable_endgame(board.empty_cells(), &warning);
  if (!warning.empty() && PyErr_WarnEx(PyExc_ResourceWarning, warning.c_str(), 1) < 0)
    throw py::error_already_set(); // warnings turned into errors
  solver::SolveOptions o = solver::default_solve_options(board, endgame);
  if (threads != 0)
    o.threads = threads;
  if (tt_mb) {
    o.table_mib = std::size_t(*tt_mb);
    o.etc_pass_cells = solver::default_etc_pass_cells(o.table_mib);
  }
  std::vector<solver::SolveResult> results = released([&](const std::atomic<bool>* flag) {
    o.interrupt = flag;
    const auto cat = default_catalogue(endgame.catalogue_cells, catalogue::Check::values); // as `solve` loads it
    solver::DomineeringSolver s(*cat, o);
    std::vector<solver::SolveResult> out;
    for (const domineering::Side side : {domineering::Side::Left, domineering::Side::Right}) {
      if (first == (side == domineering::Side::Left ? "horizontal" : "vertical"))
        continue;
      out.push_back(s.solve(board, side));
      if (out.back().interrupted)
        throw base::Interrupted();
    }
    return out;
  });
  Solution sol{board.text(), std::nullopt, {}};
  for (const solver::SolveResult& r : results) {
    const domineering::Side winner = r.first_player_wins ? r.first : domineering::opponent(r.first);
    sol.runs.push_back({std::string(domineering::orientation_name(r.first)), std::string(domineering::orientation_name(winner)),
                        r.winning_move ? std::optional(domineering::to_string(*r.winning_move)) : std::nullopt, r.decided_by, r.stats.nodes,
                        r.stats.seconds});
  }
  if (results.size() == 2)
    sol.outcome = std::string(solver::outcome_class(results[0].first_player_wins, results[1].first_player_wins));
  return sol;
}

} // namespace

void bind_solve(py::module_& m) {
  py::class_<Run>(m, "Run", "One solve: the first player, the winner and how the root was decided")
      .def_readonly("first", &Run::first)
      .def_readonly("winner", &Run::winner)
      .def_readonly("move", &Run::move, "A winning first move such as 'V 0,1' when the first player wins, else None")
      .def_readonly("decided_by", &Run::decided_by,
                    "'search', 'table', 'journal', 'no-moves', or the rule that decided the root without a search")
      .def_readonly("nodes", &Run::nodes)
      .def_readonly("seconds", &Run::seconds)
      .def("__repr__", [](const Run& r) {
        return fmt::format("Run(first='{}', winner='{}', move={}, decided_by='{}', nodes={})", r.first, r.winner,
                           r.move ? "'" + *r.move + "'" : "None", r.decided_by, r.nodes);
      });
  py::class_<Solution>(m, "Solution", "Who wins a board, for one first player or both")
      .def_readonly("board", &Solution::board)
      .def_readonly("outcome", &Solution::outcome, "With first='both': 'L' (Vertical wins whoever starts), 'R', 'N' or 'P'; else None")
      .def_readonly("runs", &Solution::runs)
      .def_property_readonly(
          "winner", [](const Solution& s) { return s.runs.size() == 1 ? std::optional(s.runs[0].winner) : std::nullopt; },
          "With one first player: 'vertical' or 'horizontal'; else None")
      .def_property_readonly(
          "move", [](const Solution& s) { return s.runs.size() == 1 ? s.runs[0].move : std::nullopt; },
          "With one first player who wins: a winning first move; else None")
      .def("__repr__", [](const Solution& s) {
        return fmt::format("Solution(board='{}', outcome={}, runs={})", s.board, s.outcome ? "'" + *s.outcome + "'" : "None",
                           s.runs.size());
      });
  m.def("solve", &solve, py::arg("board"), py::kw_only(), py::arg("first") = "both", py::arg("threads") = 0, py::arg("tt_mb") = py::none(),
        "Who wins the board with perfect play, as `domineering solve` with its defaults: first is 'vertical', 'horizontal' or "
        "'both'; threads 0 means every core; tt_mb is the table's size in MiB (default: grows with the board; 0: no table)");
}

} // namespace pymodule
