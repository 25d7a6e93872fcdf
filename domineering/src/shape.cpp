#include "domineering/shape.h"

#include "domineering/regions.h"

#include <algorithm>
#include <bit>
#include <cassert>

namespace domineering {

namespace {

RowBits reverse_bits(RowBits x, int width) {
  x = ((x >> 1) & 0x55555555u) | ((x & 0x55555555u) << 1);
  x = ((x >> 2) & 0x33333333u) | ((x & 0x33333333u) << 2);
  x = ((x >> 4) & 0x0F0F0F0Fu) | ((x & 0x0F0F0F0Fu) << 4);
  x = __builtin_bswap32(x);
  return x >> (32 - width);
}

bool fits_key(const Shape& s) { return s.height > 0 && s.height * s.width <= KEY_CELL_BITS; }

// A key's box, from its header (any key: callers check the box before trusting it).
int key_height(const ShapeKey& k) { return int((k.hi >> (KEY_HEIGHT_SHIFT - 64)) & 31) + 1; }
int key_width(const ShapeKey& k) { return int((k.hi >> (KEY_WIDTH_SHIFT - 64)) & 31) + 1; }
// The cell bits of a key's high word.
constexpr std::uint64_t HI_CELLS = (std::uint64_t{1} << (KEY_HEIGHT_SHIFT - 64)) - 1;

// A shape's cells as one word W (64 or 128 bits), laid out as a key's cells (row-major, stride
// width): the catalogue's load checks every shape's connectivity and reflections, and word
// operations on the whole shape are several times cheaper there than a loop over its rows per
// step of a flood or per reflection. Boxes of at most 64 cells (every shape of up to 12 cells)
// take the 64-bit word, whose shifts by a variable amount are one instruction.
__extension__ using Cells128 = unsigned __int128;

template <class W>
W cells_of(const Shape& s) {
  W x = 0;
  for (int r = 0; r < s.height; ++r)
    x |= W(s.rows[std::size_t(r)]) << (r * s.width);
  return x;
}

// Column 0 of every row of an h x w box.
template <class W>
W first_column(int h, int w) {
  W first = 0;
  for (int r = 0; r < h; ++r)
    first |= W(1) << (r * w);
  return first;
}

// A flood from the lowest cell, one step in all four directions at a time. `first`:
// first_column(h, w).
template <class W>
bool connected_cells(W cells, int w, W first) {
  const W not_first = ~first, not_last = ~(first << (w - 1));
  W seen = cells & (~cells + 1);
  for (;;) {
    const W grown = (seen | ((seen << 1) & not_first) | ((seen >> 1) & not_last) | (seen << w) | (seen >> w)) & cells;
    if (grown == seen)
      return seen == cells;
    seen = grown;
  }
}

std::uint64_t reverse64(std::uint64_t x) {
  x = ((x >> 1) & 0x5555'5555'5555'5555ULL) | ((x & 0x5555'5555'5555'5555ULL) << 1);
  x = ((x >> 2) & 0x3333'3333'3333'3333ULL) | ((x & 0x3333'3333'3333'3333ULL) << 2);
  x = ((x >> 4) & 0x0F0F'0F0F'0F0F'0F0FULL) | ((x & 0x0F0F'0F0F'0F0F'0F0FULL) << 4);
  return __builtin_bswap64(x);
}

// The n low bits of x in reverse order: a shape of n = h w cells turned half a turn.
std::uint64_t reverse_cells(std::uint64_t x, int n) { return reverse64(x) >> (64 - n); }
Cells128 reverse_cells(Cells128 x, int n) {
  const Cells128 reversed = (Cells128(reverse64(std::uint64_t(x))) << 64) | reverse64(std::uint64_t(x >> 64));
  return reversed >> (128 - n);
}

// The h rows of stride w in reverse order.
template <class W>
W flip_rows(W x, int h, int w) {
  const W row = (W(1) << w) - 1;
  W out = 0;
  for (int r = 0; r < h; ++r)
    out |= ((x >> (r * w)) & row) << ((h - 1 - r) * w);
  return out;
}

template <class W>
ShapeKey key_of(W cells, int h, int w) {
  ShapeKey k;
  k.lo = std::uint64_t(cells);
  if constexpr (sizeof(W) > 8)
    k.hi = std::uint64_t(cells >> 64);
  k.hi |= (std::uint64_t(h - 1) << (KEY_HEIGHT_SHIFT - 64)) | (std::uint64_t(w - 1) << (KEY_WIDTH_SHIFT - 64));
  return k;
}

// The least of the keys of the four reflections of an h x w box's cells. The mirror image
// (columns reversed) is the half turn of the rows reversed: a bit reversal instead of a second
// loop over the rows.
template <class W>
ShapeKey least_reflection(W cells, int h, int w) {
  const W flipped = flip_rows(cells, h, w);
  return std::min(
      {key_of(cells, h, w), key_of(flipped, h, w), key_of(reverse_cells(cells, h * w), h, w), key_of(reverse_cells(flipped, h * w), h, w)});
}

// The same for a shape that fits a key.
ShapeKey least_reflection(const Shape& s) {
  return s.height * s.width <= 64 ? least_reflection(cells_of<std::uint64_t>(s), s.height, s.width)
                                  : least_reflection(cells_of<Cells128>(s), s.height, s.width);
}

