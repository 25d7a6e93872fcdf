#include "cache/cache.h"
#include "cache/lru.h"
#include "cache/s3_fifo.h"

#include "support.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <random>
#include <span>
#include <string>
#include <vector>

using cache::Cache;
using cache::Key;
using cache::S3FifoPolicy;
using test_support::hits;
using test_support::letters;

namespace {

// S3-FIFO as the paper's Algorithm 1 reads, on vectors ordered tail (index 0) to head, with one
// eviction per miss: S is examined first when it holds at least `small_size` entries, its tail
// moving to M (count cleared) with `threshold` hits or more and otherwise leaving into G; if S
// runs out, or held fewer, M's tail is reinserted with its count lowered while that is above 0
// and otherwise leaves. A newcomer that is in G goes to M, else to S.
std::string reference_s3fifo(std::size_t capacity, std::size_t small_size, std::size_t ghost_size, int threshold,
                             std::span<const Key> trace) {
  struct Entry {
    Key key;
    int freq;
  };
  std::vector<Entry> small, main;
  std::vector<Key> ghost; // index 0: oldest
  std::string out;
  for (const Key k : trace) {
    bool hit = false;
    for (std::vector<Entry>* queue : {&small, &main})
      for (Entry& e : *queue)
        if (e.key == k) {
          e.freq = std::min(e.freq + 1, 3);
          hit = true;
        }
    out += hit ? 'h' : 'm';
    if (hit)
      continue;
    const auto g = std::find(ghost.begin(), ghost.end(), k);
    const bool was_ghost = g != ghost.end();
    if (was_ghost)
      ghost.erase(g);
    if (small.size() + main.size() == capacity) {
      bool evicted = false;
      if (small.size() >= small_size) {
        while (!evicted && !small.empty()) {
          const Entry t = small.front();
          small.erase(small.begin());
          if (t.freq >= threshold) {
            main.push_back({t.key, 0});
          } else {
            ghost.push_back(t.key);
            if (ghost.size() > ghost_size)
              ghost.erase(ghost.begin());
            evicted = true;
          }
        }
      }
      while (!evicted) {
        const Entry t = main.front();
        main.erase(main.begin());
        if (t.freq > 0)
          main.push_back({t.key, t.freq - 1});
        else
          evicted = true;
      }
    }
    (was_ghost ? main : small).push_back({k, 0});
  }
  return out;
}

} // namespace

TEST_CASE("S3-FIFO on a hand-worked trace", "[cache]") {
  // capacity 4, S of 1, G of 3 keys, the paper's threshold (2 hits in S to move to M). Queues
  // tail first, counts after a colon where not 0:
  //   a b c d: S [a b c d], the cache is full, M [] | a a: hits, a:2 |
  //   e: |S| = 4 >= 1, evict from S: a:2 moves to M (count cleared), b:0 leaves, G [b];
  //      S [c d e], M [a] |
  //   b: a ghost, taken from G; S's tail c leaves, G [c]; b goes to M: S [d e], M [a b] |
  //   c: a ghost; d leaves, G [d]; S [e], M [a b c] |
  //   f: the one-hit wonder e leaves through S, G [d e]; S [f] |  a: hit, a:1 |
  //   e: a ghost, G [d]; f leaves, G [d f]; e to M: S [], M [a b c e] |
  //   g: |S| = 0 < 1, evict from M: a:1 goes back to M's head as a:0, then b:0 leaves (M's
  //      evictions leave no ghost); S [g], M [c e a] |  a: hit, a:1 |
  //   b: not a ghost any more: g leaves through S, G [d f g]; S [b]
  Cache<S3FifoPolicy> c(4, S3FifoPolicy(1, 3));
  CHECK(hits(c, letters("abcdaaebcfaegab")) == "mmmmhhmmmmhmmhm");
  const S3FifoPolicy& p = c.policy();
  CHECK(p.small_size() == 1);
  CHECK(p.main_size() == 3);
  CHECK(p.ghost_size() == 3);
  for (const Key k : letters("dfg"))
    CHECK(p.is_ghost(k));
  CHECK(p.freq(c.slot_of(letters("a")[0])) == 1);
  CHECK(hits(c, letters("a")) == "h");
}

