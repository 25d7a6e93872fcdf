#include "catalogue/default_catalogue.h"

#include "catalogue/binary_file.h"
#include "catalogue/tsv_file.h"

#include "base/input_error.h"

#include <cstdlib>
#include <filesystem>
#include <fstream>

namespace catalogue {

namespace {
bool binary_cache(int max_cells) { return max_cells > 10; }
} // namespace

std::string default_cache_path(int max_cells) {
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
  return (dir / ("catalogue-" + std::to_string(max_cells) + (binary_cache(max_cells) ? ".bin" : ".tsv"))).string();
}

Catalogue load_catalogue(const std::string& path, int default_cells, Check check,
                         const std::function<void(const BuildProgress&)>& build_progress) {
  if (!path.empty())
    return is_binary_catalogue(path) ? read_binary_file(path, check) : read_tsv_file(path);
  const std::string cached = default_cache_path(default_cells);
  if (std::ifstream(cached).good()) {
    try {
      Catalogue c = binary_cache(default_cells) ? read_binary_file(cached, check) : read_tsv_file(cached);
      if (c.max_cells() == default_cells)
        return c;
    } catch (const base::InputError&) {
      // A damaged cache is rebuilt below.
    }
  }
  Catalogue c = Catalogue::build(default_cells, 0, build_progress);
  try {
    std::filesystem::create_directories(std::filesystem::path(cached).parent_path());
    if (binary_cache(default_cells))
      write_binary_file(c, cached);
    else
      write_tsv_file(c, cached);
  } catch (const std::exception&) {
    // The cache is an optimisation; failing to write it only costs the rebuild next time.
  }
  return c;
}

double available_memory_bytes() {
  std::ifstream in("/proc/meminfo");
  for (std::string key; in >> key;) {
    double kib = 0;
    in >> kib;
    if (key == "MemAvailable:")
      return kib * 1024;
    in.ignore(256, '\n');
  }
  return 0;
}

bool default_catalogue_fits(int cells, double available_bytes) {
  return available_bytes <= 0 || estimated_build_bytes(cells) <= available_bytes || std::filesystem::exists(default_cache_path(cells));
}

} // namespace catalogue
