#include "experiments/plot.h"

#include "experiments/findings.h"

#include "base/atomic_file.h"

#include <fmt/format.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <iterator>
#include <spawn.h>
#include <sstream>
#include <stdexcept>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

namespace experiments {

namespace {

// A string as a gnuplot single-quoted literal ('' is a quote inside one).
std::string quoted(const std::string& s) {
  std::string out = "'";
  for (const char c : s)
    out += c == '\'' ? std::string("''") : std::string(1, c);
  return out + "'";
}

std::string array_of(const std::vector<SizeView>& views, const RuleResult* SizeView::*rule) {
  std::string out;
  for (const SizeView& v : views)
    out += fmt::format("{}{:.4f}", out.empty() ? "" : ", ", (v.*rule)->hit_percent());
  return out;
}

std::string read_file(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// The first line of gnuplot's log that says what went wrong, trimmed.
std::string first_error(const std::string& log) {
  std::istringstream in(log);
  std::string line, first;
  while (std::getline(in, line)) {
    const auto start = line.find_first_not_of(" \t^");
    if (start == std::string::npos)
      continue;
    line = line.substr(start);
    if (first.empty())
      first = line;
    if (line.find("rror") != std::string::npos || line.find("arning") != std::string::npos)
      return line;
  }
  return first.empty() ? "no message" : first;
}

// Runs argv with stdin from /dev/null and stdout and stderr into log; returns the wait status, or
// -1 with errno set when the program could not be started.
int run_program(const std::vector<std::string>& args, const std::filesystem::path& log) {
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_adddup2(&actions, STDOUT_FILENO, STDERR_FILENO);
  std::vector<char*> argv;
  for (const std::string& a : args)
    argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  pid_t pid = 0;
  const int err = posix_spawnp(&pid, argv[0], &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (err != 0) {
    errno = err;
    return -1;
  }
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0)
    if (errno != EINTR)
      return -1;
  return status;
}

} // namespace

std::string plot_script(const ExperimentResult& r) {
  const auto views = size_views(r);
  const std::size_t n = views.size();
  std::string sizes;
  for (const SizeView& v : views)
    sizes += fmt::format("{}{}", sizes.empty() ? "" : " ", v.size);
  const std::uint64_t h_min = r.spec.half_lives.front(), h_max = r.spec.half_lives.back();

  std::string s;
  s += fmt::format("# Plots of the cache experiment: {}.\n", r.spec.title());
  s += "# Written by `domineering experiment`; the numbers are in the datablocks below, so this file is all\n"
       "# gnuplot needs: run `gnuplot plot.gp` in this folder to re-render hit-rate.* and half-life.*.\n"
       "# Options: gnuplot -e \"terminal='svg'\" plot.gp (or 'png', 'pngcairo'); -e \"outdir='DIR'\".\n\n";
  s += "if (!exists(\"outdir\")) outdir = \".\"\n"
       "terms = \" \" . GPVAL_TERMINALS . \" \"\n"
       "if (!exists(\"terminal\")) {\n"
       "  terminal = strstrt(terms, \" pngcairo \") > 0 ? \"pngcairo\" : (strstrt(terms, \" png \") > 0 ? \"png\" : \"svg\")\n"
       "}\n"
       "if (terminal eq \"svg\") {\n"
       "  set terminal svg size 1000,640 dynamic font \"sans,12\"; ext = \"svg\"\n"
       "} else {\n"
       "  if (terminal eq \"pngcairo\") {\n"
       "    set terminal pngcairo size 1000,640 font \"sans,10\"; ext = \"png\"\n"
       "  } else {\n"
       "    set terminal png size 1000,640; ext = \"png\"\n"
       "  }\n"
       "}\n\n";
  s += fmt::format("sizes = \"{}\"\nN = {}\n", sizes, n);
  s += fmt::format("array lru[{}] = [{}]\n", n, array_of(views, &SizeView::lru));
  s += fmt::format("array lfu[{}] = [{}]\n", n, array_of(views, &SizeView::lfu));
  s += fmt::format("array opt[{}] = [{}]\n", n, array_of(views, &SizeView::belady));
  std::string best;
  for (const SizeView& v : views)
    best += fmt::format("{}{}", best.empty() ? "" : ", ", v.best_aged->rule.half_life);
  s += fmt::format("array best_h[{}] = [{}]\n\n", n, best);

  // One datablock of (half-life, hit rate in percent) rows, one block per table size.
  const auto curves = [&](const char* comment, const char* name, std::vector<const RuleResult*> SizeView::*rows) {
    s += fmt::format("# {}: one block per table size (half-life, hit rate in percent).\n${} << EOD\n", comment, name);
    for (const SizeView& v : views) {
      s += fmt::format("# {} entries\n", v.size);
      for (const RuleResult* a : v.*rows)
        s += fmt::format("{} {:.4f}\n", a->rule.half_life, a->hit_percent());
      s += "\n\n";
    }
    s += "EOD\n\n";
  };
  curves("Aged LFU", "aged", &SizeView::aged);
  curves("Aged LFU with ghosts (the adaptive rule's bank)", "ghost", &SizeView::ghost);
  s += "# The adaptive rule's half-life: one block per table size (lookup, half-life from that lookup on).\n$adaptive << EOD\n";
  for (const SizeView& v : views) {
    s += fmt::format("# {} entries\n", v.size);
    for (const cache::HalfLifeSample& h : v.adaptive->half_life_history)
      s += fmt::format("{} {}\n", h.lookup, h.half_life);
    s += fmt::format("{} {}\n\n\n", r.trace.size(), v.adaptive->settled_half_life());
  }
  s += "EOD\n\n";

  s += fmt::format("set output outdir . \"/{}.\" . ext\n", HIT_RATE_PLOT);
  s += fmt::format("set title \"Hit rate against half-life: {}, {} lookups\" noenhanced\n", r.spec.title(), grouped(r.trace.size()));
  s += "set logscale x\n"
       "set xlabel \"half-life H of aged LFU (lookups between halvings of every count)\"\n"
       "set ylabel \"hit rate (% of lookups answered)\"\n"
       "set grid\n"
       "set key outside right top box\n";
  s += fmt::format("set xrange [{}:{}]\n", double(h_min) / 1.5, double(h_max) * 1.5);
  s += "plot for [i=1:N] $aged index (i-1) using 1:2 with linespoints lc i lw 2 pt 7 title sprintf(\"aged LFU, %s entries\", word(sizes, "
       "i)), \\\n"
       "     for [i=1:N] $ghost index (i-1) using 1:2 with linespoints lc i lw 1 pt 6 title sprintf(\"aged LFU with ghosts, %s\", "
       "word(sizes, i)), \\\n"
       "     for [i=1:N] lru[i] with lines lc i dt 2 title sprintf(\"LRU, %s\", word(sizes, i)), \\\n"
       "     for [i=1:N] lfu[i] with lines lc i dt 3 title sprintf(\"LFU, %s\", word(sizes, i)), \\\n"
       "     for [i=1:N] opt[i] with lines lc i dt 4 title sprintf(\"optimum (Belady), %s\", word(sizes, i))\n"
       "unset output\n\n";

  s += "reset\n";
  s += fmt::format("set output outdir . \"/{}.\" . ext\n", HALF_LIFE_PLOT);
  s += fmt::format("set title \"The adaptive rule's half-life: {}\" noenhanced\n", r.spec.title());
  s += "set logscale y\n"
       "set xlabel \"lookups\"\n"
       "set ylabel \"half-life H in use (lookups)\"\n"
       "set grid\n"
       "set key outside right top box\n";
  s += fmt::format("set xrange [0:{}]\n", r.trace.size());
  // Board changes of a mixed schedule.
  std::uint64_t at = 0;
  for (std::size_t b = 0; b + 1 < r.play.boards.size(); ++b) {
    at += r.play.boards[b].lookups;
    s += fmt::format("set arrow from {}, graph 0 to {}, graph 1 nohead dt 3 lc rgb \"gray40\"\n", at, at);
    s += fmt::format("set label \"{} from here\" at {}, graph {:.2f} offset 0.5,0 font \",9\"\n", r.play.boards[b + 1].board, at,
                     0.97 - 0.04 * double(b % 3));
  }
  s += "plot for [i=1:N] $adaptive index (i-1) using 1:2 with steps lc i lw 2 title sprintf(\"adaptive, %s entries\", word(sizes, i)), \\\n"
       "     for [i=1:N] best_h[i] with lines lc i dt 2 title sprintf(\"best H of the grid, %s\", word(sizes, i))\n"
       "unset output\n\n";

  // The field: one column per rule (its label as the column's head), one row per table size.
  std::vector<const RuleResult*> SizeView::*field = &SizeView::published;
  s += "# The field: hit rate in percent by table size, one column per rule.\n$field << EOD\nsize";
  for (const RuleResult* p : views.front().*field)
    s += fmt::format(" \"{}\"", label(p));
  s += " \"adaptive\" \"Belady\"\n";
  for (const SizeView& v : views) {
    s += fmt::format("{}", v.size);
    for (const RuleResult* p : v.*field)
      s += fmt::format(" {:.4f}", p->hit_percent());
    s += fmt::format(" {:.4f} {:.4f}\n", v.adaptive->hit_percent(), v.belady->hit_percent());
  }
  s += "EOD\n\n";
  const std::size_t columns = (views.front().*field).size() + 2;
  s += "reset\n";
  s += fmt::format("set output outdir . \"/{}.\" . ext\n", FIELD_PLOT);
  s += fmt::format("set title \"Every published rule against the adaptive rule: {}, {} lookups\" noenhanced\n", r.spec.title(),
                   grouped(r.trace.size()));
  s += "set logscale x 2\n"
       "set xlabel \"table size (entries)\"\n"
       "set ylabel \"hit rate (% of lookups answered)\"\n"
       "set grid\n"
       "set key outside right top box noenhanced\n";
  s += fmt::format("set xtics ({})\n", [&] {
    std::string t;
    for (const SizeView& v : views)
      t += fmt::format("{}\"{}\" {}", t.empty() ? "" : ", ", v.size, v.size);
    return t;
  }());
  s += fmt::format("set xrange [{}:{}]\n", double(views.front().size) / 1.2, double(views.back().size) * 1.2);
  s += fmt::format("plot for [c=2:{}] $field using 1:c with linespoints lw 1 pt ((c - 2) % 12 + 1) ps 0.8 title columnhead(c), \\\n"
                   "     $field using 1:{} with linespoints lc rgb \"black\" lw 3 pt 5 title columnhead({}), \\\n"
                   "     $field using 1:{} with lines lc rgb \"gray40\" dt 4 lw 2 title columnhead({})\n",
                   columns - 1, columns, columns, columns + 1, columns + 1);
  s += "unset output\n";
  return s;
}

std::string gnuplot_program() {
  const char* env = std::getenv("DOMINEERING_GNUPLOT");
  return env && *env ? env : "gnuplot";
}

PlotOutcome render_plots(const std::filesystem::path& dir, const std::string& gnuplot) {
  PlotOutcome out;
  std::string pattern = (dir / ".plots-XXXXXX").string();
  if (!::mkdtemp(pattern.data()))
    throw std::runtime_error(fmt::format("cannot create a temporary folder in {}: {}", dir.string(), std::strerror(errno)));
  const std::filesystem::path tmp = pattern;
  struct Cleanup {
    std::filesystem::path p;
    ~Cleanup() {
      std::error_code ec;
      std::filesystem::remove_all(p, ec);
    }
  } cleanup{tmp};

  const std::filesystem::path log = tmp / "gnuplot.log";
  const int status = run_program({gnuplot, "-e", "outdir=" + quoted(tmp.string()), (dir / PLOT_SCRIPT).string()}, log);
  if (status == -1) {
    out.problem = fmt::format("cannot run {}: {} (install gnuplot-nox, or set DOMINEERING_GNUPLOT)", gnuplot, std::strerror(errno));
    return out;
  }
  if (WIFEXITED(status) && WEXITSTATUS(status) == 127) {
    out.problem = fmt::format("cannot run {}: not found (install gnuplot-nox, or set DOMINEERING_GNUPLOT)", gnuplot);
    return out;
  }
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    out.problem = WIFEXITED(status) ? fmt::format("{} failed (exit {}): {}", gnuplot, WEXITSTATUS(status), first_error(read_file(log)))
                                    : fmt::format("{} was killed by signal {}", gnuplot, WTERMSIG(status));
    return out;
  }
  for (const char* ext : {"png", "svg"}) {
    for (const char* name : PLOTS) {
      const std::string file = fmt::format("{}.{}", name, ext);
      std::error_code ec;
      if (!std::filesystem::exists(tmp / file, ec) || std::filesystem::file_size(tmp / file, ec) == 0)
        continue;
      const std::string bytes = read_file(tmp / file);
      base::write_atomically((dir / file).string(), [&](std::ostream& os) { os.write(bytes.data(), std::streamsize(bytes.size())); });
      // A plot of the other format from an earlier run would contradict this one.
      std::filesystem::remove(dir / fmt::format("{}.{}", name, std::string_view(ext) == "png" ? "svg" : "png"), ec);
      out.files.push_back(file);
      out.extension = ext;
    }
  }
  if (out.files.size() != std::size(PLOTS))
    out.problem =
        fmt::format("{} ran but wrote {} of the {} plots: {}", gnuplot, out.files.size(), std::size(PLOTS), first_error(read_file(log)));
  return out;
}

} // namespace experiments
