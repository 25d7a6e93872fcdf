// Shared by the cache tests: traces written as letters ("a b a c", key = letter - 'a' + 1),
// hit/miss strings ("mmhm"), and brute-force reference simulators that scan every resident on
// every eviction, written as plainly as possible to check the real policies against.
#pragma once

#include "cache/cost.h"
#include "cache/key.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <random>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace test_support {

using cache::Key;

inline std::vector<Key> letters(std::string_view text) {
  std::vector<Key> keys;
  for (const char c : text)
    if (c >= 'a' && c <= 'z')
      keys.push_back(Key(c - 'a' + 1));
  return keys;
}

// 'h' for a hit and 'm' for a miss, one per lookup, from anything with bool access(Key).
template <class C>
std::string hits(C& cache, std::span<const Key> trace) {
  std::string out;
  for (const Key k : trace)
    out += cache.access(k) ? 'h' : 'm';
  return out;
}

// hits(cache, trace), checking that a copy of the cache made first gives the same: a policy's
// whole state must be in its copy, as the adaptive cache copies whole caches.
template <class C>
std::string hits_checking_copy(C& cache, std::span<const Key> trace) {
  C copy = cache;
  const std::string out = hits(cache, trace);
  CHECK(hits(copy, trace) == out);
  return out;
}

// LRU: evict the resident with the oldest last use.
inline std::string reference_lru(std::size_t capacity, std::span<const Key> trace) {
  struct Entry {
    Key key;
    std::size_t last;
  };
  std::vector<Entry> residents;
  std::string out;
  for (std::size_t t = 0; t < trace.size(); ++t) {
    auto it = std::find_if(residents.begin(), residents.end(), [&](const Entry& e) { return e.key == trace[t]; });
    if (it != residents.end()) {
      it->last = t;
      out += 'h';
      continue;
    }
    out += 'm';
    if (residents.size() == capacity)
      residents.erase(std::min_element(residents.begin(), residents.end(), [](const Entry& a, const Entry& b) { return a.last < b.last; }));
    residents.push_back({trace[t], t});
  }
  return out;
}

// Aged LFU: before every lookup t > 0 with t % half_life == 0 all counts are floor-halved; evict
// the smallest count, ties to the oldest last touch. half_life 0 never halves (plain LFU). With
// ghosts > 0, the entries evicted by the last `ghosts` evictions keep their counts (halved with
// the rest), and one that is looked up again comes back with its count plus one
// (AgedLfuGhostPolicy).
inline std::string reference_lfu(std::size_t capacity, std::span<const Key> trace, std::uint64_t half_life, std::size_t ghosts = 0,
                                 bool dynamic_ageing = false) {
  // With dynamic_ageing (AgedLfuGhostPolicy with Ageing::dynamic) an entry ranks by K = L + F,
  // F its uses, L set to the K of each evicted entry; K, F and L all halve together. Without it
  // K = F and L stays 0.
  struct Entry {
    Key key;
    std::uint64_t rank; // K
    std::uint64_t uses; // F
    std::size_t last;
  };
  std::vector<Entry> residents;
  std::vector<Entry> evicted; // entries evicted by the last `ghosts` evictions, oldest first
  std::size_t evictions = 0;  // `last` of an evicted entry holds its eviction's number instead
  std::uint64_t inflation = 0;
  const auto rank_of = [&](std::uint64_t uses) { return dynamic_ageing ? inflation + uses : uses; };
  std::string out;
  for (std::size_t t = 0; t < trace.size(); ++t) {
    if (half_life != 0 && t > 0 && t % half_life == 0) {
      for (Entry& e : residents) {
        e.rank /= 2;
        e.uses /= 2;
      }
      for (Entry& e : evicted)
        e.uses /= 2;
      inflation /= 2;
    }
    auto it = std::find_if(residents.begin(), residents.end(), [&](const Entry& e) { return e.key == trace[t]; });
    if (it != residents.end()) {
      it->rank = rank_of(++it->uses);
      it->last = t;
      out += 'h';
      continue;
    }
    out += 'm';
    if (residents.size() == capacity) {
      const auto victim = std::min_element(residents.begin(), residents.end(), [](const Entry& a, const Entry& b) {
        return a.rank != b.rank ? a.rank < b.rank : a.last < b.last;
      });
      if (dynamic_ageing)
        inflation = victim->rank;
      if (ghosts > 0) {
        evicted.push_back({victim->key, 0, victim->uses, evictions++});
        std::erase_if(evicted, [&](const Entry& e) { return e.last + ghosts < evictions; });
      }
      residents.erase(victim);
    }
    std::uint64_t uses = 1;
    if (const auto g = std::find_if(evicted.begin(), evicted.end(), [&](const Entry& e) { return e.key == trace[t]; });
        g != evicted.end()) {
      uses += g->uses;
      evicted.erase(g);
    }
    residents.push_back({trace[t], rank_of(uses), uses, t});
  }
  return out;
}

