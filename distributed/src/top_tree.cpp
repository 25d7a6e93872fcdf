#include "distributed/top_tree.h"

#include "solver/domineering_position.h"

#include <algorithm>
#include <chrono>
#include <functional>

namespace distributed {

using domineering::Board;
using domineering::Move;
using domineering::Side;

namespace {

// The moves of `to_move` in the solver's order (best first, safe placements left out while
// there are others when skip_safe_moves), so that a "one" node's first child is the solver's.
template <class P>
std::vector<Move> ordered_moves(const Board& board, Side to_move, bool skip_safe_moves) {
  const P pos(board, to_move, skip_safe_moves);
  typename P::Move moves[P::MAX_MOVES];
  const typename P::Move* end = pos.generate_moves(moves);
  std::vector<Move> out;
  out.reserve(std::size_t(end - moves));
  for (const typename P::Move* m = moves; m != end; ++m)
    out.push_back(P::decode(*m, to_move));
  return out;
}

std::vector<Move> ordered_moves(const Board& board, Side to_move, bool skip_safe_moves) {
  if (board.height() <= solver::MAX_SOLVE_SIDE && board.width() <= solver::MAX_SOLVE_SIDE)
    return ordered_moves<solver::DomineeringPosition>(board, to_move, skip_safe_moves);
  return ordered_moves<solver::LargeDomineeringPosition>(board, to_move, skip_safe_moves);
}

std::string key_of(const Board& board, Side to_move) {
  const solver::JournalEntry e = solver::least_image(board, to_move, false, std::nullopt, 0);
  return e.board.text() + (e.to_move == Side::Left ? "|v" : "|h");
}

double clock_seconds() { return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count(); }

} // namespace

TopTree::TopTree(const Board& board, Side to_move, int split_plies, solver::SolveJournal* journal, bool skip_safe_moves)
    : split_plies_(split_plies), journal_(journal), skip_safe_moves_(skip_safe_moves), start_(clock_seconds()) {
  node_for(board, to_move, 0);
  root_from_journal_ = nodes_[0].proven && stats_.journal_hits > 0;
}

double TopTree::now() const { return clock_seconds() - start_; }

// The node of (board, to_move), made when new: proven at once when the journal has it or its side
// to move has no move.
std::uint32_t TopTree::node_for(const Board& board, Side to_move, int ply) {
  const auto [it, added] = index_.try_emplace(key_of(board, to_move), std::uint32_t(nodes_.size()));
  if (!added)
    return it->second;
  const std::uint32_t n = it->second;
  nodes_.push_back(Node{});
  Node& node = nodes_.back();
  node.board = board;
  node.to_move = to_move;
  node.ply = ply;
  node.started = now();
  ++stats_.nodes;
  if (journal_ != nullptr)
    if (const auto known = journal_->lookup(board, to_move)) {
      ++stats_.journal_hits;
      node.proven = true;
      node.to_move_wins = known->to_move_wins;
      node.move = known->move;
      ++stats_.proven;
      return n;
    }
  Move any[domineering::MAX_MOVES];
  if (board.moves(to_move, any) == 0) {
    node.proven = true;
    ++stats_.proven;
  }
  return n;
}

void TopTree::expand(std::uint32_t n) {
  const Board board = nodes_[n].board;
  const Side to_move = nodes_[n].to_move, next = domineering::opponent(to_move);
  const int ply = nodes_[n].ply;
  for (const Move& m : ordered_moves(board, to_move, skip_safe_moves_)) {
    Board child = board;
    child.play(m);
    const std::uint32_t c = node_for(child, next, ply + 1); // may grow nodes_: no references held
    if (std::ranges::find(nodes_[n].children, c) != nodes_[n].children.end())
      continue; // a symmetric move: the same position
    nodes_[n].children.push_back(c);
    nodes_[n].moves.push_back(m);
    nodes_[c].parents.push_back(n);
  }
  Node& node = nodes_[n];
  node.expanded = true;
  node.started = now();
  ++stats_.expanded;
  std::optional<Move> win;
  for (std::size_t i = 0; i < node.children.size(); ++i) {
    const Node& c = nodes_[node.children[i]];
    if (!c.proven)
      ++node.unproven_children;
    else if (!c.to_move_wins && !win)
      win = node.moves[i];
  }
  if (win)
    prove(n, true, win, 0);
  else if (node.unproven_children == 0)
    prove(n, false, std::nullopt, 0);
}

void TopTree::prove(std::uint32_t n, bool to_move_wins, std::optional<Move> move, double seconds) {
  if (nodes_[n].proven)
    return;
  {
    Node& node = nodes_[n];
    node.proven = true;
    node.to_move_wins = to_move_wins;
    node.move = to_move_wins ? move : std::nullopt;
    ++stats_.proven;
    if (journal_ != nullptr && journal_->record(node.board, node.to_move, to_move_wins, node.move, seconds))
      ++stats_.journal_recorded;
  }
  const std::vector<std::uint32_t> parents = nodes_[n].parents;
  for (std::uint32_t p : parents) {
    if (nodes_[p].proven)
      continue;
    if (!to_move_wins) {
      const auto& children = nodes_[p].children;
      const std::size_t i = std::size_t(std::ranges::find(children, n) - children.begin());
      prove(p, true, nodes_[p].moves[i], now() - nodes_[p].started);
    } else if (--nodes_[p].unproven_children == 0) {
      prove(p, false, std::nullopt, now() - nodes_[p].started);
    }
  }
}

std::optional<std::uint32_t> TopTree::choose(std::uint32_t n, Want want, bool speculate) {
  if (nodes_[n].proven || nodes_[n].seen == walk_)
    return std::nullopt;
  nodes_[n].seen = walk_;
  if (nodes_[n].job != 0)
    return std::nullopt;
  if (!nodes_[n].expanded) {
    if (nodes_[n].ply >= split_plies_ || nodes_[n].board.empty_cells() <= MIN_SPLIT_CELLS)
      return n;
    expand(n);
    if (nodes_[n].proven)
      return std::nullopt;
  }
  const Want below = want == Want::one ? Want::all : Want::one;
  for (std::size_t i = 0; i < nodes_[n].children.size(); ++i) {
    const std::uint32_t c = nodes_[n].children[i];
    if (nodes_[c].proven)
      continue;
    if (const auto r = choose(c, below, speculate))
      return r;
    // A "one" node needs its first unproven child only; an "all" node its eldest first (Young
    // Brothers Wait: the eldest is the likeliest to refute, and settles the node alone when it
    // does), then all the others at once.
    if (nodes_[n].proven || (!speculate && (want == Want::one || i == 0)))
      return std::nullopt;
  }
  return std::nullopt;
}

std::optional<Job> TopTree::next_job(bool speculate) {
  std::optional<std::uint32_t> n;
  // A walk that expanded nodes may have proven some and stopped short of what is needed now:
  // walk again until one expands nothing.
  for (std::size_t expanded = stats_.expanded + 1; !n && !proven() && expanded != stats_.expanded;) {
    expanded = stats_.expanded;
    ++walk_;
    n = choose(0, Want::one, speculate);
  }
  if (!n)
    return std::nullopt;
  const std::uint64_t id = next_job_id_++;
  Node& node = nodes_[*n];
  node.job = id;
  node.started = now();
  running_.emplace(id, *n);
  ++stats_.jobs;
  if (speculate)
    ++stats_.speculative_jobs;
  return Job{id, node.board, node.to_move, speculate};
}

void TopTree::job_done(std::uint64_t job, bool to_move_wins, std::optional<Move> move, double seconds) {
  ++stats_.results;
  const auto it = running_.find(job);
  std::uint32_t n;
  if (it != running_.end()) {
    n = it->second;
    running_.erase(it);
    nodes_[n].job = 0;
  } else {
    // Cancelled while its result was on the way: the result is still a proof.
    const auto found = std::ranges::find_if(cancelled_, [&](const auto& e) { return e.first == job; });
    if (found == cancelled_.end())
      return;
    n = found->second;
    cancelled_.erase(found);
  }
  prove(n, to_move_wins, move, seconds);
}

void TopTree::job_abandoned(std::uint64_t job) {
  if (const auto it = running_.find(job); it != running_.end()) {
    nodes_[it->second].job = 0;
    running_.erase(it);
  }
  std::erase_if(cancelled_, [&](const auto& e) { return e.first == job; });
}

// Whether n is still needed: unproven, and the root or a child of a needed node. memo: 0 not
// known, 1 needed, 2 not.
bool TopTree::needed(std::uint32_t n) {
  if (needed_memo_[n] != 0)
    return needed_memo_[n] == 1;
  bool r = !nodes_[n].proven && n == 0;
  if (!nodes_[n].proven && n != 0)
    for (std::uint32_t p : nodes_[n].parents)
      if (needed(p)) {
        r = true;
        break;
      }
  needed_memo_[n] = r ? 1 : 2;
  return r;
}

std::vector<std::uint64_t> TopTree::jobs_to_cancel() {
  std::vector<std::uint64_t> out;
  if (running_.empty())
    return out;
  needed_memo_.assign(nodes_.size(), 0);
  for (auto it = running_.begin(); it != running_.end();) {
    if (needed(it->second)) {
      ++it;
      continue;
    }
    out.push_back(it->first);
    nodes_[it->second].job = 0;
    cancelled_.emplace_back(it->first, it->second);
    ++stats_.cancelled;
    it = running_.erase(it);
  }
  std::ranges::sort(out);
  return out;
}

bool TopTree::was_cancelled(std::uint64_t job) const {
  return std::ranges::any_of(cancelled_, [&](const auto& e) { return e.first == job; });
}

std::size_t TopTree::count_pending(std::uint32_t n, Want want) {
  Node& node = nodes_[n];
  if (node.proven || node.seen == walk_)
    return 0;
  node.seen = walk_;
  if (node.job != 0)
    return 0;
  if (!node.expanded)
    return 1;
  std::size_t total = 0;
  const Want below = want == Want::one ? Want::all : Want::one;
  for (std::uint32_t c : std::vector<std::uint32_t>(node.children)) {
    if (nodes_[c].proven)
      continue;
    total += count_pending(c, below);
    if (want == Want::one || c == node.children[0])
      break;
  }
  return total;
}

std::size_t TopTree::pending_jobs() {
  ++walk_;
  return count_pending(0, Want::one);
}

} // namespace distributed
