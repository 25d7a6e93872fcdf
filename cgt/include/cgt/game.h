// Game: the value type users of cgt/ see, a thin facade over a GameId. Every operation
// forwards to the free functions over ids (arithmetic.h, compare.h, stops.h, thermograph.h,
// notation.h); all comparisons derive from leq. Copying a Game copies 4 bytes.
#pragma once

#include "cgt/arithmetic.h"
#include "cgt/canonical.h"
#include "cgt/compare.h"
#include "cgt/dyadic.h"
#include "cgt/game_id.h"
#include "cgt/game_store.h"
#include "cgt/notation.h"
#include "cgt/stops.h"
#include "cgt/thermograph.h"

#include <string>
#include <string_view>

namespace cgt {

class Game {
public:
  Game() = default;
  explicit Game(GameId id) : id_(id) {}
  Game(long long n) : id_(integer(n)) {} // NOLINT: integers are games

  static Game parse(std::string_view text) { return Game(parse_game(text)); }

  GameId id() const { return id_; }

  Game operator+(Game h) const { return Game(add(id_, h.id_)); }
  Game operator-(Game h) const { return Game(sub(id_, h.id_)); }
  Game operator-() const { return Game(neg(id_)); }
  Game& operator+=(Game h) { return *this = *this + h; }

  friend bool operator==(Game g, Game h) { return g.id_ == h.id_; }
  friend bool operator<=(Game g, Game h) { return leq(g.id_, h.id_); }
  friend bool operator>=(Game g, Game h) { return leq(h.id_, g.id_); }
  friend bool operator<(Game g, Game h) { return g != h && g <= h; }
  friend bool operator>(Game g, Game h) { return h < g; }
  bool confused_with(Game h) const { return confused(id_, h.id_); }

  bool is_number() const { return store().is_number(id_); }
  bool is_number_up_star() const { return store().is_nus(id_); }

  Dyadic left_stop() const { return number_value(cgt::left_stop(id_)); }
  Dyadic right_stop() const { return number_value(cgt::right_stop(id_)); }
  Dyadic mean() const { return cgt::mean(id_); }
  Dyadic temperature() const { return cgt::temperature(id_); }
  Outcome outcome() const { return cgt::outcome(id_); }

  std::string str() const { return to_string(id_); }

private:
  GameId id_ = ZERO;
};

} // namespace cgt
