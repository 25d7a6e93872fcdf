#include "cache/any_cache.h"

#include <charconv>
#include <cstdint>
#include <stdexcept>
#include <type_traits>
#include <utility>

#include "cache/adaptive.h"
#include "cache/aged_lfu.h"
#include "cache/aged_lfu_ghost.h"
#include "cache/arc.h"
#include "cache/best_fixed.h"
#include "cache/cacheus.h"
#include "cache/clock.h"
#include "cache/detail/rule_dispatch.h"
#include "cache/fifo.h"
#include "cache/gdsf.h"
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
    {Rule::gdsf, GdsfPolicy::NAME, false},
};

constexpr std::string_view KNOWN_RULES =
    "lru, lfu, aged-lfu:H, aged-lfu-ghost:H, arc, sieve, belady, belady-bypass, best-fixed, adaptive, "
    "adaptive:H, fifo, clock, slru, 2q, s3-fifo, w-tinylfu, lirs, lfu-da, hyperbolic, lecar, cacheus, gdsf";

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

std::unique_ptr<AnyCache> make_cache(const RuleSpec& spec, std::size_t capacity, std::span<const Key> trace, const CostTable& costs) {
  return detail::with_rule_cache<NoValue>(spec, capacity, trace, costs, [&](auto& c) -> std::unique_ptr<AnyCache> {
    using C = std::remove_reference_t<decltype(c)>;
    return std::make_unique<Holder<C>>(std::move(c), spec);
  });
}

SimulationResult simulate(const RuleSpec& spec, std::size_t capacity, std::span<const Key> trace, const CostTable& costs) {
  return detail::with_rule_cache<NoValue>(spec, capacity, trace, costs, [&](auto& c) {
    if (costs.unit()) { // every cost 1: the weighted counts are the counts
      for (const Key k : trace)
        c.access(k);
      const Stats& s = c.stats();
      return SimulationResult{s, history_of(c), CostStats{s.lookups, s.hits, s.re_evaluations}};
    }
    CostStats cost;
    for (const Key k : trace) {
      const std::uint64_t re_evaluations = c.stats().re_evaluations;
      const std::uint64_t w = costs.cost(k);
      cost.lookups += w;
      if (c.access(k))
        cost.hits += w;
      else if (c.stats().re_evaluations != re_evaluations)
        cost.re_evaluations += w;
    }
    return SimulationResult{c.stats(), history_of(c), cost};
  });
}

} // namespace cache
