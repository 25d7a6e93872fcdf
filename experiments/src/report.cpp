#include "experiments/report.h"

#include "base/atomic_file.h"
#include "cache/trace_file.h"

#include <fmt/format.h>

#include <algorithm>
#include <numeric>
#include <sstream>
#include <stdexcept>

namespace experiments {

namespace {

using cache::Rule;

std::string per_game(std::uint64_t lookups, int games) { return games == 0 ? "-" : fmt::format("{:.1f}", double(lookups) / double(games)); }

std::string hex(std::uint64_t v) { return fmt::format("{:016x}", v); }

std::string half_life_text(std::uint64_t h, std::uint64_t lookups) {
  return h >= lookups ? fmt::format("{} (never halves here)", grouped(h)) : grouped(h);
}

// The name a row has in tables: the rule name without its half-life.
std::string rule_word(const RuleResult& r) {
  std::string name = r.rule.name();
  return name.substr(0, name.find(':'));
}

void write_text(const std::filesystem::path& path, const std::string& text) {
  base::write_atomically(path.string(), [&](std::ostream& os) { os << text; });
}

std::string bullet_lines(const std::vector<std::string>& lines) {
  std::string out;
  for (const std::string& l : lines)
    out += "  - " + l + "\n";
  return out;
}

std::string findings_markdown(const std::vector<Finding>& findings) {
  std::string out;
  for (const Finding& f : findings) {
    out += fmt::format("- **{}** ({}) — **{}**: {}.\n", f.claim, f.id, f.holds ? "holds" : "does not hold", f.verdict);
    out += bullet_lines(f.evidence);
  }
  return out;
}

std::string rules_description() {
  return "Rules: **LRU** evicts the least recently used entry; **LFU** the least used, counts never reset (ties to the "
         "least recent); **aged LFU H** is LFU with every count halved after every H lookups; **ARC** and **SIEVE** are "
         "the adaptive replacement cache and the SIEVE rule; the reference rules of the field, each with its source in its header "
         "in cache/ (docs/experiments.md gives the sizes chosen for small tables): **FIFO**, **CLOCK**, **SLRU** (80 % protected), "
         "**2Q** (Kin 25 %, Kout 50 %), **S3-FIFO** (10 % small queue), **W-TinyLFU** (1 % window, SLRU main), **LIRS** "
         "(1 % resident HIR), **LFU-DA** (GDSF with unit costs), **Hyperbolic** (every resident evaluated), **LeCaR** and "
         "**CACHEUS** (seeded, so every run is the same), **GDSF** (each entry weighed by what evaluating its shape costs); **aged LFU "
         "with ghosts H** is aged LFU that remembers the "
         "counts of the keys evicted by its last K evictions (K = the table size) and gives a returning key its count back "
         "(cache/aged_lfu_ghost.h); **adaptive** is aged LFU with ghosts choosing its own H online from measured regret (a "
         "bank of simulations of H = 1, 2, 3, 4, 6, 8, 11, ..., the powers of sqrt(2) rounded, each also with LFU-DA's dynamic "
         "ageing, marked +DA where the rule settled on it; cache/adaptive.h), started from H = the table size unless said otherwise. Its "
         "targets are set against the grid of plain aged LFU. Offline references, which "
         "know the whole trace: the **best fixed table** (the K most "
         "requested keys, admitted on first use and never evicted), **Belady** (evict the entry used farthest in the "
         "future) and **Belady with bypass** (also refuse a newcomer used later than every resident: the true optimum).";
}

// The least and the largest cost of a lookup in the trace.
std::uint64_t min_cost(const ExperimentResult& r) {
  std::uint64_t m = 0;
  for (const cache::Key k : r.trace)
    m = m == 0 ? r.key_costs.at(k) : std::min(m, r.key_costs.at(k));
  return m;
}
std::uint64_t max_cost(const ExperimentResult& r) {
  std::uint64_t m = 0;
  for (const cache::Key k : r.trace)
    m = std::max(m, r.key_costs.at(k));
  return m;
}

} // namespace

std::string TextTable::markdown() const {
  std::string out = "|";
  for (const std::string& h : header)
    out += " " + h + " |";
  out += "\n|";
  for (std::size_t i = 0; i < header.size(); ++i)
    out += i < right_aligned.size() && right_aligned[i] ? " ---: |" : " --- |";
  out += "\n";
  for (const auto& row : rows) {
    out += "|";
    for (const std::string& cell : row)
      out += " " + cell + " |";
    out += "\n";
  }
  return out;
}

std::string TextTable::aligned(const std::string& indent) const {
  std::vector<std::size_t> width(header.size(), 0);
  const auto measure = [&](const std::vector<std::string>& row) {
    for (std::size_t i = 0; i < row.size() && i < width.size(); ++i)
      width[i] = std::max(width[i], row[i].size());
  };
  measure(header);
  for (const auto& row : rows)
    measure(row);
  const auto line = [&](const std::vector<std::string>& row) {
    std::string out = indent;
    for (std::size_t i = 0; i < row.size() && i < width.size(); ++i) {
      const std::string pad(width[i] - row[i].size(), ' ');
      const bool right = i < right_aligned.size() && right_aligned[i];
      out += (i ? "  " : "") + (right ? pad + row[i] : row[i] + (i + 1 < row.size() ? pad : ""));
    }
    return out + "\n";
  };
  std::string out = line(header);
  for (const auto& row : rows)
    out += line(row);
  return out;
}

TextTable lookups_table(const ExperimentResult& r) {
  TextTable t{{"board", "games", "lookups", "lookups per game", "regions over 8 cells"}, {}, {false, true, true, true, true}};
  const auto& p = r.play;
  for (const BoardStats& b : p.boards)
    t.rows.push_back(
        {b.board, grouped(std::uint64_t(b.games)), grouped(b.lookups), per_game(b.lookups, b.games), grouped(b.large_regions)});
  t.rows.push_back({"all", grouped(std::uint64_t(p.games)), grouped(p.lookups), per_game(p.lookups, p.games), grouped(p.large_regions)});
  t.rows.push_back({"essay", grouped(ESSAY_GAMES), grouped(ESSAY_LOOKUPS), per_game(ESSAY_LOOKUPS, ESSAY_GAMES), "-"});
  return t;
}

TextTable size_table(const SizeView& v) {
  TextTable t{{"rule", "H", "hit rate %", "vs LRU", "hits", "misses", "first-time misses", "re-evaluations", "evictions"},
              {},
              {false, true, true, true, true, true, true, true, true}};
  const auto add = [&](const RuleResult* r, std::string h, std::string mark = "") {
    const auto& s = r->stats;
    t.rows.push_back({rule_word(*r) + mark, std::move(h), percent(r->hit_percent()),
                      r == v.lru ? "" : points(r->hit_percent() - v.lru->hit_percent()), grouped(s.hits), grouped(s.misses),
                      grouped(s.first_time_misses), grouped(s.re_evaluations), grouped(s.evictions)});
  };
  add(v.lru, "");
  add(v.lfu, "");
  for (const RuleResult* a : v.aged)
    add(a, grouped(a->rule.half_life), a == v.best_aged ? " (best H)" : "");
  for (const RuleResult* a : v.ghost)
    add(a, grouped(a->rule.half_life), a == v.best_ghost ? " (best H)" : "");
  add(v.arc, "");
  add(v.sieve, "");
  for (const RuleResult* a : v.reference)
    add(a, "");
  for (const RuleResult* a : v.adaptive_starts)
    add(a, fmt::format("{} → {}{}", grouped(a->rule.half_life), grouped(a->settled_half_life()), a->settled_dynamic() ? " +DA" : ""),
        a == v.adaptive ? "" : " (other start)");
  add(v.best_fixed, "");
  add(v.belady, "");
  add(v.belady_bypass, "");
  return t;
}

namespace {

// Every rule (rows) at every size (columns): the percent of lookups answered, or by_cost the
// percent of the evaluation cost they carry.
TextTable rate_table(const ExperimentResult& r, bool by_cost) {
  const auto views = size_views(r);
  TextTable t{{"rule"}, {}, {false}};
  for (const SizeView& v : views) {
    t.header.push_back(fmt::format("{} entries", v.size));
    t.right_aligned.push_back(true);
  }
  const auto add = [&](const std::string& name, auto pick) {
    std::vector<std::string> row{name};
    for (const SizeView& v : views) {
      const RuleResult* x = pick(v);
      if (!x)
        row.push_back("-");
      else if (by_cost)
        row.push_back(percent(100.0 * x->cost.hit_rate()));
      else
        row.push_back(percent(x->hit_percent()) + (x == v.best_aged ? "*" : ""));
    }
    t.rows.push_back(std::move(row));
  };
  add("LRU", [](const SizeView& v) { return v.lru; });
  add("LFU", [](const SizeView& v) { return v.lfu; });
  for (std::size_t i = 0; i < views.front().aged.size(); ++i)
    add(fmt::format("aged LFU H={}", grouped(views.front().aged[i]->rule.half_life)),
        [i](const SizeView& v) { return i < v.aged.size() ? v.aged[i] : nullptr; });
  for (std::size_t i = 0; i < views.front().ghost.size(); ++i)
    add(fmt::format("aged LFU with ghosts H={}", grouped(views.front().ghost[i]->rule.half_life)),
        [i](const SizeView& v) { return i < v.ghost.size() ? v.ghost[i] : nullptr; });
  add("ARC", [](const SizeView& v) { return v.arc; });
  add("SIEVE", [](const SizeView& v) { return v.sieve; });
  for (std::size_t i = 0; i < views.front().reference.size(); ++i)
    add(label(views.front().reference[i]), [i](const SizeView& v) { return v.reference[i]; });
  add("adaptive", [](const SizeView& v) { return v.adaptive; });
  add("best fixed table", [](const SizeView& v) { return v.best_fixed; });
  add("Belady", [](const SizeView& v) { return v.belady; });
  add("Belady with bypass", [](const SizeView& v) { return v.belady_bypass; });
  return t;
}

} // namespace

TextTable hit_rate_table(const ExperimentResult& r) { return rate_table(r, false); }

TextTable cost_rate_table(const ExperimentResult& r) { return rate_table(r, true); }

std::vector<std::uint64_t> lookup_costs(const ExperimentResult& r) {
  std::vector<std::uint64_t> out;
  out.reserve(r.trace.size());
  for (const cache::Key k : r.trace)
    out.push_back(r.key_costs.at(k));
  return out;
}

TextTable adaptive_starts_table(const ExperimentResult& r) {
  const auto views = size_views(r);
  TextTable t{{"starting H"}, {}, {false}};
  for (const SizeView& v : views) {
    t.header.push_back(fmt::format("{} entries", v.size));
    t.right_aligned.push_back(true);
  }
  const auto cell = [](const RuleResult* a) {
    return a ? fmt::format("{} (H={}{})", percent(a->hit_percent()), grouped(a->settled_half_life()), a->settled_dynamic() ? " +DA" : "")
             : std::string("-");
  };
  std::vector<std::string> first{"default (= table size)"};
  for (const SizeView& v : views)
    first.push_back(cell(v.adaptive));
  t.rows.push_back(std::move(first));
  for (const std::uint64_t start : r.spec.adaptive_starts) {
    std::vector<std::string> row{grouped(start)};
    for (const SizeView& v : views)
      row.push_back(cell(r.find({Rule::adaptive, start}, v.size)));
    t.rows.push_back(std::move(row));
  }
  std::vector<std::string> spread{"spread (max - min, points)"};
  for (const SizeView& v : views) {
    double lo = 100, hi = 0;
    for (const RuleResult* a : v.adaptive_starts) {
      lo = std::min(lo, a->hit_percent());
      hi = std::max(hi, a->hit_percent());
    }
    spread.push_back(fmt::format("{:.3f}", hi - lo));
  }
  t.rows.push_back(std::move(spread));
  return t;
}

std::string results_csv(const ExperimentResult& r) {
  std::string out = "rule,size,half_life,lookups,hits,hit_rate,misses,first_time_misses,re_evaluations,evictions,lookup_cost,"
                    "cost_hits,cost_hit_rate,re_evaluation_cost\n";
  for (const RuleResult& row : r.rows) {
    const auto& s = row.stats;
    const auto& c = row.cost;
    out += fmt::format("{},{},{},{},{},{:.6f},{},{},{},{},{},{},{:.6f},{}\n", rule_word(row), row.size,
                       row.rule.has_half_life() ? std::to_string(row.rule.half_life) : "", s.lookups, s.hits, s.hit_rate(), s.misses,
                       s.first_time_misses, s.re_evaluations, s.evictions, c.lookups, c.hits, c.hit_rate(), c.re_evaluations);
  }
  return out;
}

std::vector<Finding> findings_of(const ExperimentResult& r) {
  return r.spec.kind == ExperimentKind::mixed ? essay_findings(r) : control_answers(r);
}

std::string results_markdown(const ExperimentResult& r, const WrittenExperiment& w) {
  const auto views = size_views(r);
  const auto& spec = r.spec;
  std::string sizes_text, hl_text;
  for (const std::size_t s : spec.sizes)
    sizes_text += (sizes_text.empty() ? "" : ", ") + grouped(s);
  for (const std::uint64_t h : spec.half_lives)
    hl_text += (hl_text.empty() ? "" : ", ") + grouped(h);

  std::string md = fmt::format("# Cache experiment: {}\n\n", spec.title());
  md += fmt::format("StopsPlayer plays itself (seed {}): {} games{}. On its turn it tries every placement, splits the board after it "
                    "into regions and looks up every region of at most 8 cells in the 1,042-shape catalogue; each such lookup is "
                    "one lookup of a table of component values (its key is the catalogue index). The lookups were recorded once "
                    "({} of them) and replayed through every rule at table sizes {}, with aged-LFU half-lives {}.\n\n",
                    spec.seed, grouped(std::uint64_t(r.play.games)),
                    spec.kind == ExperimentKind::mixed ? fmt::format(" on the schedule {}, in that order", to_string(spec.schedule))
                                                       : fmt::format(", all on the {} board", spec.schedule.front().name()),
                    grouped(r.trace.size()), sizes_text, hl_text);
  md += rules_description() + "\n\n";

  md += "## Lookups\n\n" + lookups_table(r).markdown();
  md += fmt::format("\nThe run of the essay \"A count that forgets\" averaged {} lookups a game; this one {}. Regions over 8 cells "
                    "are scored by the player's fallback and not looked up (as in the essay, whose catalogue also stops at 8 "
                    "cells); isolated empty cells are 1-cell regions and are looked up like the others.\n\n",
                    per_game(ESSAY_LOOKUPS, ESSAY_GAMES), per_game(r.play.lookups, r.play.games));

  md += "## Every rule saw the same lookups\n\n";
  md += fmt::format("- recorded trace: {} lookups, fingerprint `{}` (FNV-1a over the keys)\n", grouped(r.trace.size()),
                    hex(r.trace_fingerprint));
  md += fmt::format("- `{}` read back: {} lookups, fingerprint `{}`\n", TRACE_TXT, grouped(w.trace_file_lookups),
                    hex(w.trace_file_fingerprint));
  for (std::size_t i = 0; i < r.live.size(); ++i) {
    const LiveCheck& l = r.live[i];
    std::string rules;
    for (const std::string& name : l.rules)
      rules += (rules.empty() ? "" : ", ") + name;
    md += fmt::format("- live run {} (the games played again with {} caches in the player's lookup sink: {} at every size, half-life "
                      "and start): {} lookups, fingerprint `{}`; {}\n",
                      i + 1, l.caches, rules, grouped(l.lookups), hex(l.fingerprint),
                      l.mismatches.empty() ? "every cache's statistics equal to its replay"
                                           : fmt::format("{} caches differ", l.mismatches.size()));
  }
  md += fmt::format("- laws checked: {}: {}\n\n", LAWS_CHECKED, law_violations(r).empty() ? "all hold" : "VIOLATED");

  md += "## Hit rates\n\nPercent of lookups answered from the table; * marks the best half-life at each size.\n\n";
  md += hit_rate_table(r).markdown() + "\n";
  for (const SizeView& v : views) {
    md += fmt::format("### {} entries\n\n", v.size);
    md += size_table(v).markdown() + "\n";
  }
  md += "H: the half-life of aged LFU; for the adaptive rule its start → the half-life it settled on. \"vs LRU\" is in points of "
        "hit rate. A re-evaluation is a miss on a key met before (a shape thrown out and evaluated again).\n\n";

  md += "## What the misses cost\n\n";
  md += fmt::format("A miss is not a fixed price: evaluating an 8-cell shape from nothing values many smaller regions, a domino "
                    "one. Each lookup is weighed by the classes of regions its shape's evaluation values when nothing is stored "
                    "(domineering/evaluation_cost.h; from {} for the cheapest shape met to {} for the dearest, {} for all lookups "
                    "together; `{}` gives each lookup's). Percent of that cost carried by the hits, the work a table saves; GDSF "
                    "weighs its entries by it, and Belady, optimal for hits, need not be optimal here.\n\n",
                    grouped(min_cost(r)), grouped(max_cost(r)), grouped(r.rows.empty() ? 0 : r.rows.front().cost.lookups), COSTS_TXT);
  md += cost_rate_table(r).markdown() + "\n";

  md += spec.kind == ExperimentKind::mixed ? "## The essay's findings on this run\n\n"
                                           : "## The essay's open questions, answered on this board\n\n";
  if (spec.kind == ExperimentKind::mixed)
    md += "Decided from this run's numbers alone (hit counts compared exactly; a tie is not a win).\n\n";
  else
    md += "The essay expected that with the board fixed a counting rule should do at least as well as recency, and that the "
          "best fixed table, chosen with the whole run in view, should stop being beaten.\n\n";
  md += findings_markdown(findings_of(r)) + "\n";

  md += "## The adaptive rule's starting half-life\n\nHit rate (and the half-life it settled on) from each start:\n\n";
  md += adaptive_starts_table(r).markdown() + "\n";

  md += "## Plots\n\n";
  if (w.plots.problem.empty()) {
    md += fmt::format("![hit rate against half-life]({}.{})\n\n![the adaptive rule's half-life]({}.{})\n\n"
                      "![every published rule against the adaptive rule]({}.{})\n\n",
                      HIT_RATE_PLOT, w.plots.extension, HALF_LIFE_PLOT, w.plots.extension, FIELD_PLOT, w.plots.extension);
  } else {
    md += fmt::format("Not rendered: {}. Run `gnuplot {}` in this folder to render them.\n\n", w.plots.problem, PLOT_SCRIPT);
  }

  md += "## Files\n\n";
  md += fmt::format("- `{}`: one row per rule, table size and half-life: rule, size, half_life (aged-lfu and aged-lfu-ghost: its "
                    "half-life; adaptive: its "
                    "starting half-life; else empty), lookups, hits, hit_rate (hits / lookups), misses, first_time_misses, "
                    "re_evaluations (misses on a key met before), evictions, then lookup_cost, cost_hits, cost_hit_rate and "
                    "re_evaluation_cost, the same weighted by each lookup's evaluation cost.\n",
                    RESULTS_CSV);
  md +=
      fmt::format("- `{}`: the lookup trace, one key (catalogue index) per line in lookup order, for other cache simulators.\n", TRACE_TXT);
  md += fmt::format("- `{}`: the cost of each lookup, one a line beside the trace's (`paste -d, {} {}` gives key,cost pairs).\n", COSTS_TXT,
                    TRACE_TXT, COSTS_TXT);
  md += fmt::format("- `{}`: the gnuplot script with its data; `gnuplot {}` re-renders `{}.*`, `{}.*` and `{}.*`.\n", PLOT_SCRIPT,
                    PLOT_SCRIPT, HIT_RATE_PLOT, HALF_LIFE_PLOT, FIELD_PLOT);
  md +=
      fmt::format("\nTime: playing {:.2f} s, replaying {:.2f} s, live check {:.2f} s.\n", r.play_seconds, r.replay_seconds, r.live_seconds);
  return md;
}

WrittenExperiment write_experiment(const std::filesystem::path& dir, const ExperimentResult& r, const std::string& gnuplot) {
  WrittenExperiment w;
  w.dir = dir;
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec)
    throw std::runtime_error(fmt::format("cannot create {}: {}", dir.string(), ec.message()));

