// What `game`, `value` and `compare` print about games besides their canonical forms: lists of
// games as text, and the thermograph drawn to a file (the JSON is web/value_json.h's).
#pragma once

#include "cgt/game_id.h"
#include "cgt/thermograph_svg.h"

#include <nlohmann/json.hpp>

#include <span>
#include <string>
#include <vector>

namespace cli {

// The printed forms, in order.
std::vector<std::string> texts(std::span<const cgt::GameId> games);
// "{a, b, c}" ("{}" when empty).
std::string set_text(std::span<const cgt::GameId> games);

// Draws the curves (cgt/thermograph_svg.h) into `path`, atomically.
void write_thermograph(const std::string& path, std::span<const cgt::ThermographCurve> curves);

} // namespace cli
