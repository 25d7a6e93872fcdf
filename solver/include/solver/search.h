// The generic search: negamax alpha-beta over any Game (game_concept.h) with any SearchTable
// (table_concept.h), and plain minimax for reference. One Searcher per thread: it owns its node
// counter, statistics, hooks and the stop flag it polls, while the game is the caller's and the
// table may be shared by many Searchers. A TBB root split gives each task a copy of the game, its
// own Searcher and the one shared table, and cancels by setting the shared stop flag; lazy SMP
// runs several Searchers from the same root. An aborted search returns garbage that is flagged
// (aborted()) and never stored. Node counts are deterministic only for one thread and a cleared
// table; the probe contract is the one of the transposition-table article, phase by phase.
#pragma once

#include "solver/game_concept.h"
#include "solver/score.h"
#include "solver/table_concept.h"
#include "solver/tree_profile.h"
#include "solver/tt_entry.h"
#include "solver/tt_stats.h"

#include <algorithm>
#include <atomic>
#include <bit>
#include <cassert>
#include <concepts>
#include <cstdint>
#include <optional>
#include <utility>

namespace solver {

// Probe contract, second gate (article): an exact score always settles the window; a lower bound
// only if it is at or above beta (the node fails high whatever its true value); an upper bound
// only if it is at or below alpha. Anything else cannot cut, and the search goes on.
constexpr bool settles(Bound bound, Score v, Score alpha, Score beta) {
  return bound == Bound::EXACT || (bound == Bound::LOWER && v >= beta) || (bound == Bound::UPPER && v <= alpha);
}

// What a child's value says at its parent before the child is searched (the cut-off pass and
// the screen, Step 7): v is the child's score negated, for the parent, and child_bound the
// child's own bound. The child's window is (-beta, -alpha): its upper bounds settle at or below
// -beta, its lower bounds at or above -alpha, an exact value always. CUTS: the parent is at
// least beta; REFUTES: this move is at most alpha and need not be searched.
enum class ChildVerdict { NONE, CUTS, REFUTES };
constexpr ChildVerdict child_verdict(Bound child_bound, Score v, Score alpha, Score beta) {
  const bool at_least = child_bound == Bound::EXACT || child_bound == Bound::UPPER;
  const bool at_most = child_bound == Bound::EXACT || child_bound == Bound::LOWER;
  if (at_least && v >= beta)
    return ChildVerdict::CUTS;
  return at_most && v <= alpha ? ChildVerdict::REFUTES : ChildVerdict::NONE;
}

// The bound a finished node stores, chosen against the alpha it was called with, saved before the
// move loop raised it (article). Comparing with the raised alpha would mark every exact score as
// an upper bound, because the best score is the raised alpha.
constexpr Bound bound_for(Score best, Score original_alpha, Score beta) {
  if (best <= original_alpha)
    return Bound::UPPER; // fail low: no move raised alpha
  if (best >= beta)
    return Bound::LOWER; // fail high: the loop stopped at a cut
  return Bound::EXACT;
}

// Whether a game asks for enhanced transposition cutoffs (G::ENHANCED_TRANSPOSITION_CUTOFFS):
// worth a probe per child where cut-offs are cheap to find in the table, as in win/loss solves.
template <class G>
constexpr bool ENHANCED_TRANSPOSITION_CUTOFFS = [] {
  if constexpr (requires { G::ENHANCED_TRANSPOSITION_CUTOFFS; })
    return bool(G::ENHANCED_TRANSPOSITION_CUTOFFS);
  return false;
}();

// Whether a game wants the enhanced-transposition pass at this node (g.etc_pass_wanted(),
// optional; yes when absent). Leaving it out never changes a value: a child the pass would have
// settled settles at its own probe, one step later. It pays where probes are likely cache and
// TLB misses, near the leaves of a search over a large table.
template <class G>
bool etc_pass_wanted(const G& g) {
  if constexpr (requires { g.etc_pass_wanted(); })
    return g.etc_pass_wanted();
  return true;
}

// Hooks that can also tell cheaply, without making it, that a move wins outright:
// h.lost_after(g, m) holds a decision only if the side to move after m surely loses (Domineering:
// the packing bound of the side that moved); it is the one h.decide would give that child, which
// is then handed to the child instead of asked again. Asked only while h.tells_wins() (which a
// run may switch off). Optional; see Searcher::winning_at_once.
template <class H, class G>
concept CheapWins = requires(H& h, const G& g, typename G::Move m) {
  { h.tells_wins() } -> std::same_as<bool>;
  { h.lost_after(g, m) } -> std::same_as<std::optional<Decision>>;
};

// Hooks that can also tell cheaply, without making it, that a move loses outright:
// h.won_after(g, m) holds a decision only if the side to move after m surely wins (Domineering:
// its packing bound moving first); it is the first test h.decide makes of that child, and
// h.decide_unless_won(child, ply, alpha, beta) is h.decide without it, for a child that
// won_after has already cleared. Asked while h.tells_losses(). Optional; see Searcher's screen
// (node(), Step 7).
template <class H, class G>
concept CheapLosses = requires(H& h, const G& g, typename G::Move m, int ply, Score alpha, Score beta) {
  { h.tells_losses() } -> std::same_as<bool>;
  { h.won_after(g, m) } -> std::same_as<std::optional<Decision>>;
  { h.decide_unless_won(g, ply, alpha, beta) } -> std::same_as<std::optional<Decision>>;
};

// Whether the hooks ask to be asked before the table is probed (Hooks::DECIDE_BEFORE_PROBE,
// optional; no when absent). Worth it when they decide most nodes from the position alone and
// the table rarely settles one: the probe, whose bucket the make-move wrapper prefetched, then
// finds its line in cache after the hooks' work instead of waiting for it (node(), Step 3a).
template <class H>
constexpr bool DECIDE_BEFORE_PROBE = [] {
  if constexpr (requires { H::DECIDE_BEFORE_PROBE; })
    return bool(H::DECIDE_BEFORE_PROBE);
  return false;
}();

// A stop flag and the chain of flags of the searches that enclose it.
struct StopChain {
  const std::atomic<bool>* flag = nullptr;
  const StopChain* parent = nullptr;
  bool stopped() const {
    for (const StopChain* c = this; c != nullptr; c = c->parent)
      if (c->flag != nullptr && c->flag->load(std::memory_order_relaxed))
        return true;
    return false;
  }
};

// Searcher<G, Table, Hooks>. Two entry points share one node function:
//   search(g, depth, ...)  depth-limited; an entry's depth is its remaining plies and the depth
//                          gate applies (the article's tic-tac-toe runs use depth = empty squares)
//   solve(g, ...)          to the end of the game; every entry is then final, the depth gate is
//                          skipped, and an entry's depth is the work below it, bit_width(subtree
//                          nodes) (log2 + 1), so depth-preferred policies keep expensive results
// Do not mix the two on one table without clearing it: their depth fields mean different things.
template <Game G, SearchTable Table = NoTable, SearchHooks<G> Hooks = NoHooks>
class Searcher {
  static_assert(G::MOVE_CODES <= Table::MOVE_CODES, "the table cannot store this game's move codes");
  static_assert(G::MAX_SCORE <= Table::SCORE_MAX, "the table cannot store this game's scores");
  static_assert(G::MATE_BOUND > 0 && G::MAX_SCORE < INFINITE_SCORE);

public:
  using Move = typename G::Move;

