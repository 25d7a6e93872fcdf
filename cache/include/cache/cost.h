// Costs: what evaluating a key again after a miss takes, for the cost-aware rule (GDSF, gdsf.h)
// and for weighing a simulation's hits by the work they save (CostStats, filled by simulate()).
// Counting lookups treats a miss on a leaf the same as a miss on a region whose evaluation took a
// million nodes; weighing every lookup by its key's cost measures the work a table saves instead.
// A CostTable is indexed by key (keys are small dense ids in the traces that carry costs), shares
// its array between copies, so a policy holding one stays cheap to copy (the adaptive cache and
// the tests copy whole caches), and answers a lookup in O(1) without allocating. A default table
// is the unit cost: every key costs 1, and the weighted counts equal the plain ones.
#pragma once

#include "cache/key.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace cache {

// The cost of evaluating a key again after a miss, by key. Default: every key costs 1.
class CostTable {
public:
  CostTable() = default; // every key costs 1

  // Key k costs by_key[k]; keys beyond the table cost 1. Throws std::invalid_argument if an entry
  // is 0 (every evaluation takes some work, and a zero cost would let GDSF keep an entry for ever
  // at K = L).
  explicit CostTable(std::vector<std::uint64_t> by_key) {
    for (std::size_t k = 0; k < by_key.size(); ++k)
      if (by_key[k] == 0)
        throw std::invalid_argument("cache cost table: key " + std::to_string(k) + " has cost 0; every cost is at least 1");
    by_key_ = std::make_shared<const std::vector<std::uint64_t>>(std::move(by_key));
  }

  std::uint64_t cost(Key k) const { return by_key_ && k < by_key_->size() ? (*by_key_)[k] : 1; }

  // Whether this is the default table (every key costs 1).
  bool unit() const { return by_key_ == nullptr; }

private:
  std::shared_ptr<const std::vector<std::uint64_t>> by_key_; // null: every key costs 1
};

// Lookups weighted by cost: the sums of the costs of all lookups, of the hits, and of the
// re-evaluations (misses on a key looked up before). With unit costs they equal Stats' lookups,
// hits and re_evaluations.
struct CostStats {
  std::uint64_t lookups = 0;
  std::uint64_t hits = 0;
  std::uint64_t re_evaluations = 0;

  double hit_rate() const { return lookups == 0 ? 0.0 : double(hits) / double(lookups); }

  friend bool operator==(const CostStats&, const CostStats&) = default;
};

} // namespace cache
