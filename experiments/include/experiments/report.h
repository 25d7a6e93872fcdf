// Reports of the cache experiments: the output folder of one experiment (results.csv, results.md,
// trace.txt, plot.gp and the plots) and the summary.md of `experiment all`. Every file is written
// with base::write_atomically (the trace with cache's TraceWriter, which is atomic too), so a
// folder holds old or new files, never torn ones. The trace is written first and read back, and
// its fingerprint must equal the recording's before anything else is written. Tables are built
// once as TextTable and rendered as Markdown for the files or as aligned text for the terminal.
#pragma once

#include "experiments/cache_experiment.h"
#include "experiments/findings.h"
#include "experiments/plot.h"

#include <filesystem>
#include <string>
#include <vector>

namespace experiments {

// results.csv, one row per rule, table size and half-life, with a header row:
//   rule               lru, lfu, aged-lfu, aged-lfu-ghost, arc, sieve, adaptive, best-fixed, belady,
//                      belady-bypass
//   size               table entries
//   half_life          aged-lfu, aged-lfu-ghost: its half-life; adaptive: its starting half-life;
//                      else empty
//   lookups, hits      counts over the whole trace
//   hit_rate           hits / lookups, six decimals
//   misses, first_time_misses, re_evaluations, evictions   counts (cache/stats.h)
//   lookup_cost, cost_hits, cost_hit_rate, re_evaluation_cost   the same weighted by each lookup's
//                      evaluation cost (cache/cost.h): sums, and cost_hits / lookup_cost
inline constexpr const char* RESULTS_CSV = "results.csv";
inline constexpr const char* RESULTS_MD = "results.md";
inline constexpr const char* TRACE_TXT = "trace.txt";
inline constexpr const char* COSTS_TXT = "costs.txt";
inline constexpr const char* SUMMARY_MD = "summary.md";

// A table of strings with a header row.
struct TextTable {
  std::vector<std::string> header;
  std::vector<std::vector<std::string>> rows;
  std::vector<bool> right_aligned; // per column; numbers are right-aligned

  std::string markdown() const;
  std::string aligned(const std::string& indent = "  ") const; // monospace columns, for a terminal
};

// Per-board lookups beside the essay's run.
TextTable lookups_table(const ExperimentResult& r);
// Every rule at one table size; the best half-life is marked.
TextTable size_table(const SizeView& v);
// Hit rates of every rule (rows) at every size (columns).
TextTable hit_rate_table(const ExperimentResult& r);
// The same with each lookup weighted by its evaluation cost: percent of the cost of all lookups
// carried by the hits.
TextTable cost_rate_table(const ExperimentResult& r);
// The cost of each lookup of the trace, in order (costs.txt).
std::vector<std::uint64_t> lookup_costs(const ExperimentResult& r);
// The adaptive rule from each starting half-life (rows) at every size (columns).
TextTable adaptive_starts_table(const ExperimentResult& r);

std::string results_csv(const ExperimentResult& r);

// What write_experiment wrote.
struct WrittenExperiment {
  std::filesystem::path dir;
  std::vector<std::string> files;       // names in dir, in writing order
  std::uint64_t trace_file_lookups = 0; // trace.txt read back
  std::uint64_t trace_file_fingerprint = 0;
  PlotOutcome plots;
};

// The findings the report states: essay_findings for a mixed schedule, control_answers else.
std::vector<Finding> findings_of(const ExperimentResult& r);

std::string results_markdown(const ExperimentResult& r, const WrittenExperiment& w);

// Writes the folder (created if missing): trace.txt (checked by reading it back), results.csv,
// plot.gp, the plots (via gnuplot; a failure only lands in plots.problem), then results.md.
// Throws std::runtime_error if the trace read back differs or a file cannot be written.
WrittenExperiment write_experiment(const std::filesystem::path& dir, const ExperimentResult& r,
                                   const std::string& gnuplot = gnuplot_program());

// One experiment of `experiment all`, and where its folder is relative to the summary.
struct ExperimentRun {
  ExperimentResult result;
  WrittenExperiment written;
  std::string folder;       // relative to the summary, e.g. "mixed"
  double seconds = 0;       // play, replay, live check and writing
  double write_seconds = 0; // writing alone
};

std::string summary_markdown(const ExperimentRun& mixed, const std::vector<ExperimentRun>& controls, double seconds);

} // namespace experiments
