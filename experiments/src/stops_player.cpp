#include "experiments/stops_player.h"

#include "domineering/regions.h"

#include "cgt/stops.h"

#include <bit>
#include <cmath>

namespace experiments {

using domineering::Board;
using domineering::Move;
using domineering::Side;

namespace {

double to_double(const cgt::Dyadic& d) { return std::ldexp(d.numerator().convert_to<double>(), -int(d.exponent())); }

} // namespace

StopsPlayer::StopsPlayer(const catalogue::Catalogue& c, std::mt19937_64& rng) : catalogue_(c), rng_(rng) {
  mean_of_stops_.reserve(c.size());
  for (const auto& e : c.entries())
    mean_of_stops_.push_back((to_double(cgt::number_value(e.left_stop)) + to_double(cgt::number_value(e.right_stop))) / 2);
}

double StopsPlayer::estimate(const domineering::Shape& region, const LookupSink& lookup) const {
  if (const catalogue::Entry* e = catalogue_.find(region)) {
    const auto key = std::uint32_t(e - catalogue_.entries().data());
    lookup(key);
    return mean_of_stops_[key];
  }
  // FALLBACK: each side's placements, half a point apiece.
  return (region.move_count(Side::Left) - region.move_count(Side::Right)) / 2.0;
}

std::optional<Move> StopsPlayer::choose(const Board& board, Side side, int ply, const LookupSink& lookup) {
  Move moves[domineering::MAX_MOVES];
  const int n = board.moves(side, moves);
  if (n == 0)
    return std::nullopt;
  if (ply < OPENING_PLIES)
    return moves[std::uniform_int_distribution<int>(0, n - 1)(rng_)];
  Board b = board;
  double best = 0;
  std::vector<int> best_moves;
  for (int i = 0; i < n; ++i) {
    b.play(moves[i]);
    double score = 0;
    domineering::for_each_component(b.rows().data(), b.height(), [&](const domineering::RowBits* rows, int first, int last) {
      const auto region = domineering::Shape::normalised(rows + first, last - first + 1);
      if (region.cells() > catalogue_.max_cells())
        ++unlooked_.large_regions;
      score += estimate(region, lookup);
    });
    b.undo(moves[i]);
    const double mine = side == Side::Left ? score : -score;
    if (best_moves.empty() || mine > best) {
      best = mine;
      best_moves.assign(1, i);
    } else if (mine == best) {
      best_moves.push_back(i);
    }
  }
  return moves[best_moves[std::uniform_int_distribution<std::size_t>(0, best_moves.size() - 1)(rng_)]];
}

} // namespace experiments
