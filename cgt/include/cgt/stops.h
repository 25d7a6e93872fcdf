// Left and right stops: where play ends when each side stops at the first number (Siegel,
// Combinatorial Game Theory, 2013, II.6): LS(x) = RS(x) = x for a number x, LS(G) = max RS(G^L),
// RS(G) = min LS(G^R). Number-up-stars shortcut to their number part. Results are number ids,
// cached in the game's record, so each game's stops are computed once per process.
#pragma once

#include "cgt/dyadic.h"
#include "cgt/game_id.h"

namespace cgt {

GameId left_stop(GameId g);
GameId right_stop(GameId g);

// The number value of a number game; requires store().is_number(g).
Dyadic number_value(GameId g);

} // namespace cgt
