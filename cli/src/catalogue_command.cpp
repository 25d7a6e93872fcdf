// `domineering catalogue build|check|lookup|stats|export`: the shape catalogue from the
// command line.
#include "commands.h"
#include "terminal.h"

#include "catalogue/binary_file.h"
#include "catalogue/catalogue.h"
#include "catalogue/default_catalogue.h"
#include "catalogue/tsv_file.h"
#include "domineering/regions.h"
#include "domineering/value_table.h"

#include "base/atomic_file.h"
#include "base/input_error.h"
#include "cgt/game_store.h"
#include "cgt/notation.h"
#include "cgt/stops.h"

#include <fmt/format.h>

#include <chrono>
#include <filesystem>
#include <iostream>
#include <sys/resource.h>
#include <thread>

namespace cli {

namespace {

using catalogue::Catalogue;
using catalogue::Entry;

std::string num(cgt::GameId g) { return cgt::number_value(g).to_string(); }

nlohmann::json entry_json(const Entry& e) {
  return {{"shape", e.shape().text()},
          {"cells", e.cells},
          {"canonical", cgt::to_string(e.value)},
          {"left_stop", num(e.left_stop)},
          {"right_stop", num(e.right_stop)},
          {"mean", num(e.mean)},
          {"temperature", num(e.temperature)},
          {"outcome", std::string(cgt::to_string(e.outcome))},
          {"left_moves", e.left_moves},
          {"right_moves", e.right_moves}};
}

double peak_rss_mib() {
  rusage u{};
  ::getrusage(RUSAGE_SELF, &u);
  return double(u.ru_maxrss) / 1024.0;
}

// The largest catalogue we let anyone ask for; beyond it the shapes alone outgrow memory.
constexpr int MAX_BUILD_CELLS = 20;

void add_build(CLI::App& parent) {
  auto* cmd = parent.add_subcommand("build", "Build the catalogue of every shape up to N cells, in parallel");
  cmd->footer("Example:\n  domineering catalogue build --max-cells 10 --out catalogue-10.tsv\n"
              "A .bin file name (or --format binary) writes the compact binary form, which loads faster.");
  static int max_cells = 8;
  static std::string out;
  static int threads = 0;
  static std::string format = "auto";
  static bool json = false;
  cmd->add_option("--max-cells", max_cells, "Largest shape size, 1 to 20")->required();
  cmd->add_option("--out", out, "Write the catalogue to FILE (atomically)");
  cmd->add_option("--threads", threads, "Worker threads (default: all cores)");
  cmd->add_option("--format", format, "tsv, binary, or auto (by the --out extension: .bin is binary)")
      ->check(CLI::IsMember({"auto", "tsv", "binary"}));
  cmd->add_flag("--json", json, "Print a JSON summary");
  cmd->callback([] {
    if (max_cells < 1 || max_cells > MAX_BUILD_CELLS)
      throw base::InputError(fmt::format("--max-cells {} out of range (1 to {})", max_cells, MAX_BUILD_CELLS));
    const double need = catalogue::estimated_build_bytes(max_cells);
    if (const double have = catalogue::available_memory_bytes(); have > 0 && need > have)
      throw base::InputError(fmt::format("--max-cells {} needs about {:.1f} GiB of memory but {:.1f} GiB are available", max_cells,
                                         need / double(1 << 30), have / double(1 << 30)));
    const int cores = int(std::thread::hardware_concurrency());
    if (threads < 0 || threads > 4 * std::max(cores, 1) + 64)
      throw base::InputError(fmt::format("--threads {} out of range (0 for all cores, at most {})", threads, 4 * std::max(cores, 1) + 64));
    const auto start = std::chrono::steady_clock::now();
    Progress progress;
    const Catalogue c = Catalogue::build(max_cells, threads, [&](const catalogue::BuildProgress& p) {
      const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      progress.update(fmt::format("catalogue: size {} of {}: {}/{} shapes, {} games, {:.1f} s", p.cells, max_cells, p.done, p.total,
                                  cgt::store().size(), s));
    });
    progress.finish();
    const double build_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::uintmax_t file_bytes = 0;
    if (!out.empty()) {
      const bool binary = format == "binary" || (format == "auto" && std::filesystem::path(out).extension() == ".bin");
      if (binary)
        catalogue::write_binary_file(c, out);
      else
        catalogue::write_tsv_file(c, out);
      file_bytes = std::filesystem::file_size(out);
    }
    const auto st = catalogue::stats(c);
    if (json) {
      print_json({{"max_cells", max_cells},
                  {"shapes", c.size()},
                  {"by_size", st.by_size},
                  {"distinct_values", st.distinct_values},
                  {"games", cgt::store().size()},
                  {"seconds", build_seconds},
                  {"peak_mib", peak_rss_mib()},
                  {"file", out},
                  {"file_bytes", file_bytes}});
      return;
    }
    std::cout << fmt::format("catalogue of shapes up to {} cells: {} shapes, {} distinct values\n", max_cells, c.size(),
                             st.distinct_values);
    for (int n = 1; n <= max_cells; ++n)
      std::cout << fmt::format("  {:>2} cells: {:>9} shapes\n", n, st.by_size[std::size_t(n)]);
    std::cout << fmt::format("built in {:.2f} s, peak memory {:.0f} MiB, {} games in the store\n", build_seconds, peak_rss_mib(),
                             cgt::store().size());
    if (!out.empty())
      std::cout << fmt::format("written to {} ({} bytes)\n", out, file_bytes);
  });
}

void add_check(CLI::App& parent) {
  auto* cmd = parent.add_subcommand("check", "Verify a catalogue file: version, header, checksum, rows, and every value recomputed");
  static std::string file;
  static bool shallow = false;
  static bool json = false;
  cmd->add_option("FILE", file, "Catalogue file (TSV or binary)")->required();
  cmd->add_flag("--shallow", shallow, "Skip recomputing the values (structure and consistency only)");
  cmd->add_flag("--json", json, "Print a JSON result");
  cmd->callback([] {
    const Catalogue c = catalogue::load_catalogue(file);
    std::size_t recomputed = 0;
    if (!shallow) {
      Progress progress;
      auto& table = domineering::ValueTable::shared();
      for (const Entry& e : c.entries()) {
        const cgt::GameId fresh = table.value(e.shape());
        if (fresh != e.value)
          throw base::InputError(fmt::format("catalogue {}: shape {} is stored as {} but its value is {}", file, e.shape().text(),
                                             cgt::to_string(e.value), cgt::to_string(fresh)));
        if (++recomputed % 4096 == 0)
          progress.update(fmt::format("check: {}/{} values recomputed", recomputed, c.size()));
      }
    }
    if (json) {
      print_json({{"file", file}, {"ok", true}, {"shapes", c.size()}, {"max_cells", c.max_cells()}, {"values_recomputed", recomputed}});
      return;
    }
    std::cout << fmt::format("{}: ok, {} shapes up to {} cells; {}\n", file, c.size(), c.max_cells(),
                             shallow ? "structure and consistency checked" : "every value recomputed and equal");
  });
}

void add_lookup(CLI::App& parent) {
  auto* cmd = parent.add_subcommand("lookup", "The catalogue entry of each region of a board");
  static std::string board_text;
  static std::string file;
  static bool json = false;
  cmd->add_option("BOARD", board_text, "Board text or RxC")->required();
  cmd->add_option("--catalogue", file, "Catalogue file (default: the built-in 8-cell catalogue)");
  cmd->add_flag("--json", json, "Print JSON");
  cmd->callback([] {
    const auto board = domineering::Board::parse(board_text);
    const Catalogue c = catalogue::load_catalogue(file);
    nlohmann::json regions = nlohmann::json::array();
    for (const auto& r : domineering::regions(board)) {
      const Entry* e = c.find(r.shape);
      nlohmann::json j = e ? entry_json(*e) : nlohmann::json{{"shape", r.shape.text()}, {"cells", r.shape.cells()}};
      j["in_catalogue"] = e != nullptr;
      j["top"] = r.top;
      j["left"] = r.left;
      if (!json) {
        if (e)
          std::cout << fmt::format(
              "region at row {}, column {}: {} cells, value {} (stops {} / {}, mean {}, temperature {}, outcome {})\n  shape {}\n", r.top,
              r.left, int(e->cells), cgt::to_string(e->value), num(e->left_stop), num(e->right_stop), num(e->mean), num(e->temperature),
              cgt::to_string(e->outcome), r.shape.text());
        else
          std::cout << fmt::format("region at row {}, column {}: {} cells, not in the catalogue (largest shapes: {} cells)\n  shape {}\n",
                                   r.top, r.left, r.shape.cells(), c.max_cells(), r.shape.text());
      }
      regions.push_back(j);
    }
    if (json)
      print_json({{"board", board.text()}, {"max_cells", c.max_cells()}, {"regions", regions}});
    else if (regions.empty())
      std::cout << "no region: no cell of this board can be covered\n";
  });
}

void add_stats(CLI::App& parent) {
  auto* cmd = parent.add_subcommand("stats", "Counts by size and outcome class, distinct values, temperature histogram");
  static std::string file;
  static bool json = false;
  cmd->add_option("FILE", file, "Catalogue file (default: the built-in 8-cell catalogue)");
  cmd->add_flag("--json", json, "Print JSON");
  cmd->callback([] {
    const Catalogue c = catalogue::load_catalogue(file);
    const auto st = catalogue::stats(c);
    if (json) {
      nlohmann::json temps = nlohmann::json::object();
      for (const auto& [t, n] : st.by_temperature)
        temps[t.to_string()] = n;
      print_json({{"max_cells", c.max_cells()},
                  {"shapes", c.size()},
                  {"by_size", st.by_size},
                  {"by_outcome", st.by_outcome},
                  {"distinct_values", st.distinct_values},
                  {"max_temperature", st.max_temperature.to_string()},
                  {"temperatures", temps}});
      return;
    }
    std::cout << fmt::format("{} shapes of 1 to {} cells, {} distinct values\n\nshapes by size\n", c.size(), c.max_cells(),
                             st.distinct_values);
    for (int n = 1; n <= c.max_cells(); ++n)
      std::cout << fmt::format("  {:>2} cells  {:>9}\n", n, st.by_size[std::size_t(n)]);
    std::cout << "\nshapes by outcome (Left = Vertical)\n";
    for (const auto& [o, n] : st.by_outcome)
      std::cout << fmt::format("  {}  {:>9}\n", o, n);
    std::cout << fmt::format("\ntemperature histogram (max {})\n", st.max_temperature.to_string());
    std::size_t widest = 1;
    for (const auto& [t, n] : st.by_temperature)
      widest = std::max(widest, n);
    for (const auto& [t, n] : st.by_temperature)
      std::cout << fmt::format("  {:>8}  {:>9}  {}\n", t.to_string(), n, std::string(std::max<std::size_t>(1, n * 40 / widest), '#'));
  });
}

void add_export(CLI::App& parent) {
  auto* cmd = parent.add_subcommand("export", "Write the catalogue as TSV (the file format) or JSON");
  static std::string format = "tsv";
  static std::string file;
  static std::string out;
  cmd->add_option("--format", format, "tsv or json")->check(CLI::IsMember({"tsv", "json"}));
  cmd->add_option("--catalogue", file, "Catalogue file (default: the built-in 8-cell catalogue)");
  cmd->add_option("--out", out, "Write to FILE (atomically) instead of stdout");
  cmd->callback([] {
    const Catalogue c = catalogue::load_catalogue(file);
    const auto write = [&](std::ostream& os) {
      if (format == "tsv") {
        catalogue::write_tsv(c, os);
        return;
      }
      nlohmann::json shapes = nlohmann::json::array();
      for (const Entry& e : c.entries())
        shapes.push_back(entry_json(e));
      os << nlohmann::json{{"max_cells", c.max_cells()}, {"shapes", shapes}}.dump(1) << '\n';
    };
    if (out.empty())
      write(std::cout);
    else
      base::write_atomically(out, write);
  });
}

} // namespace

void add_catalogue_command(CLI::App& app) {
  auto* cmd = app.add_subcommand("catalogue", "Build, check, query and export the catalogue of small shapes and their values");
  cmd->require_subcommand(1);
  cmd->footer("Shapes are counted once per class under horizontal and vertical reflections (a transposed shape is listed\n"
              "separately; its value is the negative). Without a FILE, commands use the 8-cell catalogue (1,042 shapes),\n"
              "built on first use and cached in " +
              catalogue::default_cache_path() + ".");
  add_build(*cmd);
  add_check(*cmd);
  add_lookup(*cmd);
  add_stats(*cmd);
  add_export(*cmd);
}

} // namespace cli
