#include "domineering/board_options.h"

#include "domineering/value_table.h"

#include "cgt/arithmetic.h"
#include "cgt/compare.h"
#include "cgt/game_store.h"

#include <algorithm>

namespace domineering {

std::vector<BoardOption> board_options(const Board& b, Side side, cgt::GameId g) {
  const bool left = side == Side::Left;
  Move moves[MAX_MOVES];
  const int n = b.moves(side, moves);
  std::vector<BoardOption> out;
  out.reserve(std::size_t(n));
  for (int i = 0; i < n; ++i) {
    Board after = b;
    after.play(moves[i]);
    const cgt::GameId v = ValueTable::shared().value(after);
    out.push_back(BoardOption{moves[i], v, left ? cgt::sub(v, g) : cgt::sub(g, v)});
  }
  // A better option for the mover: greater for Left, smaller for Right.
  const auto better = [&](cgt::GameId a, cgt::GameId than) { return left ? cgt::lt(than, a) : cgt::lt(a, than); };
  const cgt::Options canonical = cgt::store().options(g);
  const auto own = left ? canonical.left : canonical.right;
  for (BoardOption& o : out) {
    o.dominated = std::any_of(out.begin(), out.end(), [&](const BoardOption& p) { return better(p.value, o.value); });
    const cgt::Options after = cgt::store().options(o.value);
    o.reversible = left ? std::any_of(after.right.begin(), after.right.end(), [&](cgt::GameId r) { return cgt::leq(r, g); })
                        : std::any_of(after.left.begin(), after.left.end(), [&](cgt::GameId l) { return cgt::leq(g, l); });
    o.sensible = std::any_of(own.begin(), own.end(), [&](cgt::GameId k) { return left ? cgt::leq(k, o.value) : cgt::leq(o.value, k); });
  }
  return out;
}

} // namespace domineering