  explicit Searcher(Table& table, Hooks hooks = {}) : table_(&table), hooks_(std::move(hooks)) {}
  Searcher() requires std::same_as<Table, NoTable> : table_(&no_table_) {}

  // The value of g for the side to move, searched `depth` plies deep in the window (alpha, beta),
  // fail-soft: a result at or below alpha is an upper bound, at or above beta a lower bound.
  // `ply` is g's distance from the root (root-relative distance scores are counted from it).
  Score search(G& g, int depth, Score alpha = -INFINITE_SCORE, Score beta = INFINITE_SCORE, int ply = 0) {
    begin(ply);
    return node<false>(g, depth, alpha, beta, ply);
  }

  // The same, searched to the end of the game.
  Score solve(G& g, Score alpha = -INFINITE_SCORE, Score beta = INFINITE_SCORE, int ply = 0) {
    begin(ply);
    return node<true>(g, 0, alpha, beta, ply);
  }

  // Shared by all Searchers of one parallel search; once it reads true, the search unwinds.
  void set_stop_flag(const std::atomic<bool>* stop) { stop_ = stop; }
  // Nested cancellation (a parallel split inside a parallel split): the search also unwinds once
  // any flag on the chain reads true.
  void set_stop_chain(const StopChain* chain) { chain_ = chain; }
  // Every PROGRESS_NODES nodes the search adds PROGRESS_NODES to *counter (relaxed), so another
  // thread can show progress without reading this Searcher's own counter.
  static constexpr std::uint64_t PROGRESS_NODES = 1 << 12;
  void set_progress_counter(std::atomic<std::uint64_t>* counter) { progress_ = counter; }
  // Where the nodes go, ply by ply (tree_profile.h), added to *profile; nullptr (the default)
  // profiles nothing.
  void set_profile(TreeProfile* profile) {
    profile_ = profile;
    if (profile_ != nullptr)
      profile_->reserve(MAX_PLY);
  }
  bool aborted() const { return aborted_; }

