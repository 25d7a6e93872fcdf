// Sharing one table between TBB tasks. Run this file under TSan (cmake --preset tsan): the table
// is meant to be racy only through relaxed atomics, so TSan must stay silent.
//
// TBB's scheduler lives in libtbb, which a TSan build does not instrument, so TSan cannot see that
// a task starts after the code that spawned it, nor that wait() returns after the task ends, and
// it reports every such handoff as a race (the cgt tests show the same reports). Two annotations
// state exactly those edges, with one sync object each way, so tasks stay unordered among
// themselves and races between them are still reported; and reports whose racing access lies in
// TBB's own headers (its partitioner and task objects, synchronised inside libtbb) are suppressed.
#include "solver/search.h"
#include "solver/tictactoe.h"
#include "solver/tt.h"

#include <catch2/catch.hpp>

#include <tbb/parallel_for.h>
#include <tbb/task_group.h>

#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <set>
#include <vector>

using namespace solver;

#if defined(__SANITIZE_THREAD__)
extern "C" void __tsan_acquire(void* addr);
extern "C" void __tsan_release(void* addr);
// Races inside TBB's headers: the racing access itself (race_top), or TBB's tree of split ranges,
// whose reference counts and stolen flags are atomics TBB constructs and uses on different threads.
extern "C" const char* __tsan_default_suppressions() {
  return "race_top:/oneapi/tbb/\n"
         "race:tbb::detail::d1::fold_tree\n"
         "race:check_being_stolen\n";
}
#endif

