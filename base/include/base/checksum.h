// The checksums of the project's files. Both are FNV-1a 64 (the FNV hash of Fowler, Noll and Vo,
// 1991; offset basis and prime below) and are format facts: the text files (catalogue TSV, solve
// journal) and the experiments' trace fingerprints use it a byte at a time; the binary catalogue
// uses its step on whole words. Changing either changes every file's checksum, so either needs a
// new version.
#pragma once

#include <cstdint>
#include <string_view>

namespace base {

inline constexpr std::uint64_t FNV1A64_OFFSET = 0xcbf29ce484222325ULL; // FNV's 64-bit offset basis
inline constexpr std::uint64_t FNV1A64_PRIME = 0x100000001b3ULL;       // FNV's 64-bit prime

// One FNV-1a step: h absorbs one byte.
constexpr std::uint64_t fnv1a64_step(std::uint64_t h, unsigned char byte) { return (h ^ byte) * FNV1A64_PRIME; }

// FNV-1a 64 of `bytes`, continuing from `h`.
constexpr std::uint64_t fnv1a64(std::string_view bytes, std::uint64_t h = FNV1A64_OFFSET) {
  for (const char c : bytes)
    h = fnv1a64_step(h, static_cast<unsigned char>(c));
  return h;
}

// FNV-1a's step on 64-bit little-endian words (the last partial word a byte at a time), each
// product folded down by a shift so that every bit of the body reaches the low bits as well. Both
// steps are bijections of the running sum, so a change to any one word always changes it. One
// multiply per eight bytes instead of per byte, for files of hundreds of megabytes.
std::uint64_t fnv1a64_words(std::string_view bytes);

} // namespace base
