// Stats: the counters every cache keeps, one increment per event, read by the experiments. The
// split of misses into first-time misses and re-evaluations needs the set of every key ever
// missed (a growing hash set, consulted only on misses), which a cache may switch off; then both
// stay 0 and only the first invariant below holds.
//   hits + misses = lookups
//   first_time_misses + re_evaluations = misses        (when first-time tracking is on)
//   insertions + bypasses <= misses,  evictions <= insertions
#pragma once

#include <cstdint>

namespace cache {

struct Stats {
  std::uint64_t lookups = 0;
  std::uint64_t hits = 0;
  std::uint64_t misses = 0;
  std::uint64_t first_time_misses = 0; // misses on a key never looked up before
  std::uint64_t re_evaluations = 0;    // misses on a key looked up (and evaluated) before
  std::uint64_t insertions = 0;        // keys stored after a miss
  std::uint64_t evictions = 0;         // resident keys thrown out to make room
  std::uint64_t bypasses = 0;          // inserts the policy refused (Belady with bypass, fixed table)

  double hit_rate() const { return lookups == 0 ? 0.0 : double(hits) / double(lookups); }

  friend bool operator==(const Stats&, const Stats&) = default;
};

// Whether a cache keeps the set of keys it has seen, to split misses into first-time misses and
// re-evaluations. Tracking costs one hash-set probe per miss and 16 bytes or so per distinct key.
enum class FirstTime { track, ignore };

} // namespace cache
