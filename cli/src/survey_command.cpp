// `domineering survey`: who wins every rectangle within limits, each board and first player with
// a time limit, as a resumable table and a picture (solver/survey.h).
#include "commands.h"
#include "terminal.h"

#include "solver/domineering_solver.h"
#include "solver/solve_journal.h"
#include "solver/survey.h"

#include "catalogue/default_catalogue.h"

#include "base/atomic_file.h"
#include "base/input_error.h"
#include "base/interrupt.h"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <thread>

namespace cli {

namespace {

using domineering::Side;

struct SurveyArgs {
  int max_rows = 10;
  int max_cols = 0; // 0: max_rows
  double seconds = 1;
  int threads = 0;
  std::size_t tt_mb = 256;
  std::string out;
  std::string picture;
  std::string journal_file;
  std::string catalogue_file;
  bool json = false;
};

void save(const solver::SurveyTable& table, const std::string& path) {
  base::write_atomically(path, [&](std::ostream& os) { table.write(os); });
}

std::string picture_path(const SurveyArgs& a) {
  if (!a.picture.empty())
    return a.picture;
  if (a.out.empty())
    return "";
  return std::filesystem::path(a.out).replace_extension(".svg").string();
}

} // namespace

void add_survey_command(CLI::App& app) {
  auto* cmd = app.add_subcommand("survey", "Who wins every rectangle within limits, as a resumable table and a picture");
  cmd->footer("Every empty board of at least 2 rows and 2 columns up to --max-rows x --max-cols, Vertical first and Horizontal\n"
              "first, each solved with a time limit (Horizontal first on m x n is n x m with Vertical first, transposed,\n"
              "when the survey holds that board). The table (--out, TSV) says for each board the winner for each first player,\n"
              "the outcome class and how it was decided: a rule's name, the table, the journal, a search with its nodes and\n"
              "seconds, or unknown. Run it again on the same file and it resumes: known results are kept, unknown ones are\n"
              "tried again when the new limit is longer. The picture (SVG, beside --out unless --picture says) colours each\n"
              "board by outcome class. Ctrl-C stops after saving what is done.\n\n"
              "Examples:\n  domineering survey --max-rows 8 --out survey-8.tsv\n"
              "  domineering survey --max-rows 30 --seconds-per-board 1 --out survey-30.tsv");
  static SurveyArgs a;
  cmd->add_option("--max-rows", a.max_rows, fmt::format("Largest number of rows, 2 to {} (default 10)", solver::MAX_LARGE_SOLVE_SIDE));
  cmd->add_option("--max-cols", a.max_cols, "Largest number of columns, 2 to 30 (default: --max-rows)");
  cmd->add_option("--seconds-per-board", a.seconds, "Time limit of each board and first player, in seconds, above 0 (default 1)");
  cmd->add_option("--threads", a.threads, "Search threads (default: all cores)");
  cmd->add_option("--tt-mb", a.tt_mb, "Transposition table size in MiB, shared by every board (default 256)")->check(not_negative());
  cmd->add_option("--out", a.out, "The table (TSV): read first when it exists, rewritten after each board")->type_name("FILE");
  cmd->add_option("--picture", a.picture, "The picture (SVG; default: --out with .svg)")->type_name("FILE");
  cmd->add_option("--journal", a.journal_file, "A solve journal to read and add to (solve --journal)")->type_name("FILE");
  cmd->add_option("--catalogue", a.catalogue_file, "Catalogue file (default: every shape up to 12 cells)")->type_name("FILE");
  cmd->add_flag("--json", a.json, "Print one JSON object: the counts and every board's row");
  cmd->callback([] {
    const int max_cols = a.max_cols == 0 ? a.max_rows : a.max_cols;
    if (a.max_rows < 2 || a.max_rows > solver::MAX_LARGE_SOLVE_SIDE)
      throw base::InputError(fmt::format("--max-rows {} out of range (2 to {})", a.max_rows, solver::MAX_LARGE_SOLVE_SIDE));
    if (max_cols < 2 || max_cols > solver::MAX_LARGE_SOLVE_SIDE)
      throw base::InputError(fmt::format("--max-cols {} out of range (2 to {})", max_cols, solver::MAX_LARGE_SOLVE_SIDE));
    if (!(a.seconds > 0 && a.seconds <= 1e7))
      throw base::InputError(fmt::format("--seconds-per-board {} out of range (above 0, at most 1e7)", a.seconds));
    if (a.threads < 0 || a.threads > solver::MAX_THREADS)
      throw base::InputError(fmt::format("--threads {} out of range (1 to {}, or 0 for every core)", a.threads, solver::MAX_THREADS));
    if (a.tt_mb == 0)
      throw base::InputError("--tt-mb must be at least 1");
    if (const auto problem = solver::table_size_problem(a.tt_mb))
      throw base::InputError(fmt::format("--tt-mb {} {}", a.tt_mb, *problem));

    solver::SurveyTable table;
    if (!a.out.empty() && std::filesystem::exists(a.out)) {
      std::ifstream in(a.out, std::ios::binary);
      if (!in)
        throw base::InputError(fmt::format("cannot read survey {}", a.out));
      table = solver::SurveyTable::read(in, a.out);
    }
    if (!a.out.empty())
      save(table, a.out); // a path that cannot be written fails now, not after the first board
    std::unique_ptr<solver::SolveJournal> journal;
    if (!a.journal_file.empty())
      journal = std::make_unique<solver::SolveJournal>(a.journal_file);
    const catalogue::Catalogue cat = solver_catalogue(a.catalogue_file, catalogue::SOLVER_MAX_CELLS);
    solver::SolveOptions o;
    o.threads = a.threads == 0 ? std::max(1, int(std::thread::hardware_concurrency())) : a.threads;
    o.table_mib = a.tt_mb;
    o.etc_pass_cells = solver::default_etc_pass_cells(o.table_mib);
    o.journal = journal.get();
    solver::SurveyLimits limits;
    limits.max_rows = a.max_rows;
    limits.max_cols = max_cols;
    limits.seconds_per_board = a.seconds;

    base::InterruptScope sigint;
    Progress progress;
    const bool completed =
        solver::run_survey(table, cat, o, limits, &base::interrupt_flag(), [&](const solver::SurveyRow& row, int done, int total) {
          if (!a.out.empty())
            save(table, a.out);
          progress.update(fmt::format("survey: {} of {} board runs, last {}x{}: {}", done, total, row.rows, row.cols, row.outcome()));
        });
    progress.finish();
    if (!a.out.empty())
      save(table, a.out);
    const std::string picture = picture_path(a);
    if (!picture.empty())
      base::write_atomically(picture, [&](std::ostream& os) { os << solver::survey_svg(table, limits.max_rows, max_cols); });

    // The boards within the limits, by outcome and by how each result was found.
    std::map<std::string, int> outcomes, how;
    int boards = 0;
    for (const solver::SurveyRow& row : table.rows()) {
      if (row.rows < 2 || row.cols < 2 || row.rows > limits.max_rows || row.cols > max_cols)
        continue;
      ++boards;
      ++outcomes[row.outcome()];
      for (const auto& r : row.first)
        ++how[r.how];
    }
    if (a.json) {
      nlohmann::json rows = nlohmann::json::array();
      for (const solver::SurveyRow& row : table.rows()) {
        if (row.rows > limits.max_rows || row.cols > max_cols)
          continue;
        nlohmann::json j = {{"rows", row.rows}, {"cols", row.cols}, {"outcome", row.outcome()}};
        for (int i = 0; i < 2; ++i) {
          const auto& r = row.first[std::size_t(i)];
          j[i == 0 ? "vertical_first" : "horizontal_first"] = {
              {"winner", r.winner ? std::string(domineering::orientation_name(*r.winner)) : std::string("unknown")},
              {"how", r.how},
              {"nodes", r.nodes},
              {"seconds", r.seconds}};
        }
        rows.push_back(j);
      }
      nlohmann::json out = {{"boards", boards}, {"outcomes", outcomes}, {"how", how}, {"completed", completed}, {"rows", rows}};
      if (!a.out.empty())
        out["out"] = a.out;
      if (!picture.empty())
        out["picture"] = picture;
      print_json(out);
    } else {
      std::cout << fmt::format("Domineering rectangles 2x2 to {}x{} (Vertical = Left): outcome class of each board, rows down, columns "
                               "across\n",
                               limits.max_rows, max_cols);
      std::cout << "     ";
      for (int c = 2; c <= max_cols; ++c)
        std::cout << fmt::format("{:>3}", c);
      std::cout << "\n";
      for (int r = 2; r <= limits.max_rows; ++r) {
        std::cout << fmt::format("{:>3}  ", r);
        for (int c = 2; c <= max_cols; ++c) {
          const solver::SurveyRow* row = table.find(r, c);
          std::cout << fmt::format("{:>3}", row ? row->outcome() : "?");
        }
        std::cout << "\n";
      }
      std::cout << fmt::format("{} boards: L {}, R {}, N {}, P {}, not known {}\n", boards, outcomes["L"], outcomes["R"], outcomes["N"],
                               outcomes["P"], outcomes["?"]);
      std::string found;
      for (const auto& [name, count] : how)
        found += fmt::format("{}{} {}", found.empty() ? "" : ", ", name, count);
      std::cout << fmt::format("results by how they were found: {}\n", found);
      if (!a.out.empty())
        std::cout << fmt::format("table: {}\n", a.out);
      if (!picture.empty())
        std::cout << fmt::format("picture: {}\n", picture);
    }
    if (!completed)
      throw std::runtime_error("interrupted");
  });
}

} // namespace cli
