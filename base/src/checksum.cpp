#include "base/checksum.h"

#include <cstring>

namespace base {

std::uint64_t fnv1a64_words(std::string_view bytes) {
  std::uint64_t h = FNV1A64_OFFSET;
  const auto step = [&h](std::uint64_t word) {
    h = (h ^ word) * FNV1A64_PRIME;
    h ^= h >> 29;
  };
  std::size_t i = 0;
  for (; i + 8 <= bytes.size(); i += 8) {
    std::uint64_t word;
    std::memcpy(&word, bytes.data() + i, 8);
    step(word);
  }
  for (; i < bytes.size(); ++i)
    step(static_cast<unsigned char>(bytes[i]));
  return h;
}

} // namespace base
