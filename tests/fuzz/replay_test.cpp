// Replays every committed fuzz input through the fuzz targets' properties in the normal suite:
// the seed corpora (tests/fuzz/corpus/<target>/) and every input that once broke a property or
// crashed (tests/fuzz/regressions/<target>/), so what the fuzzers found stays fixed.
#include "properties.h"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

namespace {

std::size_t replay(const std::string& target, void (*check)(std::string_view)) {
  std::size_t n = 0;
  for (const char* kind : {"corpus", "regressions"}) {
    const std::filesystem::path dir = std::filesystem::path(FUZZ_DIR) / kind / target;
    if (!std::filesystem::exists(dir))
      continue;
    for (const auto& f : std::filesystem::directory_iterator(dir)) {
      std::ifstream in(f.path(), std::ios::binary);
      const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
      CAPTURE(f.path().string());
      check(bytes); // aborts on a violated property
      ++n;
    }
  }
  return n;
}

} // namespace

TEST_CASE("fuzz inputs keep their properties", "[fuzz]") {
  // target, its property; every target has a committed corpus
  static const struct Row {
    const char* target;
    void (*check)(std::string_view);
  } rows[] = {{"game_expression", fuzz::check_game_expression},
              {"board_text", fuzz::check_board_text},
              {"catalogue_tsv", fuzz::check_catalogue_tsv},
              {"catalogue_binary", fuzz::check_catalogue_binary},
              {"trace", fuzz::check_trace},
              {"solve_journal", fuzz::check_solve_journal}};
  for (const Row& row : rows) {
    CAPTURE(row.target);
    CHECK(replay(row.target, row.check) > 0);
  }
}