  // The best move found at the entry ply by the last search() or solve(), when it searched a move
  // or was settled by a table entry with a legal move; nothing after an abort.
  std::optional<Move> best_move() const { return aborted_ ? std::nullopt : root_move_; }

  std::uint64_t nodes() const { return nodes_; }
  const TTStats& stats() const { return stats_; }
  void reset_counters() {
    nodes_ = 0;
    stats_ = {};
  }
  Hooks& hooks() { return hooks_; }
  // How many moves, first in order, the hooks are asked about for a win at once (winning_at_once);
  // measured when chosen: `git log -S PEEK_MOVES`.
  static constexpr std::size_t PEEK_MOVES = 8;

private:
  void begin(int ply) {
    root_ply_ = ply;
    root_move_.reset();
    aborted_ = false;
  }

  // expect_cut: Knuth's node types, predicted. The first move searched at a node expected to cut
  // leads to a node expected to fail low (all of its moves searched); every other move, and
  // every move of a node expected to fail low, leads to one expected to cut.
  // known: the hooks' decision for this position, when the parent already asked for it
  // (winning_at_once); Step 5 takes it instead of asking again. screened: the parent's screen
  // (Step 7) asked won_after of the move to here and it said nothing, so the hooks are asked
  // decide_unless_won instead of decide.
  template <bool TO_END>
  Score node(G& g, int depth, Score alpha, Score beta, int ply, bool expect_cut = true, const Decision* known = nullptr,
             bool screened = false) {
    // Step 1. Invariants: a non-empty window inside the score range, a depth, a ply, a key that
    // matches the position (when the game can recompute it).
    assert(-INFINITE_SCORE <= alpha && alpha < beta && beta <= INFINITE_SCORE);
    assert(TO_END || depth >= 0);
    assert(ply >= 0 && ply < MAX_PLY);
    if constexpr (requires { g.key_from_scratch(); })
      assert(g.key() == g.key_from_scratch());

    // Step 2. Count the node: the only place nodes are counted. A node is a call of this function,
    // the article's definition, on which the 549,946 / 20,866 / 5,473 regression counts rest
    // (Stockfish counts in its make-move wrapper instead, which leaves out the root). Then poll
    // the stop flag.
    ++nodes_;
    PlyProfile* const prof = profile_ != nullptr ? &profile_->at(ply) : nullptr;
    if (prof != nullptr) [[unlikely]]
      ++prof->nodes;
    if ((nodes_ & (PROGRESS_NODES - 1)) == 0 && progress_ != nullptr)
      progress_->fetch_add(PROGRESS_NODES, std::memory_order_relaxed);
    if ((stop_ != nullptr && stop_->load(std::memory_order_relaxed)) || (chain_ != nullptr && chain_->stopped())) [[unlikely]] {
      if (prof != nullptr)
        ++prof->stopped;
      aborted_ = true;
      return 0;
    }
    const std::uint64_t nodes_at_entry = nodes_;
    const Score original_alpha = alpha;

    // Step 3a. Hooks that go first (DECIDE_BEFORE_PROBE), below the root and short of a horizon:
    // a position they settle returns before the probe, which then finds its bucket in cache. It
    // is stored as Step 5 stores it, except where a table entry settles it already (Step 3 would
    // have returned without a store) and where the parent handed the decision down (`known`: the
    // parent cuts on it and stores its own result, which is all a later visit there needs). The
    // root keeps the usual order, in which a table entry can give the root's move.
    const auto ask_hooks = [&]() -> std::optional<Decision> {
      if (known != nullptr)
        return *known;
      if constexpr (CheapLosses<Hooks, G>)
        if (screened)
          return hooks_.decide_unless_won(std::as_const(g), ply, alpha, beta);
      return hooks_.decide(std::as_const(g), ply, alpha, beta);
    };
    std::optional<Decision> decision;
    bool decision_asked = false;
    if constexpr (DECIDE_BEFORE_PROBE<Hooks>) {
      if (ply != root_ply_ && (TO_END || depth > 0) && !g.is_terminal()) {
        decision = ask_hooks();
        decision_asked = true;
        if (decision && settles(decision->bound, decision->score, alpha, beta)) {
          if (prof != nullptr) [[unlikely]]
            ++prof->decided;
          if constexpr (Table::ENABLED)
            if (known == nullptr)
              store_decided<TO_END>(g, depth, alpha, beta, ply, *decision);
          return decision->score;
        }
      }
    }

    // Step 3. Probe the table, before the terminal test (article). The probe matches the key; the
    // depth gate follows (always passed when searching to the end), then the bound gate.
    // Named members rather than a structured binding: the lambda below captures them, which
    // clang before 16 refuses for bindings.
    auto probe = table_->probe(g.key());
    const bool hit = probe.hit;
    const TTData& tte = probe.data;
    const auto& writer = probe.writer;
    if constexpr (Table::ENABLED) {
      ++stats_.probes;
      stats_.hits += hit;
    }
    const auto tt_move_is_legal = [&] { return tte.has_move() && tte.move < G::MOVE_CODES && g.is_legal(Move(tte.move)); };
    if (const std::optional<Score> v = settled_by<TO_END>(hit, tte, depth, ply, alpha, beta)) {
      ++stats_.cutoffs;
      if (prof != nullptr) [[unlikely]]
        ++prof->table;
      if (ply == root_ply_ && tt_move_is_legal())
        root_move_ = Move(tte.move);
      return *v;
    }

    // Step 4. A finished game, or the depth horizon: the game scores the position.
    if ((!TO_END && depth == 0) || g.is_terminal()) {
      if (prof != nullptr) [[unlikely]]
        ++prof->decided;
      return g.score(ply);
    }

    // Step 5. The game's hook may decide the position without a search; same bound gate.
    if (!decision_asked)
      decision = ask_hooks();
    if (const std::optional<Decision>& d = decision; d && settles(d->bound, d->score, alpha, beta)) {
      if (prof != nullptr) [[unlikely]]
        ++prof->decided;
      if constexpr (Table::ENABLED)
        if (d->store)
          stats_.count(writer.write(0, score_to_tt(d->score, ply, G::MATE_BOUND), d->bound, NO_MOVE));
      return d->score;
    }

    if (prof != nullptr) [[unlikely]]
      ++prof->expanded;

    // Step 6. The stored move first, after is_legal: a false match may carry any move code.
    Score best = -INFINITE_SCORE;
    Move best_move{};
    ChildWork work; // for the profile: what the children searched here cost
    const bool tt_move_legal = hit && tt_move_is_legal();
    if (hit && tte.has_move() && !tt_move_legal)
      ++stats_.tt_moves_illegal;
    if (tt_move_legal) {
      ++stats_.tt_moves_tried;
      best = play<TO_END>(g, Move(tte.move), depth, alpha, beta, ply, !expect_cut, work);
      if (aborted_)
        return 0;
      best_move = Move(tte.move);
      alpha = std::max(alpha, best);
    }
    bool searched_any = tt_move_legal;

    // Step 7. Enhanced transposition cutoffs, for games that ask for them: probe the table for
    // each child before searching it. A child known to be at most -beta for its side to move
    // makes this node at least beta at once. A child known to be at least -alpha (this move is at
    // most alpha) is not searched: its search would return the table's value at its first step
    // (the same gate), so that value is taken here and the move is skipped. At a node expected
    // to cut where no stored move was searched, one move goes first, one the hooks show to win
    // outright when they can (winning_at_once), and the rest of this step runs only if it did not
    // cut. Before the pass, the screen (CheapLosses) refutes every move the hooks show to lose
    // outright, with no probe and no child node, and the children searched after it are told
    // that they were screened. Most children of a node that fails low are such losses, and each
    // would cost a node, two probes, a prefetch and a store.
    OrderedMoves<G> moves(g); // only its first move is in place until order_all()
    // refuted[i]: moves[i] was settled here at or below alpha, or searched already.
    [[maybe_unused]] bool refuted[ENHANCED_TRANSPOSITION_CUTOFFS<G> ? G::MAX_MOVES : 1];
    bool children_screened = false; // every move not refuted was screened
    if constexpr (Table::ENABLED && ENHANCED_TRANSPOSITION_CUTOFFS<G>) {
      std::fill_n(refuted, moves.size(), false);
      if (expect_cut && !searched_any && moves.size() > 0 && alpha < beta) {
        WinAtOnce first;
        if constexpr (CheapWins<Hooks, G>)
          first = winning_at_once(std::as_const(g), moves);
        const Move m = moves.begin()[first.index];
        best = play<TO_END>(g, m, depth, alpha, beta, ply, false, work, first.child ? &*first.child : nullptr);
        if (aborted_)
          return 0;
        best_move = m;
        alpha = std::max(alpha, best);
        refuted[first.index] = true;
        searched_any = true;
      }
      if (alpha < beta) {
        moves.order_all();
        if constexpr (CheapLosses<Hooks, G>)
          if (hooks_.tells_losses()) {
            children_screened = true;
            if (const std::optional<std::size_t> cut = screen_moves(std::as_const(g), moves, refuted, alpha, beta, best, best_move)) {
              work.table_cut = true; // cut before any child was searched, as by a table entry
              best_move = moves.begin()[*cut];
              alpha = best;
            }
          }
      }
      if (alpha < beta && etc_pass_wanted(std::as_const(g))) {
        // Every child's key first, each bucket prefetched as it is known, so that the probes
        // below find their lines in cache or on the way instead of waiting for each in turn.
        std::uint64_t child_keys[G::MAX_MOVES];
        for (std::size_t i = 0; i < moves.size(); ++i) {
          if (refuted[i])
            continue;
          child_keys[i] = g.key_after(moves.begin()[i]);
          table_->prefetch(child_keys[i]);
        }
        for (std::size_t i = 0; i < moves.size(); ++i) {
          const Move m = moves.begin()[i];
          if ((tt_move_legal && m == Move(tte.move)) || refuted[i])
            continue; // searched already
          const auto child = table_->probe(child_keys[i]);
          ++stats_.etc_probes;
          if (!child.hit || !(TO_END || child.data.depth >= depth - 1))
            continue;
          const Score v = -score_from_tt(child.data.score, ply + 1, G::MATE_BOUND);
          const ChildVerdict verdict = child_verdict(child.data.bound, v, alpha, beta);
          if (verdict == ChildVerdict::CUTS) {
            ++stats_.etc_cutoffs;
            work.table_cut = true;
            best = v;
            best_move = m;
            alpha = v;
            break;
          }
          if (verdict == ChildVerdict::REFUTES) {
            refuted[i] = true;
            if (v > best) {
              best = v;
              best_move = m;
            }
          }
        }
      }
    }

    // Step 8. The other moves, in the game's order; stop at the first cut (fail high).
    if (alpha < beta) {
      moves.order_all();
      for (std::size_t i = 0; i < moves.size(); ++i) {
        const Move m = moves.begin()[i];
        if (tt_move_legal && m == Move(tte.move))
          continue;
        if constexpr (Table::ENABLED && ENHANCED_TRANSPOSITION_CUTOFFS<G>)
          if (refuted[i])
            continue;
        const Score v = play<TO_END>(g, m, depth, alpha, beta, ply, !(expect_cut && !searched_any), work, nullptr, children_screened);
        searched_any = true;
        if (aborted_)
          return 0;
        if (v > best) {
          best = v;
          best_move = m;
        }
        alpha = std::max(alpha, v);
        if (alpha >= beta)
          break;
      }
    }
    assert(best > -INFINITE_SCORE && "a position that is not terminal has a move");
    if (prof != nullptr && best >= beta) [[unlikely]] {
      ++prof->cut;
      // A child's table entry cut after the children searched so far; otherwise the last child
      // searched cut.
      prof->first_cut += work.searched == (work.table_cut ? 0 : 1);
      prof->before_cut += work.table_cut ? work.spent : work.spent_before_last;
    }

    // Step 9. Store the result, its bound chosen against the original alpha, its score
    // node-relative.
    if (tt_move_legal && best_move == Move(tte.move))
      ++stats_.tt_moves_best;
    if (ply == root_ply_)
      root_move_ = best_move;
    if constexpr (Table::ENABLED) {
      const int stored_depth = TO_END ? int(std::bit_width(nodes_ - nodes_at_entry + 1)) : depth;
      stats_.count(writer.write(stored_depth, score_to_tt(best, ply, G::MATE_BOUND), bound_for(best, original_alpha, beta),
                                std::uint32_t(best_move)));
    }
    return best;
  }

