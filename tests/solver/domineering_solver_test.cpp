#include "solver/domineering_solver.h"
#include "solver/solve_defaults.h"

#include "solver/domineering_endgame.h"
#include "solver/domineering_position.h"
#include "solver/search.h"
#include "solver/tt.h"

#include "base/input_error.h"
#include "catalogue/catalogue.h"
#include "domineering/move_bounds.h"
#include "domineering/value_table.h"

#include "cgt/compare.h"

#include "../domineering/random_boards.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <random>

using domineering::Board;
using domineering::Side;
using domineering::testing::random_board;
using solver::DomineeringSolver;
using solver::SolveOptions;

namespace {

const catalogue::Catalogue& eight() {
  static const catalogue::Catalogue c = catalogue::Catalogue::build(8);
  return c;
}

SolveOptions options(int threads = 1) {
  SolveOptions o;
  o.threads = threads;
  o.table_mib = 16;
  return o;
}

// The outcome class from two solves: L, R, N or P.
cgt::Outcome solved_outcome(DomineeringSolver& s, const Board& b) {
  const bool v = s.solve(b, Side::Left).first_player_wins;
  const bool h = s.solve(b, Side::Right).first_player_wins;
  return v && h ? cgt::Outcome::N : !v && !h ? cgt::Outcome::P : v ? cgt::Outcome::L : cgt::Outcome::R;
}

cgt::Outcome value_outcome(const Board& b) { return cgt::outcome(domineering::ValueTable::shared().value(b)); }

} // namespace

TEST_CASE("every rectangle up to 6x6 (but 6x6) has the outcome of its CGT value", "[solver]") {
  DomineeringSolver s(eight(), options());
  for (int rows = 1; rows <= 6; ++rows)
    for (int cols = 1; cols <= 6; ++cols) {
      if (rows == 6 && cols == 6)
        continue;
      const Board b(rows, cols);
      CAPTURE(rows, cols);
      CHECK(solved_outcome(s, b) == value_outcome(b));
    }
}

TEST_CASE("random boards with holes have the outcome of their CGT value", "[solver]") {
  DomineeringSolver s(eight(), options());
  std::mt19937 rng(77);
  for (int i = 0; i < 60; ++i) {
    const Board b = random_board(rng, 3 + int(rng() % 4), 3 + int(rng() % 4), 20 + int(rng() % 20));
    CAPTURE(b.text());
    CHECK(solved_outcome(s, b) == value_outcome(b));
  }
}

TEST_CASE("boards beyond 16 a side, searched in the large size class, have the outcome of their CGT value", "[solver]") {
  // Strips whose exact values take under a second; 1x30 and 30x1 leave one side without a move.
  DomineeringSolver s(eight(), options());
  for (const auto& [rows, cols] :
       {std::pair{2, 17}, std::pair{17, 2}, std::pair{2, 18}, std::pair{18, 2}, std::pair{1, 30}, std::pair{30, 1}}) {
    const Board b(rows, cols);
    CAPTURE(rows, cols);
    CHECK(solved_outcome(s, b) == value_outcome(b));
  }
}

TEST_CASE("the large size class generates the small class's moves, in order and with the same scores", "[solver]") {
  std::mt19937 rng(31);
  for (int i = 0; i < 300; ++i) {
    const Board b = random_board(rng, 1 + int(rng() % 12), 1 + int(rng() % 12), int(rng() % 50));
    for (const Side side : {Side::Left, Side::Right})
      for (const bool skip_safe : {false, true}) {
        CAPTURE(b.text(), side, skip_safe);
        const solver::DomineeringPosition small(b, side, skip_safe);
        const solver::LargeDomineeringPosition large(b, side, skip_safe);
        solver::DomineeringPosition::Move small_moves[solver::DomineeringPosition::MAX_MOVES];
        solver::LargeDomineeringPosition::Move large_moves[solver::LargeDomineeringPosition::MAX_MOVES];
        int small_scores[solver::DomineeringPosition::MAX_MOVES], large_scores[solver::LargeDomineeringPosition::MAX_MOVES];
        const auto small_end = small.generate_scored_moves(small_moves, small_scores);
        const auto large_end = large.generate_scored_moves(large_moves, large_scores);
        REQUIRE(small_end - small_moves == large_end - large_moves);
        for (std::ptrdiff_t k = 0; k < small_end - small_moves; ++k) {
          const domineering::Move a = solver::DomineeringPosition::decode(small_moves[k], side);
          const domineering::Move c = solver::LargeDomineeringPosition::decode(large_moves[k], side);
          CHECK((a.row == c.row && a.col == c.col));
          CHECK(small_scores[k] == large_scores[k]);
        }
        CHECK(small.key() == large.key());
        CHECK(small.is_terminal() == large.is_terminal());
      }
  }
}

