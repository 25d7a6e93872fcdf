#include "catalogue/default_catalogue.h"

#include "catalogue/binary_file.h"
#include "catalogue/tsv_file.h"

#include "cgt/input_error.h"

#include <cstdlib>
#include <filesystem>
#include <fstream>

namespace catalogue {

std::string default_cache_path() {
  namespace fs = std::filesystem;
  fs::path dir;
  if (const char* d = std::getenv("DOMINEERING_CACHE_DIR"); d && *d)
    dir = d;
  else if (const char* x = std::getenv("XDG_CACHE_HOME"); x && *x)
    dir = fs::path(x) / "domineering";
  else if (const char* h = std::getenv("HOME"); h && *h)
    dir = fs::path(h) / ".cache" / "domineering";
  else
    dir = fs::temp_directory_path() / "domineering";
  return (dir / ("catalogue-" + std::to_string(DEFAULT_MAX_CELLS) + ".tsv")).string();
}

Catalogue load_catalogue(const std::string& path) {
  if (!path.empty())
    return is_binary_catalogue(path) ? read_binary_file(path) : read_tsv_file(path);
  const std::string cached = default_cache_path();
  if (std::ifstream(cached).good()) {
    try {
      Catalogue c = read_tsv_file(cached);
      if (c.max_cells() == DEFAULT_MAX_CELLS)
        return c;
    } catch (const cgt::InputError&) {
      // A damaged cache is rebuilt below.
    }
  }
  Catalogue c = Catalogue::build(DEFAULT_MAX_CELLS);
  try {
    std::filesystem::create_directories(std::filesystem::path(cached).parent_path());
    write_tsv_file(c, cached);
  } catch (const std::exception&) {
    // The cache is an optimisation; failing to write it only costs the rebuild next time.
  }
  return c;
}

} // namespace catalogue
