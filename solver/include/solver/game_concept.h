// The contract between a game and the generic search (search.h): what a game must supply, and
// the optional hook through which a game-specific solver decides positions without searching
// them (Domineering: safe-move bounds, CGT values of endgames). The search sees only this
// concept, so tic-tac-toe and Domineering share the search and the table; the price is that a
// game must fit its moves into small integer codes and its scores into the table's field.
#pragma once

#include "solver/score.h"
#include "solver/tt_entry.h"

#include <algorithm>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <utility>

namespace solver {

// A game G supplies (g a G, m a G::Move, buf a G::Move*, ply >= 0 the distance from the root):
//   G::Move               an unsigned integer type; a move's value is its code in the table
//   G::MAX_MOVES          upper bound on the moves of any position (the caller's buffer size)
//   G::MOVE_CODES         every move m satisfies m < MOVE_CODES
//   G::MATE_BOUND         scores with |v| >= MATE_BOUND count plies to the end of the game
//                         (a win at ply p is MATE - p); they are converted for the table
//   G::MAX_SCORE          largest |score| the game produces, root- or node-relative
//   g.generate_moves(buf) writes the legal moves of the side to move into buf, returns the end;
//                         the order is the search order
//   g.make(m), g.unmake(m) play and take back m; unmake restores the position and its key
//   g.key()               64-bit hash of the position, side to move included
//   g.key_after(m)        the key make(m) would produce, for prefetching the child's bucket
//   g.is_terminal()       the game is over; true whenever the side to move has no move
//   g.score(ply)          the value for the side to move: exact when terminal, else a static
//                         evaluation at the depth horizon
//   g.is_legal(m)         m is a legal move now, for any m < MOVE_CODES (checks table moves)
// Optional: g.key_from_scratch(), the key recomputed from the position; debug builds assert that
// it equals key() at every node. Optional: g.generate_scored_moves(buf, scores), the same moves
// in generation order with an ordering score each (int scores[MAX_MOVES]), such that
// generate_moves is them sorted by sort_by_score; the search then orders lazily (OrderedMoves).
template <class G>
concept Game = requires(G& g, const G& cg, typename G::Move m, typename G::Move* buf, int ply) {
  requires std::unsigned_integral<typename G::Move>;
  { G::MAX_MOVES } -> std::convertible_to<std::size_t>;
  { G::MOVE_CODES } -> std::convertible_to<std::uint32_t>;
  { G::MATE_BOUND } -> std::convertible_to<Score>;
  { G::MAX_SCORE } -> std::convertible_to<Score>;
  { cg.generate_moves(buf) } -> std::same_as<typename G::Move*>;
  g.make(m);
  g.unmake(m);
  { cg.key() } -> std::same_as<std::uint64_t>;
  { cg.key_after(m) } -> std::same_as<std::uint64_t>;
  { cg.is_terminal() } -> std::same_as<bool>;
  { cg.score(ply) } -> std::same_as<Score>;
  { cg.is_legal(m) } -> std::same_as<bool>;
};

// The moves of one position in a fixed buffer owned by the caller's stack frame.
template <Game G>
class MoveList {
public:
  explicit MoveList(const G& g) : end_(g.generate_moves(moves_)) {}
  MoveList(const MoveList&) = delete; // end_ points into this object's buffer
  MoveList& operator=(const MoveList&) = delete;
  const typename G::Move* begin() const { return moves_; }
  const typename G::Move* end() const { return end_; }
  std::size_t size() const { return std::size_t(end_ - moves_); }

private:
  typename G::Move moves_[G::MAX_MOVES];
  typename G::Move* end_;
};

// Highest score first; stable, so equal scores keep their order (the order of generation).
// Insertion sort: move lists are a few dozen long, and mostly generated nearly in order.
template <class Move>
void sort_by_score(Move* moves, int* scores, std::size_t n) {
  for (std::size_t a = 1; a < n; ++a) {
    const int s = scores[a];
    const Move m = moves[a];
    std::size_t b = a;
    for (; b > 0 && scores[b - 1] < s; --b) {
      scores[b] = scores[b - 1];
      moves[b] = moves[b - 1];
    }
    scores[b] = s;
    moves[b] = m;
  }
}

// The moves of one position in search order, ordered lazily when the game scores its moves
// (generate_scored_moves): the best move is put first at once and the others are ordered only
// when asked (order_first, order_all), because most nodes that are expected to cut do so on
// their first move, and a full sort there is wasted. The final order is the one generate_moves
// gives: the first of the highest scores, then the rest sorted stably.
template <Game G>
class OrderedMoves {
public:
  using Move = typename G::Move;
  explicit OrderedMoves(const G& g) {
    if constexpr (requires { g.generate_scored_moves(moves_, scores_); }) {
      n_ = std::size_t(g.generate_scored_moves(moves_, scores_) - moves_);
      sorted_ = n_ <= 2;
      place_next();
    } else {
      const Move* end = g.generate_moves(moves_);
      n_ = std::size_t(end - moves_);
    }
  }
  OrderedMoves(const OrderedMoves&) = delete;
  OrderedMoves& operator=(const OrderedMoves&) = delete;
  // Puts the first k moves in search order; cheap when already done. The peek at a node
  // expected to cut (search.h, winning_at_once) asks for one more at a time and mostly stops
  // after one or two.
  void order_first(std::size_t k) {
    while (!sorted_ && placed_ < std::min(k, n_))
      place_next();
  }
  // Puts every move in search order; cheap when already done.
  void order_all() {
    if (!sorted_) // the moves after those placed are in generation order: a stable sort of them
      sort_by_score(moves_ + placed_, scores_ + placed_, n_ - placed_);
    sorted_ = true;
  }
  // The first move is always in place; the others only after order_first or order_all.
  const Move* begin() const { return moves_; }
  std::size_t size() const { return n_; }

private:
  // Moves the first of the highest scores after those placed up to them, keeping the order of
  // the others: what a stable sort puts there.
  void place_next() {
    if (placed_ >= n_)
      return;
    std::size_t best = placed_;
    for (std::size_t i = placed_ + 1; i < n_; ++i)
      if (scores_[i] > scores_[best])
        best = i;
    const int s = scores_[best];
    const Move m = moves_[best];
    for (std::size_t i = best; i > placed_; --i) {
      scores_[i] = scores_[i - 1];
      moves_[i] = moves_[i - 1];
    }
    scores_[placed_] = s;
    moves_[placed_] = m;
    ++placed_;
  }

