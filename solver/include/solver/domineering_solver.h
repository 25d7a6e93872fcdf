// DomineeringSolver: who wins a Domineering board with perfect play, for a given first player.
// The search is the generic negamax (search.h) over DomineeringPosition with the null window
// (-1, 1), so every result is a win or a loss and every table entry is final; EndgameHooks
// decides positions by move bounds and by CGT values. One WinLossTable is shared by all threads
// and by both first players (the key includes the side to move), and it ages between root
// searches.
//
// Parallelism (TBB): the top SPLIT_PLIES plies are searched Young-Brothers-Wait style: the
// first move of a node is searched alone, then its brothers run as tasks of one task_group;
// split nodes use the table (probe, cut-offs from the children's entries, store) as serial
// ones do;
// the first brother that wins cancels the rest through a chain of stop flags that every search
// below polls. Below the split each task runs the serial search on its own copy of the
// position. With one thread nothing is split, so node counts are deterministic (the bench
// signature); with more, only the winner is guaranteed identical, not the counts or the move.
// With a journal (solve_journal.h) the driver looks up the positions of the top JOURNAL_PLIES
// plies there before searching them and records those it proves; on one thread it then expands
// those plies itself, in order, so that they are positions it sees.
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

// Split nodes are probed and stored in the table and skip the children it decides, like serial
// nodes, but each costs a task per younger brother. Shallow splits leave a thread idle while
// the eldest brothers of the leftmost path are searched alone, which on larger boards is most
// of the time. Measured, 2 threads, Vertical first: 8x8 solved in 5.46 s splitting 5 plies,
// 5.57 s splitting 8, 8.07 s splitting 12; 9x9 in its first 30 s ran at 0.90 million nodes a
// second splitting 5 plies (one thread's rate: the other waited) and 1.62 million splitting 8.
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
// four cells more, at most 512 MiB (7x9 and 8x8, 63 and 64 cells: 32 MiB; 8x9: 128; 9x9 and
// 8x10, 81 and 80: 512). A search
// stores about one 8-byte entry a node (Vertical first, one thread: 7x7 19 thousand, 6x10 348
// thousand, 8x8 539 thousand, 7x9 2.4 million, 8x9 4.1 million), and a larger table than a few
// times that only costs the kernel's zeroing of the pages the keys land on, which are spread
// over all of it. Since the trees halved (the peek, search.h) smaller tables were faster.
// Measured (one thread, wall seconds, alternating runs): 8x8 128 MiB 1.10 to 1.12, 32 MiB 1.04
// to 1.06 (same nodes); 7x9 128 MiB 3.90 to 4.10, 32 MiB 3.71 to 3.81 (34,553 evictions, 606
// more nodes); 8x9 256 MiB 6.26 to 6.54, 128 MiB 6.12, 64 MiB 6.01 to 6.12 (4, 539 and 30,804
// evictions). Large boards keep the cap: 7x12 with 128 MiB made 365 million nodes, with 1 GiB
// 281 million (README), so the cap is not lowered. It was 256 MiB until 512 measured faster on
// 2 threads, Vertical first (search seconds, nodes): 8x10 183.7 s / 696 million against 204.0 /
// 814 million, 9x9 177.3-177.9 s against 179.3-187.3, 7x12 37.1 s against 36.7 (136 and 144
// million nodes), for 0.15 to 0.23 GB more resident memory; the last session's machine found
// 2 GiB slower than 256 MiB, so the best size depends on the machine's caches and TLB.
constexpr std::size_t default_table_mib(int empty_cells) { return grown_with_cells(empty_cells, 52, 4, 4, 512); }

