// `domineering tictactoe`: the tic-tac-toe measurements of "Transposition Tables, in depth", the
// article the project's transposition table was specified from, reproduced with the project's
// generic search and tables: the three exact counts, the bounded tables under each replacement
// policy, and what happens without verification.
#include "commands.h"
#include "terminal.h"

#include "base/input_error.h"
#include "solver/tictactoe.h"
#include "solver/tictactoe_experiment.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdint>
#include <iostream>
#include <string>
#include <vector>

namespace cli {

namespace {

// 1234567 -> "1,234,567".
std::string grouped(std::uint64_t n) {
  std::string digits = std::to_string(n), out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0)
      out += ',';
    out += digits[i];
  }
  return out;
}

// Share of plain alpha-beta's work that a run saved, in percent.
double removed(const solver::TicTacToeRun& run, std::uint64_t alpha_beta_nodes) {
  return 100.0 * (1.0 - double(run.nodes) / double(alpha_beta_nodes));
}

nlohmann::json stats_json(const solver::TTStats& s) {
  return {{"probes", s.probes},
          {"hits", s.hits},
          {"cutoffs", s.cutoffs},
          {"stores", s.stores},
          {"into_empty", s.into_empty},
          {"same_key", s.same_key},
          {"evicted", s.evicted},
          {"refused", s.refused},
          {"tt_moves_tried", s.tt_moves_tried},
          {"tt_moves_best", s.tt_moves_best},
          {"tt_moves_illegal", s.tt_moves_illegal}};
}

nlohmann::json run_json(const solver::TicTacToeRun& run, std::uint64_t alpha_beta_nodes) {
  nlohmann::json j = {{"table", run.table}, {"nodes", run.nodes}, {"value", run.value}};
  if (run.table != "none" || run.nodes <= alpha_beta_nodes)
    j["removed_percent"] = removed(run, alpha_beta_nodes);
  if (run.table == "array") {
    j["policy"] = run.policy;
    j["bits"] = run.bits;
    j["verified"] = run.verified;
    j["depth_gate"] = run.depth_gate;
  }
  if (run.table != "none") {
    j["entries"] = run.entries;
    j["stats"] = stats_json(run.stats);
  }
  return j;
}

// The policies at one size, for the findings.
struct SizeRow {
  int bits;
  std::uint64_t always, depth, two, two_half;
};

std::vector<SizeRow> article_rows(const solver::TicTacToeReport& r) {
  std::vector<SizeRow> rows;
  for (const auto& run : r.bounded) {
    if (rows.empty() || rows.back().bits != run.bits)
      rows.push_back({run.bits, 0, 0, 0, 0});
    if (run.policy == "always")
      rows.back().always = run.nodes;
    else if (run.policy == "depth")
      rows.back().depth = run.nodes;
    else if (run.policy == "two-tier")
      rows.back().two = run.nodes;
    else if (run.policy == "two-tier-half")
      rows.back().two_half = run.nodes;
  }
  return rows;
}

nlohmann::json findings_json(const solver::TicTacToeReport& r) {
  const auto rows = article_rows(r);
  int depth_worst = 0, two_best = 0, half_beats_always = 0, sizes = 0;
  for (const SizeRow& s : rows) {
    ++sizes;
    depth_worst += s.depth >= s.always && s.depth >= s.two;
    two_best += s.two <= s.always && s.two <= s.depth;
    half_beats_always += s.two_half < s.always;
  }
  int wrong = 0;
  for (const auto& run : r.unverified)
    wrong += run.value != 0;
  int bounded_wrong = 0;
  for (const auto& run : r.bounded)
    bounded_wrong += run.value != 0;
  return {{"sizes", sizes},
          {"depth_worst_at", depth_worst},
          {"two_tier_best_at", two_best},
          {"two_tier_equal_entries_beats_always_at", half_beats_always},
          {"verified_wrong_values", bounded_wrong},
          {"unverified_runs", r.unverified.size()},
          {"unverified_wrong_values", wrong}};
}

