// `domineering solve BOARD` (who wins with perfect play) and `domineering bench` (the fixed
// search workload whose node count is the search's signature).
#include "commands.h"
#include "terminal.h"

#include "distributed/mpi_solve.h"
#include "solver/bench_positions.h"
#include "solver/domineering_solver.h"
#include "solver/solve_defaults.h"
#include "solver/solve_journal.h"

#include "catalogue/default_catalogue.h"
#include "domineering/board.h"

#include "base/input_error.h"
#include "base/interrupt.h"

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <csignal>
#include <filesystem>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

namespace cli {

namespace {

using domineering::Side;

std::string move_text(const domineering::Move& m) {
  return fmt::format("{} at row {}, column {} ({})", orientation_name(m.side), m.row, m.col, domineering::to_string(m));
}

nlohmann::json stats_json(const solver::SolveStats& s) {
  return {{"nodes", s.nodes},
          {"seconds", s.seconds},
          {"nodes_per_second", s.seconds > 0 ? double(s.nodes) / s.seconds : 0.0},
          {"tt",
           {{"probes", s.table.probes},
            {"hits", s.table.hits},
            {"cutoffs", s.table.cutoffs},
            {"stores", s.table.stores},
            {"evicted", s.table.evicted},
            {"tt_moves_tried", s.table.tt_moves_tried},
            {"tt_moves_best", s.table.tt_moves_best},
            {"etc_probes", s.table.etc_probes},
            {"etc_cutoffs", s.table.etc_cutoffs}}},
          {"endgame",
           {{"asked", s.endgame.asked},
            {"bounds_decided", s.endgame.packing_decided + s.endgame.plans_decided},
            {"packing_decided", s.endgame.packing_decided},
            {"plans_decided", s.endgame.plans_decided},
            {"cgt_decided", s.endgame.cgt_decided},
            {"cgt_region_too_large", s.endgame.cgt_too_large},
            {"cgt_not_tried", s.endgame.cgt_not_tried},
            {"recent_regions", s.endgame.recent_hits},
            {"peeked", s.endgame.peeked},
            {"peek_wins", s.endgame.peek_wins},
            {"screened", s.endgame.screened},
            {"screen_losses", s.endgame.screen_losses}}},
          {"component_cache",
           {{"lookups", s.components.lookups},
            {"hits", s.components.hits},
            {"hit_rate", s.components.lookups ? double(s.components.hits) / double(s.components.lookups) : 0.0},
            {"re_evaluations", s.components.re_evaluations},
            {"evictions", s.components.evictions},
            {"regions_valued", s.endgame.components_valued},
            {"half_life", s.component_half_life}}}};
}

// Calls f(ply, empty cells, side to move, row) for each ply the profile reached. The empty cells
// and the side to move follow from the ply: every move fills two cells and the sides alternate.
template <class F>
void for_each_ply(const solver::TreeProfile& profile, int root_cells, Side first, F f) {
  const auto& plies = profile.plies();
  for (std::size_t ply = 0; ply < plies.size(); ++ply)
    if (plies[ply].nodes != 0)
      f(int(ply), root_cells - 2 * int(ply), ply % 2 == 0 ? first : domineering::opponent(first), plies[ply]);
}

nlohmann::json profile_json(const solver::TreeProfile& profile, int root_cells, Side first) {
  nlohmann::json rows = nlohmann::json::array();
  for_each_ply(profile, root_cells, first, [&](int ply, int cells, Side to_move, const solver::PlyProfile& p) {
    rows.push_back({{"ply", ply},
                    {"empty_cells", cells},
                    {"to_move", std::string(orientation_name(to_move))},
                    {"nodes", p.nodes},
                    {"stopped", p.stopped},
                    {"table", p.table},
                    {"decided", p.decided},
                    {"expanded", p.expanded},
                    {"cut", p.cut},
                    {"first_cut", p.first_cut},
                    {"before_cut", p.before_cut}});
  });
  return rows;
}

void print_profile(const solver::TreeProfile& profile, int root_cells, Side first, int threads) {
  std::cout << "  where the nodes went, by ply below the root: settled by the table, decided without a search (bounds,\n"
               "  CGT values, game over), expanded, or stopped (a parallel search cancelled); of the expanded, how many\n"
               "  cut, at the first child tried, and the nodes searched below children tried before the one that cut\n"
               "  (the price of the move order):\n";
  std::cout << fmt::format("  {:>4} {:>5} {:>10} {:>14} {:>12} {:>14} {:>13} {:>13} {:>7} {:>12} {:>9}\n", "ply", "cells", "to move",
                           "nodes", "table", "decided", "expanded", "cut", "first%", "before cut", "stopped");
  const auto row = [](std::string_view ply, std::string_view cells, std::string_view to_move, const solver::PlyProfile& p) {
    const double first = p.cut ? 100.0 * double(p.first_cut) / double(p.cut) : 100.0;
    std::cout << fmt::format("  {:>4} {:>5} {:>10} {:>14} {:>12} {:>14} {:>13} {:>13} {:>7.2f} {:>12} {:>9}\n", ply, cells, to_move,
                             p.nodes, p.table, p.decided, p.expanded, p.cut, first, p.before_cut, p.stopped);
  };
  for_each_ply(profile, root_cells, first, [&](int ply, int cells, Side to_move, const solver::PlyProfile& p) {
    row(std::to_string(ply), std::to_string(cells), orientation_name(to_move), p);
  });
  row("all", "", "", profile.total());
  if (threads > 1)
    std::cout << fmt::format("  (with {} threads the positions of the first {} plies are shared out by the parallel driver,\n"
                             "  which the profile does not see; --threads 1 profiles every ply)\n",
                             threads, solver::SPLIT_PLIES);
}

void print_stats(const solver::SolveStats& s) {
  const double rate = s.seconds > 0 ? double(s.nodes) / s.seconds : 0;
  std::cout << fmt::format("  nodes {}, {:.3f} s, {:.0f} nodes/s\n", s.nodes, s.seconds, rate);
  std::cout << fmt::format("  table: {} probes, {} hits, {} cut-offs, {} stores ({} evictions); children probed before the search {}, "
                           "settling {} nodes; stored move tried {} times, best {}\n",
                           s.table.probes, s.table.hits, s.table.cutoffs, s.table.stores, s.table.evicted, s.table.etc_probes,
                           s.table.etc_cutoffs, s.table.tt_moves_tried, s.table.tt_moves_best);
  std::cout << fmt::format("  endgame: asked {}, decided by the packing {}, by the plans {}, by CGT values {}, region too large for "
                           "CGT {}, too many cells to try CGT {}; moves tested before a first move {}, winning at once {}; "
                           "moves screened before the search {}, losing at once {}\n",
                           s.endgame.asked, s.endgame.packing_decided, s.endgame.plans_decided, s.endgame.cgt_decided,
                           s.endgame.cgt_too_large, s.endgame.cgt_not_tried, s.endgame.peeked, s.endgame.peek_wins, s.endgame.screened,
                           s.endgame.screen_losses);
  const double hit = s.components.lookups ? 100.0 * double(s.components.hits) / double(s.components.lookups) : 0.0;
  std::cout << fmt::format("  regions valued: {} from the recent ones; component cache: {} lookups, {:.2f}% hits, {} re-evaluations, "
                           "{} evictions{}\n",
                           s.endgame.recent_hits, s.components.lookups, hit, s.components.re_evaluations, s.components.evictions,
                           s.component_half_life ? fmt::format(", half-life {}", s.component_half_life) : "");
}

nlohmann::json distributed_json(const distributed::DistributedRun& run) {
  const distributed::TopTreeStats& t = run.tree;
  nlohmann::json ranks = nlohmann::json::array();
  for (const distributed::RankStats& r : run.ranks)
    ranks.push_back({{"rank", r.rank},
                     {"host", r.host},
                     {"threads", r.threads},
                     {"nodes", r.nodes},
                     {"busy_seconds", r.busy_seconds},
                     {"nodes_per_second", r.busy_seconds > 0 ? double(r.nodes) / r.busy_seconds : 0.0},
                     {"jobs", r.jobs},
                     {"cancelled", r.cancelled}});
  return {{"top_nodes", t.nodes},
          {"expanded", t.expanded},
          {"jobs", t.jobs},
          {"speculative_jobs", t.speculative_jobs},
          {"cancelled", t.cancelled},
          {"results", t.results},
          {"proven", t.proven},
          {"journal_hits", t.journal_hits},
          {"journal_recorded", t.journal_recorded},
          {"messages", run.messages},
          {"bytes", run.bytes},
          {"master_cpu_seconds", run.master_cpu_seconds},
          {"ranks", ranks}};
}

void print_distributed(const distributed::DistributedRun& run) {
  const solver::SolveStats& s = run.result.stats;
  const distributed::TopTreeStats& t = run.tree;
  std::cout << fmt::format("  nodes {} (all workers, cancelled jobs included), {:.3f} s of wall time\n", s.nodes, s.seconds);
  std::cout << fmt::format("  top tree: {} positions, {} expanded, {} proven; {} handed out ({} as speculation), {} cancelled as "
                           "no longer needed; {} messages, {} bytes; rank 0 busy {:.3f} s of CPU\n",
                           t.nodes, t.expanded, t.proven, t.jobs, t.speculative_jobs, t.cancelled, run.messages, run.bytes,
                           run.master_cpu_seconds);
  for (const distributed::RankStats& r : run.ranks)
    std::cout << fmt::format("  rank {} on {} ({} thread{}): {} jobs ({} cancelled), {} nodes in {:.3f} s busy, {:.0f} nodes/s\n", r.rank,
                             r.host, r.threads, r.threads == 1 ? "" : "s", r.jobs, r.cancelled, r.nodes, r.busy_seconds,
                             r.busy_seconds > 0 ? double(r.nodes) / r.busy_seconds : 0.0);
}

std::string distributed_progress_line(const distributed::MasterProgress& p) {
  std::string rates;
  for (const distributed::RankStats& r : *p.ranks)
    rates += fmt::format("{}{} {:.0f}", rates.empty() ? "" : ", ", r.rank, r.busy_seconds > 0 ? double(r.nodes) / r.busy_seconds : 0.0);
  return fmt::format("distributed, {} first, {:.0f} s: {} positions proven ({} from the journal, {} recorded), {} waiting, {} "
                     "running; nodes/s by rank: {}; known work left {}",
                     orientation_name(p.first), p.seconds, p.tree.proven, p.tree.journal_hits, p.tree.journal_recorded, p.pending,
                     p.running, rates,
                     p.left_seconds < 0 ? std::string("not yet estimated") : fmt::format("about {:.0f} s", p.left_seconds));
}

struct SolveArgs {
  std::string board;
  std::string first = "both";
  int threads = 0;
  std::size_t tt_mb = 256;
  std::string catalogue_file;
  int exact_cells = 0;
  int cgt_cells = 0;
  int etc_cells = 0;
  std::size_t component_entries = solver::EndgameOptions{}.component_entries;
  std::string component_rule = solver::EndgameOptions{}.component_rule.name();
  bool no_table = false;
  bool no_bounds = false;
  bool no_cgt = false;
  std::vector<std::string> no_rules;
  bool no_knowledge = false;
  bool play_safe_moves = false;
  bool no_peek = false;
  bool no_screen = false;
  bool profile = false;
  std::string journal_file;
  double journal_min_seconds = solver::SolveOptions{}.journal_min_seconds;
  bool json = false;
  bool distributed = false;
  int split_plies = distributed::DEFAULT_SPLIT_PLIES;
};

SolveArgs a;

void solve_body(distributed::MpiWorld* mpi, CLI::Option* tt_mb, CLI::Option* component_entries, CLI::Option* exact_cells,
                CLI::Option* cgt_cells, CLI::Option* etc_cells);

} // namespace

// The catalogue in `file`, or the default one of shapes up to `cells` cells. Beyond 13 cells the
// default one is slow to load and far slower to build the first time, so the load and the build
// are shown on stderr.
catalogue::Catalogue solver_catalogue(const std::string& file, int cells) {
  if (!file.empty() || cells <= 13)
    return catalogue::load_catalogue(file, cells, catalogue::Check::values);
  const std::string cached = catalogue::default_cache_path(cells);
  Progress progress;
  if (std::filesystem::exists(cached))
    progress.update(fmt::format("loading the catalogue of shapes up to {} cells from {}", cells, cached));
  const auto start = std::chrono::steady_clock::now();
  catalogue::Catalogue c = catalogue::load_catalogue("", cells, catalogue::Check::values, [&](const catalogue::BuildProgress& p) {
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    progress.update(fmt::format("building the catalogue of shapes up to {} cells for this board's endgame, once (about {:.1f} GB at "
                                "the peak; cached in {}): size {}, {}/{} shapes, {:.1f} s",
                                cells, catalogue::estimated_build_bytes(cells) / 1e9, cached, p.cells, p.done, p.total, s));
  });
  progress.finish();
  return c;
}

void add_solve_command(CLI::App& app) {
  auto* cmd = app.add_subcommand("solve", "Who wins a Domineering board with perfect play");
  cmd->footer("Vertical (Left) places dominoes covering (r,c) and (r+1,c); Horizontal (Right) covers (r,c) and (r,c+1); the\n"
              "player who cannot move loses. With --first both (the default) both first players are solved and the outcome\n"
              "class is printed: L (Vertical wins whoever starts), R, N (the first player wins), P (the second player wins).\n"
              "The search is alpha-beta over win/loss with a transposition table, move bounds (safe moves) and exact CGT\n"
              "values of every small region (the catalogue, then a bounded component cache). Ctrl-C stops and prints the\n"
              "statistics so far.\n\n"
              "Examples:\n  domineering solve 8x8\n  domineering solve 7x7 --first vertical --threads 2 --json");
  cmd->add_option("BOARD", a.board, "Board text or RxC, at most 30x30")->required();
  cmd->add_option("--first", a.first, "vertical, horizontal or both")->check(CLI::IsMember({"vertical", "horizontal", "both"}));
  cmd->add_option("--threads", a.threads, "Search threads (default: all cores)");
  auto* tt_mb =
      cmd->add_option(
             "--tt-mb", a.tt_mb,
             "Transposition table size in MiB (default: 4 up to 52 empty cells, doubling every four more, at most 512; 32 for 8x8)")
          ->check(not_negative());
  constexpr solver::EndgameDefaults small = solver::default_endgame(0), large = solver::default_endgame(solver::LARGE_ENDGAME_CELLS);
  constexpr int from = solver::LARGE_ENDGAME_CELLS;
  cmd->add_option(
      "--catalogue", a.catalogue_file,
      fmt::format(
          "Catalogue file (default: every shape up to {} cells, or up to {} from {} empty cells on; built once and cached, "
          "the larger one taking minutes and gigabytes). Loaded with its checksum, shapes and values checked, but not the stops, mean and "
          "temperature worked out again: `catalogue check` does that",
          small.catalogue_cells, large.catalogue_cells, from));
  auto* exact_cells =
      cmd->add_option("--exact-cells", a.exact_cells,
                      fmt::format("Regions up to this many cells are valued exactly; those beyond the catalogue go through the "
                                  "component cache (default {}, or {} from {} empty cells on)",
                                  small.exact_cells, large.exact_cells, from));
  auto* cgt_cells =
      cmd->add_option("--cgt-cells", a.cgt_cells,
                      fmt::format("CGT values are tried only at positions with at most this many cells a domino can still cover "
                                  "(default {}, or {} from {} empty cells on)",
                                  small.attempt_cells, large.attempt_cells, from));
  auto* component_entries = cmd->add_option("--component-entries", a.component_entries,
                                            "Entries of the component cache, all threads together (default: 2,048 up to 64 empty cells, "
                                            "doubling every two more, at most 16,384)")
                                ->check(not_negative());
  cmd->add_option("--component-rule", a.component_rule,
                  "The component cache's eviction rule: adaptive (default), or any other rule that runs without the future, as "
                  "`experiment` names them (lru, lfu-da, gdsf, lirs, ...)");
  auto* etc_cells = cmd->add_option("--etc-cells", a.etc_cells,
                                    "No enhanced-transposition pass (every child probed before any is searched) at positions of at most "
                                    "this many empty cells; 0: everywhere (default: 40 with a table of 128 MiB or more, else 0)");
  cmd->add_flag("--no-table", a.no_table, "Search without a transposition table");
  cmd->add_flag("--no-bounds", a.no_bounds, "Do not decide positions by move bounds");
  cmd->add_flag("--no-cgt", a.no_cgt, "Do not decide positions by CGT values");
  cmd->add_option("--no-rule", a.no_rules,
                  "Switch one rule off (repeatable): packing, plans, cgt (the rules that decide a position without a search) or "
                  "safe-moves (safe moves left out of the search); the answer never changes")
      ->check(CLI::IsMember({"packing", "plans", "cgt", "safe-moves"}))
      ->type_name("NAME");
  cmd->add_flag("--no-knowledge", a.no_knowledge,
                "Switch every rule off: a plain alpha-beta search with its table (and the peek and screen, which use the packing)");
  cmd->add_flag("--play-safe-moves", a.play_safe_moves,
                "Also search safe moves (both cells out of the opponent's reach); by default they are searched only when the side to move "
                "has no other move, as they are never needed (Bullock, \"Domineering: Solving Large Combinatorial Search Spaces\", 2002)");
  cmd->add_flag(
      "--no-peek", a.no_peek,
      "Do not look, at a node expected to cut, for one of its first 8 moves that the bounds show to win at once, to try it first");
  cmd->add_flag("--no-screen", a.no_screen,
                "Do not drop, at a node whose moves are all to be searched, the moves after which the bounds show the other side to win "
                "at once (they are then searched as nodes, each decided there)");
  cmd->add_flag("--profile", a.profile,
                "Also print where the nodes went, ply by ply: settled by the table, decided without a search, expanded, "
                "cut at the first child tried, and the nodes spent on children tried before the one that cut (JSON: \"profile\")");
  cmd->add_option("--journal", a.journal_file,
                  fmt::format("Keep the proven results of the positions of the top {} plies in FILE (created if missing) and take "
                              "those already there instead of searching them again, so that a long solve stopped by Ctrl-C or a crash "
                              "resumes where it was; its results are trusted",
                              solver::JOURNAL_PLIES))
      ->type_name("FILE");
  cmd->add_option("--journal-min-seconds", a.journal_min_seconds,
                  "Record in the journal only proofs that took at least this many seconds (default 1)");
  cmd->add_flag("--json", a.json, "Print one JSON object");
  cmd->add_flag("--distributed", a.distributed,
                "Share the solve out over MPI ranks: run as `mpirun -np N domineering solve BOARD --distributed` (N >= 2); the first "
                "rank keeps the top of the tree and the journal, the others solve the positions it hands out, each with --threads "
                "threads, its own table and catalogue (docs/distributed.md)");
  cmd->add_option("--split-plies", a.split_plies,
                  fmt::format("With --distributed: positions this many plies below the root (or of at most {} empty cells) are "
                              "handed out whole (default {})",
                              distributed::MIN_SPLIT_CELLS, distributed::DEFAULT_SPLIT_PLIES));
  cmd->callback([tt_mb, component_entries, exact_cells, cgt_cells, etc_cells] {
    // Under mpirun every rank parses the same arguments and checks them alike; only the first
    // prints an error, the others leave with its exit code.
    std::unique_ptr<distributed::MpiWorld> mpi;
    if (a.distributed) {
      mpi = std::make_unique<distributed::MpiWorld>();
      if (mpi->size() < 2)
        throw base::InputError("--distributed needs at least 2 MPI ranks, one to share out the work and one to solve (run it as "
                               "`mpirun -np N domineering solve ... --distributed` with N >= 2)");
    }
    // An error is printed by the first rank only, and every rank waits at the barrier until it has
    // been (mpirun ends the job as soon as one rank leaves with an error).
    int code = 0;
    std::string message;
    try {
      solve_body(mpi.get(), tt_mb, component_entries, exact_cells, cgt_cells, etc_cells);
    } catch (const SilentExit& e) {
      code = e.code;
    } catch (const base::InputError& e) {
      if (!mpi)
        throw;
      code = 2;
      message = e.what();
    } catch (const std::exception& e) {
      if (!mpi)
        throw;
      code = 1;
      message = e.what();
    }
    if (mpi) {
      if (!message.empty() && mpi->rank() == 0)
        report_error(message);
      mpi->barrier();
      if (code != 0)
        throw SilentExit{code};
    }
  });
}

namespace {

void solve_body(distributed::MpiWorld* mpi, CLI::Option* tt_mb, CLI::Option* component_entries, CLI::Option* exact_cells,
                CLI::Option* cgt_cells, CLI::Option* etc_cells) {
  {
    const domineering::Board board = domineering::Board::parse(a.board);
    solver::check_solvable(board);
    // A rule is off when --no-knowledge or --no-rule NAME says so (the older switches too).
    const auto off = [&](const char* rule) { return a.no_knowledge || std::ranges::find(a.no_rules, rule) != a.no_rules.end(); };
    const bool cgt_on = !a.no_cgt && !off("cgt");
    // Only the default catalogue can be unaffordable; without the CGT endgame none is loaded.
    std::string warning;
    const solver::EndgameDefaults endgame = a.catalogue_file.empty() && cgt_on ? solver::affordable_endgame(board.empty_cells(), &warning)
                                                                               : solver::default_endgame(board.empty_cells());
    if (!warning.empty())
      std::cerr << "warning: " << warning << '\n';
    if (exact_cells->count() == 0)
      a.exact_cells = endgame.exact_cells;
    if (cgt_cells->count() == 0)
      a.cgt_cells = endgame.attempt_cells;
    if (a.exact_cells < 0 || a.exact_cells > 40)
      throw base::InputError(fmt::format("--exact-cells {} out of range (0 to 40)", a.exact_cells));
    // Cell counts of a board: 0 to the largest board's cells.
    const auto check_cells = [](const char* option, int n) {
      constexpr int most = solver::MAX_LARGE_SOLVE_SIDE * solver::MAX_LARGE_SOLVE_SIDE;
      if (n < 0 || n > most)
        throw base::InputError(fmt::format("{} {} out of range (0 to {})", option, n, most));
    };
    check_cells("--cgt-cells", a.cgt_cells);
    check_cells("--etc-cells", a.etc_cells);
    if (a.component_entries < 1 || a.component_entries > (std::size_t{1} << 24))
      throw base::InputError(fmt::format("--component-entries {} out of range (1 to {})", a.component_entries, std::size_t{1} << 24));
    cache::RuleSpec component_rule;
    try {
      component_rule = cache::RuleSpec::parse(a.component_rule);
    } catch (const std::invalid_argument& e) {
      throw base::InputError(fmt::format("--component-rule: {}", e.what()));
    }
    if (component_rule.offline())
      throw base::InputError(fmt::format(
          "--component-rule {}: this rule needs the whole sequence of lookups in advance, which a search has not", a.component_rule));
    if (a.tt_mb == 0 && !a.no_table)
      throw base::InputError("--tt-mb must be at least 1 (or use --no-table)");
    // In a distributed run the workers hold the tables, each checked against its own machine.
    if (const auto problem = solver::table_size_problem(a.tt_mb); problem && !a.no_table && !mpi)
      throw base::InputError(fmt::format("--tt-mb {} {}", a.tt_mb, *problem));
    if (a.threads < 0 || a.threads > solver::MAX_THREADS)
      throw base::InputError(fmt::format("--threads {} out of range (1 to {}, or 0 for every core)", a.threads, solver::MAX_THREADS));
    if (!(a.journal_min_seconds >= 0 && a.journal_min_seconds <= 1e9))
      throw base::InputError(fmt::format("--journal-min-seconds {} out of range (0 to 1e9)", a.journal_min_seconds));
    if (mpi && a.profile)
      throw base::InputError("--profile does not go with --distributed (each rank searches its own part of the tree)");
    if (a.split_plies < 1 || a.split_plies > distributed::MAX_SPLIT_PLIES)
      throw base::InputError(fmt::format("--split-plies {} out of range (1 to {})", a.split_plies, distributed::MAX_SPLIT_PLIES));
    // Opened before the catalogue is loaded: a bad journal fails at once, not after the load. In
    // a distributed run only the first rank keeps it, and tells the others whether to go on.
    std::unique_ptr<solver::SolveJournal> journal;
    const bool master = !mpi || mpi->rank() == 0;
    if (master) {
      try {
        if (!a.journal_file.empty())
          journal = std::make_unique<solver::SolveJournal>(a.journal_file);
        if (mpi && journal && journal->size() > 0 && !journal->has_positions_of(board))
          throw base::InputError(
              fmt::format("journal {} holds no position of board {}: it was kept for another board", a.journal_file, board.text()));
      } catch (...) {
        if (mpi)
          mpi->broadcast_go(false);
        throw;
      }
      if (mpi)
        mpi->broadcast_go(true);
    } else if (!mpi->broadcast_go(false)) {
      throw SilentExit{2};
    }
    // Without the CGT endgame nothing reads the catalogue: the default one is not loaded (a load,
    // or a build on first use, would be wasted). A file named by --catalogue is still read, so
    // that a bad one is reported. The solver only looks values up: their stops, mean and
    // temperature are not worked out again (catalogue::Check::values).
    const auto load_catalogue = [&] {
      return !cgt_on && a.catalogue_file.empty() ? catalogue::Catalogue{} : solver_catalogue(a.catalogue_file, endgame.catalogue_cells);
    };
    // A distributed run's first rank hands out positions and loads no catalogue; the others do.
    catalogue::Catalogue cat = mpi ? catalogue::Catalogue{} : load_catalogue();
    solver::SolveOptions o = solver::default_solve_options(board, endgame);
    if (a.threads != 0)
      o.threads = a.threads;
    o.table_mib = a.no_table ? 0 : tt_mb->count() > 0 ? a.tt_mb : o.table_mib;
    o.etc_pass_cells = etc_cells->count() > 0 ? a.etc_cells : solver::default_etc_pass_cells(o.table_mib);
    o.endgame.packing = !a.no_bounds && !off("packing");
    o.endgame.plans = !a.no_bounds && !off("plans");
    o.endgame.cgt = cgt_on;
    o.endgame.peek = !a.no_peek;
    o.endgame.screen = !a.no_screen;
    o.skip_safe_moves = !a.play_safe_moves && !off("safe-moves");
    o.profile = a.profile;
    o.endgame.exact_cells = a.exact_cells;
    o.endgame.attempt_cells = a.cgt_cells;
    if (component_entries->count() > 0)
      o.endgame.component_entries = a.component_entries;
    o.endgame.component_rule = component_rule;
    o.interrupt = &base::interrupt_flag();
    o.journal = journal.get();
    o.journal_min_seconds = a.journal_min_seconds;
    if (mpi && !master) {
      const bool started = distributed::run_worker(*mpi, [&](const std::atomic<bool>* cancel) {
        cat = load_catalogue();
        solver::SolveOptions worker = o;
        worker.interrupt = cancel;
        worker.journal = nullptr;
        if (const auto problem = solver::table_size_problem(worker.table_mib); problem && worker.table_mib > 0)
          throw base::InputError(fmt::format("a table of {} MiB {}", worker.table_mib, *problem));
        return distributed::WorkerSolver{std::make_unique<solver::DomineeringSolver>(cat, worker), cat.max_cells(), worker.threads};
      });
      if (!started)
        throw SilentExit{2};
      return;
    }
    std::vector<Side> firsts;
    if (a.first != "horizontal")
      firsts.push_back(Side::Left);
    if (a.first != "vertical")
      firsts.push_back(Side::Right);
    std::vector<solver::SolveResult> results;
    std::vector<distributed::DistributedRun> distributed_runs;
    if (mpi) {
      base::InterruptScope sigint;
      distributed::MasterOptions m;
      m.split_plies = a.split_plies;
      m.journal = journal.get();
      m.skip_safe_moves = o.skip_safe_moves;
      m.interrupt = &base::interrupt_flag();
      Progress lines(progress_mode() == ProgressMode::off ? ProgressMode::off : ProgressMode::lines);
      m.progress = [&](const distributed::MasterProgress& p) { lines.update(distributed_progress_line(p)); };
      distributed_runs = distributed::run_master(*mpi, board, firsts, m);
      for (const auto& run : distributed_runs)
        results.push_back(run.result);
    }
    std::optional<solver::DomineeringSolver> local;
    if (!mpi)
      local.emplace(cat, o);
    base::InterruptScope sigint;
    Progress progress;
    for (Side first : mpi ? std::vector<Side>{} : firsts) {
      solver::DomineeringSolver& s = *local;
      results.push_back(s.solve(board, first, [&](const solver::SolveProgress& p) {
        progress.update(fmt::format("solve {} first: {} nodes, {:.0f} nodes/s, {:.1f} s{}{}", orientation_name(first), p.nodes,
                                    p.seconds > 0 ? double(p.nodes) / p.seconds : 0.0, p.seconds,
                                    p.root_move ? ", root move " + domineering::to_string(*p.root_move) : std::string(),
                                    journal ? fmt::format(", journal +{}", p.journal_recorded) : std::string()));
      }));
      progress.finish();
      if (results.back().interrupted)
        break;
    }
    const bool stopped = results.back().interrupted;
    // A distributed run's catalogue is the workers' (the first rank loads none).
    const int catalogue_cells = !distributed_runs.empty() ? distributed_runs[0].ranks[0].catalogue_cells : cat.max_cells();
    const auto winner = [](const solver::SolveResult& r) { return r.first_player_wins ? r.first : domineering::opponent(r.first); };
    std::string outcome;
    if (!stopped && results.size() == 2)
      outcome = solver::outcome_class(results[0].first_player_wins, results[1].first_player_wins);
    if (a.json) {
      nlohmann::json runs = nlohmann::json::array();
      for (std::size_t i = 0; i < results.size(); ++i) {
        const solver::SolveResult& r = results[i];
        nlohmann::json j = mpi ? nlohmann::json{{"nodes", r.stats.nodes}, {"seconds", r.stats.seconds}} : stats_json(r.stats);
        if (mpi)
          j["distributed"] = distributed_json(distributed_runs[i]);
        j["first"] = std::string(orientation_name(r.first));
        if (!r.interrupted)
          j["winner"] = std::string(orientation_name(winner(r)));
        if (r.winning_move)
          j["move"] = domineering::to_string(*r.winning_move);
        j["interrupted"] = r.interrupted;
        if (!r.interrupted)
          j["decided_by"] = r.decided_by;
        if (!mpi)
          j["rules"] = {
              {"packing", r.stats.endgame.packing_decided}, {"plans", r.stats.endgame.plans_decided}, {"cgt", r.stats.endgame.cgt_decided}};
        if (a.profile)
          j["profile"] = profile_json(r.stats.profile, board.empty_cells(), r.first);
        if (journal) {
          j["journal_hits"] = r.stats.journal_hits;
          j["journal_recorded"] = r.stats.journal_recorded;
        }
        runs.push_back(j);
      }
      nlohmann::json out = runs.size() == 1 ? runs[0] : nlohmann::json{{"runs", runs}};
      out["board"] = board.text();
      out["threads"] = mpi ? a.threads : o.threads; // distributed: --threads as given (0: every core of each worker's machine)
      if (mpi) {
        out["ranks"] = mpi->size();
        out["split_plies"] = a.split_plies;
      }
      out["tt_mib"] = o.table_mib;
      out["etc_cells"] = o.etc_pass_cells;
      out["catalogue_cells"] = catalogue_cells;
      out["exact_cells"] = o.endgame.exact_cells;
      out["cgt_cells"] = o.endgame.attempt_cells;
      out["component_entries"] = o.endgame.component_entries;
      out["component_rule"] = o.endgame.component_rule.name();
      if (!outcome.empty())
        out["outcome"] = outcome;
      if (journal)
        out["journal"] = {{"file", journal->path()}, {"read", journal->loaded()}, {"entries", journal->size()}};
      std::uint64_t nodes = 0;
      double seconds = 0;
      for (const auto& r : results) {
        nodes += r.stats.nodes;
        seconds += r.stats.seconds;
      }
      out["nodes"] = nodes;
      out["seconds"] = seconds;
      if (runs.size() == 1 && !results[0].interrupted)
        out["winner"] = std::string(orientation_name(winner(results[0])));
      print_json(out);
    } else {
      std::cout << fmt::format("board {} ({} rows x {} columns; Vertical = Left, Horizontal = Right), {} thread{}, table {} MiB{}\n",
                               board.text(), board.height(), board.width(), o.threads, o.threads == 1 ? "" : "s", o.table_mib,
                               o.etc_pass_cells > 0 ? fmt::format(" (no cut-off pass at {} empty cells or fewer)", o.etc_pass_cells) : "");
      if (journal)
        std::cout << fmt::format("journal {}: {} entries read, {} now (results found there are trusted, not searched again)\n",
                                 journal->path(), journal->loaded(), journal->size());
      if (o.endgame.cgt)
        std::cout << fmt::format("CGT endgame: catalogue of shapes up to {} cells, regions valued up to {} cells, tried at up to {} "
                                 "coverable cells\n",
                                 catalogue_cells, o.endgame.exact_cells, o.endgame.attempt_cells);
      if (mpi)
        std::cout << fmt::format("distributed over {} MPI ranks: rank 0 hands out the positions {} plies in (or of at most {} empty "
                                 "cells), ranks 1 to {} solve them with {} each\n",
                                 mpi->size(), a.split_plies, distributed::MIN_SPLIT_CELLS, mpi->size() - 1,
                                 a.threads == 0 ? std::string("every core of their machine")
                                                : fmt::format("{} thread{}", a.threads, a.threads == 1 ? "" : "s"));
      for (std::size_t i = 0; i < results.size(); ++i) {
        const solver::SolveResult& r = results[i];
        if (r.interrupted) {
          std::cout << fmt::format("{} first: interrupted; statistics so far:\n", orientation_name(r.first));
        } else {
          std::cout << fmt::format("{} first: {} wins", orientation_name(r.first), orientation_name(winner(r)));
          if (r.winning_move)
            std::cout << fmt::format(", e.g. by {}", move_text(*r.winning_move));
          if (r.decided_by == "journal")
            std::cout << " (from the journal)";
          else if (r.decided_by == "table")
            std::cout << " (from the table: an earlier solve of this position or of an image of it)";
          else if (r.decided_by == "no-moves")
            std::cout << " (the first player has no move)";
          else if (r.decided_by != "search" && r.decided_by != "distributed")
            std::cout << fmt::format(" (decided by the {} rule, without a search)", r.decided_by);
          std::cout << "\n";
        }
        if (mpi)
          print_distributed(distributed_runs[i]);
        else
          print_stats(r.stats);
        if (journal)
          std::cout << fmt::format("  journal: {} positions answered from it, {} recorded\n", r.stats.journal_hits,
                                   r.stats.journal_recorded);
        if (a.profile)
          print_profile(r.stats.profile, board.empty_cells(), r.first, o.threads);
      }
      if (!outcome.empty())
        std::cout << fmt::format("outcome class: {}\n", outcome == "N"   ? "N (the first player wins)"
                                                        : outcome == "P" ? "P (the second player wins)"
                                                        : outcome == "L" ? "L (Vertical wins whoever starts)"
                                                                         : "R (Horizontal wins whoever starts)");
    }
    if (stopped)
      throw std::runtime_error("interrupted");
  }
}

} // namespace

void add_bench_command(CLI::App& app) {
  auto* cmd = app.add_subcommand("bench", "The fixed search workload; its total node count is the signature of the search");
  cmd->footer(fmt::format("Solves each board of the fixed list in solver/src/bench_positions.cpp for both first players, one thread, a\n"
                          "fresh {} MiB table each time. A change to the search that changes the total must say so in its commit\n"
                          "message (Bench: N). The total goes to stdout (nodes with --json), the time to stderr.",
                          solver::BENCH_TABLE_MIB));
  static bool json = false;
  cmd->add_flag("--json", json, "Print one JSON object");
  cmd->callback([] {
    const catalogue::Catalogue cat = catalogue::load_catalogue("", catalogue::SOLVER_MAX_CELLS, catalogue::Check::values);
    std::uint64_t total = 0;
    double seconds = 0;
    nlohmann::json rows = nlohmann::json::array();
    for (const std::string& text : solver::bench_positions()) {
      const domineering::Board board = domineering::Board::parse(text);
      for (Side first : {Side::Left, Side::Right}) {
        solver::SolveOptions o;
        o.threads = 1;
        o.table_mib = solver::BENCH_TABLE_MIB;
        solver::DomineeringSolver s(cat, o);
        const auto r = s.solve(board, first);
        total += r.stats.nodes;
        seconds += r.stats.seconds;
        rows.push_back({{"board", text},
                        {"first", std::string(orientation_name(first))},
                        {"first_player_wins", r.first_player_wins},
                        {"nodes", r.stats.nodes},
                        {"seconds", r.stats.seconds}});
        if (!json)
          std::cout << fmt::format("{:<75} {:<10} {:<5} {:>12} nodes {:>8.3f} s\n", text, orientation_name(first),
                                   r.first_player_wins ? "wins" : "loses", r.stats.nodes, r.stats.seconds);
      }
    }
    if (json)
      print_json(
          {{"nodes", total}, {"seconds", seconds}, {"nodes_per_second", seconds > 0 ? double(total) / seconds : 0.0}, {"positions", rows}});
    else
      std::cout << fmt::format("Bench: {}\n", total);
    std::cerr << fmt::format("{} nodes in {:.3f} s, {:.0f} nodes/s\n", total, seconds, seconds > 0 ? double(total) / seconds : 0.0);
  });
}

} // namespace cli
