#include "solver/search.h"
#include "solver/tt.h"
#include "solver/unbounded_table.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <map>
#include <optional>
#include <random>
#include <vector>

using namespace solver;

namespace {

// An explicit game graph for hand-built cases. Node i's moves 0..k-1 lead to children[0..k-1];
// a node without children is terminal and scores, for the side to move, `value`, or, when
// `lost`, -(WIN - ply) (the opponent has just won). Keys are per node, so a node reached by two
// paths is a transposition.
struct TreeNode {
  std::vector<int> children;
  Score value = 0;
  bool lost = false;
};

class TreeGame {
public:
  using Move = std::uint8_t;
  static constexpr std::size_t MAX_MOVES = 8;
  static constexpr std::uint32_t MOVE_CODES = 8;
  static constexpr Score WIN = 1000;
  static constexpr Score MATE_BOUND = 900;
  static constexpr Score MAX_SCORE = WIN;

  TreeGame(const std::vector<TreeNode>& nodes, int start) : nodes_(&nodes), path_{start} {}

  Move* generate_moves(Move* out) const {
    const std::size_t n = std::min(node().children.size(), MAX_MOVES); // every tree here keeps to it
    // A loop, not std::iota: with -march=native GCC 12 vectorises iota here and then warns
    // (-Wstringop-overflow) that its 32-byte stores overrun the caller's array; n never does.
    for (std::size_t i = 0; i < n; ++i)
      out[i] = Move(i);
    return out + n;
  }
  void make(Move m) {
    path_.push_back(child(m));
    if (path_.size() == 2)
      start_moves.push_back(m);
  }
  void unmake(Move) { path_.pop_back(); }
  std::uint64_t key() const { return key_of(path_.back()); }
  std::uint64_t key_after(Move m) const { return key_of(child(m)); }
  std::uint64_t key_from_scratch() const { return key(); }
  bool is_terminal() const { return node().children.empty(); }
  Score score(int ply) const { return node().lost ? -(WIN - ply) : node().value; }
  bool is_legal(Move m) const { return m < node().children.size(); }

  static std::uint64_t key_of(int id) {
    std::uint64_t z = std::uint64_t(id + 1) * 0x9E37'79B9'7F4A'7C15u;
    z = (z ^ (z >> 30)) * 0xBF58'476D'1CE4'E5B9u;
    z = (z ^ (z >> 27)) * 0x94D0'49BB'1331'11EBu;
    return z ^ (z >> 31);
  }

  std::vector<Move> start_moves; // moves made from the start node, in order

private:
  const TreeNode& node() const { return (*nodes_)[std::size_t(path_.back())]; }
  int child(Move m) const { return node().children[m]; }
  const std::vector<TreeNode>* nodes_;
  std::vector<int> path_;
};
static_assert(Game<TreeGame>);

using Table = SharedTable<AlwaysReplace>;
constexpr Score INF = INFINITE_SCORE;

// Root 0 with two leaves: node 1 scores 2 for its side to move, node 2 scores -3. The root's true
// value is max(-2, 3) = 3, by move 1.
const std::vector<TreeNode> TWO_LEAVES = {{{1, 2}}, {{}, 2}, {{}, -3}};

// Root 0 with three leaves worth 1, 3 and -5 to the root, in that order. True value 3.
const std::vector<TreeNode> THREE_LEAVES = {{{1, 2, 3}}, {{}, -1}, {{}, -3}, {{}, 5}};

} // namespace

