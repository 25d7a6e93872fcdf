// TicTacToe: the article's test game as a Game for the generic search. The board is two 9-bit
// masks; square s is row s / 3, column s % 3; X moves first; moves are generated in the natural
// order 0 to 8, which the article's node counts depend on. A win is worth WIN - ply to the side
// that made it, so every non-zero score counts plies to the end (MATE_BOUND = 1). Keys are
// Zobrist words fixed at compile time from KEY_SEED: the exact counts (minimax, alpha-beta,
// unbounded table) do not depend on them, but bounded tables and false matches do.
#pragma once

#include "solver/score.h"

#include <array>
#include <bit>
#include <cassert>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace solver {

namespace detail {

// splitmix64 (Steele, Lea, Flood 2014): a 64-bit mixer whose outputs pass BigCrush; it turns a
// counter into independent-looking key words.
constexpr std::uint64_t splitmix64(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9E37'79B9'7F4A'7C15u);
  z = (z ^ (z >> 30)) * 0xBF58'476D'1CE4'E5B9u;
  z = (z ^ (z >> 27)) * 0x94D0'49BB'1331'11EBu;
  return z ^ (z >> 31);
}

// Zobrist words of tic-tac-toe: one per (square, mark), one for "O to move".
inline constexpr std::uint64_t TICTACTOE_KEY_SEED = 2026; // the project's fixed seed
struct TicTacToeKeys {
  std::array<std::array<std::uint64_t, 2>, 9> square{}; // [square][0 X, 1 O]
  std::uint64_t o_to_move = 0;
};
constexpr TicTacToeKeys make_tictactoe_keys(std::uint64_t seed) {
  TicTacToeKeys k;
  for (auto& sq : k.square)
    for (auto& w : sq)
      w = splitmix64(seed);
  k.o_to_move = splitmix64(seed);
  return k;
}
inline constexpr TicTacToeKeys TICTACTOE_KEYS = make_tictactoe_keys(TICTACTOE_KEY_SEED);

} // namespace detail

class TicTacToe {
public:
  using Move = std::uint8_t;
  static constexpr int SQUARES = 9;
  static constexpr std::size_t MAX_MOVES = SQUARES;
  static constexpr std::uint32_t MOVE_CODES = SQUARES;
  static constexpr Score WIN = 10; // article: a win is worth 10 - ply to the side that made it
  static constexpr Score MATE_BOUND = 1;
  static constexpr Score MAX_SCORE = WIN;
  static constexpr std::uint64_t KEY_SEED = detail::TICTACTOE_KEY_SEED;

  TicTacToe() = default;

  // Rows top to bottom, '/' between them or none ("X.O/.X./..O" or "X.O.X...O"); 'X', 'O', '.'.
  // The side to move follows from the counts (X moves first). Throws std::invalid_argument on
  // anything else, or counts no game reaches. For tests.
  static TicTacToe parse(std::string_view text);
  std::string str() const; // 9 characters, no separators

  // Writes the empty squares in the order 0 to 8. Precondition: the game is not over.
  Move* generate_moves(Move* out) const {
    for (unsigned empty = ~(marks_[0] | marks_[1]) & FULL; empty != 0; empty &= empty - 1)
      *out++ = Move(std::countr_zero(empty));
    return out;
  }

  // Precondition: is_legal(m).
  void make(Move m) {
    assert(is_legal(m));
    key_ = key_after(m);
    marks_[side_] |= std::uint16_t(1u << m);
    side_ ^= 1;
  }

  // Precondition: m was the last move made.
  void unmake(Move m) {
    side_ ^= 1;
    assert(marks_[side_] >> m & 1);
    marks_[side_] &= std::uint16_t(~(1u << m));
    key_ = key_after(m);
  }

  std::uint64_t key() const { return key_; }
  std::uint64_t key_after(Move m) const { return key_ ^ KEYS.square[m][side_] ^ KEYS.o_to_move; }
  std::uint64_t key_from_scratch() const;

  bool is_terminal() const { return has_line(marks_[0]) || has_line(marks_[1]) || (marks_[0] | marks_[1]) == FULL; }

  // For the side to move: -(WIN - ply) if the opponent has a line, WIN - ply if it has one itself
  // (only in parsed positions), else 0 (a draw, or no evaluation before the end).
  Score score(int ply) const {
    if (has_line(marks_[side_ ^ 1]))
      return -(WIN - ply);
    if (has_line(marks_[side_]))
      return WIN - ply;
    return 0;
  }

  bool is_legal(Move m) const { return m < SQUARES && !((marks_[0] | marks_[1]) >> m & 1) && !is_terminal(); }

  int empty_squares() const { return SQUARES - std::popcount(unsigned(marks_[0] | marks_[1])); }
  int side_to_move() const { return side_; } // 0: X, 1: O

private:
  static constexpr unsigned FULL = (1u << SQUARES) - 1;
  // Rows, columns, diagonals, one bit per square.
  static constexpr std::array<unsigned, 8> LINES{0007, 0070, 0700, 0111, 0222, 0444, 0421, 0124};

  static constexpr bool has_line(unsigned marks) {
    for (const unsigned line : LINES)
      if ((marks & line) == line)
        return true;
    return false;
  }

  static constexpr const detail::TicTacToeKeys& KEYS = detail::TICTACTOE_KEYS;

  std::array<std::uint16_t, 2> marks_{}; // [0] X, [1] O
  int side_ = 0;
  std::uint64_t key_ = 0;
};

} // namespace solver
