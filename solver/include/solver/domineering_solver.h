// DomineeringSolver: who wins a Domineering board with perfect play, for a given first player.
// The search is the generic negamax (search.h) over DomineeringPosition with the null window
// (-1, 1), so every result is a win or a loss and every table entry is final; EndgameHooks
// decides positions by move bounds and by CGT values. One WinLossTable is shared by all threads
// and by both first players (the key includes the side to move), and it ages between root
// searches. With more than one thread the top SPLIT_PLIES plies are split Young Brothers Wait
// style over TBB tasks, and only the winner is then guaranteed, not the node count or the move;
// with one nothing is split, so node counts are deterministic (the bench signature). With a
// journal (solve_journal.h) the driver looks up and records the top JOURNAL_PLIES plies.
#pragma once

#include "solver/domineering_endgame.h"
#include "solver/domineering_position.h"
#include "solver/solve_journal.h"
#include "solver/tree_profile.h"
#include "solver/tt_stats.h"

#include "catalogue/catalogue.h"
#include "catalogue/default_catalogue.h"
#include "domineering/board.h"

#include "cache/stats.h"

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>

namespace solver {

// Plies the parallel driver splits: deeper splits cost a task per younger brother at every
// split node, shallower ones leave a thread idle while the eldest brothers of the leftmost path
// are searched alone. Measured when chosen: `git log -S SPLIT_PLIES`.
inline constexpr int SPLIT_PLIES = 8;
// Nodes with fewer empty cells than this are never split: their subtrees are too small to pay
// for a task.
inline constexpr int MIN_SPLIT_CELLS = 24;

// A default size that grows with the board: `base` up to `small` empty cells, doubling every
// `step` cells more (a part step counts), at most `cap`.
constexpr std::size_t grown_with_cells(int empty_cells, int small, int step, std::size_t base, std::size_t cap) {
  if (empty_cells <= small)
    return base;
  const int doublings = (empty_cells - small + step - 1) / step;
  return doublings >= 32 || (base << doublings) >= cap ? cap : base << doublings;
}

// The table size `solve` uses when none is given: 4 MiB up to 52 empty cells, doubling every
// four cells more, at most 512 MiB (8x8: 32 MiB; 8x9: 128; 9x9: 512). A search stores at most
// about one 8-byte entry a node, and a table several times larger only spreads the keys over
// more pages for the kernel to zero and the TLB to map, while the trees of large boards still
// shrink as the table grows. The best size depends on the machine's caches and TLB. Measured:
// bench/results/solve.md, "The defaults against alternatives".
constexpr std::size_t default_table_mib(int empty_cells) { return grown_with_cells(empty_cells, 52, 4, 4, 512); }

// The enhanced-transposition pass's limit when none is given: none (the pass everywhere) with a
// table under 128 MiB (`bench` uses 64), else no pass at 40 empty cells or fewer. Once the
// table is far larger than the cache, each of the pass's probes is a likely cache and TLB miss,
// while a child the pass would settle settles at its own probe one packing later; with a small
// table the probes are cheap and the pass pays. Measured: bench/results/solve.md, "The
// defaults against alternatives".
constexpr int default_etc_pass_cells(std::size_t table_mib) { return table_mib >= 128 ? 40 : 0; }

// The component cache's entries (all threads together) when none are given: 2,048 up to 64
// empty cells, doubling every two cells more, at most 16,384. Boards up to 64 cells make few
// lookups, while the cache's tuner keeps a bank of simulations of a cache of that size, each
// allocated whole and copied as the bank grows (cache/adaptive.h); larger boards need the
// full size. Measured: bench/results/solve.md, "The defaults against alternatives".
constexpr std::size_t default_component_entries(int empty_cells) { return grown_with_cells(empty_cells, 64, 2, 2048, 16384); }

// The CGT endgame `solve` uses when none is given: the size of the catalogue's largest shapes,
// EndgameOptions::exact_cells and EndgameOptions::attempt_cells.
struct EndgameDefaults {
  int catalogue_cells;
  int exact_cells;
  int attempt_cells;
};

// From this many empty cells on, `solve` loads a catalogue of every shape up to 15 cells (built
// once, then cached), values regions of up to 15 cells and tries the split up to 48 coverable
// cells: the larger endgame decides positions nearer the root, and a catalogue that holds every
// region it values leaves the component cache nothing to do. Smaller boards, solved in seconds,
// keep the 12-cell catalogue and EndgameOptions' own limits, as the load would cost more than it
// saves. Measured: bench/results/solve.md, "The defaults against alternatives".
inline constexpr int LARGE_ENDGAME_CELLS = 74;

constexpr EndgameDefaults default_endgame(int empty_cells) {
  if (empty_cells >= LARGE_ENDGAME_CELLS)
    return {15, 15, 48};
  return {catalogue::SOLVER_MAX_CELLS, EndgameOptions{}.exact_cells, EndgameOptions{}.attempt_cells};
}

struct SolveOptions {
  int threads = 1;
  std::size_t table_mib = 256; // 0: no table (plain alpha-beta)
  EndgameOptions endgame;
  // Never search a safe placement while the side to move has another move (Bullock 2002;
  // domineering_position.h): the value is unchanged and the tree smaller.
  bool skip_safe_moves = true;
  // No enhanced-transposition pass (search.h, etc_pass_wanted) at positions of at most this many
  // empty cells; 0: everywhere. See default_etc_pass_cells.
  int etc_pass_cells = 0;
  // Count where the nodes go, ply by ply, into SolveStats::profile (tree_profile.h).
  bool profile = false;
  // Polled by every search; set it (from a signal handler, say) to stop.
  const std::atomic<bool>* interrupt = nullptr;
  // Where proven results near the root are looked up and recorded (solve_journal.h); none when
  // null. Only proofs that took at least journal_min_seconds of wall time are recorded: the
  // others cost less to find again than to keep.
  SolveJournal* journal = nullptr;
  double journal_min_seconds = 1.0;
};

struct SolveStats {
  std::uint64_t nodes = 0;
  double seconds = 0;
  TTStats table;
  // Where the nodes went, by ply from the root (SolveOptions::profile). The root and the nodes
  // the parallel split expands itself are not in it.
  TreeProfile profile;
  EndgameCounters endgame;
  cache::Stats components;
  std::uint64_t component_half_life = 0;
  std::uint64_t journal_hits = 0;     // positions answered from the journal
  std::uint64_t journal_recorded = 0; // positions this solve added to it
};

struct SolveResult {
  domineering::Side first = domineering::Side::Left;
  bool first_player_wins = false;
  std::optional<domineering::Move> winning_move; // when the first player wins and it is known
  bool interrupted = false;                      // then nothing above is known
  // How the root was decided: "search", "journal" (the journal held it), "no-moves" (the first
  // player cannot move), or the name of the rule that decided it without a search (Rule).
  std::string decided_by;
  SolveStats stats;
};

// What a long solve reports while it runs (from a monitoring thread; all fields approximate).
struct SolveProgress {
  std::uint64_t nodes = 0;
  double seconds = 0;
  std::optional<domineering::Move> root_move; // the root move being searched, when known
  std::uint64_t journal_recorded = 0;
};

// Threads a solver accepts: far more than the cores only wastes memory, and the component caches
// are per thread.
inline constexpr int MAX_THREADS = 1024;

// Why a table of this many MiB cannot be had ("exceeds this machine's physical memory (N MiB)",
// "is absurd"), or nothing when it can.
std::optional<std::string> table_size_problem(std::size_t table_mib);

// Throws base::InputError for a board of more than MAX_LARGE_SOLVE_SIDE a side: a front end
// calls it before loading a catalogue for the board, and solve() calls it again.
void check_solvable(const domineering::Board& board);

class DomineeringSolver {
public:
  // Throws base::InputError for a table that does not fit in memory or a thread count out of range.
  DomineeringSolver(const catalogue::Catalogue& c, const SolveOptions& options);
  ~DomineeringSolver();

  // Throws base::InputError when check_solvable does; a solve stopped by SolveOptions::interrupt
  // returns with SolveResult::interrupted. Boards up to MAX_SOLVE_SIDE a side are searched as
  // DomineeringPosition, larger ones as LargeDomineeringPosition, each class with a table of its
  // own made on its first solve. progress, if given, is called about every progress_interval
  // seconds from another thread while the search runs.
  SolveResult solve(const domineering::Board& board, domineering::Side first,
                    const std::function<void(const SolveProgress&)>& progress = {}, double progress_interval = 0.5);

private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

} // namespace solver
