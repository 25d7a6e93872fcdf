// Thermographs drawn as SVG, the way CGSuite plots them (Berlekamp, Conway and Guy, Winning Ways
// for your Mathematical Plays, 1982, ch. 6): value across with Left's positive values on the
// left, temperature up from 0, one unit of value as long as one of temperature (walls of slope 1
// are at 45 degrees), each wall from its stop at temperature 0 up to the temperature, then the
// mast up past the top of the plot, its top marked by an arrowhead. Labels are exact: the stops
// at the foot of the walls, the mean above the mast and the temperature on the left. Several
// thermographs share one frame (a board's regions and their sum), each in its own colour, with a
// legend. Every coordinate is printed with two decimals from exact values, so the same games
// give the same bytes.
#pragma once

#include "cgt/game_id.h"

#include <span>
#include <string>

namespace cgt {

struct ThermographCurve {
  std::string label; // for the legend, e.g. "sum" or "region at row 0, column 0"
  GameId game;
};

// The first curve is the one the title and description state (its canonical form, stops, mean
// and temperature); the legend appears when there is more than one. Requires curves non-empty.
std::string thermograph_svg(std::span<const ThermographCurve> curves);

} // namespace cgt
