#include "cache/cache.h"
#include "cache/lirs.h"
#include "cache/lru.h"

#include "support.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <map>
#include <random>
#include <span>
#include <string>
#include <vector>

using cache::Cache;
using cache::Key;
using cache::LirsPolicy;
using test_support::hits;
using test_support::letters;

namespace {

// LIRS as the paper's cases read, on a vector S ordered bottom (index 0) to top, a vector Q
// ordered front (next evicted) to end, and a map giving every resident block and every block in
// S its status: 'L' (LIR), 'H' (resident HIR) or 'N' (nonresident HIR, in S). `lir_max` =
// capacity - resident HIR share. After each miss, while more than `nonresident_max` blocks are
// nonresident, the lowest of them in S is dropped.
std::string reference_lirs(std::size_t capacity, std::size_t lir_max, std::size_t nonresident_max, std::span<const Key> trace) {
  std::vector<Key> s, q;
  std::map<Key, char> status;
  const auto count = [&](char c) {
    return std::size_t(std::count_if(status.begin(), status.end(), [&](const auto& kv) { return kv.second == c; }));
  };
  const auto in_s = [&](Key k) { return std::find(s.begin(), s.end(), k) != s.end(); };
  const auto remove = [](std::vector<Key>& v, Key k) {
    const auto it = std::find(v.begin(), v.end(), k);
    if (it != v.end())
      v.erase(it);
  };
  const auto to_top = [&](Key k) {
    remove(s, k);
    s.push_back(k);
  };
  const auto prune = [&] {
    while (!s.empty() && status[s.front()] != 'L') {
      if (status[s.front()] == 'N')
        status.erase(s.front());
      s.erase(s.begin());
    }
  };
  const auto demote_bottom = [&] {
    status[s.front()] = 'H';
    q.push_back(s.front());
  };
  std::string out;
  for (const Key x : trace) {
    const auto it = status.find(x);
    const char was = it == status.end() ? ' ' : it->second;
    if (was == 'L') { // case 1
      const bool bottom = s.front() == x;
      to_top(x);
      if (bottom)
        prune();
      out += 'h';
      continue;
    }
    if (was == 'H') {
      if (in_s(x)) { // case 2a
        to_top(x);
        remove(q, x);
        status[x] = 'L';
        demote_bottom();
        prune();
      } else { // case 2b
        to_top(x);
        remove(q, x);
        q.push_back(x);
      }
      out += 'h';
      continue;
    }
    out += 'm'; // case 3
    if (count('L') + count('H') == capacity) {
      const Key y = q.front();
      q.erase(q.begin());
      if (in_s(y))
        status[y] = 'N';
      else
        status.erase(y);
    }
    to_top(x);
    if (count('L') < lir_max) {
      status[x] = 'L';
    } else if (was == 'N') { // case 3a
      status[x] = 'L';
      demote_bottom();
      prune();
    } else { // case 3b
      status[x] = 'H';
      q.push_back(x);
    }
    while (count('N') > nonresident_max) {
      const auto lowest = std::find_if(s.begin(), s.end(), [&](Key k) { return status[k] == 'N'; });
      status.erase(*lowest);
      s.erase(lowest);
    }
  }
  return out;
}

} // namespace

TEST_CASE("LIRS on a hand-worked trace", "[cache]") {
  // capacity 3: 2 LIR, 1 resident HIR. S bottom to top, (n) = nonresident, Q front to end:
  //   a b: LIR while the LIR set fills: S [a b] | a: case 1, a was the bottom: S [b a] |
  //   c: the table is not full: HIR, S [b a c], Q [c] |
  //   d e f, a scan: each evicts Q's front, which stays in S as nonresident, and is HIR:
  //      S [b a c(n) d(n) e(n) f], Q [f]; the LIR blocks a and b are untouched |
  //   a: case 1 (LRU would have lost a to the scan): S [b c(n) d(n) e(n) f a] |
  //   d: a miss; f is evicted (nonresident in S); d was nonresident in S: case 3a, d becomes LIR,
  //      the bottom LIR b becomes HIR at Q's end; pruning removes b, c, e, f: S [a d], Q [b] |
  //   b: case 2b, a resident HIR not in S: S [a d b], Q [b] |
  //   e: a miss, e was pruned from S: case 3b; b is evicted (nonresident): S [a d b(n) e], Q [e] |
  //   b: a miss, b is nonresident in S: e is evicted, case 3a: b LIR, a HIR; pruning removes a:
  //      S [d e(n) b], Q [a] |
  //   a: case 2b: S [d e(n) b a], Q [a] |
  //   a: case 2a, now in S: a LIR, d HIR; pruning removes d and e: S [b a], Q [d].
  const auto trace = letters("abacdefadbebaa");
  Cache<LirsPolicy> c(3, LirsPolicy(1, 6));
  CHECK(hits(c, trace) == "mmhmmmmhmhmmhh");
  const LirsPolicy& p = c.policy();
  const auto slot = [&](char ch) { return c.slot_of(Key(ch - 'a' + 1)); };
  CHECK(p.is_lir(slot('a')));
  CHECK(p.is_lir(slot('b')));
  CHECK(!p.is_lir(slot('d')));
  CHECK(!p.in_stack(slot('d')));
  CHECK(p.stack_size() == 2);
  CHECK(p.nonresident_size() == 0);
  CHECK(p.hir_resident_size() == 1);
  Cache<cache::LruPolicy> lru(3);
  CHECK(hits(lru, trace) == "mmhmmmmmmmmhmh");
}

