#include "solver/solve_defaults.h"

#include "catalogue/default_catalogue.h"

#include <fmt/format.h>

#include <algorithm>
#include <thread>

namespace solver {

EndgameDefaults affordable_endgame(int empty_cells, std::string* warning) {
  const EndgameDefaults wanted = default_endgame(empty_cells);
  if (wanted.catalogue_cells <= catalogue::SOLVER_MAX_CELLS)
    return wanted;
  const double have = catalogue::available_memory_bytes();
  if (catalogue::default_catalogue_fits(wanted.catalogue_cells, have))
    return wanted;
  if (warning != nullptr)
    *warning = fmt::format("the catalogue of shapes up to {} cells needs about {:.1f} GiB to build and {:.1f} GiB are available; using "
                           "the {}-cell endgame",
                           wanted.catalogue_cells, catalogue::estimated_build_bytes(wanted.catalogue_cells) / double(1 << 30),
                           have / double(1 << 30), catalogue::SOLVER_MAX_CELLS);
  return default_endgame(0);
}

int default_threads() { return std::max(1, int(std::thread::hardware_concurrency())); }

SolveOptions default_solve_options(const domineering::Board& board, const EndgameDefaults& endgame) {
  SolveOptions o;
  o.threads = default_threads();
  o.table_mib = default_table_mib(board.empty_cells());
  o.etc_pass_cells = default_etc_pass_cells(o.table_mib);
  o.endgame.exact_cells = endgame.exact_cells;
  o.endgame.attempt_cells = endgame.attempt_cells;
  o.endgame.component_entries = default_component_entries(board.empty_cells());
  return o;
}

std::string_view outcome_class(bool vertical_first_wins, bool horizontal_first_wins) {
  if (vertical_first_wins && horizontal_first_wins)
    return "N";
  if (!vertical_first_wins && !horizontal_first_wins)
    return "P";
  return vertical_first_wins ? "L" : "R";
}

} // namespace solver
