// UnboundedTable: the article's "Python dict in effect", a hash map from the full 64-bit key to
// the entry that never evicts. It exists for the 5,473-node tic-tac-toe measurement and as the
// reference a bounded table is compared with; it allocates on every new key and is not safe to
// share between threads, so it has no place in a real search.
#pragma once

#include "solver/score.h"
#include "solver/table_concept.h"
#include "solver/tt_entry.h"
#include "solver/tt_stats.h"

#include <cstddef>
#include <cstdint>
#include <limits>
#include <unordered_map>

namespace solver {

class UnboundedTable {
public:
  static constexpr bool ENABLED = true;
  static constexpr std::uint32_t MOVE_CODES = NO_MOVE;
  static constexpr Score SCORE_MAX = std::numeric_limits<Score>::max();

  class Writer {
  public:
    Writer() = default;
    // Always stores: there is a slot for every key.
    StoreOutcome write(int depth, Score score, Bound bound, std::uint32_t move) const {
      const auto [it, inserted] = map_->try_emplace(key_);
      if (move == NO_MOVE && !inserted)
        move = it->second.move;
      it->second = TTData{score, depth, bound, move, 0};
      return inserted ? StoreOutcome::INTO_EMPTY : StoreOutcome::SAME_KEY;
    }

  private:
    friend class UnboundedTable;
    Writer(std::unordered_map<std::uint64_t, TTData>* map, std::uint64_t key) : map_(map), key_(key) {}
    std::unordered_map<std::uint64_t, TTData>* map_ = nullptr;
    std::uint64_t key_ = 0;
  };

  ProbeResult<Writer> probe(std::uint64_t key) {
    const auto it = map_.find(key);
    if (it == map_.end())
      return {false, TTData{}, Writer(&map_, key)};
    return {true, it->second, Writer(&map_, key)};
  }

  void prefetch(std::uint64_t) const {}
  void clear() { map_.clear(); }
  std::size_t size() const { return map_.size(); }

private:
  std::unordered_map<std::uint64_t, TTData> map_;
};

static_assert(SearchTable<UnboundedTable>);

} // namespace solver
