// AtomicFile and write_atomically: the one way files are written in this project. Content goes
// to a temporary file beside the target ("<target>.tmp-<pid>-<n>", created exclusively), which is
// fsynced, renamed over the target and followed by an fsync of the directory, so a reader (or a
// crash, or SIGKILL) sees the old file or the whole new one, never part of one. The cost is one
// fsync per file, which is why long runs rewrite their files at most about once a second.
#pragma once

#include <filesystem>
#include <functional>
#include <ostream>
#include <string>
#include <string_view>

namespace base {

// A file being written. Nothing appears under the target name until commit(); destroying an
// uncommitted AtomicFile removes its temporary file. Every failure throws std::runtime_error
// "cannot write <target>: <reason>" and leaves the previous file intact.
class AtomicFile {
public:
  explicit AtomicFile(std::filesystem::path target);
  ~AtomicFile();
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;

  void write(std::string_view bytes);
  // Fsyncs, closes, renames onto the target and fsyncs its directory. Call at most once.
  void commit();

  const std::filesystem::path& target() const { return target_; }

private:
  [[noreturn]] void fail(const std::string& why);

  std::filesystem::path target_;
  std::filesystem::path temp_;
  int fd_ = -1;
};

// Writes the file `write` produces through an AtomicFile.
void write_atomically(const std::filesystem::path& target, const std::function<void(std::ostream&)>& write);

} // namespace base
