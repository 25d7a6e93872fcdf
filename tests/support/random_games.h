// Test support: seeded random canonical games for property tests and benchmarks: a game born by
// day d+1 is { L | R } with L and R random subsets (0 to 3 options) of games born by day d.
#pragma once

#include "cgt/canonical.h"

#include <random>
#include <vector>

namespace support {

using cgt::GameId;
using cgt::ZERO;

class RandomGames {
public:
  explicit RandomGames(unsigned seed, int days = 3) : rng_(seed) {
    std::vector<GameId> pool{ZERO};
    for (int d = 0; d < days; ++d) {
      std::vector<GameId> next = pool;
      const int count = d == 0 ? 8 : 60;
      for (int i = 0; i < count; ++i)
        next.push_back(make(pool));
      pool = next;
    }
    pool_ = pool;
  }

  GameId operator()() { return pool_[std::uniform_int_distribution<std::size_t>(0, pool_.size() - 1)(rng_)]; }

  // A fresh game of the next birthday over the pool.
  GameId fresh() { return make(pool_); }

private:
  GameId make(const std::vector<GameId>& pool) {
    std::uniform_int_distribution<int> size(0, 3);
    std::uniform_int_distribution<std::size_t> pick(0, pool.size() - 1);
    std::vector<GameId> l, r;
    for (int i = size(rng_); i > 0; --i)
      l.push_back(pool[pick(rng_)]);
    for (int i = size(rng_); i > 0; --i)
      r.push_back(pool[pick(rng_)]);
    return cgt::from_options(l, r);
  }

  std::mt19937 rng_;
  std::vector<GameId> pool_;
};

} // namespace support