  // Step 3's gates: the entry's score for this node when a probe found one deep enough (any,
  // searching to the end) whose bound settles the window; else nothing.
  template <bool TO_END>
  static std::optional<Score> settled_by(bool hit, const TTData& entry, int depth, int ply, Score alpha, Score beta) {
    if (!hit || !(TO_END || entry.depth >= depth))
      return std::nullopt;
    const Score v = score_from_tt(entry.score, ply, G::MATE_BOUND);
    return settles(entry.bound, v, alpha, beta) ? std::optional<Score>(v) : std::nullopt;
  }

  // Step 3a's store: the probe, counted as Step 3 counts it, then the decision unless the entry
  // found settles the position already; nothing, not even the probe, for a decision the hooks
  // do not ask to keep (Decision::store).
  template <bool TO_END>
  void store_decided(const G& g, int depth, Score alpha, Score beta, int ply, const Decision& d) {
    if (!d.store)
      return;
    const auto probe = table_->probe(g.key());
    ++stats_.probes;
    stats_.hits += probe.hit;
    const bool settled = settled_by<TO_END>(probe.hit, probe.data, depth, ply, alpha, beta).has_value();
    stats_.cutoffs += settled;
    if (!settled)
      stats_.count(probe.writer.write(0, score_to_tt(d.score, ply, G::MATE_BOUND), d.bound, NO_MOVE));
  }

