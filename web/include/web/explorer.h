// The board explorer's JSON API, apart from HTTP so that it can be tested as a table of requests
// and replies: `domineering serve` (server.h) routes each request here. Every request is bounded
// (board size, body size, time, concurrent solves, memory per solve); past a bound, or on
// malformed input, the reply is an HTTP error status with {"error": "one line naming the
// problem"}, never an exception. Invariant: handle() is safe to call from many threads at once.
#pragma once

#include "catalogue/catalogue.h"

#include <nlohmann/json.hpp>

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>

namespace web {

struct Limits {
  int max_side = 16;                 // rows and columns of a board
  std::size_t max_body_bytes = 4096; // of a request
  int max_region_cells = 40;         // of a region whose value is asked for
  double value_seconds = 10;         // most a value (with its options) may take
  double solve_seconds = 10;         // most a solve may take (a request may ask for less)
  int solve_threads = 1;             // of each solve
  std::size_t solve_table_mib = 64;  // transposition table of each solve
  int concurrent_solves = 1;         // more at once get 429
};

// Throws base::InputError naming the first limit out of range.
void check_limits(const Limits& limits);

struct Reply {
  int status = 200;
  nlohmann::json body; // {"error": "..."} unless status is 200
};

class Explorer {
public:
  // `cat` is the solver's catalogue; it must outlive the explorer.
  Explorer(const catalogue::Catalogue& cat, Limits limits);

  // Routes: GET /api/limits, /api/status; POST /api/board, /api/value, /api/solve, /api/cancel
  // (bodies in docs/explorer.md).
  // 404 for an unknown path, 405 for a known one asked with the wrong method.
  Reply handle(std::string_view method, std::string_view path, std::string_view body);

  Reply limits() const;
  // {"board": TEXT}: the board read and checked, nothing computed: board (as the project prints
  // it), rows, columns.
  Reply board(std::string_view body);
  // {"board": TEXT, "options": bool (default true)}: value_json (value_json.h) with the
  // thermograph drawn ("thermograph_svg") and each region's cells.
  Reply value(std::string_view body);
  // {"board": TEXT, "first": "vertical"|"horizontal", "seconds": S (optional), "id": STRING
  // (optional, for /api/cancel)}: winner, move (when the first player wins and it is known),
  // decided_by, nodes, seconds; or "winner": null and "stopped": "time", "cancelled" or
  // "shutdown".
  Reply solve(std::string_view body);
  // {"id": STRING}: stops the solve of that id; {"cancelled": bool} says whether one was running.
  Reply cancel(std::string_view body);

  int solves_running() const { return running_.load(); }
  // Stops every value and solve running now or later (they reply 422 and "stopped": "shutdown"):
  // what the server calls before it stops.
  void shutdown() { shutting_down_.store(true); }

private:
  const catalogue::Catalogue& cat_;
  Limits limits_;
  std::atomic<int> running_{0};
  std::atomic<bool> shutting_down_{false};
  // The shared ValueTable has one interrupt flag: one value at a time, the others waiting their
  // turn (a condition variable, not a timed mutex, whose timed lock ThreadSanitizer cannot follow).
  std::mutex value_mu_;
  std::condition_variable value_free_;
  bool value_busy_ = false;
  std::mutex ids_mu_;
  std::map<std::string, std::shared_ptr<std::atomic<bool>>, std::less<>> cancel_flags_;
};

} // namespace web
