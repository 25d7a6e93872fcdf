#include "base/atomic_file.h"

#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <stdexcept>
#include <streambuf>
#include <thread>
#include <unistd.h>
#include <vector>

namespace base {

namespace {

// A streambuf that hands its buffer to an AtomicFile whenever it fills.
class AtomicFileBuf : public std::streambuf {
public:
  explicit AtomicFileBuf(AtomicFile& file) : file_(file), buffer_(BUFFER_BYTES) { setp(buffer_.data(), buffer_.data() + buffer_.size()); }

protected:
  int_type overflow(int_type ch) override {
    drain();
    if (!traits_type::eq_int_type(ch, traits_type::eof())) {
      *pptr() = traits_type::to_char_type(ch);
      pbump(1);
    }
    return traits_type::not_eof(ch);
  }
  int sync() override {
    drain();
    return 0;
  }

private:
  static constexpr std::size_t BUFFER_BYTES = std::size_t(1) << 16;

  void drain() {
    file_.write(std::string_view(pbase(), std::size_t(pptr() - pbase())));
    setp(buffer_.data(), buffer_.data() + buffer_.size());
  }

  AtomicFile& file_;
  std::vector<char> buffer_;
};

void fsync_directory(const std::filesystem::path& dir) {
  const int fd = ::open(dir.empty() ? "." : dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0)
    return; // some file systems do not let a directory be opened; the rename is atomic anyway
  ::fsync(fd);
  ::close(fd);
}

} // namespace

AtomicFile::AtomicFile(std::filesystem::path target) : target_(std::move(target)) {
  static std::atomic<unsigned> counter{0};
  temp_ = target_;
  temp_ += ".tmp-" + std::to_string(::getpid()) + "-" + std::to_string(counter++);
  fd_ = ::open(temp_.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
  if (fd_ < 0)
    fail(std::strerror(errno));
}

AtomicFile::~AtomicFile() {
  if (fd_ >= 0) {
    ::close(fd_);
    ::unlink(temp_.c_str());
  }
}

void AtomicFile::fail(const std::string& why) {
  if (fd_ >= 0) {
    ::close(fd_);
    fd_ = -1;
    ::unlink(temp_.c_str());
  }
  throw std::runtime_error("cannot write " + target_.string() + ": " + why);
}

void AtomicFile::write(std::string_view bytes) {
  if (fd_ < 0)
    throw std::logic_error("AtomicFile::write after commit");
  while (!bytes.empty()) {
    const ssize_t n = ::write(fd_, bytes.data(), bytes.size());
    if (n < 0) {
      if (errno == EINTR)
        continue;
      fail(std::strerror(errno));
    }
    bytes.remove_prefix(std::size_t(n));
  }
}

void AtomicFile::commit() {
  if (fd_ < 0)
    throw std::logic_error("AtomicFile::commit called twice");
  if (::fsync(fd_) != 0)
    fail(std::strerror(errno));
  const int fd = fd_;
  fd_ = -1;
  if (::close(fd) != 0) {
    const std::string why = std::strerror(errno);
    ::unlink(temp_.c_str());
    throw std::runtime_error("cannot write " + target_.string() + ": " + why);
  }
  // Fault injection for the interrupted-write test: hold the finished temporary file back from
  // its final name for this many milliseconds, so that the test can kill the process in between.
  if (const char* pause = std::getenv("DOMINEERING_TEST_PAUSE_BEFORE_RENAME_MS"))
    std::this_thread::sleep_for(std::chrono::milliseconds(std::atol(pause)));
  if (::rename(temp_.c_str(), target_.c_str()) != 0) {
    const std::string why = std::strerror(errno);
    ::unlink(temp_.c_str());
    throw std::runtime_error("cannot write " + target_.string() + ": " + why);
  }
  fsync_directory(target_.parent_path());
}

void write_atomically(const std::filesystem::path& target, const std::function<void(std::ostream&)>& write) {
  AtomicFile file(target);
  {
    AtomicFileBuf buf(file);
    std::ostream out(&buf);
    out.exceptions(std::ios::badbit);
    write(out);
    out.flush();
  }
  file.commit();
}

} // namespace base
