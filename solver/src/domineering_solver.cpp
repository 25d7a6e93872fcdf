#include "solver/domineering_solver.h"

#include "solver/search.h"
#include "solver/table_concept.h"
#include "solver/tt.h"

#include "base/input_error.h"
#include "base/tsan.h"

#include <fmt/format.h>
#include <tbb/enumerable_thread_specific.h>
#include <tbb/task_arena.h>
#include <tbb/task_group.h>

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>
#include <unistd.h>

namespace solver {

namespace {

using domineering::Side;
using Clock = std::chrono::steady_clock;

// The depth (work measure) a split node's result is stored with: split nodes root the largest
// subtrees, so their entries should be the last to be replaced.
constexpr int SPLIT_DEPTH = 63;

// Everything one search thread owns: its Searcher (which owns its EndgameHooks) and what the
// counters read before the current solve, to report per-solve differences.
template <class P, class Table>
struct Worker {
  using S = Searcher<P, Table, EndgameHooks>;
  Worker(Table& table, const catalogue::Catalogue& c, const EndgameOptions& o) : searcher(table, EndgameHooks(c, o)) {}
  S searcher;
  EndgameCounters endgame_at_start;
  cache::Stats components_at_start;
  TTStats split_table; // the table's work at split nodes, which the Searcher does not see
  TreeProfile profile; // filled only when SolveOptions::profile is set
  bool used = false;
};

cache::Stats minus(const cache::Stats& a, const cache::Stats& b) {
  cache::Stats d = a;
  d.lookups -= b.lookups;
  d.hits -= b.hits;
  d.misses -= b.misses;
  d.first_time_misses -= b.first_time_misses;
  d.re_evaluations -= b.re_evaluations;
  d.evictions -= b.evictions;
  d.insertions -= b.insertions;
  d.bypasses -= b.bypasses;
  return d;
}

EndgameCounters minus(const EndgameCounters& a, const EndgameCounters& b) {
  // Field by field, so that a counter added to the struct cannot shift the others.
  EndgameCounters d = a;
  d.asked -= b.asked;
  d.packing_decided -= b.packing_decided;
  d.plans_decided -= b.plans_decided;
  d.cgt_decided -= b.cgt_decided;
  d.cgt_too_large -= b.cgt_too_large;
  d.cgt_not_tried -= b.cgt_not_tried;
  d.components_valued -= b.components_valued;
  d.recent_hits -= b.recent_hits;
  d.peeked -= b.peeked;
  d.peek_wins -= b.peek_wins;
  d.screened -= b.screened;
  d.screen_losses -= b.screen_losses;
  return d;
}

cache::Stats& add(cache::Stats& a, const cache::Stats& b) {
  a.lookups += b.lookups;
  a.hits += b.hits;
  a.misses += b.misses;
  a.first_time_misses += b.first_time_misses;
  a.re_evaluations += b.re_evaluations;
  a.evictions += b.evictions;
  a.insertions += b.insertions;
  a.bypasses += b.bypasses;
  return a;
}

} // namespace

// What every size class shares: the options and the counters a solve reports while it runs.
struct Shared {
  const catalogue::Catalogue& catalogue;
  SolveOptions options;
  EndgameOptions per_thread;
  std::atomic<std::uint64_t> progress_nodes{0};
  std::atomic<int> current_root_move{-1};
  std::atomic<std::uint64_t> journal_hits{0}, journal_recorded{0};

