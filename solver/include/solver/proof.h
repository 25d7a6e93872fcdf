// Proofs that anyone can check: the top of a solve's AND/OR tree written as a certificate, and an
// independent check of one. Where the winner W is to move (a "choice" node) the certificate names
// one move; where the loser is to move (an "all" node) it holds every legal reply, safe moves
// included; below a given depth, or at a position the journal records, a "leaf" claims that W
// wins there. The checker rebuilds every position from the root by the moves, checks that the
// tree is complete and consistent with the rules of the game, and re-solves the leaves (all, or
// a seeded random sample) with settings of its own: no CGT endgame (so no catalogue), every move
// searched (safe ones too), a table of another size. Invariant: a certificate that passes with every leaf
// checked proves that W wins the root, if the re-solving search is right on each leaf.
#pragma once

#include "solver/domineering_solver.h"
#include "solver/solve_journal.h"

#include "domineering/board.h"

#include <cstdint>
#include <functional>
#include <istream>
#include <optional>
#include <ostream>
#include <stdexcept>
#include <string>
#include <vector>

namespace solver {

// File layout (UTF-8 TSV), line by line:
//   line 1   "# domineering-proof version=1 board=B first=S winner=S depth=D nodes=N leaves=L
//            checksum=H", H = 16 lower-case hex digits of base::fnv1a64 of every byte after line 1
//   line 2   the header row: node parent move to_move kind board result source
//   lines 3+ one node per row, parents before children, node 0 the root: its number; its
//            parent's (-1 for the root); the move from the parent ("-" for the root); the side to
//            move; "choice", "all" or "leaf"; the position's board text; for a leaf, the winner
//            it records and where that came from ("journal" or "solved"), else "-" and "-".
inline constexpr int PROOF_VERSION = 1;
inline constexpr const char* PROOF_MAGIC = "# domineering-proof";
inline constexpr const char* PROOF_HEADER = "node\tparent\tmove\tto_move\tkind\tboard\tresult\tsource";

enum class ProofKind : std::uint8_t { choice, all, leaf };

struct ProofNode {
  int parent = -1;
  std::optional<domineering::Move> move; // from the parent; none at the root
  domineering::Side to_move = domineering::Side::Left;
  ProofKind kind = ProofKind::leaf;
  domineering::Board board;
  std::optional<domineering::Side> result; // a leaf's recorded winner
  std::string source;                      // where it came from: "journal" or "solved"
};

struct Proof {
  domineering::Board root;
  domineering::Side first = domineering::Side::Left;
  domineering::Side winner = domineering::Side::Left;
  int depth = 0;
  std::vector<ProofNode> nodes; // parents before children; nodes[0] is the root
  std::size_t leaves() const;
};

// The proof of who wins `root` with `first` to move, expanded `depth` plies (1 to 8) or to a
// position `journal` records, whichever comes first; every result it needs and the journal
// lacks comes from `solver` (and is recorded in the journal when given). progress, if given, is
// called with the nodes made so far. Throws base::Interrupted when a solve is interrupted.
Proof build_proof(const domineering::Board& root, domineering::Side first, int depth, DomineeringSolver& solver,
                  SolveJournal* journal = nullptr, const std::function<void(std::size_t nodes)>& progress = {});

void write_proof(const Proof& proof, std::ostream& out);
// Throws base::InputError naming `name` and the line for a file that is not a well-formed
// certificate (version, header, counts, checksum, truncation, a malformed row); the structure of
// the tree is verify_proof's to check.
Proof read_proof(std::istream& in, const std::string& name);

// A certificate that does not prove what it claims: the message names the node and why.
struct ProofError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct VerifyReport {
  std::size_t nodes = 0, leaves = 0, leaves_checked = 0;
  std::uint64_t seed = 0;       // of the sample, when one was drawn
  std::uint64_t leaf_nodes = 0; // nodes the re-solving searched
};

// Checks the tree (throws ProofError at the first fault) and re-solves every leaf, or `sample`
// (at least 1; base::InputError for 0) of them chosen with `seed` by a shuffle of its own (the
// same sample with any standard library), with `options` (throws ProofError naming a leaf whose
// result is not the winner's). progress, if given, is called with the leaves checked so far.
VerifyReport verify_proof(const Proof& proof, const catalogue::Catalogue& cat, const SolveOptions& options,
                          std::optional<std::size_t> sample, std::uint64_t seed,
                          const std::function<void(std::size_t checked, std::size_t total)>& progress = {});

// The settings verify_proof's leaves are re-solved with unless told otherwise, as far from
// `solve`'s as a search that still finishes allows: no CGT endgame (and no catalogue), safe moves
// searched, a 64 MiB table (the CLI halves it where `solve` would take 64), no journal.
SolveOptions verifier_options(int threads);

} // namespace solver
