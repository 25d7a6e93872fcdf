// `domineering`: the command line of the project. Exit codes: 0 success, 2 bad input
// (InputError or a command-line parse error), 1 any other failure. Errors are one line on stderr.
#include "commands.h"

#include "base/input_error.h"

#include <fmt/format.h>

#include <cstdio>
#include <exception>
#include <new>
#include <string>
#include <utility>

void cli::report_error(const std::string& message) {
  std::fprintf(stderr, "domineering: %s\n", message.c_str());
  std::fflush(stderr);
}

namespace {

int report(const char* what, int code) {
  cli::report_error(what);
  return code;
}

} // namespace

int main(int argc, char** argv) {
  CLI::App app{"Combinatorial game theory on Domineering: exact values, catalogues, solving and cache experiments.\n"
               "Left is Vertical (covers (r,c) and (r+1,c)); Right is Horizontal. Positive values favour Left."};
  app.require_subcommand(1);
  app.set_help_all_flag("--help-all", "Print help for every subcommand");
  cli::add_game_command(app);
  cli::add_compare_command(app);
  cli::add_value_command(app);
  cli::add_catalogue_command(app);
  cli::add_tictactoe_command(app);
  cli::add_experiment_command(app);
  cli::add_solve_command(app);
  cli::add_bench_command(app);
  cli::add_survey_command(app);
  cli::add_serve_command(app);
  cli::add_proof_command(app);
  cli::add_verify_command(app);
  // CLI11 would only say that a subcommand is required; name the word it did not know instead.
  if (argc > 1 && argv[1][0] != '-') {
    std::string names;
    bool known = false;
    for (const CLI::App* sub : std::as_const(app).get_subcommands([](const CLI::App*) { return true; })) {
      known = known || sub->check_name(argv[1]);
      names += (names.empty() ? "" : ", ") + sub->get_name();
    }
    if (!known)
      return report(fmt::format("unknown subcommand '{}' (one of {})", argv[1], names).c_str(), 2);
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const cli::SilentExit& e) {
    return e.code;
  } catch (const CLI::ParseError& e) {
    return report(e.what(), 2);
  } catch (const base::InputError& e) {
    return report(e.what(), 2);
  } catch (const std::bad_alloc&) {
    return report("out of memory", 1);
  } catch (const std::exception& e) {
    return report(e.what(), 1);
  }
  return 0;
}
