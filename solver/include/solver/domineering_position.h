// DomineeringPosition: a Domineering board and the side to move, as the generic search sees a
// game (game_concept.h). Scores are win/loss only: +1 when the side to move wins, -1 when it
// loses; the player who cannot move loses. The position keeps its empty cells twice, by rows and
// by columns, so that both sides' move counts are one table lookup per line. Keys are symmetric:
// a position and its reflections (left-right, top-bottom, both), and on a square board its
// transposes with the other side to move (Vertical to move in P is Horizontal to move in P
// transposed), share one key and so one table entry. The price is eight key words updated by
// XOR at every move, and a minimum taken over them for each key.
#pragma once

#include "solver/game_concept.h"
#include "solver/score.h"

#include "domineering/board.h"
#include "domineering/move_bounds.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cassert>
#include <cstdint>
#include <memory>
#include <type_traits>

namespace solver {

// The solver's board sizes, in two classes that share every line of code: boards up to
// MAX_SOLVE_SIDE a side, whose move codes fit a byte (and so the table's 8-bit move field), and
// boards up to MAX_LARGE_SOLVE_SIDE, whose codes need two bytes and the wide-move table
// (tt_entry.h, WideWinLossLayout). Small boards, the common case, keep the compact moves.
inline constexpr int MAX_SOLVE_SIDE = 16;
inline constexpr int MAX_LARGE_SOLVE_SIDE = 30;

// A placement that is itself safe is tried after every other one.
inline constexpr int SAFE_PENALTY = 1 << 16;
// The count delta outweighs every placement value (those are below 128), which only break ties.
inline constexpr int DELTA_WEIGHT = 128;

namespace detail {

// Placement values that break ties between moves of equal count delta (Obsequi's positional
// values, Bullock 2002): in the mover's frame, line i of n (1-based) and first cell j of a
// line of len cells, a placement scores highest on every second line from the edge (i = 2, 4,
// ...) at odd j, so that it lines up with a tiling of the line; then those lines at any j; then
// the other lines at odd j; then at any j; the edge lines last. Each value is mirrored to the
// four images of the placement under the reflections of the board, so the order respects them.
template <int N>
using PlacementValues = std::array<std::array<std::uint8_t, N + 1>, N + 1>;
template <int N>
PlacementValues<N> placement_values(int n, int len) {
  PlacementValues<N> v{};
  const auto set = [&](int i, int j, int value) {
    const auto x = std::uint8_t(value);
    v[std::size_t(i)][std::size_t(j)] = v[std::size_t(n + 1 - i)][std::size_t(j)] = x;
    v[std::size_t(n + 1 - i)][std::size_t(len - j)] = v[std::size_t(i)][std::size_t(len - j)] = x;
  };
  // (first line, line step, first cell, cell step, first value) for each group, best first.
  constexpr int GROUPS[5][5] = {{2, 2, 1, 2, 127}, {2, 2, 1, 1, 90}, {3, 1, 1, 2, 70}, {3, 1, 1, 1, 50}, {1, 1, 1, 1, 30}};
  for (const auto& g : GROUPS) {
    int value = g[4];
    for (int i = g[0]; i < (n + 3) / 2; i += g[1])
      for (int j = g[2]; j < len / 2 + 1; j += g[3])
        if (g[4] == 127 || v[std::size_t(i)][std::size_t(j)] == 0) // the first group overwrites
          set(i, j, --value);
  }
  return v;
}

using Line = std::uint32_t; // one row or one column, bit i = cell i empty

// The most disjoint dominoes along one line: floor(run / 2) summed over its runs of empty cells
// (domineering/move_bounds.h's table, which holds lines of up to 16 cells).
template <int N>
int pack(Line x) {
  if constexpr (N <= 16)
    return domineering::detail::RUN_PAIRS.count[x & 0xFFFFu];
  else
    return domineering::horizontal_domino_count(x);
}

// Cells of a line that the other side can never cover: empty with both neighbours across the
// line (`before`, `after`, the parallel lines on either side) filled.
constexpr Line dead(Line here, Line before, Line after) { return here & ~before & ~after; }

} // namespace detail

// BasicDomineeringPosition<N>: boards up to N x N. A move is the code row * CODE_STRIDE + column
// of its first cell (the side is the side to move).
template <int N>
class BasicDomineeringPosition {
public:
  static_assert(N == MAX_SOLVE_SIDE || N == MAX_LARGE_SOLVE_SIDE, "the two size classes");
  static constexpr int MAX_SIDE = N;
  static constexpr int CODE_STRIDE = N <= 16 ? 16 : 32;
  using Move = std::conditional_t<N <= 16, std::uint8_t, std::uint16_t>;
  static constexpr std::size_t MAX_MOVES = std::size_t(N) * (N - 1);
  static constexpr std::uint32_t MOVE_CODES = std::uint32_t(N * CODE_STRIDE - 1);
  static constexpr Score MATE_BOUND = 2; // above every score: nothing is converted for the table
  static constexpr Score MAX_SCORE = 1;
  static constexpr std::uint64_t HORIZONTAL_TO_MOVE = 0x6A09'E667'F3BC'C909ULL; // frac(sqrt 2)
  static constexpr bool ENHANCED_TRANSPOSITION_CUTOFFS = true;

