// End-to-end tests of the `domineering` executable: exit codes (0 success, 2 bad input, 1
// failure), the JSON keys of design.md, and one-line errors on stderr.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <array>
#include <cstdio>
#include <string>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>

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
      {"value " + shell_quote(""), 2, "empty board text"},
      {"value " + shell_quote("..x"), 2, "unexpected character 'x' at row 1, column 3"},
      {"no-such-command", 2, ""},
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
  // arguments, expected canonical, outcome; design.md keys must all be present
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
