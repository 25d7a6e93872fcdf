// The cache experiments (docs/experiments.md), after the essay "A count that forgets": a table of
// component values with room for only a few entries, under every eviction rule of cache/, fed by
// the lookups of StopsPlayer self-play. The games are played once and their lookups recorded
// (the trace); every rule at every table size is then replayed from that one trace, so all rules
// see the same lookups in the same order. That is checked, not assumed: the games are played
// twice more with the caches inside the player's lookup sink (each live run driving part of the
// rules at every size), and each live run's fingerprint and every live cache's statistics must
// equal the recording's and the replay's, or the run fails. Offline rules (Belady, the best fixed
// table) read their future from the recorded trace in both. Cost: three self-plays plus one
// replay per rule and size; memory is the trace (8 bytes a lookup) and one cache at a time.
#pragma once

#include "experiments/schedule.h"
#include "experiments/self_play.h"

#include "cache/adaptive.h"
#include "cache/any_cache.h"
#include "cache/cost.h"
#include "cache/key.h"
#include "cache/stats.h"
#include "catalogue/catalogue.h"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace experiments {

// The essay's grid: three table sizes and six half-lives, from a tenth of a game to twenty games.
inline const std::vector<std::size_t> DEFAULT_SIZES = {10, 20, 40};
inline const std::vector<std::uint64_t> DEFAULT_HALF_LIVES = {25, 50, 100, 200, 1000, 5000};
// Starting half-lives the adaptive rule is also run from, besides its default (the table size),
// to show the start hardly matters: from "recency" through "never halve" within this run.
inline const std::vector<std::uint64_t> ADAPTIVE_STARTS = {1, 100, 10000};
// The largest table simulated; the adaptive rule's bank holds about 20 caches of this size.
inline constexpr std::size_t MAX_TABLE_SIZE = 1'000'000;
// The essay's run, for comparison in the reports.
inline constexpr std::uint64_t ESSAY_LOOKUPS = 140'123;
inline constexpr int ESSAY_GAMES = 650;
inline constexpr int DEFAULT_CONTROL_GAMES = 650;

// What the report asks of the numbers: the essay's findings on a schedule of several boards, or
// the essay's open questions on a control that plays one board throughout.
enum class ExperimentKind { mixed, control };

struct ExperimentSpec {
  ExperimentKind kind = ExperimentKind::mixed;
  Schedule schedule;
  std::vector<std::size_t> sizes = DEFAULT_SIZES;
  std::vector<std::uint64_t> half_lives = DEFAULT_HALF_LIVES;
  std::vector<std::uint64_t> adaptive_starts = ADAPTIVE_STARTS;
  std::uint64_t seed = DEFAULT_SEED;

  // "mixed schedule 4x5:200,..." or "control 5x5:650".
  std::string title() const;
};

// The spec with sizes, half-lives and starts sorted and de-duplicated. Throws base::InputError for
// an empty schedule or list, a size of 0 or above MAX_TABLE_SIZE, or a half-life or start of 0.
ExperimentSpec checked(ExperimentSpec spec);

// One rule at one table size, replayed over the whole trace. For aged LFU, rule.half_life is its
// half-life; for the adaptive rule it is the starting half-life (the default start resolved to
// its value, AdaptiveCache<>::default_half_life(size)); other rules have 0.
struct RuleResult {
  cache::RuleSpec rule;
  std::size_t size = 0;
  cache::Stats stats;
  std::vector<cache::HalfLifeSample> half_life_history; // adaptive only
  cache::CostStats cost;                                // the same lookups weighted by their evaluation cost

  // The adaptive rule's last half-life (0 for the other rules).
  std::uint64_t settled_half_life() const { return half_life_history.empty() ? 0 : half_life_history.back().half_life; }
  // Whether the adaptive rule ended following a simulation with dynamic ageing (false for the
  // other rules).
  bool settled_dynamic() const { return !half_life_history.empty() && half_life_history.back().ageing == cache::Ageing::dynamic; }
  // " with dynamic ageing" when settled_dynamic(), else "": for the reports' settled H.
  const char* settled_ageing_text() const { return settled_dynamic() ? " with dynamic ageing" : ""; }
  // Hit rate in percent.
  double hit_percent() const { return 100.0 * stats.hit_rate(); }
};

// What a miss on each catalogue shape costs, by catalogue index (the key): the classes of regions
// valued when it is evaluated from nothing (domineering/evaluation_cost.h), at least 1. The GDSF
// rule weighs its entries by it, and every rule's lookups are also counted weighted by it.
std::vector<std::uint64_t> evaluation_costs(const catalogue::Catalogue& c);

// The rules of one size in report order: lru, lfu, aged-lfu at each half-life, arc, sieve,
// adaptive from its default start then the other starts, best-fixed, belady, belady-bypass.
std::vector<cache::RuleSpec> rules_for(const ExperimentSpec& spec, std::size_t size);

// One replay of the games with caches inside the lookup sink.
struct LiveCheck {
  std::vector<std::string> rules; // the rules it drove ("lru", "aged-lfu"), each at every size and half-life
  std::size_t caches = 0;         // rules x sizes
  std::uint64_t lookups = 0;
  std::uint64_t fingerprint = 0;
  std::vector<std::string> mismatches; // "lru at 10: hits 100 live, 101 replayed", ...
};

struct ExperimentResult {
  ExperimentSpec spec;
  SelfPlayResult play;                  // the recording run
  std::vector<cache::Key> trace;        // its lookups, in order
  std::vector<std::uint64_t> key_costs; // evaluation_costs of the catalogue, by key
  std::uint64_t trace_fingerprint = 0;  // fingerprint(trace), recomputed from the stored keys
  std::vector<RuleResult> rows;         // by size, then in rules_for order
  std::vector<LiveCheck> live;
  double play_seconds = 0, replay_seconds = 0, live_seconds = 0;

  // The row of a rule at a size, or nullptr.
  const RuleResult* find(const cache::RuleSpec& rule, std::size_t size) const;
  // Whether every live run made the recorded lookups and every live cache matched its replay.
  bool same_lookups() const;
};

// Progress: the phase ("playing", "replaying", "live check"), and its steps done and total.
struct ExperimentProgress {
  const char* phase = "";
  std::size_t done = 0;
  std::size_t total = 0;
};

// Plays, records, replays and checks. Throws std::runtime_error (a failed internal check, exit 1
// in the CLI) naming the first difference when a live run does not match the recording.
ExperimentResult run_experiment(const catalogue::Catalogue& c, const ExperimentSpec& spec,
                                const std::function<void(const ExperimentProgress&)>& progress = {});

// The laws every result must obey, as theorems about the rules, so a violation is a bug: at every
// size, hits(best fixed table) <= hits(Belady with bypass), hits(Belady) <= hits(Belady with
// bypass), and hits(rule) <= hits(Belady) for every online rule (all of them store every miss,
// and Belady is optimal among such rules). Returns one line per violation; run_experiment throws.
std::vector<std::string> law_violations(const ExperimentResult& r);
inline constexpr const char* LAWS_CHECKED =
    "at every size, the best fixed table and Belady never beat Belady with bypass, and no online rule beats Belady";

// The first counter in which `live` differs from `replayed`, as "hits 100 live, 101 replayed",
// or nullopt when they are equal.
std::optional<std::string> difference(const cache::Stats& live, const cache::Stats& replayed);

} // namespace experiments
