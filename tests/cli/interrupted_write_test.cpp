// Interrupted writes: the process is killed (SIGKILL, no clean-up possible) while it writes a
// catalogue or experiment results. The file under the final name must be the previous one or
// a complete new one, never a partial one. The write is held between the finished temporary
// file and the rename by DOMINEERING_TEST_PAUSE_BEFORE_RENAME_MS, so the kill lands there
// every time, and once more while the work is still being computed.
#include "catalogue/tsv_file.h"

#include "cache/trace_file.h"

#include <catch2/catch.hpp>

#include <chrono>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>
#include <vector>

namespace fs = std::filesystem;

namespace {

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

void spit(const fs::path& p, const std::string& text) { std::ofstream(p, std::ios::binary) << text; }

std::vector<fs::path> temporaries(const fs::path& dir) {
  std::vector<fs::path> out;
  for (const auto& f : fs::directory_iterator(dir))
    if (f.path().filename().string().find(".tmp-") != std::string::npos)
      out.push_back(f.path());
  return out;
}

// Runs the binary with args and kills it with SIGKILL as soon as kill_now() holds (checked every
// few milliseconds) or after `limit`; reports whether it was still running when killed.
template <class Predicate>
bool run_and_kill(const std::vector<std::string>& args, std::chrono::milliseconds limit, const char* pause_ms, Predicate kill_now) {
  const pid_t pid = ::fork();
  REQUIRE(pid >= 0);
  if (pid == 0) {
    ::setenv("DOMINEERING_TEST_PAUSE_BEFORE_RENAME_MS", pause_ms, 1);
    // A cache directory of the test's own, warmed before any paused run: the default catalogue's
    // cache file is written atomically too, and must not be what the pause holds.
    ::setenv("DOMINEERING_CACHE_DIR", (fs::temp_directory_path() / "domineering-kill-cache").c_str(), 1);
    std::vector<char*> argv{const_cast<char*>(DOMINEERING_BIN)};
    for (const auto& a : args)
      argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    if (!::freopen("/dev/null", "w", stdout))
      ::_exit(126);
    ::execv(DOMINEERING_BIN, argv.data());
    ::_exit(127);
  }
  const auto deadline = std::chrono::steady_clock::now() + limit;
  while (std::chrono::steady_clock::now() < deadline && !kill_now()) {
    if (::waitpid(pid, nullptr, WNOHANG) == pid)
      return false; // finished by itself
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  const bool running = ::waitpid(pid, nullptr, WNOHANG) == 0;
  ::kill(pid, SIGKILL);
  ::waitpid(pid, nullptr, 0);
  return running;
}

} // namespace

TEST_CASE("a catalogue write killed midway leaves the previous file intact", "[cli]") {
  const fs::path dir = fs::temp_directory_path() / ("domineering-kill-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const fs::path file = dir / "catalogue.tsv";
  const std::string old = "the previous file\n";
  const std::vector<std::string> build = {"catalogue", "build", "--max-cells", "9", "--out", file.string()};
  // Killed while its finished temporary file waits for the rename.
  spit(file, old);
  CHECK(run_and_kill(build, std::chrono::seconds(60), "60000", [&] { return !temporaries(dir).empty(); }));
  CHECK(slurp(file) == old);
  // Killed at once, while it is still working.
  CHECK(run_and_kill(build, std::chrono::milliseconds(1), "0", [] { return false; }));
  CHECK(slurp(file) == old);
  // The held write left its complete temporary file behind, never under the final name.
  CHECK(!temporaries(dir).empty());
  // Uninterrupted, the new file replaces the old one whole.
  REQUIRE(!run_and_kill(build, std::chrono::seconds(60), "0", [] { return false; }));
  CHECK(catalogue::read_tsv_file(file.string()).max_cells() == 9);
  fs::remove_all(dir);
}

TEST_CASE("experiment results killed midway leave the previous files intact", "[cli]") {
  const fs::path dir = fs::temp_directory_path() / ("domineering-kill-exp-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const std::string old = "the previous file\n";
  REQUIRE(!run_and_kill({"catalogue", "stats"}, std::chrono::seconds(60), "0", [] { return false; }));
  for (const char* name : {"results.csv", "results.md", "trace.txt"})
    spit(dir / name, old);
  // Killed while the first result file waits for its rename.
  CHECK(run_and_kill({"experiment", "cache", "--schedule", "4x5:20,5x5:20", "--sizes", "10", "--out", dir.string()},
                     std::chrono::seconds(60), "60000", [&] { return !temporaries(dir).empty(); }));
  // Each file is the previous one or a complete new one.
  for (const char* name : {"results.csv", "results.md", "trace.txt"}) {
    CAPTURE(name);
    const std::string now = slurp(dir / name);
    if (now == old)
      continue;
    CHECK(!now.empty());
    CHECK(now.back() == '\n');
    if (std::string(name) == "trace.txt")
      CHECK_NOTHROW(cache::read_trace((dir / name).string()));
  }
  fs::remove_all(dir);
}
