// Shape: a region of empty cells translated so that its bounding box starts at (0, 0), with
// the same one-word-per-row layout as Board. Two shapes that differ by a horizontal or vertical
// reflection (or both: the 180 degree turn) have the same value; a transposed shape has the
// negated value. ShapeKey packs a shape with at most KEY_CELL_BITS cells of bounding box into
// 128 bits, and canonical_key picks the least key over those symmetries, so each class of
// shapes (and its transpose class, with a sign) is stored once. Larger bounding boxes have no
// key; callers fall back to a slower map for them.
#pragma once

#include "domineering/board.h"

#include <array>
#include <compare>
#include <cstdint>
#include <optional>
#include <string>

namespace domineering {

struct Shape {
  int height = 0;
  int width = 0;
  std::array<RowBits, MAX_SIDE> rows{};

  // The cells set in rows[0..count), moved to the origin. Empty input gives the empty shape.
  static Shape normalised(const RowBits* rows, int count);
  static Shape of(const Board& b) { return normalised(b.rows().data(), b.height()); }

  int cells() const;
  // Whether the cells form one 4-connected piece (the empty shape is not connected).
  bool is_connected() const;
  Shape transposed() const;
  Shape reflected_horizontally() const;
  Shape reflected_vertically() const;
  // Number of placements available to `side`.
  int move_count(Side side) const;

  // Board text of the bounding box: '.' for cells of the shape, '#' elsewhere.
  std::string text() const;
  Board board() const;

  friend bool operator==(const Shape& a, const Shape& b) {
    return a.height == b.height && a.width == b.width && std::equal(a.rows.begin(), a.rows.begin() + a.height, b.rows.begin());
  }
};

// ShapeKey layout (128 bits, lo then hi as one little-endian bit string):
//   bits 0 .. h*w-1    the cells, row-major with stride w (bit r*w + c is cell (r, c))
//   bits 118 .. 122    h - 1
//   bits 123 .. 127    w - 1
inline constexpr int KEY_CELL_BITS = 118;
inline constexpr int KEY_HEIGHT_SHIFT = 118;
inline constexpr int KEY_WIDTH_SHIFT = 123;
static_assert(KEY_WIDTH_SHIFT + 5 == 128 && MAX_SIDE <= 32);

struct ShapeKey {
  std::uint64_t lo = 0;
  std::uint64_t hi = 0;
  friend auto operator<=>(const ShapeKey&, const ShapeKey&) = default;
  std::uint64_t hash() const {
    std::uint64_t h = lo * 0x9E3779B97F4A7C15ULL ^ (hi + 0x632BE59BD9B4E019ULL) * 0xC2B2AE3D27D4EB4FULL;
    return h ^ (h >> 29);
  }
};

// nullopt when the bounding box has more than KEY_CELL_BITS cells.
std::optional<ShapeKey> pack(const Shape& s);
// True when k could have come from pack: the box fits KEY_CELL_BITS and no bit is set past it.
// Keys read from files must pass this before unpack, which trusts its input.
bool is_well_formed(const ShapeKey& k);
Shape unpack(const ShapeKey& k);

// The least key among the shape's four reflections and, when with_transpose, their four
// transposes; `negated` tells whether the least one is a transpose (value = -value(key)).
struct CanonicalKey {
  ShapeKey key;
  bool negated = false;
};
std::optional<CanonicalKey> canonical_key(const Shape& s, bool with_transpose = true);

// What a catalogue reader checks of a stored key, worked out on the key's cells as they lie
// (no Shape unpacked): whether they form one 4-connected region, whether the key is the least
// of its four reflections (canonical_key without the transpose), the cells, and each side's
// placements. Precondition: is_well_formed(k).
struct KeyFacts {
  bool connected = false;
  bool least_reflection = false;
  int cells = 0;
  int left_moves = 0;  // Vertical placements
  int right_moves = 0; // Horizontal placements
};
KeyFacts key_facts(const ShapeKey& k);

} // namespace domineering