  cache::write_trace(dir / TRACE_TXT, r.trace);
  const std::vector<cache::Key> back = cache::read_trace(dir / TRACE_TXT);
  w.trace_file_lookups = back.size();
  w.trace_file_fingerprint = fingerprint(std::span<const cache::Key>(back));
  if (back != r.trace || w.trace_file_fingerprint != r.trace_fingerprint)
    throw std::runtime_error(fmt::format("{} read back ({} lookups, fingerprint {}) differs from the recording ({}, {})",
                                         (dir / TRACE_TXT).string(), back.size(), hex(w.trace_file_fingerprint), r.trace.size(),
                                         hex(r.trace_fingerprint)));
  w.files.push_back(TRACE_TXT);

  const std::vector<std::uint64_t> costs = lookup_costs(r);
  cache::write_trace(dir / COSTS_TXT, costs);
  if (cache::read_trace(dir / COSTS_TXT) != costs)
    throw std::runtime_error(fmt::format("{} read back differs from the costs written", (dir / COSTS_TXT).string()));
  w.files.push_back(COSTS_TXT);

  write_text(dir / RESULTS_CSV, results_csv(r));
  w.files.push_back(RESULTS_CSV);
  write_text(dir / PLOT_SCRIPT, plot_script(r));
  w.files.push_back(PLOT_SCRIPT);
  w.plots = render_plots(dir, gnuplot);
  w.files.insert(w.files.end(), w.plots.files.begin(), w.plots.files.end());
  write_text(dir / RESULTS_MD, results_markdown(r, w));
  w.files.push_back(RESULTS_MD);
  return w;
}

