#include "cgt/birthday.h"

#include "cgt/game_store.h"

#include <algorithm>
#include <cstdlib>
#include <unordered_map>

namespace cgt {

namespace {

// The birthday of the number x: |x| for an integer; for m / 2^k in lowest terms (k >= 1),
// floor(|m| / 2^k) + k + 1, the integer part's days, one to leave the integers and one per
// halving (1/2 is born on day 2, 3/4 on day 3).
std::int64_t number_birthday(const Dyadic& x) {
  const BigInt m = abs(x.numerator());
  if (x.exponent() == 0)
    return static_cast<std::int64_t>(m);
  return static_cast<std::int64_t>(m >> x.exponent()) + std::int64_t(x.exponent()) + 1;
}

// The birthday of ^n *k (n >= 0 ups, n = |ups|): n + 1 for n > 0 and k = 0 (^ is born on day 2);
// otherwise n + (k XOR 1) for odd n and k != 1 (^* is day 2, ^*2 day 4 ... its options reach back
// one day less); otherwise n + k.
std::int64_t up_star_birthday(std::int64_t n, std::uint32_t k) {
  if (n > 0 && k == 0)
    return n + 1;
  if (n % 2 == 1 && k != 1)
    return n + std::int64_t(k ^ 1u);
  return n + std::int64_t(k);
}

std::int64_t general(GameId g, std::unordered_map<GameId, std::int64_t>& memo) {
  if (store().is_nus(g)) {
    const NusValue v = store().nus_value(g);
    return number_birthday(v.number) + up_star_birthday(std::llabs(v.ups), v.nim);
  }
  if (const auto it = memo.find(g); it != memo.end())
    return it->second;
  std::int64_t b = 0;
  const Options o = store().options(g);
  for (const auto side : {o.left, o.right})
    for (const GameId h : side)
      b = std::max(b, general(h, memo) + 1);
  memo.emplace(g, b);
  return b;
}

} // namespace

std::int64_t birthday(GameId g) {
  std::unordered_map<GameId, std::int64_t> memo;
  return general(g, memo);
}

} // namespace cgt
