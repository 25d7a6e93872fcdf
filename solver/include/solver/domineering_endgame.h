// EndgameHooks: what decides a Domineering position without searching it, asked by the generic
// search at every position still in play, before the table below the root (game_concept.h,
// SearchHooks; DECIDE_BEFORE_PROBE). First the move bounds (domineering/move_bounds.h): safe
// moves against the most moves the other side can still make, a few word operations. Then the
// CGT endgame: once every region has an exact value (from the catalogue, else valued on demand
// and kept in a bounded component cache), the position is their sum G, and the side to move wins
// iff G is not <= 0 (Vertical) or not >= 0 (Horizontal). A verdict is stored (depth 0, first to
// be replaced) only where a parent's cut-off pass can read it, since the hooks decide a position
// before its probe (DomineeringPosition::entry_read_by_parent_pass). One EndgameHooks per search
// thread: the component cache is not shared, so it needs no lock.
#pragma once

#include "solver/domineering_position.h"
#include "solver/game_concept.h"

#include "catalogue/catalogue.h"
#include "domineering/packing_bound.h"
#include "domineering/shape.h"
#include "domineering/shape_memo.h"

#include "cache/any_cache.h"
#include "cache/any_value_cache.h"
#include "cache/stats.h"

#include "cgt/game_id.h"

#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>

namespace solver {

// The rules that decide a position without a search, each with the name `solve --no-rule NAME`
// and the JSON use. Every one is a proof that the side to move wins or loses (docs/search.md gives
// each argument); each can be switched off alone, and the answer never changes.
enum class Rule : std::uint8_t {
  packing, // Bullock's packing of one side's lines against the other side's cells (packing_bound.h)
  plans,   // the plans of move_bounds.h: sure moves against the other side's most moves
  cgt,     // the exact CGT values of the regions, summed (the catalogue, the component cache)
};
inline constexpr std::array<const char*, 3> RULE_NAMES = {"packing", "plans", "cgt"};
inline constexpr const char* rule_name(Rule r) { return RULE_NAMES[std::size_t(r)]; }

struct EndgameOptions {
  // Decide positions by Bullock's packing (domineering/packing_bound.h).
  bool packing = true;
  // Decide positions by the plans of domineering/move_bounds.h.
  bool plans = true;
  // Decide positions by the CGT values of their regions.
  bool cgt = true;
  // At a node expected to cut, put first a move after which the packing shows the other side
  // lost, among the first few (search.h, Searcher::winning_at_once).
  bool peek = true;
  // At a node whose moves are all to be searched, refute first every move after which the
  // packing shows the other side to win (search.h, the screen).
  bool screen = true;
  // Regions up to this many cells are valued exactly (catalogue, then the component cache); a
  // larger region sends the node back to the search.
  int exact_cells = 14;
  // The split into regions is tried only with at most this many coverable cells: above that, a
  // position whose regions are all small is rare and the attempts cost more than they save.
  // Measured: bench/results/solve.md, "The defaults against alternatives".
  int attempt_cells = 40;
  // Entries of the component cache: of all threads together in SolveOptions::endgame (the
  // solver gives each thread its share), of this thread's cache in EndgameHooks.
  std::size_t component_entries = 1 << 14;
  // The component cache's eviction rule: any online rule of cache/ (any_value_cache.h). The
  // adaptive one is the default; `solve --component-rule` chooses another to measure it.
  cache::RuleSpec component_rule{cache::Rule::adaptive, 0};
};

struct EndgameCounters {
  std::uint64_t asked = 0;
  std::uint64_t packing_decided = 0;
  std::uint64_t plans_decided = 0;
  std::uint64_t cgt_decided = 0;
  std::uint64_t cgt_too_large = 0;     // a region above exact_cells: searched instead
  std::uint64_t cgt_not_tried = 0;     // more than attempt_cells coverable cells: not split
  std::uint64_t components_valued = 0; // regions valued on demand (component cache misses)
  std::uint64_t recent_hits = 0;       // regions valued from the recent ones (EndgameHooks)
  std::uint64_t peeked = 0;            // moves tested by lost_after
  std::uint64_t peek_wins = 0;         // ... that it showed to win outright
  std::uint64_t screened = 0;          // moves tested by won_after
  std::uint64_t screen_losses = 0;     // ... that it showed to lose outright
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

