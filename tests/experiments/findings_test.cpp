#include "experiments/findings.h"

#include <catch2/catch.hpp>

#include <array>
#include <string>

using cache::Rule;
using experiments::ExperimentResult;
using experiments::Finding;

namespace {

// Hits out of 1,000 lookups of each rule at one size (Belady and Belady with bypass get 990 and 995).
struct Hits {
  std::uint64_t lru, lfu, aged25, aged100, arc, sieve, adaptive, fixed;
};

// A hand-made result at sizes 10 and 20 with half-lives 25 and 100 and the adaptive rule from its
// default start only. Every miss but one is a re-evaluation, so fewer hits means more of them.
ExperimentResult hand_made(const std::array<Hits, 2>& hits) {
  ExperimentResult r;
  r.spec.sizes = {10, 20};
  r.spec.half_lives = {25, 100};
  r.spec.adaptive_starts = {};
  for (std::size_t i = 0; i < 2; ++i) {
    const std::size_t size = r.spec.sizes[i];
    const Hits& h = hits[i];
    for (const cache::RuleSpec& rule : experiments::rules_for(r.spec, size)) {
      std::uint64_t n = 0;
      switch (rule.rule) {
      case Rule::lru: n = h.lru; break;
      case Rule::lfu: n = h.lfu; break;
      case Rule::aged_lfu: n = rule.half_life == 25 ? h.aged25 : h.aged100; break;
      case Rule::aged_lfu_ghost: n = h.lfu; break; // a counting rule that decides no finding here
      case Rule::arc: n = h.arc; break;
      case Rule::sieve: n = h.sieve; break;
      case Rule::adaptive: n = h.adaptive; break;
      case Rule::best_fixed: n = h.fixed; break;
      case Rule::belady: n = 990; break;
      case Rule::belady_bypass: n = 995; break;
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
      case Rule::gdsf: n = h.lru - 1; break; // the reference rules, below LRU unless a test moves one
      }
      cache::Stats s{1000, n, 1000 - n, 1, 999 - n, 1000 - n, 990 - n, 0};
      std::vector<cache::HalfLifeSample> history;
      if (rule.rule == Rule::adaptive)
        history = {{0, size}, {100, 64}};
      r.rows.push_back({rule, size, s, history, {}});
    }
  }
  return r;
}

const Finding& by_id(const std::vector<Finding>& fs, const std::string& id) {
  for (const Finding& f : fs)
    if (f.id == id)
      return f;
  FAIL("no finding " << id);
  return fs.front();
}

// The essay's pattern: LRU over LFU, a half-life over LRU, the best H growing, adaptive on top.
constexpr Hits ESSAY_10{900, 850, 910, 890, 905, 904, 911, 840};
constexpr Hits ESSAY_20{950, 930, 945, 955, 951, 952, 955, 920};

} // namespace

TEST_CASE("the essay's findings are decided from the numbers", "[experiments]") {
  // scenario, hits at 10 and 20 entries, expected holds for a, b, c, d, adaptive-best, adaptive-others,
  // and a fragment of the verdict of the first finding that fails (hand-made numbers)
  static const struct Row {
    const char* scenario;
    Hits at10, at20;
    std::array<bool, 6> holds;
    const char* failing;
    const char* verdict;
  } rows[] = {
      {"the essay's pattern", ESSAY_10, ESSAY_20, {true, true, true, true, true, true}, nullptr, nullptr},
      {"LFU beats LRU at 20",
       ESSAY_10,
       {950, 960, 945, 965, 951, 952, 965, 920},
       {false, true, true, true, true, true},
       "a",
       "fails at 20 entries (holds at 10)"},
      {"the best H shrinks",
       {900, 850, 880, 910, 905, 904, 911, 840},
       {950, 930, 960, 955, 951, 952, 960, 920},
       {true, true, false, true, true, true},
       "c",
       "fails: from 10 to 20 entries the best H goes 100 -> 25"},
      {"a tie with LRU is no win",
       {900, 850, 900, 890, 895, 894, 901, 840},
       ESSAY_20,
       {true, false, true, false, true, true},
       "b",
       "fails at 10 entries (holds at 20)"},
      {"adaptive far below the best H",
       {900, 850, 910, 890, 905, 904, 908, 840},
       ESSAY_20,
       {true, true, true, true, false, true},
       "adaptive-best",
       "0.200 points below the best fixed half-life at 10 entries (0.100 beyond the target)"},
      {"SIEVE beats adaptive at 20",
       ESSAY_10,
       {950, 930, 945, 955, 951, 956, 955, 920},
       {true, true, true, true, true, false},
       "adaptive-others",
       "below SIEVE at 20 entries by 0.100 points"},
      {"adaptive ties ARC",
       {900, 850, 910, 890, 911, 904, 911, 840},
       ESSAY_20,
       {true, true, true, true, true, false},
       "adaptive-others",
       "ties with ARC at 10 entries"},
  };
  static const char* const ids[] = {"a", "b", "c", "d", "adaptive-best", "adaptive-others"};
  for (const Row& row : rows) {
    CAPTURE(row.scenario);
    const auto findings = experiments::essay_findings(hand_made({row.at10, row.at20}));
    REQUIRE(findings.size() == 7); // and adaptive-field, which holds wherever the reference rules sit below LRU
    CHECK(by_id(findings, "adaptive-field").holds == row.holds[5]);
    for (std::size_t i = 0; i < 6; ++i) {
      CAPTURE(ids[i]);
      CHECK(by_id(findings, ids[i]).holds == row.holds[i]);
      CHECK(by_id(findings, ids[i]).evidence.size() == 2);
    }
    if (row.failing)
      CHECK_THAT(by_id(findings, row.failing).verdict, Catch::Contains(row.verdict));
  }
}

