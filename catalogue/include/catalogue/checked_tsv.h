// CheckedTsvReader: the frame shared by the project's checked text files, the catalogue's TSV
// (tsv_file.h) and the solve journal (solver/solve_journal.h). Line 1 is "<magic> key=value ...",
// one of them checksum=H, 16 lower-case hex digits of base::fnv1a64 of every byte after line 1;
// line 2 is a fixed header row; then one row per line, every line ending in a newline. A reader
// derives from it, checks its own keys in its own order between first_line and check_checksum,
// and parses its own rows; every refusal is one base::InputError, "<kind> <file> line <n>:
// <what>". The price of a whole-body checksum: a file is read in full before any row is trusted.
#pragma once

#include "domineering/board.h"
#include "domineering/side.h"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace catalogue {

class CheckedTsvReader {
public:
  // kind: the word that opens every message ("catalogue", "journal"); name: the file's name.
  CheckedTsvReader(std::string kind, std::string name) : kind_(std::move(kind)), name_(std::move(name)) {}

  [[noreturn]] void fail(std::size_t line, const std::string& what) const;
  // A decimal integer field, or a refusal naming `what`.
  long long integer(std::string_view field, std::size_t line, const char* what) const;
  // "vertical" (Left) or "horizontal" (Right), or a refusal naming `what`.
  domineering::Side side(std::string_view field, std::size_t line, const char* what) const;
  // Board text, or a refusal with Board::parse's reason.
  domineering::Board board(std::string_view field, std::size_t line) const;

  struct FirstLine {
    std::map<std::string, std::string> fields; // its key=value pairs (the last of a repeated key)
    std::string_view body;                     // every byte after it
  };
  // Refuses an empty text, one that ends inside line 1, a line 1 that does not start with
  // `magic` (saying the file is not `what`, e.g. "a domineering catalogue") and a token of it
  // not of the form key=value.
  FirstLine first_line(std::string_view text, std::string_view magic, std::string_view what) const;
  // Refuses a body whose hash is not the checksum line 1 gives.
  void check_checksum(const FirstLine& first) const;
  // Calls row(line, text) for each row after the header; refuses a missing or wrong header and
  // a last line without its newline. Returns the number of the line after the last.
  std::size_t for_each_row(std::string_view body, std::string_view header,
                           const std::function<void(std::size_t, std::string_view)>& row) const;
  // The row's tab-separated fields.
  static std::vector<std::string_view> split_tabs(std::string_view row);

private:
  std::string kind_;
  std::string name_;
};

} // namespace catalogue
