#include "cgt/arithmetic.h"

#include "cgt/canonical.h"
#include "cgt/compare.h"
#include "cgt/game_store.h"
#include "op_cache.h"

#include <algorithm>
#include <vector>

namespace cgt {

using detail::Record;

namespace {

// At most 2^20 entries of 16 bytes: 16 MiB per thread that adds.
constexpr unsigned ADD_CACHE_BITS = 20;

thread_local detail::OpCache add_cache(ADD_CACHE_BITS);

unsigned small_exp(const Record& r) { return (r.flags & detail::EXP_MASK) >> detail::EXP_SHIFT; }

// (x + a.^ + *m) + (y + b.^ + *n) = (x + y) + (a + b).^ + *(m xor n).
GameId nus_add(GameId g, GameId h, const Record& rg, const Record& rh) {
  GameStore& s = store();
  const std::int64_t ups = std::int64_t(rg.ups) + rh.ups;
  const std::uint32_t nim = rg.nim ^ rh.nim;
  if (!((rg.flags | rh.flags) & detail::BIG_NUMBER)) {
    const unsigned eg = small_exp(rg), eh = small_exp(rh);
    const unsigned e = std::max(eg, eh);
    const __int128 sum = (__int128(rg.num) << (e - eg)) + (__int128(rh.num) << (e - eh));
    const __int128 limit = __int128(1) << detail::SMALL_NUM_BITS;
    if (sum < limit && sum > -limit)
      return s.nus_small(std::int64_t(sum), e, ups, nim);
  }
  return s.nus(s.number_part(g) + s.number_part(h), ups, nim);
}

// x + H for a number x and a general (non-nus) H: translation keeps H's canonical options.
GameId translate(GameId x, GameId h) {
  GameStore& s = store();
  const Options o = s.options(h);
  std::vector<GameId> left, right;
  left.reserve(o.left.size());
  right.reserve(o.right.size());
  for (GameId hl : o.left)
    left.push_back(add(x, hl));
  for (GameId hr : o.right)
    right.push_back(add(x, hr));
  return s.general_unchecked(left, right);
}

} // namespace

GameId add(GameId g, GameId h) {
  if (g == ZERO)
    return h;
  if (h == ZERO)
    return g;
  GameStore& s = store();
  if (raw(g) > raw(h))
    std::swap(g, h);
  const Record& rg = s.record(g);
  const Record& rh = s.record(h);
  if (rg.flags & rh.flags & detail::KIND_NUS)
    return nus_add(g, h, rg, rh);

  const std::uint64_t key = detail::pair_key(raw(g), raw(h));
  std::uint32_t cached;
  if (add_cache.find(key, cached))
    return GameId{cached};

  GameId result;
  if (rg.flags & detail::IS_NUMBER) {
    result = translate(g, h);
  } else if (rh.flags & detail::IS_NUMBER) {
    result = translate(h, g);
  } else {
    const Options og = s.options(g);
    const Options oh = s.options(h);
    std::vector<GameId> left, right;
    left.reserve(og.left.size() + oh.left.size());
    right.reserve(og.right.size() + oh.right.size());
    for (GameId gl : og.left)
      left.push_back(add(gl, h));
    for (GameId hl : oh.left)
      left.push_back(add(g, hl));
    for (GameId gr : og.right)
      right.push_back(add(gr, h));
    for (GameId hr : oh.right)
      right.push_back(add(g, hr));
    result = from_options(std::move(left), std::move(right));
  }
  add_cache.put(key, raw(result));
  return result;
}

GameId neg(GameId g) {
  if (g == ZERO)
    return g;
  GameStore& s = store();
  const Record& r = s.record(g);
  const std::uint32_t cached = r.negative.load(std::memory_order_acquire);
  if (cached != detail::NOT_CACHED)
    return GameId{cached};
  GameId result;
  if (r.flags & detail::KIND_NUS) {
    if (!(r.flags & detail::BIG_NUMBER))
      result = s.nus_small(-r.num, small_exp(r), -std::int64_t(r.ups), r.nim);
    else
      result = s.nus(-s.number_part(g), -std::int64_t(r.ups), r.nim);
  } else {
    const Options o = s.options(g);
    std::vector<GameId> left, right;
    left.reserve(o.right.size());
    right.reserve(o.left.size());
    for (GameId gr : o.right)
      left.push_back(neg(gr));
    for (GameId gl : o.left)
      right.push_back(neg(gl));
    result = s.general_unchecked(left, right);
  }
  const_cast<Record&>(r).negative.store(raw(result), std::memory_order_release);
  return result;
}

void clear_thread_caches() {
  add_cache.clear();
  detail::clear_leq_cache();
}

namespace {

// The number-up-star summands of a list added in machine words, so that sum() and
// outcome_of_sum() intern at most the total: adding pairwise would intern every partial sum (a
// striped lock and a probe of the store's table each), which shows in the endgame's sums
// (measured when chosen: `git log -S outcome_of_sum`). A big number, or a numerator that would leave 125
// bits, makes the total unknown here (`small` false).
struct NusTotal {
  __int128 num = 0; // over 2^exp
  unsigned exp = 0;
  std::int64_t ups = 0;
  std::uint32_t nim = 0;
  bool small = true;