TEST_CASE("the large size class finds the small class's value on every position", "[solver]") {
  // The same search, hooks and catalogue over each class, each with a table of its own kind.
  solver::WinLossTable small_table(solver::TableSize::from_mib(4));
  solver::WideWinLossTable large_table(solver::TableSize::from_mib(4));
  solver::Searcher<solver::DomineeringPosition, solver::WinLossTable, solver::EndgameHooks> small_search(
      small_table, solver::EndgameHooks(eight(), solver::EndgameOptions{}));
  solver::Searcher<solver::LargeDomineeringPosition, solver::WideWinLossTable, solver::EndgameHooks> large_search(
      large_table, solver::EndgameHooks(eight(), solver::EndgameOptions{}));
  std::mt19937 rng(41);
  for (int i = 0; i < 200; ++i) {
    const Board b = random_board(rng, 2 + int(rng() % 6), 2 + int(rng() % 6), 10 + int(rng() % 30));
    for (const Side side : {Side::Left, Side::Right}) {
      CAPTURE(b.text(), side);
      solver::DomineeringPosition small(b, side, true);
      solver::LargeDomineeringPosition large(b, side, true);
      CHECK(small_search.solve(small, -1, 1) == large_search.solve(large, -1, 1));
    }
  }
}

TEST_CASE("switching parts of the search off never changes a result", "[solver][threads]") {
  // configuration: threads, table MiB, the packing, the plans, CGT values, most coverable cells for a CGT try,
  // safe moves played, moves that win at once tried first (peek), moves that lose at once
  // dropped (screen), no cut-off pass at that many empty cells or fewer
  static const struct Row {
    const char* name;
    int threads;
    std::size_t table_mib;
    bool packing, plans, cgt;
    int cgt_cells;
    bool play_safe = false;
    bool peek = true;
    bool screen = true;
    int etc_cells = 0;
  } rows[] = {{"parallel", 2, 16, true, true, true, 40},
              {"no table", 1, 0, true, true, true, 40},
              {"no CGT", 1, 16, true, true, false, 40},
              {"no bounds", 1, 16, false, false, true, 40},
              {"no packing", 1, 16, false, true, true, 40},
              {"no plans", 1, 16, true, false, true, 40},
              {"parallel, no packing", 2, 16, false, true, true, 40},
              {"nothing", 1, 0, false, false, false, 40},
              {"parallel, no CGT", 2, 16, true, true, false, 40},
              {"CGT on few cells", 1, 16, true, true, true, 12},
              {"CGT, no bounds, few cells", 1, 16, false, false, true, 8},
              {"safe moves played", 1, 16, true, true, true, 40, true},
              {"plain alpha-beta over every move", 1, 0, false, false, false, 40, true},
              {"parallel, safe moves played", 2, 16, true, true, true, 40, true},
              {"no peek", 1, 16, true, true, true, 40, false, false},
              {"parallel, no peek", 2, 16, true, true, true, 40, false, false},
              {"no screen", 1, 16, true, true, true, 40, false, true, false},
              {"no peek, no screen", 1, 16, true, true, true, 40, false, false, false},
              {"parallel, no screen", 2, 16, true, true, true, 40, false, true, false},
              {"no cut-off pass at 20 cells or fewer", 1, 16, true, true, true, 40, false, true, true, 20},
              {"parallel, no cut-off pass at 28 cells or fewer", 2, 16, true, true, true, 40, false, true, true, 28}};
  DomineeringSolver reference(eight(), options());
  std::mt19937 rng(91);
  std::vector<Board> boards = {Board(5, 5), Board(4, 6), Board(6, 4), Board(5, 6)};
  for (int i = 0; i < 12; ++i)
    boards.push_back(random_board(rng, 5 + int(rng() % 2), 5 + int(rng() % 2), 15));
  for (const Row& row : rows) {
    SolveOptions o = options(row.threads);
    o.table_mib = row.table_mib;
    o.endgame.packing = row.packing;
    o.endgame.plans = row.plans;
    o.endgame.cgt = row.cgt;
    o.endgame.attempt_cells = row.cgt_cells;
    o.skip_safe_moves = !row.play_safe;
    o.endgame.peek = row.peek;
    o.endgame.screen = row.screen;
    o.etc_pass_cells = row.etc_cells;
    DomineeringSolver s(eight(), o);
    for (const Board& b : boards)
      for (Side first : {Side::Left, Side::Right}) {
        CAPTURE(row.name, b.text(), int(first));
        CHECK(s.solve(b, first).first_player_wins == reference.solve(b, first).first_player_wins);
      }
  }
}

