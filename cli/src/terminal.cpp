#include "terminal.h"

#include <cstdio>
#include <iostream>
#include <unistd.h>

namespace cli {

namespace {
constexpr auto REDRAW = std::chrono::milliseconds(200);
}

void print_json(const nlohmann::json& j) { std::cout << j.dump(2) << '\n'; }

bool stderr_is_terminal() { return ::isatty(STDERR_FILENO) == 1; }

Progress::Progress(bool enabled) : enabled_(enabled) {}

Progress::~Progress() { finish(); }

void Progress::update(const std::string& line) {
  if (!enabled_)
    return;
  const auto now = std::chrono::steady_clock::now();
  if (drawn_ && now - last_ < REDRAW)
    return;
  last_ = now;
  drawn_ = true;
  std::fprintf(stderr, "\r\033[K%s", line.c_str());
  std::fflush(stderr);
}

void Progress::finish() {
  if (enabled_ && drawn_) {
    std::fprintf(stderr, "\r\033[K");
    std::fflush(stderr);
  }
  drawn_ = false;
}

} // namespace cli
