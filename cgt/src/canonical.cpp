#include "cgt/canonical.h"

#include "cgt/arithmetic.h"
#include "cgt/compare.h"
#include "cgt/game_store.h"

#include <algorithm>
#include <optional>

namespace cgt {

namespace {

void sort_unique(std::vector<GameId>& v) {
  std::sort(v.begin(), v.end());
  v.erase(std::unique(v.begin(), v.end()), v.end());
}

bool all_numbers(const std::vector<GameId>& v) {
  GameStore& s = store();
  return std::all_of(v.begin(), v.end(), [&](GameId g) { return s.is_number(g); });
}

GameId max_number(const std::vector<GameId>& v) {
  return *std::max_element(v.begin(), v.end(), [](GameId a, GameId b) { return detail::compare_number_parts(a, b) < 0; });
}

GameId min_number(const std::vector<GameId>& v) {
  return *std::min_element(v.begin(), v.end(), [](GameId a, GameId b) { return detail::compare_number_parts(a, b) < 0; });
}

// { L | R } with only numbers as options. With a = max L and b = min R: a < b (or a side
// empty) gives the simplest number between (simplicity rule); a = b gives a*; a > b is the
// switch { a | b }, canonical because each number option's own options lie beyond it.
GameId from_number_options(const std::vector<GameId>& left, const std::vector<GameId>& right) {
  GameStore& s = store();
  std::optional<GameId> a, b;
  if (!left.empty())
    a = max_number(left);
  if (!right.empty())
    b = min_number(right);
  const int c = (a && b) ? detail::compare_number_parts(*a, *b) : -1;
  if (c < 0) {
    std::optional<Dyadic> lo, hi;
    if (a)
      lo = s.number_part(*a);
    if (b)
      hi = s.number_part(*b);
    return s.number(Dyadic::simplest_between(lo, hi));
  }
  if (c == 0)
    return s.nus(s.number_part(*a), 0, 1);
  const GameId l[] = {*a}, r[] = {*b};
  return s.general_unchecked(l, r);
}

// Keeps the maximal elements (Left) or minimal elements (Right) under <=. Options are
// distinct canonical games, so two of them are never equal.
void remove_dominated(std::vector<GameId>& v, bool left) {
  if (v.size() < 2)
    return;
  std::vector<bool> dominated(v.size(), false);
  for (std::size_t i = 0; i < v.size(); ++i) {
    if (dominated[i])
      continue;
    for (std::size_t j = 0; j < v.size(); ++j) {
      if (i == j || dominated[j])
        continue;
      if (left ? leq(v[i], v[j]) : leq(v[j], v[i])) {
        dominated[i] = true;
        break;
      }
    }
  }
  std::size_t out = 0;
  for (std::size_t i = 0; i < v.size(); ++i)
    if (!dominated[i])
      v[out++] = v[i];
  v.resize(out);
}

// Replaces every reversible option by the options it reverses through: G^L is reversible
// through G^LR when G^LR <= G, and is then replaced by the Left options of G^LR (and the mirror
// for Right). Returns whether anything changed. G is compared through the arrays as they were
// on entry; bypassing does not change G's value, so that is sound.
bool bypass_reversible(std::vector<GameId>& left, std::vector<GameId>& right) {
  GameStore& s = store();
  const std::vector<GameId> old_left = left, old_right = right;
  const detail::OptionView parent{old_left, old_right};
  bool changed = false;

  std::vector<GameId> new_left;
  for (GameId gl : old_left) {
    bool reversed = false;
    for (GameId glr : s.options(gl).right) {
      if (detail::leq(glr, parent)) {
        const Options o = s.options(glr);
        new_left.insert(new_left.end(), o.left.begin(), o.left.end());
        reversed = true;
        break;
      }
    }
    if (!reversed)
      new_left.push_back(gl);
    changed |= reversed;
  }

  std::vector<GameId> new_right;
  for (GameId gr : old_right) {
    bool reversed = false;
    for (GameId grl : s.options(gr).left) {
      if (detail::leq(parent, grl)) {
        const Options o = s.options(grl);
        new_right.insert(new_right.end(), o.right.begin(), o.right.end());
        reversed = true;
        break;
      }
    }
    if (!reversed)
      new_right.push_back(gr);
    changed |= reversed;
  }
  left.swap(new_left);
  right.swap(new_right);
  return changed;
}

bool is_exactly(const std::vector<GameId>& v, std::initializer_list<GameId> expected) {
  if (v.size() != expected.size())
    return false;
  std::vector<GameId> e(expected);
  std::sort(e.begin(), e.end());
  return std::equal(v.begin(), v.end(), e.begin());
}

// A canonical non-number game whose options match those of x + n.^ + *m is that value. The
// candidate (x, n, m) is read off the options (see build_nus_options in game_store.cpp for the
// shapes), then the options are checked exactly. Both vectors are sorted by id.
std::optional<GameId> recognise_nus(const std::vector<GameId>& left, const std::vector<GameId>& right) {
  GameStore& s = store();
  const auto nus_parts_only = [&](const std::vector<GameId>& v) {
    return std::all_of(v.begin(), v.end(), [&](GameId g) { return s.is_nus(g); });
  };
  if (!nus_parts_only(left) || !nus_parts_only(right))
    return std::nullopt;

  if (left == right) { // x + *m = { x, x*, ..., x*(m-1) | same }
    const Dyadic x = s.number_part(left[0]);
    std::vector<GameId> expected;
    for (std::uint32_t j = 0; j < left.size(); ++j)
      expected.push_back(s.nus(x, 0, j));
    std::sort(expected.begin(), expected.end());
    if (expected == left)
      return s.nus(x, 0, std::uint32_t(left.size()));
    return std::nullopt;
  }
  if (right.size() == 1) { // x + n.^ + *m = { x (, x*) | x + (n-1).^ + *(m^1) }, n >= 1
    const NusValue r = s.nus_value(right[0]);
    if (r.ups >= 0) {
      const std::int64_t n = r.ups + 1;
      const std::uint32_t m = r.nim ^ 1u;
      const GameId x = s.number(r.number);
      const bool matches = (n == 1 && m == 1) ? is_exactly(left, {x, s.nus(r.number, 0, 1)}) : is_exactly(left, {x});
      if (matches)
        return s.nus(r.number, n, m);
    }
  }
  if (left.size() == 1) { // the mirror image, n <= -1
    const NusValue l = s.nus_value(left[0]);
    if (l.ups <= 0) {
      const std::int64_t n = l.ups - 1;
      const std::uint32_t m = l.nim ^ 1u;
      const GameId x = s.number(l.number);
      const bool matches = (n == -1 && m == 1) ? is_exactly(right, {x, s.nus(l.number, 0, 1)}) : is_exactly(right, {x});
      if (matches)
        return s.nus(l.number, n, m);
    }
  }
  return std::nullopt;
}

} // namespace

GameId from_options(std::vector<GameId> left, std::vector<GameId> right) {
  // Counted as well as new games: a sum can redo much work over games that already exist.
  CreationBudget::charge();
  sort_unique(left);
  sort_unique(right);
  if (all_numbers(left) && all_numbers(right))
    return from_number_options(left, right);
  for (;;) {
    remove_dominated(left, true);
    remove_dominated(right, false);
    if (!bypass_reversible(left, right))
      break;
    sort_unique(left);
    sort_unique(right);
  }
  if (all_numbers(left) && all_numbers(right))
    return from_number_options(left, right);
  if (auto g = recognise_nus(left, right))
    return *g;
  return store().general_unchecked(left, right);
}

GameId integer(long long n) { return store().number(Dyadic(n)); }
GameId number(const Dyadic& x) { return store().number(x); }
GameId nimber(std::uint32_t n) { return store().nus(Dyadic(0), 0, n); }
GameId up_multiple(std::int64_t n) { return store().nus(Dyadic(0), n, 0); }
GameId number_up_star(const Dyadic& x, std::int64_t ups, std::uint32_t nim) { return store().nus(x, ups, nim); }

GameId tiny(GameId g) {
  // { 0 || 0 | -G }
  const GameId inner = from_options({ZERO}, {neg(g)});
  return from_options({ZERO}, {inner});
}

GameId miny(GameId g) { return neg(tiny(g)); }

} // namespace cgt
