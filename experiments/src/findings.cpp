#include "experiments/findings.h"

#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>

namespace experiments {

namespace {

using cache::Rule;

const RuleResult* need(const RuleResult* r, const char* rule, std::size_t size) {
  if (!r)
    throw std::logic_error(fmt::format("experiment result has no {} row at size {}", rule, size));
  return r;
}

// Hit-rate gap of a over b, in points.
double gap(const RuleResult* a, const RuleResult* b) { return a->hit_percent() - b->hit_percent(); }

} // namespace

std::string label(const RuleResult* r) {
  switch (r->rule.rule) {
  case Rule::lru: return "LRU";
  case Rule::lfu: return "LFU";
  case Rule::arc: return "ARC";
  case Rule::sieve: return "SIEVE";
  case Rule::aged_lfu: return fmt::format("aged LFU H={}", r->rule.half_life);
  case Rule::aged_lfu_ghost: return fmt::format("aged LFU with ghosts H={}", r->rule.half_life);
  case Rule::adaptive: return fmt::format("adaptive (start {})", r->rule.half_life);
  case Rule::best_fixed: return "best fixed table";
  case Rule::belady: return "Belady";
  case Rule::belady_bypass: return "Belady with bypass";
  case Rule::fifo: return "FIFO";
  case Rule::clock: return "CLOCK";
  case Rule::slru: return "SLRU";
  case Rule::two_q: return "2Q";
  case Rule::s3_fifo: return "S3-FIFO";
  case Rule::w_tinylfu: return "W-TinyLFU";
  case Rule::lirs: return "LIRS";
  case Rule::lfu_da: return "LFU-DA";
  case Rule::hyperbolic: return "Hyperbolic";
  case Rule::lecar: return "LeCaR";
  case Rule::cacheus: return "CACHEUS";
  case Rule::gdsf: return "GDSF";
  }
  return r->rule.name();
}

namespace {

// "settled at H=64 after 3 changes"; H beyond every lookup made reads as "never halving".
std::string settled(const RuleResult* adaptive) {
  const std::uint64_t h = adaptive->settled_half_life();
  const std::size_t changes = adaptive->half_life_history.empty() ? 0 : adaptive->half_life_history.size() - 1;
  const std::string hl = h >= adaptive->stats.lookups ? fmt::format("H={} (never halving in this run)", h) : fmt::format("H={}", h);
  return fmt::format("settled at {}{} after {} change{}", hl, adaptive->settled_ageing_text(), changes, changes == 1 ? "" : "s");
}

Finding make(std::string id, std::string claim) {
  Finding f;
  f.id = std::move(id);
  f.claim = std::move(claim);
  return f;
}

// Sets holds and a default verdict from holds_at.
void conclude(Finding& f, const std::vector<SizeView>& views, const std::string& failure_detail = "") {
  f.holds = f.holds_at.size() == views.size() && !views.empty();
  if (f.holds) {
    f.verdict = views.size() == 1 ? "holds" : "holds at every size";
    return;
  }
  std::vector<std::size_t> fails;
  for (const SizeView& v : views)
    if (std::find(f.holds_at.begin(), f.holds_at.end(), v.size) == f.holds_at.end())
      fails.push_back(v.size);
  f.verdict = fmt::format("fails at {} entries{}", join_sizes(fails), failure_detail.empty() ? "" : ": " + failure_detail);
  if (!f.holds_at.empty())
    f.verdict += fmt::format(" (holds at {})", join_sizes(f.holds_at));
}

} // namespace

std::string grouped(std::uint64_t n) {
  const std::string digits = std::to_string(n);
  std::string out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0)
      out += ',';
    out += digits[i];
  }
  return out;
}

std::string percent(double p) { return fmt::format("{:.3f}", p); }
std::string points(double p) { return fmt::format("{:+.3f}", p); }

std::string join_sizes(const std::vector<std::size_t>& sizes) {
  if (sizes.empty())
    return "none";
  std::string out;
  for (std::size_t i = 0; i < sizes.size(); ++i) {
    if (i > 0)
      out += i + 1 == sizes.size() ? " and " : ", ";
    out += std::to_string(sizes[i]);
  }
  return out;
}

