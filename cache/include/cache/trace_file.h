// The lookup-trace file: the keys a cache was asked for, in order, as plain text any other cache
// simulator can replay. Writing is atomic (base::AtomicFile), so a reader sees the old file or
// the whole new one, never a torn one. Reading loads the file whole and refuses the first
// malformed line with a base::InputError naming its line number. The price of text: up to 21
// bytes a lookup on disk, against 8 in binary.
#pragma once

#include "cache/key.h"

#include "base/atomic_file.h"

#include <filesystem>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

// Format, field by field:
//   line i (from 1)  the key of lookup i: ASCII digits only, a decimal number from 0 to
//                    18446744073709551615 (2^64 - 1). No sign, no spaces, no comments; leading
//                    zeros are accepted on reading and never written.
//   line end         '\n'. A '\r' before it is accepted on reading (files edited on Windows);
//                    the last line's '\n' may be missing. An empty line is an error.
//   header           none. An empty file is a trace of zero lookups.

namespace cache {

// Streams keys to `path` atomically: nothing appears at `path` until commit(). Destroying an
// uncommitted writer removes the temporary file and leaves `path` untouched.
class TraceWriter {
public:
  // Creates the temporary file next to `path` (base::AtomicFile); throws std::runtime_error.
  explicit TraceWriter(const std::filesystem::path& path);

  void add(Key key);
  // Writes what is buffered and moves the file into place; throws std::runtime_error.
  void commit();

private:
  base::AtomicFile file_;
  std::string buffer_;
};

// Writes a whole trace atomically (as TraceWriter).
void write_trace(const std::filesystem::path& path, std::span<const Key> keys);

// Reads a trace file; throws base::InputError if it cannot be opened or a line is malformed.
std::vector<Key> read_trace(const std::filesystem::path& path);

// Parses trace text; `name` is the file name used in error messages.
std::vector<Key> parse_trace(std::string_view text, std::string_view name);

} // namespace cache
