#include "distributed/mpi_solve.h"

#include "base/input_error.h"
#include "base/interrupt.h"
#include "catalogue/checked_tsv.h"

#include <fmt/format.h>
#include <mpi.h>
#include <signal.h>
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <chrono>
#include <exception>
#include <optional>
#include <stdexcept>
#include <string_view>
#include <thread>

namespace distributed {

using domineering::Board;
using domineering::Move;
using domineering::Side;

namespace {

// Message tags. Master to worker: JOB "id<TAB>side<TAB>board", CANCEL "id", STOP "". Worker to
// master: READY "ok<TAB>host<TAB>catalogue cells" or "error<TAB>host<TAB>message", RESULT
// "id<TAB>status<TAB>wins<TAB>move<TAB>nodes<TAB>seconds" with status done, interrupted
// (cancelled or signalled) or error (then the message in place of the move).
enum Tag : int { READY = 1, JOB, CANCEL, STOP, RESULT };

// Sleep between polls: long enough that an idle rank costs nothing, short against any job.
constexpr auto POLL = std::chrono::microseconds(100);
// How long a stopped run waits for its workers' last results: a lost rank's never come.
constexpr double DRAIN_SECONDS = 5;

using Clock = std::chrono::steady_clock;
double since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

double cpu_seconds() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  const auto seconds = [](const timeval& t) { return double(t.tv_sec) + double(t.tv_usec) / 1e6; };
  return seconds(u.ru_utime) + seconds(u.ru_stime);
}

using catalogue::CheckedTsvReader;

template <class T>
T number(std::string_view s) {
  T v{};
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || end != s.data() + s.size())
    throw std::runtime_error(fmt::format("distributed: malformed number '{}' in a message", s));
  return v;
}

struct Traffic {
  std::uint64_t messages = 0, bytes = 0;
};

void send(const std::string& text, int to, Tag tag, Traffic* traffic = nullptr) {
  MPI_Send(text.data(), int(text.size()), MPI_CHAR, to, tag, MPI_COMM_WORLD);
  if (traffic != nullptr) {
    ++traffic->messages;
    traffic->bytes += text.size();
  }
}

// A message waiting from `from` (MPI_ANY_SOURCE for any) with `tag` (MPI_ANY_TAG for any),
// received; none when there is none.
struct Message {
  int source;
  int tag;
  std::string text;
};
std::optional<Message> poll(int from, int tag, Traffic* traffic = nullptr) {
  int flag = 0;
  MPI_Status status;
  MPI_Iprobe(from, tag, MPI_COMM_WORLD, &flag, &status);
  if (!flag)
    return std::nullopt;
  int count = 0;
  MPI_Get_count(&status, MPI_CHAR, &count);
  std::string text(std::size_t(count), '\0');
  MPI_Recv(text.data(), count, MPI_CHAR, status.MPI_SOURCE, status.MPI_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  if (traffic != nullptr) {
    ++traffic->messages;
    traffic->bytes += text.size();
  }
  return Message{status.MPI_SOURCE, status.MPI_TAG, std::move(text)};
}

Message wait_for(int from, int tag, Traffic* traffic = nullptr) {
  for (;;) {
    if (auto m = poll(from, tag, traffic))
      return std::move(*m);
    std::this_thread::sleep_for(POLL);
  }
}

std::string host_name() {
  char name[256] = {};
  gethostname(name, sizeof name - 1);
  return name;
}

// SIGTERM (what mpirun and batch systems send before SIGKILL) as Ctrl-C: sets the interrupt flag
// while the scope lives, so that the master saves its journal and the workers stop cleanly.
extern "C" void on_sigterm(int) { base::interrupt_flag().store(true, std::memory_order_relaxed); }

class SigtermScope {
public:
  SigtermScope() {
    struct sigaction sa {};
    sa.sa_handler = on_sigterm;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGTERM, &sa, &previous_);
  }
  ~SigtermScope() { sigaction(SIGTERM, &previous_, nullptr); }
  SigtermScope(const SigtermScope&) = delete;
  SigtermScope& operator=(const SigtermScope&) = delete;

private:
  struct sigaction previous_ {};
};

struct ParsedResult {
  std::uint64_t job;
  std::string status;
  bool wins;
  std::optional<Move> move;
  std::string error;
  std::uint64_t nodes;
  double seconds;
};

