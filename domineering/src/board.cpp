#include "domineering/board.h"

#include "base/input_error.h"

#include <fmt/format.h>

#include <bit>
#include <cctype>
#include <charconv>

namespace domineering {

namespace {

constexpr std::uint64_t splitmix(std::uint64_t x) {
  x += 0x9E3779B97F4A7C15ULL;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
  return x ^ (x >> 31);
}

struct ZobristTable {
  std::array<std::uint64_t, MAX_SIDE * MAX_SIDE> cell{};
  std::array<std::uint64_t, (MAX_SIDE + 1) * (MAX_SIDE + 1)> size{};
  ZobristTable() {
    for (std::size_t i = 0; i < cell.size(); ++i)
      cell[i] = splitmix(0xD0D0'0000ULL + i);
    for (std::size_t i = 0; i < size.size(); ++i)
      size[i] = splitmix(0x5153'0000'0000ULL + i);
  }
};

const ZobristTable& zobrist_table() {
  static const ZobristTable table;
  return table;
}

RowBits full_row(int width) { return width >= 32 ? ~RowBits{0} : (RowBits{1} << width) - 1; }

[[noreturn]] void too_large(long long rows, long long cols) {
  throw base::InputError(fmt::format("board too large: {} rows x {} columns (limit {} x {})", rows, cols, MAX_SIDE, MAX_SIDE));
}

// "RxC" with R, C decimal; nullopt if the text is not of that form.
bool parse_dimensions(std::string_view text, long long& rows, long long& cols) {
  const auto x = text.find('x');
  if (x == std::string_view::npos || x == 0 || x + 1 == text.size())
    return false;
  for (std::size_t i = 0; i < text.size(); ++i)
    if (i != x && !std::isdigit(static_cast<unsigned char>(text[i])))
      return false;
  if (x > 9 || text.size() - x - 1 > 9) // beyond what from_chars reads into a long long safely
    throw base::InputError(
        fmt::format("board too large: {}{} (limit {} x {})", text.substr(0, 32), text.size() > 32 ? "..." : "", MAX_SIDE, MAX_SIDE));
  std::from_chars(text.data(), text.data() + x, rows);
  std::from_chars(text.data() + x + 1, text.data() + text.size(), cols);
  return true;
}

} // namespace

std::uint64_t zobrist(int r, int c) { return zobrist_table().cell[std::size_t(r * MAX_SIDE + c)]; }

std::string to_string(const Move& m) { return fmt::format("{} {},{}", m.side == Side::Left ? 'V' : 'H', m.row, m.col); }

std::optional<Move> parse_move(std::string_view text) {
  if (text.size() < 5 || (text[0] != 'V' && text[0] != 'H') || text[1] != ' ')
    return std::nullopt;
  const std::size_t comma = text.find(',');
  if (comma == std::string_view::npos)
    return std::nullopt;
  int r = -1, c = -1;
  const auto [pr, er] = std::from_chars(text.data() + 2, text.data() + comma, r);
  const auto [pc, ec] = std::from_chars(text.data() + comma + 1, text.data() + text.size(), c);
  if (er != std::errc() || pr != text.data() + comma || ec != std::errc() || pc != text.data() + text.size() || r < 0 || c < 0 ||
      r >= MAX_SIDE || c >= MAX_SIDE)
    return std::nullopt;
  return Move{std::uint8_t(r), std::uint8_t(c), text[0] == 'V' ? Side::Left : Side::Right};
}

Board::Board(int height, int width) : height_(height), width_(width) {
  if (height < 1 || width < 1)
    throw base::InputError(fmt::format("board must have at least one row and one column, got {}x{}", height, width));
  if (height > MAX_SIDE || width > MAX_SIDE)
    too_large(height, width);
  for (int r = 0; r < height; ++r)
    rows_[std::size_t(r)] = full_row(width);
  recompute_key();
}

Board Board::parse(std::string_view text) {
  long long rows = 0, cols = 0;
  if (parse_dimensions(text, rows, cols)) {
    if (rows > MAX_SIDE || cols > MAX_SIDE)
      too_large(rows, cols);
    return Board(int(rows), int(cols));
  }
  // Drop one trailing separator ("../..\n" from a file) but nothing else.
  if (!text.empty() && text.back() == '\n')
    text.remove_suffix(1);
  if (!text.empty() && text.back() == '\r')
    text.remove_suffix(1);
  if (text.empty())
    throw base::InputError("empty board text: expected rows of '.' and '#' separated by '/' (or '|'), or RxC");

  // First pass: measure and validate without storing, so oversized input allocates nothing.
  int row = 0, col = 0, width = -1;
  const auto end_row = [&](std::size_t at) {
    if (col == 0)
      throw base::InputError(fmt::format("row {} is empty (at character {})", row + 1, at + 1));
    if (width < 0)
      width = col;
    else if (col != width)
      throw base::InputError(fmt::format("ragged rows: row {} has {} cells but row 1 has {}", row + 1, col, width));
    ++row;
    col = 0;
  };
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char ch = text[i];
    if (ch == '/' || ch == '|' || ch == '\n') {
      end_row(i);
      if (row >= MAX_SIDE && i + 1 < text.size())
        too_large(row + 1, width);
      continue;
    }
    if (ch == '\r' && i + 1 < text.size() && text[i + 1] == '\n')
      continue;
    if (ch != '.' && ch != '#') {
      const std::string shown = std::isprint(static_cast<unsigned char>(ch))
                                    ? fmt::format("'{}'", ch)
                                    : fmt::format("byte 0x{:02X}", unsigned(static_cast<unsigned char>(ch)));
      throw base::InputError(fmt::format("unexpected character {} at row {}, column {} (expected '.' or '#')", shown, row + 1, col + 1));
    }
    if (++col > MAX_SIDE)
      too_large(row + 1, col);
  }
  end_row(text.size());