TEST_CASE("probe contract: key, depth gate, bound gate, with hand-built entries", "[solver]") {
  // stored bound, stored score, stored depth, requested depth, window, settled by the entry
  // (one node), result. Source: the article's probe contract; TWO_LEAVES searched is 3.
  static const struct Row {
    const char* name;
    Bound bound;
    Score score;
    int stored_depth, depth;
    Score alpha, beta;
    bool settled;
    Score result;
  } rows[] = {
      {"exact settles any window", Bound::EXACT, 7, 2, 2, -INF, INF, true, 7},
      {"exact settles a narrow window", Bound::EXACT, 7, 2, 2, 0, 1, true, 7},
      {"too shallow fails the depth gate", Bound::EXACT, 7, 1, 2, -INF, INF, false, 3},
      {"deeper passes the depth gate", Bound::EXACT, 7, 5, 2, -INF, INF, true, 7},
      {"lower bound at beta cuts", Bound::LOWER, 5, 2, 2, 0, 5, true, 5},
      {"lower bound above beta cuts", Bound::LOWER, 5, 2, 2, 0, 4, true, 5},
      {"lower bound below beta does not", Bound::LOWER, 5, 2, 2, 0, 6, false, 3},
      {"lower bound in a full window does not", Bound::LOWER, 5, 2, 2, -INF, INF, false, 3},
      {"upper bound at alpha cuts", Bound::UPPER, 1, 2, 2, 1, 10, true, 1},
      {"upper bound below alpha cuts", Bound::UPPER, 0, 2, 2, 1, 10, true, 0},
      {"upper bound above alpha does not", Bound::UPPER, 2, 2, 2, 1, 10, false, 3},
      {"upper bound too shallow does not", Bound::UPPER, 0, 1, 2, 1, 10, false, 3},
  };
  for (const Row& row : rows) {
    CAPTURE(row.name);
    Table table(TableSize::from_entries(64));
    table.store(TreeGame::key_of(0), row.stored_depth, row.score, row.bound, NO_MOVE);
    TreeGame g(TWO_LEAVES, 0);
    Searcher<TreeGame, Table> searcher(table);
    CHECK(searcher.search(g, row.depth, row.alpha, row.beta) == row.result);
    CHECK(searcher.nodes() == (row.settled ? 1u : 3u));
    CHECK(searcher.stats().cutoffs == (row.settled ? 1u : 0u));
  }
}

TEST_CASE("probe contract: another position's entry never settles a node, unless verification is off", "[solver]") {
  ArticleTable<AlwaysReplace, 1> table(TableSize::from_entries(1)); // one slot: everything collides
  table.store(TreeGame::key_of(99), 9, 7, Bound::EXACT, NO_MOVE);
  for (const bool verify : {true, false}) {
    CAPTURE(verify);
    table.set_verification(verify);
    TreeGame g(TWO_LEAVES, 0);
    Searcher<TreeGame, ArticleTable<AlwaysReplace, 1>> searcher(table);
    CHECK(searcher.search(g, 2) == (verify ? 3 : 7));
    table.clear();
    table.store(TreeGame::key_of(99), 9, 7, Bound::EXACT, NO_MOVE);
  }
}

TEST_CASE("probe contract: a hit that cannot cut still puts its move first, after is_legal", "[solver]") {
  // stored move, order of the root's moves, tried, best, illegal
  static const struct Row {
    std::uint32_t move;
    std::vector<TreeGame::Move> order;
    std::uint64_t tried, best, illegal;
  } rows[] = {
      {1, {1, 0}, 1, 1, 0},       // move 1 first, and it is the best
      {0, {0, 1}, 1, 0, 0},       // move 0 first, not the best
      {7, {0, 1}, 0, 0, 1},       // a code with no move here: never played
      {NO_MOVE, {0, 1}, 0, 0, 0}, // no move stored
  };
  for (const Row& row : rows) {
    CAPTURE(row.move);
    Table table(TableSize::from_entries(64));
    table.store(TreeGame::key_of(0), 2, 5, Bound::LOWER, row.move); // a hit that cannot cut
    TreeGame g(TWO_LEAVES, 0);
    Searcher<TreeGame, Table> searcher(table);
    CHECK(searcher.search(g, 2) == 3);
    CHECK(g.start_moves == row.order);
    CHECK(searcher.stats().tt_moves_tried == row.tried);
    CHECK(searcher.stats().tt_moves_best == row.best);
    CHECK(searcher.stats().tt_moves_illegal == row.illegal);
    CHECK(searcher.best_move() == std::optional<TreeGame::Move>(1));
  }
}

