#include "cgt/reduced.h"

#include "cgt/canonical.h"
#include "cgt/cooling.h"
#include "cgt/game_store.h"

#include <unordered_map>
#include <vector>

namespace cgt {

namespace {

// Every follower x* (a number plus a star) replaced by x.
struct StarProjection {
  std::unordered_map<GameId, GameId> memo;

  GameId operator()(GameId g) {
    if (store().is_number(g))
      return g;
    if (store().is_nus(g)) {
      const NusValue v = store().nus_value(g);
      if (v.ups == 0 && v.nim == 1)
        return number(v.number);
    }
    if (const auto it = memo.find(g); it != memo.end())
      return it->second;
    const Options o = store().options(g);
    std::vector<GameId> left, right;
    for (const GameId gl : o.left)
      left.push_back((*this)(gl));
    for (const GameId gr : o.right)
      right.push_back((*this)(gr));
    const GameId r = from_options(std::move(left), std::move(right));
    memo.emplace(g, r);
    return r;
  }
};

} // namespace

GameId reduced_canonical(GameId g) {
  if (store().is_nus(g))
    return number(store().nus_value(g).number);
  StarProjection p;
  return p(heat(g, nimber(1)));
}

} // namespace cgt
