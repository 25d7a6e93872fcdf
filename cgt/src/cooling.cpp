#include "cgt/cooling.h"

#include "cgt/arithmetic.h"
#include "cgt/canonical.h"
#include "cgt/game_store.h"
#include "cgt/notation.h"
#include "cgt/stops.h"
#include "cgt/thermograph.h"

#include "base/input_error.h"

#include <unordered_map>
#include <vector>

namespace cgt {

namespace {

struct Cooler {
  const Dyadic& t;
  GameId t_id;
  std::unordered_map<GameId, GameId> memo;

  GameId operator()(GameId g) {
    if (store().is_number(g) && number_value(g).is_integer())
      return g;
    // Above its temperature a game has cooled to its mean (numbers included: their
    // temperatures are negative).
    if (temperature(g) < t)
      return number(mean(g));
    if (const auto it = memo.find(g); it != memo.end())
      return it->second;
    const Options o = store().options(g);
    std::vector<GameId> left, right;
    for (const GameId gl : o.left)
      left.push_back(sub((*this)(gl), t_id));
    for (const GameId gr : o.right)
      right.push_back(add((*this)(gr), t_id));
    const GameId r = from_options(std::move(left), std::move(right));
    memo.emplace(g, r);
    return r;
  }
};

struct Heater {
  GameId t;
  std::unordered_map<GameId, GameId> memo;

  GameId operator()(GameId g) {
    if (store().is_number(g))
      return g;
    if (const auto it = memo.find(g); it != memo.end())
      return it->second;
    const Options o = store().options(g);
    std::vector<GameId> left, right;
    for (const GameId gl : o.left)
      left.push_back(add((*this)(gl), t));
    for (const GameId gr : o.right)
      right.push_back(sub((*this)(gr), t));
    const GameId r = from_options(std::move(left), std::move(right));
    memo.emplace(g, r);
    return r;
  }
};

} // namespace

GameId cool(GameId g, const Dyadic& t) {
  if (t.sign() < 0)
    throw base::InputError("cooling temperature " + t.to_string() + " is negative (cool by 0 or more)");
  Cooler c{t, number(t), {}};
  return c(g);
}

GameId cool(GameId g, GameId t) {
  if (!store().is_number(t))
    throw base::InputError("cooling temperature " + to_string(t) + " is not a number");
  return cool(g, number_value(t));
}

GameId heat(GameId g, GameId t) {
  Heater h{t, {}};
  return h(g);
}

GameId freeze(GameId g) {
  const Dyadic t = temperature(g);
  // A number's temperature is negative: a number is its own frozen form.
  return t.sign() < 0 ? g : cool(g, t);
}

} // namespace cgt
