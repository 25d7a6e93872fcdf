#include "cache/cache.h"
#include "cache/lru.h"
#include "cache/w_tinylfu.h"

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
using cache::WTinyLfuPolicy;
using test_support::hits;
using test_support::letters;

namespace {

// W-TinyLFU written out plainly: three vectors ordered LRU (index 0) to MRU, a 4-row count-min
// sketch of counters capped at 15 whose columns come from SplitMix64 (as the header defines them),
// halved with the addition count after every `sample` additions. A lookup first counts the key;
// a hit moves the entry to its segment's MRU end, from probation to protected's, whose LRU entry
// drops to probation's MRU end when protected runs over; on a miss in a full table the window's
// LRU entry leaves unless its estimate beats probation's LRU entry's, which then leaves instead;
// the newcomer enters the window, whose overflow (while the table fills) goes to probation.
std::string reference_wtinylfu(std::size_t capacity, std::size_t window_max, std::size_t protected_max, std::uint64_t sample,
                               std::span<const Key> trace) {
  std::size_t width = 64;
  while (width < 4 * capacity)
    width *= 2;
  const auto column = [&](Key key, std::uint64_t row) {
    std::uint64_t z = key + (row + 1) * 0x9e3779b97f4a7c15ULL;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return (z ^ (z >> 31)) % width;
  };
  std::vector<std::vector<int>> sketch(4, std::vector<int>(width, 0));
  std::uint64_t additions = 0;
  const auto estimate = [&](Key key) {
    int least = 15;
    for (std::uint64_t row = 0; row < 4; ++row)
      least = std::min(least, sketch[row][column(key, row)]);
    return least;
  };
  std::vector<Key> window, probation, protect;
  const auto remove = [](std::vector<Key>& v, Key k) {
    const auto it = std::find(v.begin(), v.end(), k);
    if (it == v.end())
      return false;
    v.erase(it);
    return true;
  };
  std::string out;
  for (const Key k : trace) {
    for (std::uint64_t row = 0; row < 4; ++row)
      sketch[row][column(k, row)] = std::min(sketch[row][column(k, row)] + 1, 15);
    if (++additions == sample) {
      for (auto& row : sketch)
        for (int& counter : row)
          counter /= 2;
      additions /= 2;
    }
    if (remove(window, k)) {
      window.push_back(k);
      out += 'h';
      continue;
    }
    if (remove(protect, k) || remove(probation, k)) {
      protect.push_back(k);
      if (protect.size() > protected_max) {
        probation.push_back(protect.front());
        protect.erase(protect.begin());
      }
      out += 'h';
      continue;
    }
    out += 'm';
    if (window.size() + probation.size() + protect.size() == capacity) {
      const Key candidate = window.front();
      window.erase(window.begin());
      if (window_max < capacity && estimate(candidate) > estimate(probation.front())) {
        probation.erase(probation.begin());
        probation.push_back(candidate);
      }
    }
    window.push_back(k);
    if (window.size() > window_max) {
      probation.push_back(window.front());
      window.erase(window.begin());
    }
  }
  return out;
}

} // namespace

TEST_CASE("W-TinyLFU on a hand-worked trace", "[cache]") {
  // capacity 3: window 1, protected 1, so probation 1 once protected fills; no halving (W = 30).
  // Segments MRU first, estimates (exact: these keys collide in no row) after a colon:
  //   a:1 | a:2 hits in the window | b:1: the window overflows, a to probation [a] |
  //   c:1: b to probation [b a]; the table is full |
  //   d:1: the window's c:1 meets probation's LRU a:2 and loses: c leaves, window [d] |
  //   c:2: d:1 against a:2, d leaves | e:1: c:2 against a:2, a tie: the incumbent stays, c leaves |
  //   a:3 hits in probation (LRU would have lost it to c d e): protected [a], probation [b] |
  //   c:3: e:1 against b:1, a tie, e leaves, window [c] |
  //   d:2: c:3 beats b:1: b leaves, c to probation [c], window [d] |
  //   b:2: d:2 against c:3, d leaves, window [b] |
  //   c:4 hits in probation: protected [c a] is over 1, a drops to probation [a] |
  //   a:4 hits in probation: protected [a c], c drops to probation [c].
  const auto trace = letters("aabcdceacdbca");
  Cache<WTinyLfuPolicy> c(3, WTinyLfuPolicy(1, 1));
  CHECK(hits(c, trace) == "mhmmmmmhmmmhh");
  const WTinyLfuPolicy& p = c.policy();
  CHECK(p.window_size() == 1);
  CHECK(p.probation_size() == 1);
  CHECK(p.protected_size() == 1);
  const auto key = [](char ch) { return Key(ch - 'a' + 1); };
  CHECK(p.in_window(c.slot_of(key('b'))));
  CHECK(p.in_protected(c.slot_of(key('a'))));
  CHECK(!p.in_protected(c.slot_of(key('c'))));
  CHECK(p.estimate(key('a')) == 4);
  CHECK(p.estimate(key('b')) == 2);
  CHECK(p.estimate(key('c')) == 4);
  CHECK(p.estimate(key('d')) == 2);
  CHECK(p.estimate(key('e')) == 1);
  Cache<cache::LruPolicy> lru(3);
  CHECK(hits(lru, trace) == "mhmmmhmmhmmhm");
}

