#include "cgt/atomic_weight.h"

#include "cgt/arithmetic.h"
#include "cgt/canonical.h"
#include "cgt/compare.h"
#include "cgt/game_store.h"
#include "cgt/incentives.h"
#include "cgt/notation.h"
#include "cgt/stops.h"

#include "base/input_error.h"

#include <algorithm>
#include <map>
#include <unordered_map>
#include <vector>

namespace cgt {

namespace {

bool is_integer(GameId g) { return store().is_number(g) && number_value(g).is_integer(); }

bool is_nimber(GameId g) {
  if (!store().is_nus(g))
    return false;
  const NusValue v = store().nus_value(g);
  return v.number.is_zero() && v.ups == 0;
}

// n copies of u for an integer n: doubling and adding, n's bits from the lowest.
GameId integer_copies(const BigInt& n, GameId u) {
  GameId result = ZERO;
  GameId power = n.sign() < 0 ? neg(u) : u;
  for (BigInt m = abs(n); m != 0; m >>= 1) {
    if ((m & 1) != 0)
      result = add(result, power);
    power = add(power, power);
  }
  return result;
}

struct Norton {
  GameId u;
  std::vector<GameId> u_plus_incentives; // U + I for each incentive I of U
  std::unordered_map<GameId, GameId> memo;

  GameId operator()(GameId g) {
    if (is_integer(g))
      return integer_copies(number_value(g).numerator(), u);
    if (const auto it = memo.find(g); it != memo.end())
      return it->second;
    const Options o = store().options(g);
    std::vector<GameId> left, right;
    for (const GameId gl : o.left) {
      const GameId x = (*this)(gl);
      for (const GameId ui : u_plus_incentives)
        left.push_back(add(x, ui));
    }
    for (const GameId gr : o.right) {
      const GameId x = (*this)(gr);
      for (const GameId ui : u_plus_incentives)
        right.push_back(sub(x, ui));
    }
    const GameId r = from_options(std::move(left), std::move(right));
    memo.emplace(g, r);
    return r;
  }
};

struct Ordinal {
  GameId g;
  std::unordered_map<GameId, GameId> memo;

  GameId operator()(GameId h) {
    if (h == ZERO)
      return g;
    if (const auto it = memo.find(h); it != memo.end())
      return it->second;
    const Options og = store().options(g), oh = store().options(h);
    std::vector<GameId> left(og.left.begin(), og.left.end()), right(og.right.begin(), og.right.end());
    for (const GameId hl : oh.left)
      left.push_back((*this)(hl));
    for (const GameId hr : oh.right)
      right.push_back((*this)(hr));
    const GameId r = from_options(std::move(left), std::move(right));
    memo.emplace(h, r);
    return r;
  }
};

// The atomic weight calculus without the atomicity test (CGSuite's naive atomic weight).
struct NaiveWeight {
  std::unordered_map<GameId, GameId> memo;

  GameId operator()(GameId g) {
    if (store().is_nus(g))
      return integer(store().nus_value(g).ups);
    if (const auto it = memo.find(g); it != memo.end())
      return it->second;
    const Options o = store().options(g);
    std::vector<GameId> left, right;
    for (const GameId gl : o.left)
      left.push_back(add((*this)(gl), integer(-2)));
    for (const GameId gr : o.right)
      right.push_back(add((*this)(gr), integer(2)));
    GameId r = from_options(left, right);
    if (is_integer(r)) {
      // The eccentric case: G against its far star decides between the candidates.
      const GameId star = nimber(far_star(g));
      const bool below = leq(g, star), above = leq(star, g);
      if (below && !above) {
        // The least integer n with n |> every aw(G^L) - 2 (none: 0).
        if (left.empty()) {
          r = ZERO;
        } else {
          BigInt most;
          bool first = true;
          for (const GameId x : left) {
            BigInt n = number_value(right_stop(x)).ceil();
            if (leq(integer_of(n), x))
              n += 1;
            most = first ? n : std::max(most, n);
            first = false;
          }
          r = integer_of(most);
        }
      } else if (above && !below) {
        // The greatest integer n with n <| every aw(G^R) + 2 (none: 0).
        if (right.empty()) {
          r = ZERO;
        } else {
          BigInt least;
          bool first = true;
          for (const GameId x : right) {
            BigInt n = number_value(left_stop(x)).floor();
            if (leq(x, integer_of(n)))
              n -= 1;
            least = first ? n : std::min(least, n);
            first = false;
          }
          r = integer_of(least);
        }
      }
    }
    memo.emplace(g, r);
    return r;
  }

  static GameId integer_of(const BigInt& n) { return number(Dyadic(n, 0)); }
};

} // namespace

GameId norton_product(GameId g, GameId u) {
  Norton n{u, {}, {}};
  for (const GameId i : incentives(u))
    n.u_plus_incentives.push_back(add(u, i));
  return n(g);
}

GameId ordinal_sum(GameId g, GameId h) {
  Ordinal o{g, {}};
  return o(h);
}

std::uint32_t far_star(GameId g) {
  if (is_nimber(g))
    return store().nus_value(g).nim + 1;
  std::uint32_t most = 1;
  const Options o = store().options(g);
  for (const auto side : {o.left, o.right})
    for (const GameId h : side)
      most = std::max(most, far_star(h));
  return most;
}

bool is_all_small(GameId g) {
  if (store().is_nus(g))
    return store().nus_value(g).number.is_zero();
  const Options o = store().options(g);
  for (const auto side : {o.left, o.right})
    for (const GameId h : side)
      if (!is_all_small(h))
        return false;
  return true;
}

bool is_infinitesimal(GameId g) { return left_stop(g) == ZERO && right_stop(g) == ZERO; }

std::optional<GameId> atomic_weight(GameId g) {
  if (!is_infinitesimal(g))
    return std::nullopt;
  NaiveWeight naive;
  const GameId w = naive(g);
  if (is_all_small(g))
    return w;
  // Atomic when G - w.^ lies within E = ^* + (*N : -1), N the far star rounded up to a power of
  // two: the remote star and the red kite bound what the calculus may leave over.
  const GameId up = up_multiple(1);
  const GameId difference = sub(g, norton_product(w, up));
  std::uint32_t n = 2;
  while (n < far_star(g))
    n <<= 1;
  const GameId red_kite = ordinal_sum(nimber(n), integer(-1));
  const GameId epsilon = add(number_up_star(Dyadic(0), 1, 1), red_kite);
  if (leq(difference, epsilon) && leq(neg(epsilon), difference))
    return w;
  return std::nullopt;
}

GameId defined_atomic_weight(GameId g) {
  if (const auto w = atomic_weight(g))
    return *w;
  throw base::InputError(
      to_string(g) + " has no atomic weight: " +
      (is_infinitesimal(g) ? "it is infinitesimal but not atomic" : "it is not infinitesimal (its stops are not both 0)"));
}

} // namespace cgt
