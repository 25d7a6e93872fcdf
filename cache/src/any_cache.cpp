#include "cache/any_cache.h"

#include <charconv>
#include <stdexcept>
#include <type_traits>
#include <utility>

#include "cache/adaptive.h"
#include "cache/aged_lfu.h"
#include "cache/aged_lfu_ghost.h"
#include "cache/arc.h"
#include "cache/belady.h"
#include "cache/best_fixed.h"
#include "cache/cache.h"
#include "cache/cacheus.h"
#include "cache/clock.h"
#include "cache/fifo.h"
#include "cache/hyperbolic.h"
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

namespace cache {

namespace {

struct RuleName {
  Rule rule;
  std::string_view name;
  bool takes_half_life;
};

constexpr RuleName RULE_NAMES[] = {
    {Rule::lru, LruPolicy::NAME, false},
    {Rule::lfu, LfuPolicy::NAME, false},
    {Rule::aged_lfu, AgedLfuPolicy::NAME, true},
    {Rule::aged_lfu_ghost, AgedLfuGhostPolicy::NAME, true},
    {Rule::arc, ArcPolicy::NAME, false},
    {Rule::sieve, SievePolicy::NAME, false},
    {Rule::belady, "belady", false},
    {Rule::belady_bypass, "belady-bypass", false},
    {Rule::best_fixed, BestFixedPolicy::NAME, false},
    {Rule::adaptive, "adaptive", true},
    {Rule::fifo, FifoPolicy::NAME, false},
    {Rule::clock, ClockPolicy::NAME, false},
    {Rule::slru, SlruPolicy::NAME, false},
    {Rule::two_q, TwoQPolicy::NAME, false},
    {Rule::s3_fifo, S3FifoPolicy::NAME, false},
    {Rule::w_tinylfu, WTinyLfuPolicy::NAME, false},
    {Rule::lirs, LirsPolicy::NAME, false},
    {Rule::lfu_da, LfuDaPolicy::NAME, false},
    {Rule::hyperbolic, HyperbolicPolicy::NAME, false},
    {Rule::lecar, LecarPolicy::NAME, false},
    {Rule::cacheus, CacheusPolicy::NAME, false},
};

constexpr std::string_view KNOWN_RULES = "lru, lfu, aged-lfu:H, aged-lfu-ghost:H, arc, sieve, belady, belady-bypass, best-fixed, adaptive, "
                                         "adaptive:H, fifo, clock, slru, 2q, s3-fifo, w-tinylfu, lirs, lfu-da, hyperbolic, lecar, cacheus";

// Calls f with a cache of the default-constructed policy P.
template <class P, class F>
decltype(auto) with_policy(std::size_t capacity, F&& f) {
  Cache<P> c(capacity);
  return f(c);
}

// Calls f with the concrete cache for `spec`.
template <class F>
decltype(auto) with_cache(const RuleSpec& spec, std::size_t capacity, std::span<const Key> trace, F&& f) {
  switch (spec.rule) {
  case Rule::lru: {
    Cache<LruPolicy> c(capacity);
    return f(c);
  }
  case Rule::lfu: {
    Cache<LfuPolicy> c(capacity);
    return f(c);
  }
  case Rule::aged_lfu: {
    if (spec.half_life == 0)
      throw std::logic_error("aged LFU needs a half-life of at least one lookup");
    Cache<AgedLfuPolicy> c(capacity, AgedLfuPolicy(spec.half_life));
    return f(c);
  }
  case Rule::aged_lfu_ghost: {
    if (spec.half_life == 0)
      throw std::logic_error("aged LFU with ghosts needs a half-life of at least one lookup");
    Cache<AgedLfuGhostPolicy> c(capacity, AgedLfuGhostPolicy(spec.half_life));
    return f(c);
  }
  case Rule::arc: {
    Cache<ArcPolicy> c(capacity);
    return f(c);
  }
  case Rule::sieve: {
    Cache<SievePolicy> c(capacity);
    return f(c);
  }
  case Rule::belady:
  case Rule::belady_bypass: {
    Cache<BeladyPolicy> c(capacity,
                          BeladyPolicy(std::make_shared<const Future>(trace), spec.rule == Rule::belady_bypass ? Bypass::yes : Bypass::no));
    return f(c);
  }
  case Rule::best_fixed: {
    Cache<BestFixedPolicy> c(capacity, BestFixedPolicy(trace));
    return f(c);
  }
  case Rule::adaptive: {
    AdaptiveCache<> c(capacity, spec.half_life);
    return f(c);
  }
  case Rule::fifo: return with_policy<FifoPolicy>(capacity, f);
  case Rule::clock: return with_policy<ClockPolicy>(capacity, f);
  case Rule::slru: return with_policy<SlruPolicy>(capacity, f);
  case Rule::two_q: return with_policy<TwoQPolicy>(capacity, f);
  case Rule::s3_fifo: return with_policy<S3FifoPolicy>(capacity, f);
  case Rule::w_tinylfu: return with_policy<WTinyLfuPolicy>(capacity, f);
  case Rule::lirs: return with_policy<LirsPolicy>(capacity, f);
  case Rule::lfu_da: return with_policy<LfuDaPolicy>(capacity, f);
  case Rule::hyperbolic: return with_policy<HyperbolicPolicy>(capacity, f);
  case Rule::lecar: return with_policy<LecarPolicy>(capacity, f);
  case Rule::cacheus: return with_policy<CacheusPolicy>(capacity, f);
  }
  throw std::logic_error("unknown cache rule");
}

template <class C>
std::vector<HalfLifeSample> history_of(const C& c) {
  if constexpr (requires { c.half_life_history(); })
    return c.half_life_history();
  else
    return {};
}

template <class C>
class Holder final : public AnyCache {
public:
  Holder(C&& cache, RuleSpec spec) : cache_(std::move(cache)), spec_(spec) {}
  bool access(Key key) override { return cache_.access(key); }
  const Stats& stats() const override { return cache_.stats(); }
  std::size_t capacity() const override { return cache_.capacity(); }
  RuleSpec spec() const override { return spec_; }
  std::vector<HalfLifeSample> half_life_history() const override { return history_of(cache_); }

private:
  C cache_;
  RuleSpec spec_;
};

} // namespace

std::string RuleSpec::name() const {
  for (const RuleName& r : RULE_NAMES)
    if (r.rule == rule) {
      std::string out(r.name);
      if (r.takes_half_life && half_life != 0)
        out += ":" + std::to_string(half_life);
      return out;
    }
  return "?";
}

RuleSpec RuleSpec::parse(std::string_view text) {
  const std::size_t colon = text.find(':');
  const std::string_view head = text.substr(0, colon);
  for (const RuleName& r : RULE_NAMES) {
    if (r.name != head)
      continue;
    RuleSpec spec{r.rule, 0};
    if (colon != std::string_view::npos) {
      const std::string_view digits = text.substr(colon + 1);
      const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), spec.half_life);
      if (!r.takes_half_life)
        throw std::invalid_argument("cache rule \"" + std::string(head) + "\" takes no half-life, got \"" + std::string(text) + "\"");
      if (digits.empty() || error != std::errc() || end != digits.data() + digits.size() || spec.half_life == 0)
        throw std::invalid_argument("bad half-life in cache rule \"" + std::string(text) +
                                    "\": expected a whole number of lookups from 1 to 18446744073709551615");
    } else if (r.rule == Rule::aged_lfu || r.rule == Rule::aged_lfu_ghost) {
      throw std::invalid_argument("cache rule \"" + std::string(head) + "\" needs a half-life, as in \"" + std::string(head) + ":50\"");
    }
    return spec;
  }
  throw std::invalid_argument("unknown cache rule \"" + std::string(text) + "\"; known rules: " + std::string(KNOWN_RULES));
}

std::unique_ptr<AnyCache> make_cache(const RuleSpec& spec, std::size_t capacity, std::span<const Key> trace) {
  return with_cache(spec, capacity, trace, [&](auto& c) -> std::unique_ptr<AnyCache> {
    using C = std::remove_reference_t<decltype(c)>;
    return std::make_unique<Holder<C>>(std::move(c), spec);
  });
}

SimulationResult simulate(const RuleSpec& spec, std::size_t capacity, std::span<const Key> trace) {
  return with_cache(spec, capacity, trace, [&](auto& c) {
    for (const Key k : trace)
      c.access(k);
    return SimulationResult{c.stats(), history_of(c)};
  });
}

} // namespace cache
