// What every front end of the solver (`domineering solve`, the Python module) sets when its user
// sets nothing, so that both answer alike: the endgame this machine can afford, every setting of
// SolveOptions for a board, and the outcome class from the two first players' results.
#pragma once

#include "solver/domineering_solver.h"

#include "domineering/board.h"

#include <string>
#include <string_view>

namespace solver {

// default_endgame(empty_cells), unless that needs the larger catalogue, not yet built, and the
// memory available is short of its build: then the small endgame, and *warning (when given)
// says why. A solve that works beats a build that fails halfway.
EndgameDefaults affordable_endgame(int empty_cells, std::string* warning = nullptr);

// Every core.
int default_threads();

// SolveOptions as `solve` has them when nothing is given, for this board with this endgame:
// default_threads(), default_table_mib, default_etc_pass_cells, default_component_entries and
// the endgame's exact and attempt cells. No interrupt, no journal.
SolveOptions default_solve_options(const domineering::Board& board, const EndgameDefaults& endgame);

// "L" (Vertical wins whoever starts), "R" (Horizontal does), "N" (the first player wins) or "P"
// (the second player wins).
std::string_view outcome_class(bool vertical_first_wins, bool horizontal_first_wins);

} // namespace solver
