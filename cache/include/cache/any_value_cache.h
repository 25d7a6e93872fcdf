// AnyValueCache: a cache that carries values, with its rule chosen at run time from a RuleSpec, for
// the solver's table of component values, whose rule is a command-line choice. It is the value-
// carrying twin of AnyCache (any_cache.h) and is built by the same switch (detail/rule_dispatch.h),
// so every online rule behaves exactly as make_cache's key-only cache of the same rule: the same
// lookups give the same Stats. Only online rules are offered; Belady and the best fixed table need
// the whole trace in advance, which a solver does not have. One virtual call per find or insert.
//
// insert() takes what evaluating the value cost (nodes searched, say). GDSF fixes an entry's cost
// from it (GdsfPolicy::set_next_cost just before the insertion); every other rule ignores it.
// Values are copied into the cache, so Value must be trivially copyable (as for Cache). The type is
// a template over Value, so all of it lives in this header.
#pragma once

#include "cache/adaptive.h"
#include "cache/any_cache.h"
#include "cache/cache.h"
#include "cache/detail/rule_dispatch.h"
#include "cache/gdsf.h"
#include "cache/key.h"
#include "cache/stats.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>

namespace cache {

template <class Value>
class AnyValueCache {
public:
  virtual ~AnyValueCache() = default;
  // As Cache::find and AdaptiveCache::find: the stored value (valid until the next insert) or
  // nullptr on a miss, which is counted but stores nothing.
  virtual const Value* find(Key key) = 0;
  // Stores key -> value after a missed find, as Cache::insert. `cost` is what evaluating it took;
  // throws std::invalid_argument when it is 0, whatever the rule. Only GDSF uses it.
  virtual void insert(Key key, const Value& value, std::uint64_t cost) = 0;
  virtual const Stats& stats() const = 0;
  // The adaptive rule's current half-life; 0 for the other rules.
  virtual std::uint64_t half_life() const = 0;
  virtual RuleSpec spec() const = 0;
};

namespace detail {

template <class Value, class C>
class ValueHolder final : public AnyValueCache<Value> {
public:
  ValueHolder(C&& cache, RuleSpec spec) : cache_(std::move(cache)), spec_(spec) {}

  const Value* find(Key key) override { return cache_.find(key); }

  void insert(Key key, const Value& value, std::uint64_t cost) override {
    if (cost == 0)
      throw std::invalid_argument("cache insert: the cost of evaluating a key is at least 1, got 0");
    // A resident key only has its value overwritten (no insertion for the policy to see), so the
    // cost is given only when the key will be inserted, never left pending for another key.
    if constexpr (std::is_same_v<C, Cache<GdsfPolicy, Value>>)
      if (!cache_.contains(key))
        cache_.policy().set_next_cost(cost);
    cache_.insert(key, value);
  }

  const Stats& stats() const override { return cache_.stats(); }

  std::uint64_t half_life() const override {
    if constexpr (std::is_same_v<C, AdaptiveCache<Value>>)
      return cache_.half_life();
    else
      return 0;
  }

  RuleSpec spec() const override { return spec_; }

private:
  C cache_;
  RuleSpec spec_;
};

} // namespace detail

// A value cache of `capacity` entries following `spec`, an online rule. Throws
// std::invalid_argument for an offline rule (belady, belady-bypass, best-fixed), and
// std::logic_error, as make_cache does, for a capacity out of range or an aged LFU (with or
// without ghosts) without a half-life. GDSF starts with unit costs; insert() gives each entry its
// own.
template <class Value>
std::unique_ptr<AnyValueCache<Value>> make_value_cache(const RuleSpec& spec, std::size_t capacity) {
  if (spec.offline())
    throw std::invalid_argument("cache rule \"" + spec.name() +
                                "\" needs the whole trace in advance, so it cannot hold values computed as they are looked up");
  return detail::with_rule_cache<Value>(spec, capacity, {}, CostTable{}, [&](auto& c) -> std::unique_ptr<AnyValueCache<Value>> {
    using C = std::remove_reference_t<decltype(c)>;
    return std::make_unique<detail::ValueHolder<Value, C>>(std::move(c), spec);
  });
}

} // namespace cache
