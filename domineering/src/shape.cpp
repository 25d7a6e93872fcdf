#include "domineering/shape.h"

#include <algorithm>
#include <cassert>
#include <bit>

namespace domineering {

namespace {

RowBits reverse_bits(RowBits x, int width) {
  x = ((x >> 1) & 0x55555555u) | ((x & 0x55555555u) << 1);
  x = ((x >> 2) & 0x33333333u) | ((x & 0x33333333u) << 2);
  x = ((x >> 4) & 0x0F0F0F0Fu) | ((x & 0x0F0F0F0Fu) << 4);
  x = __builtin_bswap32(x);
  return x >> (32 - width);
}

// Packs rows in the given order, each optionally bit-reversed: the four reflections of a
// shape without building them.
ShapeKey pack_oriented(const Shape& s, bool flip_rows, bool flip_cols) {
  ShapeKey k;
  int bit = 0;
  for (int i = 0; i < s.height; ++i) {
    const RowBits row = s.rows[std::size_t(flip_rows ? s.height - 1 - i : i)];
    const std::uint64_t v = flip_cols ? reverse_bits(row, s.width) : row;
    if (bit < 64) {
      k.lo |= v << bit;
      if (bit + s.width > 64)
        k.hi |= v >> (64 - bit);
    } else {
      k.hi |= v << (bit - 64);
    }
    bit += s.width;
  }
  k.hi |= std::uint64_t(s.height - 1) << (KEY_HEIGHT_SHIFT - 64);
  k.hi |= std::uint64_t(s.width - 1) << (KEY_WIDTH_SHIFT - 64);
  return k;
}

bool fits_key(const Shape& s) { return s.height > 0 && s.height * s.width <= KEY_CELL_BITS; }

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
  std::array<RowBits, MAX_SIDE> seen{};
  int first = 0;
  while (rows[std::size_t(first)] == 0)
    ++first;
  seen[std::size_t(first)] = rows[std::size_t(first)] & (~rows[std::size_t(first)] + 1);
  for (bool grew = true; grew;) {
    grew = false;
    for (int r = 0; r < height; ++r) {
      RowBits g = seen[std::size_t(r)] | (seen[std::size_t(r)] << 1) | (seen[std::size_t(r)] >> 1);
      if (r > 0)
        g |= seen[std::size_t(r) - 1];
      if (r + 1 < height)
        g |= seen[std::size_t(r) + 1];
      g &= rows[std::size_t(r)];
      if (g != seen[std::size_t(r)]) {
        seen[std::size_t(r)] = g;
        grew = true;
      }
    }
  }
  return std::equal(seen.begin(), seen.begin() + height, rows.begin());
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
  return pack_oriented(s, false, false);
}

bool is_well_formed(const ShapeKey& k) {
  const int height = int((k.hi >> (KEY_HEIGHT_SHIFT - 64)) & 31) + 1;
  const int width = int((k.hi >> (KEY_WIDTH_SHIFT - 64)) & 31) + 1;
  const int used = height * width;
  if (used > KEY_CELL_BITS)
    return false;
  // Bits between the last cell and the header must be clear.
  const std::uint64_t hi_cells = k.hi & ((std::uint64_t{1} << (KEY_HEIGHT_SHIFT - 64)) - 1);
  if (used >= 64)
    return (hi_cells >> (used - 64)) == 0;
  return hi_cells == 0 && (k.lo >> used) == 0;
}

Shape unpack(const ShapeKey& k) {
  assert(is_well_formed(k));
  Shape s;
  s.height = int((k.hi >> (KEY_HEIGHT_SHIFT - 64)) & 31) + 1;
  s.width = int((k.hi >> (KEY_WIDTH_SHIFT - 64)) & 31) + 1;
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

std::optional<CanonicalKey> canonical_key(const Shape& s, bool with_transpose) {
  if (!fits_key(s))
    return std::nullopt;
  CanonicalKey best{pack_oriented(s, false, false), false};
  const auto consider = [&](const ShapeKey& k, bool negated) {
    if (k < best.key)
      best = CanonicalKey{k, negated};
  };
  consider(pack_oriented(s, true, false), false);
  consider(pack_oriented(s, false, true), false);
  consider(pack_oriented(s, true, true), false);
  if (with_transpose) {
    const Shape t = s.transposed();
    for (int v = 0; v < 4; ++v)
      consider(pack_oriented(t, v & 1, v & 2), true);
  }
  return best;
}

} // namespace domineering