TEST_CASE("a profiled solve searches the same tree and accounts for every node", "[solver]") {
  std::mt19937 rng(17);
  std::vector<Board> boards = {Board(5, 5), Board(4, 6), Board(6, 5)};
  for (int i = 0; i < 4; ++i)
    boards.push_back(random_board(rng, 6, 6, 8));
  for (const int threads : {1, 2}) {
    SolveOptions o = options(threads);
    DomineeringSolver plain(eight(), o);
    o.profile = true;
    DomineeringSolver profiled(eight(), o);
    for (const Board& b : boards)
      for (Side first : {Side::Left, Side::Right}) {
        CAPTURE(threads, b.text(), int(first));
        // Both solvers have solved the same boards before, so their tables hold the same.
        const auto p = profiled.solve(b, first);
        const auto q = plain.solve(b, first);
        CHECK(p.first_player_wins == q.first_player_wins);
        if (threads == 1) // the same tree: two threads share out their work differently each time
          CHECK(p.stats.nodes == q.stats.nodes);
        // The root is expanded by the driver, not by a search: every other node is in the profile.
        CHECK(p.stats.profile.total().nodes + 1 == p.stats.nodes);
        CHECK(p.stats.profile.plies()[0].nodes == 0);
        for (const solver::PlyProfile& ply : p.stats.profile.plies()) {
          CHECK(ply.nodes == ply.stopped + ply.table + ply.decided + ply.expanded);
          CHECK((threads > 1 || ply.stopped == 0));
          CHECK(ply.first_cut <= ply.cut);
          CHECK(ply.cut <= ply.expanded);
        }
        CHECK(q.stats.profile.total().nodes == 0);
      }
  }
}

TEST_CASE("a reported winning move wins", "[solver][threads]") {
  for (int threads : {1, 2}) {
    DomineeringSolver s(eight(), options(threads));
    std::mt19937 rng(5);
    for (int i = 0; i < 20; ++i) {
      const Board b = random_board(rng, 5, 6, 20);
      for (Side first : {Side::Left, Side::Right}) {
        const auto r = s.solve(b, first);
        CAPTURE(threads, b.text(), int(first));
        REQUIRE(r.first_player_wins == r.winning_move.has_value());
        if (!r.winning_move)
          continue;
        Board after = b;
        REQUIRE(after.is_legal(*r.winning_move));
        after.play(*r.winning_move);
        CHECK(!s.solve(after, domineering::opponent(first)).first_player_wins);
      }
    }
  }
}

TEST_CASE("an interrupted solve says so", "[solver]") {
  std::atomic<bool> stop{true};
  SolveOptions o = options();
  o.interrupt = &stop;
  DomineeringSolver s(eight(), o);
  CHECK(s.solve(Board(6, 6), Side::Left).interrupted);
}