  Shared(const catalogue::Catalogue& c, const SolveOptions& o) : catalogue(c), options(o), per_thread(o.endgame) {
    per_thread.component_entries = std::max<std::size_t>(1, o.endgame.component_entries / std::size_t(std::max(1, o.threads)));
  }
};

// The solver for one size class: positions P searched with a table of type LiveTable (or none),
// and the workers of every thread. Each class has its own table, as their move codes differ.
template <class P, class LiveTable>
struct Engine {
  using Move = typename P::Move;
  Shared& shared;
  const catalogue::Catalogue& catalogue;
  const SolveOptions& options;
  const EndgameOptions& per_thread;
  std::atomic<std::uint64_t>& progress_nodes;
  std::atomic<int>& current_root_move;
  std::atomic<std::uint64_t>& journal_hits;
  std::atomic<std::uint64_t>& journal_recorded;
  std::unique_ptr<LiveTable> table; // none with options.table_mib == 0
  NoTable no_table;
  tbb::enumerable_thread_specific<std::unique_ptr<Worker<P, LiveTable>>> with_table;
  tbb::enumerable_thread_specific<std::unique_ptr<Worker<P, NoTable>>> without_table;

  explicit Engine(Shared& s)
      : shared(s), catalogue(s.catalogue), options(s.options), per_thread(s.per_thread), progress_nodes(s.progress_nodes),
        current_root_move(s.current_root_move), journal_hits(s.journal_hits), journal_recorded(s.journal_recorded) {
    if (options.table_mib > 0)
      table = std::make_unique<LiveTable>(TableSize::from_mib(options.table_mib));
  }

  SolveResult run(const domineering::Board& board, Side first) {
    return table ? run(*table, with_table, board, first) : run(no_table, without_table, board, first);
  }

  template <class Table>
  Worker<P, Table>& worker(Table& t, tbb::enumerable_thread_specific<std::unique_ptr<Worker<P, Table>>>& workers) {
    auto& w = workers.local();
    if (!w) {
      w = std::make_unique<Worker<P, Table>>(t, catalogue, per_thread);
      w->searcher.set_progress_counter(&progress_nodes);
      w->searcher.set_stop_flag(options.interrupt);
      if (options.profile)
        w->searcher.set_profile(&w->profile);
    }
    if (!w->used) {
      w->used = true;
      w->searcher.reset_counters();
      w->split_table = {};
      w->profile.clear();
      w->endgame_at_start = w->searcher.hooks().counters();
      w->components_at_start = w->searcher.hooks().component_stats();
    }
    return *w;
  }

  // The serial search of one child position: does the side to move there win? nullopt when
  // stopped. A winning move, when the search knows one, goes to *winner if given.
  template <class Table>
  std::optional<bool> serial(Table& t, tbb::enumerable_thread_specific<std::unique_ptr<Worker<P, Table>>>& workers, P& pos, int ply,
                             const StopChain* chain, std::atomic<int>* winner) {
    auto& w = worker(t, workers);
    w.searcher.set_stop_chain(chain);
    const Score v = w.searcher.solve(pos, -1, 1, ply);
    w.searcher.set_stop_chain(nullptr);
    if (w.searcher.aborted())
      return std::nullopt;
    if (const auto m = w.searcher.best_move(); v > 0 && winner != nullptr && m)
      winner->store(*m);
    return v > 0;
  }

  // The plies the driver expands itself: the top SPLIT_PLIES with more than one thread; with
  // one, the root alone, or the top JOURNAL_PLIES when there is a journal to keep, in order, so
  // that the journal sees those positions.
  int driver_plies() const { return options.threads > 1 ? SPLIT_PLIES : options.journal != nullptr ? JOURNAL_PLIES : 1; }

