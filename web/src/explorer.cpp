#include "web/explorer.h"

#include "web/value_json.h"

#include "solver/domineering_solver.h"
#include "solver/solve_defaults.h"

#include "domineering/board.h"
#include "domineering/board_options.h"
#include "domineering/board_value.h"
#include "domineering/value_table.h"

#include "cgt/game_store.h"
#include "cgt/thermograph_svg.h"

#include "base/input_error.h"
#include "base/interrupt.h"

#include <fmt/format.h>

#include <chrono>
#include <condition_variable>
#include <optional>
#include <thread>

namespace web {

namespace {

Reply error(int status, std::string message) { return {status, {{"error", std::move(message)}}}; }

// Thrown inside a handler for a reply that is not 200; caught in handle().
struct Refusal {
  int status;
  std::string message;
};

nlohmann::json parse_body(std::string_view body, std::size_t max_bytes) {
  if (body.size() > max_bytes)
    throw Refusal{413, fmt::format("request body of {} bytes is over the limit of {}", body.size(), max_bytes)};
  nlohmann::json j = nlohmann::json::parse(body, nullptr, false);
  if (j.is_discarded())
    throw Refusal{400, "the request body is not JSON"};
  if (!j.is_object())
    throw Refusal{400, "the request body is not a JSON object"};
  return j;
}

std::string string_field(const nlohmann::json& j, const char* key) {
  const auto it = j.find(key);
  if (it == j.end())
    throw Refusal{400, fmt::format("'{}' is missing", key)};
  if (!it->is_string())
    throw Refusal{400, fmt::format("'{}' is not a string", key)};
  return it->get<std::string>();
}

domineering::Board board_field(const nlohmann::json& j, int max_side) {
  const domineering::Board b = domineering::Board::parse(string_field(j, "board")); // InputError names the problem
  if (b.height() > max_side || b.width() > max_side)
    throw Refusal{413,
                  fmt::format("the board is {} x {}; the explorer takes boards up to {} x {}", b.height(), b.width(), max_side, max_side)};
  return b;
}

// Sets a flag after a delay, or at once when `shutdown` is set, unless destroyed first.
class Deadline {
public:
  Deadline(std::atomic<bool>& flag, double seconds, const std::atomic<bool>& shutdown)
      : thread_([this, &flag, seconds, &shutdown] {
          const auto end = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
          std::unique_lock lock(mu_);
          while (!done_) {
            if (shutdown.load() || std::chrono::steady_clock::now() >= end) {
              flag.store(true);
              return;
            }
            cv_.wait_for(lock, std::chrono::milliseconds(50));
          }
        }) {}
  ~Deadline() {
    {
      std::lock_guard lock(mu_);
      done_ = true;
    }
    cv_.notify_all();
    thread_.join();
  }
  Deadline(const Deadline&) = delete;
  Deadline& operator=(const Deadline&) = delete;

private:
  std::mutex mu_;
  std::condition_variable cv_;
  bool done_ = false;
  std::thread thread_; // last: starts once the members it reads exist
};

// Each region's cells as [row, column] pairs, so that a page can colour them.
nlohmann::json region_cells(const domineering::Region& r) {
  nlohmann::json cells = nlohmann::json::array();
  const std::string text = r.shape.text();
  int row = 0, col = 0;
  for (const char ch : text) {
    if (ch == '/') {
      ++row;
      col = 0;
      continue;
    }
    if (ch == '.')
      cells.push_back({r.top + row, r.left + col});
    ++col;
  }
  return cells;
}

} // namespace

void check_limits(const Limits& l) {
  const auto in = [](auto v, auto lo, auto hi, const char* name) {
    if (!(v >= lo && v <= hi))
      throw base::InputError(fmt::format("{} {} out of range ({} to {})", name, v, lo, hi));
  };
  in(l.max_side, 1, 16, "--max-side");
  in(l.max_region_cells, 1, 256, "--max-region-cells");
  in(l.value_seconds, 0.01, 3600.0, "--value-seconds");
  in(l.solve_seconds, 0.01, 3600.0, "--solve-seconds");
  in(l.solve_threads, 1, solver::MAX_THREADS, "--solve-threads");
  in(l.solve_table_mib, std::size_t(0), std::size_t(1) << 20, "--solve-tt-mb");
  in(l.concurrent_solves, 1, 64, "--concurrent-solves");
  if (const auto problem = solver::table_size_problem(l.solve_table_mib * std::size_t(l.concurrent_solves)))
    throw base::InputError(
        fmt::format("--solve-tt-mb {} times --concurrent-solves {} {}", l.solve_table_mib, l.concurrent_solves, *problem));
}

Explorer::Explorer(const catalogue::Catalogue& cat, Limits limits) : cat_(cat), limits_(limits) { check_limits(limits_); }

Reply Explorer::handle(std::string_view method, std::string_view path, std::string_view body) {
  struct Route {
    std::string_view path, method;
    Reply (Explorer::*call)(std::string_view);
  };
  static const Route routes[] = {{"/api/board", "POST", &Explorer::board},
                                 {"/api/value", "POST", &Explorer::value},
                                 {"/api/solve", "POST", &Explorer::solve},
                                 {"/api/cancel", "POST", &Explorer::cancel}};
  if (path == "/api/limits")
    return method == "GET" ? limits() : error(405, fmt::format("{} takes GET, not {}", path, method));
  if (path == "/api/status")
    return method == "GET" ? Reply{200, {{"solves_running", running_.load()}}}
                           : error(405, fmt::format("{} takes GET, not {}", path, method));
  for (const Route& r : routes)
    if (r.path == path) {
      if (method != r.method)
        return error(405, fmt::format("{} takes {}, not {}", path, r.method, method));
      try {
        return (this->*r.call)(body);
      } catch (const Refusal& e) {
        return error(e.status, e.message);
      } catch (const base::InputError& e) {
        return error(400, e.what());
      } catch (const std::bad_alloc&) {
        return error(503, "out of memory");
      } catch (const std::exception& e) {
        return error(500, e.what());
      }
    }
  return error(404, fmt::format("no such endpoint: {}", path));
}

Reply Explorer::limits() const {
  return {200,
          {{"max_side", limits_.max_side},
           {"max_body_bytes", limits_.max_body_bytes},
           {"max_region_cells", limits_.max_region_cells},
           {"value_seconds", limits_.value_seconds},
           {"solve_seconds", limits_.solve_seconds},
           {"solve_threads", limits_.solve_threads},
           {"solve_tt_mb", limits_.solve_table_mib},
           {"concurrent_solves", limits_.concurrent_solves}}};
}

Reply Explorer::board(std::string_view body) {
  const domineering::Board b = board_field(parse_body(body, limits_.max_body_bytes), limits_.max_side);
  return {200, {{"board", b.text()}, {"rows", b.height()}, {"columns", b.width()}}};
}

Reply Explorer::value(std::string_view body) {
  const nlohmann::json j = parse_body(body, limits_.max_body_bytes);
  const domineering::Board board = board_field(j, limits_.max_side);
  bool with_options = true;
  if (const auto it = j.find("options"); it != j.end()) {
    if (!it->is_boolean())
      throw Refusal{400, "'options' is not true or false"};
    with_options = it->get<bool>();
  }
  // A value waits for the one before it, but not past its own time limit.
  const auto start = std::chrono::steady_clock::now();
  {
    std::unique_lock lock(value_mu_);
    if (!value_free_.wait_for(lock, std::chrono::duration<double>(limits_.value_seconds), [this] { return !value_busy_; }))
      throw Refusal{503, "another value is being computed; try again"};
    value_busy_ = true;
  }
  struct Turn {
    Explorer& e;
    ~Turn() {
      {
        std::lock_guard lock(e.value_mu_);
        e.value_busy_ = false;
      }
      e.value_free_.notify_one();
    }
  } turn{*this};
  std::atomic<bool> stop{false};
  const double left = limits_.value_seconds - std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  Deadline deadline(stop, std::max(left, 0.01), shutting_down_);
  domineering::TableInterruptScope interrupt(&stop);
  try {
    // Everything below builds or compares games (the sum, the options, the thermograph), so the
    // budget's flag stops all of it, not only the valuing of new shapes.
    cgt::CreationBudget budget(cgt::REQUEST_MAX_BUILDS, cgt::REQUEST_MAX_COMPARISONS, &stop);
    const domineering::BoardValue v = domineering::board_value(board, limits_.max_region_cells);
    std::vector<domineering::BoardOption> options;
    if (with_options)
      for (const domineering::Side side : {domineering::Side::Left, domineering::Side::Right}) {
        std::vector<domineering::BoardOption> some = domineering::board_options(board, side, v.total);
        options.insert(options.end(), some.begin(), some.end());
      }
    nlohmann::json out = value_json(board, v, with_options ? &options : nullptr);
    for (std::size_t i = 0; i < v.regions.size(); ++i)
      out["regions"][i]["cell_list"] = region_cells(v.regions[i]);
    out["thermograph_svg"] = cgt::thermograph_svg(domineering::thermograph_curves(v));
    return {200, out};
  } catch (const base::Interrupted&) {
    throw Refusal{422, fmt::format("the value took longer than the explorer's limit of {} s", limits_.value_seconds)};
  } catch (const base::InputError& e) {
    throw Refusal{413, std::string(e.what()) + " in the explorer"}; // a region over the limit, a game too complex
  }
}

Reply Explorer::solve(std::string_view body) {
  const nlohmann::json j = parse_body(body, limits_.max_body_bytes);
  const domineering::Board board = board_field(j, limits_.max_side);
  const std::string first_text = string_field(j, "first");
  if (first_text != "vertical" && first_text != "horizontal")
    throw Refusal{400, fmt::format("'first' must be \"vertical\" or \"horizontal\", not \"{}\"", first_text)};
  const domineering::Side first = first_text == "vertical" ? domineering::Side::Left : domineering::Side::Right;
  double seconds = limits_.solve_seconds;
  if (const auto it = j.find("seconds"); it != j.end()) {
    if (!it->is_number())
      throw Refusal{400, "'seconds' is not a number"};
    seconds = it->get<double>();
    if (!(seconds > 0 && seconds <= limits_.solve_seconds))
      throw Refusal{400,
                    fmt::format("'seconds' {} out of range (above 0, at most the explorer's limit of {})", seconds, limits_.solve_seconds)};
  }
  std::string id;
  if (j.contains("id")) {
    id = string_field(j, "id");
    if (id.empty() || id.size() > 64)
      throw Refusal{400, "'id' must have 1 to 64 characters"};
  }

  // The id first, so that a cancel finds every solve that holds a slot.
  auto cancelled = std::make_shared<std::atomic<bool>>(false);
  if (!id.empty()) {
    std::lock_guard lock(ids_mu_);
    if (!cancel_flags_.emplace(id, cancelled).second)
      throw Refusal{400, fmt::format("a solve with id '{}' is already running", id)};
  }
  struct Registration {
    Explorer& e;
    const std::string& id;
    ~Registration() {
      if (id.empty())
        return;
      std::lock_guard lock(e.ids_mu_);
      e.cancel_flags_.erase(id);
    }
  } registration{*this, id};

  // A slot among the concurrent solves, given back on every way out.
  if (running_.fetch_add(1) >= limits_.concurrent_solves) {
    running_.fetch_sub(1);
    throw Refusal{429, fmt::format("the explorer is already running {} solve{} (its limit); try again when {} finishes",
                                   limits_.concurrent_solves, limits_.concurrent_solves == 1 ? "" : "s",
                                   limits_.concurrent_solves == 1 ? "it" : "one")};
  }
  struct Slot {
    std::atomic<int>& running;
    ~Slot() { running.fetch_sub(1); }
  } slot{running_};

  solver::SolveOptions o = solver::default_solve_options(board, solver::default_endgame(0));
  o.threads = limits_.solve_threads;
  o.table_mib = limits_.solve_table_mib;
  o.etc_pass_cells = solver::default_etc_pass_cells(o.table_mib);
  std::atomic<bool> stop{false};
  o.interrupt = &stop;
  bool timed_out = false;
  solver::DomineeringSolver s(cat_, o);
  const solver::SolveResult r = s.solve(
      board, first,
      [&](const solver::SolveProgress& p) {
        if (p.seconds >= seconds)
          timed_out = true;
        if (timed_out || cancelled->load() || shutting_down_.load())
          stop.store(true);
      },
      std::min(0.05, seconds / 10));
  nlohmann::json out = {{"board", board.text()}, {"first", first_text}, {"nodes", r.stats.nodes}, {"seconds", r.stats.seconds}};
  if (r.interrupted) {
    out["winner"] = nullptr;
    out["stopped"] = cancelled->load() ? "cancelled" : shutting_down_.load() ? "shutdown" : "time";
    return {200, out};
  }
  const domineering::Side winner = r.first_player_wins ? first : domineering::opponent(first);
  out["winner"] = std::string(domineering::orientation_name(winner));
  out["decided_by"] = r.decided_by;
  if (r.winning_move)
    out["move"] = domineering::to_string(*r.winning_move);
  return {200, out};
}

Reply Explorer::cancel(std::string_view body) {
  const nlohmann::json j = parse_body(body, limits_.max_body_bytes);
  const std::string id = string_field(j, "id");
  std::lock_guard lock(ids_mu_);
  const auto it = cancel_flags_.find(id);
  if (it == cancel_flags_.end())
    return {200, {{"cancelled", false}}};
  it->second->store(true);
  return {200, {{"cancelled", true}}};
}

} // namespace web
