#include "experiments/report.h"

#include "support.h"

#include "cache/trace_file.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <fstream>
#include <iterator>
#include <list>
#include <set>
#include <sstream>
#include <string>
#include <vector>

using experiments::ExperimentKind;
using experiments::ExperimentSpec;

namespace {

std::string slurp(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);)
    out.push_back(line);
  return out;
}

const experiments::ExperimentResult& small(ExperimentKind kind) {
  const auto make = [](ExperimentKind k) {
    ExperimentSpec spec;
    spec.kind = k;
    spec.schedule = experiments::parse_schedule(k == ExperimentKind::mixed ? test_support::SMALL_SCHEDULE : "5x5:10");
    spec.sizes = {10, 20};
    return experiments::run_experiment(test_support::eight(), spec);
  };
  static const experiments::ExperimentResult mixed = make(ExperimentKind::mixed), control = make(ExperimentKind::control);
  return kind == ExperimentKind::mixed ? mixed : control;
}

// A program that is certainly not there, to stand for a machine without gnuplot.
constexpr const char* NO_GNUPLOT = "/nonexistent/domineering-test/gnuplot";

} // namespace

TEST_CASE("results.csv and results.md hold every rule at every size", "[experiments]") {
  // experiment kind, heading of its findings section in results.md
  static const struct Row {
    ExperimentKind kind;
    const char* findings_heading;
  } rows[] = {
      {ExperimentKind::mixed, "## The essay's findings on this run"},
      {ExperimentKind::control, "## The essay's open questions, answered on this board"},
  };
  for (const Row& row : rows) {
    CAPTURE(row.findings_heading);
    const auto& r = small(row.kind);
    test_support::TempDir dir;
    const auto w = experiments::write_experiment(dir.path(), r, NO_GNUPLOT);
    for (const char* file : {experiments::RESULTS_CSV, experiments::RESULTS_MD, experiments::TRACE_TXT, experiments::PLOT_SCRIPT})
      CHECK(std::filesystem::exists(dir.path() / file));

    const auto csv = lines(slurp(dir.path() / experiments::RESULTS_CSV));
    REQUIRE(csv.size() == r.rows.size() + 1);
    CHECK(csv.front() == "rule,size,half_life,lookups,hits,hit_rate,misses,first_time_misses,re_evaluations,evictions,lookup_cost,"
                         "cost_hits,cost_hit_rate,re_evaluation_cost");
    const std::string md = slurp(dir.path() / experiments::RESULTS_MD);
    for (const std::size_t size : r.spec.sizes) {
      CHECK_THAT(md, Catch::Contains("### " + std::to_string(size) + " entries"));
      for (const auto& rule : experiments::rules_for(r.spec, size)) {
        const std::string name = rule.name(), word = name.substr(0, name.find(':'));
        const bool timed = rule.has_half_life();
        const std::string prefix = word + "," + std::to_string(size) + "," + (timed ? std::to_string(rule.half_life) : "") + ",";
        CAPTURE(prefix);
        CHECK(std::count_if(csv.begin(), csv.end(), [&](const std::string& l) { return l.rfind(prefix, 0) == 0; }) == 1);
        CHECK_THAT(md, Catch::Contains("| " + word));
      }
    }
    CHECK_THAT(md, Catch::Contains(row.findings_heading));
    CHECK_THAT(md, Catch::Contains("140,123"));
    CHECK(cache::read_trace(dir.path() / experiments::TRACE_TXT) == r.trace);
    CHECK(w.trace_file_fingerprint == r.trace_fingerprint);
    // costs.txt: line i is the cost of lookup i, the evaluation cost of its shape.
    const std::vector<cache::Key> costs = cache::read_trace(dir.path() / experiments::COSTS_TXT);
    REQUIRE(costs.size() == r.trace.size());
    for (std::size_t i = 0; i < costs.size(); ++i)
      if (costs[i] != r.key_costs.at(r.trace[i]))
        FAIL("lookup " << i << " has cost " << costs[i] << ", its shape " << r.key_costs.at(r.trace[i]));
  }
}

