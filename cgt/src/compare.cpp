#include "cgt/compare.h"

#include "cgt/game_store.h"
#include "cgt/stops.h"
#include "op_cache.h"

namespace cgt {

using detail::Record;

namespace {

// At most 2^20 entries of 16 bytes: 16 MiB per thread that compares.
constexpr unsigned LEQ_CACHE_BITS = 20;

thread_local detail::OpCache leq_cache(LEQ_CACHE_BITS);

unsigned small_exp(const Record& r) { return (r.flags & detail::EXP_MASK) >> detail::EXP_SHIFT; }

// Number-up-star comparison in closed form: with equal number parts, G <= H iff H - G =
// ^c *k >= 0, i.e. c >= 2, or c = 1 and k != 1 (^* is fuzzy), or G == H (handled by ids).
bool nus_leq(GameId g, GameId h, const Record& rg, const Record& rh) {
  const int c = detail::compare_number_parts(g, h);
  if (c != 0)
    return c < 0;
  const std::int64_t ups = std::int64_t(rh.ups) - rg.ups;
  if (ups >= 2)
    return true;
  if (ups == 1)
    return (rg.nim ^ rh.nim) != 1;
  return ups == 0 && rg.nim == rh.nim;
}

} // namespace

void detail::clear_leq_cache() { leq_cache.clear(); }

int detail::compare_number_parts(GameId g, GameId h) {
  GameStore& s = store();
  const Record& rg = s.record(g);
  const Record& rh = s.record(h);
  if (!((rg.flags | rh.flags) & BIG_NUMBER)) {
    // Align both to exponent MAX_SMALL_EXP; magnitudes stay below 2^(60+60) < 2^127.
    const __int128 a = __int128(rg.num) << (MAX_SMALL_EXP - small_exp(rg));
    const __int128 b = __int128(rh.num) << (MAX_SMALL_EXP - small_exp(rh));
    return a < b ? -1 : a > b ? 1 : 0;
  }
  const auto o = s.number_part(g) <=> s.number_part(h);
  return o < 0 ? -1 : o > 0 ? 1 : 0;
}

bool leq(GameId g, GameId h) {
  if (g == h)
    return true;
  GameStore& s = store();
  const Record& rg = s.record(g);
  const Record& rh = s.record(h);
  if (rg.flags & rh.flags & detail::KIND_NUS)
    return nus_leq(g, h, rg, rh);
  CreationBudget::charge_comparison();
  // A number against a non-number: x <= H needs RS(H) >= x, and RS(H) > x suffices
  // (H - x then has a positive right stop); H <= x likewise with LS(H). Only a tie needs a
  // search, and there number avoidance means a number's own options never matter.
  if (rg.flags & detail::IS_NUMBER) {
    const int c = detail::compare_number_parts(right_stop(h), g);
    if (c != 0)
      return c > 0;
    for (GameId hr : s.options(h).right)
      if (leq(hr, g))
        return false;
    return true;
  }
  if (rh.flags & detail::IS_NUMBER) {
    const int c = detail::compare_number_parts(left_stop(g), h);
    if (c != 0)
      return c < 0;
    for (GameId gl : s.options(g).left)
      if (leq(h, gl))
        return false;
    return true;
  }
  // G <= H forces LS(G) <= LS(H) and RS(G) <= RS(H) (Siegel, CGT II.6): stops are cached in
  // the records, so this rejects most incomparable pairs without a search.
  if (detail::compare_number_parts(left_stop(g), left_stop(h)) > 0 || detail::compare_number_parts(right_stop(g), right_stop(h)) > 0)
    return false;
  const std::uint64_t key = detail::pair_key(raw(g), raw(h));
  std::uint32_t cached;
  if (leq_cache.find(key, cached))
    return cached != 0;
  bool result = true;
  for (GameId hr : s.options(h).right)
    if (leq(hr, g)) {
      result = false;
      break;
    }
  if (result)
    for (GameId gl : s.options(g).left)
      if (leq(h, gl)) {
        result = false;
        break;
      }
  leq_cache.put(key, result);
  return result;
}

// The parent under construction may itself equal a number, so neither side may use number
// avoidance here: both option lists are checked.
bool detail::leq(GameId x, const OptionView& v) {
  for (GameId vr : v.right)
    if (cgt::leq(vr, x))
      return false;
  for (GameId xl : store().options(x).left)
    if (leq(v, xl))
      return false;
  return true;
}

bool detail::leq(const OptionView& v, GameId y) {
  for (GameId vl : v.left)
    if (cgt::leq(y, vl))
      return false;
  for (GameId yr : store().options(y).right)
    if (leq(yr, v))
      return false;
  return true;
}

Outcome outcome(GameId g) {
  const bool ge0 = leq(ZERO, g);
  const bool le0 = leq(g, ZERO);
  if (ge0 && le0)
    return Outcome::P;
  if (ge0)
    return Outcome::L;
  if (le0)
    return Outcome::R;
  return Outcome::N;
}

std::string_view to_string(Outcome o) {
  switch (o) {
  case Outcome::L: return "L";
  case Outcome::R: return "R";
  case Outcome::N: return "N";
  case Outcome::P: return "P";
  }
  return "?";
}

std::string_view relation(GameId g, GameId h) {
  const bool le = leq(g, h), ge = leq(h, g);
  return le && ge ? "=" : le ? "<" : ge ? ">" : "||";
}

} // namespace cgt
