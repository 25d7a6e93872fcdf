// `domineering value BOARD`: the exact value of a board as the sum of its regions' values,
// with the total's canonical form, stops, mean, temperature and outcome.
#include "cgt_output.h"
#include "commands.h"
#include "terminal.h"

#include "base/input_error.h"
#include "cgt/game.h"
#include "domineering/board.h"
#include "domineering/board_options.h"
#include "domineering/board_value.h"
#include "domineering/value_table.h"
#include "web/value_json.h"

#include <fmt/format.h>

#include <chrono>
#include <iostream>
#include <string>

namespace cli {

namespace {

std::string outcome_words(cgt::Outcome o) {
  switch (o) {
  case cgt::Outcome::L: return "L (Vertical wins whoever starts)";
  case cgt::Outcome::R: return "R (Horizontal wins whoever starts)";
  case cgt::Outcome::N: return "N (the player to move wins)";
  case cgt::Outcome::P: return "P (the player to move loses)";
  }
  return "?";
}

} // namespace

void add_value_command(CLI::App& app) {
  auto* cmd = app.add_subcommand("value", "Exact CGT value of a Domineering board, region by region");
  cmd->footer("BOARD is board text: rows top to bottom separated by '/' (or CGSuite's '|'), '.' empty, '#' filled\n"
              "(e.g. '..#/...'), or RxC for an empty board of R rows and C columns (e.g. 4x5). Left is Vertical, Right is\n"
              "Horizontal; positive values favour Vertical. Each region is computed once per shape (reflections share a\n"
              "value, a transposed shape has the negated value).\n\n"
              "Examples:\n  domineering value 4x4\n  domineering value '.../.#./...' --json\n"
              "  domineering value '..#/.../...' --options --thermograph board.svg");
  static std::string text;
  static bool json = false, options = false;
  static std::string thermograph_file;
  static int max_region_cells = domineering::DEFAULT_MAX_REGION_CELLS;
  cmd->add_option("BOARD", text, "Board text or RxC")->required();
  cmd->add_option("--max-region-cells", max_region_cells,
                  fmt::format("Refuse regions larger than this (default {}: the 36 cells of 6x6 take minutes, each extra cell "
                              "multiplies the work)",
                              domineering::DEFAULT_MAX_REGION_CELLS))
      ->check(CLI::Range(1, domineering::MAX_SIDE * domineering::MAX_SIDE));
  cmd->add_flag("--options", options,
                "Also list every Vertical and every Horizontal placement with the value it leaves, its incentive, and whether it "
                "is dominated, reversible or sensible (JSON: options)");
  cmd->add_option("--thermograph", thermograph_file, "Draw the thermograph of each region and of the sum into FILE (SVG)")
      ->type_name("FILE");
  cmd->add_flag("--json", json,
                "Print one JSON object (board, regions, canonical, left_stop, right_stop, mean, temperature, outcome, thermograph, "
                "...)");
  cmd->callback([] {
    const domineering::Board board = domineering::Board::parse(text);
    auto& table = domineering::ValueTable::shared();
    Progress progress;
    const auto start = std::chrono::steady_clock::now();
    table.on_progress([&](std::size_t shapes) {
      const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      progress.update(fmt::format("value: {} shapes evaluated, {} games, {:.1f} s", shapes, cgt::store().size(), s));
    });
    domineering::BoardValue v;
    try {
      v = domineering::board_value(board, max_region_cells);
    } catch (const base::InputError& e) {
      throw base::InputError(std::string(e.what()) + "; --max-region-cells raises it");
    }
    const auto& regions = v.regions;
    const auto& values = v.region_values;
    const cgt::Game total(v.total);
    progress.finish();
    table.on_progress(nullptr);
    std::vector<domineering::BoardOption> moves[2];
    if (options)
      for (const domineering::Side side : {domineering::Side::Left, domineering::Side::Right})
        moves[side == domineering::Side::Left ? 0 : 1] = domineering::board_options(board, side, total.id());
    if (!thermograph_file.empty())
      write_thermograph(thermograph_file, domineering::thermograph_curves(v));
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

    if (json) {
      std::vector<domineering::BoardOption> listed;
      for (const auto& side : moves)
        listed.insert(listed.end(), side.begin(), side.end());
      nlohmann::json j = web::value_json(board, v, options ? &listed : nullptr);
      j["shapes_evaluated"] = table.size();
      j["games"] = cgt::store().size();
      j["seconds"] = seconds;
      print_json(j);
      return;
    }
    std::cout << "board (" << board.height() << " rows x " << board.width() << " columns; Left = Vertical, Right = Horizontal)\n";
    std::cout << board.text('\n') << "\n\n";
    std::cout << regions.size() << (regions.size() == 1 ? " region" : " regions") << "\n";
    for (std::size_t i = 0; i < regions.size(); ++i)
      std::cout << fmt::format("  {} cells at row {}, column {}: {}   shape {}\n", regions[i].shape.cells(), regions[i].top,
                               regions[i].left, cgt::to_string(values[i]), regions[i].shape.text());
    std::cout << fmt::format("\ncanonical    {}\nleft stop    {}\nright stop   {}\nmean         {}\ntemperature  {}\noutcome      {}\n",
                             total.str(), total.left_stop().to_string(), total.right_stop().to_string(), total.mean().to_string(),
                             total.temperature().to_string(), outcome_words(total.outcome()));
    if (options)
      for (const auto& side : moves) {
        if (side.empty())
          continue;
        std::cout << fmt::format("\n{} options (move: value left, incentive; * sensible, d dominated, r reversible)\n",
                                 side[0].move.side == domineering::Side::Left ? "Vertical's" : "Horizontal's");
        for (const domineering::BoardOption& o : side)
          std::cout << fmt::format("  {} {:<8} {}   incentive {}{}{}\n", o.sensible ? '*' : ' ', domineering::to_string(o.move),
                                   cgt::to_string(o.value), cgt::to_string(o.incentive), o.dominated ? "  d" : "",
                                   o.reversible ? "  r" : "");
      }
    if (!thermograph_file.empty())
      std::cout << fmt::format("\nthermograph  {}\n", thermograph_file);
  });
}

} // namespace cli
