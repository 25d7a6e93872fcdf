// StopsPlayer: the player of the essay "A count that forgets". It scores every legal placement by
// the mean stops of the regions left after it, looked up in the catalogue, and reports every
// lookup to a sink: all regions of the board after the placement, not only the ones it changed,
// since that repetition is what the component cache sees. All randomness comes from one seeded
// generator, so a seed fixes every game and every lookup. The price of so simple a player: weak
// play, and regions above the catalogue's size scored only by a crude estimate.
#pragma once

#include "catalogue/catalogue.h"
#include "domineering/board.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <random>
#include <vector>

namespace experiments {

// The rules of play. A region of at most the catalogue's size is looked up there and reported
// to the lookup sink (its catalogue index is the key); a larger region is not looked up and is
// estimated by FALLBACK: half the difference of the Vertical and Horizontal placements it holds.
// A region's estimate is the mean of its stops, (LS + RS) / 2; a placement scores the sum over
// regions, and the side to move takes the best score for itself (Vertical the largest), breaking
// ties uniformly at random. The first OPENING_PLIES plies of every game are uniformly random.
// Regions are the connected components of the empty cells, isolated cells included (a 1-cell
// region is in the catalogue, value 0, and is looked up like any other: with them the run's
// lookup count comes close to the essay's). unlooked() counts the regions too large for the
// catalogue (it changes no move and no lookup).
inline constexpr int OPENING_PLIES = 2;

// Receives the key (catalogue index) of every region looked up, in lookup order.
using LookupSink = std::function<void(std::uint32_t key)>;

class StopsPlayer {
public:
  StopsPlayer(const catalogue::Catalogue& c, std::mt19937_64& rng);

  // The placement chosen for `side`, or nullopt when it has none (it has lost).
  std::optional<domineering::Move> choose(const domineering::Board& b, domineering::Side side, int ply, const LookupSink& lookup);

  // The estimate of one region: looked up (and reported) when catalogued, FALLBACK otherwise.
  double estimate(const domineering::Shape& region, const LookupSink& lookup) const;

  // What choose() met on the boards it scored but did not look up, summed over its calls.
  struct Unlooked {
    std::uint64_t large_regions = 0; // regions above the catalogue's size (scored by FALLBACK)
  };
  const Unlooked& unlooked() const { return unlooked_; }

private:
  const catalogue::Catalogue& catalogue_;
  std::mt19937_64& rng_;
  std::vector<double> mean_of_stops_; // by catalogue index
  Unlooked unlooked_;
};

} // namespace experiments
