#include "solver/bench_positions.h"

namespace solver {

const std::vector<std::string>& bench_positions() {
  // Rectangles whose values are known from the CGT engine, and openings and middle games of
  // larger boards with holes, so the signature covers bounds, CGT endgames and plain search.
  static const std::vector<std::string> positions = {
      "5x5",
      "6x5",
      "5x6",
      "6x6",
      "7x6",
      "4x10",
      "7x7",
      "8x6",
      "......../.#....#./......../...##.../...##.../......../.#....#./........",
      "##....##/#......#/......../......../......../......../#......#/##....##",
  };
  return positions;
}

} // namespace solver