TEST_CASE("the adaptive rule is measured against every published rule", "[experiments]") {
  // rule moved, its hits at 20 entries (adaptive: 955), expected holds at 20, fragment of the verdict
  static const struct Row {
    Rule moved;
    std::uint64_t hits;
    bool holds_at_20;
    const char* verdict;
  } rows[] = {
      {Rule::lirs, 958, false, "LIRS ahead by 0.300 points at 20 entries"},
      {Rule::lfu_da, 955, false, "ties with LFU-DA at 20 entries"}, // a tie is not a win
      {Rule::cacheus, 954, true, nullptr},
      {Rule::w_tinylfu, 956, false, "W-TinyLFU ahead by 0.100 points at 20 entries"},
  };
  for (const Row& row : rows) {
    CAPTURE(cache::RuleSpec{row.moved, 0}.name(), row.hits);
    ExperimentResult r = hand_made({ESSAY_10, ESSAY_20});
    for (auto& result : r.rows)
      if (result.size == 20 && result.rule.rule == row.moved)
        result.stats.hits = row.hits;
    const auto findings = experiments::adaptive_findings(r);
    const Finding& f = by_id(findings, "adaptive-field");
    CHECK(f.holds == row.holds_at_20);
    CHECK(f.holds_at == (row.holds_at_20 ? std::vector<std::size_t>{10, 20} : std::vector<std::size_t>{10}));
    if (row.verdict)
      CHECK_THAT(f.verdict, Catch::Contains(row.verdict));
    REQUIRE(f.evidence.size() == 2);
    CHECK_THAT(f.evidence[0], Catch::Contains("0 of 15 published rules at or above the adaptive rule"));
  }
}

TEST_CASE("the control questions are answered from the numbers", "[experiments]") {
  // scenario, hits at 10 and 20 entries, expected holds for counting, fixed-table, half-life, and a
  // fragment of the verdict of the first that fails (hand-made numbers)
  static const struct Row {
    const char* scenario;
    Hits at10, at20;
    std::array<bool, 3> holds;
    const char* failing;
    const char* verdict;
  } rows[] = {
      {"the essay's pattern",
       ESSAY_10,
       ESSAY_20,
       {true, false, true},
       "fixed-table",
       "fails at 10 and 20 entries: beaten at 10 entries by up to 7.100 points (adaptive (start 10))"},
      {"the fixed table wins",
       {900, 850, 910, 890, 905, 904, 911, 980},
       {950, 930, 945, 955, 951, 952, 955, 985},
       {true, true, true},
       nullptr,
       nullptr},
      {"recency beats every count at 20",
       ESSAY_10,
       {950, 930, 945, 949, 951, 952, 949, 920},
       {false, false, true},
       "counting",
       "LRU is 0.100 points ahead of the best counting rule at 20 entries"},
      {"never halving is as good",
       {900, 910, 905, 910, 905, 904, 911, 840},
       ESSAY_20,
       {true, false, false},
       "half-life",
       "fails at 10 entries: never-reset counting does as well as every half-life there"},
  };
  static const char* const ids[] = {"counting", "fixed-table", "half-life"};
  for (const Row& row : rows) {
    CAPTURE(row.scenario);
    const auto answers = experiments::control_answers(hand_made({row.at10, row.at20}));
    REQUIRE(answers.size() == 6);
    for (std::size_t i = 0; i < 3; ++i) {
      CAPTURE(ids[i]);
      CHECK(by_id(answers, ids[i]).holds == row.holds[i]);
    }
    if (row.failing)
      CHECK_THAT(by_id(answers, row.failing).verdict, Catch::Contains(row.verdict));
  }
}

TEST_CASE("size views pick the best half-life, ties to the shorter", "[experiments]") {
  // hits of H=25 and H=100 at 10 entries, the best H expected
  static const struct Row { std::uint64_t aged25, aged100, best; } rows[] = {{910, 890, 25}, {890, 910, 100}, {900, 900, 25}};
  for (const Row& row : rows) {
    CAPTURE(row.aged25, row.aged100);
    Hits h = ESSAY_10;
    h.aged25 = row.aged25;
    h.aged100 = row.aged100;
    const ExperimentResult r = hand_made({h, ESSAY_20});
    const auto views = experiments::size_views(r);
    REQUIRE(views.size() == 2);
    CHECK(views[0].best_aged->rule.half_life == row.best);
    CHECK(views[0].adaptive->settled_half_life() == 64);
    CHECK(views[0].online.size() == 21); // lru, lfu, two aged, two aged with ghosts, arc, sieve, 12 reference rules, adaptive
    CHECK(views[0].reference.size() == 12);
    CHECK(views[0].published.size() == 15); // lru, arc, sieve and the reference rules
    CHECK(views[0].ghost.size() == 2);
  }
}

TEST_CASE("numbers print as the reports show them", "[experiments]") {
  // value, printed (hand-written)
  CHECK(experiments::grouped(0) == "0");
  CHECK(experiments::grouped(140123) == "140,123");
  CHECK(experiments::grouped(1234567) == "1,234,567");
  CHECK(experiments::percent(94.25) == "94.250");
  CHECK(experiments::points(0.4123) == "+0.412");
  CHECK(experiments::points(-1.5) == "-1.500");
  CHECK(experiments::join_sizes({}) == "none");
  CHECK(experiments::join_sizes({10}) == "10");
  CHECK(experiments::join_sizes({10, 20, 40}) == "10, 20 and 40");
}
