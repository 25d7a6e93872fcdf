#include "cache/cache.h"
#include "cache/clock.h"

#include "support.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <random>
#include <span>
#include <string>
#include <vector>

using cache::Cache;
using cache::ClockPolicy;
using cache::Key;
using test_support::hits;
using test_support::letters;

namespace {

// CLOCK written as the second-chance FIFO it amounts to (the circle read from the hand onwards is
// this queue): a hit sets the entry's bit; to evict, an entry at the old end with its bit set
// loses the bit and moves to the new end, and the first one without it leaves; the newcomer joins
// at the new end with its bit clear.
std::string reference_clock(std::size_t capacity, std::span<const Key> trace) {
  struct Entry {
    Key key;
    bool referenced;
  };
  std::deque<Entry> queue; // front: where the hand points
  std::string out;
  for (const Key k : trace) {
    auto it = std::find_if(queue.begin(), queue.end(), [&](const Entry& e) { return e.key == k; });
    if (it != queue.end()) {
      it->referenced = true;
      out += 'h';
      continue;
    }
    out += 'm';
    if (queue.size() == capacity) {
      while (queue.front().referenced) {
        queue.push_back({queue.front().key, false});
        queue.pop_front();
      }
      queue.pop_front();
    }
    queue.push_back({k, false});
  }
  return out;
}

} // namespace

TEST_CASE("CLOCK on hand-worked traces", "[cache]") {
  // capacity, trace, expected hit (h) / miss (m) per lookup; hand calculation, places 0 1 2 with
  // 1 = bit set, ^ = the hand:
  //   abccbadaedfd, 3:
  //      1-3  a b c fill the places: [^a0 b0 c0]
  //      4-6  c b a hit: [^a1 b1 c1]
  //      7    d: the hand clears a, b and c and comes round to a: evicts a (the most recently
  //           used: with every bit set CLOCK is FIFO); d takes place 0: [d0 ^b0 c0]
  //      8    a misses (LRU would hit: it evicted c at 7); evicts b: [d0 a0 ^c0]
  //      9    e evicts c: [^d0 a0 e0]
  //      10   d hits: [^d1 a0 e0]
  //      11   f: the hand clears d (its second chance) and evicts a: [d0 f0 ^e0]
  //      12   d hits (FIFO would have evicted d at 11 and missed)
  //    A hand left on the replaced place would evict d at 8 and miss at 10; newcomers with their
  //    bit set would let d, a and e all survive one pass at 11, evicting d and missing at 12.
  //   abcadbeac, 3 (SIEVE's trace in sieve_test.cpp):
  //      a b c [^a0 b0 c0] | a hits [^a1 b0 c0] | d: a loses its bit, b leaves: [a0 d0 ^c0] |
  //      b evicts c: [^a0 d0 b0] | e evicts a: [e0 ^d0 b0] | a evicts d | c evicts b.
  //      No hit after the fourth lookup. SIEVE keeps a and hits at the eighth: its hand leaves a
  //      in place and moves on to newer entries, while CLOCK's second chance puts a just behind
  //      c, so the hand comes back to it at the seventh.
  static const struct Row {
    std::size_t capacity;
    const char* trace;
    const char* expected;
  } rows[] = {
      {3, "abccbadaedfd", "mmmhhhmmmhmh"},
      {3, "abcadbeac", "mmmhmmmmm"},
  };
  for (const Row& row : rows) {
    CAPTURE(row.capacity, row.trace);
    Cache<ClockPolicy> c(row.capacity);
    CHECK(hits(c, letters(row.trace)) == row.expected);
  }
}

TEST_CASE("CLOCK agrees with a brute-force reference on seeded random traces", "[cache]") {
  // capacity, universe of keys, seed; reference: reference_clock above. Halfway through, the cache
  // is copied and the copy must carry on exactly as the original.
  static const struct Row {
    std::size_t capacity;
    std::size_t universe;
    std::uint64_t seed;
  } rows[] = {{1, 4, 1}, {2, 6, 2}, {3, 10, 3}, {4, 12, 4}, {5, 16, 5}, {8, 40, 6}, {13, 30, 7}, {16, 50, 8}, {33, 100, 9}};
  for (const Row& row : rows) {
    CAPTURE(row.capacity, row.universe, row.seed);
    const std::vector<Key> trace = test_support::repeating_skewed_trace(3000, row.universe, row.seed);
    const std::span<const Key> first = std::span<const Key>(trace).first(1500), rest = std::span<const Key>(trace).subspan(1500);
    Cache<ClockPolicy> c(row.capacity);
    const std::string before = hits(c, first);
    const std::string after = test_support::hits_checking_copy(c, rest);
    CHECK(before + after == reference_clock(row.capacity, trace));
  }
}
