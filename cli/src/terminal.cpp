#include "terminal.h"

#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <string_view>
#include <unistd.h>

namespace cli {

namespace {
constexpr auto REDRAW = std::chrono::milliseconds(200);
constexpr auto LINE = std::chrono::seconds(5);
} // namespace

void print_json(const nlohmann::json& j) { std::cout << j.dump(2) << '\n'; }

bool stderr_is_terminal() { return ::isatty(STDERR_FILENO) == 1; }

ProgressMode progress_mode() {
  const char* v = std::getenv("DOMINEERING_PROGRESS");
  const std::string_view mode = v ? v : "";
  if (mode == "off")
    return ProgressMode::off;
  if (mode == "lines")
    return ProgressMode::lines;
  return stderr_is_terminal() ? ProgressMode::redraw : ProgressMode::off;
}

Progress::Progress(ProgressMode mode) : mode_(mode) {}

Progress::~Progress() { finish(); }

void Progress::update(const std::string& line) {
  if (mode_ == ProgressMode::off)
    return;
  const auto now = std::chrono::steady_clock::now();
  if (mode_ == ProgressMode::lines) {
    // The first update comes early in a run; wait a full interval so that short runs stay quiet.
    if (!drawn_) {
      drawn_ = true;
      last_ = now;
      return;
    }
    if (now - last_ < LINE)
      return;
    last_ = now;
    std::fprintf(stderr, "%s\n", line.c_str());
    std::fflush(stderr);
    return;
  }
  if (drawn_ && now - last_ < REDRAW)
    return;
  last_ = now;
  drawn_ = true;
  std::fprintf(stderr, "\r\033[K%s", line.c_str());
  std::fflush(stderr);
}

void Progress::finish() {
  if (mode_ == ProgressMode::redraw && drawn_) {
    std::fprintf(stderr, "\r\033[K");
    std::fflush(stderr);
  }
  drawn_ = false;
}

} // namespace cli