namespace {

// A finding of a run by id.
const Finding& finding(const std::vector<Finding>& fs, const std::string& id) {
  for (const Finding& f : fs)
    if (f.id == id)
      return f;
  throw std::logic_error("no finding " + id);
}

// One cell per size for a control question: "yes" / "no", plus the number behind it.
std::string cell_for(const std::string& id, const SizeView& v, bool holds) {
  const std::string yes = holds ? "yes" : "**no**";
  if (id == "counting") {
    const RuleResult* counter = v.lfu->stats.hits >= v.best_aged->stats.hits ? v.lfu : v.best_aged;
    return fmt::format("{} ({} {})", yes, counter == v.lfu ? "LFU" : fmt::format("H={}", counter->rule.half_life),
                       points(counter->hit_percent() - v.lru->hit_percent()));
  }
  if (id == "fixed-table") {
    const RuleResult* best = *std::max_element(v.online.begin(), v.online.end(),
                                               [](const RuleResult* a, const RuleResult* b) { return a->stats.hits < b->stats.hits; });
    const auto beaten =
        std::count_if(v.online.begin(), v.online.end(), [&](const RuleResult* o) { return o->stats.hits > v.best_fixed->stats.hits; });
    return holds ? fmt::format("yes (best online {})", points(best->hit_percent() - v.best_fixed->hit_percent()))
                 : fmt::format("**no**: {} of {} rules beat it, by up to {}", beaten, v.online.size(),
                               points(best->hit_percent() - v.best_fixed->hit_percent()));
  }
  if (id == "half-life")
    return fmt::format("H={}: {} ({} vs LFU)", grouped(v.best_aged->rule.half_life), yes,
                       points(v.best_aged->hit_percent() - v.lfu->hit_percent()));
  if (id == "adaptive-best")
    return fmt::format("{} ({})", yes, points(v.adaptive->hit_percent() - v.best_aged->hit_percent()));
  if (id == "adaptive-others")
    return fmt::format("{} ({} / {} / {})", yes, points(v.adaptive->hit_percent() - v.lru->hit_percent()),
                       points(v.adaptive->hit_percent() - v.arc->hit_percent()),
                       points(v.adaptive->hit_percent() - v.sieve->hit_percent()));
  if (id == "adaptive-field") {
    const RuleResult* top = *std::max_element(v.published.begin(), v.published.end(),
                                              [](const RuleResult* a, const RuleResult* b) { return a->stats.hits < b->stats.hits; });
    return fmt::format("{} ({} {})", yes, label(top), points(v.adaptive->hit_percent() - top->hit_percent()));
  }
  return yes;
}

bool holds_at(const Finding& f, std::size_t size) { return std::find(f.holds_at.begin(), f.holds_at.end(), size) != f.holds_at.end(); }

} // namespace