TEST_CASE("bad solver options are refused", "[solver]") {
  SolveOptions o = options(0);
  CHECK_THROWS_WITH(DomineeringSolver(eight(), o), Catch::Contains("thread count 0 out of range (1 to 1024)"));
  o = options(1);
  o.table_mib = std::size_t{1} << 30;
  CHECK_THROWS_WITH(DomineeringSolver(eight(), o), Catch::Contains("exceeds this machine's physical memory"));
}

TEST_CASE("a position's images share its key, and keys spread over the table's buckets", "[solver]") {
  using solver::DomineeringPosition;
  std::mt19937 rng(2026);
  // The table picks a bucket by the key's high bits (MulHiIndex). The least of eight uniform
  // image keys has its top bit set once in 256 times: unmixed, these counts would crowd the
  // first of the 16 buckets.
  constexpr int BOARDS = 4000, BUCKETS = 16;
  int per_bucket[BUCKETS] = {};
  for (int i = 0; i < BOARDS; ++i) {
    const Board b = random_board(rng, 8, 8, 40);
    const Side side = i % 2 ? Side::Left : Side::Right;
    const std::uint64_t key = DomineeringPosition(b, side).key();
    CAPTURE(b.text());
    CHECK(DomineeringPosition(b.reflected_horizontally(), side).key() == key);
    CHECK(DomineeringPosition(b.reflected_vertically(), side).key() == key);
    CHECK(DomineeringPosition(b.transposed(), domineering::opponent(side)).key() == key);
    CHECK(DomineeringPosition(b, domineering::opponent(side)).key() != key);
    ++per_bucket[solver::MulHiIndex::bucket(key, BUCKETS)];
  }
  for (const int n : per_bucket) // 250 expected; a binomial spread of 15
    CHECK((n > 175 && n < 325));
}

TEST_CASE("the default table grows with the empty cells, from 4 MiB to 512", "[solver]") {
  // empty cells, MiB
  static const int rows[][2] = {{0, 4},    {36, 4},   {49, 4},   {52, 4},   {53, 8},   {56, 8},   {57, 16},  {60, 16},
                                {61, 32},  {63, 32},  {64, 32},  {65, 64},  {68, 64},  {69, 128}, {72, 128}, {73, 256},
                                {76, 256}, {77, 512}, {80, 512}, {81, 512}, {84, 512}, {256, 512}};
  for (const auto& row : rows) {
    CAPTURE(row[0]);
    CHECK(solver::default_table_mib(row[0]) == std::size_t(row[1]));
  }
}

TEST_CASE("the cut-off pass stops at its limit (by default only with a large table)", "[solver]") {
  // table MiB, default limit
  static const int defaults[][2] = {{4, 0}, {32, 0}, {64, 0}, {127, 0}, {128, 40}, {512, 40}, {8192, 40}};
  for (const auto& row : defaults) {
    CAPTURE(row[0]);
    CHECK(solver::default_etc_pass_cells(std::size_t(row[0])) == row[1]);
  }
  // 6x6 has 36 empty cells: a limit of 36 leaves no position for the pass, 34 leaves it at the root only.
  // The positions the bounds or the CGT endgame decide are stored only where a parent's pass
  // can read them, so the stores fall with the limit too.
  const Board b(6, 6);
  std::uint64_t etc_probes[3] = {}, stores[3] = {};
  bool wins[3] = {};
  const int limits[] = {0, 34, 36};
  for (int i = 0; i < 3; ++i) {
    SolveOptions o = options();
    o.etc_pass_cells = limits[i];
    DomineeringSolver s(eight(), o);
    const auto r = s.solve(b, Side::Left);
    wins[i] = r.first_player_wins;
    etc_probes[i] = r.stats.table.etc_probes;
    stores[i] = r.stats.table.stores;
  }
  CHECK(wins[1] == wins[0]);
  CHECK(wins[2] == wins[0]);
  CHECK(etc_probes[0] > etc_probes[1]);
  CHECK(etc_probes[1] > 0);
  CHECK(etc_probes[2] == 0);
  CHECK(stores[0] > stores[1]);
  CHECK(stores[1] >= stores[2]);
}

