// Plain win/loss minimax over Domineering boards, the reference the bound and value tests check
// against (normal play: the side that cannot move loses).
#pragma once

#include "domineering/board.h"

#include <cstdint>
#include <unordered_map>

namespace domineering::testing {

class Minimax {
public:
  // Does the side to move win? Memoised by the board's Zobrist key (which includes its size),
  // so one Minimax serves boards of any size.
  bool to_move_wins(Board& b, Side side) {
    const std::uint64_t key = b.key() ^ (side == Side::Left ? 0 : 0x9E37'79B9'7F4A'7C15ULL);
    if (auto it = memo_.find(key); it != memo_.end())
      return it->second;
    Move moves[MAX_MOVES];
    const int n = b.moves(side, moves);
    bool wins = false;
    for (int i = 0; i < n && !wins; ++i) {
      b.play(moves[i]);
      wins = !to_move_wins(b, opponent(side));
      b.undo(moves[i]);
    }
    return memo_[key] = wins;
  }

private:
  std::unordered_map<std::uint64_t, bool> memo_;
};

} // namespace domineering::testing
