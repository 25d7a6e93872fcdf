#include "cache/cache.h"
#include "cache/hyperbolic.h"
#include "cache/lfu.h"
#include "cache/lru.h"

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
using cache::HyperbolicPolicy;
using cache::Key;
using test_support::hits;
using test_support::letters;

namespace {

// Hyperbolic caching evaluated exactly, scanning every resident at each eviction: at lookup t
// (counted from 1) a resident inserted at lookup t0 with n uses has priority n / max(1, t - t0);
// evict the lowest, ties to the earliest insertion. Rates are compared by cross-multiplying, exact
// in 64 bits for traces this short.
std::string reference_hyperbolic(std::size_t capacity, std::span<const Key> trace) {
  struct Entry {
    Key key;
    std::uint64_t uses;
    std::uint64_t inserted_at;
    std::uint64_t order; // insertion order
  };
  std::vector<Entry> residents;
  std::uint64_t insertions = 0;
  std::string out;
  for (std::size_t i = 0; i < trace.size(); ++i) {
    const std::uint64_t t = i + 1;
    auto it = std::find_if(residents.begin(), residents.end(), [&](const Entry& e) { return e.key == trace[i]; });
    if (it != residents.end()) {
      ++it->uses;
      out += 'h';
      continue;
    }
    out += 'm';
    if (residents.size() == capacity) {
      const auto age = [&](const Entry& e) { return std::max<std::uint64_t>(1, t - e.inserted_at); };
      const auto victim = std::min_element(residents.begin(), residents.end(), [&](const Entry& a, const Entry& b) {
        const std::uint64_t x = a.uses * age(b), y = b.uses * age(a);
        return x != y ? x < y : a.order < b.order;
      });
      residents.erase(victim);
    }
    residents.push_back({trace[i], 1, t, insertions++});
  }
  return out;
}

} // namespace

TEST_CASE("Hyperbolic caching on hand-worked traces", "[cache]") {
  // Hand calculation; lookups t counted from 1, n / (t - t0) for each resident at an eviction:
  //   capacity 2, aaaabbbaca: a inserted at 1, used 4 times | b inserted at 5, used 3 times |
  //     a hits (n = 5) | c at t = 9: a 5/8 = 0.625, b 3/4 = 0.75: evict a, the older entry with
  //     more uses but the lower rate; LRU and LFU would both have evicted b here |
  //     a at t = 10: b 3/5 = 0.6, c 1/1: evict b.
  //     LRU gives mhhhmhhhmh (a hits at the end), and so does LFU.
  //   capacity 3, aabcdba: a at 1 (n = 2) | b at 3 | c at 4 | d at t = 5: a 2/4, b 1/2, c 1/1:
  //     a and b tie at 0.5, the earlier insertion (a) goes | b hits (n = 2) | a at t = 7:
  //     b 2/4, c 1/3, d 1/2: evict c. Ties to the newer insertion would have evicted b at d,
  //     and b would have missed.
  static const struct Row {
    std::size_t capacity;
    const char* trace;
    const char* expected;
  } rows[] = {
      {2, "aaaabbbaca", "mhhhmhhhmm"},
      {3, "aabcdba", "mhmmmhm"},
  };
  for (const Row& row : rows) {
    CAPTURE(row.capacity, row.trace);
    Cache<HyperbolicPolicy> c(row.capacity);
    CHECK(hits(c, letters(row.trace)) == row.expected);
  }

  // The first trace under LRU and LFU, for contrast.
  Cache<cache::LruPolicy> lru(2);
  CHECK(hits(lru, letters("aaaabbbaca")) == "mhhhmhhhmh");
  Cache<cache::LfuPolicy> lfu(2);
  CHECK(hits(lfu, letters("aaaabbbaca")) == "mhhhmhhhmh");
}

TEST_CASE("Hyperbolic caching counts uses and time in cache from the insertion", "[cache]") {
  Cache<HyperbolicPolicy> c(2);
  hits(c, letters("aaab")); // a inserted at lookup 1 and used 3 times, b inserted at lookup 4
  const HyperbolicPolicy& p = c.policy();
  const auto a = c.slot_of(1), b = c.slot_of(2);
  CHECK(p.uses(a) == 3);
  CHECK(p.age(a) == 3);
  CHECK(p.uses(b) == 1);
  CHECK(p.age(b) == 1); // inserted by the current lookup: at least 1
}

TEST_CASE("Hyperbolic caching agrees with a brute-force reference on seeded random traces", "[cache]") {
  // capacity, universe, seed; 3000 lookups skewed over a window that moves every 500 lookups
  static const struct Row {
    std::size_t capacity;
    std::size_t universe;
    std::uint64_t seed;
  } rows[] = {{1, 4, 11}, {2, 6, 12}, {3, 10, 13}, {5, 16, 14}, {10, 30, 15}, {16, 40, 16}, {25, 60, 17}, {40, 120, 18}};
  for (const Row& row : rows) {
    CAPTURE(row.capacity, row.universe, row.seed);
    const auto trace = test_support::sliding_window_trace(3000, row.universe, 500, row.seed);
    Cache<HyperbolicPolicy> c(row.capacity);
    CHECK(hits(c, trace) == reference_hyperbolic(row.capacity, trace));
  }
}
