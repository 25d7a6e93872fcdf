// The default catalogue: every shape of up to DEFAULT_MAX_CELLS cells (1,042 of them), which
// the experiments and the solver use unless given --catalogue FILE. Building it takes well
// under a second, so it is built on first use and cached in a file that later runs reuse:
// $DOMINEERING_CACHE_DIR, else $XDG_CACHE_HOME/domineering, else ~/.cache/domineering.
// A cache file that fails its checks is rebuilt and replaced (atomically); an unwritable
// cache directory only costs the rebuild.
#pragma once

#include "catalogue/catalogue.h"

#include <string>

namespace catalogue {

inline constexpr int DEFAULT_MAX_CELLS = 8;

// Where the default catalogue is cached.
std::string default_cache_path();

// The catalogue in `path` (errors are InputErrors naming the file), or the default one when
// path is empty.
Catalogue load_catalogue(const std::string& path = "");

} // namespace catalogue
