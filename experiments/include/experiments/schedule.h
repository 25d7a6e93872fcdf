// Schedule: which boards the self-play experiments play, in order, and how many games on each,
// written "4x5:200,5x5:200,6x6:150,7x7:100" (the essay's run, the default).
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

// Throws cgt::InputError naming the bad item; boards up to 16 x 16, at most 100,000 games each.
Schedule parse_schedule(std::string_view text);
std::string to_string(const Schedule& s);

} // namespace experiments
