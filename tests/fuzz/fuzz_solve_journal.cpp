// libFuzzer target: solve journals, checked by fuzz::check_solve_journal (properties.h).
#include "properties.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fuzz::check_solve_journal({reinterpret_cast<const char*>(data), size});
  return 0;
}