TEST_CASE("cost-weighted results equal a plain LRU replay weighing each lookup by its shape's cost", "[experiments]") {
  const auto& r = small(ExperimentKind::mixed);
  for (const std::size_t size : r.spec.sizes) {
    CAPTURE(size);
    std::list<cache::Key> order; // front: the most recent
    std::set<cache::Key> seen;
    cache::CostStats expected;
    for (const cache::Key k : r.trace) {
      const std::uint64_t c = r.key_costs.at(k);
      expected.lookups += c;
      const auto it = std::find(order.begin(), order.end(), k);
      if (it != order.end()) {
        expected.hits += c;
        order.erase(it);
      } else {
        if (!seen.insert(k).second)
          expected.re_evaluations += c;
        if (order.size() == size)
          order.pop_back();
      }
      order.push_front(k);
    }
    const experiments::RuleResult* lru = r.find({cache::Rule::lru, 0}, size);
    REQUIRE(lru != nullptr);
    CHECK(lru->cost == expected);
    // Every rule's weighted lookups are the same total, and its hits part of it.
    for (const auto& row : r.rows)
      if (row.size == size) {
        CHECK(row.cost.lookups == expected.lookups);
        CHECK(row.cost.hits + row.cost.re_evaluations <= row.cost.lookups);
      }
  }
}

TEST_CASE("without gnuplot the data is still written and the reason given", "[experiments]") {
  const auto& r = small(ExperimentKind::mixed);
  test_support::TempDir dir;
  const auto w = experiments::write_experiment(dir.path(), r, NO_GNUPLOT);
  CHECK_THAT(w.plots.problem, Catch::Contains("cannot run"));
  CHECK(w.plots.files.empty());
  CHECK_FALSE(std::filesystem::exists(dir.path() / "hit-rate.png"));
  CHECK_FALSE(std::filesystem::exists(dir.path() / "hit-rate.svg"));
  CHECK_THAT(slurp(dir.path() / experiments::RESULTS_MD), Catch::Contains("Not rendered"));
  // Nothing but the files themselves is left in the folder (no temporaries).
  std::size_t entries = 0;
  for ([[maybe_unused]] const auto& e : std::filesystem::directory_iterator(dir.path()))
    ++entries;
  CHECK(entries == w.files.size());
}

TEST_CASE("gnuplot renders every plot in the terminal the script picks", "[experiments]") {
  // forced terminal (empty: the script's own choice), extension expected
  static const struct Row {
    const char* terminal;
    const char* extension;
  } rows[] = {{"", nullptr}, {"svg", "svg"}};
  const auto& r = small(ExperimentKind::mixed);
  for (const Row& row : rows) {
    CAPTURE(row.terminal);
    test_support::TempDir dir;
    std::string script = experiments::plot_script(r);
    if (*row.terminal)
      script = "terminal = \"" + std::string(row.terminal) + "\"\n" + script;
    std::ofstream(dir.path() / experiments::PLOT_SCRIPT) << script;
    const auto out = experiments::render_plots(dir.path());
    if (out.problem.find("cannot run") != std::string::npos) {
      WARN("gnuplot is not installed here: " << out.problem);
      continue;
    }
    CHECK(out.problem.empty());
    CHECK(out.files.size() == std::size(experiments::PLOTS));
    if (row.extension)
      CHECK(out.extension == row.extension);
    for (const auto& f : out.files)
      CHECK(std::filesystem::file_size(dir.path() / f) > 1000);
  }
}

TEST_CASE("tables render as Markdown and as aligned text", "[experiments]") {
  // table, Markdown expected, aligned text expected (hand-written)
  const experiments::TextTable t{{"rule", "hits"}, {{"lru", "9"}, {"aged-lfu", "1,000"}}, {false, true}};
  CHECK(t.markdown() == "| rule | hits |\n| --- | ---: |\n| lru | 9 |\n| aged-lfu | 1,000 |\n");
  CHECK(t.aligned("") == "rule       hits\nlru           9\naged-lfu  1,000\n");
}

TEST_CASE("the summary covers the mixed run and every control", "[experiments]") {
  test_support::TempDir dir;
  experiments::ExperimentRun mixed{small(ExperimentKind::mixed), {}, "mixed", 0.1};
  mixed.written = experiments::write_experiment(dir.path() / "mixed", mixed.result, NO_GNUPLOT);
  experiments::ExperimentRun control{small(ExperimentKind::control), {}, "control-5x5", 0.1};
  control.written = experiments::write_experiment(dir.path() / "control-5x5", control.result, NO_GNUPLOT);
  const std::string md = experiments::summary_markdown(mixed, {control}, 0.2);
  for (const char* fragment : {"## What was run", "## The mixed schedule: the essay's findings", "## The controls: one board for all games",
                               "Does a counting rule", "Is the best fixed table no longer beaten", "Where does the best half-life sit",
                               "## The adaptive rule everywhere", "(c) The best half-life grows with the table size",
                               "[mixed/](mixed/results.md)", "control-5x5", "not rendered"})
    CHECK_THAT(md, Catch::Contains(fragment));
}