std::vector<SizeView> size_views(const ExperimentResult& r) {
  std::vector<SizeView> views;
  for (const std::size_t size : r.spec.sizes) {
    SizeView v;
    v.size = size;
    for (const RuleResult& row : r.rows) {
      if (row.size != size)
        continue;
      switch (row.rule.rule) {
      case Rule::lru: v.lru = &row; break;
      case Rule::lfu: v.lfu = &row; break;
      case Rule::arc: v.arc = &row; break;
      case Rule::sieve: v.sieve = &row; break;
      case Rule::best_fixed: v.best_fixed = &row; break;
      case Rule::belady: v.belady = &row; break;
      case Rule::belady_bypass: v.belady_bypass = &row; break;
      case Rule::aged_lfu: v.aged.push_back(&row); break;
      case Rule::aged_lfu_ghost: v.ghost.push_back(&row); break;
      case Rule::adaptive:
        v.adaptive_starts.push_back(&row);
        if (row.rule.half_life == cache::AdaptiveCache<>::default_half_life(size))
          v.adaptive = &row;
        break;
      case Rule::fifo:
      case Rule::clock:
      case Rule::slru:
      case Rule::two_q:
      case Rule::s3_fifo:
      case Rule::w_tinylfu:
      case Rule::lirs:
      case Rule::lfu_da:
      case Rule::hyperbolic:
      case Rule::lecar:
      case Rule::cacheus:
      case Rule::gdsf: v.reference.push_back(&row); break;
      }
    }
    if (v.reference.size() != std::size(cache::REFERENCE_RULES))
      throw std::logic_error(fmt::format("experiment result has {} reference rules at size {}, not {}", v.reference.size(), size,
                                         std::size(cache::REFERENCE_RULES)));
    // The online rules, once each: the adaptive rule from its default start only.
    for (const RuleResult& row : r.rows)
      if (row.size == size && !row.rule.offline() && (row.rule.rule != Rule::adaptive || &row == v.adaptive))
        v.online.push_back(&row);
    need(v.lru, "lru", size);
    need(v.lfu, "lfu", size);
    need(v.arc, "arc", size);
    need(v.sieve, "sieve", size);
    need(v.adaptive, "adaptive", size);
    need(v.best_fixed, "best-fixed", size);
    need(v.belady, "belady", size);
    need(v.belady_bypass, "belady-bypass", size);
    if (v.aged.empty())
      throw std::logic_error(fmt::format("experiment result has no aged-lfu row at size {}", size));
    if (v.ghost.empty())
      throw std::logic_error(fmt::format("experiment result has no aged-lfu-ghost row at size {}", size));
    const auto by_h = [](const RuleResult* a, const RuleResult* b) { return a->rule.half_life < b->rule.half_life; };
    std::sort(v.aged.begin(), v.aged.end(), by_h);
    std::sort(v.ghost.begin(), v.ghost.end(), by_h);
    std::sort(v.adaptive_starts.begin(), v.adaptive_starts.end(), by_h);
    const auto most_hits = [](const std::vector<const RuleResult*>& rows) {
      const RuleResult* best = rows.front();
      for (const RuleResult* a : rows)
        if (a->stats.hits > best->stats.hits)
          best = a;
      return best;
    };
    v.best_aged = most_hits(v.aged);
    v.best_ghost = most_hits(v.ghost);
    v.published = {v.lru, v.arc, v.sieve};
    v.published.insert(v.published.end(), v.reference.begin(), v.reference.end());
    views.push_back(std::move(v));
  }
  return views;
}

std::vector<Finding> adaptive_findings(const ExperimentResult& r) {
  const auto views = size_views(r);
  Finding best = make("adaptive-best", fmt::format("The adaptive rule comes within {} points of the best fixed half-life of the grid",
                                                   ADAPTIVE_TARGET_POINTS));
  Finding others = make("adaptive-others", "The adaptive rule beats LRU, ARC and SIEVE");
  std::string best_misses, others_misses;
  for (const SizeView& v : views) {
    const double g = gap(v.adaptive, v.best_aged);
    if (g >= -ADAPTIVE_TARGET_POINTS)
      best.holds_at.push_back(v.size);
    else
      best_misses += fmt::format("{}{:.3f} points below the best fixed half-life at {} entries ({:.3f} beyond the target)",
                                 best_misses.empty() ? "" : ", ", -g, v.size, -g - ADAPTIVE_TARGET_POINTS);
    best.evidence.push_back(fmt::format("{} entries: adaptive {} vs best fixed H={} {} ({} points), {}; the best fixed H of "
                                        "its own rule (aged LFU with ghosts): H={} {}",
                                        v.size, percent(v.adaptive->hit_percent()), v.best_aged->rule.half_life,
                                        percent(v.best_aged->hit_percent()), points(g), settled(v.adaptive), v.best_ghost->rule.half_life,
                                        percent(v.best_ghost->hit_percent())));
    std::string line = fmt::format("{} entries: adaptive {}", v.size, percent(v.adaptive->hit_percent()));
    bool all = true;
    for (const RuleResult* o : {v.lru, v.arc, v.sieve}) {
      line += fmt::format("; {} {} ({})", label(o), percent(o->hit_percent()), points(gap(v.adaptive, o)));
      if (v.adaptive->stats.hits <= o->stats.hits) {
        all = false;
        others_misses += (others_misses.empty() ? "" : ", ") +
                         (v.adaptive->stats.hits == o->stats.hits
                              ? fmt::format("ties with {} at {} entries", label(o), v.size)
                              : fmt::format("below {} at {} entries by {:.3f} points", label(o), v.size, -gap(v.adaptive, o)));
      }
    }
    others.evidence.push_back(line);
    if (all)
      others.holds_at.push_back(v.size);
  }
  conclude(best, views, best_misses);
  conclude(others, views, others_misses);

  // Against the whole field: the best published rule at each size, and by how much it is ahead or behind.
  Finding field = make("adaptive-field", "The adaptive rule beats every published rule (LRU, ARC, SIEVE and the reference rules)");
  std::string field_misses;
  for (const SizeView& v : views) {
    const RuleResult* top = *std::max_element(v.published.begin(), v.published.end(),
                                              [](const RuleResult* a, const RuleResult* b) { return a->stats.hits < b->stats.hits; });
    const auto ahead =
        std::count_if(v.published.begin(), v.published.end(), [&](const RuleResult* o) { return o->stats.hits >= v.adaptive->stats.hits; });
    field.evidence.push_back(fmt::format("{} entries: adaptive {}; the best published rule, {}, {} ({} points); {} of {} published "
                                         "rules at or above the adaptive rule",
                                         v.size, percent(v.adaptive->hit_percent()), label(top), percent(top->hit_percent()),
                                         points(gap(v.adaptive, top)), ahead, v.published.size()));
    if (ahead == 0)
      field.holds_at.push_back(v.size);
    else
      field_misses += (field_misses.empty() ? "" : ", ") +
                      (top->stats.hits == v.adaptive->stats.hits
                           ? fmt::format("ties with {} at {} entries", label(top), v.size)
                           : fmt::format("{} ahead by {:.3f} points at {} entries", label(top), -gap(v.adaptive, top), v.size));
  }
  conclude(field, views, field_misses);
  return {best, others, field};
}

