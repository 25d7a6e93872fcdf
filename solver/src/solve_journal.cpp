#include "solver/solve_journal.h"

#include "base/atomic_file.h"
#include "base/checksum.h"
#include "base/input_error.h"
#include "catalogue/checked_tsv.h"

#include <fmt/format.h>

#include <charconv>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string_view>

namespace solver {

namespace {

using domineering::Board;
using domineering::Move;
using domineering::Side;

// The images of a position under the symmetries that keep its outcome: image i mirrors the
// columns if bit 0 is set, then the rows if bit 1 is, then (on a square board, i >= 4)
// transposes, which swaps the sides. A move is carried to the image by the same steps.
int image_count(const Board& b) { return b.height() == b.width() ? 8 : 4; }

Board image_board(const Board& b, int i) {
  Board x = b;
  if (i & 1)
    x = x.reflected_horizontally();
  if (i & 2)
    x = x.reflected_vertically();
  if (i >= 4)
    x = x.transposed();
  return x;
}

Side image_side(Side s, int i) { return i >= 4 ? domineering::opponent(s) : s; }

// A placement on an h x w board mirrored across the columns, across the rows, or transposed;
// each step is its own inverse.
Move mirror_columns(Move m, int w) {
  m.col = std::uint8_t(m.side == Side::Left ? w - 1 - m.col : w - 2 - m.col);
  return m;
}
Move mirror_rows(Move m, int h) {
  m.row = std::uint8_t(m.side == Side::Left ? h - 2 - m.row : h - 1 - m.row);
  return m;
}
Move transpose(Move m) { return {m.col, m.row, domineering::opponent(m.side)}; }

// The move on b carried to image i of b, and back.
Move image_move(Move m, const Board& b, int i) {
  if (i & 1)
    m = mirror_columns(m, b.width());
  if (i & 2)
    m = mirror_rows(m, b.height());
  if (i >= 4)
    m = transpose(m);
  return m;
}
Move move_from_image(Move m, const Board& b, int i) {
  if (i >= 4)
    m = transpose(m);
  if (i & 2)
    m = mirror_rows(m, b.height());
  if (i & 1)
    m = mirror_columns(m, b.width());
  return m;
}

std::string index_key(const Board& b, Side s) { return b.text() + (s == Side::Left ? "|v" : "|h"); }

// The index of the least image of (b, s) by index_key, and that key.
std::pair<int, std::string> least(const Board& b, Side s) {
  std::pair<int, std::string> best{0, index_key(b, s)};
  for (int i = 1; i < image_count(b); ++i)
    if (std::string k = index_key(image_board(b, i), image_side(s, i)); k < best.second)
      best = {i, std::move(k)};
  return best;
}

std::string side_word(Side s) { return std::string(domineering::orientation_name(s)); }

class Reader : public catalogue::CheckedTsvReader {
public:
  explicit Reader(std::string name) : CheckedTsvReader("journal", std::move(name)) {}

  // keys, when given, receives each entry's index key (least(...).second), in order.
  std::vector<JournalEntry> read(const std::string& text, std::vector<std::string>* keys = nullptr) {
    const FirstLine first = first_line(text, JOURNAL_MAGIC, "a solve journal");
    const auto field = [&](const char* key) -> long long {
      const auto it = first.fields.find(key);
      return it == first.fields.end() ? -1 : integer(it->second, 1, key);
    };
    const long long version = field("version"), count = field("entries");
    if (version < 0)
      fail(1, "no version");
    if (version != JOURNAL_VERSION)
      fail(1, fmt::format("unsupported journal version {} (this program reads version {})", version, JOURNAL_VERSION));
    if (count < 0)
      fail(1, "no entry count");
    check_checksum(first);

    std::vector<JournalEntry> entries;
    std::unordered_map<std::string, std::size_t> seen;
    const std::size_t line = for_each_row(first.body, JOURNAL_HEADER, [&](std::size_t n, std::string_view row) {
      JournalEntry e = parse_row(row, n);
      std::string key = least(e.board, e.to_move).second;
      if (const auto [it, fresh] = seen.emplace(key, n); !fresh)
        fail(n, fmt::format("the position of line {} again", it->second));
      if (keys != nullptr)
        keys->push_back(std::move(key));
      entries.push_back(std::move(e));
    });
    if (entries.size() != std::size_t(count))
      fail(line, fmt::format("the file holds {} entries but its first line says {}", entries.size(), count));
    return entries;
  }

private:
  JournalEntry parse_row(std::string_view row, std::size_t line) const {
    const std::vector<std::string_view> f = split_tabs(row);
    if (f.size() != 5)
      fail(line, fmt::format("expected 5 tab-separated fields, found {}", f.size()));
    JournalEntry e;
    e.board = board(f[0], line);
    e.to_move = side(f[1], line, "to_move");
    e.to_move_wins = side(f[2], line, "winner") == e.to_move;
    if (f[3] != "-") {
      e.move = parse_move(f[3], line);
      if (!e.to_move_wins)
        fail(line, fmt::format("a winning move '{}' for the side that loses", f[3]));
      if (e.move->side != e.to_move || !e.board.is_legal(*e.move))
        fail(line, fmt::format("move '{}' is not a legal move of the side to move", f[3]));
    }
    const auto [p, ec] = std::from_chars(f[4].data(), f[4].data() + f[4].size(), e.seconds);
    if (ec != std::errc() || p != f[4].data() + f[4].size() || !(e.seconds >= 0))
      fail(line, fmt::format("seconds '{}' is not a number of seconds", f[4]));
    return e;
  }

