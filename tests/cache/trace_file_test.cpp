#include "cache/trace_file.h"

#include "base/input_error.h"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <limits>
#include <string>
#include <system_error>
#include <unistd.h>
#include <vector>

using cache::Key;

namespace {

// A fresh empty directory per test, removed afterwards.
struct TempDir {
  std::filesystem::path path;
  TempDir() {
    path = std::filesystem::temp_directory_path() / ("cache_trace_test." + std::to_string(::getpid()) + "." + std::to_string(counter++));
    std::filesystem::remove_all(path);
    std::filesystem::create_directories(path);
  }
  ~TempDir() { std::filesystem::remove_all(path); }
  std::size_t entries() const {
    return std::size_t(std::distance(std::filesystem::directory_iterator(path), std::filesystem::directory_iterator()));
  }
  static inline int counter = 0;
};

std::string read_all(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

} // namespace

TEST_CASE("traces round-trip through the file format", "[cache]") {
  // keys, exact file text; format of trace_file.h
  static const struct Row {
    std::vector<Key> keys;
    const char* text;
  } rows[] = {
      {{}, ""},
      {{0}, "0\n"},
      {{1, 2, 1, 3}, "1\n2\n1\n3\n"},
      {{std::numeric_limits<Key>::max(), 42}, "18446744073709551615\n42\n"},
  };
  for (const Row& row : rows) {
    CAPTURE(row.text);
    TempDir dir;
    const auto file = dir.path / "trace.txt";
    cache::write_trace(file, row.keys);
    CHECK(read_all(file) == row.text);
    CHECK(cache::read_trace(file) == row.keys);
    CHECK(dir.entries() == 1); // no temporary file left behind
  }
}

TEST_CASE("trace text accepted on reading", "[cache]") {
  // text, keys; leniencies documented in trace_file.h
  static const struct Row {
    const char* text;
    std::vector<Key> keys;
  } rows[] = {
      {"5", {5}},             // no final newline
      {"5\r\n6\r\n", {5, 6}}, // CRLF
      {"007\n", {7}},         // leading zeros
      {"1\n2", {1, 2}},
  };
  for (const Row& row : rows) {
    CAPTURE(row.text);
    CHECK(cache::parse_trace(row.text, "t") == row.keys);
  }
}

TEST_CASE("malformed traces are refused with the line named", "[cache]") {
  // text, exact message (file name "t.txt")
  static const struct Row {
    const char* text;
    const char* message;
  } rows[] = {
      {"1\n2\nx\n", "line 3 of t.txt: expected a decimal key from 0 to 18446744073709551615, got \"x\""},
      {"1\n\n2\n", "line 2 of t.txt: expected a decimal key from 0 to 18446744073709551615, got an empty line"},
      {"-1\n", "line 1 of t.txt: expected a decimal key from 0 to 18446744073709551615, got \"-1\""},
      {"+1\n", "line 1 of t.txt: expected a decimal key from 0 to 18446744073709551615, got \"+1\""},
      {" 1\n", "line 1 of t.txt: expected a decimal key from 0 to 18446744073709551615, got \" 1\""},
      {"1 \n", "line 1 of t.txt: expected a decimal key from 0 to 18446744073709551615, got \"1 \""},
      {"18446744073709551616\n", "line 1 of t.txt: expected a decimal key from 0 to 18446744073709551615, got \"18446744073709551616\""},
      {"1\n2\n\n", "line 3 of t.txt: expected a decimal key from 0 to 18446744073709551615, got an empty line"},
      {"12\t# comment\n", "line 1 of t.txt: expected a decimal key from 0 to 18446744073709551615, got \"12?# comment\""},
  };
  for (const Row& row : rows) {
    CAPTURE(row.text);
    CHECK_THROWS_AS(cache::parse_trace(row.text, "t.txt"), base::InputError);
    CHECK_THROWS_WITH(cache::parse_trace(row.text, "t.txt"), row.message);
  }
}

TEST_CASE("reading a missing trace file is an input error", "[cache]") {
  TempDir dir;
  CHECK_THROWS_AS(cache::read_trace(dir.path / "none.txt"), base::InputError);
  CHECK_THROWS_WITH(cache::read_trace(dir.path / "none.txt"), Catch::StartsWith("cannot open trace file"));
}

TEST_CASE("an uncommitted writer leaves the old file untouched", "[cache]") {
  TempDir dir;
  const auto file = dir.path / "trace.txt";
  cache::write_trace(file, std::vector<Key>{1, 2, 3});
  {
    cache::TraceWriter writer(file);
    writer.add(9);
    CHECK(dir.entries() == 2); // the target and the temporary file
  }
  CHECK(dir.entries() == 1);
  CHECK(cache::read_trace(file) == std::vector<Key>{1, 2, 3});
  // A committed writer replaces the file whole, also with more than one write block of keys.
  std::vector<Key> many;
  for (Key k = 0; k < 50'000; ++k)
    many.push_back(k * 2654435761u);
  cache::write_trace(file, many);
  CHECK(cache::read_trace(file) == many);
  CHECK(dir.entries() == 1);
}

TEST_CASE("writing into a missing directory is a failure naming the file, not an input error", "[cache]") {
  TempDir dir;
  const auto file = dir.path / "no" / "such" / "t.txt";
  CHECK_THROWS_WITH(cache::write_trace(file, std::vector<Key>{1}), "cannot write " + file.string() + ": No such file or directory");
  try {
    cache::write_trace(file, std::vector<Key>{1});
  } catch (const base::InputError&) {
    FAIL("an I/O failure is not bad input");
  } catch (const std::runtime_error&) {
  }
}
