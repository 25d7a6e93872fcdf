#include "cache/cache.h"
#include "cache/two_q.h"

#include "support.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <random>
#include <span>
#include <string>
#include <string_view>
#include <vector>

using cache::Cache;
using cache::Key;
using cache::TwoQPolicy;
using test_support::hits;
using test_support::letters;

namespace {

// Full 2Q as in the paper's pseudo-code, on three vectors: A1in and A1out oldest first, Am least
// recently used first. Kin = capacity / 4 and Kout = capacity / 2, rounded half up, Kin at least 1.
// A returning ghost leaves A1out before room is made for it; with nothing in Am and A1in within
// Kin (capacity 1) the room comes from A1in.
std::string reference_two_q(std::size_t capacity, std::span<const Key> trace) {
  const std::size_t kin = std::max<std::size_t>(1, (capacity + 2) / 4);
  const std::size_t kout = (capacity + 1) / 2;
  std::vector<Key> a1in, a1out, am;
  const auto find = [](std::vector<Key>& v, Key k) { return std::find(v.begin(), v.end(), k); };
  std::string out;
  for (const Key k : trace) {
    if (auto it = find(am, k); it != am.end()) {
      am.erase(it);
      am.push_back(k);
      out += 'h';
      continue;
    }
    if (find(a1in, k) != a1in.end()) {
      out += 'h';
      continue;
    }
    out += 'm';
    const auto ghost = find(a1out, k);
    const bool returning = ghost != a1out.end();
    if (returning)
      a1out.erase(ghost);
    if (a1in.size() + am.size() == capacity) {
      if (a1in.size() > kin || am.empty()) {
        a1out.push_back(a1in.front());
        a1in.erase(a1in.begin());
        if (a1out.size() > kout)
          a1out.erase(a1out.begin());
      } else {
        am.erase(am.begin());
      }
    }
    (returning ? am : a1in).push_back(k);
  }
  return out;
}

} // namespace

TEST_CASE("2Q sizes A1in at 25% and A1out at 50% of the capacity", "[cache]") {
  // capacity, Kin, Kout; by hand, rounding halves up, Kin at least 1
  static const struct Row {
    std::size_t capacity, kin, kout;
  } rows[] = {{1, 1, 1}, {2, 1, 1}, {3, 1, 2}, {4, 1, 2}, {5, 1, 3}, {6, 2, 3}, {10, 3, 5}, {33, 8, 17}};
  for (const Row& row : rows) {
    CAPTURE(row.capacity);
    CHECK(TwoQPolicy::kin(row.capacity) == row.kin);
    CHECK(TwoQPolicy::kout(row.capacity) == row.kout);
    Cache<TwoQPolicy> c(row.capacity);
    CHECK(c.policy().kin_limit() == row.kin);
    CHECK(c.policy().kout_limit() == row.kout);
  }
}

TEST_CASE("2Q on hand-worked traces", "[cache]") {
  // capacity, trace, expected hit (h) / miss (m) per lookup, |A1in|, |Am|, |A1out| at the end;
  // hand calculation, every queue newest (A1in, A1out) or most recent (Am) first:
  //   aabcdeafbagcghbgia, 4 (Kin 1, Kout 2):
  //      1   a        free slot: A1in [a]
  //      2   a hit    in A1in: nothing moves (a correlated re-reference, not a promotion)
  //      3-5 b c d    A1in [d c b a], full
  //      6   e        |A1in| = 4 > 1: a, the oldest, is evicted despite its second reference,
  //                   A1out [a]; A1in [e d c b]
  //      7   a        a ghost: it goes to Am; the room comes from A1in: b out, A1out [b];
  //                   A1in [e d c], Am [a]. (Had the hit at 2 promoted a, as the simplified 2Q
  //                   does, this would be a hit.)
  //      8   f        c out, A1out [c b]; A1in [f e d]
  //      9   b        a ghost again: b leaves A1out, d out of A1in into it: A1out [d c];
  //                   A1in [f e], Am [b a]
  //      10  a hit    Am [a b]
  //      11  g        e out, A1out [e d], c falls off its old end; A1in [g f]
  //      12  c        no longer a ghost, so into A1in: f out, A1out [f e] (d falls off); A1in [c g]
  //      13  g hit    nothing moves
  //      14  h        g out all the same, A1out [g f]; A1in [h c]
  //      15  b hit    Am [b a]
  //      16  g        a ghost: g leaves A1out, then c out of A1in: A1out [c f]; Am [g b a],
  //                   A1in [h]
  //      17  i        |A1in| = 1 is not > Kin: Am's LRU a is evicted, with no ghost;
  //                   A1in [i h], Am [g b]
  //      18  a        not a ghost, so into A1in: h out, A1out [h c]; A1in [a i], Am [g b]
  //   abab, 1 (Kin 1, Kout 1):
  //      a | b: A1in holds the only entry and Am is empty, so a is evicted from A1in, A1out [a] |
  //      a: a ghost, into Am; b out of A1in, A1out [b] | b: a ghost, into Am; a out of Am, no ghost.
  static const struct Row {
    std::size_t capacity;
    const char* trace;
    const char* expected;
    std::size_t a1in, am, a1out;
    const char* ghosts; // the keys in A1out at the end
  } rows[] = {
      {4, "aabcdeafbagcghbgia", "mhmmmmmmmhmmhmhmmm", 2, 2, 2, "ch"},
      {1, "abab", "mmmm", 0, 1, 0, ""},
  };
  for (const Row& row : rows) {
    CAPTURE(row.capacity, row.trace);
    Cache<TwoQPolicy> c(row.capacity);
    CHECK(hits(c, letters(row.trace)) == row.expected);
    const TwoQPolicy& q = c.policy();
    CHECK(q.a1in_size() == row.a1in);
    CHECK(q.am_size() == row.am);
    CHECK(q.a1out_size() == row.a1out);
    for (char k = 'a'; k <= 'z'; ++k) {
      CAPTURE(k);
      CHECK(q.is_ghost(Key(k - 'a' + 1)) == (std::string_view(row.ghosts).find(k) != std::string_view::npos));
    }
  }
}

TEST_CASE("2Q agrees with a brute-force reference on seeded random traces", "[cache]") {
  // capacity, universe of keys, seed; reference: reference_two_q above. After every lookup the
  // queues account for every resident and A1out stays within Kout; halfway through, the cache is
  // copied and the copy must carry on exactly as the original.
  static const struct Row {
    std::size_t capacity;
    std::size_t universe;
    std::uint64_t seed;
  } rows[] = {{1, 4, 1}, {2, 6, 2}, {3, 10, 3}, {4, 12, 4}, {5, 16, 5}, {8, 40, 6}, {13, 30, 7}, {16, 50, 8}, {33, 100, 9}};
  for (const Row& row : rows) {
    CAPTURE(row.capacity, row.universe, row.seed);
    const std::vector<Key> trace = test_support::repeating_skewed_trace(3000, row.universe, row.seed);
    const std::span<const Key> first = std::span<const Key>(trace).first(1500), rest = std::span<const Key>(trace).subspan(1500);
    Cache<TwoQPolicy> c(row.capacity);
    std::string before;
    for (const Key k : first) {
      before += c.access(k) ? 'h' : 'm';
      const TwoQPolicy& q = c.policy();
      REQUIRE(q.a1in_size() + q.am_size() == c.size());
      REQUIRE(q.a1out_size() <= q.kout_limit());
    }
    const std::string after = test_support::hits_checking_copy(c, rest);
    CHECK(before + after == reference_two_q(row.capacity, trace));
  }
}
