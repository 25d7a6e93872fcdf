// The subcommands of `domineering`. Each add_*_command registers one subcommand with its
// options and callback on the app; callbacks throw InputError for bad input (exit 2) and
// anything else for failures (exit 1). main.cpp owns the mapping and the one-line messages.
#pragma once

#include "catalogue/catalogue.h"

#include <CLI/CLI.hpp>

#include <string>

namespace cli {

// For options of unsigned types, which CLI11 would read "-1" into by wrapping it around.
inline CLI::Validator not_negative() {
  return CLI::Validator(
      [](std::string& text) { return !text.empty() && text.front() == '-' ? "must not be negative, got " + text : std::string(); }, "",
      "not negative");
}

void add_game_command(CLI::App& app);
void add_compare_command(CLI::App& app);
void add_value_command(CLI::App& app);
void add_catalogue_command(CLI::App& app);
void add_tictactoe_command(CLI::App& app);
void add_experiment_command(CLI::App& app);
void add_solve_command(CLI::App& app);
void add_bench_command(CLI::App& app);
void add_survey_command(CLI::App& app);
void add_serve_command(CLI::App& app);
void add_proof_command(CLI::App& app);
void add_verify_command(CLI::App& app);

// Prints "domineering: <message>" on stderr, the one line of every error (main.cpp).
void report_error(const std::string& message);

// An exit with this code and nothing printed: a rank of a distributed run other than the first,
// whose error the first rank reports.
struct SilentExit {
  int code;
};

// The catalogue in `file`, or the default one of shapes up to `cells` cells, for the solver
// (values only checked); a large default one's load or first build is shown on stderr.
catalogue::Catalogue solver_catalogue(const std::string& file, int cells);

} // namespace cli