TEST_CASE("a decided position is kept in the table only where a parent's cut-off pass can read it", "[solver]") {
  // pass limit, empty cells of the position, kept: a parent has two empty cells more, and runs
  // the pass above the limit (0: everywhere)
  static const int rows[][3] = {{0, 4, 1}, {0, 80, 1}, {40, 39, 1}, {40, 38, 0}, {40, 20, 0}, {40, 79, 1}, {36, 35, 1}, {36, 34, 0}};
  for (const auto& row : rows) {
    CAPTURE(row[0], row[1]);
    std::uint32_t rows_bits[9];
    int filled = 81 - row[1];
    for (auto& bits : rows_bits) {
      const int here = std::min(filled, 9);
      bits = 0x1FFu & ~((1u << here) - 1); // the first `here` cells of the row filled
      filled -= here;
    }
    const Board board = Board::from_rows(9, 9, rows_bits);
    REQUIRE(board.empty_cells() == row[1]);
    const solver::DomineeringPosition p(board, Side::Left, false, row[0]);
    CHECK(p.entry_read_by_parent_pass() == bool(row[2]));
  }
}

TEST_CASE("the default component cache grows with the empty cells from 2048 entries to 16384", "[solver]") {
  // empty cells, entries
  static const int rows[][2] = {{0, 2048},  {36, 2048}, {63, 2048},  {64, 2048},  {65, 4096},  {66, 4096},
                                {67, 8192}, {68, 8192}, {69, 16384}, {72, 16384}, {81, 16384}, {256, 16384}};
  for (const auto& row : rows) {
    CAPTURE(row[0]);
    CHECK(solver::default_component_entries(row[0]) == std::size_t(row[1]));
  }
}

TEST_CASE("the default CGT endgame moves to the 15-cell catalogue from 74 empty cells", "[solver]") {
  // empty cells, catalogue's shapes, exact cells, coverable cells where the split is tried
  static const int rows[][4] = {{0, 12, 14, 40},  {64, 12, 14, 40}, {72, 12, 14, 40}, {73, 12, 14, 40},
                                {74, 15, 15, 48}, {81, 15, 15, 48}, {256, 15, 15, 48}};
  for (const auto& row : rows) {
    CAPTURE(row[0]);
    const solver::EndgameDefaults d = solver::default_endgame(row[0]);
    CHECK(d.catalogue_cells == row[1]);
    CHECK(d.exact_cells == row[2]);
    CHECK(d.attempt_cells == row[3]);
  }
}

TEST_CASE("the default solve options follow the board's empty cells", "[solver]") {
  // board, table MiB, cut-off pass limit, component cache entries, exact and attempt cells (the
  // defaults above, put together as `solve` and the Python module take them)
  static const struct Row {
    const char* board;
    std::size_t table_mib;
    int etc_cells;
    std::size_t component_entries;
    int exact_cells, attempt_cells;
  } rows[] = {{"4x4", 4, 0, 2048, 14, 40}, {"8x8", 32, 0, 2048, 14, 40}, {"8x9", 128, 40, 16384, 14, 40}, {"9x9", 512, 40, 16384, 15, 48}};
  for (const Row& row : rows) {
    CAPTURE(row.board);
    const Board b = Board::parse(row.board);
    const SolveOptions o = solver::default_solve_options(b, solver::default_endgame(b.empty_cells()));
    CHECK(o.threads == solver::default_threads());
    CHECK(o.table_mib == row.table_mib);
    CHECK(o.etc_pass_cells == row.etc_cells);
    CHECK(o.endgame.component_entries == row.component_entries);
    CHECK(o.endgame.exact_cells == row.exact_cells);
    CHECK(o.endgame.attempt_cells == row.attempt_cells);
  }
  // Below 74 empty cells the endgame needs no catalogue beyond the 12-cell one: always affordable.
  std::string warning;
  CHECK(solver::affordable_endgame(64, &warning).catalogue_cells == 12);
  CHECK(warning.empty());
}

