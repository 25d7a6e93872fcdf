// Parsing and printing of tic-tac-toe positions, and the key recomputed from the board.
#include "solver/tictactoe.h"

#include <stdexcept>

namespace solver {

TicTacToe TicTacToe::parse(std::string_view text) {
  TicTacToe t;
  int square = 0;
  for (const char c : text) {
    if (c == '/')
      continue;
    if (square == SQUARES)
      throw std::invalid_argument("tic-tac-toe board: more than 9 squares in '" + std::string(text) + "'");
    if (c == 'X' || c == 'O')
      t.marks_[c == 'O'] |= std::uint16_t(1u << square);
    else if (c != '.')
      throw std::invalid_argument("tic-tac-toe board: unexpected character '" + std::string(1, c) + "' in '" + std::string(text) + "'");
    ++square;
  }
  if (square != SQUARES)
    throw std::invalid_argument("tic-tac-toe board: " + std::to_string(square) + " squares instead of 9 in '" + std::string(text) + "'");
  const int x = std::popcount(unsigned(t.marks_[0])), o = std::popcount(unsigned(t.marks_[1]));
  if (x != o && x != o + 1)
    throw std::invalid_argument("tic-tac-toe board: " + std::to_string(x) + " X and " + std::to_string(o) +
                                " O cannot arise (X moves first) in '" + std::string(text) + "'");
  t.side_ = x == o ? 0 : 1;
  t.key_ = t.key_from_scratch();
  return t;
}

std::string TicTacToe::str() const {
  std::string s(SQUARES, '.');
  for (int i = 0; i < SQUARES; ++i)
    s[std::size_t(i)] = (marks_[0] >> i & 1) ? 'X' : (marks_[1] >> i & 1) ? 'O' : '.';
  return s;
}

std::uint64_t TicTacToe::key_from_scratch() const {
  std::uint64_t k = side_ == 1 ? KEYS.o_to_move : 0;
  for (int i = 0; i < SQUARES; ++i)
    for (int side = 0; side < 2; ++side)
      if (marks_[std::size_t(side)] >> i & 1)
        k ^= KEYS.square[std::size_t(i)][std::size_t(side)];
  return k;
}

} // namespace solver