  // A position the driver reaches: whether the side to move wins, the winning move in *winner
  // when asked for and known, or nullopt when stopped. Within JOURNAL_PLIES of the root the
  // journal, when there is one, answers first, and takes the result when its proof was long.
  template <class Table>
  std::optional<bool> split(Table& t, tbb::enumerable_thread_specific<std::unique_ptr<Worker<P, Table>>>& workers, P& pos, int ply,
                            const StopChain* chain, std::atomic<int>* winner) {
    if (chain != nullptr && chain->stopped())
      return std::nullopt;
    SolveJournal* const journal = options.journal;
    if (journal == nullptr || ply > JOURNAL_PLIES)
      return expand(t, workers, pos, ply, chain, winner);
    const Side to_move = pos.side_to_move();
    if (const auto known = journal->lookup(pos.board(), to_move)) {
      journal_hits.fetch_add(1, std::memory_order_relaxed);
      if (winner != nullptr && known->move)
        winner->store(P::encode(*known->move));
      return known->to_move_wins;
    }
    std::atomic<int> move{-1};
    const auto start = Clock::now();
    const auto r = expand(t, workers, pos, ply, chain, &move);
    if (const double s = std::chrono::duration<double>(Clock::now() - start).count(); r && s >= options.journal_min_seconds) {
      const int m = move.load();
      // Two threads can prove the same position (a transposition) at once: count it once.
      if (journal->record(pos.board(), to_move, *r, *r && m >= 0 ? std::optional(P::decode(Move(m), to_move)) : std::nullopt, s))
        journal_recorded.fetch_add(1, std::memory_order_relaxed);
    }
    if (winner != nullptr && move.load() >= 0)
      winner->store(move.load());
    return r;
  }

  // Young Brothers Wait over the driver's plies. Returns as split does. A split node below the
  // root is looked up in the table and stored there like any other, so that splitting deeper
  // does not search transpositions again.
  template <class Table>
  std::optional<bool> expand(Table& t, tbb::enumerable_thread_specific<std::unique_ptr<Worker<P, Table>>>& workers, P& pos, int ply,
                             const StopChain* chain, std::atomic<int>* winner) {
    const bool root = ply == 0;
    if (!root && (ply >= driver_plies() || pos.board().empty_cells() < MIN_SPLIT_CELLS))
      return serial(t, workers, pos, ply, chain, winner);
    if (root)
      return split_node(t, workers, pos, ply, chain, winner);
    const std::uint64_t key = pos.key();
    if constexpr (Table::ENABLED) {
      TTStats& stats = worker(t, workers).split_table;
      const auto probe = t.probe(key);
      ++stats.probes;
      stats.hits += probe.hit;
      if (probe.hit && settles(probe.data.bound, probe.data.score, -1, 1)) {
        ++stats.cutoffs;
        return probe.data.score > 0;
      }
    }
    const auto r = split_node(t, workers, pos, ply, chain, winner);
    if constexpr (Table::ENABLED)
      if (r) // a win is at least 1, a loss at most -1: the bounds a serial node would store
        worker(t, workers)
            .split_table.count(t.probe(key).writer.write(SPLIT_DEPTH, *r ? 1 : -1, *r ? Bound::LOWER : Bound::UPPER, NO_MOVE));
    return r;
  }