  Board b;
  b.height_ = row;
  b.width_ = width;
  int r = 0, c = 0;
  for (char ch : text) {
    if (ch == '/' || ch == '|' || ch == '\n') {
      ++r;
      c = 0;
    } else if (ch == '.') {
      b.rows_[std::size_t(r)] |= RowBits{1} << c++;
    } else if (ch == '#') {
      ++c;
    }
  }
  b.recompute_key();
  return b;
}

Board Board::from_rows(int height, int width, const RowBits* rows) {
  Board b(height, width);
  for (int r = 0; r < height; ++r)
    b.rows_[std::size_t(r)] = rows[r] & full_row(width);
  b.recompute_key();
  return b;
}

int Board::empty_cells() const {
  int n = 0;
  for (int r = 0; r < height_; ++r)
    n += std::popcount(rows_[std::size_t(r)]);
  return n;
}

int Board::moves(Side side, Move* out) const {
  int n = 0;
  for (int r = 0; r < height_; ++r) {
    for (RowBits m = move_mask(side, r); m; m &= m - 1)
      out[n++] = Move{std::uint8_t(r), std::uint8_t(std::countr_zero(m)), side};
  }
  return n;
}

bool Board::is_legal(const Move& m) const {
  if (m.row >= height_ || m.col >= width_)
    return false;
  return (move_mask(m.side, m.row) >> m.col) & 1u;
}

void Board::play(const Move& m) {
  const RowBits bit = RowBits{1} << m.col;
  rows_[m.row] &= ~bit;
  key_ ^= zobrist(m.row, m.col);
  if (m.side == Side::Left) {
    rows_[m.row + 1u] &= ~bit;
    key_ ^= zobrist(m.row + 1, m.col);
  } else {
    rows_[m.row] &= ~(bit << 1);
    key_ ^= zobrist(m.row, m.col + 1);
  }
}

void Board::undo(const Move& m) {
  const RowBits bit = RowBits{1} << m.col;
  rows_[m.row] |= bit;
  key_ ^= zobrist(m.row, m.col);
  if (m.side == Side::Left) {
    rows_[m.row + 1u] |= bit;
    key_ ^= zobrist(m.row + 1, m.col);
  } else {
    rows_[m.row] |= bit << 1;
    key_ ^= zobrist(m.row, m.col + 1);
  }
}

void Board::recompute_key() {
  key_ = zobrist_table().size[std::size_t(height_ * (MAX_SIDE + 1) + width_)];
  for (int r = 0; r < height_; ++r)
    for (int c = 0; c < width_; ++c)
      if (!is_empty(r, c))
        key_ ^= zobrist(r, c);
}

std::string Board::text(char separator) const {
  std::string out;
  out.reserve(std::size_t(height_ * (width_ + 1)));
  for (int r = 0; r < height_; ++r) {
    if (r > 0)
      out += separator;
    for (int c = 0; c < width_; ++c)
      out += is_empty(r, c) ? '.' : '#';
  }
  return out;
}

Board Board::transposed() const {
  Board b;
  b.height_ = width_;
  b.width_ = height_;
  for (int r = 0; r < height_; ++r)
    for (int c = 0; c < width_; ++c)
      if (is_empty(r, c))
        b.rows_[std::size_t(c)] |= RowBits{1} << r;
  b.recompute_key();
  return b;
}

Board Board::reflected_horizontally() const {
  Board b = *this;
  for (int r = 0; r < height_; ++r) {
    RowBits out = 0;
    for (int c = 0; c < width_; ++c)
      if (is_empty(r, c))
        out |= RowBits{1} << (width_ - 1 - c);
    b.rows_[std::size_t(r)] = out;
  }
  b.recompute_key();
  return b;
}

Board Board::reflected_vertically() const {
  Board b = *this;
  for (int r = 0; r < height_; ++r)
    b.rows_[std::size_t(r)] = rows_[std::size_t(height_ - 1 - r)];
  b.recompute_key();
  return b;
}

} // namespace domineering