// GDSF as Cherkasova states it with every size 1, scanning every resident at each eviction:
// K = L + F * cost, recomputed with the current L at every use; evict the least K, ties to the
// oldest last use; L becomes the evicted K. Returns the hit/miss string and leaves the final L in
// `inflation` and the residents' (key, K) pairs, sorted by key, in `values`. With every cost 1
// (a default CostTable) it is LFU-DA.
inline std::string reference_gdsf(std::size_t capacity, std::span<const Key> trace, const cache::CostTable& costs, std::uint64_t& inflation,
                                  std::vector<std::pair<Key, std::uint64_t>>& values) {
  struct Entry {
    Key key;
    std::uint64_t count;
    std::uint64_t value;
    std::size_t last;
  };
  std::vector<Entry> residents;
  std::uint64_t l = 0;
  std::string out;
  for (std::size_t t = 0; t < trace.size(); ++t) {
    auto it = std::find_if(residents.begin(), residents.end(), [&](const Entry& e) { return e.key == trace[t]; });
    if (it != residents.end()) {
      ++it->count;
      it->value = l + it->count * costs.cost(it->key);
      it->last = t;
      out += 'h';
      continue;
    }
    out += 'm';
    if (residents.size() == capacity) {
      const auto victim = std::min_element(residents.begin(), residents.end(), [](const Entry& a, const Entry& b) {
        return a.value != b.value ? a.value < b.value : a.last < b.last;
      });
      l = victim->value;
      residents.erase(victim);
    }
    residents.push_back({trace[t], 1, l + costs.cost(trace[t]), t});
  }
  inflation = l;
  values.clear();
  for (const Entry& e : residents)
    values.emplace_back(e.key, e.value);
  std::sort(values.begin(), values.end());
  return out;
}

// SIEVE as in the paper's pseudo-code, on a vector ordered oldest first.
inline std::string reference_sieve(std::size_t capacity, std::span<const Key> trace) {
  struct Entry {
    Key key;
    bool visited;
  };
  std::vector<Entry> queue; // index 0: oldest (tail); back: newest (head)
  std::size_t hand = 0;     // index of the hand, or queue.size() for "none"
  bool has_hand = false;
  std::string out;
  for (const Key k : trace) {
    auto it = std::find_if(queue.begin(), queue.end(), [&](const Entry& e) { return e.key == k; });
    if (it != queue.end()) {
      it->visited = true;
      out += 'h';
      continue;
    }
    out += 'm';
    if (queue.size() == capacity) {
      std::size_t o = has_hand ? hand : 0;
      while (queue[o].visited) {
        queue[o].visited = false;
        o = o + 1 < queue.size() ? o + 1 : 0;
      }
      // The hand moves to the next newer entry, which after the erase sits at index o.
      has_hand = o + 1 < queue.size();
      queue.erase(queue.begin() + std::ptrdiff_t(o));
      hand = o;
    }
    queue.push_back({k, false});
  }
  return out;
}

