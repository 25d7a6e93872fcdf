// SolveJournal: the proven results of the positions near the root of a long solve, kept in a
// file, so that a solve stopped by Ctrl-C or a crash starts again where it was. The driver
// (domineering_solver.cpp) looks up each position of the top JOURNAL_PLIES plies before
// searching it, and records each whose proof took at least SolveOptions::journal_min_seconds.
// A result is a fact about a position, so one journal serves any solves of any boards. Lookups
// are exact, under the symmetries that keep the outcome (reflections; on a square board also
// transposes, with the other side to move): each entry is stored as its least image by text.
// The file is rewritten whole (base::write_atomically) at most once every SAVE_SECONDS and when
// a solve ends, so a stop loses at most that second's results and the work in progress; entries
// are few (at most one per second of proof), so the rewrite is cheap.
#pragma once

#include "domineering/board.h"

#include <chrono>
#include <cstddef>
#include <istream>
#include <mutex>
#include <optional>
#include <ostream>
#include <string>
#include <unordered_map>
#include <vector>

namespace solver {

// Positions at most this many plies below the root are looked up and recorded: on 10x10 those
// four plies in take minutes each, where the whole board takes days. Measured: see
// bench/results/long-solves.md.
inline constexpr int JOURNAL_PLIES = 4;

// File layout (UTF-8 TSV), line by line:
//   line 1   "# domineering-journal version=1 entries=N checksum=H", H = 16 lower-case hex digits
//            of the 64-bit FNV-1a hash (base::fnv1a64) of every byte after line 1
//   line 2   the header row: board to_move winner move seconds (tab-separated)
//   lines 3+ one position per row, in the order recorded: board text with '/' between rows;
//            the side to move and the winner, "vertical" or "horizontal"; a winning move of the
//            side to move ("V r,c" or "H r,c", legal on the board) or "-" when the winner is the
//            other side or the move is not known; the wall seconds its proof took (informative).
// The reader refuses a wrong version, header, count or checksum, a truncated body, a malformed
// row and a position that appears twice, naming the file and line. It cannot check a result
// short of solving it again: a journal is trusted, and `solve` says so when it uses one.
inline constexpr int JOURNAL_VERSION = 1;
inline constexpr const char* JOURNAL_MAGIC = "# domineering-journal";
inline constexpr const char* JOURNAL_HEADER = "board\tto_move\twinner\tmove\tseconds";

struct JournalEntry {
  domineering::Board board; // the least image of the position (see the file comment)
  domineering::Side to_move = domineering::Side::Left;
  bool to_move_wins = false;
  std::optional<domineering::Move> move; // a winning move of to_move on `board`, when known
  double seconds = 0;
};

// What a lookup gives, in the frame of the position asked about.
struct JournalResult {
  bool to_move_wins = false;
  std::optional<domineering::Move> move;
};

// The entry for (board, to_move) stored as its least image, its move carried along.
JournalEntry least_image(const domineering::Board& board, domineering::Side to_move, bool to_move_wins,
                         std::optional<domineering::Move> move, double seconds);

void write_journal(const std::vector<JournalEntry>& entries, std::ostream& out);
// Throws base::InputError naming `name` and the line on any problem.
std::vector<JournalEntry> read_journal(std::istream& in, const std::string& name);

class SolveJournal {
public:
  static constexpr double SAVE_SECONDS = 1.0;

  // Reads `path` when it exists (base::InputError when it fails its checks); otherwise writes
  // an empty journal there at once, so that a path that cannot be written fails before a
  // search rather than after a second of it (std::runtime_error).
  explicit SolveJournal(std::string path);
  SolveJournal(const SolveJournal&) = delete;
  SolveJournal& operator=(const SolveJournal&) = delete;

  // Thread-safe. The result for the side to move in `board`, if the journal has the position.
  std::optional<JournalResult> lookup(const domineering::Board& board, domineering::Side to_move) const;
  // Thread-safe. Adds a proven result and saves when the last save is SAVE_SECONDS old; false
  // (and nothing changed) when the position is there already.
  bool record(const domineering::Board& board, domineering::Side to_move, bool to_move_wins, std::optional<domineering::Move> move,
              double seconds);
  // Thread-safe. Whether some entry is a position of `root`, that is an image of root (as
  // least_image takes them) with only more cells filled: a journal that has none was kept for
  // other boards.
  bool has_positions_of(const domineering::Board& root) const;
  // Thread-safe. Writes the file if anything was recorded since the last save.
  void save();

  const std::string& path() const { return path_; }
  std::size_t size() const;
  std::size_t loaded() const { return loaded_; } // entries read from the file when opened

private:
  void save_locked();

  std::string path_;
  mutable std::mutex mutex_;
  std::vector<JournalEntry> entries_;
  std::unordered_map<std::string, std::size_t> index_; // least image's text and side -> entry
  std::size_t loaded_ = 0;
  bool dirty_ = false;
  std::chrono::steady_clock::time_point saved_at_;
};

} // namespace solver
