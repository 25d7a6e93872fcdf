// Atomic weights and the operations they are built from (Berlekamp, Conway and Guy, Winning Ways
// for your Mathematical Plays, 1982, ch. 8 and 20; Siegel, Combinatorial Game Theory, 2013,
// II.7; the conventions of CGSuite's AtomicWeight).
//   norton_product(G, U)  G.U: G copies of U for an integer G; else { G^L.U + (U + I) |
//                         G^R.U - (U + I) } over U's incentives I (G a number or U > 0).
//   ordinal_sum(G, H)     G:H = { G^L, G:H^L | G^R, G:H^R }.
//   far_star(G)           the least n such that *n is not among G's followers' nimbers plus
//                         one: *far_star(G) is remote from every follower of G.
//   atomic_weight(G)      for G infinitesimally close to 0 (both stops 0): the atomic weight
//                         calculus, aw(G) = { aw(G^L) - 2 | aw(G^R) + 2 }, except in the
//                         eccentric case where that is an integer and G is not confused with the
//                         far star, when it is the least integer n |> every aw(G^L) - 2 (G below
//                         the far star) or the greatest n <| every aw(G^R) + 2 (G above it).
//                         G is atomic when it is all-small, or when G - aw(G).^ lies between
//                         -E and E for E = ^* + (*N : -1) with N the far star rounded up to a
//                         power of two. Not atomic: no weight (nullopt).
// Each call walks the followers once per operation, memoised for the call.
#pragma once

#include "cgt/game_id.h"

#include <optional>

namespace cgt {

GameId norton_product(GameId g, GameId u);
GameId ordinal_sum(GameId g, GameId h);
std::uint32_t far_star(GameId g);
// All-small: every follower with options for one player has options for the other; as
// canonical forms, every number-up-star follower has number part 0.
bool is_all_small(GameId g);
// Both stops 0.
bool is_infinitesimal(GameId g);
std::optional<GameId> atomic_weight(GameId g);
// The same, throwing base::InputError saying why G has none.
GameId defined_atomic_weight(GameId g);

} // namespace cgt
