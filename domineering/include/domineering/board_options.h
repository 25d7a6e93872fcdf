// A board's options as a CGT researcher reads them: every placement of each side with the exact
// value of the board it leaves, its incentive, and whether it is dominated, reversible or
// sensible (Berlekamp, Conway and Guy, Winning Ways for your Mathematical Plays, 1982, ch. 2 and 6;
// CGSuite's SensibleOptions). For Left (Vertical), with G the board's value and G^L the option's:
//   incentive   G^L - G (Right: G - G^R), so that for both sides a larger incentive is better
//   dominated   another Left option is strictly greater (Right: strictly smaller)
//   reversible  some Right option of G^L, in canonical form, is at most G (Right: some Left
//               option of G^R is at least G)
//   sensible    G^L is at least one of the canonical Left options of G (Right: at most one of the
//               canonical Right options): a move a player loses nothing by.
// Values come from the shared ValueTable, so each shape is valued once for all options.
#pragma once

#include "domineering/board.h"

#include "cgt/game_id.h"

#include <vector>

namespace domineering {

struct BoardOption {
  Move move;
  cgt::GameId value;     // of the board after the move
  cgt::GameId incentive; // G^L - G or G - G^R
  bool dominated = false;
  bool reversible = false;
  bool sensible = false;
};

// Every placement of `side` on b, in the board's move order, given G, b's value.
std::vector<BoardOption> board_options(const Board& b, Side side, cgt::GameId g);

} // namespace domineering