TEST_CASE("the stored bound is chosen against the original alpha", "[solver]") {
  // window, stored bound, stored score. THREE_LEAVES gives the root 1, 3, -5; hand calculation.
  // The (0, 10) row fails if the raised alpha is used: the best score, 3, is the raised alpha,
  // so it would be stored as an upper bound.
  static const struct Row {
    Score alpha, beta;
    Bound bound;
    Score score;
  } rows[] = {
      {0, 10, Bound::EXACT, 3},  {-INF, INF, Bound::EXACT, 3}, {2, 4, Bound::EXACT, 3}, {5, 10, Bound::UPPER, 3}, // fail low
      {3, 10, Bound::UPPER, 3},  // best == alpha: no move raised alpha
      {-10, 2, Bound::LOWER, 3}, // the second move cuts
      {1, 3, Bound::LOWER, 3},   // best == beta
  };
  for (const Row& row : rows) {
    CAPTURE(row.alpha, row.beta);
    Table table(TableSize::from_entries(64));
    TreeGame g(THREE_LEAVES, 0);
    Searcher<TreeGame, Table> searcher(table);
    CHECK(searcher.search(g, 1, row.alpha, row.beta) == row.score);
    const auto [hit, data, writer] = table.probe(TreeGame::key_of(0));
    REQUIRE(hit);
    CHECK(data.bound == row.bound);
    CHECK(data.score == row.score);
    CHECK(data.move == 1);
    CHECK(bound_for(row.score, row.alpha, row.beta) == row.bound);
  }
}

TEST_CASE("a child's bound and value cut its parent, refute the move or say nothing", "[solver]") {
  // The child's own bound, its value for the parent, the parent's window, the verdict.
  static const struct Row {
    Bound child_bound;
    Score v, alpha, beta;
    ChildVerdict verdict;
  } rows[] = {
      {Bound::EXACT, 5, 0, 5, ChildVerdict::CUTS},      // exact: at least beta
      {Bound::EXACT, 0, 0, 5, ChildVerdict::REFUTES},   // exact: at most alpha
      {Bound::EXACT, 3, 0, 5, ChildVerdict::NONE},      // inside the window
      {Bound::UPPER, 7, 0, 5, ChildVerdict::CUTS},      // the child at most -7: the parent at least 7
      {Bound::UPPER, -2, 0, 5, ChildVerdict::NONE},     // at least -2 says nothing against alpha 0
      {Bound::LOWER, -2, 0, 5, ChildVerdict::REFUTES},  // the child at least 2: the move at most -2
      {Bound::LOWER, 7, 0, 5, ChildVerdict::NONE},      // at most 7 cannot cut
      {Bound::EXACT, -1, -1, 1, ChildVerdict::REFUTES}, // a win/loss solve: the child wins
      {Bound::EXACT, 1, -1, 1, ChildVerdict::CUTS},     // ... the child loses
  };
  for (const Row& row : rows) {
    CAPTURE(int(row.child_bound), row.v, row.alpha, row.beta);
    CHECK(child_verdict(row.child_bound, row.v, row.alpha, row.beta) == row.verdict);
  }
}

TEST_CASE("distance scores are stored relative to the node and read at any ply", "[solver]") {
  // Node 0 has one move, to node 1, where the side to move has lost. Searched at ply 2 the win
  // is at ply 3 (worth 1000 - 3); stored as 1000 - 1; found at ply 4 it reads 1000 - 5.
  const std::vector<TreeNode> nodes = {{{1}}, {{}, 0, true}};
  Table table(TableSize::from_entries(64));
  TreeGame g(nodes, 0);
  Searcher<TreeGame, Table> first(table);
  CHECK(first.search(g, 4, -INF, INF, 2) == 997);
  CHECK(table.probe(TreeGame::key_of(0)).data.score == 999);
  Searcher<TreeGame, Table> second(table);
  CHECK(second.search(g, 4, -INF, INF, 4) == 995);
  CHECK(second.nodes() == 1);
}

TEST_CASE("hooks decide positions through the same bound gate and are not stored", "[solver]") {
  // The hook knows the value of node 0 (the root of TWO_LEAVES) as (score, bound).
  struct MapHooks {
    std::map<std::uint64_t, Decision> known;
    std::optional<Decision> decide(const TreeGame& g, int, Score, Score) {
      const auto it = known.find(g.key());
      return it == known.end() ? std::nullopt : std::optional<Decision>(it->second);
    }
  };
  static_assert(SearchHooks<MapHooks, TreeGame>);
  // decision, window, nodes, result
  static const struct Row {
    Decision decision;
    Score alpha, beta;
    std::uint64_t nodes;
    Score result;
  } rows[] = {
      {{42, Bound::EXACT}, -INF, INF, 1, 42}, {{50, Bound::LOWER}, -INF, INF, 3, 3}, {{50, Bound::LOWER}, -INF, 40, 1, 50},
      {{-8, Bound::UPPER}, -7, INF, 1, -8},   {{-8, Bound::UPPER}, -9, INF, 3, 3},
  };
  for (const Row& row : rows) {
    CAPTURE(row.decision.score, int(row.decision.bound), row.alpha, row.beta);
    Table table(TableSize::from_entries(64));
    Searcher<TreeGame, Table, MapHooks> searcher(table, MapHooks{{{TreeGame::key_of(0), row.decision}}});
    TreeGame g(TWO_LEAVES, 0);
    CHECK(searcher.search(g, 2, row.alpha, row.beta) == row.result);
    CHECK(searcher.nodes() == row.nodes);
    CHECK(table.probe(TreeGame::key_of(0)).hit == (row.nodes > 1));
  }
}

