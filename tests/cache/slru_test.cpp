#include "cache/cache.h"
#include "cache/slru.h"

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
using cache::SlruPolicy;
using test_support::hits;
using test_support::letters;

namespace {

// SLRU on two vectors, most recent first; protected holds at most 8/10 of the capacity.
std::string reference_slru(std::size_t capacity, std::span<const Key> trace) {
  const std::size_t limit = 8 * capacity / 10;
  std::vector<Key> probationary, protect;
  const auto find = [](std::vector<Key>& v, Key k) { return std::find(v.begin(), v.end(), k); };
  std::string out;
  for (const Key k : trace) {
    if (auto it = find(protect, k); it != protect.end()) {
      protect.erase(it);
      protect.insert(protect.begin(), k);
      out += 'h';
    } else if (auto jt = find(probationary, k); jt != probationary.end()) {
      probationary.erase(jt);
      protect.insert(protect.begin(), k);
      if (protect.size() > limit) {
        probationary.insert(probationary.begin(), protect.back());
        protect.pop_back();
      }
      out += 'h';
    } else {
      if (probationary.size() + protect.size() == capacity)
        (probationary.empty() ? protect : probationary).pop_back();
      probationary.insert(probationary.begin(), k);
      out += 'm';
    }
  }
  return out;
}

} // namespace

TEST_CASE("SLRU keeps 80% of the capacity for the protected segment", "[cache]") {
  // capacity, protected limit = floor(0.8 * capacity), by hand
  static const struct Row {
    std::size_t capacity;
    std::size_t limit;
  } rows[] = {{1, 0}, {2, 1}, {3, 2}, {4, 3}, {5, 4}, {9, 7}, {10, 8}, {33, 26}};
  for (const Row& row : rows) {
    CAPTURE(row.capacity);
    CHECK(SlruPolicy::protected_capacity(row.capacity) == row.limit);
  }
}

TEST_CASE("SLRU on hand-worked traces", "[cache]") {
  // capacity, trace, expected hit (h) / miss (m) per lookup, segment sizes at the end; hand
  // calculation, each segment most recent first, probationary | protected:
  //   ababcdeab, 3 (protected limit 2): promotion and scan resistance
  //      a b       [b a | ]
  //      a b hit   promoted: [b | a] then [ | b a]
  //      c         [c | b a], the cache is full
  //      d e       each evicts probationary's LRU (c, then d): [e | b a]
  //      a b hit   (LRU would have lost both to the scan c d e: mmhhmmmmm)
  //   abcabcadbc, 3 (protected limit 2): demotion
  //      a b c     [c b a | ]
  //      a b hit   [c | b a]
  //      c hit     protected would hold 3: its LRU a is demoted to probationary: [a | c b]
  //      a hit     a demoted is still resident; promoted again, b is demoted: [b | a c]
  //      d         evicts b, probationary's only entry: [d | a c]
  //      b         evicts d: [b | a c]
  //      c hit     (LRU would have evicted c for b and missed: mmmhhhhmmm)
  //   abcdeabcdfghabcd, 5 (protected limit 4): a b c d promoted, e stays probationary; the scan
  //      f g h churns probationary only (f evicts e, g evicts f, h evicts g): [h | d c b a], and
  //      a b c d hit again. LRU would have evicted e, a and b for the scan and missed all four.
  static const struct Row {
    std::size_t capacity;
    const char* trace;
    const char* expected;
    std::size_t probationary, protect;
  } rows[] = {
      {3, "ababcdeab", "mmhhmmmhh", 1, 2},
      {3, "abcabcadbc", "mmmhhhhmmh", 1, 2},
      {5, "abcdeabcdfghabcd", "mmmmmhhhhmmmhhhh", 1, 4},
  };
  for (const Row& row : rows) {
    CAPTURE(row.capacity, row.trace);
    Cache<SlruPolicy> c(row.capacity);
    CHECK(hits(c, letters(row.trace)) == row.expected);
    CHECK(c.policy().probationary_size() == row.probationary);
    CHECK(c.policy().protected_size() == row.protect);
  }
}

TEST_CASE("SLRU agrees with a brute-force reference on seeded random traces", "[cache]") {
  // capacity, universe of keys, seed; reference: reference_slru above. Halfway through, the cache
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
    Cache<SlruPolicy> c(row.capacity);
    const std::string before = hits(c, first);
    const std::string after = test_support::hits_checking_copy(c, rest);
    CHECK(before + after == reference_slru(row.capacity, trace));
    CHECK(c.policy().protected_size() <= SlruPolicy::protected_capacity(row.capacity));
  }
}
