// The article's tic-tac-toe runs: each builds a fresh table (or none), runs one search from the
// empty board (or from one first move), with depth = empty squares or to the end without the
// depth gate, and copies out nodes, value and table statistics.
#include "solver/tictactoe_experiment.h"

#include "solver/replacement.h"
#include "solver/search.h"
#include "solver/tictactoe.h"
#include "solver/tt.h"
#include "solver/unbounded_table.h"

#include <stdexcept>
#include <type_traits>

namespace solver {

namespace {

// The article's searcher from g at `ply`: depth-limited with depth = empty squares (gated), or to
// the end (no depth gate); the value is for the side to move in g.
template <class Table>
Score search_at(Searcher<TicTacToe, Table>& searcher, TicTacToe& g, int ply, bool depth_gate) {
  return depth_gate ? searcher.search(g, g.empty_squares(), -INFINITE_SCORE, INFINITE_SCORE, ply)
                    : searcher.solve(g, -INFINITE_SCORE, INFINITE_SCORE, ply);
}

template <class Table>
TicTacToeRun search_from(TicTacToe g, Table& table, TicTacToeRun run) {
  Searcher<TicTacToe, Table> searcher(table);
  run.value = search_at(searcher, g, 0, run.depth_gate);
  run.nodes = searcher.nodes();
  run.stats = searcher.stats();
  return run;
}

// Calls f(table) with a fresh article table for the policy and bits.
template <class F>
auto with_article_table(ArticlePolicy policy, int bits, bool verified, F&& f) {
  if (bits < MIN_BITS || bits > MAX_BITS)
    throw std::invalid_argument("tic-tac-toe table bits must be between " + std::to_string(MIN_BITS) + " and " + std::to_string(MAX_BITS) +
                                ", not " + std::to_string(bits));
  const auto run = [&]<class Table>(std::size_t entries) {
    Table table(TableSize::from_entries(entries));
    table.set_verification(verified);
    return f(table);
  };
  const std::size_t slots = std::size_t{1} << bits;
  switch (policy) {
  case ArticlePolicy::ALWAYS: return run.template operator()<ArticleTable<AlwaysReplace, 1>>(slots);
  case ArticlePolicy::DEPTH: return run.template operator()<ArticleTable<DepthPreferred, 1>>(slots);
  case ArticlePolicy::TWO_TIER: return run.template operator()<ArticleTable<TwoTier, 2>>(2 * slots);
  case ArticlePolicy::TWO_TIER_HALF: return run.template operator()<ArticleTable<TwoTier, 2>>(slots);
  }
  throw std::logic_error("unknown article policy");
}

TicTacToeRun array_run(ArticlePolicy policy, int bits, bool verified, bool depth_gate, std::size_t entries) {
  TicTacToeRun run;
  run.depth_gate = depth_gate;
  run.table = "array";
  run.policy = std::string(policy_name(policy));
  run.bits = bits;
  run.entries = entries;
  run.verified = verified;
  return run;
}

} // namespace

std::string_view policy_name(ArticlePolicy policy) {
  switch (policy) {
  case ArticlePolicy::ALWAYS: return "always";
  case ArticlePolicy::DEPTH: return "depth";
  case ArticlePolicy::TWO_TIER: return "two-tier";
  case ArticlePolicy::TWO_TIER_HALF: return "two-tier-half";
  }
  return "?";
}

TicTacToeRun tictactoe_minimax() {
  TicTacToeRun run;
  run.table = "none";
  TicTacToe g;
  run.value = minimax(g, 0, run.nodes);
  return run;
}

TicTacToeRun tictactoe_alpha_beta() {
  NoTable none;
  TicTacToeRun run;
  run.table = "none";
  return search_from(TicTacToe{}, none, run);
}

TicTacToeRun tictactoe_unbounded() {
  UnboundedTable table;
  TicTacToeRun run;
  run.table = "unbounded";
  run = search_from(TicTacToe{}, table, run);
  run.entries = table.size();
  return run;
}

TicTacToeRun tictactoe_array(ArticlePolicy policy, int bits, bool verified, bool depth_gate) {
  return with_article_table(policy, bits, verified, [&](auto& table) {
    return search_from(TicTacToe{}, table, array_run(policy, bits, verified, depth_gate, table.entry_count()));
  });
}

std::array<Score, 9> tictactoe_first_moves(ArticlePolicy policy, int bits, bool verified, bool depth_gate) {
  std::array<Score, 9> values{};
  for (int square = 0; square < TicTacToe::SQUARES; ++square) {
    TicTacToe g;
    g.make(TicTacToe::Move(square));
    // The search scores the position for O, to move after X's first move, at ply 1.
    values[std::size_t(square)] = with_article_table(policy, bits, verified, [&](auto& table) {
      Searcher<TicTacToe, std::remove_reference_t<decltype(table)>> searcher(table);
      return Score(-search_at(searcher, g, 1, depth_gate));
    });
  }
  return values;
}

TicTacToeReport run_tictactoe_experiment(const TicTacToeOptions& options) {
  TicTacToeReport report;
  report.minimax = tictactoe_minimax();
  report.alpha_beta = tictactoe_alpha_beta();
  report.unbounded = tictactoe_unbounded();
  for (const int bits : options.bits)
    for (const ArticlePolicy policy : ARTICLE_POLICIES)
      report.bounded.push_back(tictactoe_array(policy, bits, true));
  for (const bool depth_gate : {false, true})
    for (const int bits : options.unverified_bits)
      for (const ArticlePolicy policy : ARTICLE_POLICIES)
        report.unverified.push_back(tictactoe_array(policy, bits, false, depth_gate));
  if (options.first_moves_bits > 0) {
    report.first_moves_unverified = tictactoe_first_moves(ArticlePolicy::ALWAYS, options.first_moves_bits, false, false);
    report.first_moves_verified = tictactoe_first_moves(ArticlePolicy::ALWAYS, options.first_moves_bits, true, false);
  }
  return report;
}

} // namespace solver
