// Schedule: which boards the self-play experiments play, in order, and how many games on each,
// written "4x5:200,5x5:200,6x6:150,7x7:100" (the run of the essay "A count that forgets", the
// default). Parsing bounds the boards and the games of each, refusing anything beyond them.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace experiments {

struct ScheduleItem {
  int rows = 0;
  int cols = 0;
  int games = 0;
  std::string name() const { return std::to_string(rows) + "x" + std::to_string(cols); }
};

using Schedule = std::vector<ScheduleItem>;

inline constexpr const char* DEFAULT_SCHEDULE = "4x5:200,5x5:200,6x6:150,7x7:100";

inline constexpr int MAX_SCHEDULE_SIDE = 16;
inline constexpr int MAX_GAMES_PER_ITEM = 100'000;

// Throws base::InputError naming the bad item; boards up to 16 x 16, at most 100,000 games each.
Schedule parse_schedule(std::string_view text);
// One board "RxC" played `games` times (a control). Same limits and errors as parse_schedule, with
// messages naming the board or the game count.
ScheduleItem parse_board(std::string_view board, int games);
std::string to_string(const Schedule& s);

} // namespace experiments