ParsedResult parse_result(const std::string& text) {
  const auto f = CheckedTsvReader::split_tabs(text);
  if (f.size() != 6)
    throw std::runtime_error(fmt::format("distributed: malformed result message '{}'", text));
  ParsedResult r{number<std::uint64_t>(f[0]), std::string(f[1]), f[2] == "1", std::nullopt, "", number<std::uint64_t>(f[4]), 0};
  r.seconds = std::stod(std::string(f[5]));
  if (r.status == "error")
    r.error = std::string(f[3]);
  else if (f[3] != "-")
    r.move = domineering::parse_move(f[3]);
  return r;
}

} // namespace

bool built_with_mpi() { return true; }

MpiWorld::MpiWorld() {
  int provided = 0;
  MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
  MPI_Comm_size(MPI_COMM_WORLD, &size_);
}

MpiWorld::~MpiWorld() { MPI_Finalize(); }

void MpiWorld::barrier() const { MPI_Barrier(MPI_COMM_WORLD); }

bool MpiWorld::broadcast_go(bool go) const {
  int value = go ? 1 : 0;
  MPI_Bcast(&value, 1, MPI_INT, 0, MPI_COMM_WORLD);
  return value != 0;
}

std::vector<DistributedRun> run_master(const MpiWorld& world, const Board& board, const std::vector<Side>& firsts,
                                       const MasterOptions& options) {
  SigtermScope sigterm;
  Traffic traffic;
  const int workers = world.size() - 1;
  std::vector<RankStats> ranks(static_cast<std::size_t>(workers));
  std::string failures;
  for (int w = 1; w <= workers; ++w) {
    const Message m = wait_for(w, READY, &traffic);
    const auto f = CheckedTsvReader::split_tabs(m.text);
    RankStats& r = ranks[std::size_t(w - 1)];
    r.rank = w;
    r.host = f.size() > 1 ? std::string(f[1]) : "?";
    // Parsed without throwing: every worker must hear STOP below, whatever it sent.
    const auto small = [](std::string_view t, int& out) {
      const auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), out);
      return ec == std::errc() && end == t.data() + t.size();
    };
    if (f.size() == 4 && f[0] == "ok" && small(f[2], r.catalogue_cells) && small(f[3], r.threads))
      continue;
    failures += fmt::format("{}rank {} on {}: {}", failures.empty() ? "" : "; ", w, r.host,
                            f.size() > 2 && f[0] == "error" ? std::string(f[2]) : "malformed start message '" + m.text + "'");
  }
  const auto stop_all = [&] {
    for (int w = 1; w <= workers; ++w)
      send("", w, STOP, &traffic);
  };
  if (!failures.empty()) {
    stop_all();
    throw base::InputError(failures);
  }

  std::vector<DistributedRun> runs;
  std::vector<std::uint64_t> running(std::size_t(workers), 0); // the job each worker has, 0: idle
  const auto interrupted = [&] { return options.interrupt != nullptr && options.interrupt->load(std::memory_order_relaxed); };
  try {
    for (Side first : firsts) {
      const auto start = Clock::now();
      const double cpu_start = cpu_seconds();
      const Traffic traffic_before = traffic;
      std::vector<RankStats> before = ranks;
      TopTree tree(board, first, options.split_plies, options.journal, options.skip_safe_moves);
      double job_seconds = 0;
      std::size_t jobs_timed = 0;
      bool stopped = false;
      bool changed = true; // since the last hand-out found nothing: a walk of the tree is worth making
      auto last_progress = Clock::now();
      auto last_save = Clock::now();
      const auto worker_of = [&](std::uint64_t job) {
        for (std::size_t w = 0; w < running.size(); ++w)
          if (running[w] == job)
            return int(w) + 1;
        return 0;
      };
      const auto cancel_unneeded = [&] {
        for (std::uint64_t job : tree.jobs_to_cancel())
          if (const int w = worker_of(job))
            send(std::to_string(job), w, CANCEL, &traffic);
      };
      // A result's rank is idle again, and its work counts, whatever the result says.
      const auto account = [&](const Message& m) {
        const ParsedResult r = parse_result(m.text);
        RankStats& rs = ranks[std::size_t(m.source - 1)];
        running[std::size_t(m.source - 1)] = 0;
        rs.nodes += r.nodes;
        rs.busy_seconds += r.seconds;
        ++rs.jobs;
        if (r.status == "interrupted")
          ++rs.cancelled;
        return r;
      };
      const auto handle = [&](const Message& m) {
        const ParsedResult r = account(m);
        const RankStats& rs = ranks[std::size_t(m.source - 1)];
        if (r.status == "error")
          throw std::runtime_error(fmt::format("rank {} on {}: {}", m.source, rs.host, r.error));
        if (r.status == "interrupted") {
          // Not cancelled by the master: the rank was signalled, so the whole run stops.
          if (!tree.was_cancelled(r.job))
            stopped = true;
          tree.job_abandoned(r.job);
          return;
        }
        job_seconds += r.seconds;
        ++jobs_timed;
        tree.job_done(r.job, r.wins, r.move, r.seconds);
      };
      while (!tree.proven() && !stopped) {
        if (interrupted()) {
          stopped = true;
          break;
        }
        // Hand out work: what is needed first, speculation only to a rank that would wait. A walk
        // that found nothing is not repeated until a result changes the tree.
        for (int w = 1; w <= workers && changed; ++w) {
          if (running[std::size_t(w - 1)] != 0)
            continue;
          std::optional<Job> job = tree.next_job(false);
          if (!job)
            job = tree.next_job(true);
          if (!job) {
            changed = false;
            break;
          }
          running[std::size_t(w - 1)] = job->id;
          send(fmt::format("{}\t{}\t{}", job->id, job->to_move == Side::Left ? 'v' : 'h', job->board.text()), w, JOB, &traffic);
        }
        // Expanding the tree can prove positions (from the journal, or with no move), and so
        // settle running jobs.
        cancel_unneeded();
        if (tree.proven())
          break;
        if (std::ranges::all_of(running, [](std::uint64_t j) { return j == 0; }))
          throw std::logic_error("distributed: nothing to hand out and nothing running, the root unproven");
        if (const auto m = poll(MPI_ANY_SOURCE, RESULT, &traffic)) {
          handle(*m);
          changed = true;
          cancel_unneeded();
        } else {
          std::this_thread::sleep_for(POLL);
        }
        // The journal is rewritten at most once a second, so that a stop loses at most that.
        if (options.journal != nullptr && since(last_save) >= solver::SolveJournal::SAVE_SECONDS) {
          options.journal->save();
          last_save = Clock::now();
        }
        if (options.progress && since(last_progress) >= options.progress_interval) {
          last_progress = Clock::now();
          MasterProgress p;
          p.first = first;
          p.seconds = since(start);
          p.tree = tree.stats();
          p.pending = tree.pending_jobs();
          p.running = tree.running_jobs();
          p.ranks = &ranks;
          if (jobs_timed > 0)
            p.left_seconds = double(p.pending + p.running) * (job_seconds / double(jobs_timed)) / double(workers);
          options.progress(p);
        }
      }
      // Stop what still runs and wait for every rank, so that the next root starts clean. The
      // journal is saved first: when a rank was lost, its result never comes, and mpirun ends
      // this process while it waits. A stopped run waits a few seconds at most.
      if (options.journal != nullptr)
        options.journal->save();
      for (int w = 1; w <= workers; ++w)
        if (running[std::size_t(w - 1)] != 0)
          send(std::to_string(running[std::size_t(w - 1)]), w, CANCEL, &traffic);
      const auto drain_start = Clock::now();
      while (std::ranges::any_of(running, [](std::uint64_t j) { return j != 0; })) {
        const std::optional<Message> polled = poll(MPI_ANY_SOURCE, RESULT, &traffic);
        if (!polled) {
          if (stopped && since(drain_start) > DRAIN_SECONDS)
            break;
          std::this_thread::sleep_for(POLL);
          continue;
        }
        if (const ParsedResult r = account(*polled); r.status == "done")
          tree.job_done(r.job, r.wins, r.move, r.seconds); // recorded in the journal all the same
      }
      if (options.journal != nullptr)
        options.journal->save();

      DistributedRun run;
      run.result.first = first;
      run.result.interrupted = !tree.proven();
      if (tree.proven()) {
        run.result.first_player_wins = tree.root_wins();
        run.result.winning_move = tree.winning_move();
        Move any[domineering::MAX_MOVES];
        run.result.decided_by = tree.root_from_journal() ? "journal" : board.moves(first, any) == 0 ? "no-moves" : "distributed";
      }
      run.tree = tree.stats();
      run.result.stats.seconds = since(start);
      run.result.stats.journal_hits = tree.stats().journal_hits;
      run.result.stats.journal_recorded = tree.stats().journal_recorded;
      run.ranks = ranks;
      for (std::size_t w = 0; w < ranks.size(); ++w) {
        run.ranks[w].nodes -= before[w].nodes;
        run.ranks[w].busy_seconds -= before[w].busy_seconds;
        run.ranks[w].jobs -= before[w].jobs;
        run.ranks[w].cancelled -= before[w].cancelled;
        run.result.stats.nodes += run.ranks[w].nodes;
      }
      run.master_cpu_seconds = cpu_seconds() - cpu_start;
      run.messages = traffic.messages - traffic_before.messages;
      run.bytes = traffic.bytes - traffic_before.bytes;
      runs.push_back(std::move(run));
      if (runs.back().result.interrupted)
        break;
    }
  } catch (...) {
    if (options.journal != nullptr)
      options.journal->save();
    stop_all();
    throw;
  }
  stop_all();
  return runs;
}