// Belady's MIN by scanning the future at every eviction; with bypass a key whose next use is no
// nearer than every resident's is not stored.
inline std::string reference_belady(std::size_t capacity, std::span<const Key> trace, bool bypass) {
  const auto next_use = [&](Key k, std::size_t after) {
    for (std::size_t u = after + 1; u < trace.size(); ++u)
      if (trace[u] == k)
        return u;
    return std::numeric_limits<std::size_t>::max();
  };
  std::vector<Key> residents;
  std::string out;
  for (std::size_t t = 0; t < trace.size(); ++t) {
    if (std::find(residents.begin(), residents.end(), trace[t]) != residents.end()) {
      out += 'h';
      continue;
    }
    out += 'm';
    if (residents.size() < capacity) {
      residents.push_back(trace[t]);
      continue;
    }
    std::size_t farthest = 0;
    for (std::size_t i = 1; i < residents.size(); ++i)
      if (next_use(residents[i], t) > next_use(residents[farthest], t))
        farthest = i;
    if (bypass && next_use(trace[t], t) >= next_use(residents[farthest], t))
      continue;
    residents[farthest] = trace[t];
  }
  return out;
}

// Seeded random traces for comparing a policy with its reference simulator.

// `length` lookups skewed towards the bottom of a window of `universe` keys (u^2 for u uniform,
// so the window's first key is drawn most often), the window sliding by half its width every
// `phase` lookups, so that popularity both concentrates and moves. The uniform draws come from
// the raw std::mt19937_64 stream, which the standard fixes, not from <random>'s distributions,
// which it does not.
inline std::vector<Key> sliding_window_trace(std::size_t length, std::size_t universe, std::size_t phase, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<Key> trace;
  trace.reserve(length);
  for (std::size_t t = 0; t < length; ++t) {
    const double u = double(rng() >> 11) * 0x1.0p-53;
    const std::size_t offset = (t / phase) * (universe / 2);
    trace.push_back(Key(1 + offset + std::size_t(double(universe) * u * u)));
  }
  return trace;
}

// `length` lookups of keys 1..universe: one in eight repeats the key before it (a correlated
// re-reference); the others take the smaller of two uniform draws, so key k has weight
// 2 * (universe - k) + 1. Only raw std::mt19937_64 output is used, which the standard fixes, so a
// seed gives the same trace on every platform.
inline std::vector<Key> repeating_skewed_trace(std::size_t length, std::size_t universe, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<Key> trace;
  trace.reserve(length);
  while (trace.size() < length) {
    if (!trace.empty() && rng() % 8 == 0) {
      trace.push_back(trace.back());
      continue;
    }
    const std::uint64_t a = rng() % universe, b = rng() % universe;
    trace.push_back(Key(std::min(a, b) + 1));
  }
  return trace;
}

// 85% of the lookups follow a Zipf(1) ranking of keys 1..universe, 15% are drawn uniformly from
// 4 x universe further keys, a thin scan through the table. Only the raw output of
// std::mt19937_64 is used, which the standard fixes, so a seed gives the same trace everywhere.
inline std::vector<Key> zipf_with_scan_trace(std::size_t length, std::size_t universe, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<double> cumulative;
  double total = 0;
  for (std::size_t r = 1; r <= universe; ++r)
    cumulative.push_back(total += 1.0 / double(r));
  std::vector<Key> trace;
  for (std::size_t t = 0; t < length; ++t) {
    if (rng() % 100 < 15) {
      trace.push_back(Key(universe + 1 + rng() % (4 * universe)));
      continue;
    }
    const double u = double(rng() >> 11) * 0x1.0p-53 * total;
    const auto rank = std::size_t(std::upper_bound(cumulative.begin(), cumulative.end(), u) - cumulative.begin());
    trace.push_back(Key(1 + std::min(rank, universe - 1)));
  }
  return trace;
}

} // namespace test_support