TEST_CASE("S3-FIFO moves an entry from S to M on its second hit, as in the SOSP paper", "[cache]") {
  // capacity 2, S of 1, G of 1; trace abaca:
  //   a b: S [a b] | a: hit, a:1 | c: S's tail a has 1 hit, below the paper's 2: it leaves, G [a];
  //   S [b c] | a: a ghost, so b leaves and a goes to M: a miss.
  // With a threshold of 1 (the authors' later simulator) a:1 moves to M at c and b leaves, so the
  // last a hits.
  const auto trace = letters("abaca");
  Cache<S3FifoPolicy> paper(2, S3FifoPolicy(1, 1));
  Cache<S3FifoPolicy> one_hit(2, S3FifoPolicy(1, 1, 1));
  CHECK(hits(paper, trace) == "mmhmm");
  CHECK(hits(one_hit, trace) == "mmhmh");
}

TEST_CASE("S3-FIFO keeps its main queue through a scan of one-hit wonders", "[cache]") {
  // capacity 10, default sizes (S of 1, G of 9). Three rounds of abcde give each key 2 hits in S;
  // the 30 new keys of the scan then fill the table and the first eviction moves a to e to M
  // before the first scan key leaves; from then on |S| >= 1 at every miss, so every eviction
  // takes the oldest scan key from S and M is never touched: abcde hit again. LRU loses them.
  std::vector<Key> trace;
  for (int round = 0; round < 3; ++round)
    for (const Key k : letters("abcde"))
      trace.push_back(k);
  for (Key k = 100; k < 130; ++k)
    trace.push_back(k);
  for (const Key k : letters("abcde"))
    trace.push_back(k);
  const std::string expected = "mmmmm" + std::string(10, 'h') + std::string(30, 'm') + "hhhhh";
  Cache<S3FifoPolicy> c(10);
  CHECK(hits(c, trace) == expected);
  CHECK(c.policy().main_size() == 5);
  Cache<cache::LruPolicy> lru(10);
  CHECK(hits(lru, trace).substr(45) == "mmmmm");
}

TEST_CASE("S3-FIFO's default sizes", "[cache]") {
  // capacity, S, G: S is 10% rounded down and at least 1, G holds as many keys as M's size.
  static const struct Row {
    std::size_t capacity, small, ghost;
  } rows[] = {{1, 1, 0}, {2, 1, 1}, {10, 1, 9}, {19, 1, 18}, {20, 2, 18}, {33, 3, 30}, {40, 4, 36}};
  for (const Row& row : rows) {
    CAPTURE(row.capacity);
    Cache<S3FifoPolicy> c(row.capacity);
    CHECK(c.policy().small_target() == row.small);
    CHECK(c.policy().ghost_target() == row.ghost);
  }
}

TEST_CASE("S3-FIFO agrees with a brute-force reference on seeded random traces", "[cache]") {
  // capacity, universe, seed, and 0 for the default sizes or S, G and the threshold
  static const struct Row {
    std::size_t capacity, universe;
    std::uint64_t seed;
    std::size_t small, ghost;
    int threshold;
  } rows[] = {{1, 4, 1, 0, 0, 0},    {2, 6, 2, 0, 0, 0},   {5, 15, 3, 0, 0, 0},   {10, 30, 4, 0, 0, 0},  {16, 40, 5, 0, 0, 0},
              {20, 60, 6, 0, 0, 0},  {25, 50, 7, 0, 0, 0}, {33, 100, 8, 0, 0, 0}, {40, 120, 9, 0, 0, 0}, {10, 30, 10, 3, 5, 1},
              {12, 40, 11, 4, 2, 3}, {8, 20, 12, 1, 0, 2}, {6, 12, 13, 6, 20, 2}};
  for (const Row& row : rows) {
    CAPTURE(row.capacity, row.universe, row.seed, row.small, row.ghost, row.threshold);
    const auto trace = test_support::zipf_with_scan_trace(3000, row.universe, row.seed);
    const bool fixed = row.threshold != 0;
    Cache<S3FifoPolicy> c(row.capacity, fixed ? S3FifoPolicy(row.small, row.ghost, unsigned(row.threshold)) : S3FifoPolicy());
    const std::size_t small = fixed ? row.small : std::max<std::size_t>(1, row.capacity / 10);
    const std::size_t ghost = fixed ? row.ghost : row.capacity - small;
    const int threshold = fixed ? row.threshold : 2;
    std::string got;
    for (const Key k : trace) {
      got += c.access(k) ? 'h' : 'm';
      const S3FifoPolicy& p = c.policy();
      REQUIRE(p.small_size() + p.main_size() == c.size());
      REQUIRE(p.ghost_size() <= ghost);
    }
    CHECK(got == reference_s3fifo(row.capacity, small, ghost, threshold, trace));
    test_support::hits_checking_copy(c, test_support::zipf_with_scan_trace(500, row.universe, row.seed + 100));
  }
}