std::string summary_markdown(const ExperimentRun& mixed, const std::vector<ExperimentRun>& controls, double seconds) {
  const ExperimentResult& m = mixed.result;
  const auto mviews = size_views(m);
  std::string sizes_text, hl_text;
  for (const std::size_t s : m.spec.sizes)
    sizes_text += (sizes_text.empty() ? "" : ", ") + grouped(s);
  for (const std::uint64_t h : m.spec.half_lives)
    hl_text += (hl_text.empty() ? "" : ", ") + grouped(h);

  std::string md = "# Cache experiments: summary\n\n";
  md += fmt::format("Written by `domineering experiment all` (seed {}, mixed schedule {}, {} games per control) in {:.1f} s.\n\n",
                    m.spec.seed, to_string(m.spec.schedule), controls.empty() ? 0 : controls.front().result.play.games, seconds);
  md += "## What was run\n\n";
  md += "The experiment of the essay \"A count that forgets\", and the fixed-board controls it leaves open. A Domineering player "
        "(StopsPlayer) plays itself. On its turn it tries every legal placement, splits the board after it "
        "into regions and looks up every region's stops: regions of at most 8 cells come from a catalogue of all 1,042 shapes, "
        "and each of those lookups is one lookup of a small *table of component values*, a cache keyed by the shape. The "
        "catalogue decides every move, so the table never influences play: the games, and the sequence of lookups, are fixed "
        "by the seed. The question is which rule for throwing entries out of a table of 10, 20 or 40 entries answers the most "
        "lookups.\n\n";
  md += "The games are played once and their lookups recorded; each rule is then replayed over the same recording at each "
        "table size. That every rule sees the same lookups is checked: the games are played twice more with the caches "
        "inside the player and every live cache must match its replay, lookup fingerprints included.\n\n";
  md += rules_description() + "\n\n";
  md += fmt::format("Table sizes {}; aged-LFU half-lives {} lookups.\n\n", sizes_text, hl_text);
  TextTable runs{
      {"experiment", "folder", "boards", "games", "lookups", "per game", "time (s)"}, {}, {false, false, false, true, true, true, true}};
  const auto add_run = [&](const ExperimentRun& run) {
    const auto& r = run.result;
    runs.rows.push_back(
        {r.spec.kind == ExperimentKind::mixed ? "mixed schedule (the essay's run)" : "control " + r.spec.schedule.front().name(),
         fmt::format("[{0}/]({0}/{1})", run.folder, RESULTS_MD), to_string(r.spec.schedule), grouped(std::uint64_t(r.play.games)),
         grouped(r.play.lookups), per_game(r.play.lookups, r.play.games), fmt::format("{:.2f}", run.seconds)});
  };
  add_run(mixed);
  for (const ExperimentRun& c : controls)
    add_run(c);
  md += runs.markdown();
  md +=
      fmt::format("\nThe essay's run: {} lookups in {} games ({} a game). Each folder holds results.csv, results.md, trace.txt, costs.txt, "
                  "plot.gp and the three plots.\n\n",
                  grouped(ESSAY_LOOKUPS), ESSAY_GAMES, per_game(ESSAY_LOOKUPS, ESSAY_GAMES));

  md += "## The mixed schedule: the essay's findings\n\n";
  md += fmt::format("{} (seed {}): {} lookups. Hit rates in percent; * marks the best half-life at each size.\n\n",
                    to_string(m.spec.schedule), m.spec.seed, grouped(m.trace.size()));
  md += hit_rate_table(m).markdown() + "\n";
  const auto mf = essay_findings(m);
  TextTable ft{{"finding", "holds here?", "verdict"}, {}, {false, false, false}};
  for (const Finding& f : mf)
    ft.rows.push_back({fmt::format("({}) {}", f.id, f.claim), f.holds ? "yes" : "**no**", f.verdict});
  md += ft.markdown() + "\n";
  md += "The numbers behind each line:\n\n" + findings_markdown(mf) + "\n";

  if (!controls.empty()) {
    md += "## The controls: one board for all games\n\n";
    md += "The essay's open question: with the board held fixed, the reason recency won (the shapes a table should hold change "
          "with the board) disappears, so a counting rule should do at least as well as recency, and the best fixed table, "
          "chosen with the whole run in view, should stop being beaten. Each cell is one board at one table size.\n\n";
    const std::vector<std::pair<std::string, std::string>> questions = {
        {"counting", "Does a counting rule (LFU or the best aged LFU) do at least as well as LRU? (the better one, points above LRU)"},
        {"fixed-table", "Is the best fixed table no longer beaten by any online rule? (the best online rule, points above it)"},
        {"half-life", "Where does the best half-life sit, and does it beat never-reset LFU? (points above LFU)"},
        {"adaptive-best", "Is the adaptive rule within 0.1 points of the best fixed half-life? (points above it)"},
        {"adaptive-others", "Does the adaptive rule beat LRU, ARC and SIEVE? (points above each)"},
        {"adaptive-field", "Does the adaptive rule beat every published rule? (the best of them, and the adaptive rule's points above it)"},
    };
    const std::vector<Finding> mixed_answers = control_answers(m);
    std::vector<std::vector<Finding>> answers;
    for (const ExperimentRun& c : controls)
      answers.push_back(control_answers(c.result));
    for (const auto& [id, question] : questions) {
      md += fmt::format("### {}\n\n", question);
      TextTable t{{"board"}, {}, {false}};
      for (const std::size_t s : m.spec.sizes) {
        t.header.push_back(fmt::format("{} entries", s));
        t.right_aligned.push_back(false);
      }
      std::vector<std::string> holds_on, fails_on;
      for (std::size_t i = 0; i < controls.size(); ++i) {
        const auto views = size_views(controls[i].result);
        const Finding& f = finding(answers[i], id);
        std::vector<std::string> row{controls[i].result.spec.schedule.front().name()};
        for (const SizeView& v : views)
          row.push_back(cell_for(id, v, holds_at(f, v.size)));
        t.rows.push_back(std::move(row));
        (f.holds ? holds_on : fails_on).push_back(controls[i].result.spec.schedule.front().name());
      }
      // The mixed schedule for comparison.
      {
        const Finding& f = finding(mixed_answers, id);
        std::vector<std::string> row{"*mixed, for comparison*"};
        for (const SizeView& v : mviews)
          row.push_back(cell_for(id, v, holds_at(f, v.size)));
        t.rows.push_back(std::move(row));
      }
      md += t.markdown() + "\n";
      const auto join = [](const std::vector<std::string>& v) {
        std::string out;
        for (std::size_t i = 0; i < v.size(); ++i)
          out += (i == 0 ? "" : i + 1 == v.size() ? " and " : ", ") + v[i];
        return out;
      };
      if (fails_on.empty())
        md += "At every table size on **every** board.\n\n";
      else if (holds_on.empty())
        md += "At every table size on **no** board; see the cells for the sizes where it does hold.\n\n";
      else
        md += fmt::format("At every table size only on {}; not on {}.\n\n", join(holds_on), join(fails_on));
    }
  }

  md += "## Best half-life by board and table size\n\n";
  {
    TextTable t{{"experiment"}, {}, {false}};
    for (const std::size_t s : m.spec.sizes) {
      t.header.push_back(fmt::format("{} entries", s));
      t.right_aligned.push_back(true);
    }
    const auto add = [&](const std::string& name, const ExperimentResult& r) {
      std::vector<std::string> row{name};
      for (const SizeView& v : size_views(r))
        row.push_back(grouped(v.best_aged->rule.half_life));
      t.rows.push_back(std::move(row));
    };
    add("mixed schedule", m);
    for (const ExperimentRun& c : controls)
      add("control " + c.result.spec.schedule.front().name(), c.result);
    md += t.markdown() + "\n";
  }

  md += "## The adaptive rule everywhere\n\n";
  {
    TextTable t{{"experiment", "size", "adaptive %", "settled H", "best fixed H", "gap", "vs LRU", "vs ARC", "vs SIEVE", "vs Belady",
                 "spread over starts", "best fixed H with ghosts"},
                {},
                {false, true, true, true, false, true, true, true, true, true, true, false}};
    const auto add = [&](const std::string& name, const ExperimentResult& r) {
      for (const SizeView& v : size_views(r)) {
        double lo = 100, hi = 0;
        for (const RuleResult* a : v.adaptive_starts) {
          lo = std::min(lo, a->hit_percent());
          hi = std::max(hi, a->hit_percent());
        }
        const double p = v.adaptive->hit_percent();
        t.rows.push_back({name, grouped(v.size), percent(p),
                          half_life_text(v.adaptive->settled_half_life(), r.trace.size()) + (v.adaptive->settled_dynamic() ? " +DA" : ""),
                          fmt::format("H={}: {}", grouped(v.best_aged->rule.half_life), percent(v.best_aged->hit_percent())),
                          points(p - v.best_aged->hit_percent()), points(p - v.lru->hit_percent()), points(p - v.arc->hit_percent()),
                          points(p - v.sieve->hit_percent()), points(p - v.belady->hit_percent()), fmt::format("{:.3f}", hi - lo),
                          fmt::format("H={}: {}", grouped(v.best_ghost->rule.half_life), percent(v.best_ghost->hit_percent()))});
      }
    };
    add("mixed", m);
    for (const ExperimentRun& c : controls)
      add(c.result.spec.schedule.front().name(), c.result);
    md += t.markdown();
    md += fmt::format("\nTargets: within {} points of the best fixed half-life (gap >= -{}), and above LRU, ARC and SIEVE. The spread is "
                      "the range of hit rates over the starting half-lives default, ",
                      ADAPTIVE_TARGET_POINTS, ADAPTIVE_TARGET_POINTS);
    for (const std::uint64_t s : m.spec.adaptive_starts)
      md += grouped(s) + (s == m.spec.adaptive_starts.back() ? "" : ", ");
    md += ". The rule's constants were fixed on synthetic traces before these runs (cache/adaptive.h) and are not tuned to them.\n\n";
    std::vector<std::string> misses;
    const auto collect = [&](const std::string& name, const ExperimentResult& r) {
      for (const Finding& f : adaptive_findings(r))
        if (!f.holds)
          misses.push_back(fmt::format("{}: {}", name, f.verdict));
    };
    collect("mixed", m);
    for (const ExperimentRun& c : controls)
      collect("control " + c.result.spec.schedule.front().name(), c.result);
    if (misses.empty())
      md += "Both targets are met in every experiment at every size.\n\n";
    else
      md += "Where a target is missed:\n\n" + bullet_lines(misses) + "\n";
  }

  md += "## What the misses cost\n\n";
  {
    TextTable t{{"experiment", "size", "most cost saved", "adaptive", "GDSF", "LFU-DA", "most hits"},
                {},
                {false, true, false, true, true, true, false}};
    const auto add = [&](const std::string& name, const ExperimentResult& r) {
      for (const SizeView& v : size_views(r)) {
        const RuleResult* by_cost = *std::max_element(v.online.begin(), v.online.end(),
                                                      [](const RuleResult* a, const RuleResult* b) { return a->cost.hits < b->cost.hits; });
        const RuleResult* by_hits = *std::max_element(
            v.online.begin(), v.online.end(), [](const RuleResult* a, const RuleResult* b) { return a->stats.hits < b->stats.hits; });
        const auto rate = [](const RuleResult* x) { return percent(100.0 * x->cost.hit_rate()); };
        const RuleResult* gdsf = r.find({Rule::gdsf, 0}, v.size);
        const RuleResult* lfu_da = r.find({Rule::lfu_da, 0}, v.size);
        t.rows.push_back({name, grouped(v.size), fmt::format("{}: {}", label(by_cost), rate(by_cost)), rate(v.adaptive),
                          gdsf ? rate(gdsf) : "-", lfu_da ? rate(lfu_da) : "-",
                          fmt::format("{}: {} of the cost", label(by_hits), rate(by_hits))});
      }
    };
    add("mixed", m);
    for (const ExperimentRun& c : controls)
      add(c.result.spec.schedule.front().name(), c.result);
    md += "Each lookup weighed by what evaluating its shape from nothing costs (the classes of regions valued; each folder's "
          "results.md has every rule): percent of that cost carried by the hits, among the online rules.\n\n";
    md += t.markdown() + "\n";
  }

  md += "## Plots\n\n";
  const auto plot_links = [&](const std::string& name, const ExperimentRun& run) {
    if (!run.written.plots.problem.empty())
      return fmt::format("- {}: not rendered ({}); run `gnuplot plot.gp` in `{}/`\n", name, run.written.plots.problem, run.folder);
    const std::string& ext = run.written.plots.extension;
    return fmt::format("- {}: [hit rate against half-life]({}/{}.{}), [the adaptive rule's half-life]({}/{}.{}), [the field]({}/{}.{})\n",
                       name, run.folder, HIT_RATE_PLOT, ext, run.folder, HALF_LIFE_PLOT, ext, run.folder, FIELD_PLOT, ext);
  };
  md += plot_links("mixed schedule", mixed);
  for (const ExperimentRun& c : controls)
    md += plot_links("control " + c.result.spec.schedule.front().name(), c);
  if (mixed.written.plots.problem.empty())
    md += fmt::format("\n![hit rate against half-life, mixed schedule]({}/{}.{})\n", mixed.folder, HIT_RATE_PLOT,
                      mixed.written.plots.extension);

  md += "\n## Checks\n\n";
  const auto check_line = [&](const std::string& name, const ExperimentRun& run) {
    const auto& r = run.result;
    std::size_t caches = 0;
    for (const LiveCheck& l : r.live)
      caches += l.caches;
    return fmt::format("- {}: {} lookups, fingerprint `{}`; trace.txt read back equal; {} live runs, {} live caches, {}; laws {}\n", name,
                       grouped(r.trace.size()), hex(r.trace_fingerprint), r.live.size(), caches,
                       r.same_lookups() ? "all equal to the replay" : "MISMATCH", law_violations(r).empty() ? "hold" : "VIOLATED");
  };
  md += check_line("mixed", mixed);
  for (const ExperimentRun& c : controls)
    md += check_line("control " + c.result.spec.schedule.front().name(), c);
  md += fmt::format("\nLaws: {}.\n", LAWS_CHECKED);
  return md;
}

} // namespace experiments