TEST_CASE("W-TinyLFU's sketch saturates at 15 and halves every W additions", "[cache]") {
  // W = 8: after a x6 and b x2 the 8th addition halves: a 6 -> 3, b 2 -> 1, the count 8 -> 4.
  // Four more b: b 5 at the 8th addition, halved to 2, a to 1.
  Cache<WTinyLfuPolicy> c(4, WTinyLfuPolicy(1, 1, 8));
  const auto key = [](char ch) { return Key(ch - 'a' + 1); };
  hits(c, letters("aaaaaabb"));
  CHECK(c.policy().estimate(key('a')) == 3);
  CHECK(c.policy().estimate(key('b')) == 1);
  hits(c, letters("bbbb"));
  CHECK(c.policy().estimate(key('a')) == 1);
  CHECK(c.policy().estimate(key('b')) == 2);
  Cache<WTinyLfuPolicy> big(10); // W = 100
  for (int i = 0; i < 40; ++i)
    big.access(7);
  CHECK(big.policy().estimate(7) == 15);
  CHECK(big.policy().estimate(8) == 0);
}

TEST_CASE("W-TinyLFU's default sizes", "[cache]") {
  // capacity, window, protected, sketch width, W: the window is 1% (at least 1), protected 80% of
  // the rest rounded down and below it, the width a power of two >= 4 x capacity and >= 64.
  static const struct Row {
    std::size_t capacity, window, protect, width;
    std::uint64_t sample;
  } rows[] = {{1, 1, 0, 64, 10},     {2, 1, 0, 64, 20},     {10, 1, 7, 64, 100},
              {17, 1, 12, 128, 170}, {40, 1, 31, 256, 400}, {300, 3, 237, 2048, 3000}};
  for (const Row& row : rows) {
    CAPTURE(row.capacity);
    Cache<WTinyLfuPolicy> c(row.capacity);
    CHECK(c.policy().window_target() == row.window);
    CHECK(c.policy().protected_target() == row.protect);
    CHECK(c.policy().sketch_width() == row.width);
    CHECK(c.policy().sample_size() == row.sample);
  }
}

TEST_CASE("W-TinyLFU agrees with a brute-force reference on seeded random traces", "[cache]") {
  // capacity, universe, seed, and 0 for the default sizes or window, protected and W
  static const struct Row {
    std::size_t capacity, universe;
    std::uint64_t seed;
    std::size_t window, protect;
    std::uint64_t sample;
  } rows[] = {{1, 4, 1, 0, 0, 0},     {2, 6, 2, 0, 0, 0},   {5, 15, 3, 0, 0, 0},   {10, 30, 4, 0, 0, 0},  {16, 40, 5, 0, 0, 0},
              {20, 60, 6, 0, 0, 0},   {25, 50, 7, 0, 0, 0}, {33, 100, 8, 0, 0, 0}, {40, 120, 9, 0, 0, 0}, {10, 30, 10, 3, 4, 50},
              {12, 40, 11, 1, 10, 0}, {8, 20, 12, 8, 0, 0}, {6, 12, 13, 2, 0, 7}};
  for (const Row& row : rows) {
    CAPTURE(row.capacity, row.universe, row.seed, row.window, row.protect, row.sample);
    const auto trace = test_support::zipf_with_scan_trace(3000, row.universe, row.seed);
    const bool fixed = row.window != 0;
    Cache<WTinyLfuPolicy> c(row.capacity, fixed ? WTinyLfuPolicy(row.window, row.protect, row.sample) : WTinyLfuPolicy());
    const std::size_t window = fixed ? row.window : std::max<std::size_t>(1, row.capacity / 100);
    const std::size_t main = row.capacity - window;
    const std::size_t protect = main == 0 ? 0 : std::min(fixed ? row.protect : main * 8 / 10, main - 1);
    const std::uint64_t sample = row.sample != 0 ? row.sample : 10 * row.capacity;
    std::string got;
    for (const Key k : trace) {
      got += c.access(k) ? 'h' : 'm';
      const WTinyLfuPolicy& p = c.policy();
      REQUIRE(p.window_size() + p.probation_size() + p.protected_size() == c.size());
      REQUIRE(p.window_size() <= window);
      REQUIRE(p.protected_size() <= protect);
    }
    CHECK(got == reference_wtinylfu(row.capacity, window, protect, sample, trace));
    test_support::hits_checking_copy(c, test_support::zipf_with_scan_trace(500, row.universe, row.seed + 100));
  }
}