  template <class Table>
  std::optional<bool> split_node(Table& t, tbb::enumerable_thread_specific<std::unique_ptr<Worker<P, Table>>>& workers, P& pos, int ply,
                                 const StopChain* chain, std::atomic<int>* winner) {
    const bool root = ply == 0;
    auto& w = worker(t, workers);
    if (!root)
      if (const auto d = w.searcher.hooks().decide(pos, ply, -1, 1))
        return d->score > 0;
    const MoveList<P> all(pos);
    if (all.size() == 0)
      return false;
    // Enhanced transposition cut-offs, as in the serial search: a child the table already
    // decides is not searched; one its side to move loses there wins at once. Not where the
    // position asks for no such pass (etc_pass_wanted), as in the serial search.
    Move moves[P::MAX_MOVES];
    std::size_t count = 0;
    const bool etc_pass = pos.etc_pass_wanted();
    for (const Move mv : all) {
      if constexpr (Table::ENABLED) {
        if (etc_pass) {
          ++w.split_table.etc_probes;
          if (const auto child = t.probe(pos.key_after(mv)); child.hit && settles(child.data.bound, child.data.score, -1, 1)) {
            if (child.data.score < 0) {
              ++w.split_table.etc_cutoffs;
              if (winner)
                winner->store(mv);
              return true;
            }
            continue;
          }
        }
      }
      moves[count++] = mv;
    }
    if (count == 0)
      return false; // every move leads to a position the table gives the other side
    // The serial search's peek (search.h, winning_at_once): a move among the first few after
    // which the packing shows the other side lost wins here with no subtree searched, where the
    // split would otherwise search its eldest brother and then the others in parallel.
    if (w.searcher.hooks().tells_wins())
      for (std::size_t i = 0; i < std::min(count, decltype(w.searcher)::PEEK_MOVES); ++i)
        if (w.searcher.hooks().lost_after(pos, moves[i])) {
          if (winner)
            winner->store(moves[i]);
          return true;
        }
    const Move* m = moves;
    const auto search_child = [&](Move mv, const StopChain* c) -> std::optional<bool> {
      P child = pos;
      child.make(mv);
      if (root)
        current_root_move.store(mv, std::memory_order_relaxed);
      const auto r = split(t, workers, child, ply + 1, c, nullptr);
      if (!r)
        return std::nullopt;
      return !*r; // the child's side to move loses: this move wins
    };
    // The eldest brother alone.
    const auto first = search_child(*m, chain);
    if (!first)
      return std::nullopt;
    if (*first) {
      if (winner)
        winner->store(*m);
      return true;
    }
    if (options.threads <= 1) {
      for (++m; m != moves + count; ++m) {
        const auto r = search_child(*m, chain);
        if (!r)
          return std::nullopt;
        if (*r) {
          if (winner)
            winner->store(*m);
          return true;
        }
      }
      return false;
    }
    // The younger brothers in parallel; the first to win stops the others through the chain of
    // stop flags that every search below polls. Each task takes the next move in order when it
    // starts rather than one bound to it when spawned: a thread runs its own spawned tasks last
    // first, so bound moves would have the spawning thread search a node's worst moves first.
    // Measured when chosen: commit e670468.
    std::atomic<bool> won{false};
    const StopChain mine{&won, chain};
    std::atomic<std::size_t> next{1};
    char tasks_start = 0, tasks_end = 0; // base/tsan.h: the hand-offs TBB makes
    base::tsan::release(&tasks_start);
    tbb::task_group tg;
    for (std::size_t i = 1; i < count; ++i) {
      tg.run([&] {
        base::tsan::acquire(&tasks_start);
        const Move mv = moves[next.fetch_add(1, std::memory_order_relaxed)];
        if (!mine.stopped()) {
          const auto r = search_child(mv, &mine);
          if (r && *r && !won.exchange(true) && winner)
            winner->store(mv);
        }
        base::tsan::release(&tasks_end);
      });
    }
    tg.wait();
    base::tsan::acquire(&tasks_end);
    if (chain != nullptr && chain->stopped())
      return std::nullopt;
    return won.load();
  }

  // The root without a search, when it can be had: from the journal, from the table (an earlier
  // solve of this position or of an image of it), by a rule (every rule, the packing's loss test
  // included), or because the side to move has no move. A win a rule proves gets a winning move
  // when a rule also decides one of the children against its side to move; otherwise it has
  // none. Sets decided_by; nullopt leaves the root to the search.
  template <class Table>
  std::optional<bool> decide_root(Table& t, Worker<P, Table>& w, const P& pos, std::atomic<int>& winner, std::string& decided_by) {
    decided_by = "search";
    if (options.journal != nullptr)
      if (const auto known = options.journal->lookup(pos.board(), pos.side_to_move())) {
        journal_hits.fetch_add(1, std::memory_order_relaxed);
        if (known->move)
          winner.store(P::encode(*known->move));
        decided_by = "journal";
        return known->to_move_wins;
      }
    const MoveList<P> moves(pos);
    if constexpr (Table::ENABLED) {
      // The entry may be an image's (keys are symmetric), so its move is not taken: a winning
      // move is a child whose own entry says its side to move loses.
      const auto probe = t.probe(pos.key());
      ++w.split_table.probes;
      w.split_table.hits += probe.hit;
      if (probe.hit && settles(probe.data.bound, probe.data.score, -1, 1)) {
        ++w.split_table.cutoffs;
        decided_by = "table";
        if (probe.data.score > 0)
          for (const Move m : moves)
            if (const auto child = t.probe(pos.key_after(m));
                child.hit && settles(child.data.bound, child.data.score, -1, 1) && child.data.score < 0) {
              winner.store(m);
              break;
            }
        return probe.data.score > 0;
      }
    }
    EndgameHooks& hooks = w.searcher.hooks();
    if (moves.size() == 0) {
      decided_by = "no-moves";
      return false;
    }
    const auto d = hooks.decide_root(pos);
    if (!d)
      return std::nullopt;
    decided_by = rule_name(hooks.last_rule());
    if (d->score < 0)
      return false;
    for (const Move m : moves) {
      P child = pos;
      child.make(m);
      if (const auto c = hooks.decide_root(child); c && c->score < 0) {
        winner.store(m);
        break;
      }
    }
    return true;
  }

