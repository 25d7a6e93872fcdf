// What the CLI shares between subcommands: printing JSON, and progress lines on stderr that
// appear only when stderr is a terminal (so scripts and CI logs stay clean), unless the
// environment says otherwise: DOMINEERING_PROGRESS=lines prints a plain line every few seconds
// wherever stderr goes (for logs of long runs), =off never prints.
#pragma once

#include <nlohmann/json.hpp>

#include <chrono>
#include <string>

namespace cli {

void print_json(const nlohmann::json& j);

bool stderr_is_terminal();

enum class ProgressMode { off, redraw, lines };
// From DOMINEERING_PROGRESS and whether stderr is a terminal.
ProgressMode progress_mode();

// Rate-limited progress on stderr: update() redraws one line at most every REDRAW interval (or,
// in lines mode, prints one at most every LINE interval); finish() clears a redrawn line.
class Progress {
public:
  explicit Progress(ProgressMode mode = progress_mode());
  ~Progress();
  void update(const std::string& line);
  void finish();

private:
  ProgressMode mode_;
  bool drawn_ = false;
  std::chrono::steady_clock::time_point last_{};
};

} // namespace cli
