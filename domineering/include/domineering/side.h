// Sides of Domineering. Left is Vertical: a Left move covers (r, c) and (r+1, c); Right is
// Horizontal: a Right move covers (r, c) and (r, c+1). Positive values favour Left. This is the
// one place where cgt's Left and Right meet the board's vertical and horizontal.
#pragma once

#include <string_view>

namespace domineering {

enum class Side : unsigned char { Left, Right };

constexpr Side opponent(Side s) { return s == Side::Left ? Side::Right : Side::Left; }

// "vertical" for Left, "horizontal" for Right: the words printed and used in JSON.
constexpr std::string_view orientation_name(Side s) { return s == Side::Left ? "vertical" : "horizontal"; }

} // namespace domineering