std::vector<Finding> essay_findings(const ExperimentResult& r) {
  const auto views = size_views(r);
  std::vector<Finding> out;

  Finding a = make("a", "Recency (LRU) beats never-reset counting (LFU) at every size");
  Finding b = make("b", "Some half-life of the grid beats recency at every size");
  Finding d = make("d", "The best half-life pays fewer re-evaluations than recency at every size");
  for (const SizeView& v : views) {
    a.evidence.push_back(fmt::format("{} entries: LRU {}, LFU {} (LRU {} points)", v.size, percent(v.lru->hit_percent()),
                                     percent(v.lfu->hit_percent()), points(gap(v.lru, v.lfu))));
    if (v.lru->stats.hits > v.lfu->stats.hits)
      a.holds_at.push_back(v.size);
    b.evidence.push_back(fmt::format("{} entries: best H={} {}, LRU {} ({} points)", v.size, v.best_aged->rule.half_life,
                                     percent(v.best_aged->hit_percent()), percent(v.lru->hit_percent()), points(gap(v.best_aged, v.lru))));
    if (v.best_aged->stats.hits > v.lru->stats.hits)
      b.holds_at.push_back(v.size);
    d.evidence.push_back(fmt::format("{} entries: H={} re-evaluates {}, LRU {}, LFU {}", v.size, v.best_aged->rule.half_life,
                                     grouped(v.best_aged->stats.re_evaluations), grouped(v.lru->stats.re_evaluations),
                                     grouped(v.lfu->stats.re_evaluations)));
    if (v.best_aged->stats.re_evaluations < v.lru->stats.re_evaluations)
      d.holds_at.push_back(v.size);
  }
  conclude(a, views);
  conclude(b, views);
  conclude(d, views);

  Finding c = make("c", "The best half-life grows with the table size");
  std::string chain, stalls;
  for (std::size_t i = 0; i < views.size(); ++i) {
    const SizeView& v = views[i];
    c.evidence.push_back(fmt::format("{} entries: best H={} ({} lookups per entry), {}", v.size, v.best_aged->rule.half_life,
                                     fmt::format("{:.3g}", double(v.best_aged->rule.half_life) / double(v.size)),
                                     percent(v.best_aged->hit_percent())));
    chain += fmt::format("{}{}", i == 0 ? "" : " -> ", v.best_aged->rule.half_life);
    if (i == 0)
      continue;
    const SizeView& prev = views[i - 1];
    if (v.best_aged->rule.half_life > prev.best_aged->rule.half_life)
      c.holds_at.push_back(v.size);
    else
      stalls += fmt::format("{}from {} to {} entries the best H goes {} -> {}", stalls.empty() ? "" : "; ", prev.size, v.size,
                            prev.best_aged->rule.half_life, v.best_aged->rule.half_life);
  }
  if (views.size() < 2) {
    c.holds = false;
    c.verdict = "cannot be judged from one table size";
  } else {
    c.holds = c.holds_at.size() + 1 == views.size();
    c.verdict = c.holds ? fmt::format("holds: {}", chain) : fmt::format("fails: {} ({})", stalls, chain);
    c.holds_at.insert(c.holds_at.begin(), views.front().size);
  }

  out = {a, b, c, d};
  for (Finding& f : adaptive_findings(r))
    out.push_back(std::move(f));
  return out;
}

