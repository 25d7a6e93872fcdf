// `domineering game EXPR`: the canonical form and the usual invariants of a game typed in
// CGSuite-style notation.
#include "commands.h"
#include "terminal.h"

#include "cgt/game.h"

#include <fmt/format.h>

#include <iostream>
#include <string>

namespace cli {

void add_game_command(CLI::App& app) {
  auto* cmd = app.add_subcommand("game", "Canonical form, stops, mean, temperature and outcome of a game expression");
  cmd->footer("EXPR uses CGSuite notation: integers and dyadics (-3/4), *, *2, ^, v, ^^, v3, ^*, 1/2*, +-1 (or ±1),\n"
              "{L|R} with nested bars ({3||2*|1*}), Tiny(G), Miny(G), 2Tiny(2), sums and differences (^ + * - 1/2).\n"
              "Positive values favour Left. Outcome: L or R (that side wins whoever starts), N (the player to move wins),\n"
              "P (the player to move loses).\n\n"
              "Examples:\n  domineering game '{3||2*|1*}'\n  domineering game '^ + ^ + *' --json");
  static std::string expr;
  static bool json = false;
  cmd->add_option("EXPR", expr, "The game, e.g. '{1|-1}' or '^+*'")->required();
  cmd->add_flag("--json", json, "Print one JSON object with the keys canonical, left_stop, right_stop, mean, temperature, outcome");
  cmd->callback([] {
    const cgt::Game g = cgt::Game::parse(expr);
    const std::string canonical = g.str();
    const std::string ls = g.left_stop().to_string(), rs = g.right_stop().to_string();
    const std::string mean = g.mean().to_string(), temp = g.temperature().to_string();
    const std::string outcome(cgt::to_string(g.outcome()));
    if (json) {
      print_json({{"input", expr},
                  {"canonical", canonical},
                  {"left_stop", ls},
                  {"right_stop", rs},
                  {"mean", mean},
                  {"temperature", temp},
                  {"outcome", outcome}});
      return;
    }
    std::cout << fmt::format("canonical    {}\nleft stop    {}\nright stop   {}\nmean         {}\ntemperature  {}\noutcome      {}\n",
                             canonical, ls, rs, mean, temp, outcome);
  });
}

} // namespace cli
