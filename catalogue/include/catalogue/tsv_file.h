// The catalogue's text file (docs/formats.md): UTF-8 TSV with a checked first line, readable by
// anyone and by spreadsheet tools, for catalogues small enough that text costs little (the
// binary file, binary_file.h, serves the large ones). The reader refuses a wrong version, header
// or checksum, a truncated body and malformed rows, naming the line, and checks that every row
// agrees with its own canonical value.
#pragma once

#include "catalogue/catalogue.h"
#include "catalogue/checked_tsv.h"

#include <istream>
#include <ostream>
#include <string>

// Layout, line by line:
//   line 1   "# domineering-catalogue version=1 max_cells=N shapes=S checksum=H"
//            H = 16 lower-case hex digits of the 64-bit FNV-1a hash of every byte after
//            line 1 (the header row and all rows, newlines included)
//   line 2   the header row: shape cells canonical left_stop right_stop mean temperature
//            outcome left_moves right_moves (tab-separated)
//   lines 3+ one shape per row, sorted by cells then key: shape is board text with '/'
//            between rows ('.' in the shape, '#' elsewhere in its bounding box); numbers are
//            exact ("-3/4"); outcome is L, R, N or P; moves count Vertical and Horizontal
//            placements.
// There are no other comment lines (board text itself contains '#').

namespace catalogue {

inline constexpr int TSV_VERSION = 1;
inline constexpr const char* TSV_MAGIC = "# domineering-catalogue";
inline constexpr const char* TSV_HEADER =
    "shape\tcells\tcanonical\tleft_stop\tright_stop\tmean\ttemperature\toutcome\tleft_moves\tright_moves";

void write_tsv(const Catalogue& c, std::ostream& out);
// Atomic (temporary file, then rename).
void write_tsv_file(const Catalogue& c, const std::string& path);

// Throws base::InputError naming the file (`name`) and line on any problem.
Catalogue read_tsv(std::istream& in, const std::string& name);
Catalogue read_tsv_file(const std::string& path);

} // namespace catalogue