  template <class Table>
  SolveResult run(Table& t, tbb::enumerable_thread_specific<std::unique_ptr<Worker<P, Table>>>& workers, const domineering::Board& board,
                  Side first) {
    SolveResult result;
    result.first = first;
    for (auto& w : workers)
      if (w)
        w->used = false;
    if constexpr (!std::is_same_v<Table, NoTable>)
      t.new_search();
    P pos(board, first, options.skip_safe_moves, options.etc_pass_cells);
    std::atomic<int> winner{-1};
    const StopChain root_chain{options.interrupt, nullptr};
    std::optional<bool> wins = decide_root(t, worker(t, workers), pos, winner, result.decided_by);
    const auto body = [&] { wins = split(t, workers, pos, 0, &root_chain, &winner); };
    if (wins) {
      // Decided before any search.
    } else if (options.threads <= 1) {
      body();
    } else {
      char arena_start = 0, arena_end = 0;
      base::tsan::release(&arena_start);
      tbb::task_arena arena(options.threads);
      arena.execute([&] {
        base::tsan::acquire(&arena_start);
        body();
        base::tsan::release(&arena_end);
      });
      base::tsan::acquire(&arena_end);
    }
    // The root's result, for a later solve of it or of an image of it (the driver expands the
    // root, which the search below never stores).
    if constexpr (Table::ENABLED)
      if (wins && result.decided_by == "search")
        worker(t, workers)
            .split_table.count(t.probe(pos.key()).writer.write(SPLIT_DEPTH, *wins ? 1 : -1, *wins ? Bound::LOWER : Bound::UPPER, NO_MOVE));
    result.stats.nodes = 1; // the root, which the driver expands itself
    for (auto& w : workers) {
      if (!w || !w->used)
        continue;
      result.stats.nodes += w->searcher.nodes();
      result.stats.table += w->searcher.stats();
      result.stats.table += w->split_table;
      result.stats.profile += w->profile;
      result.stats.endgame += minus(w->searcher.hooks().counters(), w->endgame_at_start);
      add(result.stats.components, minus(w->searcher.hooks().component_stats(), w->components_at_start));
      result.stats.component_half_life = std::max(result.stats.component_half_life, w->searcher.hooks().component_half_life());
    }
    result.stats.journal_hits = journal_hits.load();
    result.stats.journal_recorded = journal_recorded.load();
    if (!wins) {
      result.interrupted = true;
      return result;
    }
    result.first_player_wins = *wins;
    if (*wins && winner.load() >= 0)
      result.winning_move = P::decode(Move(winner.load()), first);
    return result;
  }
};

struct DomineeringSolver::Impl {
  Shared shared;
  std::unique_ptr<Engine<DomineeringPosition, WinLossTable>> small;
  std::unique_ptr<Engine<LargeDomineeringPosition, WideWinLossTable>> large;

