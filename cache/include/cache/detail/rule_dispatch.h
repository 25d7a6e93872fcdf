// Internal: the one switch from a RuleSpec to a concrete cache, shared by the key-only registry
// (AnyCache, simulate(), any_cache.cpp) and the value-carrying one (AnyValueCache,
// any_value_cache.h), so that a rule is added in one place and both kinds of cache build it
// alike. with_rule_cache constructs Cache<Policy, Value> (or AdaptiveCache<Value>) on the stack
// and calls f with it; f may move it away. Every branch is compiled for each Value, the offline
// ones included; make_value_cache refuses those before calling.
#pragma once

#include "cache/adaptive.h"
#include "cache/aged_lfu.h"
#include "cache/aged_lfu_ghost.h"
#include "cache/any_cache.h"
#include "cache/arc.h"
#include "cache/belady.h"
#include "cache/best_fixed.h"
#include "cache/cache.h"
#include "cache/cacheus.h"
#include "cache/clock.h"
#include "cache/cost.h"
#include "cache/fifo.h"
#include "cache/gdsf.h"
#include "cache/hyperbolic.h"
#include "cache/key.h"
#include "cache/lecar.h"
#include "cache/lfu.h"
#include "cache/lfu_da.h"
#include "cache/lirs.h"
#include "cache/lru.h"
#include "cache/s3_fifo.h"
#include "cache/sieve.h"
#include "cache/slru.h"
#include "cache/two_q.h"
#include "cache/w_tinylfu.h"

#include <cstddef>
#include <memory>
#include <span>
#include <stdexcept>

namespace cache::detail {

// Calls f with a cache of the default-constructed policy P.
template <class P, class Value, class F>
decltype(auto) with_policy(std::size_t capacity, F&& f) {
  Cache<P, Value> c(capacity);
  return f(c);
}

// Calls f with the concrete cache for `spec` holding values of type Value (NoValue: key-only).
// Offline rules read the future from `trace`; GDSF takes its costs from `costs`. Throws
// std::logic_error for a capacity out of range or an aged LFU without a half-life.
template <class Value, class F>
decltype(auto) with_rule_cache(const RuleSpec& spec, std::size_t capacity, std::span<const Key> trace, const CostTable& costs, F&& f) {
  switch (spec.rule) {
  case Rule::lru: return with_policy<LruPolicy, Value>(capacity, f);
  case Rule::lfu: return with_policy<LfuPolicy, Value>(capacity, f);
  case Rule::aged_lfu: {
    if (spec.half_life == 0)
      throw std::logic_error("aged LFU needs a half-life of at least one lookup");
    Cache<AgedLfuPolicy, Value> c(capacity, AgedLfuPolicy(spec.half_life));
    return f(c);
  }
  case Rule::aged_lfu_ghost: {
    if (spec.half_life == 0)
      throw std::logic_error("aged LFU with ghosts needs a half-life of at least one lookup");
    Cache<AgedLfuGhostPolicy, Value> c(capacity, AgedLfuGhostPolicy(spec.half_life));
    return f(c);
  }
  case Rule::arc: return with_policy<ArcPolicy, Value>(capacity, f);
  case Rule::sieve: return with_policy<SievePolicy, Value>(capacity, f);
  case Rule::belady:
  case Rule::belady_bypass: {
    Cache<BeladyPolicy, Value> c(
        capacity, BeladyPolicy(std::make_shared<const Future>(trace), spec.rule == Rule::belady_bypass ? Bypass::yes : Bypass::no));
    return f(c);
  }
  case Rule::best_fixed: {
    Cache<BestFixedPolicy, Value> c(capacity, BestFixedPolicy(trace));
    return f(c);
  }
  case Rule::adaptive: {
    AdaptiveCache<Value> c(capacity, spec.half_life);
    return f(c);
  }
  case Rule::fifo: return with_policy<FifoPolicy, Value>(capacity, f);
  case Rule::clock: return with_policy<ClockPolicy, Value>(capacity, f);
  case Rule::slru: return with_policy<SlruPolicy, Value>(capacity, f);
  case Rule::two_q: return with_policy<TwoQPolicy, Value>(capacity, f);
  case Rule::s3_fifo: return with_policy<S3FifoPolicy, Value>(capacity, f);
  case Rule::w_tinylfu: return with_policy<WTinyLfuPolicy, Value>(capacity, f);
  case Rule::lirs: return with_policy<LirsPolicy, Value>(capacity, f);
  case Rule::lfu_da: return with_policy<LfuDaPolicy, Value>(capacity, f);
  case Rule::hyperbolic: return with_policy<HyperbolicPolicy, Value>(capacity, f);
  case Rule::lecar: return with_policy<LecarPolicy, Value>(capacity, f);
  case Rule::cacheus: return with_policy<CacheusPolicy, Value>(capacity, f);
  case Rule::gdsf: {
    Cache<GdsfPolicy, Value> c(capacity, GdsfPolicy(costs));
    return f(c);
  }
  }
  throw std::logic_error("unknown cache rule");
}

} // namespace cache::detail
