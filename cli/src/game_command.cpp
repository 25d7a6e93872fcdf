// `domineering game EXPR`: the canonical form of a game typed in CGSuite-style notation, its
// usual invariants, and what a CGT researcher asks next (cooling, heating, freezing, atomic
// weight, reduced canonical form, incentives, the thermograph); `domineering compare G H`: the
// relation of two games.
#include "cgt_output.h"
#include "commands.h"
#include "terminal.h"

#include "cgt/atomic_weight.h"
#include "cgt/birthday.h"
#include "cgt/cooling.h"
#include "cgt/game.h"
#include "cgt/game_store.h"
#include "cgt/incentives.h"
#include "cgt/reduced.h"
#include "web/value_json.h"

#include <fmt/format.h>

#include <iostream>
#include <optional>
#include <string>

namespace cli {

void add_game_command(CLI::App& app) {
  auto* cmd = app.add_subcommand("game", "Canonical form, stops, mean, temperature, outcome and more of a game expression");
  cmd->footer("EXPR uses CGSuite notation: integers and dyadics (-3/4), *, *2, ^, v, ^^, v3, ^*, 1/2*, +-1 (or ±1),\n"
              "{L|R} with nested bars ({3||2*|1*}), Tiny(G), Miny(G), 2Tiny(2), sums and differences (^ + * - 1/2).\n"
              "Positive values favour Left. Outcome: L or R (that side wins whoever starts), N (the player to move wins),\n"
              "P (the player to move loses). The birthday and Left's and Right's incentives (G^L - G and G - G^R, the\n"
              "undominated ones) are always printed; the options below add what they name.\n\n"
              "Examples:\n  domineering game '{3||2*|1*}' --cool 1/2 --reduced\n  domineering game '^ + ^ + *' --atomic-weight --json\n"
              "  domineering game '{3||2*|1*}' --thermograph g.svg");
  static std::string expr, cool_text, heat_text, thermograph_file;
  static bool json = false, freeze = false, atomic_weight = false, reduced = false;
  cmd->add_option("EXPR", expr, "The game, e.g. '{1|-1}' or '^+*'")->required();
  cmd->add_option("--cool", cool_text, "Also cool by T, a number of 0 or more (JSON: cooled)")->type_name("T");
  cmd->add_option("--heat", heat_text, "Also heat by T, any game (JSON: heated)")->type_name("T");
  cmd->add_flag("--freeze", freeze, "Also freeze: cool by the game's own temperature (JSON: frozen)");
  cmd->add_flag("--atomic-weight", atomic_weight,
                "Also the atomic weight, defined for atomic games (infinitesimal ones, such as the all-small) (JSON: atomic_weight)");
  cmd->add_flag("--reduced", reduced, "Also the reduced canonical form, the game modulo infinitesimals (JSON: reduced_canonical)");
  cmd->add_option("--thermograph", thermograph_file, "Draw the thermograph into FILE (SVG)")->type_name("FILE");
  cmd->add_flag("--json", json,
                "Print one JSON object: input, canonical, left_stop, right_stop, mean, temperature, outcome, birthday, "
                "left_incentives, right_incentives, thermograph, and the keys of the options given");
  cmd->callback([] {
    const cgt::Game g = cgt::Game::parse(expr);
    const cgt::GameId cool_by = cool_text.empty() ? cgt::ZERO : cgt::parse_game(cool_text);
    const cgt::GameId heat_by = heat_text.empty() ? cgt::ZERO : cgt::parse_game(heat_text);
    cgt::CreationBudget budget(cgt::REQUEST_MAX_BUILDS, cgt::REQUEST_MAX_COMPARISONS);
    const std::string canonical = g.str();
    const std::string ls = g.left_stop().to_string(), rs = g.right_stop().to_string();
    const std::string mean = g.mean().to_string(), temp = g.temperature().to_string();
    const std::string outcome(cgt::to_string(g.outcome()));
    const std::int64_t birthday = cgt::birthday(g.id());
    const auto left = cgt::left_incentives(g.id()), right = cgt::right_incentives(g.id());
    std::optional<std::string> cooled, heated, frozen, weight, rcf;
    if (!cool_text.empty())
      cooled = cgt::to_string(cgt::cool(g.id(), cool_by));
    if (!heat_text.empty())
      heated = cgt::to_string(cgt::heat(g.id(), heat_by));
    if (freeze)
      frozen = cgt::to_string(cgt::freeze(g.id()));
    if (atomic_weight)
      weight = cgt::to_string(cgt::defined_atomic_weight(g.id()));
    if (reduced)
      rcf = cgt::to_string(cgt::reduced_canonical(g.id()));
    if (!thermograph_file.empty()) {
      const cgt::ThermographCurve curve{"game", g.id()};
      write_thermograph(thermograph_file, std::span(&curve, 1));
    }
    if (json) {
      nlohmann::json out = {{"input", expr},
                            {"canonical", canonical},
                            {"left_stop", ls},
                            {"right_stop", rs},
                            {"mean", mean},
                            {"temperature", temp},
                            {"outcome", outcome},
                            {"birthday", birthday},
                            {"left_incentives", texts(left)},
                            {"right_incentives", texts(right)},
                            {"thermograph", web::thermograph_json(g.id())}};
      if (cooled)
        out["cooled"] = *cooled;
      if (heated)
        out["heated"] = *heated;
      if (frozen)
        out["frozen"] = *frozen;
      if (weight)
        out["atomic_weight"] = *weight;
      if (rcf)
        out["reduced_canonical"] = *rcf;
      print_json(out);
      return;
    }
    std::cout << fmt::format("canonical    {}\nleft stop    {}\nright stop   {}\nmean         {}\ntemperature  {}\noutcome      {}\n",
                             canonical, ls, rs, mean, temp, outcome);
    std::cout << fmt::format("birthday     {}\nincentives   Left {}, Right {}\n", birthday, set_text(left), set_text(right));
    if (cooled)
      std::cout << fmt::format("cooled by {}  {}\n", cool_text, *cooled);
    if (heated)
      std::cout << fmt::format("heated by {}  {}\n", heat_text, *heated);
    if (frozen)
      std::cout << fmt::format("frozen       {}\n", *frozen);
    if (weight)
      std::cout << fmt::format("atomic weight  {}\n", *weight);
    if (rcf)
      std::cout << fmt::format("reduced      {}\n", *rcf);
    if (!thermograph_file.empty())
      std::cout << fmt::format("thermograph  {}\n", thermograph_file);
  });
}

void add_compare_command(CLI::App& app) {
  auto* cmd = app.add_subcommand("compare", "The relation of two games: <, >, = or || (confused)");
  cmd->footer("G and H use the notation of `domineering game`. G <= H when Left, moving first in G - H, loses; G = H when\n"
              "both G <= H and H <= G; G || H (confused) when neither, that is when G - H is won by whoever moves first.\n"
              "A game starting with '-' follows `--` (domineering compare -- -1 0).\n\n"
              "Examples:\n  domineering compare '{1|-1}' 0\n  domineering compare '^' '*' --json");
  static std::string g_text, h_text;
  static bool json = false;
  cmd->add_option("G", g_text, "The first game")->required();
  cmd->add_option("H", h_text, "The second game")->required();
  cmd->add_flag("--json", json, "Print one JSON object: g, h (canonical forms), relation");
  cmd->callback([] {
    const cgt::Game g = cgt::Game::parse(g_text), h = cgt::Game::parse(h_text);
    const std::string relation(cgt::relation(g.id(), h.id()));
    if (json) {
      print_json({{"g", g.str()}, {"h", h.str()}, {"relation", relation}});
      return;
    }
    std::cout << fmt::format("{} {} {}\n", g.str(), relation, h.str());
  });
}

} // namespace cli
