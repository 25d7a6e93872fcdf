#include "solver/domineering_endgame.h"

#include "domineering/move_bounds.h"
#include "domineering/packing_bound.h"
#include "domineering/region_value.h"
#include "domineering/regions.h"

#include "cgt/arithmetic.h"
#include "cgt/compare.h"

#include <algorithm>
#include <array>
#include <bit>
#include <span>

namespace solver {

using domineering::Shape;

namespace {

// A verdict of the bounds (+1 the side to move wins, -1 it loses) as the search takes it: exact,
// and kept in the table (`store`) where a parent's cut-off pass can then skip the position. One
// place for decide() and for the verdicts lost_after and won_after give.
Decision bounds_decision(int verdict, bool store = true) { return Decision{Score(verdict), Bound::EXACT, store}; }

// Side s's lines as the packing takes them (DomineeringPosition::lines) after the side to move
// plays m, into `lines`; returns the lines m changed, which PackingBase counts again. Not
// p.make(m): the child's packing of one side is all that lost_after and won_after ask, and m
// fills two cells of the mover's lines (one line) or one cell in each of two of the other side's.
struct ChangedLines {
  int first, last;
};
template <class P>
ChangedLines lines_after(const P& p, typename P::Move m, domineering::Side s, detail::Line* lines) {
  std::copy_n(p.lines(s), p.line_count(s), lines);
  const domineering::Move d = P::decode(m, p.side_to_move());
  const auto fill = [&](int row, int col) {
    if (s == domineering::Side::Left)
      lines[col] &= ~(detail::Line{1} << row);
    else
      lines[row] &= ~(detail::Line{1} << col);
  };
  const bool vertical = d.side == domineering::Side::Left;
  fill(d.row, d.col);
  fill(vertical ? d.row + 1 : d.row, vertical ? d.col : d.col + 1);
  const int line = s == domineering::Side::Left ? d.col : d.row;
  return {line, line + (vertical == (s == domineering::Side::Right))};
}

} // namespace

EndgameCounters& EndgameCounters::operator+=(const EndgameCounters& o) {
  asked += o.asked;
  packing_decided += o.packing_decided;
  plans_decided += o.plans_decided;
  cgt_decided += o.cgt_decided;
  cgt_too_large += o.cgt_too_large;
  cgt_not_tried += o.cgt_not_tried;
  components_valued += o.components_valued;
  recent_hits += o.recent_hits;
  peeked += o.peeked;
  peek_wins += o.peek_wins;
  screened += o.screened;
  screen_losses += o.screen_losses;
  return *this;
}

EndgameHooks::EndgameHooks(const catalogue::Catalogue& c, const EndgameOptions& options)
    : catalogue_(&c), options_(options),
      components_(cache::make_value_cache<ComponentValue>(options.component_rule, std::max<std::size_t>(options.component_entries, 1))) {}

cgt::GameId EndgameHooks::region_value(const Shape& region) {
  // A region whose bounding box is too large for a key (only with a large --exact-cells) is
  // valued without the recent ones or the component cache.
  const auto answer = recent_.value(region, [this](const Shape& r) { return catalogue_or_component_value(r); });
  counters_.recent_hits += answer.hit;
  return answer.value;
}

cgt::GameId EndgameHooks::catalogue_or_component_value(const Shape& region) {
  if (region.cells() <= catalogue_->max_cells()) {
    const catalogue::Entry* e = catalogue_->find(region);
    if (e != nullptr)
      return e->value;
  }
  return component_value(region);
}

cgt::GameId EndgameHooks::component_value(const Shape& region) {
  const auto ck = domineering::canonical_key(region);
  if (!ck) {
    ++counters_.components_valued;
    return domineering::region_value(region, [this](const Shape& part) { return region_value(part); });
  }
  const cache::Key key = ck->key.hash();
  if (const ComponentValue* v = components_->find(key); v != nullptr && v->key == ck->key) {
    const cgt::GameId g{v->value};
    return ck->negated ? cgt::neg(g) : g;
  }
  ++counters_.components_valued;
  const Shape canonical = domineering::unpack(ck->key);
  const cgt::GameId g = domineering::region_value(canonical, [this](const Shape& part) { return region_value(part); });
  // What the evaluation cost, for a rule that weighs entries by it (GDSF): one sum of parts per
  // placement, and the canonical form of the whole. (Its parts are at most the catalogue's size
  // in the default settings, so they cost a lookup each, not an evaluation.)
  const auto sums = std::uint64_t(canonical.move_count(domineering::Side::Left) + canonical.move_count(domineering::Side::Right));
  components_->insert(key, ComponentValue{ck->key, cgt::raw(g)}, 1 + sums);
  return ck->negated ? cgt::neg(g) : g;
}

template <class P>
domineering::PackingBase& EndgameHooks::packing_base(std::array<domineering::PackingBase, PACKING_BASES>& bases, const P& p,
                                                     domineering::Side side) {
  domineering::PackingBase& base = bases[std::size_t(p.board().empty_cells() / 2) % PACKING_BASES];
  if (!base.holds(p.lines(side), p.line_count(side)))
    base.pack(p.lines(side), p.line_count(side));
  return base;
}

template <class P>
std::optional<Decision> EndgameHooks::lost_after(const P& p, typename P::Move m) {
  ++counters_.peeked;
  detail::Line lines[P::MAX_SIDE];
  const ChangedLines c = lines_after(p, m, p.side_to_move(), lines);
  if (!packing_base(bases_->peek, p, p.side_to_move()).wins_second_after(lines, c.first, c.last))
    return std::nullopt;
  ++counters_.peek_wins;
  // The bounds' verdict there (decided_by_bounds gives -1: the packing of the side to move cannot
  // also show a win). decide() itself, with the peek on, leaves this loss test to the peek.
  return bounds_decision(-1);
}

template <class P>
std::optional<Decision> EndgameHooks::won_after(const P& p, typename P::Move m) {
  ++counters_.screened;
  detail::Line lines[P::MAX_SIDE];
  const domineering::Side other = domineering::opponent(p.side_to_move());
  const ChangedLines c = lines_after(p, m, other, lines);
  if (!packing_base(bases_->screen, p, other).wins_first_after(lines, c.first, c.last))
    return std::nullopt;
  ++counters_.screen_losses;
  return bounds_decision(1);
}

template <class P>
std::optional<Decision> EndgameHooks::decide(const P& p, int /*ply*/, Score /*alpha*/, Score /*beta*/) {
  return decide(p, false, tells_wins());
}

template <class P>
std::optional<Decision> EndgameHooks::decide_root(const P& p) {
  return decide(p, false, false);
}

template <class P>
std::optional<Decision> EndgameHooks::decide_unless_won(const P& p, int /*ply*/, Score /*alpha*/, Score /*beta*/) {
  return decide(p, true, tells_wins());
}

template <class P>
std::optional<Decision> EndgameHooks::decide(const P& p, bool won_tested, bool loss_tested) {
  ++counters_.asked;
  const domineering::Board& b = p.board();
  const domineering::Side side = p.side_to_move();
  // The packing's win test unless the screen has made it, and its loss test unless the peek has
  // (with the peek on, a position the parent peeked at has passed that test already, and the rest
  // are mostly positions expected to cut, where it rarely decides). Measured when chosen: `git log
  // -S decide_unless_won`.
  if (options_.packing) {
    const domineering::Side other = domineering::opponent(side);
    const int verdict = !won_tested && domineering::packing_wins_first(p.lines(side), p.line_count(side))       ? 1
                        : !loss_tested && domineering::packing_wins_second(p.lines(other), p.line_count(other)) ? -1
                                                                                                                : 0;
    if (verdict != 0) {
      ++counters_.packing_decided;
      return decided(Rule::packing, bounds_decision(verdict, p.entry_read_by_parent_pass()));
    }
  }
  // The plans of move_bounds.h only once at most 5/8 of the board's cells are empty: above that
  // they decide almost nothing the packing has not.
  if (options_.plans && 8 * b.empty_cells() <= 5 * b.height() * b.width())
    if (const int verdict = domineering::decided_by_plans(b, side); verdict != 0) {
      ++counters_.plans_decided;
      return decided(Rule::plans, bounds_decision(verdict, p.entry_read_by_parent_pass()));
    }
  if (!options_.cgt)
    return std::nullopt;

  // Tried only with at most attempt_cells coverable cells (EndgameOptions). Every region must
  // then be small enough for an exact value; the walk gives up at the first that is not, as
  // soon as its flood has passed exact_cells cells. (A position with no region at all sums to
  // 0: the side to move loses, as it has no move.) The regions are kept as they lie, their rows
  // one after another, and valued only once the walk has reached the end, as the walk often
  // gives up and the values of the regions found before would then be wasted. A region of h
  // rows has at least h cells, so the rows of all of them fit in one row per cell of the board;
  // every region has at least two cells, so a board of MAX_SIDE^2 cells has at most half as
  // many regions.
  constexpr std::size_t MAX_REGIONS = std::size_t(P::MAX_SIDE) * P::MAX_SIDE / 2;
  struct Found {
    std::uint16_t offset, rows;
  };
  std::array<Found, MAX_REGIONS> found;
  std::array<domineering::RowBits, std::size_t(P::MAX_SIDE) * P::MAX_SIDE> region_rows;
  std::size_t count = 0, used = 0;
  domineering::RowBits coverable[domineering::MAX_SIDE];
  domineering::coverable_cells(b.rows().data(), b.height(), coverable);
  int cells = 0;
  for (int r = 0; r < b.height(); ++r)
    cells += std::popcount(coverable[r]);
  if (cells > options_.attempt_cells) {
    ++counters_.cgt_not_tried;
    return std::nullopt;
  }
  const bool all_small = domineering::for_each_region_of_coverable(
      coverable, b.height(), options_.exact_cells, [&](const domineering::RowBits* region, int first, int last) {
        const int rows = last - first + 1;
        found[count++] = Found{std::uint16_t(used), std::uint16_t(rows)};
        std::copy_n(region + first, rows, region_rows.begin() + std::ptrdiff_t(used));
        used += std::size_t(rows);
      });
  if (!all_small) {
    ++counters_.cgt_too_large;
    return std::nullopt;
  }
  std::array<cgt::GameId, MAX_REGIONS> values;
  for (std::size_t i = 0; i < count; ++i)
    values[i] = region_value(Shape::normalised(region_rows.data() + found[i].offset, found[i].rows));
  // Vertical (Left) moving first wins iff G is not <= 0 (outcome L or N); Horizontal iff G is not
  // >= 0 (R or N).
  const cgt::Outcome o = cgt::outcome_of_sum(std::span<const cgt::GameId>(values.data(), count));
  const bool wins = o == cgt::Outcome::N || o == (side == domineering::Side::Left ? cgt::Outcome::L : cgt::Outcome::R);
  ++counters_.cgt_decided;
  return decided(Rule::cgt, Decision{Score(wins ? 1 : -1), Bound::EXACT, p.entry_read_by_parent_pass()});
}

// The two size classes the solver searches.
template std::optional<Decision> EndgameHooks::decide<DomineeringPosition>(const DomineeringPosition&, int, Score, Score);
template std::optional<Decision> EndgameHooks::decide_root<DomineeringPosition>(const DomineeringPosition&);
template std::optional<Decision> EndgameHooks::decide_unless_won<DomineeringPosition>(const DomineeringPosition&, int, Score, Score);
template std::optional<Decision> EndgameHooks::lost_after<DomineeringPosition>(const DomineeringPosition&, DomineeringPosition::Move);
template std::optional<Decision> EndgameHooks::won_after<DomineeringPosition>(const DomineeringPosition&, DomineeringPosition::Move);
template std::optional<Decision> EndgameHooks::decide<LargeDomineeringPosition>(const LargeDomineeringPosition&, int, Score, Score);
template std::optional<Decision> EndgameHooks::decide_root<LargeDomineeringPosition>(const LargeDomineeringPosition&);
template std::optional<Decision> EndgameHooks::decide_unless_won<LargeDomineeringPosition>(const LargeDomineeringPosition&, int, Score,
                                                                                           Score);
template std::optional<Decision> EndgameHooks::lost_after<LargeDomineeringPosition>(const LargeDomineeringPosition&,
                                                                                    LargeDomineeringPosition::Move);
template std::optional<Decision> EndgameHooks::won_after<LargeDomineeringPosition>(const LargeDomineeringPosition&,
                                                                                   LargeDomineeringPosition::Move);

} // namespace solver