namespace {

// The handoff edges TBB provides but TSan cannot see (no-ops outside TSan builds). A task must
// acquire before it reads anything its spawner wrote, and that includes its own closure, which
// TBB copies after the spawner's release; so task bodies capture nothing and find their work
// through `body`, set before the release.
struct Handoff {
  [[maybe_unused]] static inline char spawned = 0, finished = 0;
  static inline const std::function<void(int)>* body = nullptr;
  static inline std::atomic<int> next{0}; // task_group: the index the next task takes
#if defined(__SANITIZE_THREAD__)
  static void before_tasks() { __tsan_release(&spawned); }
  static void task_begins() { __tsan_acquire(&spawned); }
  static void task_ends() { __tsan_release(&finished); }
  static void after_wait() { __tsan_acquire(&finished); }
#else
  static void before_tasks() {}
  static void task_begins() {}
  static void task_ends() {}
  static void after_wait() {}
#endif
  static void run(int i) {
    task_begins();
    (*body)(i);
    task_ends();
  }
};

// Runs f(i) for i in [0, n) as the tasks of a TBB parallel_for.
template <class F>
void parallel_tasks(int n, F&& f) {
  const std::function<void(int)> body(std::forward<F>(f));
  Handoff::body = &body;
  Handoff::before_tasks();
  tbb::parallel_for(0, n, [](int i) { Handoff::run(i); });
  Handoff::after_wait();
}

// Runs f(i) for i in [0, n) as n tasks of `group`, which f may cancel; then waits.
template <class F>
void group_tasks(tbb::task_group& group, int n, F&& f) {
  const std::function<void(int)> body(std::forward<F>(f));
  Handoff::body = &body;
  Handoff::next = 0;
  Handoff::before_tasks();
  for (int k = 0; k < n; ++k)
    group.run([] { Handoff::run(Handoff::next++); });
  group.wait();
  Handoff::after_wait();
}

// Each key's entry is a function of the key, so any hit whose data is not expected(key) was
// torn, or belongs to another key that passed verification.
TTData expected(std::uint64_t k, std::uint32_t move_codes, int depth_max, Score score_max) {
  return {Score((k >> 20) % std::uint64_t(2 * score_max + 1)) - score_max, int((k >> 40) % std::uint64_t(depth_max + 1)),
          Bound(1 + (k >> 50) % 3), std::uint32_t((k >> 8) % move_codes), 0};
}

std::uint64_t mix(std::uint64_t z) {
  z = (z ^ (z >> 30)) * 0xBF58'476D'1CE4'E5B9u;
  z = (z ^ (z >> 27)) * 0x94D0'49BB'1331'11EBu;
  return z ^ (z >> 31);
}

// Keys whose verification bits (as the table's index policy takes them) are all different, so a
// false match between them is impossible and every wrong hit is a torn entry.
template <class Table, class Index>
std::vector<std::uint64_t> distinct_keys(std::size_t n) {
  std::vector<std::uint64_t> out;
  std::set<std::uint64_t> checks;
  for (std::uint64_t i = 1; out.size() < n; ++i) {
    const std::uint64_t k = mix(i * 0x9E37'79B9'7F4A'7C15u);
    if (checks.insert(Index::template check_bits<Table::KEY_BITS>(k)).second)
      out.push_back(k);
  }
  return out;
}

template <class Table, class Index>
void stress(std::size_t entries) {
  constexpr int TASKS = 8;
  constexpr int OPS = 250'000;
  Table table(TableSize::from_entries(entries));
  const auto ks = distinct_keys<Table, Index>(4096);
  std::atomic<std::uint64_t> hits{0}, wrong{0}, stores{0};
  parallel_tasks(TASKS, [&](int task) {
    std::uint64_t state = std::uint64_t(task) + 1, my_hits = 0, my_wrong = 0, my_stores = 0;
    for (int op = 0; op < OPS; ++op) {
      state = mix(state + 0x9E37'79B9'7F4A'7C15u);
      const std::uint64_t k = ks[state % ks.size()];
      const TTData want = expected(k, Table::MOVE_CODES, Table::DEPTH_MAX, Table::SCORE_MAX);
      if (state >> 63) {
        table.store(k, want.depth, want.score, want.bound, want.move);
        ++my_stores;
      } else if (const auto [hit, data, writer] = table.probe(k); hit) {
        ++my_hits;
        my_wrong += !(data == want);
      }
    }
    hits += my_hits;
    wrong += my_wrong;
    stores += my_stores;
  });
  CHECK(stores > 0);
  CHECK(hits > 0);
  CHECK(wrong == 0);
}

} // namespace

TEST_CASE("tasks storing and probing one small table never accept a torn entry", "[solver][threads]") {
  // table, entries (8 buckets or slots: every bucket is fought over)
  SECTION("8-way buckets, 32 verification bits") { stress<SharedTable<Aging>, MulHiIndex>(64); }
  SECTION("8-way buckets, 16 verification bits") { stress<TranspositionTable<AlwaysReplace, Key16Layout, MulHiIndex, 8>, MulHiIndex>(64); }
  SECTION("the article's two-slot buckets, low-bit index") { stress<ArticleTable<TwoTier, 2>, LowBitsIndex>(16); }
}

TEST_CASE("lazy SMP: searchers sharing one table agree on the root value", "[solver][threads]") {
  // table entries; tiny tables make the searchers overwrite each other constantly.
  for (const std::size_t entries : {std::size_t{64}, std::size_t{1} << 16}) {
    CAPTURE(entries);
    SharedTable<Aging> table(TableSize::from_entries(entries));
    constexpr int THREADS = 4;
    std::array<Score, THREADS> values{};
    std::array<std::uint64_t, THREADS> nodes{};
    parallel_tasks(THREADS, [&](int t) {
      TicTacToe g;
      Searcher<TicTacToe, SharedTable<Aging>> searcher(table);
      values[std::size_t(t)] = searcher.search(g, g.empty_squares());
      nodes[std::size_t(t)] = searcher.nodes(); // per-thread counters, summed by the driver
    });
    for (int t = 0; t < THREADS; ++t) {
      CHECK(values[std::size_t(t)] == 0);
      CHECK(nodes[std::size_t(t)] > 0);
    }
  }
}

TEST_CASE("root split: one task per first move, cancelled through the shared stop flag", "[solver][threads]") {
  SharedTable<Aging> table(TableSize::from_entries(std::size_t{1} << 12));
  const TicTacToe root;
  // value of each first move for X; all 9 are draws (the article's nine first moves).
  const auto split = [&](bool cancel_after_first) {
    std::atomic<bool> stop{false};
    std::array<std::optional<Score>, 9> values{};
    tbb::task_group group;
    const MoveList<TicTacToe> moves(root);
    group_tasks(group, int(moves.size()), [&](int i) {
      const TicTacToe::Move m = moves.begin()[i];
      TicTacToe g = root;
      g.make(m);
      Searcher<TicTacToe, SharedTable<Aging>> searcher(table);
      searcher.set_stop_flag(&stop);
      const Score v = -searcher.search(g, g.empty_squares(), -INFINITE_SCORE, INFINITE_SCORE, 1);
      if (!searcher.aborted())
        values[m] = v;
      if (cancel_after_first) {
        stop = true;
        group.cancel();
      }
    });
    return values;
  };
  for (const auto& v : split(false)) {
    REQUIRE(v.has_value());
    CHECK(*v == 0);
  }
  int finished = 0;
  for (const auto& v : split(true))
    if (v) {
      ++finished;
      CHECK(*v == 0);
    }
  CHECK(finished >= 1);
  // Aborted searches stored nothing wrong: the table still gives the true values.
  for (const auto& v : split(false))
    CHECK(v == std::optional<Score>(0));
}
