// libFuzzer target: trace inputs, checked by fuzz::check_trace (properties.h).
#include "properties.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fuzz::check_trace({reinterpret_cast<const char*>(data), size});
  return 0;
}
