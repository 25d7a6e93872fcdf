// `domineering experiment cache|control|all`: the cache experiments (docs/experiments.md) from
// the command line. The work is in experiments/ (cache_experiment.h plays, records, replays and
// checks; report.h writes the folders); this file reads the options, shows progress, prints the
// tables and findings or one JSON object, and says on stderr when the plots could not be drawn.
#include "commands.h"
#include "terminal.h"

#include "catalogue/default_catalogue.h"
#include "experiments/cache_experiment.h"
#include "experiments/findings.h"
#include "experiments/report.h"
#include "experiments/schedule.h"

#include "base/atomic_file.h"
#include "base/input_error.h"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <string>
#include <vector>

namespace cli {

namespace {

using experiments::ExperimentKind;
using experiments::ExperimentResult;
using experiments::ExperimentSpec;
using experiments::WrittenExperiment;

// Options shared by the three subcommands. CLI11 keeps pointers to them, so they are static.
struct Options {
  std::string schedule = experiments::DEFAULT_SCHEDULE;
  std::string board;
  int games = experiments::DEFAULT_CONTROL_GAMES;
  std::vector<std::int64_t> sizes{experiments::DEFAULT_SIZES.begin(), experiments::DEFAULT_SIZES.end()};
  std::vector<std::int64_t> half_lives{experiments::DEFAULT_HALF_LIVES.begin(), experiments::DEFAULT_HALF_LIVES.end()};
  std::uint64_t seed = experiments::DEFAULT_SEED;
  std::string out;
  bool json = false;
};

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

std::string hex(std::uint64_t v) { return fmt::format("{:016x}", v); }

// The spec of the options; sizes and half-lives checked here so that negative numbers get our
// message rather than a wrap-around.
ExperimentSpec spec_of(const Options& o, ExperimentKind kind, experiments::Schedule schedule) {
  ExperimentSpec spec;
  spec.kind = kind;
  spec.schedule = std::move(schedule);
  spec.seed = o.seed;
  spec.sizes.clear();
  for (const std::int64_t s : o.sizes) {
    if (s < 1 || s > std::int64_t(experiments::MAX_TABLE_SIZE))
      throw base::InputError(fmt::format("table size {} out of range: sizes must be 1 to {}", s, experiments::MAX_TABLE_SIZE));
    spec.sizes.push_back(std::size_t(s));
  }
  spec.half_lives.clear();
  for (const std::int64_t h : o.half_lives) {
    if (h < 1)
      throw base::InputError(fmt::format("half-life {} out of range: a half-life is at least 1 lookup", h));
    spec.half_lives.push_back(std::uint64_t(h));
  }
  return experiments::checked(std::move(spec));
}

void add_common(CLI::App& cmd, Options& o, bool grids) {
  if (grids) {
    cmd.add_option("--sizes", o.sizes, "Table sizes in entries, 1 to 1,000,000 (default 10,20,40)")->delimiter(',');
    cmd.add_option("--half-lives", o.half_lives, "Aged-LFU half-lives in lookups, at least 1 (default 25,50,100,200,1000,5000)")
        ->delimiter(',');
  }
  cmd.add_option("--seed", o.seed, fmt::format("Seed of the self-play (default {})", experiments::DEFAULT_SEED))->check(not_negative());
  cmd.add_flag("--json", o.json, "Print one JSON object instead of the tables");
}

// Runs one experiment with progress on stderr (when it is a terminal); `label` prefixes the line.
ExperimentResult run_with_progress(const catalogue::Catalogue& c, const ExperimentSpec& spec, const std::string& label) {
  Progress progress;
  ExperimentResult r = experiments::run_experiment(c, spec, [&](const experiments::ExperimentProgress& p) {
    const char* unit = std::string_view(p.phase) == "replaying" ? "rules" : "games";
    progress.update(fmt::format("{}{}: {}/{} {}", label, p.phase, p.done, p.total, unit));
  });
  progress.finish();
  return r;
}

nlohmann::json finding_json(const experiments::Finding& f) {
  return {{"id", f.id}, {"claim", f.claim}, {"holds", f.holds}, {"holds_at", f.holds_at}, {"verdict", f.verdict}, {"evidence", f.evidence}};
}

nlohmann::json experiment_json(const ExperimentResult& r, const WrittenExperiment& w, double seconds, double write_seconds) {
  const auto& p = r.play;
  nlohmann::json boards = nlohmann::json::array();
  for (const auto& b : p.boards)
    boards.push_back({{"board", b.board},
                      {"games", b.games},
                      {"lookups", b.lookups},
                      {"lookups_per_game", b.games ? double(b.lookups) / b.games : 0.0},
                      {"plies", b.plies},
                      {"vertical_wins", b.vertical_wins},
                      {"regions_over_catalogue", b.large_regions}});
  nlohmann::json rows = nlohmann::json::array();
  for (const auto& row : r.rows) {
    const auto& s = row.stats;
    nlohmann::json j = {{"rule", row.rule.name().substr(0, row.rule.name().find(':'))},
                        {"size", row.size},
                        {"half_life", nullptr},
                        {"lookups", s.lookups},
                        {"hits", s.hits},
                        {"hit_rate", s.hit_rate()},
                        {"misses", s.misses},
                        {"first_time_misses", s.first_time_misses},
                        {"re_evaluations", s.re_evaluations},
                        {"evictions", s.evictions},
                        {"lookup_cost", row.cost.lookups},
                        {"cost_hits", row.cost.hits},
                        {"cost_hit_rate", row.cost.hit_rate()},
                        {"re_evaluation_cost", row.cost.re_evaluations}};
    if (row.rule.has_half_life())
      j["half_life"] = row.rule.half_life;
    if (row.rule.rule == cache::Rule::adaptive) {
      j["settled_half_life"] = row.settled_half_life();
      j["settled_dynamic_ageing"] = row.settled_dynamic();
    }
    rows.push_back(std::move(j));
  }
  nlohmann::json live = nlohmann::json::array();
  for (const auto& l : r.live)
    live.push_back({{"rules", l.rules},
                    {"caches", l.caches},
                    {"lookups", l.lookups},
                    {"fingerprint", hex(l.fingerprint)},
                    {"equal", l.mismatches.empty()}});
  nlohmann::json findings = nlohmann::json::array();
  for (const auto& f : experiments::findings_of(r))
    findings.push_back(finding_json(f));
  nlohmann::json adaptive = nlohmann::json::array();
  for (const auto& v : experiments::size_views(r))
    adaptive.push_back({{"size", v.size},
                        {"hit_rate", v.adaptive->stats.hit_rate()},
                        {"start_half_life", v.adaptive->rule.half_life},
                        {"settled_half_life", v.adaptive->settled_half_life()},
                        {"settled_dynamic_ageing", v.adaptive->settled_dynamic()},
                        {"half_life_changes", v.adaptive->half_life_history.size() - 1},
                        {"best_half_life", v.best_aged->rule.half_life},
                        {"best_half_life_hit_rate", v.best_aged->stats.hit_rate()},
                        {"gap_points", v.adaptive->hit_percent() - v.best_aged->hit_percent()}});
  return {{"experiment", r.spec.kind == ExperimentKind::mixed ? "cache" : "control"},
          {"title", r.spec.title()},
          {"schedule", experiments::to_string(r.spec.schedule)},
          {"seed", r.spec.seed},
          {"sizes", r.spec.sizes},
          {"half_lives", r.spec.half_lives},
          {"games", p.games},
          {"lookups", p.lookups},
          {"lookups_per_game", p.games ? double(p.lookups) / p.games : 0.0},
          {"essay", {{"games", experiments::ESSAY_GAMES}, {"lookups", experiments::ESSAY_LOOKUPS}}},
          {"boards", boards},
          {"fingerprint", hex(r.trace_fingerprint)},
          {"checks",
           {{"trace_file_lookups", w.trace_file_lookups},
            {"trace_file_fingerprint", hex(w.trace_file_fingerprint)},
            {"live", live},
            {"same_lookups", r.same_lookups()},
            {"laws_hold", experiments::law_violations(r).empty()}}},
          {"rows", rows},
          {"findings", findings},
          {"adaptive", adaptive},
          {"out", w.dir.string()},
          {"files", w.files},
          {"plots", {{"extension", w.plots.extension}, {"problem", w.plots.problem}}},
          {"seconds",
           {{"play", r.play_seconds},
            {"replay", r.replay_seconds},
            {"live_check", r.live_seconds},
            {"write", write_seconds},
            {"total", seconds}}}};
}

void print_findings(const std::vector<experiments::Finding>& findings) {
  for (const auto& f : findings) {
    std::cout << fmt::format("  ({}) {}\n      {}: {}\n", f.id, f.claim, f.holds ? "HOLDS" : "DOES NOT HOLD", f.verdict);
    for (const auto& e : f.evidence)
      std::cout << "      " << e << '\n';
  }
}

void print_text(const ExperimentResult& r, const WrittenExperiment& w, double seconds, double write_seconds) {
  const auto& p = r.play;
  std::cout << fmt::format("Cache experiment: {} (seed {})\n", r.spec.title(), r.spec.seed);
  std::cout << fmt::format("{} games, {} lookups ({:.1f} a game; the run of the essay \"A count that forgets\": {} lookups in {} "
                           "games, {:.1f} a game)\n",
                           p.games, experiments::grouped(p.lookups), p.games ? double(p.lookups) / p.games : 0.0,
                           experiments::grouped(experiments::ESSAY_LOOKUPS), experiments::ESSAY_GAMES,
                           double(experiments::ESSAY_LOOKUPS) / experiments::ESSAY_GAMES);
  std::cout << experiments::lookups_table(r).aligned();
  std::cout << fmt::format("\nSame lookups for every rule: recorded fingerprint {}, {} read back {}", hex(r.trace_fingerprint),
                           experiments::TRACE_TXT, hex(w.trace_file_fingerprint));
  for (std::size_t i = 0; i < r.live.size(); ++i)
    std::cout << fmt::format(", live run {} {} ({} caches equal to the replay)", i + 1, hex(r.live[i].fingerprint), r.live[i].caches);
  std::cout << ".\n\nHit rates (% of lookups answered; * the best half-life at each size):\n";
  std::cout << experiments::hit_rate_table(r).aligned();
  for (const auto& v : experiments::size_views(r)) {
    std::cout << fmt::format("\n{} entries (H: aged-LFU half-life; adaptive: start -> settled):\n", v.size);
    std::cout << experiments::size_table(v).aligned();
  }
  std::cout << (r.spec.kind == ExperimentKind::mixed ? "\nThe essay's findings, from this run's numbers:\n"
                                                     : "\nThe essay's open questions, answered on this board:\n");
  print_findings(experiments::findings_of(r));
  std::cout << "\nThe adaptive rule from other starting half-lives (hit rate, settled H):\n";
  std::cout << experiments::adaptive_starts_table(r).aligned();
  std::cout << fmt::format("\nWrote {}:", w.dir.string());
  for (const auto& f : w.files)
    std::cout << ' ' << f;
  std::cout << fmt::format(
      "\nTime: playing {:.2f} s, replaying {:.2f} s, live check {:.2f} s, writing and plotting {:.2f} s; total {:.2f} s\n", r.play_seconds,
      r.replay_seconds, r.live_seconds, write_seconds, seconds);
}

void warn_plots(const std::vector<const WrittenExperiment*>& written) {
  std::size_t failed = 0;
  std::string problem;
  for (const auto* w : written)
    if (!w->plots.problem.empty()) {
      ++failed;
      if (problem.empty())
        problem = w->plots.problem;
    }
  if (failed == 0)
    return;
  std::fprintf(stderr, "domineering: warning: plots not rendered in %zu of %zu folder%s (%s); the data and plot.gp are written\n", failed,
               written.size(), written.size() == 1 ? "" : "s", problem.c_str());
}

// One experiment end to end: run, write, print.
void run_one(const Options& o, ExperimentKind kind, experiments::Schedule schedule) {
  const auto start = std::chrono::steady_clock::now();
  const ExperimentSpec spec = spec_of(o, kind, std::move(schedule));
  const catalogue::Catalogue c = catalogue::load_catalogue("");
  const ExperimentResult r = run_with_progress(c, spec, "experiment: ");
  const auto write_start = std::chrono::steady_clock::now();
  const WrittenExperiment w = experiments::write_experiment(o.out, r);
  const double write_seconds = seconds_since(write_start), seconds = seconds_since(start);
  warn_plots({&w});
  if (o.json)
    print_json(experiment_json(r, w, seconds, write_seconds));
  else
    print_text(r, w, seconds, write_seconds);
}

constexpr const char* FILES_HELP =
    "Files written in the output folder (each atomically):\n"
    "  results.csv  one row per rule, table size and half-life, columns rule,size,half_life,lookups,hits,\n"
    "               hit_rate,misses,first_time_misses,re_evaluations,evictions (half_life: that of aged-lfu\n"
    "               and aged-lfu-ghost, the adaptive rule's starting one, else empty; hit_rate = hits /\n"
    "               lookups; a re-evaluation is a miss on a key met before), then lookup_cost,cost_hits,\n"
    "               cost_hit_rate,re_evaluation_cost: the same with each lookup weighed by its cost\n"
    "  results.md   tables per size with the best half-life marked, lookups per board beside the essay's,\n"
    "               the checks, the findings decided from the numbers, the adaptive rule from several starts\n"
    "  trace.txt    the lookups, one key (catalogue index) per line in lookup order, for other simulators\n"
    "  costs.txt    the cost of each lookup, one a line beside trace.txt's: the classes of regions valued\n"
    "               when its shape is evaluated with nothing stored\n"
    "  plot.gp      the gnuplot script with its data (`gnuplot plot.gp` in the folder re-renders the plots)\n"
    "  hit-rate.png (or .svg)   hit rate against half-life, one curve per size for aged LFU and one with\n"
    "                           ghosts; LRU, LFU, Belady as lines\n"
    "  half-life.png (or .svg)  the adaptive rule's half-life against lookups, one curve per size\n"
    "Plots need gnuplot (gnuplot-nox; DOMINEERING_GNUPLOT names another program). Without it the data is\n"
    "still written, stderr says why, and the exit code is 0.\n";

constexpr const char* RULES_HELP = "Rules: lru, lfu (counts never reset), aged-lfu:H (every count halved after each H lookups),\n"
                                   "aged-lfu-ghost:H (the same, and the keys of its last K evictions keep their counts), arc,\n"
                                   "sieve, adaptive (aged LFU with ghosts choosing H online from measured regret; started from H =\n"
                                   "the table size and also from 1, 100 and 10000), and with hindsight best-fixed (the K most\n"
                                   "requested keys), belady and belady-bypass (the optimum). The games are played once and\n"
                                   "recorded; every rule is replayed over the recording, and the games are played twice more with\n"
                                   "the caches inside the player to check that every rule saw the same lookups (exit 1 if not).\n";

void add_cache(CLI::App& parent) {
  static Options o;
  auto* cmd = parent.add_subcommand("cache", "The experiment of the essay \"A count that forgets\": 650 games on four boards, "
                                             "every rule at every size");
  cmd->footer(
      std::string("StopsPlayer plays itself on the schedule (RxC:GAMES items, played in order; game i starts with\n"
                  "Vertical when i is even); every region of <= 8 cells it looks up is one lookup of a table of\n"
                  "component values. The report decides from this run's numbers whether the essay's findings hold:\n"
                  "(a) LRU beats LFU at every size, (b) some half-life beats LRU at every size, (c) the best half-life\n"
                  "grows with the table size, (d) the best half-life re-evaluates less than LRU; and whether the\n"
                  "adaptive rule is within 0.1 points of the best fixed half-life and above LRU, ARC and SIEVE.\n\n") +
      RULES_HELP + "\n" + FILES_HELP +
      "\nJSON keys: experiment, title, schedule, seed, sizes, half_lives, games, lookups, lookups_per_game, essay,\n"
      "boards, fingerprint, checks, rows, findings, adaptive, out, files, plots, seconds.\n\n"
      "Examples:\n  domineering experiment cache\n  domineering experiment cache --schedule 4x5:10,5x5:10 --sizes 10 --out /tmp/e --json");
  cmd->add_option("--schedule", o.schedule,
                  fmt::format("Boards and games in order, RxC:GAMES,... (default {})", experiments::DEFAULT_SCHEDULE));
  add_common(*cmd, o, true);
  cmd->add_option("--out", o.out, "Output folder (default out/experiment-cache)");
  cmd->callback([] {
    if (o.out.empty())
      o.out = "out/experiment-cache";
    run_one(o, ExperimentKind::mixed, experiments::parse_schedule(o.schedule));
  });
}

void add_control(CLI::App& parent) {
  static Options o;
  auto* cmd = parent.add_subcommand("control", "The control the essay \"A count that forgets\" leaves open: the same experiment "
                                               "with one board for every game");
  cmd->footer(std::string("The essay's open question: with the board fixed, does a counting rule (LFU or aged LFU) do at least as\n"
                          "well as recency; does the best fixed table stop being beaten (by which rules, by how much); where\n"
                          "does the best half-life sit; and how does the adaptive rule do against the best fixed half-life,\n"
                          "LRU, ARC and SIEVE. results.md answers each from the numbers, size by size.\n\n") +
              RULES_HELP + "\n" + FILES_HELP +
              "\nJSON keys: as `experiment cache`, with findings holding the answers.\n\n"
              "Example:\n  domineering experiment control --board 5x5 --games 650");
  cmd->add_option("--board", o.board, "The board, RxC from 1x1 to 16x16")->required();
  cmd->add_option("--games", o.games,
                  fmt::format("Games to play, 1 to {} (default {})", experiments::MAX_GAMES_PER_ITEM, experiments::DEFAULT_CONTROL_GAMES));
  add_common(*cmd, o, true);
  cmd->add_option("--out", o.out, "Output folder (default out/experiment-control-RxC)");
  cmd->callback([] {
    const experiments::ScheduleItem item = experiments::parse_board(o.board, o.games);
    if (o.out.empty())
      o.out = "out/experiment-control-" + item.name();
    run_one(o, ExperimentKind::control, {item});
  });
}

// The controls of `experiment all`: one per distinct board of the schedule, in schedule order.
std::vector<experiments::ScheduleItem> control_boards(const experiments::Schedule& schedule, int games) {
  std::vector<experiments::ScheduleItem> out;
  for (const auto& item : schedule)
    if (std::none_of(out.begin(), out.end(), [&](const auto& o) { return o.rows == item.rows && o.cols == item.cols; }))
      out.push_back(experiments::parse_board(item.name(), games));
  return out;
}

void add_all(CLI::App& parent) {
  static Options o;
  auto* cmd = parent.add_subcommand("all", "The experiment of the essay \"A count that forgets\" and the controls on 4x5, 5x5, "
                                           "6x6 and 7x7, with a summary");
  cmd->footer(std::string("Runs `experiment cache` into OUT/mixed and `experiment control --games 650` for each board of the\n"
                          "schedule (4x5, 5x5, 6x6, 7x7 by default) into OUT/control-RxC, then writes OUT/summary.md: what was\n"
                          "run, the tables, whether each finding of the essay holds on the mixed schedule, the control answers\n"
                          "board by board (on every board or only some), the adaptive rule everywhere, and links to the plots.\n"
                          "With the defaults it takes seconds.\n\n") +
              RULES_HELP + "\n" + FILES_HELP +
              "\nJSON keys: out, seed, seconds, summary, mixed, controls (each as `experiment cache --json`).\n\n"
              "Examples:\n  domineering experiment all --out out/experiment-all\n"
              "  domineering experiment all --schedule 4x5:20,5x5:20 --games 20 --out /tmp/quick");
  cmd->add_option("--schedule", o.schedule, fmt::format("The mixed schedule, RxC:GAMES,... (default {})", experiments::DEFAULT_SCHEDULE));
  cmd->add_option(
      "--games", o.games,
      fmt::format("Games of each control, 1 to {} (default {})", experiments::MAX_GAMES_PER_ITEM, experiments::DEFAULT_CONTROL_GAMES));
  add_common(*cmd, o, true);
  cmd->add_option("--out", o.out, "Output folder (default out/experiment-all)");
  cmd->callback([] {
    if (o.out.empty())
      o.out = "out/experiment-all";
    const auto start = std::chrono::steady_clock::now();
    const experiments::Schedule schedule = experiments::parse_schedule(o.schedule);
    const auto boards = control_boards(schedule, o.games);
    // Check every option before the first experiment runs.
    spec_of(o, ExperimentKind::mixed, schedule);
    const catalogue::Catalogue c = catalogue::load_catalogue("");
    const std::size_t total = 1 + boards.size();
    const auto run = [&](ExperimentKind kind, experiments::Schedule items, const std::string& folder, std::size_t index) {
      const auto t0 = std::chrono::steady_clock::now();
      experiments::ExperimentRun out;
      const ExperimentSpec spec = spec_of(o, kind, std::move(items));
      out.result = run_with_progress(c, spec, fmt::format("experiment {}/{} ({}): ", index, total, folder));
      const auto w0 = std::chrono::steady_clock::now();
      out.written = experiments::write_experiment(std::filesystem::path(o.out) / folder, out.result);
      out.write_seconds = seconds_since(w0);
      out.folder = folder;
      out.seconds = seconds_since(t0);
      return out;
    };
    const experiments::ExperimentRun mixed = run(ExperimentKind::mixed, schedule, "mixed", 1);
    std::vector<experiments::ExperimentRun> controls;
    for (const auto& board : boards)
      controls.push_back(run(ExperimentKind::control, {board}, "control-" + board.name(), controls.size() + 2));
    const double seconds = seconds_since(start);
    const std::string summary = (std::filesystem::path(o.out) / experiments::SUMMARY_MD).string();
    base::write_atomically(summary, [&](std::ostream& os) { os << experiments::summary_markdown(mixed, controls, seconds); });
    std::vector<const WrittenExperiment*> written{&mixed.written};
    for (const auto& ctl : controls)
      written.push_back(&ctl.written);
    warn_plots(written);

    if (o.json) {
      nlohmann::json ctl = nlohmann::json::array();
      for (const auto& run : controls)
        ctl.push_back(experiment_json(run.result, run.written, run.seconds, run.write_seconds));
      print_json({{"out", o.out},
                  {"seed", o.seed},
                  {"seconds", seconds},
                  {"summary", summary},
                  {"mixed", experiment_json(mixed.result, mixed.written, mixed.seconds, mixed.write_seconds)},
                  {"controls", ctl}});
      return;
    }
    std::cout << fmt::format("Cache experiments (seed {}): the mixed schedule of the essay \"A count that forgets\" and one control "
                             "per board\n\n",
                             o.seed);
    std::cout << fmt::format("Mixed schedule {}: {} lookups. Hit rates (%; * best half-life):\n",
                             experiments::to_string(mixed.result.spec.schedule), experiments::grouped(mixed.result.play.lookups));
    std::cout << experiments::hit_rate_table(mixed.result).aligned();
    std::cout << "\nThe essay's findings on the mixed schedule:\n";
    for (const auto& f : experiments::essay_findings(mixed.result))
      std::cout << fmt::format("  ({}) {}: {}\n", f.id, f.holds ? "HOLDS" : "DOES NOT HOLD", f.verdict);
    for (const auto& run : controls) {
      std::cout << fmt::format("\nControl {} ({} lookups, {:.1f} a game). Hit rates (%; * best half-life):\n",
                               run.result.spec.schedule.front().name(), experiments::grouped(run.result.play.lookups),
                               double(run.result.play.lookups) / run.result.play.games);
      std::cout << experiments::hit_rate_table(run.result).aligned();
      for (const auto& f : experiments::control_answers(run.result))
        std::cout << fmt::format("  {}: {}: {}\n", f.id, f.holds ? "yes" : "NO", f.verdict);
    }
    std::cout << fmt::format("\nWrote {}: mixed/", o.out);
    for (const auto& run : controls)
      std::cout << fmt::format(", {}/", run.folder);
    std::cout << fmt::format(", {}\nTime: {:.1f} s in all; mixed {:.2f} s", experiments::SUMMARY_MD, seconds, mixed.seconds);
    for (const auto& run : controls)
      std::cout << fmt::format(", {} {:.2f} s", run.folder, run.seconds);
    std::cout << "\n";
  });
}

} // namespace

void add_experiment_command(CLI::App& app) {
  auto* cmd = app.add_subcommand("experiment", "The cache experiments: which eviction rule serves a small table of component values best");
  cmd->footer("A player looks up the value of every small region it meets in a catalogue; a table with room for only a few\n"
              "entries (10, 20, 40) holds the recent ones. Which entries should it throw out? `cache` runs the experiment\n"
              "of the essay \"A count that forgets\" (650 games on 4x5, 5x5, 6x6 and 7x7; LRU against LFU and aged LFU,\n"
              "with more rules beside them), `control` the same on one board, `all` both with a summary. Each writes\n"
              "CSV, Markdown, the lookup trace and plots into a folder; see `experiment cache --help`.");
  cmd->require_subcommand(1);
  add_cache(*cmd);
  add_control(*cmd);
  add_all(*cmd);
}

} // namespace cli
