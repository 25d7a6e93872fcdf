// What valuing a region from nothing costs: the games an evaluation computes when it starts with
// no stored values at all, neither a catalogue nor a cache. The evaluation is region_value's
// recursion, { the sums left by each Vertical move | ... by each Horizontal move }, with a memo
// that lives for this one evaluation, so each class of regions (canonical_key: the reflections
// and, with a sign, the transpose) is computed once however often play reaches it. The count of
// those classes, the region's own included, is the cost a cache saves when it holds the region's
// value: what a miss makes the evaluator do again. It depends on the region alone, so it is the
// same on every machine and in every run, unlike a time.
#pragma once

#include "domineering/shape.h"

#include "cgt/game_id.h"

#include <cstdint>

namespace domineering {

struct Evaluation {
  cgt::GameId value;       // the region's canonical value
  std::uint64_t games = 0; // classes of regions valued, at least 1 (the region itself)
};

// Precondition: the region has a key (its bounding box has at most KEY_CELL_BITS cells), as every
// region the catalogue or the component cache holds has; throws std::invalid_argument otherwise.
Evaluation evaluate_from_nothing(const Shape& region);

} // namespace domineering
