// EndgameHooks: what decides a Domineering position without searching it, asked by the generic
// search at every node it does not settle from the table (game_concept.h, SearchHooks).
//   1. Move bounds (domineering/move_bounds.h): safe moves against the most moves the other side
//      can still make. Costs a few word operations; the verdict is stored in the table all the
//      same (at depth 0, first to be replaced), so that the parent's enhanced transposition
//      cutoffs skip the node the next time it is reached: only where a parent runs that pass
//      (DomineeringPosition::entry_read_by_parent_pass), as the hooks decide a position before
//      its probe and so decide it again at every visit. The same holds for CGT verdicts.
//   2. CGT: once every region of the board has an exact value, the position is their sum G and
//      the side to move wins iff G is not <= 0 (Vertical) or not >= 0 (Horizontal), decided by
//      the CGT engine with no search. Regions of at most the catalogue's size come from the
//      catalogue (O(1)); larger ones of at most exact_cells cells are valued on demand and kept
//      in a bounded component cache (cache/, the regret-adaptive rule), keyed by the canonical
//      shape; a region larger still sends the node back to the search. The split is tried only
//      at positions with at most attempt_cells cells a domino can still cover: above that, a
//      position whose regions are all small is rare and the attempts cost more than they save.
// One EndgameHooks per search thread: the component cache is not shared, so it needs no lock.
#pragma once

#include "solver/domineering_position.h"
#include "solver/game_concept.h"

#include "catalogue/catalogue.h"
#include "domineering/packing_bound.h"
#include "domineering/shape.h"
#include "domineering/shape_memo.h"

#include "cache/adaptive.h"
#include "cache/stats.h"

#include "cgt/game_id.h"

#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>

namespace solver {

struct EndgameOptions {
  bool bounds = true;
  bool cgt = true;
  // At a node expected to cut, put first a move after which the packing shows the other side
  // lost, among the first few (search.h, Searcher::winning_at_once).
  bool peek = true;
  // At a node whose moves are all to be searched, refute first every move after which the
  // packing shows the other side to win (search.h, the screen).
  bool screen = true;
  // Regions up to this many cells are valued exactly (catalogue, then the component cache).
  int exact_cells = 14;
  // The split into regions is tried only with at most this many coverable cells. Measured on
  // one thread, Vertical first (nodes, seconds): 8x8 10,568,453 / 6.2 s with no limit,
  // 10,569,034 / 5.5 s with 40, 10,701,493 / 5.0 s with 36, 10,963,725 / 4.4 s with 0; 7x9
  // 13,368,234 / 7.0 s, 13,369,081 / 6.75 s, 13,381,958 / 6.4 s, 13,720,606 / 6.2 s. 40 keeps
  // every node the endgame saves; a lower limit is faster still, as the attempts cost more
  // than the nodes they save, but it gives those nodes back.
  int attempt_cells = 40;
  // Entries of this thread's component cache.
  std::size_t component_entries = 1 << 14;
};

struct EndgameCounters {
  std::uint64_t asked = 0;
  std::uint64_t bounds_decided = 0;
  std::uint64_t cgt_decided = 0;
  std::uint64_t cgt_too_large = 0; // a region above exact_cells: searched instead
  std::uint64_t cgt_not_tried = 0; // more than attempt_cells coverable cells: not split
  std::uint64_t components_valued = 0; // regions valued on demand (component cache misses)
  std::uint64_t recent_hits = 0;       // regions valued from the recent ones (EndgameHooks)
  std::uint64_t peeked = 0;        // moves tested by lost_after
  std::uint64_t peek_wins = 0;     // ... that it showed to win outright
  std::uint64_t screened = 0;      // moves tested by won_after
  std::uint64_t screen_losses = 0; // ... that it showed to lose outright
  EndgameCounters& operator+=(const EndgameCounters& o);
};

// A component cache entry: the canonical key it belongs to (the cache is keyed by a 64-bit hash
// of it, so the full key is checked on a hit) and the value of that canonical shape.
struct ComponentValue {
  domineering::ShapeKey key;
  std::uint32_t value = 0;
};

class EndgameHooks {
public:
  EndgameHooks(const catalogue::Catalogue& c, const EndgameOptions& options);

