#include "cgt/atomic_file.h"

#include <fmt/format.h>

#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <thread>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <random>
#include <stdexcept>
#include <unistd.h>

namespace cgt {

namespace {

[[noreturn]] void fail(const std::string& path, const std::string& why) {
  throw std::runtime_error(fmt::format("cannot write {}: {}", path, why));
}

} // namespace

void write_atomically(const std::string& path, const std::function<void(std::ostream&)>& write) {
  std::random_device rd;
  const std::string tmp = fmt::format("{}.tmp-{}-{:08x}", path, ::getpid(), rd());
  try {
    {
      std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
      if (!out)
        fail(path, std::strerror(errno));
      write(out);
      out.flush();
      if (!out)
        fail(path, "write failed (disk full?)");
    }
    const int fd = ::open(tmp.c_str(), O_RDONLY);
    if (fd < 0 || ::fsync(fd) != 0) {
      const std::string why = std::strerror(errno);
      if (fd >= 0)
        ::close(fd);
      fail(path, why);
    }
    ::close(fd);
    // Fault injection for the interrupted-write test: hold the finished temporary file back from
    // its final name for this many milliseconds, so the test can kill the process in between.
    if (const char* pause = std::getenv("DOMINEERING_TEST_PAUSE_BEFORE_RENAME_MS"))
      std::this_thread::sleep_for(std::chrono::milliseconds(std::atol(pause)));
    if (std::rename(tmp.c_str(), path.c_str()) != 0)
      fail(path, std::strerror(errno));
  } catch (...) {
    std::remove(tmp.c_str());
    throw;
  }
}

} // namespace cgt
