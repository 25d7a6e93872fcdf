#include "support/synthetic_traces.h"

#include <catch2/catch.hpp>

#include <map>
#include <set>

TEST_CASE("synthetic traces are seeded and shaped as documented", "[cache]") {
  // SplitMix64's first output for seed 0 is 0xe220a8397b1dcdaf (Steele, Lea and Flood's
  // reference implementation), so traces are the same on every platform.
  support::SplitMix64 rng(0);
  CHECK(rng() == 0xe220a8397b1dcdafULL);

  CHECK(support::zipf_trace(1000, 50, 1.0, 3) == support::zipf_trace(1000, 50, 1.0, 3));
  CHECK(support::zipf_trace(1000, 50, 1.0, 3) != support::zipf_trace(1000, 50, 1.0, 4));

  // Zipf: rank 0 is the most frequent and every key is below the universe.
  std::map<cache::Key, int> count;
  for (const auto k : support::zipf_trace(20'000, 100, 1.0, 1))
    ++count[k];
  CHECK(count.rbegin()->first < 100);
  for (const auto& [k, n] : count)
    CHECK(n <= count[0]);

  // Switching: phase p uses keys p * universe .. (p + 1) * universe - 1.
  const auto s = support::switching_trace(3000, 10, 1.0, 1000, 2);
  for (std::size_t t = 0; t < s.size(); ++t)
    CHECK(s[t] / 10 == t / 1000);

  // Drift: the hottest key moves by one every `step` lookups.
  const auto d = support::drifting_trace(40'000, 100, 1.2, 10'000, 2);
  for (std::size_t phase = 0; phase < 4; ++phase) {
    std::map<cache::Key, int> c;
    for (std::size_t t = phase * 10'000; t < (phase + 1) * 10'000; ++t)
      ++c[d[t]];
    const auto hottest = std::max_element(c.begin(), c.end(), [](auto& a, auto& b) { return a.second < b.second; });
    CHECK(hottest->first == 100 + phase);
  }
}
