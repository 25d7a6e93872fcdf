// Cache: a fixed-capacity cache of 64-bit keys, optionally carrying a small trivially copyable
// value per key, with the eviction rule as a template parameter (policy.h). Everything is sized
// in the constructor: an open-addressing index from key to slot, a key array and a value array,
// and the policy's own flat arrays, so a lookup in steady state never allocates (the only
// allocation after construction is the set of seen keys growing on a first-time miss). A lookup
// costs one index probe plus the policy's hook: O(1) for LRU, SIEVE and ARC, O(log capacity) for
// the counted and offline rules. Not thread-safe: one cache per thread.
#pragma once

#include "cache/detail/key_index.h"
#include "cache/detail/key_set.h"
#include "cache/key.h"
#include "cache/policy.h"
#include "cache/stats.h"

#include <cassert>
#include <cstddef>
#include <optional>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace cache {

template <EvictionPolicy Policy, class Value = NoValue>
class Cache {
  static_assert(std::is_trivially_copyable_v<Value>, "cached values are copied by value");

public:
  static constexpr bool HAS_VALUE = !std::is_same_v<Value, NoValue>;
  using PolicyType = Policy;
  using ValueType = Value;

  // Throws std::logic_error unless 1 <= capacity < MAX_CAPACITY.
  explicit Cache(std::size_t capacity, Policy policy = Policy(), FirstTime first_time = FirstTime::track)
      : capacity_(checked_capacity(capacity)), index_(capacity), keys_(capacity), policy_(std::move(policy)),
        track_first_time_(first_time == FirstTime::track) {
    if constexpr (HAS_VALUE)
      values_.resize(capacity);
    policy_.reserve_slots(capacity);
  }

  // One lookup of a key-only cache: true on a hit; on a miss the key is stored (evicting per the
  // policy) unless the policy refuses it.
  bool access(Key key) requires(!HAS_VALUE) {
    if (find(key))
      return true;
    insert_absent(key, Value()); // find() just saw it absent
    return false;
  }

  // One lookup: the stored value (valid until the next insert) or nullptr on a miss. A miss is
  // counted but nothing is stored; call insert() once the value is known.
  const Value* find(Key key) {
    ++stats_.lookups;
    policy_.on_lookup(key);
    const Slot s = index_.find(key);
    if (s != NO_SLOT) {
      ++stats_.hits;
      policy_.on_hit(s, key);
      return value_at(s);
    }
    ++stats_.misses;
    if (track_first_time_)
      ++(seen_.insert(key) ? stats_.first_time_misses : stats_.re_evaluations);
    return nullptr;
  }

  // Stores key -> value after a missed find (other lookups and inserts may come in between, as
  // when a solver evaluates a region by evaluating its parts). Returns the evicted key, if any.
  // A key that is already resident (a nested evaluation stored it meanwhile) has its value
  // overwritten and the policy is not told; a key the policy refuses is not stored (a bypass).
  std::optional<Key> insert(Key key, const Value& value = Value()) {
    if (const Slot s = index_.find(key); s != NO_SLOT) {
      store_value(s, value);
      return std::nullopt;
    }
    return insert_absent(key, value);
  }

  // Whether `key` is resident; no statistics, no policy update.
  bool contains(Key key) const { return index_.find(key) != NO_SLOT; }

  std::size_t size() const { return size_; }
  std::size_t capacity() const { return capacity_; }
  const Stats& stats() const { return stats_; }
  const Policy& policy() const { return policy_; }
  Policy& policy() { return policy_; }

  // The slot of a resident key, or NO_SLOT; the key in a slot below size(). No side effects.
  Slot slot_of(Key key) const { return index_.find(key); }
  Key key_at(Slot s) const {
    assert(s < size_);
    return keys_[s];
  }

  // The resident keys, in slot order.
  std::vector<Key> resident_keys() const { return {keys_.begin(), keys_.begin() + std::ptrdiff_t(size_)}; }

private:
  // insert() for a key known not to be resident.
  std::optional<Key> insert_absent(Key key, const Value& value) {
    assert(index_.find(key) == NO_SLOT);
    const bool full = size_ == capacity_;
    if (!policy_.admit(key, full)) {
      ++stats_.bypasses;
      return std::nullopt;
    }
    std::optional<Key> evicted;
    Slot s;
    if (full) {
      s = policy_.victim(key);
      assert(s < capacity_ && index_.find(keys_[s]) == s);
      evicted = keys_[s];
      index_.erase(keys_[s]);
      ++stats_.evictions;
    } else {
      s = Slot(size_++);
    }
    keys_[s] = key;
    store_value(s, value);
    index_.insert(key, s);
    policy_.on_insert(s, key);
    ++stats_.insertions;
    return evicted;
  }

  static std::size_t checked_capacity(std::size_t capacity) {
    if (capacity < 1 || capacity >= MAX_CAPACITY)
      throw std::logic_error("cache capacity must be from 1 to 2^31 - 1, got " + std::to_string(capacity));
    return capacity;
  }

  const Value* value_at(Slot s) const {
    if constexpr (HAS_VALUE)
      return &values_[s];
    else
      return &NO_VALUE;
  }

  void store_value([[maybe_unused]] Slot s, [[maybe_unused]] const Value& value) {
    if constexpr (HAS_VALUE)
      values_[s] = value;
  }

  static constexpr NoValue NO_VALUE{};

  std::size_t capacity_;
  std::size_t size_ = 0; // slots 0..size_-1 are in use
  detail::KeyIndex index_;
  std::vector<Key> keys_;
  [[no_unique_address]] std::conditional_t<HAS_VALUE, std::vector<Value>, NoValue> values_;
  Policy policy_;
  Stats stats_;
  bool track_first_time_;
  detail::KeySet seen_;
};

} // namespace cache
