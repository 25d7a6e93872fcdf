// `domineering serve`: the board explorer in a browser (web/). Listens on 127.0.0.1 unless told
// otherwise, says where on stderr, and stops on Ctrl-C.
#include "commands.h"

#include "web/explorer.h"
#include "web/server.h"

#include "base/interrupt.h"
#include "catalogue/default_catalogue.h"

#include <fmt/format.h>

#include <cstdio>
#include <string>

namespace cli {

void add_serve_command(CLI::App& app) {
  auto* cmd = app.add_subcommand("serve", "The board explorer in a browser: draw a position, see its value, play, ask who wins");
  cmd->footer("Serves one page and a JSON API (docs/explorer.md) on http://HOST:PORT/. Every request is bounded: boards up to\n"
              "--max-side a side, a value's time, a solve's time, threads and table, and the solves running at once; past a\n"
              "bound the page shows why. Only this machine can connect unless --host says otherwise. Ctrl-C stops it.\n\n"
              "Examples:\n  domineering serve\n  domineering serve --port 9000 --solve-seconds 30 --solve-threads 2");
  static std::string host = "127.0.0.1";
  static int port = 8080;
  static web::Limits limits;
  cmd->add_option("--port", port, "TCP port, 0 for any free one (default 8080)")->check(CLI::Range(0, 65535));
  cmd->add_option("--host", host, "Address to listen on (default 127.0.0.1: this machine only; 0.0.0.0: every interface)");
  cmd->add_option("--max-side", limits.max_side, "Largest board side a request may have, 1 to 16 (default 16)");
  cmd->add_option("--max-region-cells", limits.max_region_cells, "Largest region a value is computed for (default 40)");
  cmd->add_option("--value-seconds", limits.value_seconds, "Most time a value with its options may take (default 10)");
  cmd->add_option("--solve-seconds", limits.solve_seconds, "Most time a solve may take; a request may ask for less (default 10)");
  cmd->add_option("--solve-threads", limits.solve_threads, "Threads of each solve (default 1)");
  cmd->add_option("--solve-tt-mb", limits.solve_table_mib, "Transposition table of each solve, in MiB (default 64)")->check(not_negative());
  cmd->add_option("--concurrent-solves", limits.concurrent_solves, "Solves running at once; more get HTTP 429 (default 1)");
  cmd->callback([] {
    web::check_limits(limits);
    // The solver's catalogue, loaded before the first request so that no request waits for it.
    const catalogue::Catalogue cat = catalogue::load_catalogue("", catalogue::SOLVER_MAX_CELLS, catalogue::Check::values);
    web::Explorer explorer(cat, limits);
    base::InterruptScope sigint;
    web::serve(explorer, host, port, base::interrupt_flag(), [](const std::string& url) {
      std::fprintf(stderr, "domineering serve: the explorer is at %s (Ctrl-C stops it)\n", url.c_str());
      std::fflush(stderr);
    });
  });
}

} // namespace cli
