// libFuzzer target: catalogue_tsv inputs, checked by fuzz::check_catalogue_tsv (properties.h).
#include "properties.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fuzz::check_catalogue_tsv({reinterpret_cast<const char*>(data), size});
  return 0;
}
