#include "experiments/cache_experiment.h"

#include "base/input_error.h"
#include "domineering/evaluation_cost.h"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <memory>
#include <stdexcept>

namespace experiments {

namespace {

using cache::Rule;
using cache::RuleSpec;

template <class T>
void sort_unique(std::vector<T>& v) {
  std::sort(v.begin(), v.end());
  v.erase(std::unique(v.begin(), v.end()), v.end());
}

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// The rules each live run drives (at every size): the first run the rules without a half-life,
// the second the aged and adaptive rules, so that between them every row is played live.
bool in_live_run(const RuleSpec& r, int run) { return run == 0 ? !r.has_half_life() : r.has_half_life(); }
constexpr int LIVE_RUNS = 2;

} // namespace

std::string ExperimentSpec::title() const {
  return fmt::format("{} {}", kind == ExperimentKind::mixed ? "mixed schedule" : "control", to_string(schedule));
}

ExperimentSpec checked(ExperimentSpec spec) {
  if (spec.schedule.empty())
    throw base::InputError("empty schedule: give at least one board, as in 4x5:200");
  if (spec.sizes.empty())
    throw base::InputError("no table sizes: give at least one, as in 10,20,40");
  if (spec.half_lives.empty())
    throw base::InputError("no half-lives: give at least one, as in 25,50,100");
  for (const std::size_t s : spec.sizes)
    if (s < 1 || s > MAX_TABLE_SIZE)
      throw base::InputError(fmt::format("table size {} out of range: sizes must be 1 to {}", s, MAX_TABLE_SIZE));
  for (const std::uint64_t h : spec.half_lives)
    if (h == 0)
      throw base::InputError("half-life 0 out of range: a half-life is at least 1 lookup");
  for (const std::uint64_t h : spec.adaptive_starts)
    if (h == 0)
      throw base::InputError("adaptive start 0 out of range: a starting half-life is at least 1 lookup");
  sort_unique(spec.sizes);
  sort_unique(spec.half_lives);
  sort_unique(spec.adaptive_starts);
  return spec;
}

std::vector<std::uint64_t> evaluation_costs(const catalogue::Catalogue& c) {
  std::vector<std::uint64_t> costs;
  costs.reserve(c.size());
  for (const catalogue::Entry& e : c.entries())
    costs.push_back(domineering::evaluate_from_nothing(e.shape()).games);
  return costs;
}

std::vector<RuleSpec> rules_for(const ExperimentSpec& spec, std::size_t size) {
  std::vector<RuleSpec> rules = {{Rule::lru, 0}, {Rule::lfu, 0}};
  for (const std::uint64_t h : spec.half_lives)
    rules.push_back({Rule::aged_lfu, h});
  for (const std::uint64_t h : spec.half_lives)
    rules.push_back({Rule::aged_lfu_ghost, h});
  rules.push_back({Rule::arc, 0});
  rules.push_back({Rule::sieve, 0});
  for (const Rule reference : cache::REFERENCE_RULES)
    rules.push_back({reference, 0});
  const std::uint64_t default_start = cache::AdaptiveCache<>::default_half_life(size);
  rules.push_back({Rule::adaptive, default_start});
  for (const std::uint64_t h : spec.adaptive_starts)
    if (h != default_start)
      rules.push_back({Rule::adaptive, h});
  rules.push_back({Rule::best_fixed, 0});
  rules.push_back({Rule::belady, 0});
  rules.push_back({Rule::belady_bypass, 0});
  return rules;
}

const RuleResult* ExperimentResult::find(const cache::RuleSpec& rule, std::size_t size) const {
  for (const RuleResult& r : rows)
    if (r.size == size && r.rule == rule)
      return &r;
  return nullptr;
}

bool ExperimentResult::same_lookups() const {
  if (live.empty() || trace_fingerprint != play.fingerprint || trace.size() != play.lookups)
    return false;
  return std::all_of(live.begin(), live.end(), [&](const LiveCheck& l) {
    return l.mismatches.empty() && l.fingerprint == trace_fingerprint && l.lookups == trace.size();
  });
}

std::optional<std::string> difference(const cache::Stats& live, const cache::Stats& replayed) {
  const struct {
    const char* name;
    std::uint64_t cache::Stats::*field;
  } counters[] = {
      {"lookups", &cache::Stats::lookups},
      {"hits", &cache::Stats::hits},
      {"misses", &cache::Stats::misses},
      {"first-time misses", &cache::Stats::first_time_misses},
      {"re-evaluations", &cache::Stats::re_evaluations},
      {"insertions", &cache::Stats::insertions},
      {"evictions", &cache::Stats::evictions},
      {"bypasses", &cache::Stats::bypasses},
  };
  for (const auto& c : counters)
    if (live.*c.field != replayed.*c.field)
      return fmt::format("{} {} live, {} replayed", c.name, live.*c.field, replayed.*c.field);
  return std::nullopt;
}

std::vector<std::string> law_violations(const ExperimentResult& r) {
  std::vector<std::string> out;
  for (const std::size_t size : r.spec.sizes) {
    const RuleResult* bypass = r.find({Rule::belady_bypass, 0}, size);
    const RuleResult* belady = r.find({Rule::belady, 0}, size);
    if (!bypass || !belady) {
      out.push_back(fmt::format("no Belady rows at size {}", size));
      continue;
    }
    for (const RuleResult& row : r.rows) {
      if (row.size != size || row.rule == bypass->rule)
        continue;
      const RuleResult* bound = row.rule.offline() ? bypass : belady;
      if (row.stats.hits > bound->stats.hits)
        out.push_back(fmt::format("{} at {} entries has {} hits, more than {} ({})", row.rule.name(), size, row.stats.hits,
                                  bound->rule.name(), bound->stats.hits));
    }
  }
  return out;
}

ExperimentResult run_experiment(const catalogue::Catalogue& c, const ExperimentSpec& spec_in,
                                const std::function<void(const ExperimentProgress&)>& progress) {
  ExperimentResult result;
  result.spec = checked(spec_in);
  const ExperimentSpec& spec = result.spec;
  const auto report = [&](const char* phase, std::size_t done, std::size_t total) {
    if (progress)
      progress({phase, done, total});
  };

  // 1. Play once, recording every lookup.
  auto start = std::chrono::steady_clock::now();
  result.play = self_play(
      c, spec.schedule, spec.seed, [&](std::uint32_t key) { result.trace.push_back(key); },
      [&](int done, int total) { report("playing", std::size_t(done), std::size_t(total)); });
  result.trace_fingerprint = fingerprint(std::span<const cache::Key>(result.trace));
  result.play_seconds = seconds_since(start);
  if (result.trace_fingerprint != result.play.fingerprint || result.trace.size() != result.play.lookups)
    throw std::runtime_error("the recorded trace does not match the lookups the games made");

  // 2. Replay the trace through every rule at every size.
  start = std::chrono::steady_clock::now();
  result.key_costs = evaluation_costs(c);
  const cache::CostTable costs(result.key_costs);
  std::size_t total = 0, done = 0;
  for (const std::size_t size : spec.sizes)
    total += rules_for(spec, size).size();
  for (const std::size_t size : spec.sizes)
    for (const RuleSpec& rule : rules_for(spec, size)) {
      cache::SimulationResult sim = cache::simulate(rule, size, result.trace, costs);
      result.rows.push_back({rule, size, sim.stats, std::move(sim.half_life_history), sim.cost});
      report("replaying", ++done, total);
    }
  result.replay_seconds = seconds_since(start);

  // 3. Play again with the caches inside the lookup sink, and compare.
  start = std::chrono::steady_clock::now();
  for (int run = 0; run < LIVE_RUNS; ++run) {
    std::vector<std::unique_ptr<cache::AnyCache>> caches;
    std::vector<const RuleResult*> replayed;
    LiveCheck check;
    for (const RuleResult& row : result.rows)
      if (in_live_run(row.rule, run)) {
        caches.push_back(cache::make_cache(row.rule, row.size, result.trace, costs));
        replayed.push_back(&row);
        const std::string name = row.rule.name().substr(0, row.rule.name().find(':'));
        if (std::find(check.rules.begin(), check.rules.end(), name) == check.rules.end())
          check.rules.push_back(name);
      }
    check.caches = caches.size();
    const SelfPlayResult live = self_play(
        c, spec.schedule, spec.seed,
        [&](std::uint32_t key) {
          for (const auto& cache : caches)
            cache->access(key);
        },
        [&](int games, int all) { report("live check", std::size_t(run * all + games), std::size_t(LIVE_RUNS * all)); });
    check.lookups = live.lookups;
    check.fingerprint = live.fingerprint;
    for (std::size_t i = 0; i < caches.size(); ++i) {
      const RuleResult& row = *replayed[i];
      if (const auto diff = difference(caches[i]->stats(), row.stats))
        check.mismatches.push_back(fmt::format("{} at {}: {}", row.rule.name(), row.size, *diff));
      else if (caches[i]->half_life_history() != row.half_life_history)
        check.mismatches.push_back(fmt::format("{} at {}: half-life history differs", row.rule.name(), row.size));
    }
    result.live.push_back(std::move(check));
  }
  result.live_seconds = seconds_since(start);

  for (std::size_t run = 0; run < result.live.size(); ++run) {
    const LiveCheck& l = result.live[run];
    if (l.lookups != result.trace.size() || l.fingerprint != result.trace_fingerprint)
      throw std::runtime_error(fmt::format("live run {} made {} lookups with fingerprint {:016x}; the recording made {} with "
                                           "fingerprint {:016x}: the rules did not see the same lookups",
                                           run + 1, l.lookups, l.fingerprint, result.trace.size(), result.trace_fingerprint));
    if (!l.mismatches.empty())
      throw std::runtime_error(
          fmt::format("live run {}: {} cache(s) differ from the replay, first {}", run + 1, l.mismatches.size(), l.mismatches.front()));
  }
  if (const auto broken = law_violations(result); !broken.empty())
    throw std::runtime_error(fmt::format("a law of the rules is broken: {}", broken.front()));
  return result;
}

} // namespace experiments