void print_text(const solver::TicTacToeReport& r, const solver::TicTacToeOptions& options) {
  const std::uint64_t ab = r.alpha_beta.nodes;
  std::cout << "Tic-tac-toe from the empty board, as in the article \"Transposition Tables, in depth\": negamax with\n"
               "depth = empty squares, a win worth 10 - ply to the side that made it, squares tried in order 0 to 8,\n"
               "the table probed before the terminal test, the stored move tried first. X moves first; values are\n"
               "for X.\n\n";
  std::cout << fmt::format("{:<34}{:>10}{:>10}{:>7}\n", "search", "nodes", "removed", "value");
  std::cout << fmt::format("{:<34}{:>10}{:>10}{:>7}\n", "minimax (no pruning)", grouped(r.minimax.nodes), "", r.minimax.value);
  std::cout << fmt::format("{:<34}{:>10}{:>9.1f}%{:>7}\n", "alpha-beta", grouped(ab), 0.0, r.alpha_beta.value);
  std::cout << fmt::format("{:<34}{:>10}{:>9.1f}%{:>7}   ({} positions stored)\n", "alpha-beta + unbounded table",
                           grouped(r.unbounded.nodes), removed(r.unbounded, ab), r.unbounded.value, grouped(r.unbounded.entries));

  std::cout << "\nBounded tables: 2^bits indices chosen by the low key bits, 32 verification bits, searched with the depth\n"
               "gate. always and depth have one slot per index; two-tier has two (twice the entries, as in the article);\n"
               "two-tier-half has 2^(bits-1) indices of two slots, the same entries as always and depth.\n";
  std::cout << fmt::format("{:>5}  {:<14}{:>9}{:>9}{:>9}{:>7}{:>8}{:>9}{:>9}{:>10}\n", "bits", "policy", "entries", "nodes", "removed",
                           "value", "hits", "cutoffs", "refused", "move best");
  for (const auto& run : r.bounded) {
    const auto& s = run.stats;
    const std::string best =
        s.tt_moves_tried == 0 ? "-" : fmt::format("{:.0f}%", 100.0 * double(s.tt_moves_best) / double(s.tt_moves_tried));
    std::cout << fmt::format("{:>5}  {:<14}{:>9}{:>9}{:>8.1f}%{:>7}{:>8}{:>9}{:>9}{:>10}\n", run.bits, run.policy, grouped(run.entries),
                             grouped(run.nodes), removed(run, ab), run.value, grouped(s.hits), grouped(s.cutoffs), grouped(s.refused),
                             best);
  }

  std::cout << "\nVerification off: any entry in the slot is accepted (the true value is 0). 'no gate' searches to the\n"
               "end without the depth gate, like the article's toy; 'gate' is the depth-limited search above. Stored\n"
               "moves are checked with is_legal before they are played; 'illegal' counts those refused.\n";
  std::cout << fmt::format("{:<9}{:>5}  {:<14}{:>9}{:>9}{:>9}{:>7}{:>9}\n", "search", "bits", "policy", "entries", "nodes", "removed",
                           "value", "illegal");
  for (const auto& run : r.unverified)
    std::cout << fmt::format("{:<9}{:>5}  {:<14}{:>9}{:>9}{:>8.1f}%{:>7}{:>9}{}\n", run.depth_gate ? "gate" : "no gate", run.bits,
                             run.policy, grouped(run.entries), grouped(run.nodes), removed(run, ab), run.value,
                             grouped(run.stats.tt_moves_illegal), run.value != 0 ? "   wrong" : "");

  if (options.first_moves_bits > 0) {
    std::cout << fmt::format("\nThe nine first moves searched separately, 2^{} slots, always, no depth gate (value for X):\n",
                             options.first_moves_bits);
    std::cout << fmt::format("{:<12}", "square");
    for (int sq = 0; sq < 9; ++sq)
      std::cout << fmt::format("{:>4}", sq);
    std::cout << fmt::format("\n{:<12}", "unverified");
    for (const auto v : r.first_moves_unverified)
      std::cout << fmt::format("{:>4}", v);
    std::cout << fmt::format("\n{:<12}", "verified");
    for (const auto v : r.first_moves_verified)
      std::cout << fmt::format("{:>4}", v);
    std::cout << '\n';
  }

  const auto f = findings_json(r);
  std::cout << "\nFindings (article: a tiny table removes almost 30% of the work; depth-preferred alone is worst; two-tier\n"
               "is best; unverified tables are fast and wrong):\n";
  if (const auto rows = article_rows(r); !rows.empty()) {
    const SizeRow& s = rows.front();
    std::cout << fmt::format("  smallest table, 2^{} indices: always removes {:.1f}%, depth {:.1f}%, two-tier {:.1f}%\n", s.bits,
                             100.0 * (1.0 - double(s.always) / double(ab)), 100.0 * (1.0 - double(s.depth) / double(ab)),
                             100.0 * (1.0 - double(s.two) / double(ab)));
  }
  std::cout << fmt::format("  depth-preferred is the worst of the three at {} of {} sizes; two-tier the best at {} of {}\n",
                           f["depth_worst_at"].get<int>(), f["sizes"].get<int>(), f["two_tier_best_at"].get<int>(), f["sizes"].get<int>());
  std::cout << fmt::format("  at equal entries (two-tier-half) two-tier needs fewer nodes than always at {} of {} sizes\n",
                           f["two_tier_equal_entries_beats_always_at"].get<int>(), f["sizes"].get<int>());
  std::cout << fmt::format("  verified tables with a wrong root value: {}; unverified runs with a wrong root value: {} of {}\n",
                           f["verified_wrong_values"].get<int>(), f["unverified_wrong_values"].get<int>(),
                           f["unverified_runs"].get<std::size_t>());
}

} // namespace

