#include "experiments/schedule.h"

#include "base/input_error.h"

#include <fmt/format.h>

#include <charconv>

namespace experiments {

namespace {

int number(std::string_view s, std::string_view item) {
  int v = 0;
  const auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (s.empty() || ec != std::errc() || p != s.data() + s.size())
    throw base::InputError(fmt::format("malformed schedule item '{}': expected RxC:GAMES, e.g. 4x5:200", item));
  return v;
}

} // namespace

Schedule parse_schedule(std::string_view text) {
  Schedule out;
  if (text.empty())
    throw base::InputError("empty schedule: expected items like 4x5:200 separated by commas");
  for (std::size_t start = 0; start <= text.size();) {
    const std::size_t comma = std::min(text.find(',', start), text.size());
    const std::string_view item = text.substr(start, comma - start);
    const std::size_t x = item.find('x'), colon = item.find(':');
    if (x == std::string_view::npos || colon == std::string_view::npos || colon < x)
      throw base::InputError(fmt::format("malformed schedule item '{}': expected RxC:GAMES, e.g. 4x5:200", item));
    ScheduleItem s{number(item.substr(0, x), item), number(item.substr(x + 1, colon - x - 1), item), number(item.substr(colon + 1), item)};
    if (s.rows < 1 || s.cols < 1 || s.rows > MAX_SCHEDULE_SIDE || s.cols > MAX_SCHEDULE_SIDE)
      throw base::InputError(fmt::format("schedule item '{}': boards must be 1x1 to {}x{}", item, MAX_SCHEDULE_SIDE, MAX_SCHEDULE_SIDE));
    if (s.games < 1 || s.games > MAX_GAMES_PER_ITEM)
      throw base::InputError(fmt::format("schedule item '{}': games must be 1 to {}", item, MAX_GAMES_PER_ITEM));
    out.push_back(s);
    start = comma + 1;
  }
  return out;
}

ScheduleItem parse_board(std::string_view board, int games) {
  const std::size_t x = board.find('x');
  int rows = 0, cols = 0;
  const auto whole = [](std::string_view t, int& v) {
    const auto [p, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
    return !t.empty() && ec == std::errc() && p == t.data() + t.size();
  };
  if (x == std::string_view::npos || !whole(board.substr(0, x), rows) || !whole(board.substr(x + 1), cols))
    throw base::InputError(fmt::format("malformed board '{}': expected RxC, e.g. 5x5", board));
  if (rows < 1 || cols < 1 || rows > MAX_SCHEDULE_SIDE || cols > MAX_SCHEDULE_SIDE)
    throw base::InputError(
        fmt::format("board {} out of range: the experiments play boards of 1x1 to {}x{}", board, MAX_SCHEDULE_SIDE, MAX_SCHEDULE_SIDE));
  if (games < 1 || games > MAX_GAMES_PER_ITEM)
    throw base::InputError(fmt::format("games {} out of range: 1 to {}", games, MAX_GAMES_PER_ITEM));
  return {rows, cols, games};
}

std::string to_string(const Schedule& s) {
  std::string out;
  for (const auto& item : s) {
    if (!out.empty())
      out += ',';
    out += fmt::format("{}:{}", item.name(), item.games);
  }
  return out;
}

} // namespace experiments