  // Precondition: the board fits N (the solver picks the class).
  // skip_safe_moves: generate safe placements (both cells ones the opponent can never cover) only
  // when the side to move has no other. Bullock (2002) gives a proof that a player never needs
  // one while it has another move, and Obsequi never generates them; the searched value is then
  // still the position's true value (checked by exhaustive minimax over every position of small
  // boards: tests/solver/safe_moves_test.cpp), so table entries, bounds and CGT values stay
  // valid. etc_pass_cells: no enhanced-transposition pass at positions of at most that many
  // empty cells (0: everywhere).
  BasicDomineeringPosition(const domineering::Board& b, domineering::Side to_move, bool skip_safe_moves = false, int etc_pass_cells = 0)
      : board_(b), side_(to_move) {
    assert(b.height() <= N && b.width() <= N);
    h_ = b.height();
    w_ = b.width();
    images_ = h_ == w_ ? 8 : 4;
    auto tables = std::make_shared<Tables>();
    tables->skip_safe_moves = skip_safe_moves;
    tables->etc_pass_cells = etc_pass_cells;
    tables->placement[0] = detail::placement_values<N>(h_, w_); // Horizontal: lines are rows
    tables->placement[1] = detail::placement_values<N>(w_, h_); // Vertical: lines are columns
    for (int r = 0; r < h_; ++r) {
      rows_[std::size_t(r) + 1] = b.row(r);
      for (int c = 0; c < w_; ++c)
        if (b.is_empty(r, c))
          cols_[std::size_t(c) + 1] |= detail::Line{1} << r;
    }
    // The board's size is part of the key, so one table can serve boards of different sizes
    // (all images of a board have its size: transposes are only used on square boards).
    const std::uint64_t size_word = domineering::Board(h_, w_).key();
    for (int r = 0; r < h_; ++r)
      for (int c = 0; c < w_; ++c)
        for (int i = 0; i < images_; ++i)
          tables->cell_keys[cell_index(r, c)][std::size_t(i)] = image_zobrist(i, r, c);
    tables_ = std::move(tables);
    for (int i = 0; i < images_; ++i)
      keys_[std::size_t(i)] = size_word ^ ((i >= 4) != (to_move == domineering::Side::Right) ? HORIZONTAL_TO_MOVE : 0);
    for (int r = 0; r < h_; ++r)
      for (int c = 0; c < w_; ++c)
        if (!b.is_empty(r, c))
          toggle_keys(r, c);
  }

  const domineering::Board& board() const { return board_; }
  domineering::Side side_to_move() const { return side_; }
  // A side's lines as the packing takes them (domineering/packing_bound.h): columns for
  // Vertical, rows for Horizontal, bit j = cell j empty, line_count(s) of them.
  const detail::Line* lines(domineering::Side s) const { return (s == domineering::Side::Left ? cols_ : rows_).data() + 1; }
  int line_count(domineering::Side s) const { return s == domineering::Side::Left ? w_ : h_; }

