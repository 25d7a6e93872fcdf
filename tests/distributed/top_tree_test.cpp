// The top tree of a distributed solve (distributed/top_tree.h), driven by a simulated pool of
// workers that finish their jobs in a random order, obey cancellations late or never, and send
// results after a cancellation: on random positions it must prove what a plain alpha-beta search
// (every rule off) finds, name a winning move that wins, and resume from its journal.
#include "distributed/top_tree.h"

#include "solver/domineering_solver.h"
#include "solver/solve_journal.h"

#include "catalogue/catalogue.h"
#include "domineering/board.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <memory>
#include <random>
#include <unistd.h>

using distributed::TopTree;
using domineering::Board;
using domineering::Side;

namespace {

const catalogue::Catalogue& eight() {
  static const catalogue::Catalogue c = catalogue::Catalogue::build(8);
  return c;
}

// The reference: alpha-beta with its table and nothing else (no bounds, CGT values or safe-move
// rule), which shares no code with the top tree's AND/OR logic.
bool plain_wins(const Board& b, Side to_move) {
  solver::SolveOptions o;
  o.table_mib = 8;
  o.endgame.packing = o.endgame.plans = o.endgame.cgt = false;
  o.endgame.peek = o.endgame.screen = false;
  o.skip_safe_moves = false;
  solver::DomineeringSolver s(catalogue::Catalogue{}, o);
  return s.solve(b, to_move).first_player_wins;
}

Board random_board(std::mt19937_64& rng) {
  const int h = int(rng() % 4) + 4, w = int(rng() % 4) + 4, holes = int(rng() % 9);
  Board b(h, w);
  std::vector<domineering::RowBits> rows(static_cast<std::size_t>(h));
  for (int r = 0; r < h; ++r)
    rows[std::size_t(r)] = b.row(r);
  for (int i = 0; i < holes; ++i) {
    const int r = int(rng() % std::uint64_t(h)), c = int(rng() % std::uint64_t(w));
    rows[std::size_t(r)] &= ~(domineering::RowBits{1} << c);
  }
  return Board::from_rows(h, w, rows.data());
}

struct Driven {
  std::size_t jobs = 0, cancelled = 0;
};

// Runs the tree to a proof with `workers` simulated workers: each step hands out jobs to idle
// workers (speculation only when nothing needed is left), finishes one running job chosen at
// random, and drops the jobs the tree cancels, some of whose results still come in.
// With max_results, stops (as a killed run would) after that many results.
Driven drive(TopTree& tree, solver::DomineeringSolver& solver, int workers, std::mt19937_64& rng,
             std::size_t max_results = std::size_t(-1)) {
  std::vector<distributed::Job> running;
  Driven d;
  for (std::size_t results = 0; !tree.proven(); ++results) {
    if (results == max_results)
      return d;
    while (int(running.size()) < workers) {
      auto job = tree.next_job(false);
      if (!job)
        job = tree.next_job(true);
      if (!job)
        break;
      running.push_back(*job);
      ++d.jobs;
    }
    if (tree.proven())
      break;
    REQUIRE(!running.empty());
    REQUIRE(tree.running_jobs() == running.size());
    const std::size_t i = rng() % running.size();
    const distributed::Job job = running[i];
    running.erase(running.begin() + std::ptrdiff_t(i));
    const solver::SolveResult r = solver.solve(job.board, job.to_move);
    tree.job_done(job.id, r.first_player_wins, r.winning_move, r.stats.seconds);
    for (std::uint64_t id : tree.jobs_to_cancel()) {
      const auto it = std::ranges::find_if(running, [&](const distributed::Job& j) { return j.id == id; });
      REQUIRE(it != running.end());
      ++d.cancelled;
      if (rng() % 2 == 0) { // the result was already on its way
        const solver::SolveResult late = solver.solve(it->board, it->to_move);
        tree.job_done(id, late.first_player_wins, late.winning_move, late.stats.seconds);
      } else {
        tree.job_abandoned(id);
      }
      running.erase(it);
    }
  }
  CHECK(tree.jobs_to_cancel().size() == running.size()); // once the root is proven nothing is needed
  return d;
}

} // namespace

TEST_CASE("the top tree proves what plain alpha-beta finds, whatever order jobs finish in", "[distributed]") {
  std::mt19937_64 rng(2026);
  solver::SolveOptions o;
  o.table_mib = 16;
  solver::DomineeringSolver solver(eight(), o);
  std::size_t cancelled = 0, speculative = 0, expanded = 0;
  for (int i = 0; i < 120; ++i) {
    const Board b = random_board(rng);
    const Side first = rng() % 2 ? Side::Left : Side::Right;
    const int plies = int(rng() % 3) + 1, workers = int(rng() % 4) + 1;
    INFO(b.text() << " " << domineering::orientation_name(first) << " first, " << plies << " plies, " << workers << " workers");
    TopTree tree(b, first, plies, nullptr, true);
    const Driven d = drive(tree, solver, workers, rng);
    const bool wins = plain_wins(b, first);
    REQUIRE(tree.root_wins() == wins);
    if (wins && tree.winning_move()) {
      Board after = b;
      REQUIRE(b.is_legal(*tree.winning_move()));
      after.play(*tree.winning_move());
      CHECK_FALSE(plain_wins(after, domineering::opponent(first)));
    }
    cancelled += d.cancelled;
    speculative += tree.stats().speculative_jobs;
    expanded += tree.stats().expanded;
  }
  // The simulation must have exercised what it is for.
  CHECK(cancelled > 0);
  CHECK(speculative > 0);
  CHECK(expanded > 0);
}

TEST_CASE("the top tree records its proofs in the journal and resumes from them", "[distributed]") {
  const std::string path = (std::filesystem::temp_directory_path() / ("top_tree_journal_" + std::to_string(getpid()) + ".tsv")).string();
  std::filesystem::remove(path);
  solver::SolveOptions o;
  o.table_mib = 16;
  std::mt19937_64 rng(7);
  const Board b = Board::parse("7x6");
  // A fresh solver each time, so that only the journal carries results from run to run.
  const auto fresh = [&] { return std::make_unique<solver::DomineeringSolver>(eight(), o); };
  TopTree whole(b, Side::Left, 3, nullptr, true);
  const std::size_t whole_jobs = drive(whole, *fresh(), 2, rng).jobs;
  {
    solver::SolveJournal journal(path);
    TopTree stopped(b, Side::Left, 3, &journal, true);
    drive(stopped, *fresh(), 2, rng, whole_jobs / 2);
    REQUIRE_FALSE(stopped.proven());
    CHECK(stopped.stats().journal_recorded > 0);
    journal.save();
  }
  {
    solver::SolveJournal journal(path);
    TopTree resumed(b, Side::Left, 3, &journal, true);
    const std::size_t jobs = drive(resumed, *fresh(), 2, rng).jobs;
    CHECK(resumed.stats().journal_hits > 0);
    CHECK(jobs < whole_jobs);
    CHECK(resumed.root_wins() == whole.root_wins());
    journal.save();
  }
  {
    solver::SolveJournal journal(path);
    TopTree again(b, Side::Left, 3, &journal, true);
    CHECK(again.proven());
    CHECK(again.root_from_journal());
    CHECK(again.root_wins() == whole.root_wins());
    // Another board's journal answers nothing there, and says so.
    CHECK(journal.has_positions_of(b));
    CHECK_FALSE(journal.has_positions_of(Board::parse("6x7")));
    CHECK_FALSE(journal.has_positions_of(Board::parse("8x8")));
  }
  std::filesystem::remove(path);
}
