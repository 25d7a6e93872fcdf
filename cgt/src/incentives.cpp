#include "cgt/incentives.h"

#include "cgt/arithmetic.h"
#include "cgt/compare.h"
#include "cgt/game_store.h"
#include "cgt/notation.h"

#include <algorithm>

namespace cgt {

std::vector<GameId> undominated(std::vector<GameId> games) {
  std::sort(games.begin(), games.end());
  games.erase(std::unique(games.begin(), games.end()), games.end());
  std::vector<GameId> kept;
  for (const GameId g : games)
    if (std::none_of(games.begin(), games.end(), [&](GameId h) { return h != g && leq(g, h); }))
      kept.push_back(g);
  return sorted_for_print(kept);
}

std::vector<GameId> left_incentives(GameId g) {
  std::vector<GameId> out;
  for (const GameId gl : store().options(g).left)
    out.push_back(sub(gl, g));
  return undominated(std::move(out));
}

std::vector<GameId> right_incentives(GameId g) {
  std::vector<GameId> out;
  for (const GameId gr : store().options(g).right)
    out.push_back(sub(g, gr));
  return undominated(std::move(out));
}

std::vector<GameId> incentives(GameId g) {
  std::vector<GameId> all = left_incentives(g);
  const std::vector<GameId> right = right_incentives(g);
  all.insert(all.end(), right.begin(), right.end());
  return undominated(std::move(all));
}

} // namespace cgt
