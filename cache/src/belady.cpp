#include "cache/belady.h"

#include <algorithm>
#include <stdexcept>
#include <unordered_map>

namespace cache {

Future::Future(std::span<const Key> trace) : trace_(trace.begin(), trace.end()), next_(trace.size(), NONE) {
  if (trace.size() >= NONE)
    throw std::logic_error("belady: a trace must have fewer than 2^32 - 1 lookups");
  // One backward pass: the last index seen of each key is the next use of the earlier lookup.
  std::unordered_map<Key, std::uint32_t> later;
  later.reserve(trace.size());
  for (std::size_t i = trace.size(); i-- > 0;) {
    const auto [it, fresh] = later.try_emplace(trace[i], std::uint32_t(i));
    if (!fresh) {
      next_[i] = it->second;
      it->second = std::uint32_t(i);
    }
  }
  occurrences_.reserve(trace.size());
  for (std::size_t i = 0; i < trace.size(); ++i)
    occurrences_.emplace_back(trace[i], std::uint32_t(i));
  std::sort(occurrences_.begin(), occurrences_.end());
}

std::uint64_t Future::next_use_slow(Key key, std::uint64_t from) const {
  if (from >= trace_.size())
    return NEVER_AGAIN;
  const auto it = std::lower_bound(occurrences_.begin(), occurrences_.end(), std::pair{key, std::uint32_t(from)});
  return it != occurrences_.end() && it->first == key ? it->second : NEVER_AGAIN;
}

} // namespace cache
