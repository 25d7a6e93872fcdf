// What the CLI shares between subcommands: printing JSON, and progress lines on stderr that
// appear only when stderr is a terminal (so scripts and CI logs stay clean).
#pragma once

#include <nlohmann/json.hpp>

#include <chrono>
#include <string>

namespace cli {

void print_json(const nlohmann::json& j);

bool stderr_is_terminal();

// Rate-limited progress on stderr: update() redraws one line at most every REDRAW interval;
// finish() clears it. Silent when stderr is not a terminal.
class Progress {
public:
  explicit Progress(bool enabled = stderr_is_terminal());
  ~Progress();
  void update(const std::string& line);
  void finish();

private:
  bool enabled_;
  bool drawn_ = false;
  std::chrono::steady_clock::time_point last_{};
};

} // namespace cli
