// The reduced canonical form: the simplest game infinitesimally close to G, G modulo the
// infinitesimals (Calistrate, "The reduced canonical form of a game", 1996; Grossman and Siegel,
// "Reductions of partizan games", 2009; Siegel, Combinatorial Game Theory, 2013, II.7). Computed
// as CGSuite computes it: a number-up-star reduces to its number part; any other game is heated
// by * and then every number-plus-star follower x* is replaced by x, canonicalising upwards.
#pragma once

#include "cgt/game_id.h"

namespace cgt {

GameId reduced_canonical(GameId g);

} // namespace cgt
