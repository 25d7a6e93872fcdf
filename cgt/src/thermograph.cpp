#include "cgt/thermograph.h"

#include "cgt/game_store.h"

#include <tbb/concurrent_unordered_map.h>

#include <algorithm>
#include <cassert>
#include <memory>
#include <stdexcept>

namespace cgt {

namespace {

// Exact x / k for the only divisors that walls of these slopes produce.
Dyadic divide_small(const Dyadic& x, int k) {
  switch (k) {
  case 1: return x;
  case -1: return -x;
  case 2: return x.half();
  case -2: return -x.half();
  }
  throw std::logic_error("thermograph: a slope difference other than 1 or 2");
}

} // namespace

Trajectory Trajectory::constant(const Dyadic& v) {
  Trajectory f;
  f.t_.push_back(Dyadic(-1));
  f.v_.push_back(v);
  f.s_.push_back(0);
  return f;
}

void Trajectory::append(const Dyadic& t, const Dyadic& v, int slope) {
  // Drop breakpoints where nothing changes, so equal functions have equal representations.
  if (!t_.empty() && s_.back() == slope)
    return;
  t_.push_back(t);
  v_.push_back(v);
  s_.push_back(slope);
}

Dyadic Trajectory::at(const Dyadic& t) const {
  std::size_t i = t_.size() - 1;
  while (i > 0 && t_[i] > t)
    --i;
  return v_[i] + Dyadic(s_[i]) * (t - t_[i]);
}

Trajectory Trajectory::tilted(int slope) const {
  Trajectory f;
  for (std::size_t i = 0; i < t_.size(); ++i)
    f.append(t_[i], v_[i] + Dyadic(slope) * t_[i], s_[i] + slope);
  return f;
}

Trajectory Trajectory::combine(const Trajectory& f, const Trajectory& g, bool take_max) {
  // Walk the union of breakpoints; on each piece both are linear, so they cross at most once.
  std::vector<Dyadic> points;
  std::size_t i = 0, j = 0;
  while (i < f.t_.size() || j < g.t_.size()) {
    if (j == g.t_.size() || (i < f.t_.size() && f.t_[i] < g.t_[j]))
      points.push_back(f.t_[i++]);
    else if (i == f.t_.size() || g.t_[j] < f.t_[i])
      points.push_back(g.t_[j++]);
    else {
      points.push_back(f.t_[i++]);
      ++j;
    }
  }
  const auto slope_at = [](const Trajectory& h, const Dyadic& t) {
    std::size_t k = h.t_.size() - 1;
    while (k > 0 && h.t_[k] > t)
      --k;
    return h.s_[k];
  };
  Trajectory out;
  for (std::size_t k = 0; k < points.size(); ++k) {
    const Dyadic& p = points[k];
    const Dyadic fp = f.at(p), gp = g.at(p);
    const int sf = slope_at(f, p), sg = slope_at(g, p);
    // Which function is chosen at p, judged just above p (value first, then slope).
    const auto pick_f = [&](const Dyadic& fv, const Dyadic& gv, int a, int b) {
      if (fv != gv)
        return take_max ? fv > gv : fv < gv;
      return take_max ? a >= b : a <= b;
    };
    const bool f_first = pick_f(fp, gp, sf, sg);
    out.append(p, f_first ? fp : gp, f_first ? sf : sg);
    // A crossing strictly inside (p, next) or on the final ray.
    const Dyadic diff = fp - gp; // f - g at p
    const int dslope = sf - sg;
    if (dslope == 0 || diff == Dyadic(0))
      continue;
    const bool diff_positive = diff > Dyadic(0);
    // f - g moves toward zero only if its slope has the opposite sign of its value.
    if (diff_positive == (dslope > 0))
      continue;
    const Dyadic x = p - divide_small(diff, dslope);
    if (k + 1 < points.size() && !(x < points[k + 1]))
      continue;
    out.append(x, f.at(x), f_first ? sg : sf);
  }
  return out;
}

Trajectory Trajectory::max(const Trajectory& f, const Trajectory& g) { return combine(f, g, true); }
Trajectory Trajectory::min(const Trajectory& f, const Trajectory& g) { return combine(f, g, false); }

Trajectory Trajectory::capped_at(const Dyadic& t0) const {
  Trajectory f;
  for (std::size_t i = 0; i < t_.size() && t_[i] < t0; ++i)
    f.append(t_[i], v_[i], s_[i]);
  if (f.t_.empty())
    return constant(at(t0));
  f.append(t0, at(t0), 0);
  return f;
}

namespace {

// The first t >= -1 at which ls(t) <= rs(t); ls - rs never increases, and it eventually falls
// with slope -2, so such a t exists.
Dyadic first_meeting(const Trajectory& ls, const Trajectory& rs) {
  std::vector<Dyadic> points = ls.breakpoints();
  points.insert(points.end(), rs.breakpoints().begin(), rs.breakpoints().end());
  std::sort(points.begin(), points.end());
  points.erase(std::unique(points.begin(), points.end()), points.end());
  for (std::size_t k = 0; k < points.size(); ++k) {
    const Dyadic& p = points[k];
    const Dyadic gap = ls.at(p) - rs.at(p);
    if (gap <= Dyadic(0))
      return p;
    const Dyadic q = k + 1 < points.size() ? points[k + 1] : p + gap; // slope <= -1 beyond: gap closes by then
    const Dyadic gap_q = ls.at(q) - rs.at(q);
    if (gap_q <= Dyadic(0)) {
      // Linear on [p, q]: gap(p) + slope (t - p) = 0.
      const Dyadic slope_times_len = gap_q - gap; // slope * (q - p), negative
      // t = p + gap * (q - p) / (gap - gap_q); the ratio (q - p) / (gap - gap_q) is 1 or 1/2.
      const Dyadic len = q - p;
      const Dyadic drop = -slope_times_len;
      if (drop == len)
        return p + gap;
      if (drop == len + len)
        return p + gap.half();
      throw std::logic_error("thermograph: scaffold slopes outside {-1, 0, 1}");
    }
  }
  throw std::logic_error("thermograph: scaffolds never meet");
}

Thermograph compute(GameId g);

tbb::concurrent_unordered_map<std::uint32_t, std::shared_ptr<const Thermograph>>& cache() {
  static tbb::concurrent_unordered_map<std::uint32_t, std::shared_ptr<const Thermograph>> map;
  return map;
}

Dyadic number_temperature(const Dyadic& x) { return Dyadic(BigInt(-1), x.exponent()); }

Thermograph compute(GameId g) {
  GameStore& s = store();
  if (s.is_number(g)) {
    const Dyadic x = s.number_part(g);
    return Thermograph{Trajectory::constant(x), Trajectory::constant(x), x, number_temperature(x)};
  }
  const Options o = s.options(g);
  assert(!o.left.empty() && !o.right.empty());
  Trajectory ls = thermograph(o.left[0]).right_wall.tilted(-1);
  for (std::size_t i = 1; i < o.left.size(); ++i)
    ls = Trajectory::max(ls, thermograph(o.left[i]).right_wall.tilted(-1));
  Trajectory rs = thermograph(o.right[0]).left_wall.tilted(1);
  for (std::size_t i = 1; i < o.right.size(); ++i)
    rs = Trajectory::min(rs, thermograph(o.right[i]).left_wall.tilted(1));
  if (ls.at(Dyadic(-1)) < rs.at(Dyadic(-1)))
    throw std::logic_error("thermograph: a non-number whose scaffolds open as a cave");
  const Dyadic t = first_meeting(ls, rs);
  const Dyadic m = ls.at(t);
  return Thermograph{ls.capped_at(t), rs.capped_at(t), m, t};
}

} // namespace

const Thermograph& thermograph(GameId g) {
  auto& map = cache();
  if (auto it = map.find(raw(g)); it != map.end())
    return *it->second;
  auto computed = std::make_shared<const Thermograph>(compute(g));
  return *map.emplace(raw(g), std::move(computed)).first->second;
}

Dyadic mean(GameId g) {
  GameStore& s = store();
  if (s.is_nus(g))
    return s.number_part(g);
  return thermograph(g).mean;
}

Dyadic temperature(GameId g) {
  GameStore& s = store();
  if (s.is_number(g))
    return number_temperature(s.number_part(g));
  if (s.is_nus(g))
    return Dyadic(0);
  return thermograph(g).temperature;
}

} // namespace cgt