  static domineering::Move decode(Move m, domineering::Side side) {
    return domineering::Move{std::uint8_t(m / CODE_STRIDE), std::uint8_t(m % CODE_STRIDE), side};
  }
  static Move encode(const domineering::Move& m) { return Move(m.row * CODE_STRIDE + m.col); }

  // The moves in search order: generate_scored_moves, sorted. Every placement is scored by the
  // change it makes to
  //   (own most moves + own safe moves) - (opponent's most moves + opponent's safe moves)
  // (the counts of domineering/move_bounds.h, recomputed only on the lines the move touches), and
  // safe placements, which nothing can take away, go last; ties go by placement value
  // (detail::placement_values), then generation order (line by line along the mover's lines).
  Move* generate_moves(Move* out) const {
    int scores[MAX_MOVES];
    Move* end = generate_scored_moves(out, scores);
    sort_by_score(out, scores, std::size_t(end - out));
    return end;
  }

  // The moves in generation order (line by line, then along the line), each with its score.
  Move* generate_scored_moves(Move* out, int* scores) const {
    const bool vertical = side_ == domineering::Side::Left;
    // Lines in the mover's direction ("own": columns for Vertical) and across it ("cross").
    const detail::Line* own = vertical ? cols_.data() : rows_.data();
    const detail::Line* cross = vertical ? rows_.data() : cols_.data();
    const int own_n = vertical ? w_ : h_;
    const int cross_n = vertical ? h_ : w_;
    Move* begin = out;
    // Each line's counts before any move, once per node: a move's delta then looks up only
    // the counts after it. own_dead[k], cross_dead[k]: the cells of line k that the other side
    // (across it) can never cover.
    int own_most[N + 2], own_safe[N + 2], cross_most[N + 2], cross_safe[N + 2];
    detail::Line own_dead[N + 2], cross_dead[N + 2];
    for (int k = 1; k <= own_n; ++k) {
      own_dead[k] = detail::dead(own[k], own[k - 1], own[k + 1]);
      own_most[k] = detail::pack<N>(own[k]);
      own_safe[k] = detail::pack<N>(own_dead[k]);
    }
    for (int k = 1; k <= cross_n; ++k) {
      cross_dead[k] = detail::dead(cross[k], cross[k - 1], cross[k + 1]);
      cross_most[k] = detail::pack<N>(cross[k]);
      cross_safe[k] = detail::pack<N>(cross_dead[k]);
    }
    // The placements to generate, line by line (a placement's bit is its first cell): all of
    // them, or all but the safe ones when there are others.
    detail::Line placements[N + 2], safe[N + 2];
    detail::Line unsafe_any = 0;
    for (int i = 1; i <= own_n; ++i) {
      placements[i] = own[i] & (own[i] >> 1);
      safe[i] = own_dead[i] & (own_dead[i] >> 1);
      unsafe_any |= placements[i] & ~safe[i];
    }
    if (tables_->skip_safe_moves && unsafe_any != 0)
      for (int i = 1; i <= own_n; ++i)
        placements[i] &= ~safe[i];
    for (int i = 1; i <= own_n; ++i) {
      for (detail::Line m = placements[i]; m; m &= m - 1) {
        const int j = std::countr_zero(m) + 1; // the placement covers cross lines j and j + 1
        const detail::Line cells = detail::Line{3} << (j - 1);
        const detail::Line bit = detail::Line{1} << (i - 1); // its cells' place in a cross line
        // Own counts: line i loses the two cells from its runs and from its dead cells; a line
        // beside it gains as dead the cells next to them whose other neighbour is filled.
        // (Lines off the board hold no cell, so they change nothing.)
        int delta = detail::pack<N>(own[i] & ~cells) - own_most[i] + detail::pack<N>(own_dead[i] & ~cells) - own_safe[i];
        if (i > 1)
          delta += detail::pack<N>(own_dead[i - 1] | (own[i - 1] & ~own[i - 2] & cells)) - own_safe[i - 1];
        if (i < own_n)
          delta += detail::pack<N>(own_dead[i + 1] | (own[i + 1] & ~own[i + 2] & cells)) - own_safe[i + 1];
        // The opponent's counts: cross lines j and j + 1 lose a cell from their runs; their dead
        // cells do not change (the covered cell was not dead, as the other one was beside it,
        // empty), and lines j - 1 and j + 2 gain as dead the cell beside it if the one beyond is
        // filled.
        delta -= detail::pack<N>(cross[j] & ~bit) - cross_most[j] + detail::pack<N>(cross[j + 1] & ~bit) - cross_most[j + 1];
        if (j > 1)
          delta -= detail::pack<N>(cross_dead[j - 1] | (cross[j - 1] & ~cross[j - 2] & bit)) - cross_safe[j - 1];
        if (j + 2 <= cross_n)
          delta -= detail::pack<N>(cross_dead[j + 2] | (cross[j + 2] & ~cross[j + 3] & bit)) - cross_safe[j + 2];
        const bool is_safe = (safe[i] >> (j - 1)) & 1;
        scores[out - begin] =
            delta * DELTA_WEIGHT + tables_->placement[vertical][std::size_t(i)][std::size_t(j)] - (is_safe ? SAFE_PENALTY : 0);
        const int r = vertical ? j - 1 : i - 1, c = vertical ? i - 1 : j - 1;
        *out++ = Move(r * CODE_STRIDE + c);
      }
    }
    return out;
  }

