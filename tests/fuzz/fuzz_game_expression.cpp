// libFuzzer target: game_expression inputs, checked by fuzz::check_game_expression (properties.h).
#include "properties.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fuzz::check_game_expression({reinterpret_cast<const char*>(data), size});
  return 0;
}
