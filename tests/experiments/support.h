// Shared by the experiments tests: the 8-cell catalogue (built once per test program, in memory,
// so the tests do not depend on the on-disk cache), small schedules, and a temporary folder that
// removes itself.
#pragma once

#include "catalogue/catalogue.h"
#include "catalogue/default_catalogue.h"

#include <cstdlib>
#include <filesystem>
#include <stdexcept>
#include <string>

namespace test_support {

inline const catalogue::Catalogue& eight() {
  static const catalogue::Catalogue c = catalogue::Catalogue::build(catalogue::DEFAULT_MAX_CELLS);
  return c;
}

// Two boards, ten games each: about 500 lookups, enough for every rule to evict.
inline constexpr const char* SMALL_SCHEDULE = "4x5:10,5x5:10";

class TempDir {
public:
  TempDir() {
    std::string pattern = (std::filesystem::temp_directory_path() / "domineering-experiments-test-XXXXXX").string();
    if (!::mkdtemp(pattern.data()))
      throw std::runtime_error("cannot create a temporary folder");
    path_ = pattern;
  }
  ~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const std::filesystem::path& path() const { return path_; }

private:
  std::filesystem::path path_;
};

} // namespace test_support
