// The birthday of a canonical game: 0 for 0, else one more than the latest birthday among its
// options (Conway, On Numbers and Games, 1976, ch. 1; Siegel, Combinatorial Game Theory, 2013,
// I.2). Number-up-stars take a closed form, so that a large number or many ups cost nothing;
// other games are walked once per call, each follower once.
#pragma once

#include "cgt/game_id.h"

#include <cstdint>

namespace cgt {

std::int64_t birthday(GameId g);

} // namespace cgt
