// Cooling, heating and freezing (Berlekamp, Conway and Guy, Winning Ways for your Mathematical
// Plays, 1982, ch. 6; Siegel, Combinatorial Game Theory, 2013, II.5-6).
//   cooled by t:  G_t = G for an integer; the mean of G when t exceeds G's temperature; else
//                 { G^L_t - t | G^R_t + t }, canonicalised.
//   heated by t:  the integral of G by t = G for a number; else
//                 { (the integral of G^L) + t | (the integral of G^R) - t }.
//   frozen:       G cooled by its own temperature, a number or infinitesimally close to one.
// Each call walks the followers once (memoised for the call); t is any game for heating, a
// number for cooling. These are CGSuite's Cool, Heat and Freeze.
#pragma once

#include "cgt/dyadic.h"
#include "cgt/game_id.h"

namespace cgt {

// Throws base::InputError when t is negative ("cooling temperature -1 is negative ...").
GameId cool(GameId g, const Dyadic& t);
// The same with t a game: throws base::InputError when t is not a number.
GameId cool(GameId g, GameId t);
GameId heat(GameId g, GameId t);
GameId freeze(GameId g);

} // namespace cgt