void add_tictactoe_command(CLI::App& app) {
  auto* cmd = app.add_subcommand("tictactoe", "The tic-tac-toe measurements of the article \"Transposition Tables, in depth\"");
  cmd->footer("Reproduces the tic-tac-toe counts of \"Transposition Tables, in depth\", the article the project's\n"
              "transposition table was specified from, with the project's own search and tables.\n"
              "The article's setup: negamax alpha-beta from the empty board with depth fixed to the number of empty\n"
              "squares; a win is worth 10 - ply to the side that made it; squares are tried in order 0 to 8 with the\n"
              "table's stored move first; the table is probed before the terminal test; a node is a call of the search.\n"
              "Exact counts: minimax 549,946 nodes, alpha-beta 20,866, alpha-beta with an unbounded table 5,473, root\n"
              "value 0 (a draw) in every run. Bounded tables are arrays of 2^bits indices chosen by the low bits of the\n"
              "64-bit Zobrist key (seed 2026) under the replacement policies always, depth (keep the resident unless the\n"
              "newcomer is at least as deep) and two-tier (a depth-preferred slot plus an always slot per index); with\n"
              "verification off, any entry in the slot is accepted, which the article shows gives confident nonsense.\n"
              "Unverified runs are shown without the depth gate (a search to the end, like the article's toy, which\n"
              "omits the gate because with verification it always passes) and with it. Counts of bounded and unverified\n"
              "tables depend on the keys; the three exact counts do not. Values are for X, who moves first.\n\n"
              "Examples:\n  domineering tictactoe\n  domineering tictactoe --bits 4,8,12 --unverified-bits 4,6,8 --json");
  static solver::TicTacToeOptions options;
  static bool json = false;
  const auto bits_range = CLI::Range(solver::MIN_BITS, solver::MAX_BITS);
  cmd->add_option("--bits", options.bits, "Table sizes as powers of two, e.g. 4,6,8 (default 4 to 16)")->delimiter(',')->check(bits_range);
  cmd->add_option("--unverified-bits", options.unverified_bits, "Sizes run with verification off (default 4,6,8,10)")
      ->delimiter(',')
      ->check(bits_range);
  cmd->add_option("--first-moves-bits", options.first_moves_bits,
                  "Size for searching the nine first moves separately (default 10, the article's 1,024 slots; 0 skips)")
      ->check(CLI::Range(0, solver::MAX_BITS));
  cmd->add_flag("--json", json,
                "Print one JSON object (keys: setup, minimax, alpha_beta, unbounded, bounded, unverified, first_moves, findings)");
  cmd->callback([] {
    std::sort(options.bits.begin(), options.bits.end());
    options.bits.erase(std::unique(options.bits.begin(), options.bits.end()), options.bits.end());
    if (options.bits.empty() && options.unverified_bits.empty())
      throw base::InputError("no table sizes: give --bits or --unverified-bits");
    const solver::TicTacToeReport r = solver::run_tictactoe_experiment(options);
    if (!json) {
      print_text(r, options);
      return;
    }
    const std::uint64_t ab = r.alpha_beta.nodes;
    nlohmann::json bounded = nlohmann::json::array(), unverified = nlohmann::json::array();
    for (const auto& run : r.bounded)
      bounded.push_back(run_json(run, ab));
    for (const auto& run : r.unverified)
      unverified.push_back(run_json(run, ab));
    nlohmann::json out = {{"setup",
                           {{"game", "tic-tac-toe"},
                            {"win_score", "10 - ply"},
                            {"move_order", "0..8, stored move first"},
                            {"key_seed", solver::TicTacToe::KEY_SEED},
                            {"verification_bits", 32},
                            {"index", "low bits of the key"}}},
                          {"minimax", run_json(r.minimax, ab)},
                          {"alpha_beta", run_json(r.alpha_beta, ab)},
                          {"unbounded", run_json(r.unbounded, ab)},
                          {"bounded", bounded},
                          {"unverified", unverified},
                          {"findings", findings_json(r)}};
    if (options.first_moves_bits > 0)
      out["first_moves"] = {{"bits", options.first_moves_bits},
                            {"policy", "always"},
                            {"depth_gate", false},
                            {"unverified", r.first_moves_unverified},
                            {"verified", r.first_moves_verified}};
    print_json(out);
  });
}

} // namespace cli