  // "V r,c" or "H r,c".
  Move parse_move(std::string_view field, std::size_t line) const {
    const std::optional<Move> m = domineering::parse_move(field);
    if (!m)
      fail(line, fmt::format("move '{}' is not of the form 'V r,c' or 'H r,c'", field));
    return *m;
  }
};

} // namespace

namespace {

// The entry for (board, to_move) as its image i, its move carried along.
JournalEntry entry_as_image(const Board& board, Side to_move, bool to_move_wins, std::optional<Move> move, double seconds, int i) {
  JournalEntry e{image_board(board, i), image_side(to_move, i), to_move_wins, std::nullopt, seconds};
  if (move && to_move_wins)
    e.move = image_move(*move, board, i);
  return e;
}

} // namespace

JournalEntry least_image(const Board& board, Side to_move, bool to_move_wins, std::optional<Move> move, double seconds) {
  return entry_as_image(board, to_move, to_move_wins, move, seconds, least(board, to_move).first);
}

void write_journal(const std::vector<JournalEntry>& entries, std::ostream& out) {
  std::string body = std::string(JOURNAL_HEADER) + "\n";
  for (const JournalEntry& e : entries)
    body += fmt::format("{}\t{}\t{}\t{}\t{:.3f}\n", e.board.text(), side_word(e.to_move),
                        side_word(e.to_move_wins ? e.to_move : domineering::opponent(e.to_move)),
                        e.move ? domineering::to_string(*e.move) : std::string("-"), e.seconds);
  out << fmt::format("{} version={} entries={} checksum={:016x}\n", JOURNAL_MAGIC, JOURNAL_VERSION, entries.size(), base::fnv1a64(body));
  out << body;
}

std::vector<JournalEntry> read_journal(std::istream& in, const std::string& name) {
  std::ostringstream all;
  all << in.rdbuf();
  return Reader(name).read(all.str());
}

SolveJournal::SolveJournal(std::string path) : path_(std::move(path)) {
  std::error_code ec;
  if (std::filesystem::exists(path_, ec)) {
    std::ifstream in(path_, std::ios::binary);
    if (!in || std::filesystem::is_directory(path_, ec))
      throw base::InputError(fmt::format("cannot read journal {}", path_));
    std::ostringstream all;
    all << in.rdbuf();
    std::vector<std::string> keys;
    entries_ = Reader(path_).read(all.str(), &keys);
    for (std::size_t i = 0; i < keys.size(); ++i)
      index_.emplace(std::move(keys[i]), i);
    loaded_ = entries_.size();
  } else {
    save_locked(); // no other thread can see this object yet
  }
  saved_at_ = std::chrono::steady_clock::now();
}

std::optional<JournalResult> SolveJournal::lookup(const Board& board, Side to_move) const {
  const auto [i, key] = least(board, to_move);
  std::lock_guard lock(mutex_);
  const auto it = index_.find(key);
  if (it == index_.end())
    return std::nullopt;
  const JournalEntry& e = entries_[it->second];
  JournalResult r{e.to_move_wins, std::nullopt};
  if (e.move)
    r.move = move_from_image(*e.move, board, i);
  return r;
}

bool SolveJournal::record(const Board& board, Side to_move, bool to_move_wins, std::optional<Move> move, double seconds) {
  auto [i, key] = least(board, to_move);
  JournalEntry e = entry_as_image(board, to_move, to_move_wins, move, seconds, i);
  std::lock_guard lock(mutex_);
  if (!index_.emplace(std::move(key), entries_.size()).second)
    return false;
  entries_.push_back(std::move(e));
  dirty_ = true;
  if (std::chrono::duration<double>(std::chrono::steady_clock::now() - saved_at_).count() >= SAVE_SECONDS)
    save_locked();
  return true;
}

bool SolveJournal::has_positions_of(const Board& root) const {
  std::lock_guard lock(mutex_);
  for (const JournalEntry& e : entries_)
    for (int i = 0; i < image_count(root); ++i) {
      const Board image = image_board(root, i);
      if (image.height() != e.board.height() || image.width() != e.board.width())
        continue;
      bool inside = true; // every empty cell of the entry is empty in the image of the root
      for (int r = 0; r < image.height() && inside; ++r)
        inside = (e.board.row(r) & ~image.row(r)) == 0;
      if (inside)
        return true;
    }
  return false;
}

void SolveJournal::save() {
  std::lock_guard lock(mutex_);
  if (dirty_)
    save_locked();
}

void SolveJournal::save_locked() {
  base::write_atomically(path_, [&](std::ostream& out) { write_journal(entries_, out); });
  dirty_ = false;
  saved_at_ = std::chrono::steady_clock::now();
}

std::size_t SolveJournal::size() const {
  std::lock_guard lock(mutex_);
  return entries_.size();
}

} // namespace solver