  // Asked before the table (search.h, Step 3a): the bounds decide most positions (8x10: 397
  // million of 648 million asked) and the table settles few (15 million of 814 million probes).
  // With it, and the decisions a parent's peek handed down no longer stored (0.1 to 0.3 per cent
  // more nodes: 8x8 539,939 against 539,255, 8x9 4,133,464 against 4,121,565), against neither,
  // one thread, Vertical first: nodes reached in 40 s of 9x9, builds side by side in six pairs,
  // -0.2 to +2.5 per cent a second (1.6 on average); 8x9 1.69-1.71 s against 1.94-2.03, 7x9
  // 1.05-1.06 against 1.15-1.16 (bench/solve.sh, two runs each).
  static constexpr bool DECIDE_BEFORE_PROBE = true;

  std::optional<Decision> decide(const DomineeringPosition& p, int ply, Score alpha, Score beta);
  // Whether lost_after may be asked: with the bounds and `peek` on (search.h, CheapWins).
  bool tells_wins() const { return options_.bounds && options_.peek; }
  // Whether the packing alone shows that the side to move would lose after move m: then the
  // decision decide() gives that child.
  std::optional<Decision> lost_after(const DomineeringPosition& p, DomineeringPosition::Move m);
  // Whether won_after may be asked: with the bounds and `screen` on (search.h, CheapLosses).
  bool tells_losses() const { return options_.bounds && options_.screen; }
  // Whether the packing alone shows that the side to move would win after move m (the other
  // side's packing moving first, with m's two cells filled): then the decision decide() gives
  // that child, the first test decide() makes.
  std::optional<Decision> won_after(const DomineeringPosition& p, DomineeringPosition::Move m);
  // decide() without that first test, for a position won_after has cleared.
  std::optional<Decision> decide_unless_won(const DomineeringPosition& p, int ply, Score alpha, Score beta);

  // The exact value of one region of at most exact_cells cells (catalogue or component cache).
  cgt::GameId region_value(const domineering::Shape& region);

  const EndgameCounters& counters() const { return counters_; }
  const cache::Stats& component_stats() const { return components_->stats(); }
  std::uint64_t component_half_life() const { return components_->half_life(); }

private:
  // The regions valued lately, as they lie (domineering/shape_memo.h). A region the last moves
  // left alone is valued again at every position below them, and in every sibling: on a 9x9
  // subtree (V 0,1 then H 1,2, one thread, 120 s) 9 in 10 lookups of the component cache and
  // most of the catalogue's were such repeats, and answering them here, before the canonical
  // key, the catalogue's hash and the component cache's bank of simulations, raised the rate by
  // about 16 per cent: 55.5 and 55.8 million nodes in the 120 s without, 64.7 million with
  // (60.4 and 61.3 with a first version indexed by the hash's low bits, which hit less).
  static constexpr unsigned RECENT_BITS = 10;
  std::optional<Decision> decide(const DomineeringPosition& p, bool won_tested);
  cgt::GameId catalogue_or_component_value(const domineering::Shape& region);
  cgt::GameId component_value(const domineering::Shape& region);

  const catalogue::Catalogue* catalogue_;
  EndgameOptions options_;
  std::unique_ptr<cache::AdaptiveCache<ComponentValue>> components_;
  domineering::ShapeMemo recent_{RECENT_BITS};
  // The packings the peek (the mover's lines) and the screen (the other side's) count the moves
  // of one node from: one for each node on the search's path, indexed by half its empty cells
  // (every move fills two), and kept while a node's lines are the ones packed. A move's packing
  // from them reads about 4.5 lines in each pass where a whole one reads 9 (9x9), and costs 0.82
  // to 0.87 times as much, base included (bench_domineering, BM_packing_after_each_move).
  static constexpr std::size_t PACKING_BASES = 64;
  struct PackingBases {
    std::array<domineering::PackingBase, PACKING_BASES> peek, screen;
  };
  domineering::PackingBase& packing_base(std::array<domineering::PackingBase, PACKING_BASES>& bases, const DomineeringPosition& p,
                                         domineering::Side side);
  std::unique_ptr<PackingBases> bases_ = std::make_unique<PackingBases>();
  EndgameCounters counters_;
};

} // namespace solver
