// libFuzzer target: catalogue_binary inputs, checked by fuzz::check_catalogue_binary (properties.h).
#include "properties.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fuzz::check_catalogue_binary({reinterpret_cast<const char*>(data), size});
  return 0;
}
