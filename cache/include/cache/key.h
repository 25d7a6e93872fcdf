// The vocabulary every cache in this module shares: a key is a 64-bit integer chosen by the caller
// (a region's hash, a shape id), a slot is the index of one of the cache's `capacity` places.
// Policies order slots, never keys, so one policy serves the key-only and the value-carrying
// cache alike; the cost is one 32-bit slot per resident entry and a capacity limit of 2^31.
#pragma once

#include <cstddef>
#include <cstdint>

namespace cache {

using Key = std::uint64_t;
using Slot = std::uint32_t;

inline constexpr Slot NO_SLOT = ~Slot{0};

// Slots are 32-bit and NO_SLOT is reserved, so a capacity must stay below 2^31, far above any
// table whose keys, index and policy arrays fit in memory.
inline constexpr std::size_t MAX_CAPACITY = std::size_t{1} << 31;

// The stored value of a key-only cache: nothing. Caches specialise on it to keep no value array.
struct NoValue {
  friend constexpr bool operator==(NoValue, NoValue) = default;
};

} // namespace cache