  Impl(const catalogue::Catalogue& c, const SolveOptions& o) : shared(c, o) {}
};

std::optional<std::string> table_size_problem(std::size_t table_mib) {
  const long pages = ::sysconf(_SC_PHYS_PAGES), page_bytes = ::sysconf(_SC_PAGE_SIZE);
  const std::size_t physical = pages > 0 && page_bytes > 0 ? std::size_t(pages) * std::size_t(page_bytes) : 0;
  if (physical > 0 && table_mib > physical / (std::size_t{1} << 20))
    return fmt::format("exceeds this machine's physical memory ({} MiB)", physical >> 20);
  if (table_mib > (std::size_t{1} << 40))
    return std::string("is absurd");
  return std::nullopt;
}

void check_solvable(const domineering::Board& board) {
  if (board.height() > MAX_LARGE_SOLVE_SIDE || board.width() > MAX_LARGE_SOLVE_SIDE)
    throw base::InputError(fmt::format("board too large to solve: {}x{} (the solver takes at most {}x{})", board.height(), board.width(),
                                       MAX_LARGE_SOLVE_SIDE, MAX_LARGE_SOLVE_SIDE));
}

DomineeringSolver::DomineeringSolver(const catalogue::Catalogue& c, const SolveOptions& o) {
  if (o.threads < 1 || o.threads > MAX_THREADS)
    throw base::InputError(fmt::format("thread count {} out of range (1 to {})", o.threads, MAX_THREADS));
  if (const auto problem = table_size_problem(o.table_mib))
    throw base::InputError(fmt::format("a transposition table of {} MiB {}", o.table_mib, *problem));
  impl_ = std::make_unique<Impl>(c, o);
}

DomineeringSolver::~DomineeringSolver() = default;

SolveResult DomineeringSolver::solve(const domineering::Board& board, Side first, const std::function<void(const SolveProgress&)>& progress,
                                     double progress_interval) {
  check_solvable(board);
  Impl& im = *impl_;
  Shared& sh = im.shared;
  // The size class's engine, with its table, made on its first solve, before the clock starts.
  const bool small = board.height() <= MAX_SOLVE_SIDE && board.width() <= MAX_SOLVE_SIDE;
  if (small && !im.small)
    im.small = std::make_unique<Engine<DomineeringPosition, WinLossTable>>(sh);
  if (!small && !im.large)
    im.large = std::make_unique<Engine<LargeDomineeringPosition, WideWinLossTable>>(sh);
  sh.progress_nodes.store(0);
  sh.current_root_move.store(-1);
  sh.journal_hits.store(0);
  sh.journal_recorded.store(0);
  const auto start = Clock::now();

  // A monitoring thread, only while a caller wants progress.
  std::mutex mu;
  std::condition_variable cv;
  bool done = false;
  std::thread monitor;
  if (progress) {
    monitor = std::thread([&] {
      std::unique_lock lock(mu);
      while (!cv.wait_for(lock, std::chrono::duration<double>(progress_interval), [&] { return done; })) {
        SolveProgress p;
        p.nodes = sh.progress_nodes.load(std::memory_order_relaxed);
        p.seconds = std::chrono::duration<double>(Clock::now() - start).count();
        if (const int m = sh.current_root_move.load(std::memory_order_relaxed); m >= 0)
          p.root_move = small ? DomineeringPosition::decode(DomineeringPosition::Move(m), first)
                              : LargeDomineeringPosition::decode(LargeDomineeringPosition::Move(m), first);
        p.journal_recorded = sh.journal_recorded.load(std::memory_order_relaxed);
        progress(p);
      }
    });
  }
  SolveResult r;
  try {
    r = small ? im.small->run(board, first) : im.large->run(board, first);
  } catch (...) {
    if (monitor.joinable()) {
      {
        std::lock_guard lock(mu);
        done = true;
      }
      cv.notify_all();
      monitor.join();
    }
    throw;
  }
  if (monitor.joinable()) {
    {
      std::lock_guard lock(mu);
      done = true;
    }
    cv.notify_all();
    monitor.join();
  }
  if (sh.options.journal != nullptr)
    sh.options.journal->save(); // what the last second recorded, stopped or not
  r.stats.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  return r;
}

} // namespace solver
