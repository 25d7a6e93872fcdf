// The JSON a board's value is reported in, by `domineering value --json` and by the explorer's
// /api/value: one fact, one spelling. Numbers are exact strings such as "-3/2" (design.md).
#pragma once

#include "domineering/board.h"
#include "domineering/board_options.h"
#include "domineering/board_value.h"

#include "cgt/game.h"

#include <nlohmann/json.hpp>

#include <vector>

namespace web {

// canonical, left_stop, right_stop, mean, temperature, outcome.
nlohmann::json game_json(cgt::Game g);

// {"left_wall": [[t, value], ...], "right_wall": [...]}: each wall's exact breakpoints from
// temperature -1, linear in between, vertical (the mast) above the last.
nlohmann::json thermograph_json(cgt::GameId g);

// game_json of the total, with board, rows, columns, regions (each with shape, cells, top, left
// and its own game_json), thermograph, and options when `options` is given (every placement of
// both sides, as board_options lists them).
nlohmann::json value_json(const domineering::Board& board, const domineering::BoardValue& v,
                          const std::vector<domineering::BoardOption>* options = nullptr);

} // namespace web