template <class W>
KeyFacts key_facts_of(W cells, const ShapeKey& k, int h, int w) {
  KeyFacts f;
  f.least_reflection = least_reflection(cells, h, w) == k;
  const W first = first_column<W>(h, w);
  f.connected = cells != 0 && connected_cells(cells, w, first);
  const W last = first << (w - 1);
  const auto popcount = [](W x) {
    return std::popcount(std::uint64_t(x)) + (sizeof(W) > 8 ? std::popcount(std::uint64_t(x >> 32 >> 32)) : 0);
  };
  f.cells = popcount(cells);
  f.left_moves = popcount(cells & (cells >> w));
  f.right_moves = popcount(cells & (cells >> 1) & ~last);
  return f;
}

} // namespace

Shape Shape::normalised(const RowBits* rows, int count) {
  Shape s;
  int first = 0, last = count - 1;
  while (first < count && rows[first] == 0)
    ++first;
  while (last >= first && rows[last] == 0)
    --last;
  if (first > last)
    return s;
  RowBits all = 0;
  for (int r = first; r <= last; ++r)
    all |= rows[r];
  const int shift = std::countr_zero(all);
  s.height = last - first + 1;
  s.width = 32 - std::countl_zero(all) - shift;
  for (int r = first; r <= last; ++r)
    s.rows[std::size_t(r - first)] = rows[r] >> shift;
  return s;
}

int Shape::cells() const {
  int n = 0;
  for (int r = 0; r < height; ++r)
    n += std::popcount(rows[std::size_t(r)]);
  return n;
}

bool Shape::is_connected() const {
  if (height <= 0 || height > MAX_SIDE || cells() == 0)
    return false;
  RowBits all = 0;
  for (int r = 0; r < height; ++r)
    all |= rows[std::size_t(r)];
  if (height * width <= 128 && width > 0 && width < 32 && (all >> width) == 0)
    return height * width <= 64 ? connected_cells(cells_of<std::uint64_t>(*this), width, first_column<std::uint64_t>(height, width))
                                : connected_cells(cells_of<Cells128>(*this), width, first_column<Cells128>(height, width));
  // Larger boxes: the split's flood a row at a time (regions.h); connected when the first
  // component found is every cell.
  std::array<RowBits, MAX_SIDE> left = rows;
  bool whole = false;
  detail::for_each_component_of(left.data(), height, [&](const RowBits* component, int, int) {
    whole = std::equal(component, component + height, rows.begin());
    return false;
  });
  return whole;
}

Shape Shape::transposed() const {
  Shape t;
  t.height = width;
  t.width = height;
  for (int r = 0; r < height; ++r)
    for (RowBits m = rows[std::size_t(r)]; m; m &= m - 1)
      t.rows[std::size_t(std::countr_zero(m))] |= RowBits{1} << r;
  return t;
}

Shape Shape::reflected_horizontally() const {
  Shape s = *this;
  for (int r = 0; r < height; ++r)
    s.rows[std::size_t(r)] = reverse_bits(rows[std::size_t(r)], width);
  return s;
}

Shape Shape::reflected_vertically() const {
  Shape s = *this;
  for (int r = 0; r < height; ++r)
    s.rows[std::size_t(r)] = rows[std::size_t(height - 1 - r)];
  return s;
}

int Shape::move_count(Side side) const {
  int n = 0;
  for (int r = 0; r < height; ++r) {
    const RowBits here = rows[std::size_t(r)];
    n += std::popcount(side == Side::Left ? (r + 1 < height ? here & rows[std::size_t(r) + 1] : 0) : here & (here >> 1));
  }
  return n;
}

std::string Shape::text() const { return board().text(); }

Board Shape::board() const {
  if (height == 0)
    return Board();
  return Board::from_rows(height, width, rows.data());
}

std::optional<ShapeKey> pack(const Shape& s) {
  if (!fits_key(s))
    return std::nullopt;
  return s.height * s.width <= 64 ? key_of(cells_of<std::uint64_t>(s), s.height, s.width)
                                  : key_of(cells_of<Cells128>(s), s.height, s.width);
}

bool is_well_formed(const ShapeKey& k) {
  const int used = key_height(k) * key_width(k);
  if (used > KEY_CELL_BITS)
    return false;
  // Bits between the last cell and the header must be clear.
  const std::uint64_t hi_cells = k.hi & HI_CELLS;
  if (used >= 64)
    return (hi_cells >> (used - 64)) == 0;
  return hi_cells == 0 && (k.lo >> used) == 0;
}

Shape unpack(const ShapeKey& k) {
  assert(is_well_formed(k));
  Shape s;
  s.height = key_height(k);
  s.width = key_width(k);
  const std::uint64_t mask = (std::uint64_t{1} << s.width) - 1;
  int bit = 0;
  for (int r = 0; r < s.height; ++r) {
    std::uint64_t v;
    if (bit < 64) {
      v = k.lo >> bit;
      if (bit + s.width > 64)
        v |= k.hi << (64 - bit);
    } else {
      v = k.hi >> (bit - 64);
    }
    s.rows[std::size_t(r)] = RowBits(v & mask);
    bit += s.width;
  }
  return s;
}

KeyFacts key_facts(const ShapeKey& k) {
  assert(is_well_formed(k));
  const int h = key_height(k), w = key_width(k);
  if (h * w <= 64)
    return key_facts_of<std::uint64_t>(k.lo, k, h, w);
  return key_facts_of<Cells128>((Cells128(k.hi & HI_CELLS) << 64) | k.lo, k, h, w);
}

std::optional<CanonicalKey> canonical_key(const Shape& s, bool with_transpose) {
  if (!fits_key(s))
    return std::nullopt;
  CanonicalKey best{least_reflection(s), false};
  if (with_transpose)
    if (const ShapeKey t = least_reflection(s.transposed()); t < best.key)
      best = CanonicalKey{t, true};
  return best;
}

} // namespace domineering
