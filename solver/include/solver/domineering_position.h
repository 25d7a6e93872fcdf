// DomineeringPosition: a Domineering board and the side to move, as the generic search sees a
// game (game_concept.h). Scores are win/loss only: +1 when the side to move wins, -1 when it
// loses, and the player who cannot move loses. A move is the code row * CODE_STRIDE + column
// of its first cell (the side is the side to move), so boards up to MAX_SOLVE_SIDE on each side
// fit the table's 8-bit move field. The key is the board's Zobrist key with a word XORed in when
// Horizontal is to move.
//
// Move order (the search tries moves in the order generate_moves writes them, after the table's
// move): each placement is scored by the ORDERING formula below and sorted, highest first.
// Placements that kill the opponent's placements come first, those that kill one's own later, and
// safe placements (which the opponent can never take away) last, because they will still be
// there when nothing else is.
#pragma once

#include "solver/score.h"

#include "domineering/board.h"
#include "domineering/move_bounds.h"

#include <algorithm>
#include <bit>
#include <cassert>
#include <cstdint>

namespace solver {

inline constexpr int MAX_SOLVE_SIDE = 16;
inline constexpr int CODE_STRIDE = 16;

// ORDERING: score = OPPONENT_KILL_WEIGHT * (opponent placements the move removes)
//                 - OWN_KILL_WEIGHT * (own placements it removes, itself excluded)
//                 - SAFE_PENALTY * (the move is safe)
inline constexpr int OPPONENT_KILL_WEIGHT = 2;
inline constexpr int OWN_KILL_WEIGHT = 1;
inline constexpr int SAFE_PENALTY = 16;

class DomineeringPosition {
public:
  using Move = std::uint8_t;
  static constexpr std::size_t MAX_MOVES = std::size_t(MAX_SOLVE_SIDE) * (MAX_SOLVE_SIDE - 1);
  static constexpr std::uint32_t MOVE_CODES = std::uint32_t(MAX_SOLVE_SIDE * CODE_STRIDE - 1);
  static constexpr Score MATE_BOUND = 2; // above every score: nothing is converted for the table
  static constexpr Score MAX_SCORE = 1;
  static constexpr std::uint64_t HORIZONTAL_TO_MOVE = 0x6A09'E667'F3BC'C909ULL; // frac(sqrt 2)

  // Precondition: the board fits MAX_SOLVE_SIDE (the CLI checks and refuses larger ones).
  DomineeringPosition(const domineering::Board& b, domineering::Side to_move) : board_(b), side_(to_move) {
    assert(b.height() <= MAX_SOLVE_SIDE && b.width() <= MAX_SOLVE_SIDE);
    key_ = b.key() ^ (to_move == domineering::Side::Right ? HORIZONTAL_TO_MOVE : 0);
  }

  const domineering::Board& board() const { return board_; }
  domineering::Side side_to_move() const { return side_; }

  static domineering::Move decode(Move m, domineering::Side side) {
    return domineering::Move{std::uint8_t(m / CODE_STRIDE), std::uint8_t(m % CODE_STRIDE), side};
  }
  static Move encode(const domineering::Move& m) { return Move(m.row * CODE_STRIDE + m.col); }

