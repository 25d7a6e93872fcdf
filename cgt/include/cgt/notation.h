// CGSuite-style plain-text notation for canonical games, printed and parsed. Printing follows
// CGSuite's plain text and its option order, so output can be compared with CGSuite's and every
// printed value parses back to the same id. Parsing is bounded (ParseLimits): hostile input
// fails fast with an InputError naming the column, at the price of refusing some legal but
// enormous expressions.
#pragma once

#include "cgt/game_id.h"
#include "cgt/game_store.h"

#include <cstddef>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace cgt {

// A bare option's separator carries at most MAX_BARS - 1 bars; an option that would need more is
// braced instead.
inline constexpr int MAX_BARS = 4;

struct ParseLimits {
  std::size_t max_length = 100'000;
  unsigned max_depth = 200;
  // Typed nimbers and up multiples may go as far as the store holds (detail::MAX_NIMBER and
  // MAX_UPS), so that every value the store can print parses back.
  std::uint32_t max_nimber = detail::MAX_NIMBER;
  std::int64_t max_ups = detail::MAX_UPS;
  // Games the parse may build and comparisons it may make (CreationBudget): a sum of a few
  // dozen switches already has a canonical form of millions of games. Both leave ample room for
  // the largest value the program prints, the empty 6x6 board's (about 3,900 builds and 24,400
  // comparisons).
  std::uint64_t max_builds = 50'000;
  std::uint64_t max_comparisons = 500'000;
};

// Printed forms (ASCII, as CGSuite's plain text): integers and dyadics (-3/4); number-up-stars
// as number, arrows, star (1/2*, ^, ^^, ^3*2, v, vv, v3, 73/16v9*8, *2); G = -G as +-x,
// +-(1*) or +-{a,b}; x + Tiny(G) as xTiny(G) and x + Miny(G) as xMiny(G) (x omitted when 0);
// everything else as { L | R } with nested games written bare and the separator carrying one
// more bar than the deepest bare option ({3||2*|1*}); a list of several options braces its
// compound members, and so does an option that would need MAX_BARS bars. Options are printed
// numbers first, then nimbers, other number-up-stars, then the rest (CGSuite's
// DeterministicOrdering).
std::string to_string(GameId g);

// The games in the order options are printed in (CGSuite's DeterministicOrdering: numbers by
// value, nimbers, other number-up-stars, then general games by their options).
std::vector<GameId> sorted_for_print(std::span<const GameId> games);

// Reads all the printed forms plus sums and differences (a + b - c), unary minus, parentheses,
// the Unicode arrows and "±", and CGSuite's concatenated forms (73/16v9*8, ^*6, 2Tiny(2)).
// "+-" is always the plus-or-minus sign, so "2+-1" is 2 ± 1 = {3|1}. Length and nesting are
// bounded so that hostile input fails with an InputError naming the column instead of
// exhausting the stack.
GameId parse_game(std::string_view text, const ParseLimits& limits = {});

} // namespace cgt