  // Asked before the table (search.h, Step 3a): the bounds decide most positions and the table
  // settles few, so the hooks' work hides the wait for the bucket the parent prefetched.
  // Measured when chosen: `git log -S DECIDE_BEFORE_PROBE`.
  static constexpr bool DECIDE_BEFORE_PROBE = true;

  // P is DomineeringPosition or LargeDomineeringPosition (instantiated for both).
  template <class P>
  std::optional<Decision> decide(const P& p, int ply, Score alpha, Score beta);
  // Every rule at once, the packing's loss test included (decide() leaves that one to the peek
  // of the parent, which the root has not): for the root.
  template <class P>
  std::optional<Decision> decide_root(const P& p);
  // The rule that gave decide()'s or decide_root()'s last decision.
  Rule last_rule() const { return last_rule_; }

  // Whether lost_after may be asked: with the packing and `peek` on (search.h, CheapWins).
  bool tells_wins() const { return options_.packing && options_.peek; }
  // Whether the packing alone shows that the side to move would lose after move m: then the
  // decision decide() gives that child.
  template <class P>
  std::optional<Decision> lost_after(const P& p, typename P::Move m);
  // Whether won_after may be asked: with the packing and `screen` on (search.h, CheapLosses).
  bool tells_losses() const { return options_.packing && options_.screen; }
  // Whether the packing alone shows that the side to move would win after move m (the other
  // side's packing moving first, with m's two cells filled): then the decision decide() gives
  // that child, the first test decide() makes.
  template <class P>
  std::optional<Decision> won_after(const P& p, typename P::Move m);
  // decide() without that first test, for a position won_after has cleared.
  template <class P>
  std::optional<Decision> decide_unless_won(const P& p, int ply, Score alpha, Score beta);

  // The exact value of one region of at most exact_cells cells (catalogue or component cache).
  cgt::GameId region_value(const domineering::Shape& region);

  const EndgameCounters& counters() const { return counters_; }
  const cache::Stats& component_stats() const { return components_->stats(); }
  std::uint64_t component_half_life() const { return components_->half_life(); }

private:
  // The regions valued lately, as they lie (domineering/shape_memo.h), 2^RECENT_BITS of them. A
  // region the last moves left alone is valued again at every position below them and in every
  // sibling; answering it here skips the canonical key, the catalogue's hash and the component
  // cache's bank of simulations. Measured when chosen: `git log -S RECENT_BITS`.
  static constexpr unsigned RECENT_BITS = 10;
  template <class P>
  std::optional<Decision> decide(const P& p, bool won_tested, bool loss_tested);
  std::optional<Decision> decided(Rule r, Decision d) {
    last_rule_ = r;
    return d;
  }
  cgt::GameId catalogue_or_component_value(const domineering::Shape& region);
  cgt::GameId component_value(const domineering::Shape& region);

  const catalogue::Catalogue* catalogue_;
  EndgameOptions options_;
  std::unique_ptr<cache::AnyValueCache<ComponentValue>> components_;
  domineering::ShapeMemo recent_{RECENT_BITS};
  // The packings the peek (the mover's lines) and the screen (the other side's) count the moves
  // of one node from: one for each node on the search's path, indexed by half its empty cells
  // (every move fills two), and kept while a node's lines are the ones packed, so that a move's
  // packing counts again only from the lines it changed. Measured: see bench/results/micro.md
  // (BM_packing_after_each_move).
  static constexpr std::size_t PACKING_BASES = 256;
  struct PackingBases {
    std::array<domineering::PackingBase, PACKING_BASES> peek, screen;
  };
  template <class P>
  domineering::PackingBase& packing_base(std::array<domineering::PackingBase, PACKING_BASES>& bases, const P& p, domineering::Side side);
  std::unique_ptr<PackingBases> bases_ = std::make_unique<PackingBases>();
  EndgameCounters counters_;
  Rule last_rule_ = Rule::packing;
};

} // namespace solver