  Move moves_[G::MAX_MOVES];
  int scores_[G::MAX_MOVES]; // unused when the game does not score its moves
  std::size_t n_ = 0;
  std::size_t placed_ = 0; // moves [0, placed_) are in search order
  bool sorted_ = true;
};

// What a hook knows about a position: its value is `score`, read as `bound` (EXACT: equal;
// LOWER: at least; UPPER: at most), root-relative at the ply it was asked at.
struct Decision {
  Score score = 0;
  Bound bound = Bound::EXACT;
  // Whether the search should keep the decision in the table: worth it when it was costly to
  // reach (a CGT sum), or when a parent's enhanced transposition cutoffs can then skip the node
  // (Domineering's move bounds: the parent's probe is cheaper than the node).
  bool store = false;
};

// A hook is asked at every non-terminal node after the table (or before it, below the root, when
// it sets DECIDE_BEFORE_PROBE: search.h), before any move is generated:
// h.decide(g, ply, alpha, beta) returns a Decision or nothing. The search applies the same bound
// gate as to a table entry (an exact value always settles the node, a lower bound only at or
// above beta, an upper bound only at or below alpha) and otherwise searches on as if the hook
// had said nothing. A decision is stored in the table only when it asks to be (Decision::store),
// as a depth-0 entry (searches to the end: no work below it), so cheap ones do not crowd out
// searched results.
// Each search thread owns its hooks, so hooks may keep per-thread state.
template <class H, class G>
concept SearchHooks = requires(H& h, const G& g, int ply, Score alpha, Score beta) {
  { h.decide(g, ply, alpha, beta) } -> std::same_as<std::optional<Decision>>;
};

struct NoHooks {
  template <class G>
  constexpr std::optional<Decision> decide(const G&, int, Score, Score) const {
    return std::nullopt;
  }
};

} // namespace solver