TEST_CASE("a raised stop flag aborts the search, which stores nothing", "[solver]") {
  Table table(TableSize::from_entries(64));
  std::atomic<bool> stop{true};
  Searcher<TreeGame, Table> searcher(table);
  searcher.set_stop_flag(&stop);
  TreeGame g(TWO_LEAVES, 0);
  searcher.search(g, 2);
  CHECK(searcher.aborted());
  CHECK(!searcher.best_move());
  CHECK(table.count_occupied() == 0);
  stop = false;
  CHECK(searcher.search(g, 2) == 3);
  CHECK(!searcher.aborted());
}

TEST_CASE("searching to the end stores the work below a node as its depth", "[solver]") {
  // THREE_LEAVES: the root's subtree is 4 nodes, bit_width(4) = 3.
  Table table(TableSize::from_entries(64));
  TreeGame g(THREE_LEAVES, 0);
  Searcher<TreeGame, Table> searcher(table);
  CHECK(searcher.solve(g) == 3);
  CHECK(table.probe(TreeGame::key_of(0)).data.depth == 3);
}

namespace {

// TreeGame with enhanced transposition cut-offs, as Domineering has them: a node expected to cut
// searches its first move before the pass, one the hooks show to win at once when they can
// (Searcher::winning_at_once).
struct PassAfterFirstMove : TreeGame {
  using TreeGame::TreeGame;
  static constexpr bool ENHANCED_TRANSPOSITION_CUTOFFS = true;
};
static_assert(Game<PassAfterFirstMove>);

// Knows which nodes lose for their side to move, as the packing knows some positions.
struct KnownLosses {
  std::vector<int> lost; // node ids
  std::optional<Decision> decide(const PassAfterFirstMove&, int, Score, Score) { return std::nullopt; }
  bool tells_wins() const { return true; }
  std::optional<Decision> lost_after(const PassAfterFirstMove& g, std::uint8_t m) const {
    const std::uint64_t key = g.key_after(m);
    if (std::none_of(lost.begin(), lost.end(), [&](int id) { return TreeGame::key_of(id) == key; }))
      return std::nullopt;
    return Decision{-5, Bound::EXACT, false};
  }
};
static_assert(CheapWins<KnownLosses, PassAfterFirstMove>);

} // namespace

TEST_CASE("a move the hooks show to win at once is searched first", "[solver]") {
  // Root 0: every move wins (5 for the root). Moves 0 and 1 lead to inner nodes 1 and 2, whose
  // one move each reaches a leaf worth 5 to the root's side; move 2 reaches leaf 3, worth -5 to
  // its side to move. In order, move 0 cuts after its subtree of 2 nodes (3 with the root); a
  // move whose child the hooks know to lose goes first, unless move 0 is one, and that child
  // takes the hooks' answer (it is not searched below).
  const std::vector<TreeNode> tree = {{{1, 2, 3}}, {{4}}, {{5}}, {{}, -5}, {{}, 5}, {{}, 5}};
  // nodes the hooks know to lose, nodes searched
  static const struct Row {
    std::vector<int> lost;
    std::uint64_t nodes;
  } rows[] = {
      {{}, 3},     // nothing known: move 0 first, its node and leaf
      {{3}, 2},    // leaf 3 known lost: move 2 first, one leaf
      {{1, 3}, 2}, // the first move is known to win: kept first, its node decided by the hooks' answer
      {{2}, 2},    // move 1 first, its node decided by the hooks' answer
  };
  for (const Row& row : rows) {
    CAPTURE(row.lost);
    Table table(TableSize::from_entries(64));
    Searcher<PassAfterFirstMove, Table, KnownLosses> searcher(table, KnownLosses{row.lost});
    PassAfterFirstMove g(tree, 0);
    CHECK(searcher.solve(g, -1, 1) == 5);
    CHECK(searcher.nodes() == row.nodes);
  }
}