TEST_CASE("LIRS keeps its LIR set through a long scan", "[cache]") {
  // capacity 10, default sizes: 9 LIR, 1 resident HIR, at most 20 nonresident. a to i become
  // LIR while the table fills; each of the 30 scan keys then takes the one HIR place, evicting
  // the previous one, which stays in S as nonresident until 20 of them are there, after which
  // the oldest is dropped. a to i all hit afterwards, and once i, the bottom LIR block, moves up,
  // pruning clears the nonresident blocks out of S. LRU loses all nine to the scan.
  std::vector<Key> trace = letters("abcdefghi");
  for (Key k = 100; k < 130; ++k)
    trace.push_back(k);
  Cache<LirsPolicy> c(10);
  CHECK(hits(c, trace) == std::string(39, 'm'));
  CHECK(c.policy().lir_size() == 9);
  CHECK(c.policy().nonresident_size() == 20);
  CHECK(c.policy().stack_size() == 30);
  CHECK(!c.policy().is_nonresident(108)); // 29 became nonresident, the first 9 were dropped
  CHECK(c.policy().is_nonresident(109));
  CHECK(hits(c, letters("abcdefghi")) == std::string(9, 'h'));
  CHECK(c.policy().stack_size() == 9);
  CHECK(c.policy().nonresident_size() == 0);
  Cache<cache::LruPolicy> lru(10);
  hits(lru, trace);
  CHECK(hits(lru, letters("abcdefghi")) == std::string(9, 'm'));
}

TEST_CASE("LIRS's default sizes and the one-entry table", "[cache]") {
  // capacity, resident HIR, nonresident limit: HIR is 1% (at least 1, below the capacity).
  static const struct Row { std::size_t capacity, hir, limit; } rows[] = {{2, 1, 4}, {10, 1, 20}, {40, 1, 80}, {250, 2, 500}};
  for (const Row& row : rows) {
    CAPTURE(row.capacity);
    Cache<LirsPolicy> c(row.capacity);
    CHECK(c.policy().hir_target() == row.hir);
    CHECK(c.policy().lir_target() == row.capacity - row.hir);
    CHECK(c.policy().nonresident_limit() == row.limit);
  }
  // One entry: every policy keeps the last key.
  const auto trace = letters("aabbaba");
  Cache<LirsPolicy> one(1);
  CHECK(hits(one, trace) == test_support::reference_lru(1, trace));
}

TEST_CASE("LIRS agrees with a brute-force reference on seeded random traces", "[cache]") {
  // capacity, universe, seed, and 0 for the default sizes or the resident HIR share and the
  // nonresident limit (+1, so that a limit of 0 can be asked for)
  static const struct Row {
    std::size_t capacity, universe;
    std::uint64_t seed;
    std::size_t hir, limit_plus_1;
  } rows[] = {{2, 6, 1, 0, 0},    {3, 8, 2, 0, 0},   {5, 15, 3, 0, 0},   {10, 30, 4, 0, 0},   {16, 40, 5, 0, 0},
              {20, 60, 6, 0, 0},  {25, 50, 7, 0, 0}, {33, 100, 8, 0, 0}, {40, 120, 9, 0, 0},  {10, 30, 10, 3, 5},
              {12, 40, 11, 1, 1}, {8, 20, 12, 7, 0}, {6, 12, 13, 2, 2},  {20, 80, 14, 4, 200}};
  for (const Row& row : rows) {
    CAPTURE(row.capacity, row.universe, row.seed, row.hir, row.limit_plus_1);
    const auto trace = test_support::zipf_with_scan_trace(3000, row.universe, row.seed);
    const bool fixed = row.hir != 0;
    const std::size_t hir = fixed ? row.hir : std::max<std::size_t>(1, row.capacity / 100);
    const std::size_t limit = fixed && row.limit_plus_1 != 0 ? row.limit_plus_1 - 1 : 2 * row.capacity;
    Cache<LirsPolicy> c(row.capacity, fixed ? LirsPolicy(hir, limit) : LirsPolicy());
    std::string got;
    for (const Key k : trace) {
      got += c.access(k) ? 'h' : 'm';
      const LirsPolicy& p = c.policy();
      REQUIRE(p.lir_size() + p.hir_resident_size() == c.size());
      REQUIRE(p.lir_size() <= row.capacity - hir);
      if (c.size() == row.capacity)
        REQUIRE(p.lir_size() == row.capacity - hir);
      REQUIRE(p.nonresident_size() <= limit);
      REQUIRE(p.stack_bottom_is_lir());
    }
    CHECK(got == reference_lirs(row.capacity, row.capacity - hir, limit, trace));
    test_support::hits_checking_copy(c, test_support::zipf_with_scan_trace(500, row.universe, row.seed + 100));
  }
}
