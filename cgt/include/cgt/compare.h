// Comparison of canonical games: every relation derives from one leq, G <= H iff no G^L >= H
// and no H^R <= G (Conway, On Numbers and Games, 1976, ch. 1). Number-up-star pairs compare in
// closed form, a number against a non-number skips the number's options (number avoidance;
// Siegel, Combinatorial Game Theory, 2013, II.3), and other results are memoised per thread, at
// up to 16 MiB of table per thread that compares. Outcome classes come from comparing with 0.
#pragma once

#include "cgt/game_id.h"

#include <span>
#include <string_view>

namespace cgt {

bool leq(GameId g, GameId h);
inline bool geq(GameId g, GameId h) { return leq(h, g); }
inline bool lt(GameId g, GameId h) { return g != h && leq(g, h); }
inline bool gt(GameId g, GameId h) { return lt(h, g); }
// G || H: neither G <= H nor H <= G.
inline bool confused(GameId g, GameId h) { return !leq(g, h) && !leq(h, g); }
// G's relation to H as printed: "<", ">", "=" or "||" (confused).
std::string_view relation(GameId g, GameId h);

// Outcome classes: L (Left wins whoever starts), R, N (the player to move wins), P.
enum class Outcome { L, R, N, P };

Outcome outcome(GameId g);
std::string_view to_string(Outcome o);

namespace detail {

// A game given by option arrays that has not been interned (the parent being canonicalised).
// Comparisons against it recurse only into real games, so it never needs an id.
struct OptionView {
  std::span<const GameId> left;
  std::span<const GameId> right;
};

bool leq(GameId x, const OptionView& v); // x <= {v.left | v.right}
bool leq(const OptionView& v, GameId y); // {v.left | v.right} <= y

// Three-way comparison of the number parts of two number-up-star games.
int compare_number_parts(GameId g, GameId h);

void clear_leq_cache();

} // namespace detail

} // namespace cgt