namespace {

// Knows which nodes win for their side to move, as the packing knows some positions, and counts
// how it was asked about the others.
struct KnownWins {
  std::vector<int> won; // node ids
  int decided = 0;      // decide() calls
  int decided_unless_won = 0;
  std::optional<Decision> decide(const PassAfterFirstMove&, int, Score, Score) {
    ++decided;
    return std::nullopt;
  }
  bool tells_losses() const { return true; }
  std::optional<Decision> won_after(const PassAfterFirstMove& g, std::uint8_t m) const {
    const std::uint64_t key = g.key_after(m);
    if (std::none_of(won.begin(), won.end(), [&](int id) { return TreeGame::key_of(id) == key; }))
      return std::nullopt;
    return Decision{5, Bound::EXACT, false};
  }
  std::optional<Decision> decide_unless_won(const PassAfterFirstMove&, int, Score, Score) {
    ++decided_unless_won;
    return std::nullopt;
  }
};
static_assert(CheapLosses<KnownWins, PassAfterFirstMove>);

} // namespace

TEST_CASE("the screen drops the moves the hooks show to lose, and its survivors skip that test", "[solver]") {
  // Root 0: every move loses (-5 for the root). Moves 0, 1, 2 lead to inner nodes 1, 2, 3, whose
  // one move each reaches a leaf worth -5 to the root's side. The root, expected to cut, searches
  // move 0 first; then the screen drops the moves whose child the hooks know to win, and the
  // children searched after it are asked decide_unless_won instead of decide. Node 1 also
  // screens its one move (the leaf is not known), which the leaf never asks about.
  const std::vector<TreeNode> tree = {{{1, 2, 3}}, {{4}}, {{5}}, {{6}}, {{}, -5}, {{}, -5}, {{}, -5}};
  // nodes the hooks know to win, nodes searched, decide() calls, decide_unless_won() calls
  static const struct Row {
    std::vector<int> won;
    std::uint64_t nodes;
    int decided, decided_unless_won;
  } rows[] = {
      {{}, 7, 2, 2},     // nothing known: every child and leaf searched; nodes 2 and 3 screened
      {{2, 3}, 3, 2, 0}, // moves 1 and 2 dropped: the root, node 1 and its leaf
      {{3}, 5, 2, 1},    // move 2 dropped
      {{1}, 7, 2, 2},    // the first move goes before the screen: searched all the same
  };
  for (const Row& row : rows) {
    CAPTURE(row.won);
    Table table(TableSize::from_entries(64));
    Searcher<PassAfterFirstMove, Table, KnownWins> searcher(table, KnownWins{row.won});
    PassAfterFirstMove g(tree, 0);
    CHECK(searcher.solve(g, -INF, INF) == -5);
    CHECK(searcher.nodes() == row.nodes);
    CHECK(searcher.hooks().decided == row.decided);
    CHECK(searcher.hooks().decided_unless_won == row.decided_unless_won);
  }
}

TEST_CASE("a profile counts every node once, by ply, with the nodes spent before a cut", "[solver]") {
  // Root 0: move 0 to node 1, whose first move (to leaf 3, worth -5 to its side to move) cuts at
  // once, so move 0 is worth -5 to the root and does not cut; move 1 to leaf 2 (-5 for its side
  // to move, 5 for the root) cuts. The root cuts at its second child, after the 2 nodes of the
  // first (nodes 1 and 3). Leaf 4 is never reached.
  const std::vector<TreeNode> late_cut = {{{1, 2}}, {{3, 4}}, {{}, -5}, {{}, -5}, {{}, -5}};
  // ply, nodes, stopped, settled by the table, decided, expanded, cut, cut at the first child,
  // before the cut
  static const PlyProfile fresh[] = {{1, 0, 0, 0, 1, 1, 0, 2}, {2, 0, 0, 1, 1, 1, 1, 0}, {1, 0, 0, 1, 0, 0, 0, 0}};
  static const PlyProfile again[] = {{1, 0, 1, 0, 0, 0, 0, 0}};
  Table table(TableSize::from_entries(64));
  Searcher<TreeGame, Table> searcher(table);
  TreeProfile profile;
  searcher.set_profile(&profile);
  TreeGame g(late_cut, 0);
  CHECK(searcher.solve(g, -1, 1) == 5);
  for (std::size_t ply = 0; ply < std::size(fresh); ++ply) {
    CAPTURE(ply);
    CHECK(profile.plies()[ply] == fresh[ply]);
  }
  CHECK(profile.total().nodes == searcher.nodes());
  // The same search again: the table settles the root.
  profile.clear();
  searcher.reset_counters();
  CHECK(searcher.solve(g, -1, 1) == 5);
  CHECK(profile.plies()[0] == again[0]);
  CHECK(profile.total() == again[0]);
  // Without a profile nothing is counted, and the search is the same.
  TreeProfile unused;
  Table other(TableSize::from_entries(64));
  Searcher<TreeGame, Table> plain(other);
  CHECK(plain.solve(g, -1, 1) == 5);
  CHECK(plain.nodes() == 4);
  CHECK(unused.total() == PlyProfile{});
}

