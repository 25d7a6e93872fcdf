// Board: a Domineering position of up to MAX_SIDE x MAX_SIDE cells, stored as one 32-bit word
// per row with bit c set when cell (r, c) is empty (playable). Move generation is word
// arithmetic: Left (Vertical) may play at (r, c) when bit c is set in rows r and r+1, Right
// (Horizontal) when bits c and c+1 are set in row r. A 64-bit Zobrist key over the filled cells
// is kept up to date by play/undo. The price of fixed words: every Board holds MAX_SIDE rows
// whatever its size. Board text (docs/cli.md): rows top to bottom, separated by '/', by
// CGSuite's '|' or by newlines, '.' empty and '#' filled, or the RxC shorthand.
#pragma once

#include "domineering/side.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace domineering {

inline constexpr int MAX_SIDE = 32;
using RowBits = std::uint32_t;

// A placement: the top cell of a vertical domino or the left cell of a horizontal one.
struct Move {
  std::uint8_t row = 0;
  std::uint8_t col = 0;
  Side side = Side::Left;
  friend bool operator==(const Move&, const Move&) = default;
};

// "V r,c" / "H r,c" with 0-based row and column, e.g. "V 0,3".
std::string to_string(const Move& m);
// The move to_string writes, or nullopt for any other text (row and column below MAX_SIDE).
std::optional<Move> parse_move(std::string_view text);

// Most moves one side can have on a MAX_SIDE x MAX_SIDE board.
inline constexpr int MAX_MOVES = (MAX_SIDE - 1) * MAX_SIDE;

class Board {
public:
  Board() = default;
  // An empty board of the given size; throws InputError outside 1..MAX_SIDE.
  Board(int height, int width);

  // Parses board text or "RxC". Throws InputError naming the row and column of a problem,
  // and refuses oversized boards before allocating anything.
  static Board parse(std::string_view text);
  // A board whose row r has the empty cells set in rows[r]; bits at or beyond width ignored.
  static Board from_rows(int height, int width, const RowBits* rows);

  int height() const { return height_; }
  int width() const { return width_; }
  RowBits row(int r) const { return rows_[std::size_t(r)]; }
  const std::array<RowBits, MAX_SIDE>& rows() const { return rows_; }
  bool is_empty(int r, int c) const { return (rows_[std::size_t(r)] >> c) & 1u; }
  int empty_cells() const;
  std::uint64_t key() const { return key_; }

  // Columns where `side` can play in row r, as a bit mask.
  RowBits move_mask(Side side, int r) const {
    const RowBits here = rows_[std::size_t(r)];
    if (side == Side::Left)
      return r + 1 < height_ ? here & rows_[std::size_t(r) + 1] : 0;
    return here & (here >> 1);
  }
  // Writes the legal moves of `side` into out (capacity MAX_MOVES), returns how many.
  int moves(Side side, Move* out) const;
  bool is_legal(const Move& m) const;

  // Fills both cells of m; requires is_legal(m). undo(m) reverses it exactly.
  void play(const Move& m);
  void undo(const Move& m);

  // Text with '/' between rows (one shell word), or with newlines.
  std::string text(char separator = '/') const;

  // The same position reflected or transposed (width and height swap).
  Board transposed() const;
  Board reflected_horizontally() const; // columns mirrored
  Board reflected_vertically() const;   // rows mirrored

  friend bool operator==(const Board& a, const Board& b) { return a.height_ == b.height_ && a.width_ == b.width_ && a.rows_ == b.rows_; }

private:
  void set_filled(int r, int c);
  void recompute_key();

  int height_ = 0;
  int width_ = 0;
  std::array<RowBits, MAX_SIDE> rows_{};
  std::uint64_t key_ = 0;
};

// The Zobrist key of cell (r, c) being filled. Fixed seeds, so keys are the same every run.
std::uint64_t zobrist(int r, int c);

} // namespace domineering
