// AnyCache: every rule of the module behind one virtual interface, chosen at run time by name, for
// the experiments and the CLI, which loop over rules, table sizes and half-lives. It costs one
// virtual call per lookup; simulate() avoids even that by running the concrete Cache<Policy>
// in one loop. Code that knows its rule at compile time uses Cache<Policy> or AdaptiveCache
// directly. Rule names are the policies' NAMEs, with the half-life after a colon. A cache that
// carries values (the solver's table) is built from the same RuleSpec by make_value_cache
// (any_value_cache.h).
#pragma once

#include "cache/adaptive.h"
#include "cache/cost.h"
#include "cache/key.h"
#include "cache/stats.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace cache {

// The reference rules of the field (fifo to gdsf) follow the project's own in this order.
enum class Rule {
  lru,
  lfu,
  aged_lfu,
  aged_lfu_ghost,
  arc,
  sieve,
  belady,
  belady_bypass,
  best_fixed,
  adaptive,
  fifo,
  clock,
  slru,
  two_q,
  s3_fifo,
  w_tinylfu,
  lirs,
  lfu_da,
  hyperbolic,
  lecar,
  cacheus,
  gdsf,
};

// The published rules every experiment compares against (each header names its source): FIFO,
// CLOCK, SLRU, 2Q, S3-FIFO, W-TinyLFU, LIRS, LFU-DA (GDSF with unit costs), Hyperbolic caching,
// LeCaR, CACHEUS and GDSF (with the costs the caller gives; unit costs make it LFU-DA). LRU, ARC
// and SIEVE are rules of the field too, with rows of their own.
inline constexpr Rule REFERENCE_RULES[] = {Rule::fifo, Rule::clock,  Rule::slru,       Rule::two_q, Rule::s3_fifo, Rule::w_tinylfu,
                                           Rule::lirs, Rule::lfu_da, Rule::hyperbolic, Rule::lecar, Rule::cacheus, Rule::gdsf};

struct RuleSpec {
  Rule rule = Rule::lru;
  // aged_lfu, aged_lfu_ghost: the half-life (at least 1). adaptive: the starting half-life, 0 for
  // the default.
  // Ignored by the other rules.
  std::uint64_t half_life = 0;

  // "lru", "lfu", "aged-lfu:H", "aged-lfu-ghost:H", "arc", "sieve", "belady", "belady-bypass",
  // "best-fixed", "adaptive" or "adaptive:H", or a reference rule's name ("fifo", "clock", "slru",
  // "2q", "s3-fifo", "w-tinylfu", "lirs", "lfu-da", "hyperbolic", "lecar", "cacheus", "gdsf");
  // parse(name()) gives the same spec back.
  std::string name() const;
  // Throws std::invalid_argument naming the text and the known rules.
  static RuleSpec parse(std::string_view text);
  // Whether half_life means something: aged LFU (with or without ghosts) and the adaptive rule.
  bool has_half_life() const { return rule == Rule::aged_lfu || rule == Rule::aged_lfu_ghost || rule == Rule::adaptive; }
  // Whether the rule needs the whole trace in advance (Belady, the best fixed table).
  bool offline() const { return rule == Rule::belady || rule == Rule::belady_bypass || rule == Rule::best_fixed; }

  friend bool operator==(const RuleSpec&, const RuleSpec&) = default;
};

class AnyCache {
public:
  virtual ~AnyCache() = default;
  virtual bool access(Key key) = 0;
  virtual const Stats& stats() const = 0;
  virtual std::size_t capacity() const = 0;
  virtual RuleSpec spec() const = 0;
  // The adaptive rule's half-life over time; empty for the other rules.
  virtual std::vector<HalfLifeSample> half_life_history() const { return {}; }
};

// A cache of `capacity` entries following `spec`. Offline rules read the future from `trace`,
// which must be the trace the cache will be driven with; the others ignore it. GDSF takes the
// cost of each key from `costs`; the others ignore it. Throws std::logic_error for a capacity
// out of range or an aged LFU without a half-life.
std::unique_ptr<AnyCache> make_cache(const RuleSpec& spec, std::size_t capacity, std::span<const Key> trace = {},
                                     const CostTable& costs = {});

struct SimulationResult {
  Stats stats;
  std::vector<HalfLifeSample> half_life_history; // adaptive only
  CostStats cost;                                // every rule: the lookups weighted by `costs`
};

// Replays `trace` through a fresh cache of `capacity` entries following `spec` (GDSF evicting by
// `costs`), and weighs every lookup by the cost of its key: a lookup adds costs.cost(key) to
// cost.lookups, and to cost.hits on a hit or to cost.re_evaluations on a miss that is a
// re-evaluation. With unit costs, cost equals the matching counts of stats.
SimulationResult simulate(const RuleSpec& spec, std::size_t capacity, std::span<const Key> trace, const CostTable& costs = {});

} // namespace cache
