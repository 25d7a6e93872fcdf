// `domineering proof BOARD --out PROOF` writes a certificate of who wins (solver/proof.h);
// `domineering verify PROOF` checks one independently: the tree against the rules of the game,
// and its leaves re-solved with settings of its own. A certificate that does not prove its claim
// exits 1 naming the node; a file that is not a certificate exits 2.
#include "commands.h"
#include "terminal.h"

#include "solver/proof.h"
#include "solver/solve_defaults.h"

#include "base/atomic_file.h"
#include "base/input_error.h"
#include "base/interrupt.h"
#include "domineering/board.h"

#include <fmt/format.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <random>

namespace cli {

namespace {

std::string side_name(domineering::Side s) { return s == domineering::Side::Left ? "Vertical" : "Horizontal"; }

} // namespace

void add_proof_command(CLI::App& app) {
  auto* cmd = app.add_subcommand("proof", "Write a certificate that anyone can check of who wins a board");
  cmd->footer(
      "Expands the top of the tree: where the winner is to move, one winning move; where the loser is, every legal\n"
      "reply (safe moves too); down to --depth plies or a position the journal records. Each leaf's result comes\n"
      "from the journal or from a solve (recorded in the journal when one is given). `domineering verify` checks the\n"
      "certificate (docs/formats.md describes the file).\n\n"
      "Examples:\n  domineering proof 7x7 --out 7x7.proof\n  domineering proof 8x8 --journal 8x8.journal --depth 2 --out 8x8.proof");
  static std::string board_text, first = "vertical", out, journal_file;
  static int depth = 4, threads = 0;
  static std::size_t tt_mb = 0;
  static bool json = false;
  cmd->add_option("BOARD", board_text, "Board text or RxC")->required();
  cmd->add_option("--first", first, "Who moves first: vertical (default) or horizontal")->check(CLI::IsMember({"vertical", "horizontal"}));
  cmd->add_option("--out", out, "The certificate to write (atomically)")->required()->type_name("FILE");
  cmd->add_option("--depth", depth, "Plies expanded below the root, 1 to 8 (default 4, the journal's)");
  cmd->add_option("--journal", journal_file, "A solve journal: its positions end the tree, and the results solved are added to it")
      ->type_name("FILE");
  cmd->add_option("--threads", threads, "Search threads (default: every core)");
  auto* tt = cmd->add_option("--tt-mb", tt_mb, "Transposition table in MiB (default: as solve)")->check(not_negative());
  cmd->add_flag("--json", json, "Print one JSON object: board, first, winner, depth, nodes, leaves, from_journal, out, seconds");
  cmd->callback([tt] {
    const domineering::Board board = domineering::Board::parse(board_text);
    solver::check_solvable(board);
    if (depth < 1 || depth > 8)
      throw base::InputError(fmt::format("--depth {} out of range (1 to 8)", depth));
    if (threads < 0 || threads > solver::MAX_THREADS)
      throw base::InputError(fmt::format("--threads {} out of range (1 to {}, or 0 for every core)", threads, solver::MAX_THREADS));
    // A certificate that cannot be written should fail now, not after the proof.
    if (const auto dir = std::filesystem::path(out).parent_path(); !dir.empty() && !std::filesystem::is_directory(dir))
      throw base::InputError(fmt::format("cannot write {}: no such directory", out));
    std::unique_ptr<solver::SolveJournal> journal;
    if (!journal_file.empty())
      journal = std::make_unique<solver::SolveJournal>(journal_file);
    std::string warning;
    const solver::EndgameDefaults endgame = solver::affordable_endgame(board.empty_cells(), &warning);
    if (!warning.empty())
      std::cerr << "warning: " << warning << '\n';
    const catalogue::Catalogue cat = solver_catalogue("", endgame.catalogue_cells);
    solver::SolveOptions o = solver::default_solve_options(board, endgame);
    if (threads != 0)
      o.threads = threads;
    if (tt->count() > 0) {
      if (const auto problem = solver::table_size_problem(tt_mb); problem || tt_mb == 0)
        throw base::InputError(fmt::format("--tt-mb {} {}", tt_mb, problem ? *problem : "must be at least 1"));
      o.table_mib = tt_mb;
      o.etc_pass_cells = solver::default_etc_pass_cells(tt_mb);
    }
    o.interrupt = &base::interrupt_flag();
    solver::DomineeringSolver s(cat, o);
    base::InterruptScope sigint;
    Progress progress;
    const auto start = std::chrono::steady_clock::now();
    const solver::Proof proof =
        solver::build_proof(board, first == "vertical" ? domineering::Side::Left : domineering::Side::Right, depth, s, journal.get(),
                            [&](std::size_t nodes) { progress.update(fmt::format("proof: {} nodes", nodes)); });
    progress.finish();
    base::write_atomically(out, [&](std::ostream& os) { solver::write_proof(proof, os); });
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::size_t from_journal = 0;
    for (const solver::ProofNode& n : proof.nodes)
      from_journal += n.kind == solver::ProofKind::leaf && n.source == "journal";
    if (json) {
      print_json({{"board", board.text()},
                  {"first", first},
                  {"winner", std::string(domineering::orientation_name(proof.winner))},
                  {"depth", depth},
                  {"nodes", proof.nodes.size()},
                  {"leaves", proof.leaves()},
                  {"from_journal", from_journal},
                  {"out", out},
                  {"seconds", seconds}});
      return;
    }
    std::cout << fmt::format("{} wins {} with {} moving first (Left = Vertical).\n", side_name(proof.winner), board.text(),
                             side_name(proof.first));
    std::cout << fmt::format("certificate {}: {} nodes to depth {}, {} leaves ({} from the journal, {} solved), {:.1f} s\n", out,
                             proof.nodes.size(), depth, proof.leaves(), from_journal, proof.leaves() - from_journal, seconds);
  });
}

void add_verify_command(CLI::App& app) {
  auto* cmd = app.add_subcommand("verify", "Check a certificate written by `domineering proof`, independently");
  cmd->footer("Checks that the tree is complete and legal (every position rebuilt from the root by its moves, one move for\n"
              "the winner, every legal reply of the loser) and re-solves the leaves, all or --sample K of them chosen with\n"
              "--seed (printed first), without the CGT endgame and the catalogue, with safe moves searched and a table of\n"
              "another size than solve's. Ctrl-C stops it (exit 1, \"interrupted\").\n"
              "Exit 0: verified; 1: the certificate does not prove its claim (the node is named); 2: not a certificate.\n\n"
              "Examples:\n  domineering verify 7x7.proof\n  domineering verify 8x8.proof --sample 100 --seed 1");
  static std::string file;
  static std::size_t sample = 0;
  static std::uint64_t seed = 0;
  static int threads = 0;
  static bool json = false;
  cmd->add_option("PROOF", file, "The certificate")->required();
  auto* sample_option =
      cmd->add_option("--sample", sample, "Re-solve only K leaves chosen at random (default: all)")->check(not_negative());
  auto* seed_option = cmd->add_option("--seed", seed, "Seed of the sample (default: a fresh one, printed)")->check(not_negative());
  cmd->add_option("--threads", threads, "Search threads (default: every core)");
  cmd->add_flag("--json", json,
                "Print one JSON object: proof, board, first, winner, nodes, leaves, leaves_checked, sampled, seed, verified");
  cmd->callback([sample_option, seed_option] {
    if (threads < 0 || threads > solver::MAX_THREADS)
      throw base::InputError(fmt::format("--threads {} out of range (1 to {}, or 0 for every core)", threads, solver::MAX_THREADS));
    std::ifstream in(file, std::ios::binary);
    if (!in)
      throw base::InputError(fmt::format("cannot read proof {}", file));
    const solver::Proof proof = solver::read_proof(in, file);
    if (seed_option->count() == 0)
      seed = std::random_device{}();
    const bool sampled = sample_option->count() > 0 && sample < proof.leaves();
    if (sample_option->count() > 0 && sample == 0)
      throw base::InputError("--sample 0 checks no leaf (at least 1)");
    if (sampled) // before the work, so that a failed or stopped run can be repeated
      std::cerr << fmt::format("verify: re-solving {} of {} leaves chosen with --seed {}\n", sample, proof.leaves(), seed);
    solver::SolveOptions o = solver::verifier_options(threads != 0 ? threads : solver::default_threads());
    // A table of another size than the one `solve` (and so `proof`) takes for this board.
    if (o.table_mib == solver::default_solve_options(proof.root, solver::default_endgame(proof.root.empty_cells())).table_mib)
      o.table_mib /= 2;
    o.etc_pass_cells = solver::default_etc_pass_cells(o.table_mib);
    o.interrupt = &base::interrupt_flag();
    base::InterruptScope sigint;
    Progress progress;
    solver::VerifyReport r;
    try {
      r = solver::verify_proof(
          proof, catalogue::Catalogue{}, o, sample_option->count() > 0 ? std::optional<std::size_t>(sample) : std::nullopt, seed,
          [&](std::size_t done, std::size_t total) { progress.update(fmt::format("verify: {}/{} leaves", done, total)); });
    } catch (const solver::ProofError& e) {
      progress.finish();
      throw std::runtime_error(fmt::format("proof {} does not hold: {}", file, e.what()));
    }
    progress.finish();
    if (json) {
      print_json({{"proof", file},
                  {"board", proof.root.text()},
                  {"first", std::string(domineering::orientation_name(proof.first))},
                  {"winner", std::string(domineering::orientation_name(proof.winner))},
                  {"nodes", r.nodes},
                  {"leaves", r.leaves},
                  {"leaves_checked", r.leaves_checked},
                  {"sampled", sampled},
                  {"seed", seed},
                  {"verified", true}});
      return;
    }
    std::cout << fmt::format("{}: {} wins {} with {} moving first (Left = Vertical)\n", sampled ? "verified on a sample" : "verified",
                             side_name(proof.winner), proof.root.text(), side_name(proof.first));
    std::cout << fmt::format("{} nodes, the tree complete and legal; {} of {} leaves re-solved without the CGT endgame{}\n", r.nodes,
                             r.leaves_checked, r.leaves, sampled ? fmt::format(" (sample seed {})", seed) : "");
  });
}

} // namespace cli
