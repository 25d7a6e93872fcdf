// The catalogue's compact binary file, for large catalogues: games once each as option lists
// over earlier games, then fixed 42-byte shape records, so a reader checks it in one pass with
// the shapes in parallel. The reader checks magic, version, size and checksum first, then every
// index and count, and rebuilds games through from_options, so even a crafted file cannot plant
// a non-canonical game; rows are checked against their values as in the TSV reader (see Check).
// The price: a file only this program reads, where the TSV is readable by anyone.
#pragma once

#include "catalogue/catalogue.h"

#include <cstdint>
#include <string>
#include <string_view>

// Layout, little-endian:
//   offset 0    8 bytes  magic "DOMCATB1"
//           8   u32      version (BINARY_VERSION)
//          12   u32      max_cells
//          16   u64      shapes
//          24   u64      games: distinct games the file defines
//          32   u64      checksum: base::fnv1a64_words() of every byte from offset 40 to the end
//          40   games, children before parents; each is
//                 u8 kind = 0, i64 num, u8 exp, i32 ups, u32 nim   x + ups.^ + *nim, x = num/2^exp
//                 u8 kind = 1, u32 nl, u32 nr, (nl + nr) x u32     options, as earlier game indices
//        then   shapes x 42 bytes: u64 key.lo, u64 key.hi, u32 value, u32 left_stop, u32 right_stop,
//               u32 mean, u32 temperature (game indices), u8 cells, u8 outcome (0 L, 1 R, 2 N, 3 P),
//               u16 left_moves, u16 right_moves

namespace catalogue {

// Version 2 changed only the checksum (version 1: FNV-1a 64 a byte at a time).
inline constexpr std::uint32_t BINARY_VERSION = 2;
inline constexpr char BINARY_MAGIC[9] = "DOMCATB1";

// How much of a file the reader checks. `full`: everything above. `values`: everything but the
// stops, mean, temperature and outcome, which are taken from the file as they are (they must
// still be numbers defined in it, and the outcome one of the four): for a reader that only looks
// up values (the solver), since working the thermographs out again is most of a full check's
// time.
enum class Check { full, values };

std::string to_binary(const Catalogue& c);
void write_binary_file(const Catalogue& c, const std::string& path); // atomic

// Throws base::InputError naming the file and the byte offset of a problem.
Catalogue from_binary(std::string_view bytes, const std::string& name, Check check = Check::full);
Catalogue read_binary_file(const std::string& path, Check check = Check::full);

// Whether the file at path starts with BINARY_MAGIC.
bool is_binary_catalogue(const std::string& path);

} // namespace catalogue
