// The fixed workload of `domineering bench`: boards solved with one thread, a fresh table of
// BENCH_TABLE_MIB and the default endgame options, both first players each. The total node
// count is the signature of the search: any change to the search, the move order, the hooks,
// the table or this list changes it, and the commit that does so must say so ("Bench: N").
#pragma once

#include <string>
#include <vector>

namespace solver {

inline constexpr std::size_t BENCH_TABLE_MIB = 64;

// Board texts (design.md), in the order they are solved.
const std::vector<std::string>& bench_positions();

} // namespace solver
