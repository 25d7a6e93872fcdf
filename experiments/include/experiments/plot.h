// Plots of an experiment, drawn by gnuplot from a script kept beside the data (plot.gp), so a
// reader can re-render or restyle them with `gnuplot plot.gp` in the folder. The script carries
// its numbers in datablocks and picks its own terminal from those the local gnuplot has: pngcairo,
// else png (libgd, as in gnuplot-nox builds without cairo), else svg; `-e "terminal='svg'"`
// forces one. The program writes into a private temporary folder and every plot is then copied
// into place with write_atomically, so a reader never sees half a PNG. A missing or failing
// gnuplot is not an error of the experiment: render_plots reports it and the data stays written.
#pragma once

#include "experiments/cache_experiment.h"

#include <filesystem>
#include <string>
#include <vector>

namespace experiments {

inline constexpr const char* PLOT_SCRIPT = "plot.gp";
inline constexpr const char* HIT_RATE_PLOT = "hit-rate";   // + ".png" or ".svg"
inline constexpr const char* HALF_LIFE_PLOT = "half-life"; // + ".png" or ".svg"
inline constexpr const char* FIELD_PLOT = "field";         // + ".png" or ".svg"
// Every plot a script draws, in the order it draws them.
inline constexpr const char* PLOTS[] = {HIT_RATE_PLOT, HALF_LIFE_PLOT, FIELD_PLOT};

// The gnuplot script of an experiment: hit rate against half-life on a log axis, one curve per
// table size with LRU, LFU and Belady's optimum as horizontal lines in the size's colour; the
// adaptive rule's half-life against lookups, one curve per size, board changes marked; and the
// field: hit rate against table size for every published rule, the adaptive rule and Belady.
std::string plot_script(const ExperimentResult& r);

struct PlotOutcome {
  std::vector<std::string> files; // file names written in the folder, e.g. "hit-rate.png"
  std::string extension;          // "png" or "svg"; empty when nothing was written
  std::string problem;            // empty on success, else one line saying what went wrong
};

// The gnuplot program: $DOMINEERING_GNUPLOT when set and not empty, else "gnuplot" (on PATH).
std::string gnuplot_program();

// Runs `gnuplot` on dir/plot.gp and moves the plots into dir. Never throws for gnuplot's own
// failures (they are in the outcome's problem); throws std::runtime_error if dir is unwritable.
PlotOutcome render_plots(const std::filesystem::path& dir, const std::string& gnuplot = gnuplot_program());

} // namespace experiments
