#include "solver/proof.h"

#include "base/checksum.h"
#include "base/input_error.h"
#include "base/interrupt.h"
#include "catalogue/checked_tsv.h"

#include <fmt/format.h>

#include <algorithm>
#include <random>
#include <sstream>
#include <unordered_map>

namespace solver {

using domineering::Board;
using domineering::Move;
using domineering::Side;

namespace {

std::string_view kind_word(ProofKind k) { return k == ProofKind::choice ? "choice" : k == ProofKind::all ? "all" : "leaf"; }
std::string_view side_word(Side s) { return domineering::orientation_name(s); }

Board after(Board b, const Move& m) {
  b.play(m);
  return b;
}

// Who wins (b, to_move), and a winning move when the side to move wins and one is known: from
// the journal, else solved (and recorded).
struct Known {
  bool to_move_wins;
  std::optional<Move> move;
  const char* source;
};

class Builder {
public:
  Builder(DomineeringSolver& solver, SolveJournal* journal, Side winner, int depth, const std::function<void(std::size_t)>& progress)
      : solver_(solver), journal_(journal), winner_(winner), depth_(depth), progress_(progress) {}

  // Results solved by this proof are remembered by position, so that a leaf solved on the way
  // (while a winning move was confirmed, say) is not credited to the journal it was added to.
  Known known(const Board& b, Side to_move) {
    const std::string key = b.text() + (to_move == Side::Left ? "|v" : "|h");
    if (const auto it = solved_.find(key); it != solved_.end())
      return it->second;
    if (journal_ != nullptr)
      if (const auto r = journal_->lookup(b, to_move))
        return {r->to_move_wins, r->move, "journal"};
    const SolveResult r = solver_.solve(b, to_move);
    if (r.interrupted)
      throw base::Interrupted();
    if (journal_ != nullptr)
      journal_->record(b, to_move, r.first_player_wins, r.winning_move, r.stats.seconds);
    return solved_[key] = Known{r.first_player_wins, r.winning_move, "solved"};
  }

  void set_winner(Side winner) { winner_ = winner; }

  void expand(Proof& proof, const Board& b, Side to_move, int parent, std::optional<Move> move, int ply) {
    const int id = int(proof.nodes.size());
    proof.nodes.push_back({parent, move, to_move, ProofKind::leaf, b, std::nullopt, ""});
    if (progress_ && proof.nodes.size() % 64 == 0)
      progress_(proof.nodes.size());
    const bool in_journal = journal_ != nullptr && ply > 0 && journal_->lookup(b, to_move).has_value();
    if (ply >= depth_ || in_journal) {
      const Known k = known(b, to_move);
      if (k.to_move_wins != (to_move == winner_))
        throw std::logic_error(fmt::format("proof: node {} ({} to move on {}): the {} result is that {} wins, against the root's result",
                                           id, side_word(to_move), b.text(), k.source,
                                           side_word(k.to_move_wins ? to_move : domineering::opponent(to_move))));
      proof.nodes[std::size_t(id)].result = winner_;
      proof.nodes[std::size_t(id)].source = k.source;
      return;
    }
    Move moves[domineering::MAX_MOVES];
    const int n = b.moves(to_move, moves);
    const Side next = domineering::opponent(to_move);
    if (to_move != winner_) {
      proof.nodes[std::size_t(id)].kind = ProofKind::all;
      for (int i = 0; i < n; ++i)
        expand(proof, after(b, moves[i]), next, id, moves[i], ply + 1);
      return;
    }
    proof.nodes[std::size_t(id)].kind = ProofKind::choice;
    // A winning move: the one the journal or the solve names, else the first child found lost
    // by the side to move there.
    const Known k = known(b, to_move);
    std::optional<Move> best = k.move;
    if (best && (!b.is_legal(*best) || known(after(b, *best), next).to_move_wins))
      best.reset(); // a move named but not confirmed: look for one
    for (int i = 0; !best && i < n; ++i)
      if (!known(after(b, moves[i]), next).to_move_wins)
        best = moves[i];
    if (!best)
      throw std::logic_error(fmt::format("proof: no winning move found for {} in {}", side_word(to_move), b.text()));
    expand(proof, after(b, *best), next, id, best, ply + 1);
  }

private:
  DomineeringSolver& solver_;
  SolveJournal* journal_;
  Side winner_;
  int depth_;
  const std::function<void(std::size_t)>& progress_;
  std::unordered_map<std::string, Known> solved_;
};

class Reader : public catalogue::CheckedTsvReader {
public:
  explicit Reader(std::string name) : CheckedTsvReader("proof", std::move(name)) {}

