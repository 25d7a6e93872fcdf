// Incentives: what a move is worth to the player who makes it (Berlekamp, Conway and Guy,
// Winning Ways for your Mathematical Plays, 1982, ch. 6; Albert, Nowakowski and Wolfe, Lessons in
// Play, 2007, ch. 9). Left's incentives are G^L - G, Right's G - G^R, so that for both players a
// larger incentive is a better move; each list keeps only the incentives no other one of the same
// list exceeds or equals (duplicates once), in the printing order of options (CGSuite's
// leftIncentives, rightIncentives and incentives).
#pragma once

#include "cgt/game_id.h"

#include <vector>

namespace cgt {

std::vector<GameId> left_incentives(GameId g);
std::vector<GameId> right_incentives(GameId g);
// Both lists together, again without dominated ones.
std::vector<GameId> incentives(GameId g);

// The games of `games` that no other one of them is at least (duplicates kept once), in the
// deterministic printing order of options.
std::vector<GameId> undominated(std::vector<GameId> games);

} // namespace cgt
