// Catalogue: every connected Domineering shape of 1 to N cells (one per class under the
// reflections, enumerate.h) with its exact value and the numbers players and solvers read off
// it. Entries are sorted by (cells, key); an open-addressing index from the canonical key
// under reflections to the entry makes lookup O(1) and allocation-free, and a region larger
// than N cells is simply "not in the catalogue". Values live in the process-wide GameStore
// and are computed through the shared ValueTable, so building is parallel (TBB, one size layer
// at a time: a shape's options only hold smaller shapes) and repeated builds are cheap. The
// price is memory: the shapes roughly quadruple with every cell, and so does the build's peak.
#pragma once

#include "domineering/shape.h"

#include "cgt/compare.h"
#include "cgt/dyadic.h"
#include "cgt/game_id.h"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

namespace catalogue {

struct Entry {
  domineering::ShapeKey key; // canonical under the reflections (not the transpose)
  cgt::GameId value = cgt::ZERO;
  // Numbers, as number ids in the GameStore (cgt::number_value turns them into Dyadics).
  cgt::GameId left_stop = cgt::ZERO;
  cgt::GameId right_stop = cgt::ZERO;
  cgt::GameId mean = cgt::ZERO;
  cgt::GameId temperature = cgt::ZERO;
  cgt::Outcome outcome = cgt::Outcome::P;
  std::uint8_t cells = 0;
  std::uint16_t left_moves = 0;  // Vertical placements in the shape
  std::uint16_t right_moves = 0; // Horizontal placements

  domineering::Shape shape() const { return domineering::unpack(key); }
};

// Progress of a build: shapes done and total, of the size layer being built.
struct BuildProgress {
  int cells = 0;
  std::size_t done = 0;
  std::size_t total = 0;
};

class Catalogue {
public:
  Catalogue() = default;

  // Builds the catalogue of shapes up to max_cells with `threads` TBB threads (0: all cores).
  // progress may be called from worker threads, but never from two at once.
  static Catalogue build(int max_cells, int threads = 0, const std::function<void(const BuildProgress&)>& progress = {});

  // Adopts entries read from a file (sorted or not); throws std::logic_error on duplicates.
  static Catalogue from_entries(int max_cells, std::vector<Entry> entries);

  int max_cells() const { return max_cells_; }
  const std::vector<Entry>& entries() const { return entries_; }
  std::size_t size() const { return entries_.size(); }

  // The entry of a region's shape in O(1), or nullptr when it has more than max_cells cells
  // (or is not connected, which no region is). Does not allocate.
  const Entry* find(const domineering::Shape& region) const;

  // Recomputes one entry's derived fields from its value (stops, mean, temperature, outcome,
  // move counts), as the builder does; readers use it to check what a file claims.
  static Entry describe(const domineering::Shape& shape, cgt::GameId value);
  // The part of describe() that depends on the value alone (value, stops, mean, temperature,
  // outcome); key, cells and move counts are left empty. Readers work it out once per value.
  static Entry describe_value(cgt::GameId value);

private:
  void index_entries();

  int max_cells_ = 0;
  std::vector<Entry> entries_;
  std::vector<std::uint32_t> index_; // slot -> entry + 1, 0 when empty
};

// About how many bytes building the catalogue of shapes up to max_cells takes at its peak:
// BUILD_BYTES_PER_SHAPE times the number of shapes, which is exact up to 15 cells and grows by
// SHAPE_GROWTH per extra cell beyond (both measured: see bench/results/catalogue.md).
inline constexpr double BUILD_BYTES_PER_SHAPE = 250;
inline constexpr double SHAPE_GROWTH = 3.8;
double estimated_build_bytes(int max_cells);

// Summary numbers for `catalogue stats`.
struct Stats {
  std::vector<std::size_t> by_size;              // shapes per size
  std::map<std::string, std::size_t> by_outcome; // "L", "R", "N", "P"
  std::size_t distinct_values = 0;
  std::map<cgt::Dyadic, std::size_t> by_temperature; // exact temperature -> shapes
  cgt::Dyadic max_temperature;
};
Stats stats(const Catalogue& c);

} // namespace catalogue