  Proof read(const std::string& text) {
    const FirstLine first = first_line(text, PROOF_MAGIC, "a domineering proof");
    const auto field = [&](const char* key) -> std::string {
      const auto it = first.fields.find(key);
      if (it == first.fields.end())
        fail(1, fmt::format("no {}", key));
      return it->second;
    };
    if (const long long v = integer(field("version"), 1, "version"); v != PROOF_VERSION)
      fail(1, fmt::format("unsupported proof version {} (this program reads version {})", v, PROOF_VERSION));
    Proof p;
    p.root = board(field("board"), 1);
    p.first = side(field("first"), 1, "first");
    p.winner = side(field("winner"), 1, "winner");
    const long long depth = integer(field("depth"), 1, "depth");
    if (depth < 1 || depth > 8)
      fail(1, fmt::format("depth {} out of range (1 to 8)", depth));
    p.depth = int(depth);
    const long long nodes = integer(field("nodes"), 1, "nodes"), leaves = integer(field("leaves"), 1, "leaves");
    check_checksum(first);
    const std::size_t end = for_each_row(first.body, PROOF_HEADER, [&](std::size_t line, std::string_view row) {
      const std::vector<std::string_view> f = split_tabs(row);
      if (f.size() != 8)
        fail(line, fmt::format("expected 8 tab-separated fields, found {}", f.size()));
      if (integer(f[0], line, "node") != (long long)p.nodes.size())
        fail(line, fmt::format("node number {} out of order (expected {})", f[0], p.nodes.size()));
      ProofNode n;
      const long long parent = integer(f[1], line, "parent");
      if (parent < -1 || parent >= (long long)p.nodes.size() || (parent == -1) != p.nodes.empty())
        fail(line, fmt::format("parent {} is not an earlier node", f[1]));
      n.parent = int(parent);
      if ((f[2] == "-") != p.nodes.empty())
        fail(line, p.nodes.empty() ? "a move into the root" : "no move from the parent");
      if (f[2] != "-") {
        n.move = domineering::parse_move(f[2]);
        if (!n.move)
          fail(line, fmt::format("move '{}' is not of the form 'V r,c' or 'H r,c'", f[2]));
      }
      n.to_move = side(f[3], line, "to_move");
      if (f[4] == "choice")
        n.kind = ProofKind::choice;
      else if (f[4] == "all")
        n.kind = ProofKind::all;
      else if (f[4] == "leaf")
        n.kind = ProofKind::leaf;
      else
        fail(line, fmt::format("kind '{}' is not choice, all or leaf", f[4]));
      n.board = board(f[5], line);
      if (f[6] != "-")
        n.result = side(f[6], line, "result");
      if ((n.kind == ProofKind::leaf) != n.result.has_value())
        fail(line, n.result ? "a result on a node that is not a leaf" : "a leaf without a result");
      if (f[7] != (n.result ? "journal" : "-") && f[7] != (n.result ? "solved" : "-"))
        fail(line, fmt::format("source '{}' is not {}", f[7], n.result ? "journal or solved" : "'-' on a node that is not a leaf"));
      n.source = f[7] == "-" ? "" : std::string(f[7]);
      if (p.nodes.empty() && (!(n.board == p.root) || n.to_move != p.first))
        fail(line, "the root row is not the board and first player of line 1");
      p.nodes.push_back(std::move(n));
    });
    if (p.nodes.empty())
      fail(end, "no nodes");
    if (p.nodes.size() != std::size_t(nodes))
      fail(end, fmt::format("the file holds {} nodes but its first line says {}", p.nodes.size(), nodes));
    if (p.leaves() != std::size_t(leaves))
      fail(end, fmt::format("the file holds {} leaves but its first line says {}", p.leaves(), leaves));
    return p;
  }
};

std::string where(std::size_t id, const ProofNode& n) {
  return fmt::format("node {} ({} to move on {})", id, side_word(n.to_move), n.board.text());
}

// The tree's faults: anything but a complete, legal tree of the claimed winner's choices and the
// loser's every reply.
void check_tree(const Proof& p, std::vector<std::size_t>& leaves) {
  if (p.nodes.empty())
    throw ProofError("the proof has no nodes");
  const ProofNode& root = p.nodes[0];
  if (!(root.board == p.root) || root.to_move != p.first)
    throw ProofError(fmt::format("node 0 is not the root the proof names ({} with {} to move)", p.root.text(), side_word(p.first)));
  std::vector<std::vector<std::size_t>> children(p.nodes.size());
  for (std::size_t i = 1; i < p.nodes.size(); ++i) {
    const ProofNode& n = p.nodes[i];
    if (n.parent < 0 || std::size_t(n.parent) >= i)
      throw ProofError(fmt::format("{}: its parent {} is not an earlier node", where(i, n), n.parent));
    const ProofNode& parent = p.nodes[std::size_t(n.parent)];
    if (parent.kind == ProofKind::leaf)
      throw ProofError(fmt::format("{} has a leaf for its parent, node {}", where(i, n), n.parent));
    if (!n.move || n.move->side != parent.to_move || !parent.board.is_legal(*n.move))
      throw ProofError(fmt::format("{}: its move {} is not a legal move of {} in node {}", where(i, n),
                                   n.move ? domineering::to_string(*n.move) : "-", side_word(parent.to_move), n.parent));
    if (!(n.board == after(parent.board, *n.move)) || n.to_move != domineering::opponent(parent.to_move))
      throw ProofError(
          fmt::format("{} is not the position its move {} leaves in node {}", where(i, n), domineering::to_string(*n.move), n.parent));
    children[std::size_t(n.parent)].push_back(i);
  }
  for (std::size_t i = 0; i < p.nodes.size(); ++i) {
    const ProofNode& n = p.nodes[i];
    const std::vector<std::size_t>& c = children[i];
    switch (n.kind) {
    case ProofKind::leaf:
      if (n.result != p.winner)
        throw ProofError(fmt::format("leaf {} records a win for {}, which does not prove {}'s", where(i, n),
                                     n.result ? side_word(*n.result) : "nobody", side_word(p.winner)));
      leaves.push_back(i);
      break;
    case ProofKind::choice:
      if (n.to_move != p.winner)
        throw ProofError(fmt::format("{} chooses a move for {}, who is not the winner", where(i, n), side_word(n.to_move)));
      if (c.size() != 1)
        throw ProofError(fmt::format("{} has {} moves where the winner chooses one", where(i, n), c.size()));
      break;
    case ProofKind::all: {
      if (n.to_move == p.winner)
        throw ProofError(fmt::format("{} lists replies for {}, who is the winner", where(i, n), side_word(n.to_move)));
      // Each child's move is legal (checked above), so counting them by cell finds a repeat, and
      // as many distinct children as legal moves means none is missing.
      std::vector<std::uint8_t> seen(std::size_t(domineering::MAX_SIDE) * domineering::MAX_SIDE, 0);
      for (const std::size_t j : c) {
        const Move m = *p.nodes[j].move;
        if (seen[std::size_t(m.row) * domineering::MAX_SIDE + m.col]++ != 0)
          throw ProofError(fmt::format("{}: the reply {} appears twice", where(i, n), domineering::to_string(m)));
      }
      Move moves[domineering::MAX_MOVES];
      const int count = n.board.moves(n.to_move, moves);
      for (int k = 0; k < count; ++k)
        if (seen[std::size_t(moves[k].row) * domineering::MAX_SIDE + moves[k].col] == 0)
          throw ProofError(fmt::format("{}: the reply {} is missing", where(i, n), domineering::to_string(moves[k])));
      break;
    }
    }
  }
}

} // namespace

std::size_t Proof::leaves() const {
  return std::size_t(std::count_if(nodes.begin(), nodes.end(), [](const ProofNode& n) { return n.kind == ProofKind::leaf; }));
}

Proof build_proof(const Board& root, Side first, int depth, DomineeringSolver& solver, SolveJournal* journal,
                  const std::function<void(std::size_t)>& progress) {
  if (depth < 1 || depth > 8)
    throw base::InputError(fmt::format("depth {} out of range (1 to 8)", depth));
  check_solvable(root);
  Builder builder(solver, journal, first, depth, progress);
  const Known r = builder.known(root, first);
  Proof proof{root, first, r.to_move_wins ? first : domineering::opponent(first), depth, {}};
  builder.set_winner(proof.winner);
  try {
    builder.expand(proof, root, first, -1, std::nullopt, 0);
  } catch (...) {
    if (journal != nullptr)
      journal->save(); // what was proven stays proven
    throw;
  }
  if (journal != nullptr)
    journal->save();
  return proof;
}

void write_proof(const Proof& proof, std::ostream& out) {
  std::string body = std::string(PROOF_HEADER) + "\n";
  for (std::size_t i = 0; i < proof.nodes.size(); ++i) {
    const ProofNode& n = proof.nodes[i];
    body +=
        fmt::format("{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\n", i, n.parent, n.move ? domineering::to_string(*n.move) : "-", side_word(n.to_move),
                    kind_word(n.kind), n.board.text(), n.result ? side_word(*n.result) : "-", n.source.empty() ? "-" : n.source);
  }
  out << fmt::format("{} version={} board={} first={} winner={} depth={} nodes={} leaves={} checksum={:016x}\n", PROOF_MAGIC, PROOF_VERSION,
                     proof.root.text(), side_word(proof.first), side_word(proof.winner), proof.depth, proof.nodes.size(), proof.leaves(),
                     base::fnv1a64(body));
  out << body;
}

Proof read_proof(std::istream& in, const std::string& name) {
  std::ostringstream all;
  all << in.rdbuf();
  return Reader(name).read(all.str());
}

SolveOptions verifier_options(int threads) {
  SolveOptions o;
  o.threads = threads;
  o.table_mib = 64;
  o.etc_pass_cells = default_etc_pass_cells(o.table_mib);
  o.endgame.cgt = false;
  o.skip_safe_moves = false;
  return o;
}

VerifyReport verify_proof(const Proof& proof, const catalogue::Catalogue& cat, const SolveOptions& options,
                          std::optional<std::size_t> sample, std::uint64_t seed,
                          const std::function<void(std::size_t, std::size_t)>& progress) {
  if (sample && *sample == 0)
    throw base::InputError("a sample of 0 leaves checks nothing (at least 1)");
  std::vector<std::size_t> leaves;
  check_tree(proof, leaves);
  VerifyReport report{proof.nodes.size(), leaves.size(), 0, seed, 0};
  if (sample && *sample < leaves.size()) {
    // A Fisher-Yates shuffle of our own, so that a seed names the same sample with any standard
    // library (std::shuffle's order is the library's).
    std::mt19937_64 rng(seed);
    for (std::size_t i = leaves.size() - 1; i > 0; --i)
      std::swap(leaves[i], leaves[std::size_t(rng() % (i + 1))]);
    leaves.resize(*sample);
    std::sort(leaves.begin(), leaves.end());
  }
  DomineeringSolver solver(cat, options);
  for (const std::size_t i : leaves) {
    const ProofNode& n = proof.nodes[i];
    const SolveResult r = solver.solve(n.board, n.to_move);
    if (r.interrupted)
      throw base::Interrupted();
    report.leaf_nodes += r.stats.nodes;
    const Side winner = r.first_player_wins ? n.to_move : domineering::opponent(n.to_move);
    if (winner != proof.winner)
      throw ProofError(
          fmt::format("leaf {}: the proof says {} wins, but re-solved, {} does", where(i, n), side_word(proof.winner), side_word(winner)));
    ++report.leaves_checked;
    if (progress)
      progress(report.leaves_checked, leaves.size());
  }
  return report;
}

} // namespace solver
