#include "cache/best_fixed.h"

#include <algorithm>
#include <cstdint>
#include <unordered_map>

namespace cache {

BestFixedPolicy::BestFixedPolicy(std::span<const Key> trace) {
  struct Tally {
    std::uint64_t count = 0;
    std::uint64_t first = 0;
  };
  std::unordered_map<Key, Tally> tally;
  for (std::size_t i = 0; i < trace.size(); ++i) {
    Tally& t = tally[trace[i]];
    if (t.count++ == 0)
      t.first = i;
  }
  std::vector<std::pair<Key, Tally>> keys(tally.begin(), tally.end());
  std::sort(keys.begin(), keys.end(), [](const auto& a, const auto& b) {
    return a.second.count != b.second.count ? a.second.count > b.second.count : a.second.first < b.second.first;
  });
  auto ranking = std::make_shared<std::vector<Key>>();
  ranking->reserve(keys.size());
  for (const auto& [key, t] : keys)
    ranking->push_back(key);
  ranking_ = std::move(ranking);
}

} // namespace cache