bool run_worker(const MpiWorld& world, const SolverFactory& make_solver) {
  (void)world;
  SigtermScope sigterm;
  base::InterruptScope sigint;
  std::atomic<bool> cancel{false};
  WorkerSolver made;
  std::string error;
  try {
    made = make_solver(&cancel);
  } catch (const std::exception& e) {
    error = e.what();
    std::ranges::replace_if(
        error, [](char c) { return c == '\t' || c == '\n'; }, ' ');
  }
  const std::string host = host_name();
  send(error.empty() ? fmt::format("ok\t{}\t{}\t{}", host, made.catalogue_cells, made.threads) : "error\t" + host + "\t" + error, 0, READY);
  solver::DomineeringSolver* const solver = made.solver.get();
  for (;;) {
    std::optional<Message> m = poll(0, MPI_ANY_TAG);
    if (!m) {
      std::this_thread::sleep_for(POLL);
      continue;
    }
    if (m->tag == STOP)
      return error.empty();
    if (m->tag != JOB) // a cancel that came after its job ended
      continue;
    // Anything wrong with a job is sent back as its result, so that rank 0 never waits for one.
    const auto f = CheckedTsvReader::split_tabs(m->text);
    std::uint64_t job = 0;
    Side to_move = Side::Left;
    Board board;
    std::string failure;
    bool failed = false;
    try {
      if (f.size() != 3 || !solver)
        throw std::runtime_error(fmt::format("malformed job message '{}'", m->text));
      job = number<std::uint64_t>(f[0]);
      to_move = f[1] == "v" ? Side::Left : Side::Right;
      board = Board::parse(f[2]);
    } catch (const std::exception& e) {
      failed = true;
      failure = e.what();
    }
    cancel.store(false);
    solver::SolveResult result;
    std::atomic<bool> done{failed};
    std::thread search;
    if (!failed)
      search = std::thread([&] {
        try {
          result = solver->solve(board, to_move);
        } catch (const std::exception& e) {
          failed = true;
          failure = e.what();
        } catch (...) {
          failed = true;
          failure = "unknown error";
        }
        done.store(true, std::memory_order_release);
      });
    bool stop = false;
    while (!done.load(std::memory_order_acquire)) {
      if (base::interrupt_flag().load(std::memory_order_relaxed))
        cancel.store(true);
      if (auto c = poll(0, MPI_ANY_TAG)) {
        if (c->tag == STOP) {
          stop = true;
          cancel.store(true);
        } else if (c->tag == CANCEL && c->text == std::to_string(job)) {
          cancel.store(true);
        }
      } else {
        std::this_thread::sleep_for(POLL);
      }
    }
    if (search.joinable())
      search.join();
    std::ranges::replace_if(
        failure, [](char c) { return c == '\t' || c == '\n'; }, ' ');
    const std::string status = failed ? "error" : result.interrupted ? "interrupted" : "done";
    const std::string move = failed                ? (failure.empty() ? std::string("error") : failure)
                             : result.winning_move ? domineering::to_string(*result.winning_move)
                                                   : std::string("-");
    send(fmt::format("{}\t{}\t{}\t{}\t{}\t{:.6f}", job, status, result.first_player_wins ? 1 : 0, move, result.stats.nodes,
                     result.stats.seconds),
         0, RESULT);
    if (stop)
      return error.empty();
  }
}

} // namespace distributed