  // The make-move wrapper: prefetch the child's bucket before the move is made, play, search the
  // child with the negated window, take the move back. Returns the child's value for this node.
  template <bool TO_END>
  Score play(G& g, Move m, int depth, Score alpha, Score beta, int ply, bool child_expect_cut, const Decision* child_known = nullptr,
             bool child_screened = false) {
    const std::uint64_t child_key = g.key_after(m);
    // A child handed its decision takes it before its probe (Step 3a) and stores nothing: no bucket.
    if (child_known == nullptr)
      table_->prefetch(child_key);
    [[maybe_unused]] const std::uint64_t key = g.key();
    g.make(m);
    assert(g.key() == child_key && "key_after must predict the key that make produces");
    const Score v = -node<TO_END>(g, TO_END ? 0 : depth - 1, -beta, -alpha, ply + 1, child_expect_cut, child_known, child_screened);
    g.unmake(m);
    assert(g.key() == key && "unmake must restore the key");
    return v;
  }

  // At a node expected to cut, before its first move is searched (Step 7): the index of a move
  // the hooks show to win outright, among the first PEEK_MOVES in order, when the first move is
  // not one; else 0. Such a move goes first and the node cuts after one leaf instead of after the
  // first move's subtree. The hooks' decision for that child comes back too, and the child
  // takes it instead of asking the hooks again.
  struct WinAtOnce {
    std::size_t index = 0;
    std::optional<Decision> child; // the hooks' decision for the child, when they showed it lost
  };
  WinAtOnce winning_at_once(const G& g, OrderedMoves<G>& moves) {
    // Switched off: no question asked, and the moves stay lazily ordered.
    if (!hooks_.tells_wins())
      return {};
    if (std::optional<Decision> d = hooks_.lost_after(g, moves.begin()[0]))
      return {0, d};
    // The first move's bucket now, so that the other moves' packings hide the wait for it, which
    // the make-move wrapper's prefetch would only start; not before the first packing, as a move
    // that wins at once is handed its decision and never probes. Measured when
    // chosen: `git log -S winning_at_once`.
    table_->prefetch(g.key_after(moves.begin()[0]));
    const std::size_t n = std::min(PEEK_MOVES, moves.size());
    for (std::size_t i = 1; i < n; ++i) {
      moves.order_first(i + 1);
      if (std::optional<Decision> d = hooks_.lost_after(g, moves.begin()[i]))
        return {i, d};
    }
    return {};
  }

