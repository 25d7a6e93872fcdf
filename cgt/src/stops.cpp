#include "cgt/stops.h"

#include "cgt/canonical.h"
#include "cgt/compare.h"
#include "cgt/game_store.h"

#include <cassert>

namespace cgt {

namespace {

enum class Side { Left, Right };

GameId stop(GameId g, Side side) {
  GameStore& s = store();
  const detail::Record& r = s.record(g);
  if (r.flags & detail::IS_NUMBER)
    return g;
  if (r.flags & detail::KIND_NUS)
    return s.number(s.number_part(g));
  auto& cache = const_cast<detail::Record&>(r).*(side == Side::Left ? &detail::Record::left_stop : &detail::Record::right_stop);
  const std::uint32_t cached = cache.load(std::memory_order_acquire);
  if (cached != detail::NOT_CACHED)
    return GameId{cached};
  const Options o = s.options(g);
  GameId best = NO_GAME;
  if (side == Side::Left) {
    for (GameId gl : o.left) {
      const GameId v = stop(gl, Side::Right);
      if (best == NO_GAME || detail::compare_number_parts(v, best) > 0)
        best = v;
    }
  } else {
    for (GameId gr : o.right) {
      const GameId v = stop(gr, Side::Left);
      if (best == NO_GAME || detail::compare_number_parts(v, best) < 0)
        best = v;
    }
  }
  assert(best != NO_GAME); // general games have options on both sides
  cache.store(raw(best), std::memory_order_release);
  return best;
}

} // namespace

GameId left_stop(GameId g) { return stop(g, Side::Left); }
GameId right_stop(GameId g) { return stop(g, Side::Right); }

Dyadic number_value(GameId g) {
  assert(store().is_number(g));
  return store().number_part(g);
}

} // namespace cgt
