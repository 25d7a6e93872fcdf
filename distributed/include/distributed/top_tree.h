// TopTree: the top of a distributed solve's game tree, kept by one rank (the master) as an AND/OR
// graph of positions, and the choice of which positions to hand out as jobs. It knows nothing of
// MPI: the master (mpi_solve.h) asks it for jobs, sends them to ranks and reports their results
// back, and the tests drive it with a local solver instead.
//
// Invariants. A node is a position with a side to move, merged with every image of it that keeps
// the outcome (reflections; transposes with the other side to move on square boards), so that
// transpositions and symmetric moves are one node (solve_journal.h's least image). A node is
// proven won for its side to move as soon as one child is proven lost for its own side to move,
// and proven lost once every child is proven won; a proof is final and is passed to every parent
// at once. A position is handed out only while it is still needed: an unproven node reachable
// from the root through unproven nodes. When a proof makes a running job no longer needed,
// jobs_to_cancel() names it. Every proven node goes into the journal, when there is one, so that
// a stopped run resumes from it.
//
// Which positions are handed out. The search below a node of the top tree is alpha-beta's: where
// the side to move is expected to win ("one" node: the root, and the first child of an "all"
// node's children), only its first unproven child is needed, in the solver's move order; where it
// is expected to lose ("all" node: every child of a "one" node), every child is needed: the
// eldest first, alone (Young Brothers Wait: when the guess is wrong, the eldest is the likeliest
// refutation), then all the others at once. Anything else is speculation, handed out only when a
// rank would otherwise wait (next_job(true)). Nodes SPLIT_PLIES below the root, or with
// few empty cells, are handed out whole; others are expanded when the choice first reaches them.
#pragma once

#include "solver/solve_journal.h"

#include "domineering/board.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace distributed {

// Plies below the root at which positions are handed out whole, by default: deep enough that a
// "one" node's first "all" child gives each rank dozens of jobs, shallow enough that a job is
// worth a message (on 9x9 a position four plies in takes tenths of a second to seconds).
inline constexpr int DEFAULT_SPLIT_PLIES = 4;
inline constexpr int MAX_SPLIT_PLIES = 8;
// Positions with at most this many empty cells are handed out whole at any ply: their solve is
// shorter than the messages that would share it out.
inline constexpr int MIN_SPLIT_CELLS = 24;

struct Job {
  std::uint64_t id = 0;
  domineering::Board board;
  domineering::Side to_move = domineering::Side::Left;
  bool speculative = false; // handed out only because a rank would otherwise wait
};

struct TopTreeStats {
  std::size_t nodes = 0;            // positions in the top tree
  std::size_t expanded = 0;         // of them, expanded here
  std::size_t jobs = 0;             // positions handed out
  std::size_t speculative_jobs = 0; // of them, speculation
  std::size_t cancelled = 0;        // jobs whose result stopped being needed while they ran
  std::size_t results = 0;          // job results received (cancelled ones included)
  std::size_t journal_hits = 0;     // positions the journal answered
  std::size_t journal_recorded = 0; // positions this run added to it
  std::size_t proven = 0;           // nodes proven (by a job, the journal or their children)
};

class TopTree {
public:
  // The root: `board` with `to_move` to move. The journal, when given, answers positions before
  // they are expanded or handed out and receives every proven one.
  TopTree(const domineering::Board& board, domineering::Side to_move, int split_plies, solver::SolveJournal* journal, bool skip_safe_moves);

  // The next position to hand out, or none: none when every needed position is running or the
  // root is proven. With speculate, also a "one" node's later children.
  std::optional<Job> next_job(bool speculate);
  // A job's result (its side to move wins or not, a winning move when known, how long it took):
  // proves its node, and so perhaps its parents. A result that came after the job was cancelled
  // still counts.
  void job_done(std::uint64_t job, bool to_move_wins, std::optional<domineering::Move> move, double seconds);
  // A job that ended without a result (cancelled, or its rank stopped): it may be handed out again.
  void job_abandoned(std::uint64_t job);
  // Running jobs no longer needed since the last call; they are no longer running here.
  std::vector<std::uint64_t> jobs_to_cancel();
  // Whether jobs_to_cancel() named the job and no result has come for it since.
  bool was_cancelled(std::uint64_t job) const;

  bool proven() const { return nodes_[0].proven; }
  // Meaningful once proven().
  bool root_wins() const { return nodes_[0].to_move_wins; }
  std::optional<domineering::Move> winning_move() const { return nodes_[0].move; }
  bool root_from_journal() const { return root_from_journal_; }
  // Needed positions not yet handed out, of the part of the tree expanded so far (a lower bound on
  // the jobs still to come), and the jobs running.
  std::size_t pending_jobs();
  std::size_t running_jobs() const { return running_.size(); }
  const TopTreeStats& stats() const { return stats_; }

private:
  enum class Want : std::uint8_t { one, all };
  struct Node {
    domineering::Board board;
    domineering::Side to_move = domineering::Side::Left;
    int ply = 0;
    bool expanded = false;
    bool proven = false;
    bool to_move_wins = false;
    std::optional<domineering::Move> move; // a winning move, once proven won by a child
    std::vector<std::uint32_t> children;   // distinct positions, in the solver's move order
    std::vector<domineering::Move> moves;  // the move to each child
    std::vector<std::uint32_t> parents;
    std::uint32_t unproven_children = 0;
    std::uint64_t job = 0;  // the running job, 0 when none
    std::uint64_t seen = 0; // the last walk that visited it
    double started = 0;     // when it was expanded or handed out (seconds since construction)
  };

  std::uint32_t node_for(const domineering::Board& board, domineering::Side to_move, int ply);
  void expand(std::uint32_t n);
  void prove(std::uint32_t n, bool to_move_wins, std::optional<domineering::Move> move, double seconds);
  std::optional<std::uint32_t> choose(std::uint32_t n, Want want, bool speculate);
  std::size_t count_pending(std::uint32_t n, Want want);
  bool needed(std::uint32_t n);
  double now() const;

  std::vector<Node> nodes_;
  std::unordered_map<std::string, std::uint32_t> index_;           // least image's text and side -> node
  std::unordered_map<std::uint64_t, std::uint32_t> running_;       // job -> node
  std::vector<std::pair<std::uint64_t, std::uint32_t>> cancelled_; // jobs cancelled, results not yet in
  std::vector<std::uint8_t> needed_memo_;
  int split_plies_;
  solver::SolveJournal* journal_;
  bool skip_safe_moves_;
  bool root_from_journal_ = false;
  std::uint64_t next_job_id_ = 1;
  std::uint64_t walk_ = 0;
  TopTreeStats stats_;
  double start_;
};

} // namespace distributed