TEST_CASE("the outcome class of a board from its two first players", "[solver]") {
  // Vertical first wins, Horizontal first wins, class
  CHECK(solver::outcome_class(true, true) == "N");
  CHECK(solver::outcome_class(false, false) == "P");
  CHECK(solver::outcome_class(true, false) == "L");
  CHECK(solver::outcome_class(false, true) == "R");
}

TEST_CASE("a board larger than the solver takes is refused", "[solver]") {
  CHECK_NOTHROW(solver::check_solvable(Board(30, 30)));
  CHECK_THROWS_WITH(solver::check_solvable(Board(31, 2)), "board too large to solve: 31x2 (the solver takes at most 30x30)");
  DomineeringSolver s(eight(), options());
  CHECK_THROWS_AS(s.solve(Board(2, 31), Side::Left), base::InputError);
}

namespace {

// Checks the placement values of both size classes' tables for n lines of len cells.
template <int N>
void check_placement_values(int n, int len, int expected) {
  const solver::detail::PlacementValues<N> v = solver::detail::placement_values<N>(n, len);
  for (int i = 1; i <= n; ++i)
    for (int j = 1; j < len; ++j) {
      CAPTURE(i, j);
      CHECK(v[std::size_t(i)][std::size_t(j)] > 0);
      CHECK(v[std::size_t(i)][std::size_t(j)] < solver::DELTA_WEIGHT);
      CHECK(v[std::size_t(i)][std::size_t(j)] == v[std::size_t(n + 1 - i)][std::size_t(j)]);
      CHECK(v[std::size_t(i)][std::size_t(j)] == v[std::size_t(i)][std::size_t(len - j)]);
    }
  CHECK(int(v[std::size_t(std::min(n, 2))][1]) == expected);
}

} // namespace

TEST_CASE("placement values are mirrored to the four reflections and break ties on every placement", "[solver]") {
  // lines, line length, value of the first placement of the second line (Obsequi's best, 126,
  // once the board has a second line from the edge, else the edge group's first, 29)
  const auto row = GENERATE(table<int, int, int>({std::tuple<int, int, int>{8, 8, 126}, std::tuple<int, int, int>{7, 6, 126},
                                                  std::tuple<int, int, int>{5, 9, 126}, std::tuple<int, int, int>{16, 16, 126},
                                                  std::tuple<int, int, int>{2, 2, 29}, std::tuple<int, int, int>{1, 5, 29}}));
  const auto [n, len, expected] = row;
  CAPTURE(n, len);
  check_placement_values<solver::MAX_SOLVE_SIDE>(n, len, expected);
  check_placement_values<solver::MAX_LARGE_SOLVE_SIDE>(n, len, expected);
  // Boards only the large class takes.
  check_placement_values<solver::MAX_LARGE_SOLVE_SIDE>(30, 30, 126);
  check_placement_values<solver::MAX_LARGE_SOLVE_SIDE>(30, 2, 126);
  check_placement_values<solver::MAX_LARGE_SOLVE_SIDE>(2, 30, 29);
}

