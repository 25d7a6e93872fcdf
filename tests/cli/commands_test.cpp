// End-to-end tests of the `domineering` executable: exit codes (0 success, 2 bad input, 1
// failure), the JSON keys of docs/cli.md, and one-line errors on stderr.
#include "base/checksum.h"

#include <catch2/catch.hpp>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <array>
#include <cstdio>
#include <set>
#include <string>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <vector>

namespace {

struct Run {
  int code = -1;
  std::string out;
  std::string err;
};

std::string shell_quote(const std::string& s) {
  std::string q = "'";
  for (char c : s)
    q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

Run run(const std::string& args) {
  char err_template[] = "/tmp/domineering-cli-test-XXXXXX";
  const int fd = ::mkstemp(err_template);
  REQUIRE(fd >= 0);
  ::close(fd);
  const std::string err_file = err_template;
  const std::string cmd = std::string(DOMINEERING_BIN) + " " + args + " 2>" + err_file;
  Run r;
  FILE* p = ::popen(cmd.c_str(), "r");
  REQUIRE(p != nullptr);
  std::array<char, 4096> buf{};
  while (std::size_t n = std::fread(buf.data(), 1, buf.size(), p))
    r.out.append(buf.data(), n);
  const int status = ::pclose(p);
  r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  if (FILE* e = std::fopen(err_file.c_str(), "r")) {
    while (std::size_t n = std::fread(buf.data(), 1, buf.size(), e))
      r.err.append(buf.data(), n);
    std::fclose(e);
  }
  std::remove(err_file.c_str());
  return r;
}

} // namespace

TEST_CASE("exit codes and one-line errors", "[cli]") {
  // arguments, exit code, fragment of stderr (empty: stderr must be empty)
  static const struct Row {
    std::string args;
    int code;
    const char* err;
  } rows[] = {
      {"game " + shell_quote("{1|-1}"), 0, ""},
      {"game " + shell_quote("{1|"), 2, "unclosed '{'"},
      {"game", 2, "EXPR is required"},
      {"value 2x3", 0, ""},
      {"value " + shell_quote("../."), 2, "ragged rows"},
      {"value 40x40", 2, "board too large"},
      {"value 8x8", 2, "region of 64 cells at row 0, column 0 is too large for an exact value (limit 40"},
      {"value 2x20 --max-region-cells 39", 2, "region of 40 cells"},
      {"catalogue build --max-cells 19", 2, "needs about"},
      {"catalogue build --max-cells 21", 2, "--max-cells 21 out of range"},
      {"solve 31x31", 2, "board too large to solve: 31x31 (the solver takes at most 30x30)"},
      {"solve 4x4 --tt-mb 100000000", 2, "exceeds this machine's physical memory"},
      {"solve 4x4 --threads 5000", 2, "--threads 5000 out of range"},
      {"solve 4x4 --cgt-cells 1000", 2, "--cgt-cells 1000 out of range (0 to 900)"},
      {"solve 4x4 --first diagonal", 2, "diagonal"},
      {"game " + shell_quote(std::string(100001, '*')), 2, "game expression too long"},
      {"game " + shell_quote(std::string(300, '(') + "0" + std::string(300, ')')), 2, "nesting deeper than 200 levels"},
      {"value " + shell_quote(""), 2, "empty board text"},
      {"value " + shell_quote("..x"), 2, "unexpected character 'x' at row 1, column 3"},
      {"no-such-command", 2,
       "unknown subcommand 'no-such-command' (one of game, compare, value, catalogue, tictactoe, experiment, solve, bench, survey, serve, "
       "proof, verify)"},
      {"value 99999999999x2", 2, "board too large: 99999999999x2 (limit 32 x 32)"},
      {"value 2x2 --max-region-cells -3", 2, "--max-region-cells"},
      {"solve 4x4 --tt-mb -1", 2, "--tt-mb"},
      {"solve 4x4 --component-entries -1", 2, "--component-entries"},
      {"solve 4x4 --component-rule belady", 2, "--component-rule belady: this rule needs the whole sequence of lookups in advance"},
      {"solve 4x4 --component-rule nru", 2, "--component-rule: unknown cache rule \"nru\"; known rules: lru,"},
      {"solve 4x4 --component-rule aged-lfu", 2, "--component-rule: cache rule \"aged-lfu\" needs a half-life"},
      {"experiment control --board 3x3 --games 1 --seed -1", 2, "--seed"},
      {"", 2, "subcommand is required"},
      {"game --help", 0, ""},
  };
  for (const Row& row : rows) {
    CAPTURE(row.args);
    const Run r = run(row.args);
    CHECK(r.code == row.code);
    if (*row.err) {
      CHECK_THAT(r.err, Catch::Contains(row.err));
      CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
    } else if (row.code == 0) {
      CHECK(r.err.empty());
    }
  }
}

TEST_CASE("JSON keys of game and value", "[cli]") {
  // arguments, expected canonical, outcome; the keys of docs/cli.md must all be present
  static const struct Row {
    std::string args;
    const char* canonical;
    const char* outcome;
  } rows[] = {
      {"game " + shell_quote("{3||2*|1*}") + " --json", "{3||2*|1*}", "L"},
      {"value 2x3 --json", "{2|-1/2}", "N"},
      {"value 4x4 --json", "+-{0,{{2|0},2Tiny(2)|{2|0},Miny(2)}}", "N"},
  };
  for (const Row& row : rows) {
    CAPTURE(row.args);
    const Run r = run(row.args);
    REQUIRE(r.code == 0);
    const auto j = nlohmann::json::parse(r.out);
    for (const char* key : {"canonical", "left_stop", "right_stop", "mean", "temperature", "outcome"})
      CHECK(j.contains(key));
    CHECK(j["canonical"] == row.canonical);
    CHECK(j["outcome"] == row.outcome);
  }
}

TEST_CASE("solve: the table is sized from the board unless --tt-mb says", "[cli]") {
  // arguments, tt_mib in the JSON
  static const struct Row {
    const char* args;
    int tt_mib;
  } rows[] = {
      {"solve 4x4 --first vertical --json", 4},
      {"solve 4x4 --first vertical --tt-mb 8 --json", 8},
      {"solve 4x4 --json", 4},
  };
  for (const Row& row : rows) {
    CAPTURE(row.args);
    const Run r = run(row.args);
    REQUIRE(r.code == 0);
    const auto j = nlohmann::json::parse(r.out);
    CHECK(j["tt_mib"] == row.tt_mib);
  }
}

TEST_CASE("solve --component-rule: every rule gives the same search, each its own misses", "[cli]") {
  // 8x8 with 16 entries evicts: the rules then differ in what they keep, never in the tree.
  const char* rules[] = {"adaptive", "lru", "gdsf", "lirs", "aged-lfu-ghost:50"};
  std::uint64_t nodes = 0;
  std::set<std::uint64_t> hits; // the rule must reach the cache: not every rule keeps the same regions
  for (const char* rule : rules) {
    CAPTURE(rule);
    const Run r = run(std::string("solve 8x8 --first vertical --threads 1 --component-entries 16 --json --component-rule ") + rule);
    REQUIRE(r.code == 0);
    const auto j = nlohmann::json::parse(r.out);
    CHECK(j["winner"] == "vertical");
    CHECK(j["component_rule"] == rule);
    CHECK(j["component_entries"] == 16);
    if (nodes == 0)
      nodes = j["nodes"].get<std::uint64_t>();
    CHECK(j["nodes"].get<std::uint64_t>() == nodes);
    const auto& c = j["component_cache"];
    CHECK(c["evictions"].get<std::uint64_t>() > 0);
    // Only the adaptive rule has a half-life.
    CHECK((c["half_life"].get<std::uint64_t>() > 0) == (std::string(rule) == "adaptive"));
    hits.insert(c["hits"].get<std::uint64_t>());
    // Every miss values its region, and may value parts of it too.
    CHECK(c["regions_valued"].get<std::uint64_t>() >= c["lookups"].get<std::uint64_t>() - c["hits"].get<std::uint64_t>());
  }
  CHECK(hits.size() > 1);
}

TEST_CASE("solve: --play-safe-moves searches safe moves too, with the same outcome", "[cli]") {
  // One thread, so node counts are exact: 6x7 takes more nodes with safe moves than without, so
  // the flag must reach the search. (On 6x6 the screen drops every safe move the flag adds, and
  // the counts are equal.)
  const Run skipping = run("solve 6x7 --threads 1 --json");
  const Run playing = run("solve 6x7 --threads 1 --play-safe-moves --json");
  REQUIRE(skipping.code == 0);
  REQUIRE(playing.code == 0);
  const auto a = nlohmann::json::parse(skipping.out), b = nlohmann::json::parse(playing.out);
  CHECK(a["outcome"] == b["outcome"]);
  CHECK(a["nodes"].get<std::uint64_t>() < b["nodes"].get<std::uint64_t>());
}

TEST_CASE("solve --profile: one row per ply reached, which add up to the nodes", "[cli]") {
  const Run r = run("solve 6x6 --first vertical --threads 1 --profile --json");
  REQUIRE(r.code == 0);
  const auto j = nlohmann::json::parse(r.out);
  const auto& rows = j["profile"];
  REQUIRE(rows.is_array());
  REQUIRE(!rows.empty());
  std::uint64_t nodes = 0;
  for (const auto& row : rows) {
    CAPTURE(row.dump());
    const int ply = row["ply"].get<int>();
    CHECK(row["empty_cells"].get<int>() == 36 - 2 * ply);
    CHECK(row["to_move"] == (ply % 2 == 0 ? "vertical" : "horizontal"));
    CHECK(row["nodes"].get<std::uint64_t>() == row["stopped"].get<std::uint64_t>() + row["table"].get<std::uint64_t>() +
                                                   row["decided"].get<std::uint64_t>() + row["expanded"].get<std::uint64_t>());
    CHECK(row["first_cut"].get<std::uint64_t>() <= row["cut"].get<std::uint64_t>());
    CHECK(row.contains("before_cut"));
    nodes += row["nodes"].get<std::uint64_t>();
  }
  CHECK(nodes + 1 == j["nodes"].get<std::uint64_t>());
  const Run text = run("solve 6x6 --first vertical --threads 1 --profile");
  REQUIRE(text.code == 0);
  CHECK(text.out.find("before cut") != std::string::npos);
  CHECK(run("solve 6x6 --first vertical --threads 1 --json").out.find("\"profile\"") == std::string::npos);
}

namespace {

// A temporary output folder for the experiment commands, removed afterwards.
struct OutDir {
  std::string path;
  OutDir() {
    char pattern[] = "/tmp/domineering-cli-experiment-XXXXXX";
    REQUIRE(::mkdtemp(pattern) != nullptr);
    path = pattern;
  }
  ~OutDir() {
    std::error_code ec;
    std::filesystem::remove_all(path, ec);
  }
};

bool file_exists(const std::string& path) {
  if (FILE* f = std::fopen(path.c_str(), "r")) {
    std::fclose(f);
    return true;
  }
  return false;
}

} // namespace

TEST_CASE("experiment: bad input exits 2 with one line", "[cli]") {
  // arguments after `experiment`, exit code, fragment of stderr (small runs: these fail before playing)
  static const struct Row {
    std::string args;
    int code;
    const char* err;
  } rows[] = {
      {"", 2, "subcommand is required"},
      {"cache --schedule 4x5", 2, "malformed schedule item '4x5'"},
      {"cache --schedule 4x5:200,17x17:5", 2, "boards must be 1x1 to 16x16"},
      {"cache --schedule 4x5:0", 2, "games must be 1 to 100000"},
      {"cache --sizes 0", 2, "table size 0 out of range"},
      {"cache --sizes 10,1000001", 2, "table size 1000001 out of range"},
      {"cache --sizes -5", 2, "table size -5 out of range"},
      {"cache --half-lives 25,0", 2, "half-life 0 out of range"},
      {"cache --sizes ten", 2, "--sizes"},
      {"control", 2, "--board is required"},
      {"control --board 17x17", 2, "board 17x17 out of range"},
      {"control --board 5x5 --games 0", 2, "games 0 out of range"},
      {"control --board five", 2, "malformed board 'five'"},
      {"all --games 0", 2, "games 0 out of range"},
      {"cache --frob", 2, "--frob"},
  };
  for (const Row& row : rows) {
    CAPTURE(row.args);
    const Run r = run("experiment " + row.args + (row.args.empty() ? "" : " --out /nonexistent/never-written"));
    CHECK(r.code == row.code);
    CHECK_THAT(r.err, Catch::Contains(row.err));
    CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
    CHECK(r.out.empty());
  }
}

TEST_CASE("experiment: --help teaches the experiment and the files", "[cli]") {
  // subcommand, fragments its help must contain
  static const struct Row {
    const char* args;
    std::vector<const char*> fragments;
  } rows[] = {
      {"experiment --help", {"cache", "control", "all"}},
      {"experiment cache --help",
       {"--schedule", "--sizes", "--half-lives", "results.csv", "trace.txt", "plot.gp", "gnuplot", "(a) LRU beats LFU"}},
      {"experiment control --help", {"--board", "--games", "best fixed table", "results.md"}},
      {"experiment all --help", {"summary.md", "control-RxC"}},
  };
  for (const Row& row : rows) {
    CAPTURE(row.args);
    const Run r = run(row.args);
    CHECK(r.code == 0);
    for (const char* f : row.fragments)
      CHECK_THAT(r.out, Catch::Contains(f));
  }
}

TEST_CASE("experiment: --json is one object with the documented keys", "[cli]") {
  // arguments (the output folder is appended), keys the object must hold
  static const struct Row {
    std::string args;
    std::vector<const char*> keys;
  } rows[] = {
      {"experiment cache --schedule 4x5:10,5x5:10 --sizes 10,20 --half-lives 25,50 --json",
       {"lookups", "games", "boards", "fingerprint", "rows", "findings", "checks", "adaptive", "files", "seconds"}},
      {"experiment control --board 4x5 --games 20 --sizes 10 --json", {"lookups", "games", "boards", "fingerprint", "rows", "findings"}},
      {"experiment all --schedule 4x5:5,5x5:5 --games 5 --sizes 10 --json", {"out", "seed", "seconds", "summary", "mixed", "controls"}},
  };
  for (const Row& row : rows) {
    CAPTURE(row.args);
    OutDir dir;
    const Run r = run(row.args + " --out " + shell_quote(dir.path));
    REQUIRE(r.code == 0);
    CHECK(r.err.empty());
    const auto j = nlohmann::json::parse(r.out);
    for (const char* key : row.keys)
      CHECK(j.contains(key));
    const auto& one = j.contains("mixed") ? j["mixed"] : j;
    CHECK(one["checks"]["same_lookups"] == true);
    CHECK(one["rows"].size() > 0);
    CHECK(one["rows"][0].contains("hit_rate"));
    CHECK(one["boards"][0].contains("lookups"));
    if (j.contains("controls")) {
      CHECK(j["controls"].size() == 2);
      CHECK(file_exists(dir.path + "/summary.md"));
      CHECK(file_exists(dir.path + "/control-5x5/results.csv"));
    } else {
      CHECK(file_exists(dir.path + "/results.csv"));
      CHECK(file_exists(dir.path + "/results.md"));
      CHECK(file_exists(dir.path + "/trace.txt"));
    }
  }
}

TEST_CASE("experiment: without gnuplot the data is written, stderr says so, exit 0", "[cli]") {
  OutDir dir;
  ::setenv("DOMINEERING_GNUPLOT", "/nonexistent/gnuplot", 1);
  const Run r = run("experiment cache --schedule 4x5:5 --sizes 10 --out " + shell_quote(dir.path));
  ::unsetenv("DOMINEERING_GNUPLOT");
  CHECK(r.code == 0);
  CHECK_THAT(r.err, Catch::Contains("warning: plots not rendered"));
  CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
  CHECK_THAT(r.out, Catch::Contains("The essay's findings"));
  CHECK(file_exists(dir.path + "/results.csv"));
  CHECK(file_exists(dir.path + "/plot.gp"));
  CHECK_FALSE(file_exists(dir.path + "/hit-rate.png"));
}

TEST_CASE("solve --json says how the root was decided, and counts each rule's decisions", "[cli]") {
  // arguments, decided_by of each run, winner of each run (vertical first, then horizontal).
  // 30x2: Vertical's packing (its columns of two) shows it wins moving first; Horizontal first
  // is searched. 1x5: Vertical has no move, and Horizontal's one region is valued. 5x5
  // Horizontal first is 5x5 Vertical first transposed, which the first run leaves in the table.
  // 8x2 Horizontal first is the packing's, unless it or every rule is switched off.
  static const struct Row {
    const char* args;
    std::array<const char*, 2> decided_by;
    std::array<const char*, 2> winner;
  } rows[] = {
      {"solve 30x2 --threads 1", {"packing", "search"}, {"vertical", "vertical"}},
      {"solve 1x5 --threads 1", {"no-moves", "cgt"}, {"horizontal", "horizontal"}},
      {"solve 5x5 --threads 1", {"search", "table"}, {"horizontal", "vertical"}},
      {"solve 8x2 --threads 1", {"search", "packing"}, {"vertical", "vertical"}},
      {"solve 8x2 --threads 1 --no-rule packing", {"search", "search"}, {"vertical", "vertical"}},
      {"solve 8x2 --threads 1 --no-knowledge", {"search", "search"}, {"vertical", "vertical"}},
  };
  for (const Row& row : rows) {
    CAPTURE(row.args);
    const Run r = run(std::string(row.args) + " --json");
    REQUIRE(r.code == 0);
    const auto j = nlohmann::json::parse(r.out);
    REQUIRE(j["runs"].size() == 2);
    for (std::size_t i = 0; i < 2; ++i) {
      const auto& run = j["runs"][i];
      CHECK(run["decided_by"] == row.decided_by[i]);
      CHECK(run["winner"] == row.winner[i]);
      for (const char* rule : {"packing", "plans", "cgt"})
        CHECK(run["rules"].contains(rule));
      if (std::string(row.args).find("--no-knowledge") != std::string::npos)
        CHECK(run["rules"]["packing"] == 0);
    }
  }
}

TEST_CASE("solve --no-cgt does not load or build the default catalogue", "[cli]") {
  // An empty cache directory: loading the default catalogue would build it there first.
  OutDir cache;
  const char* before = std::getenv("DOMINEERING_CACHE_DIR");
  const std::string saved = before != nullptr ? before : "";
  ::setenv("DOMINEERING_CACHE_DIR", cache.path.c_str(), 1);
  const Run r = run("solve 6x6 --first vertical --no-cgt --json");
  if (before != nullptr)
    ::setenv("DOMINEERING_CACHE_DIR", saved.c_str(), 1);
  else
    ::unsetenv("DOMINEERING_CACHE_DIR");
  REQUIRE(r.code == 0);
  CHECK(nlohmann::json::parse(r.out)["winner"] == "vertical");
  CHECK(std::filesystem::is_empty(cache.path));
}

TEST_CASE("solve reports its CGT endgame limits, larger from 74 empty cells, and takes them from the options", "[cli]") {
  // Boards of isolated cells: no move at all, so any size solves at once. The catalogue is
  // named, so that a large board does not build the default 15-cell one.
  OutDir dir;
  const std::string file = dir.path + "/catalogue.tsv";
  REQUIRE(run("catalogue build --max-cells 4 --out " + shell_quote(file)).code == 0);
  const auto isolated = [](int rows, int cols) {
    std::string text;
    for (int r = 0; r < rows; ++r) {
      if (r > 0)
        text += '/';
      for (int c = 0; c < cols; ++c)
        text += (r + c) % 2 == 0 ? '.' : '#';
    }
    return text;
  };
  // board (empty cells), extra options, exact cells, coverable cells
  static const struct Row {
    int rows, cols;
    const char* options;
    int exact, cgt;
  } rows[] = {{12, 12, "", 14, 40},               // 72 empty cells
              {10, 15, "", 15, 48},               // 75
              {16, 16, "", 15, 48},               // 128
              {10, 15, "--exact-cells 9", 9, 48}, // an option wins over the default
              {10, 15, "--cgt-cells 20", 15, 20}};
  for (const Row& row : rows) {
    CAPTURE(row.rows, row.cols, row.options);
    const Run r =
        run("solve " + isolated(row.rows, row.cols) + " --first vertical --catalogue " + shell_quote(file) + " " + row.options + " --json");
    REQUIRE(r.code == 0);
    const auto j = nlohmann::json::parse(r.out);
    CHECK(j["winner"] == "horizontal");
    CHECK(j["catalogue_cells"] == 4);
    CHECK(j["exact_cells"] == row.exact);
    CHECK(j["cgt_cells"] == row.cgt);
  }
}

TEST_CASE("solve --journal: resumes from the file, and refuses a bad one", "[cli]") {
  OutDir dir;
  const std::string journal = dir.path + "/j.tsv";
  const std::string args = "solve 6x6 --first vertical --threads 1 --journal " + shell_quote(journal);
  const Run first = run(args + " --journal-min-seconds 0 --json");
  REQUIRE(first.code == 0);
  const auto a = nlohmann::json::parse(first.out);
  CHECK(a["winner"] == "vertical");
  CHECK(a["journal"]["file"] == journal);
  CHECK(a["journal"]["read"] == 0);
  CHECK(a["journal_recorded"].get<std::uint64_t>() > 0);
  CHECK(a["journal"]["entries"].get<std::uint64_t>() >= a["journal_recorded"].get<std::uint64_t>());
  // Again with the file: the root is in it, so nothing is searched.
  const Run second = run(args + " --json");
  REQUIRE(second.code == 0);
  const auto b = nlohmann::json::parse(second.out);
  CHECK(b["winner"] == "vertical");
  CHECK(b["move"] == a["move"]);
  CHECK(b["journal"]["read"] == a["journal"]["entries"]);
  CHECK(b["journal_hits"] == 1);
  CHECK(b["journal_recorded"] == 0);
  CHECK(b["nodes"] == 1);
  CHECK_THAT(run(args).out, Catch::Contains("trusted, not searched again") && Catch::Contains("journal: 1 positions answered from it"));

  // A byte changed in the body: exit 2, one line naming the file and the check.
  std::string text;
  {
    std::ifstream in(journal);
    text.assign(std::istreambuf_iterator<char>(in), {});
  }
  text[text.size() - 2] = text[text.size() - 2] == '1' ? '2' : '1';
  {
    std::ofstream out(journal);
    out << text;
  }
  // arguments, exit code, fragment of stderr
  static const struct Row {
    std::string args;
    int code;
    std::string err;
  } rows[] = {
      {args, 2, "journal " + journal + " line 1: checksum mismatch"},
      {"solve 4x4 --journal " + shell_quote(dir.path + "/none/j.tsv"), 1, "cannot write " + dir.path + "/none/j.tsv"},
      {"solve 4x4 --journal " + shell_quote(dir.path), 2, "cannot read journal"},
      {"solve 4x4 --journal " + shell_quote(journal) + " --journal-min-seconds -1", 2, "--journal-min-seconds -1 out of range"},
  };
  for (const Row& row : rows) {
    CAPTURE(row.args);
    const Run r = run(row.args);
    CHECK(r.code == row.code);
    CHECK_THAT(r.err, Catch::Contains(row.err));
    CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
  }
}

TEST_CASE("survey: a table and a picture, resumed from the table, and bad input refused", "[cli]") {
  OutDir dir;
  const std::string table = dir.path + "/survey.tsv";
  const std::string args = "survey --max-rows 5 --max-cols 4 --threads 1 --out " + shell_quote(table);
  const Run first = run(args + " --json");
  REQUIRE(first.code == 0);
  const auto j = nlohmann::json::parse(first.out);
  CHECK(j["boards"] == 12);
  CHECK(j["rows"].size() == 12);
  for (const char* key : {"outcomes", "how", "completed", "out", "picture"})
    CHECK(j.contains(key));
  for (const auto& row : j["rows"])
    for (const char* first_player : {"vertical_first", "horizontal_first"})
      for (const char* key : {"winner", "how", "nodes", "seconds"})
        CHECK(row[first_player].contains(key));
  CHECK(std::filesystem::exists(dir.path + "/survey.svg"));
  // Resumed: nothing left to solve, the same table.
  std::ifstream in(table);
  const std::string before((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  REQUIRE(run(args).code == 0);
  std::ifstream again(table);
  CHECK(std::string((std::istreambuf_iterator<char>(again)), std::istreambuf_iterator<char>()) == before);
  // arguments, exit code, fragment of stderr
  static const struct Row {
    std::string args;
    int code;
    const char* err;
  } rows[] = {
      {"survey --max-rows 31", 2, "--max-rows 31 out of range (2 to 30)"},
      {"survey --max-rows 4 --max-cols 1", 2, "--max-cols 1 out of range"},
      {"survey --max-rows 4 --seconds-per-board 0", 2, "--seconds-per-board 0 out of range"},
      {"survey --max-rows 4 --out /etc/passwd", 2, "survey /etc/passwd line 1: not a survey table"},
      {"survey --max-rows 4 --out /no/such/dir/s.tsv", 1, "cannot write /no/such/dir/s.tsv"},
  };
  for (const Row& row : rows) {
    CAPTURE(row.args);
    const Run r = run(row.args);
    CHECK(r.code == row.code);
    CHECK_THAT(r.err, Catch::Contains(row.err));
  }
}

TEST_CASE("game: birthday, incentives, cooling, heating, freezing, atomic weight, reduced form, thermograph", "[cli]") {
  // expression, options, JSON key, expected value; CGSuite's values (CanonicalShortGameTestCase,
  // GameTest)
  static const struct Row {
    const char* expr;
    const char* options;
    const char* key;
    nlohmann::json expected;
  } rows[] = {
      {"{3||2*|1*}", "", "birthday", 5},
      {"{3||2*|1*}", "", "left_incentives", nlohmann::json::array({"{2*|1*||0}"})},
      {"^", "", "right_incentives", nlohmann::json::array({"^*"})},
      {"{3||2*|1*}", "--cool 1/2", "cooled", "{5/2|2*}"},
      {"{3||2*|1*}", "--heat 1", "heated", "{4|||3|1||0|-2}"},
      {"{3||2*|1*}", "--freeze", "frozen", "9/4*"},
      {"{3||2*|1*}", "--reduced", "reduced_canonical", "{3||2|1}"},
      {"^^*", "--atomic-weight", "atomic_weight", "2"},
      {"{1|^^||^}", "--atomic-weight", "atomic_weight", "2"},
      {"{2|-1}", "", "thermograph",
       nlohmann::json{{"left_wall", nlohmann::json::array({nlohmann::json::array({"-1", "3"}), nlohmann::json::array({"3/2", "1/2"})})},
                      {"right_wall", nlohmann::json::array({nlohmann::json::array({"-1", "-2"}), nlohmann::json::array({"3/2", "1/2"})})}}},
  };
  for (const Row& row : rows) {
    CAPTURE(row.expr, row.options);
    const Run r = run("game " + shell_quote(row.expr) + " " + row.options + " --json");
    REQUIRE(r.code == 0);
    const auto j = nlohmann::json::parse(r.out);
    CHECK(j[row.key] == row.expected);
  }
  // The drawing.
  OutDir dir;
  const Run drawn = run("game '{3||2*|1*}' --thermograph " + shell_quote(dir.path + "/t.svg"));
  REQUIRE(drawn.code == 0);
  std::ifstream in(dir.path + "/t.svg");
  const std::string svg((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  CHECK(svg.find("<title>Thermograph of {3||2*|1*}: left stop 3, right stop 2, mean 9/4, temperature 3/4</title>") != std::string::npos);
}

TEST_CASE("compare: the relation of two games", "[cli]") {
  // G, H, relation (hand calculation: +-1 is confused with 0, ^ with *, v < 0 < ^, * = *)
  static const struct Row {
    const char* g;
    const char* h;
    const char* relation;
  } rows[] = {{"{1|-1}", "0", "||"}, {"^", "*", "||"}, {"v", "0", "<"}, {"^", "0", ">"}, {"*", "{0|0}", "="}, {"1/2", "{0|1}", "="}};
  for (const Row& row : rows) {
    CAPTURE(row.g, row.h);
    const Run r = run("compare " + shell_quote(row.g) + " " + shell_quote(row.h) + " --json");
    REQUIRE(r.code == 0);
    CHECK(nlohmann::json::parse(r.out)["relation"] == row.relation);
  }
}

TEST_CASE("value --options: every placement with its value, incentive and marks", "[cli]") {
  // The 8-cell board ..#/.../... is +-3/2; Vertical's one sensible move is V 1,1 to 3/2 (its
  // canonical Left option), and Horizontal's H 1,0 to -3/2.
  const Run r = run("value '..#/.../...' --options --json");
  REQUIRE(r.code == 0);
  const auto j = nlohmann::json::parse(r.out);
  REQUIRE(j["options"].size() == 10);
  int sensible = 0;
  for (const auto& o : j["options"]) {
    for (const char* key : {"side", "move", "value", "incentive", "dominated", "reversible", "sensible"})
      CHECK(o.contains(key));
    if (o["sensible"] == true) {
      ++sensible;
      CHECK(o["move"] == (o["side"] == "vertical" ? "V 1,1" : "H 1,0"));
      CHECK(o["dominated"] == false);
    }
  }
  CHECK(sensible == 2);
  CHECK(j.contains("thermograph"));
}

TEST_CASE("the CGT additions refuse bad input with one line and exit 2", "[cli]") {
  // arguments, fragment of stderr
  static const struct Row {
    std::string args;
    const char* err;
  } rows[] = {
      {"game 5 --atomic-weight", "5 has no atomic weight: it is not infinitesimal"},
      {"game '{1|^^^||^}' --atomic-weight", "has no atomic weight: it is infinitesimal but not atomic"},
      {"game '{1|-1}' --cool -1/2", "cooling temperature -1/2 is negative"},
      {"game '{1|-1}' --cool '*'", "cooling temperature * is not a number"},
      {"game '{1|'", "unclosed '{'"},
      {"compare '{1|' 0", "unclosed '{'"},
      {"value 7x7 --options", "region of 49 cells"},
  };
  for (const Row& row : rows) {
    CAPTURE(row.args);
    const Run r = run(row.args);
    CHECK(r.code == 2);
    CHECK_THAT(r.err, Catch::Contains(row.err));
  }
}

TEST_CASE("proof then verify: right certificates pass, a damaged or wrong one fails naming why") {
  const auto dir = std::filesystem::temp_directory_path() / ("domineering-proof-test-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  for (const char* board : {"7x7", "8x8"}) {
    const std::string file = (dir / (std::string(board) + ".proof")).string();
    const Run p = run(std::string("proof ") + board + " --out " + file + " --threads 2 --json");
    REQUIRE(p.code == 0);
    CHECK(nlohmann::json::parse(p.out)["winner"] == "vertical");
    const Run v = run("verify " + file + " --threads 2 --json");
    CHECK(v.code == 0);
    CHECK(nlohmann::json::parse(v.out)["verified"] == true);
  }
  // 7x7's certificate, damaged three ways.
  const std::string good = (dir / "7x7.proof").string();
  std::ifstream in(good);
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const auto write = [&](const std::string& name, const std::string& content) {
    const std::string path = (dir / name).string();
    std::ofstream(path) << content;
    return path;
  };
  const Run truncated = run("verify " + write("truncated.proof", text.substr(0, text.size() - 100)));
  CHECK(truncated.code == 2);
  CHECK_THAT(truncated.err, Catch::Contains("checksum mismatch"));
  CHECK(std::count(truncated.err.begin(), truncated.err.end(), '\n') == 1);
  std::string corrupt = text;
  corrupt[corrupt.size() - 30] = corrupt[corrupt.size() - 30] == 'v' ? 'h' : 'v';
  const Run damaged = run("verify " + write("corrupt.proof", corrupt));
  CHECK(damaged.code == 2);
  CHECK_THAT(damaged.err, Catch::Contains("checksum mismatch"));
  // A leaf's result flipped, the checksum made right again: the file reads, the proof fails (exit 1).
  const std::size_t body = text.find('\n') + 1;
  std::string flipped = text.substr(body);
  const std::size_t leaf = flipped.find("\tleaf\t");
  REQUIRE(leaf != std::string::npos);
  const std::size_t result = flipped.find("\tvertical\t", leaf + 6);
  flipped.replace(result, 10, "\thorizontal\t");
  std::string first_line = text.substr(0, body);
  first_line = first_line.substr(0, first_line.find("checksum=")) + fmt::format("checksum={:016x}\n", base::fnv1a64(flipped));
  const Run wrong = run("verify " + write("wrong.proof", first_line + flipped));
  CHECK(wrong.code == 1);
  CHECK_THAT(wrong.err, Catch::Contains("does not hold: leaf node") && Catch::Contains("records a win for horizontal"));
  const Run missing = run("verify " + (dir / "nothing.proof").string());
  CHECK(missing.code == 2);
  CHECK_THAT(missing.err, Catch::Contains("cannot read proof"));
  std::filesystem::remove_all(dir);
}
