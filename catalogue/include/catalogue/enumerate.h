// Enumeration of every 4-connected shape (polyomino) of 1 to N cells, one per class under the
// value-keeping symmetries of Domineering: the horizontal and vertical reflections and the 180
// degree turn (not the transpose, which negates the value, so a shape and its transpose are
// both listed). Redelmeier's method (Redelmeier, "Counting polyominoes: yet another attack",
// 1981) generates each fixed polyomino exactly once, in time linear in their number; a fixed
// one is kept when it is the least of its four reflections, so about three in four are made
// and dropped. Counts: 1, 2, 3, 9, 21, 68, 208, 730, 2542, 9287 for 1 to 10 cells.
#pragma once

#include "domineering/shape.h"

#include <cstdint>
#include <functional>
#include <vector>

namespace catalogue {

// Largest shape size the enumeration accepts (the grid it walks is sized from it).
inline constexpr int MAX_ENUMERATED_CELLS = 24;

// Calls visit(shape) once per class, shapes of every size from 1 to max_cells, in an order
// that depends only on max_cells. Throws base::InputError if max_cells is outside 1..MAX.
void for_each_shape(int max_cells, const std::function<void(const domineering::Shape&)>& visit);

// The same, collected by size: result[n] holds the shapes of n cells (result[0] is empty).
std::vector<std::vector<domineering::Shape>> shapes_by_size(int max_cells);

// Number of fixed polyominoes visited (for tests against OEIS A001168).
std::vector<std::uint64_t> fixed_counts(int max_cells);

} // namespace catalogue