TEST_CASE("move scores are the change in most and safe moves, recounted from scratch", "[solver]") {
  // A move's score is DELTA_WEIGHT * (the change in the mover's most + safe moves minus the
  // change in the opponent's) + a placement value in [1, DELTA_WEIGHT), less SAFE_PENALTY for a
  // safe placement; here the counts are taken before and after the move on the whole board.
  const auto floor_div = [](int a, int b) { return a >= 0 ? a / b : -((-a + b - 1) / b); };
  std::mt19937 rng(20261201);
  for (int trial = 0; trial < 300; ++trial) {
    const Board b = random_board(rng, 2 + int(rng() % 9), 2 + int(rng() % 9), int(rng() % 50));
    for (const Side side : {Side::Left, Side::Right}) {
      const Side other = domineering::opponent(side);
      const auto counts = [](const Board& x, Side s) { return domineering::max_moves(x, s) + domineering::safe_moves(x, s); };
      const solver::DomineeringPosition p(b, side);
      solver::DomineeringPosition::Move moves[solver::DomineeringPosition::MAX_MOVES];
      int scores[solver::DomineeringPosition::MAX_MOVES];
      const auto n = std::size_t(p.generate_scored_moves(moves, scores) - moves);
      for (std::size_t k = 0; k < n; ++k) {
        const domineering::Move m = solver::DomineeringPosition::decode(moves[k], side);
        Board after = b;
        after.play(m);
        const int delta = counts(after, side) - counts(b, side) - (counts(after, other) - counts(b, other));
        // Safe: neither cell has an empty neighbour across the mover's direction.
        const int r2 = side == Side::Left ? m.row + 1 : m.row, c2 = side == Side::Left ? m.col : m.col + 1;
        const auto open_across = [&](int r, int c) {
          const auto empty = [&](int rr, int cc) { return rr >= 0 && cc >= 0 && rr < b.height() && cc < b.width() && b.is_empty(rr, cc); };
          return side == Side::Left ? empty(r, c - 1) || empty(r, c + 1) : empty(r - 1, c) || empty(r + 1, c);
        };
        const bool safe = !open_across(m.row, m.col) && !open_across(r2, c2);
        CAPTURE(trial, b.text(), int(side), int(m.row), int(m.col));
        CHECK(floor_div(scores[k], solver::DELTA_WEIGHT) == delta - (safe ? solver::SAFE_PENALTY / solver::DELTA_WEIGHT : 0));
      }
    }
  }
}

TEST_CASE("lazily ordered moves come out in the order of generate_moves", "[solver]") {
  // The search reads only the first move until it asks for the rest (OrderedMoves): the first
  // must be the sorted list's first whether or not the rest is ever sorted, after order_first(k)
  // the first k, and after order_all() the whole list must be the sorted one, or the bench
  // signature would move.
  std::mt19937 rng(20261130);
  for (int trial = 0; trial < 400; ++trial) {
    const Board b = random_board(rng, 2 + int(rng() % 9), 2 + int(rng() % 9), int(rng() % 50));
    for (const auto& [side, skip_safe] :
         {std::pair{Side::Left, false}, std::pair{Side::Right, false}, std::pair{Side::Left, true}, std::pair{Side::Right, true}}) {
      const solver::DomineeringPosition p(b, side, skip_safe);
      const solver::MoveList<solver::DomineeringPosition> sorted(p);
      solver::OrderedMoves<solver::DomineeringPosition> lazy(p);
      CAPTURE(trial, b.text(), int(side), skip_safe);
      REQUIRE(lazy.size() == sorted.size());
      if (sorted.size() == 0)
        continue;
      CHECK(lazy.begin()[0] == sorted.begin()[0]);
      lazy.order_all();
      CHECK(std::equal(sorted.begin(), sorted.end(), lazy.begin()));
      // Ordered a few at a time (as the peek does), then the rest: the same at every step.
      solver::OrderedMoves<solver::DomineeringPosition> stepwise(p);
      const std::size_t k = 1 + rng() % sorted.size();
      for (std::size_t i = 1; i <= k; ++i) {
        stepwise.order_first(i);
        CHECK(std::equal(sorted.begin(), sorted.begin() + std::ptrdiff_t(i), stepwise.begin()));
      }
      stepwise.order_all();
      CHECK(std::equal(sorted.begin(), sorted.end(), stepwise.begin()));
    }
  }
}

TEST_CASE("8x8 is a first-player win (Breuker, Uiterwijk and van den Herik, 2000)", "[solver][published][long]") {
  // The suite's longest test, so scripts/test.sh leaves it out of the sanitizer runs. The board
  // is square, so Horizontal first is the transpose of Vertical first (a table hit); both are
  // solved anyway.
  SolveOptions o = options(2);
  o.table_mib = 256;
  // The solver keeps a reference to its catalogue, so the catalogue must outlive it: not a
  // temporary.
  const catalogue::Catalogue twelve = catalogue::Catalogue::build(12);
  DomineeringSolver s(twelve, o);
  CHECK(solved_outcome(s, Board(8, 8)) == cgt::Outcome::N);
}
