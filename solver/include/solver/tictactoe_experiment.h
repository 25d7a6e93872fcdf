// The measurements of the transposition-table article on tic-tac-toe from the empty board, as
// data for the CLI and the tests: full minimax, plain alpha-beta, alpha-beta with an unbounded
// table, and with the article's bounded tables (2^bits indices chosen by the low key bits) under
// the replacement policies it compares, verified and with verification switched off. Every run
// is the article's searcher: depth = empty squares, a win worth 10 - ply, natural move order,
// table probed before the terminal test, stored move first; one thread and a fresh table, so
// every count is deterministic. The exact counts do not depend on the keys; bounded-table counts
// and the wrong values of unverified tables do (TicTacToe::KEY_SEED).
#pragma once

#include "solver/score.h"
#include "solver/tt_stats.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace solver {

// The article's three policies, plus two-tier at the memory of the one-slot tables.
enum class ArticlePolicy {
  ALWAYS,        // 2^bits one-slot buckets, AlwaysReplace
  DEPTH,         // 2^bits one-slot buckets, DepthPreferred
  TWO_TIER,      // 2^bits two-slot buckets, TwoTier (the article's "two": twice the entries)
  TWO_TIER_HALF, // 2^(bits-1) two-slot buckets, TwoTier: the same 2^bits entries as the others
};
inline constexpr std::array<ArticlePolicy, 4> ARTICLE_POLICIES{ArticlePolicy::ALWAYS, ArticlePolicy::DEPTH, ArticlePolicy::TWO_TIER,
                                                               ArticlePolicy::TWO_TIER_HALF};
std::string_view policy_name(ArticlePolicy policy); // "always", "depth", "two-tier", "two-tier-half"

// Table sizes the experiment accepts: 2^MIN_BITS .. 2^MAX_BITS indices.
inline constexpr int MIN_BITS = 1;
inline constexpr int MAX_BITS = 24;

// The depth gate. Every run to the end of tic-tac-toe requests, for a position, the depth its
// entry was stored with, so with verification the gate always passes and "the toy can omit it"
// (article). Without verification it does not: a false match may come from a position with
// fewer empty squares, and the gate rejects it. The article's unverified counts (16 slots: 95
// nodes, 64: 234, 256: 701) are those of a toy without the gate; our gated searcher visits
// several times more. Runs therefore say which searcher they used: Searcher::search (gated,
// depth = empty squares) or Searcher::solve (to the end, no gate, entry depth = log2 of work).
struct TicTacToeRun {
  std::string table;       // "none" (minimax, alpha-beta), "unbounded" or "array"
  std::string policy;      // array tables: policy_name; else empty
  int bits = 0;            // array tables: the bits of the row (see ArticlePolicy for the layout)
  std::size_t entries = 0; // array tables: slots; unbounded: positions stored at the end
  bool verified = true;
  bool depth_gate = true; // Searcher::search with depth = empty squares; false: Searcher::solve
  std::uint64_t nodes = 0;
  Score value = 0; // root value for X, the side to move
  TTStats stats;
};

TicTacToeRun tictactoe_minimax();
TicTacToeRun tictactoe_alpha_beta();
TicTacToeRun tictactoe_unbounded();
// Throws std::invalid_argument for bits outside MIN_BITS .. MAX_BITS.
TicTacToeRun tictactoe_array(ArticlePolicy policy, int bits, bool verified, bool depth_gate = true);

// The value for X of each first move 0..8, each searched from the position after it with a fresh
// table of the given kind (the article's "nine first moves separately"; all are 0 in truth).
std::array<Score, 9> tictactoe_first_moves(ArticlePolicy policy, int bits, bool verified, bool depth_gate);

struct TicTacToeOptions {
  std::vector<int> bits{4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};
  std::vector<int> unverified_bits{4, 6, 8, 10}; // the article: 16, 64, 256 and 1,024 slots
  int first_moves_bits = 10;                     // the article: 1,024 unverified slots; 0: skip
};

struct TicTacToeReport {
  TicTacToeRun minimax, alpha_beta, unbounded;
  std::vector<TicTacToeRun> bounded;    // verified and gated, bits x ARTICLE_POLICIES
  std::vector<TicTacToeRun> unverified; // verification off, unverified_bits x policies x {no gate, gate}
  // Always-replace, 2^first_moves_bits slots, no depth gate (the article's toy).
  std::array<Score, 9> first_moves_unverified{};
  std::array<Score, 9> first_moves_verified{};
};

TicTacToeReport run_tictactoe_experiment(const TicTacToeOptions& options);

} // namespace solver