  void make(Move m) {
    assert(is_legal(m));
    flip(decode(m, side_));
    side_ = domineering::opponent(side_);
  }

  void unmake(Move m) {
    side_ = domineering::opponent(side_);
    flip(decode(m, side_));
  }

  std::uint64_t key() const { return least(keys_); }
  std::uint64_t key_after(Move m) const {
    std::array<std::uint64_t, 8> k = keys_;
    apply_to_keys(decode(m, side_), k);
    return least(k);
  }
  std::uint64_t key_from_scratch() const { return BasicDomineeringPosition(board_, side_).key(); }

  bool is_terminal() const {
    const detail::Line* own = side_ == domineering::Side::Left ? cols_.data() : rows_.data();
    const int n = side_ == domineering::Side::Left ? w_ : h_;
    for (int i = 1; i <= n; ++i)
      if (own[i] & (own[i] >> 1))
        return false;
    return true;
  }

  // The side to move has no move: it has lost. (There is no depth horizon in a solve.)
  Score score(int /*ply*/) const { return -1; }

  bool is_legal(Move m) const { return m < MOVE_CODES && board_.is_legal(decode(m, side_)); }

  // The enhanced-transposition pass (search.h, etc_pass_wanted) only at positions of more than
  // etc_pass_cells empty cells (the constructor's; SolveOptions::etc_pass_cells says why).
  bool etc_pass_wanted() const { return etc_pass_at(board_.empty_cells()); }

  // Whether a parent's enhanced-transposition pass can read this position's table entry: a
  // parent has two empty cells more. That pass is what reads a decided position's entry, as the
  // hooks decide a position before its probe (EndgameHooks::DECIDE_BEFORE_PROBE) and so decide
  // it again at every visit (a split node probes first, and finds nothing where this is false);
  // EndgameHooks stores its decisions only where this holds.
  bool entry_read_by_parent_pass() const { return etc_pass_at(board_.empty_cells() + 2); }

private:
  // Whether a position of `empty_cells` empty cells runs the enhanced-transposition pass.
  bool etc_pass_at(int empty_cells) const { return tables_->etc_pass_cells <= 0 || empty_cells > tables_->etc_pass_cells; }

  // The zobrist word of cell (r, c) in image i: 0 identity, 1 columns mirrored, 2 rows mirrored,
  // 3 both; 4..7 the same after transposing (square boards only).
  std::uint64_t image_zobrist(int i, int r, int c) const {
    if (i & 1)
      c = w_ - 1 - c;
    if (i & 2)
      r = h_ - 1 - r;
    if (i & 4)
      std::swap(r, c);
    return domineering::zobrist(r, c);
  }