  // The screen (Step 7): each move not refuted yet that the hooks show to lose outright (the
  // child's decision read for this node, under the same gates as a child's table entry in the
  // pass) is refuted, raising `best` as the pass does; a move they show to win cuts, and its index
  // comes back (with best set to its value).
  template <class Refuted>
  std::optional<std::size_t> screen_moves(const G& g, const OrderedMoves<G>& moves, Refuted& refuted, Score alpha, Score beta, Score& best,
                                          Move& best_move) {
    for (std::size_t i = 0; i < moves.size(); ++i) {
      if (refuted[i])
        continue;
      const std::optional<Decision> d = hooks_.won_after(g, moves.begin()[i]);
      if (!d)
        continue;
      const Score v = -d->score;
      const ChildVerdict verdict = child_verdict(d->bound, v, alpha, beta);
      if (verdict == ChildVerdict::CUTS) {
        best = v;
        return i;
      }
      if (verdict == ChildVerdict::REFUTES) {
        refuted[i] = true;
        if (v > best) {
          best = v;
          best_move = moves.begin()[i];
        }
      }
    }
    return std::nullopt;
  }

  // The children searched at one node and the nodes below them, for the profile.
  struct ChildWork {
    int searched = 0;
    std::uint64_t spent = 0;             // nodes below all of them
    std::uint64_t spent_before_last = 0; // ... below all but the last one
    bool table_cut = false;              // a child's table entry cut the node
  };

