// write_atomically: the one way files are written in this project. The content goes to a
// temporary file in the same directory, is flushed and fsync'ed, and only then renamed over
// the final name, so a reader (or a crash, or Ctrl-C) sees the old file or the new one, never
// half of one. It lives in cgt/ only because every module that writes files builds on cgt/.
#pragma once

#include <functional>
#include <ostream>
#include <string>

namespace cgt {

// Throws std::runtime_error ("cannot write PATH: reason") on any I/O failure, leaving the
// previous file intact and no temporary behind.
void write_atomically(const std::string& path, const std::function<void(std::ostream&)>& write);

} // namespace cgt
