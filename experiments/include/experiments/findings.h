// Findings: what the numbers of one experiment say about the claims of the essay "A count that
// forgets", decided by fixed rules from this run's own rows and never from the essay's numbers.
// On a mixed schedule the essay's four findings (a) to (d) and the adaptive rule's two targets;
// on a control (one board throughout) the essay's open questions. Each finding says whether it
// holds at every table size, at which sizes it holds, and the numbers behind it, so a report can
// show where it fails. Comparisons are of hit counts, exact; a tie does not count as "beats".
// Gaps are in percentage points of hit rate.
#pragma once

#include "experiments/cache_experiment.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace experiments {

// The adaptive rule must come within this many points of the best fixed half-life of plain aged
// LFU: the target it was designed to (docs/experiments.md).
inline constexpr double ADAPTIVE_TARGET_POINTS = 0.1;

// The rows of one table size, by role. Pointers into the ExperimentResult it was made from.
struct SizeView {
  std::size_t size = 0;
  const RuleResult* lru = nullptr;
  const RuleResult* lfu = nullptr;
  const RuleResult* arc = nullptr;
  const RuleResult* sieve = nullptr;
  const RuleResult* adaptive = nullptr; // from its default start
  const RuleResult* best_fixed = nullptr;
  const RuleResult* belady = nullptr;
  const RuleResult* belady_bypass = nullptr;
  std::vector<const RuleResult*> aged;            // by half-life
  const RuleResult* best_aged = nullptr;          // most hits; a tie goes to the shorter half-life
  std::vector<const RuleResult*> ghost;           // aged LFU with ghost counts (the adaptive rule's bank), by half-life
  const RuleResult* best_ghost = nullptr;         // as best_aged
  std::vector<const RuleResult*> adaptive_starts; // every start, the default included, by start
  std::vector<const RuleResult*> reference;       // the published rules, in cache::REFERENCE_RULES order
  // The rules of the field the adaptive rule is measured against: LRU, ARC, SIEVE and the reference rules.
  std::vector<const RuleResult*> published;
  // The rules that run without the future (everything but best-fixed and Belady), report order,
  // with the adaptive rule once (from its default start).
  std::vector<const RuleResult*> online;
};

// One view per table size, in size order. Throws std::logic_error if a rule is missing.
std::vector<SizeView> size_views(const ExperimentResult& r);

struct Finding {
  std::string id;                    // "a" to "d", "adaptive-best", "adaptive-others"; "counting", ... for controls
  std::string claim;                 // the claim or question, one sentence
  bool holds = false;                // at every size
  std::vector<std::size_t> holds_at; // the sizes where it holds
  std::vector<std::string> evidence; // one line per size, with the numbers
  std::string verdict;               // one sentence: holds, or where and by how much it fails
};

// Findings (a) to (d) of the essay and the adaptive rule's targets.
std::vector<Finding> essay_findings(const ExperimentResult& r);

// The open questions of the essay for a control: does a counting rule (LFU or aged LFU) do at least
// as well as recency; is the best fixed table no longer beaten (and by which rules, by how much);
// where the best half-life sits; and the adaptive rule's targets.
std::vector<Finding> control_answers(const ExperimentResult& r);

// The adaptive targets alone (shared by both lists).
std::vector<Finding> adaptive_findings(const ExperimentResult& r);

// The rule's name as the reports print it: "LRU", "aged LFU H=64", "W-TinyLFU", ...
std::string label(const RuleResult* r);

// "94.250" (percent, three decimals) and "+0.412" (points, signed, three decimals).
std::string percent(double p);
std::string points(double p);

// 1234567 -> "1,234,567".
std::string grouped(std::uint64_t n);

// "25 and 50", "10, 20 and 40", "none".
std::string join_sizes(const std::vector<std::size_t>& sizes);

} // namespace experiments
