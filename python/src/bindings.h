// The pieces of the Python module `domineering` (its extension, domineering._domineering), one
// file each: games (game_bindings.cpp), thermographs (thermograph_bindings.cpp), boards' values
// and the catalogue (board_bindings.cpp), and the solver (solve_bindings.cpp). module.cpp
// ties them together and maps the engine's exceptions to Python's.
#pragma once

#include "catalogue/catalogue.h"
#include "catalogue/default_catalogue.h"
#include "cgt/dyadic.h"
#include "cgt/game.h"
#include "cgt/thermograph_svg.h"

#include <pybind11/pybind11.h>

#include <memory>
#include <string>
#include <vector>

namespace pymodule {

// An exact number as fractions.Fraction.
pybind11::object fraction(const cgt::Dyadic& d);

// A game from what Python code may pass for one: a Game, an int, a dyadic fractions.Fraction,
// or a string in the notation of `domineering game`. Throws TypeError for anything else and
// base::InputError for a string that does not parse.
cgt::Game to_game(pybind11::handle o);

// Thermographs as Python sees them: one or several games' curves, drawn with
// cgt::thermograph_svg; the first curve is the one whose walls the object reports.
struct Thermographs {
  std::vector<cgt::ThermographCurve> curves;
};

// The default catalogue of shapes up to `cells` cells, loaded (or built) once for the process,
// read with `check`: a load is most of the cost of a lookup or a small solve, and the files do
// not change while the process runs.
std::shared_ptr<const catalogue::Catalogue> default_catalogue(int cells, catalogue::Check check);

void bind_games(pybind11::module_& m);
void bind_thermographs(pybind11::module_& m);
void bind_boards(pybind11::module_& m);
void bind_solve(pybind11::module_& m);

} // namespace pymodule
