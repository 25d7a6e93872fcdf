// libFuzzer target: board_text inputs, checked by fuzz::check_board_text (properties.h).
#include "properties.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fuzz::check_board_text({reinterpret_cast<const char*>(data), size});
  return 0;
}