  void add(const Record& r) {
    if (!small)
      return;
    if (r.flags & detail::BIG_NUMBER) {
      small = false;
      return;
    }
    const unsigned e = small_exp(r);
    if (e > exp) {
      num <<= e - exp;
      exp = e;
    }
    num += __int128(r.num) << (exp - e);
    ups += r.ups;
    nim ^= r.nim;
    constexpr __int128 LIMIT = __int128(1) << 125;
    small = num < LIMIT && num > -LIMIT;
  }

  // The total as a game, or NO_GAME when it is not small.
  GameId game() {
    if (!small)
      return NO_GAME;
    if (num == 0 && ups == 0 && nim == 0)
      return ZERO;
    while (exp > 0 && (num & 1) == 0) {
      num >>= 1;
      --exp;
    }
    constexpr __int128 SMALL = __int128(1) << detail::SMALL_NUM_BITS;
    if (num >= SMALL || num <= -SMALL)
      return NO_GAME;
    return store().nus_small(std::int64_t(num), exp, ups, nim);
  }

  // The outcome class of x + ups.^ + *nim: the number's sign when it is not 0. Else 0 when ups
  // and nim are both 0; confused with 0 when only nim is not, and for ^* and v* (ups = +-1, nim
  // = 1); otherwise of the sign of ups (^*n for n != 1, and 2.^*n and beyond, are positive).
  Outcome outcome() const {
    if (num != 0)
      return num > 0 ? Outcome::L : Outcome::R;
    if (ups == 0)
      return nim == 0 ? Outcome::P : Outcome::N;
    if ((ups == 1 || ups == -1) && nim == 1)
      return Outcome::N;
    return ups > 0 ? Outcome::L : Outcome::R;
  }
};

} // namespace

GameId sum(std::span<const GameId> games) {
  // The general summands as they come, the number-up-star total last.
  GameStore& s = store();
  GameId total = ZERO;
  NusTotal nus;
  for (GameId g : games) {
    const Record& r = s.record(g);
    if (r.flags & detail::KIND_NUS)
      nus.add(r);
    else
      total = add(total, g);
  }
  GameId nus_total = nus.game();
  if (nus_total == NO_GAME) {
    nus_total = ZERO;
    for (GameId g : games)
      if (s.is_nus(g))
        nus_total = add(nus_total, g);
  }
  return add(total, nus_total);
}

Outcome outcome_of_sum(std::span<const GameId> games) {
  GameStore& s = store();
  NusTotal nus;
  for (GameId g : games) {
    const Record& r = s.record(g);
    if (!(r.flags & detail::KIND_NUS))
      return outcome(sum(games));
    nus.add(r);
  }
  return nus.small ? nus.outcome() : outcome(sum(games));
}

} // namespace cgt
