// Thermographs of canonical games, exact (Berlekamp, Conway and Guy, Winning Ways for your
// Mathematical Plays, 1982, ch. 6; Siegel, Combinatorial Game Theory, 2013, II.5). A wall is a
// Trajectory: a continuous piecewise-linear function of the temperature t >= -1 with dyadic
// breakpoints and integer slopes. For G not a number, the left scaffold is max over G^L of
// (right wall of G^L) - t, the right scaffold min over G^R of (left wall of G^R) + t; the walls
// follow the scaffolds up to the first t where they meet (the temperature) and continue as one
// vertical mast (the mean). Left walls only have slopes -1 and 0, right walls 0 and +1, so every
// breakpoint stays dyadic. Each game's thermograph is computed once and kept for the process.
#pragma once

#include "cgt/dyadic.h"
#include "cgt/game_id.h"

#include <vector>

namespace cgt {

class Trajectory {
public:
  static Trajectory constant(const Dyadic& v);

  Dyadic at(const Dyadic& t) const;
  // f(t) + slope * t.
  Trajectory tilted(int slope) const;
  static Trajectory max(const Trajectory& f, const Trajectory& g);
  static Trajectory min(const Trajectory& f, const Trajectory& g);
  // The same function up to t0, then constant f(t0) above it.
  Trajectory capped_at(const Dyadic& t0) const;

  // Breakpoints t_0 = -1 < t_1 < ..., the values there, and the slope after each breakpoint.
  const std::vector<Dyadic>& breakpoints() const { return t_; }
  const std::vector<Dyadic>& values() const { return v_; }
  const std::vector<int>& slopes() const { return s_; }

  friend bool operator==(const Trajectory&, const Trajectory&) = default;

private:
  void append(const Dyadic& t, const Dyadic& v, int slope);
  static Trajectory combine(const Trajectory& f, const Trajectory& g, bool take_max);

  std::vector<Dyadic> t_;
  std::vector<Dyadic> v_;
  std::vector<int> s_;
};

// Conventions follow CGSuite: a number's walls are its value for all t >= -1, and its
// temperature is -1/2^k for k/2^k in lowest terms (-1 for integers); a number plus a non-zero
// infinitesimal has temperature 0.
struct Thermograph {
  Trajectory left_wall;
  Trajectory right_wall;
  Dyadic mean;
  Dyadic temperature;
};

const Thermograph& thermograph(GameId g);
Dyadic mean(GameId g);
Dyadic temperature(GameId g);

} // namespace cgt