TEST_CASE("every table gives minimax's value and fail-soft bounds on random graphs", "[solver]") {
  // Property rows: random layered graphs with transpositions (seeds 1..40), every window from a
  // fixed list, four tables. Fail-soft: a result r at or below alpha bounds the true value v
  // from above, at or above beta from below, and inside the window equals it.
  constexpr int LAYERS = 7, WIDTH = 12;
  const Score windows[][2] = {{-INF, INF}, {-5, 5}, {0, 1}, {-1, 0}, {10, 20}, {-30, -10}, {3, 4}, {-100, 100}};
  for (unsigned seed = 1; seed <= 40; ++seed) {
    std::mt19937 rng(seed);
    std::vector<TreeNode> nodes(1 + std::size_t(LAYERS) * WIDTH);
    for (int layer = 0; layer < LAYERS; ++layer) {
      const int first = layer == 0 ? 0 : 1 + (layer - 1) * WIDTH, count = layer == 0 ? 1 : WIDTH;
      for (int i = first; i < first + count; ++i) {
        const int children = 1 + int(rng() % 4);
        for (int c = 0; c < children; ++c) {
          const int target = 1 + layer * WIDTH + int(rng() % WIDTH);
          if (layer + 1 < LAYERS && std::find(nodes[std::size_t(i)].children.begin(), nodes[std::size_t(i)].children.end(), target) ==
                                        nodes[std::size_t(i)].children.end())
            nodes[std::size_t(i)].children.push_back(target);
        }
      }
    }
    for (auto& n : nodes)
      if (n.children.empty()) {
        n.value = Score(rng() % 61) - 30;
        n.lost = rng() % 5 == 0;
      }
    TreeGame g(nodes, 0);
    std::uint64_t minimax_nodes = 0;
    const Score truth = minimax(g, 0, minimax_nodes);
    for (const auto& w : windows) {
      CAPTURE(seed, w[0], w[1]);
      const auto check = [&](Score r) {
        if (r <= w[0])
          CHECK(truth <= r);
        else if (r >= w[1])
          CHECK(truth >= r);
        else
          CHECK(truth == r);
      };
      Searcher<TreeGame> plain;
      check(plain.search(g, LAYERS, w[0], w[1]));
      UnboundedTable unbounded;
      Searcher<TreeGame, UnboundedTable> with_map(unbounded);
      check(with_map.search(g, LAYERS, w[0], w[1]));
      check(with_map.search(g, LAYERS, w[0], w[1])); // again, from the filled table
      SharedTable<Aging> tiny(TableSize::from_entries(8));
      Searcher<TreeGame, SharedTable<Aging>> with_tiny(tiny);
      check(with_tiny.search(g, LAYERS, w[0], w[1]));
      check(with_tiny.search(g, LAYERS, w[0], w[1]));
      SharedTable<Aging> tiny_to_end(TableSize::from_entries(8));
      Searcher<TreeGame, SharedTable<Aging>> to_end(tiny_to_end);
      check(to_end.solve(g, w[0], w[1]));
      check(to_end.solve(g, w[0], w[1]));
      ArticleTable<TwoTier, 2> two(TableSize::from_entries(16));
      Searcher<TreeGame, ArticleTable<TwoTier, 2>> with_two(two);
      check(with_two.solve(g, w[0], w[1]));
    }
  }
}
