// Sums and negatives of canonical games. G + H = { G^L + H, G + H^L | G^R + H, G + H^R }
// (Conway, On Numbers and Games, 1976, ch. 1), canonicalised; a number summand is never moved in
// (number translation theorem: x + H = { x + H^L | x + H^R } for a number x and non-number H,
// already canonical); number-up-stars add in closed form. -G = { -G^R | -G^L } is canonical when
// G is. Sums are memoised per thread with the pair ordered so that g <= h, at up to 16 MiB of
// table per thread that adds; negatives are cached in the record.
#pragma once

#include "cgt/compare.h"
#include "cgt/game_id.h"

#include <span>

namespace cgt {

GameId add(GameId g, GameId h);
GameId neg(GameId g);
inline GameId sub(GameId g, GameId h) { return add(g, neg(h)); }

// The sum of several games, added smallest first (cheap number and infinitesimal parts meet
// early, which keeps intermediate sums simple).
GameId sum(std::span<const GameId> games);

// outcome(sum(games)), with nothing interned when every summand is a number-up-star (most sums
// of a Domineering endgame's regions).
Outcome outcome_of_sum(std::span<const GameId> games);

// Forgets this thread's memoised sums and comparisons (not the interned games or the cached
// negatives and stops), so that benchmarks can time cold operations.
void clear_thread_caches();

} // namespace cgt