std::vector<Finding> control_answers(const ExperimentResult& r) {
  const auto views = size_views(r);

  Finding counting = make("counting", "A counting rule (LFU or an aged LFU of the grid) does at least as well as recency (LRU)");
  Finding fixed = make("fixed-table", "The best fixed table, chosen with the whole run in view, is no longer beaten by any online rule");
  Finding half_life =
      make("half-life", "Where the best half-life sits: a finite half-life of the grid still beats never-reset counting (LFU)");
  std::string fixed_detail, counting_detail;
  for (const SizeView& v : views) {
    const RuleResult* counter = v.lfu->stats.hits >= v.best_aged->stats.hits ? v.lfu : v.best_aged;
    counting.evidence.push_back(fmt::format(
        "{} entries: LRU {}, LFU {} ({}), best aged H={} {} ({})", v.size, percent(v.lru->hit_percent()), percent(v.lfu->hit_percent()),
        points(gap(v.lfu, v.lru)), v.best_aged->rule.half_life, percent(v.best_aged->hit_percent()), points(gap(v.best_aged, v.lru))));
    if (counter->stats.hits >= v.lru->stats.hits)
      counting.holds_at.push_back(v.size);
    else
      counting_detail += fmt::format("{}LRU is {:.3f} points ahead of the best counting rule at {} entries",
                                     counting_detail.empty() ? "" : "; ", -gap(counter, v.lru), v.size);

    std::vector<const RuleResult*> beaters;
    for (const RuleResult* o : v.online)
      if (o->stats.hits > v.best_fixed->stats.hits)
        beaters.push_back(o);
    std::sort(beaters.begin(), beaters.end(), [](const RuleResult* x, const RuleResult* y) { return x->stats.hits > y->stats.hits; });
    if (beaters.empty()) {
      fixed.holds_at.push_back(v.size);
      const RuleResult* best_online = *std::max_element(
          v.online.begin(), v.online.end(), [](const RuleResult* x, const RuleResult* y) { return x->stats.hits < y->stats.hits; });
      fixed.evidence.push_back(fmt::format("{} entries: best fixed table {}, not beaten; the best online rule, {}, has {} ({})", v.size,
                                           percent(v.best_fixed->hit_percent()), label(best_online), percent(best_online->hit_percent()),
                                           points(gap(best_online, v.best_fixed))));
    } else {
      std::string list;
      for (std::size_t i = 0; i < beaters.size() && i < 4; ++i)
        list += fmt::format("{}{} {}", i ? ", " : "", label(beaters[i]), points(gap(beaters[i], v.best_fixed)));
      if (beaters.size() > 4)
        list += fmt::format(", and {} more", beaters.size() - 4);
      fixed.evidence.push_back(fmt::format("{} entries: best fixed table {}, beaten by {} of {} online rules: {}", v.size,
                                           percent(v.best_fixed->hit_percent()), beaters.size(), v.online.size(), list));
      fixed_detail += fmt::format("{}at {} entries by up to {:.3f} points ({})", fixed_detail.empty() ? "" : "; ", v.size,
                                  gap(beaters.front(), v.best_fixed), label(beaters.front()));
    }

    const RuleResult* largest = v.aged.back();
    const std::string edge = v.best_aged == largest          ? ", the longest of the grid"
                             : v.best_aged == v.aged.front() ? ", the shortest of the grid"
                                                             : "";
    half_life.evidence.push_back(
        fmt::format("{} entries: best H={}{} ({} lookups per entry) {}; LFU {} ({}); LRU {}", v.size, v.best_aged->rule.half_life, edge,
                    fmt::format("{:.3g}", double(v.best_aged->rule.half_life) / double(v.size)), percent(v.best_aged->hit_percent()),
                    percent(v.lfu->hit_percent()), points(gap(v.best_aged, v.lfu)), percent(v.lru->hit_percent())));
    if (v.best_aged->stats.hits > v.lfu->stats.hits)
      half_life.holds_at.push_back(v.size);
  }
  conclude(counting, views, counting_detail);
  conclude(fixed, views, fixed_detail.empty() ? "" : "beaten " + fixed_detail);
  conclude(half_life, views, "never-reset counting does as well as every half-life there");

  std::vector<Finding> out = {counting, fixed, half_life};
  for (Finding& f : adaptive_findings(r))
    out.push_back(std::move(f));
  return out;
}

} // namespace experiments
