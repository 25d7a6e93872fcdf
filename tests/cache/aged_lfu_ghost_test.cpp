#include "cache/aged_lfu.h"
#include "cache/aged_lfu_ghost.h"
#include "cache/cache.h"
#include "support/synthetic_traces.h"

#include "support.h"

#include <catch2/catch.hpp>

using cache::AgedLfuGhostPolicy;
using cache::AgedLfuPolicy;
using cache::Ageing;
using cache::Cache;
using test_support::hits;
using test_support::letters;

TEST_CASE("aged LFU with ghosts on a hand-worked trace, against plain aged LFU", "[cache]") {
  // trace aabcbca, capacity 2, never halved; hand calculation:
  //   plain: a1 a2 | b1 | c evicts b1 | b evicts c1 | c evicts b1 | a hits          mhmmmmh
  //   ghost: a1 a2 | b1 | c evicts b1 (ghost b:1) | b evicts c1 (ghost c:1), comes back at 2 |
  //          c: a2 and b2 tie, a is older: evicts a (ghost a:2), c comes back at 2 |
  //          a: b2 and c2 tie, b is older: evicts b, a comes back at 3                mhmmmmm
  // The returning keys keep their standing, which here costs the last hit: the mechanism, not
  // a claim that it always wins (the experiments measure that).
  const auto trace = letters("aabcbca");
  Cache<AgedLfuPolicy> plain(2, AgedLfuPolicy(AgedLfuPolicy::NEVER));
  Cache<AgedLfuGhostPolicy> ghost(2, AgedLfuGhostPolicy(AgedLfuGhostPolicy::NEVER));
  CHECK(hits(plain, trace) == "mhmmmmh");
  CHECK(hits(ghost, trace) == "mhmmmmm");
}

TEST_CASE("aged LFU with ghosts, with and without dynamic ageing, agrees with a brute-force reference", "[cache]") {
  // capacity, universe, half-life (0: never), seed; reference: test_support::reference_lfu with
  // `capacity` ghosts, whose counts are halved with the resident ones (and with dynamic ageing, K =
  // L + F), on a Zipf trace and a sliding window
  static const struct Row {
    std::size_t capacity;
    std::size_t universe;
    std::uint64_t half_life;
    std::uint64_t seed;
  } rows[] = {{1, 4, 1, 1},    {2, 5, 2, 2},    {3, 10, 3, 3},      {5, 12, 7, 4},     {8, 40, 16, 5},
              {16, 30, 50, 6}, {33, 100, 8, 7}, {40, 200, 1000, 8}, {10, 300, 200, 9}, {20, 80, 0, 10}};
  for (const Row& row : rows) {
    CAPTURE(row.capacity, row.universe, row.half_life, row.seed);
    for (const auto& trace :
         {support::zipf_trace(4000, row.universe, 0.8, row.seed), test_support::sliding_window_trace(4000, row.universe, 500, row.seed)})
      for (const Ageing ageing : {Ageing::halving, Ageing::dynamic}) {
        CAPTURE(ageing == Ageing::dynamic);
        Cache<AgedLfuGhostPolicy> c(row.capacity, AgedLfuGhostPolicy(row.half_life ? row.half_life : AgedLfuGhostPolicy::NEVER, ageing));
        CHECK(hits(c, trace) == test_support::reference_lfu(row.capacity, trace, row.half_life, row.capacity, ageing == Ageing::dynamic));
      }
  }
}

TEST_CASE("aged LFU with ghosts: a key evicted longer ago than the ghost list reaches starts at one", "[cache]") {
  // capacity 1, so the ghost list holds one key: a is evicted by b, then b by c; a's ghost has
  // been overwritten by b's, so a comes back at count 1, exactly as in plain aged LFU.
  const auto trace = letters("aaabca");
  Cache<AgedLfuGhostPolicy> ghost(1, AgedLfuGhostPolicy(AgedLfuGhostPolicy::NEVER));
  CHECK(hits(ghost, trace) == "mhhmmm");
  CHECK(test_support::reference_lfu(1, trace, 0, 1) == "mhhmmm");
}

TEST_CASE("aged LFU with ghosts and dynamic ageing on a hand-worked trace", "[cache]") {
  // trace aaabcbda, capacity 2, never halved. With dynamic ageing, K = L + F:
  //   a K1, a K2, a K3 | b K1 | c: evicts b (K1): L = 1, ghost b:1; c K = 1 + 1 = 2
  //   b: evicts c (K2 < a's K3): L = 2, ghost c:1; b returns with F = 1 + 1 = 2, K = 2 + 2 = 4
  //   d: evicts a (K3 < b's K4): L = 3, ghost a:3; d K = 3 + 1 = 4
  //   a: b and d tie at K4, b is older: evicts b, L = 4; a returns, F = 1 + 3, K = 8   mhhmmmmm
  // Without it the counts alone rank: c evicts b (1), b evicts c (1) and returns at 2, d evicts
  // b (2 < a's 3) and enters at 1, so a, never overtaken, is still there at the end: mhhmmmmh.
  // Dynamic ageing lets the recent b and d outrank a's old count, which here costs the last hit.
  const auto trace = letters("aaabcbda");
  Cache<AgedLfuGhostPolicy> dynamic(2, AgedLfuGhostPolicy(AgedLfuGhostPolicy::NEVER, Ageing::dynamic));
  Cache<AgedLfuGhostPolicy> halving(2, AgedLfuGhostPolicy(AgedLfuGhostPolicy::NEVER));
  CHECK(hits(dynamic, trace) == "mhhmmmmm");
  CHECK(hits(halving, trace) == "mhhmmmmh");
  CHECK(dynamic.policy().inflation() == 4);
  CHECK(halving.policy().inflation() == 0);
}