  Move* generate_moves(Move* out) const {
    using domineering::RowBits;
    const int h = board_.height();
    RowBits vm[MAX_SOLVE_SIDE + 2] = {}, hm[MAX_SOLVE_SIDE + 2] = {}, safe[MAX_SOLVE_SIDE + 2] = {};
    // Index r + 1 holds row r, so that rows -1 and h read as empty.
    for (int r = 0; r < h; ++r) {
      vm[r + 1] = board_.move_mask(domineering::Side::Left, r);
      hm[r + 1] = board_.move_mask(domineering::Side::Right, r);
    }
    const bool vertical = side_ == domineering::Side::Left;
    for (int r = 0; r < h; ++r) {
      const RowBits here = board_.row(r);
      if (vertical) {
        safe[r + 1] = domineering::horizontal_dead(here);
      } else {
        const RowBits above = r > 0 ? board_.row(r - 1) : 0, below = r + 1 < h ? board_.row(r + 1) : 0;
        safe[r + 1] = here & ~above & ~below;
      }
    }
    int scores[MAX_MOVES];
    Move* begin = out;
    for (int r = 0; r < h; ++r) {
      for (RowBits m = vertical ? vm[r + 1] : hm[r + 1]; m; m &= m - 1) {
        const int c = std::countr_zero(m);
        const RowBits bit = RowBits{1} << c;
        int opp, own;
        bool is_safe;
        if (vertical) {
          const RowBits near = bit | (bit >> 1); // horizontal placements at c-1 and c cover column c
          opp = std::popcount(hm[r + 1] & near) + std::popcount(hm[r + 2] & near);
          own = int((vm[r] & bit) != 0) + int((vm[r + 2] & bit) != 0);
          is_safe = (safe[r + 1] & safe[r + 2] & bit) != 0;
        } else {
          const RowBits cells = bit | (bit << 1);
          opp = std::popcount(vm[r] & cells) + std::popcount(vm[r + 1] & cells);
          own = int((hm[r + 1] & (bit >> 1)) != 0) + int((hm[r + 1] & (bit << 1)) != 0);
          is_safe = (safe[r + 1] & cells) == cells;
        }
        scores[out - begin] = OPPONENT_KILL_WEIGHT * opp - OWN_KILL_WEIGHT * own - (is_safe ? SAFE_PENALTY : 0);
        *out++ = Move(r * CODE_STRIDE + c);
      }
    }
    // Insertion sort, highest score first; stable, so equal scores keep row-major order.
    const int n = int(out - begin);
    for (int i = 1; i < n; ++i) {
      const int s = scores[i];
      const Move mv = begin[i];
      int j = i - 1;
      while (j >= 0 && scores[j] < s) {
        scores[j + 1] = scores[j];
        begin[j + 1] = begin[j];
        --j;
      }
      scores[j + 1] = s;
      begin[j + 1] = mv;
    }
    return out;
  }

  void make(Move m) {
    assert(is_legal(m));
    board_.play(decode(m, side_));
    side_ = domineering::opponent(side_);
    key_ = board_.key() ^ (side_ == domineering::Side::Right ? HORIZONTAL_TO_MOVE : 0);
  }

  void unmake(Move m) {
    side_ = domineering::opponent(side_);
    board_.undo(decode(m, side_));
    key_ = board_.key() ^ (side_ == domineering::Side::Right ? HORIZONTAL_TO_MOVE : 0);
  }

  std::uint64_t key() const { return key_; }
  std::uint64_t key_after(Move m) const {
    const domineering::Move d = decode(m, side_);
    const int r2 = d.side == domineering::Side::Left ? d.row + 1 : d.row;
    const int c2 = d.side == domineering::Side::Left ? d.col : d.col + 1;
    return key_ ^ domineering::zobrist(d.row, d.col) ^ domineering::zobrist(r2, c2) ^ HORIZONTAL_TO_MOVE;
  }
  std::uint64_t key_from_scratch() const {
    const domineering::Board fresh = domineering::Board::from_rows(board_.height(), board_.width(), board_.rows().data());
    return fresh.key() ^ (side_ == domineering::Side::Right ? HORIZONTAL_TO_MOVE : 0);
  }

  bool is_terminal() const {
    for (int r = 0; r < board_.height(); ++r)
      if (board_.move_mask(side_, r))
        return false;
    return true;
  }

  // The side to move has no move: it has lost. (There is no depth horizon in a solve.)
  Score score(int /*ply*/) const { return -1; }

  bool is_legal(Move m) const { return m < MOVE_CODES && board_.is_legal(decode(m, side_)); }

private:
  domineering::Board board_;
  domineering::Side side_;
  std::uint64_t key_ = 0;
};

} // namespace solver