  static std::size_t cell_index(int r, int c) { return std::size_t(r * N + c); }

  void toggle_keys(int r, int c) {
    const auto& a = tables_->cell_keys[cell_index(r, c)];
    for (std::size_t i = 0; i < keys_.size(); ++i)
      keys_[i] ^= a[i];
  }

  // Fills or empties the two cells of d, in both line sets, the board and the keys.
  void flip(const domineering::Move& d) {
    const int r2 = d.side == domineering::Side::Left ? d.row + 1 : d.row;
    const int c2 = d.side == domineering::Side::Left ? d.col : d.col + 1;
    const bool filling = board_.is_empty(d.row, d.col);
    if (filling)
      board_.play(d);
    else
      board_.undo(d);
    for (const auto& [r, c] : {std::pair{int(d.row), int(d.col)}, std::pair{r2, c2}}) {
      rows_[std::size_t(r) + 1] ^= detail::Line{1} << c;
      cols_[std::size_t(c) + 1] ^= detail::Line{1} << r;
    }
    apply_to_keys(d, keys_);
  }

  // Toggles d's two cells and the side to move in image keys k, all in one pass over the eight
  // words, as it runs at every make, unmake and key_after.
  void apply_to_keys(const domineering::Move& d, std::array<std::uint64_t, 8>& k) const {
    const int r2 = d.side == domineering::Side::Left ? d.row + 1 : d.row;
    const int c2 = d.side == domineering::Side::Left ? d.col : d.col + 1;
    const auto& a = tables_->cell_keys[cell_index(d.row, d.col)];
    const auto& b = tables_->cell_keys[cell_index(r2, c2)];
    for (std::size_t i = 0; i < k.size(); ++i) // all 8: the words of unused images are never read
      k[i] ^= a[i] ^ b[i] ^ HORIZONTAL_TO_MOVE;
  }

  // The key of the class of images: the least image key, then mixed. The least of four or eight
  // uniform words is not uniform (its density at x is 8 (1 - x)^7 for eight images: its high
  // bits are mostly zero), and the table indexes buckets by the high bits, so unmixed keys
  // would crowd the first buckets. The mix (a bijection: murmur3's finaliser) spreads them again.
  std::uint64_t least(const std::array<std::uint64_t, 8>& k) const {
    std::uint64_t m = k[0];
    for (int i = 1; i < images_; ++i)
      m = std::min(m, k[std::size_t(i)]);
    m ^= m >> 33;
    m *= 0xFF51'AFD7'ED55'8CCDULL;
    m ^= m >> 33;
    m *= 0xC4CE'B9FE'1A85'EC53ULL;
    m ^= m >> 33;
    return m;
  }

  domineering::Board board_;
  domineering::Side side_;
  int h_ = 0, w_ = 0, images_ = 4;
  // Index i + 1 holds row / column i; indices 0 and side + 1 stay empty (off the board).
  std::array<detail::Line, N + 3> rows_{}, cols_{};
  std::array<std::uint64_t, 8> keys_{};
  // What depends only on the board's size, shared by every copy of the position (a parallel
  // split copies one per task: without these, about 400 bytes instead of 17 KiB).
  // cell_keys[cell_index(r, c)][i] = image_zobrist(i, r, c), 0 for unused images: a key update
  // is eight loads per cell, with no call and no index arithmetic (16 KiB).
  struct Tables {
    std::array<std::array<std::uint64_t, 8>, std::size_t(N) * N> cell_keys{};
    std::array<detail::PlacementValues<N>, 2> placement{}; // [mover is Vertical][line][first cell]
    bool skip_safe_moves = false;
    int etc_pass_cells = 0;
  };
  std::shared_ptr<const Tables> tables_;
};

// The two size classes. DomineeringPosition is the one every board up to 16 x 16 uses.
using DomineeringPosition = BasicDomineeringPosition<MAX_SOLVE_SIDE>;
using LargeDomineeringPosition = BasicDomineeringPosition<MAX_LARGE_SOLVE_SIDE>;

} // namespace solver