  // The same, counting the child and the nodes below it into `work`.
  template <bool TO_END>
  Score play(G& g, Move m, int depth, Score alpha, Score beta, int ply, bool child_expect_cut, ChildWork& work,
             const Decision* child_known = nullptr, bool child_screened = false) {
    const std::uint64_t nodes_before = nodes_;
    const Score v = play<TO_END>(g, m, depth, alpha, beta, ply, child_expect_cut, child_known, child_screened);
    ++work.searched;
    work.spent_before_last = work.spent;
    work.spent += nodes_ - nodes_before;
    return v;
  }

  static inline NoTable no_table_{};

  Table* table_;
  Hooks hooks_{};
  const std::atomic<bool>* stop_ = nullptr;
  const StopChain* chain_ = nullptr;
  std::atomic<std::uint64_t>* progress_ = nullptr;
  TreeProfile* profile_ = nullptr;
  std::uint64_t nodes_ = 0;
  TTStats stats_{};
  int root_ply_ = 0;
  std::optional<Move> root_move_;
  bool aborted_ = false;
};

// Plain minimax in negamax form, no pruning and no table: every path is walked (the article's
// 549,946 nodes for tic-tac-toe). `nodes` is incremented once per call, at its top.
template <Game G>
Score minimax(G& g, int ply, std::uint64_t& nodes) {
  ++nodes;
  if (g.is_terminal())
    return g.score(ply);
  Score best = -INFINITE_SCORE;
  for (const typename G::Move m : MoveList<G>(g)) {
    g.make(m);
    best = std::max(best, Score(-minimax(g, ply + 1, nodes)));
    g.unmake(m);
  }
  return best;
}

} // namespace solver
