// TreeProfile: where a search's nodes went, ply by ply, so that a solve can say why its tree has
// the size it has. Its invariant, per ply: nodes = stopped + table + decided + expanded,
// first_cut <= cut <= expanded; summed over plies, nodes is the Searcher's node count. A search
// fills it only when given one (Searcher::set_profile), so an unprofiled search pays nothing but
// a pointer test per node.
#pragma once

#include <algorithm>
#include <cassert>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace solver {

struct PlyProfile {
  std::uint64_t nodes = 0;     // node calls at this ply
  std::uint64_t stopped = 0;   // found the stop flag raised on entry (a parallel search cancelled)
  std::uint64_t table = 0;     // settled by the table entry on entry
  std::uint64_t decided = 0;   // scored without a search: game over, or the game's hooks decided
  std::uint64_t expanded = 0;  // went on to their children (then perhaps stopped below)
  std::uint64_t cut = 0;       // expanded nodes that failed high
  std::uint64_t first_cut = 0; // ... at the first child tried, or by a child's table entry first
  // Nodes searched below the children tried before the one that cut: the price of the move
  // order. Zero when every cut node cuts at its first child.
  std::uint64_t before_cut = 0;

  PlyProfile& operator+=(const PlyProfile& o) {
    nodes += o.nodes;
    stopped += o.stopped;
    table += o.table;
    decided += o.decided;
    expanded += o.expanded;
    cut += o.cut;
    first_cut += o.first_cut;
    before_cut += o.before_cut;
    return *this;
  }
  bool operator==(const PlyProfile&) const = default;
};

// One PlyProfile per ply. A search keeps a pointer to its ply's row while it searches below it,
// so the rows never move during a search: reserve() makes room for every ply first.
class TreeProfile {
public:
  void reserve(int plies) {
    if (std::size_t(plies) > plies_.size())
      plies_.resize(std::size_t(plies));
  }
  PlyProfile& at(int ply) {
    assert(ply >= 0 && std::size_t(ply) < plies_.size());
    return plies_[std::size_t(ply)];
  }
  // Every ply reserved, the ones no node reached included (nodes == 0).
  const std::vector<PlyProfile>& plies() const { return plies_; }
  void clear() { std::fill(plies_.begin(), plies_.end(), PlyProfile{}); }

  TreeProfile& operator+=(const TreeProfile& o) {
    reserve(int(o.plies_.size()));
    for (std::size_t i = 0; i < o.plies_.size(); ++i)
      plies_[i] += o.plies_[i];
    return *this;
  }

  PlyProfile total() const {
    PlyProfile t;
    for (const PlyProfile& p : plies_)
      t += p;
    return t;
  }

private:
  std::vector<PlyProfile> plies_;
};

} // namespace solver
