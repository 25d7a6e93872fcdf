// The default catalogue: every shape of up to DEFAULT_MAX_CELLS cells (1,042 of them), which
// the experiments and the solver use unless given --catalogue FILE. Building it is quick, so it
// is built on first use and cached in a file that later runs reuse: $DOMINEERING_CACHE_DIR, else
// $XDG_CACHE_HOME/domineering, else ~/.cache/domineering. A cache file that fails its checks is
// rebuilt and replaced (atomically); an unwritable cache directory only costs the rebuild.
#pragma once

#include "catalogue/binary_file.h"
#include "catalogue/catalogue.h"

#include <functional>
#include <string>

namespace catalogue {

inline constexpr int DEFAULT_MAX_CELLS = 8;

// The solver's default: every shape up to 12 cells (174,036 shapes), cached in the binary form,
// which loads faster than the build (measured: see bench/results/catalogue.md).
inline constexpr int SOLVER_MAX_CELLS = 12;

// Where the catalogue of shapes up to max_cells is cached (TSV up to 10 cells, binary above).
std::string default_cache_path(int max_cells = DEFAULT_MAX_CELLS);

// The catalogue in `path` (errors are InputErrors naming the file), or, when path is empty, the
// catalogue of shapes up to default_cells, from its cache file or built and cached. `check`
// applies to binary files (binary_file.h); TSV files are always checked in full. A build is
// reported to build_progress (Catalogue::build).
Catalogue load_catalogue(const std::string& path = "", int default_cells = DEFAULT_MAX_CELLS, Check check = Check::full,
                         const std::function<void(const BuildProgress&)>& build_progress = {});

// MemAvailable from /proc/meminfo, in bytes; 0 when unknown.
double available_memory_bytes();

// Whether load_catalogue("", cells) can be expected to succeed with `available_bytes` of
// memory: its cache file exists, or the build's estimate (estimated_build_bytes) fits. An
// unknown amount (0) is taken to fit.
bool default_catalogue_fits(int cells, double available_bytes);

} // namespace catalogue