// The enhanced-transposition pass's limit when none is given: none (the pass everywhere) with a
// table under 128 MiB (8x8's default is 32, `bench`'s 64), else no pass at 40 empty cells or
// fewer. There the pass probed every child the screen left before searching any, each probe a
// likely miss in the cache and the TLB once the table is far larger than the cache (on this
// project's 2-core VM a random read takes 145 to 360 ns over 16 MiB or more, about 20 over 8;
// half of the node function's samples in a 9x9 profile sat at the pass's prefetch), while a
// child the pass would settle settles at its own probe, one packing later, and its cut-offs are
// rare (0.3 per cent of its probes on 9x9). Whole 9x9, 2 threads, Vertical first, 512 MiB, runs
// one at a time: 276,279,555 nodes in 254.0 s and 283,315,586 in 269.4 s with the pass
// everywhere; 280,132,583 in 233.4 s and 272,359,869 in 232.4 s with this limit (a switch in a
// throw-away build), 273,870,858 in 244.9 s with this code (0.92 times the time on average);
// 48 cells: 290,625,063 in 257.9 s; 56: 342,685,310 in 234.2 s. With a small table the probes are cheap and the pass
// pays: 7x9, one thread, its 32 MiB default, 1,051,963 nodes in 1.51-1.58 s with the pass
// everywhere, 1,107,905 in 1.74-1.76 s with the limit at 40.
constexpr int default_etc_pass_cells(std::size_t table_mib) { return table_mib >= 128 ? 40 : 0; }

// The component cache's entries (all threads together) when none are given: 2,048 up to 64
// empty cells, doubling every two cells more, at most 16,384. The cache's tuner keeps a bank of
// simulations of a cache of that size, each allocated whole and copied as the bank grows
// (cache/adaptive.h), while boards up to 64 cells make few lookups (one thread, Vertical first:
// 7x8 169, 6x10 453, 8x8 1,185, 7x9 2,630, all without an eviction at 1,024 entries). Measured,
// 8x8, one thread, five runs each in turn: 16,384 entries 0.66-0.67 s of CPU (one run 0.95)
// and 100 MB, 2,048 entries 0.63-0.64 s (one run 0.75) and 61 MB. 9x9 made 98 million lookups
// with 16,384 entries and re-evaluated 771 thousand values, so larger boards keep that size.
constexpr std::size_t default_component_entries(int empty_cells) { return grown_with_cells(empty_cells, 64, 2, 2048, 16384); }

// The CGT endgame `solve` uses when none is given: the size of the catalogue's largest shapes,
// EndgameOptions::exact_cells and EndgameOptions::attempt_cells.
struct EndgameDefaults {
  int catalogue_cells;
  int exact_cells;
  int attempt_cells;
};

// From this many empty cells on, `solve` loads a catalogue of every shape up to 15 cells (built
// once, about a minute on 2 cores and 2.5 GB at the peak, then cached: 396 MB, loaded in about
// 4.5 s, 0.65 GB in memory), values regions of up to 15 cells and tries the split up to 48
// coverable cells. The larger endgame decides positions nearer the root (fewer nodes, and fewer
// of them decided by it: 9x9 on 2 threads, 256 MiB, 497 million nodes and 41.2 million decided
// against 573 and 45.7 with the 12-cell endgame, 0.76 times the time; the README has 8x10 and
// 7x12), and a catalogue that holds every region it values leaves the component cache nothing to
// do. Below, the 12-cell catalogue and EndgameOptions' own limits: those boards are solved in
// seconds, where the load alone would cost more than it saves (8x9, 72 cells: 4,121,472 nodes
// with 48 coverable cells against 4,121,561). Measured on the 9x9 position after V 0,1, H 1,2, V
// 0,7 (75 cells, Horizontal to move), one thread, 1 GiB, two runs side by side (nodes, CPU
// seconds): 12-cell catalogue, 14 and 40 cells 164,177,260 / 219.5 beside 15-cell catalogue, 15
// and 48 149,694,503 / 206.4; 15-cell, 15 and 40 157,748,373 / 205.0 beside 14-cell, 14 and 48
// 157,789,225 / 211.2. With 15 and 56, 149,690,344 nodes; with 16 (valued on demand) and 48,
// 142,875,751 but 1.02 times the CPU of 15 and 56 beside it.
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
  std::optional<domineering::Move> winning_move; // when the first player wins
  bool interrupted = false;                      // then nothing above is known
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

class DomineeringSolver {
public:
  // Throws base::InputError for a table that does not fit in memory or a thread count out of range.
  DomineeringSolver(const catalogue::Catalogue& c, const SolveOptions& options);
  ~DomineeringSolver();

  // Precondition: the board fits MAX_SOLVE_SIDE. progress, if given, is called about every
  // progress_interval seconds from another thread while the search runs.
  SolveResult solve(const domineering::Board& board, domineering::Side first,
                    const std::function<void(const SolveProgress&)>& progress = {}, double progress_interval = 0.5);

  std::size_t table_bytes() const;

private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

} // namespace solver
