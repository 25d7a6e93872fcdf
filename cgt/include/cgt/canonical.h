// Construction of canonical games. from_options is the checked constructor: it takes any
// canonical options and returns the canonical form of { L | R } by removing duplicates, then
// repeating "delete dominated options, bypass reversible ones" to a fixed point (Conway, On
// Numbers and Games, 1976, ch. 10; Siegel, Combinatorial Game Theory, 2013, II.2). Each pass
// compares options pairwise, so the cost grows with the square of the option count.
// Reversibility is tested against the parent through its option arrays, so no temporary parent
// is interned. Results that are numbers or number-up-stars are stored in the compact form,
// whichever way they were built.
#pragma once

#include "cgt/dyadic.h"
#include "cgt/game_id.h"

#include <cstdint>
#include <vector>

namespace cgt {

GameId from_options(std::vector<GameId> left, std::vector<GameId> right);

GameId integer(long long n);
GameId number(const Dyadic& x);
GameId nimber(std::uint32_t n);
GameId up_multiple(std::int64_t n); // n.^ ; negative n gives downs
GameId number_up_star(const Dyadic& x, std::int64_t ups, std::uint32_t nim);

// x + Tiny(G) = { x || x | x - G } and x + Miny(G) = { x + G | x || x } (Berlekamp, Conway and
// Guy, Winning Ways for your Mathematical Plays, 1982, ch. 5).
GameId tiny(GameId g);
GameId miny(GameId g);

} // namespace cgt
