// Solving one board on many processes over MPI: rank 0 (the master) keeps the top of the tree
// (top_tree.h) and hands positions out; every other rank (a worker) solves them with its own
// DomineeringSolver (its threads, table, component cache and catalogue) and sends back who wins,
// a winning move and the nodes its proof took. The master cancels a job as soon as a proof
// elsewhere makes it unneeded, and records every proven position in the journal, so that a run
// stopped by Ctrl-C, a lost rank or a batch system's limit resumes where it was.
//
// Messages are short text (one position or one result each), sent and polled without blocking,
// so that an idle rank sleeps instead of spinning in MPI. Only each process's main thread calls
// MPI (MPI_THREAD_FUNNELED); a worker's solve runs on a thread of its own. This header does not
// include mpi.h: a build without MPI (DOMINEERING_MPI=OFF) links a stand-in whose MpiWorld
// refuses with a one-line error.
#pragma once

#include "distributed/top_tree.h"

#include "solver/domineering_solver.h"
#include "solver/solve_journal.h"

#include "domineering/board.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace distributed {

// Whether this build has MPI.
bool built_with_mpi();

// MPI_Init_thread for the life of the object, MPI_Finalize after. Throws base::InputError in a
// build without MPI.
class MpiWorld {
public:
  MpiWorld();
  ~MpiWorld();
  MpiWorld(const MpiWorld&) = delete;
  MpiWorld& operator=(const MpiWorld&) = delete;
  int rank() const { return rank_; }
  int size() const { return size_; }
  // Collective: every rank gets rank 0's `go` (the others' argument is ignored), so that a check
  // only rank 0 makes can stop every rank before any waits for another.
  bool broadcast_go(bool go) const;
  // Collective: returns when every rank has called it.
  void barrier() const;

private:
  int rank_ = 0;
  int size_ = 1;
};

struct RankStats {
  int rank = 0;
  std::string host;
  int catalogue_cells = 0; // the largest shapes of its catalogue (0: none loaded)
  int threads = 0;         // its search threads
  std::uint64_t nodes = 0;
  double busy_seconds = 0; // wall seconds spent on jobs, as the rank measured them
  std::size_t jobs = 0;
  std::size_t cancelled = 0; // of them, stopped before the end
};

struct MasterProgress {
  domineering::Side first = domineering::Side::Left;
  double seconds = 0;
  TopTreeStats tree;
  std::size_t pending = 0; // needed positions not yet handed out, of the tree expanded so far
  std::size_t running = 0;
  const std::vector<RankStats>* ranks = nullptr;
  double left_seconds = -1; // the pending and running jobs at the mean time a job took so far; -1 before any
};

struct MasterOptions {
  int split_plies = DEFAULT_SPLIT_PLIES;
  solver::SolveJournal* journal = nullptr;
  bool skip_safe_moves = true;
  const std::atomic<bool>* interrupt = nullptr;
  std::function<void(const MasterProgress&)> progress;
  double progress_interval = 2.0;
};

struct DistributedRun {
  solver::SolveResult result; // decided_by: "distributed", "journal" or "no-moves"
  TopTreeStats tree;
  std::vector<RankStats> ranks; // the workers, rank 1 first
  std::uint64_t messages = 0;   // sent and received by the master
  std::uint64_t bytes = 0;
  double master_cpu_seconds = 0; // the master's CPU time (user and system): the cost of the top tree and the messages
};

// On rank 0 of a world of at least two ranks: solves `board` for each first player in turn,
// with every other rank as a worker, then tells them to stop. Throws base::InputError naming a
// rank that could not start (make_solver failed there), std::runtime_error when a rank fails in
// a solve. A run stopped by the interrupt ends with result.interrupted.
std::vector<DistributedRun> run_master(const MpiWorld& world, const domineering::Board& board, const std::vector<domineering::Side>& firsts,
                                       const MasterOptions& options);

// On every other rank: builds its solver with make_solver (and says how large a catalogue it has) (the flag it is given is the solver's
// interrupt, set when the master cancels a job or the process gets SIGINT or SIGTERM), reports to
// the master, then solves what it is sent until told to stop. false when make_solver failed (the
// master has been told why).
struct WorkerSolver {
  std::unique_ptr<solver::DomineeringSolver> solver;
  int catalogue_cells = 0;
  int threads = 0;
};
using SolverFactory = std::function<WorkerSolver(const std::atomic<bool>* cancel)>;
bool run_worker(const MpiWorld& world, const SolverFactory& make_solver);

} // namespace distributed
