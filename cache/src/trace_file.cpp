#include "cache/trace_file.h"

#include <atomic>
#include <cerrno>
#include <charconv>
#include <fcntl.h>
#include <fstream>
#include <iterator>
#include <system_error>
#include <unistd.h>

namespace cache {

namespace {

// Keys are buffered and written in blocks of about this many bytes.
constexpr std::size_t WRITE_BLOCK = 1 << 16;
// A malformed line is quoted up to this many characters.
constexpr std::size_t QUOTE_LIMIT = 40;

[[noreturn]] void throw_errno(const std::string& what, const std::filesystem::path& path) {
  throw std::system_error(errno, std::generic_category(), what + " " + path.string());
}

std::string quoted(std::string_view line) {
  std::string out = "\"";
  for (std::size_t i = 0; i < line.size() && i < QUOTE_LIMIT; ++i) {
    const unsigned char ch = static_cast<unsigned char>(line[i]);
    out += (ch < 0x20 || ch >= 0x7f) ? '?' : char(ch);
  }
  if (line.size() > QUOTE_LIMIT)
    out += "...";
  return out + "\"";
}

void fsync_directory(const std::filesystem::path& dir) {
  const int fd = ::open(dir.empty() ? "." : dir.c_str(), O_RDONLY | O_DIRECTORY);
  if (fd < 0)
    return; // some file systems do not let a directory be opened; the rename is still atomic
  ::fsync(fd);
  ::close(fd);
}

} // namespace

TraceWriter::TraceWriter(std::filesystem::path path) : path_(std::move(path)) {
  static std::atomic<unsigned> counter{0};
  const std::filesystem::path dir = path_.parent_path();
  // ".<name>.tmp.<pid>.<n>": hidden, unique per process and writer.
  std::string name(1, '.');
  name += path_.filename().string();
  name += ".tmp.";
  name += std::to_string(::getpid());
  name += '.';
  name += std::to_string(counter++);
  temp_ = dir / name;
  fd_ = ::open(temp_.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
  if (fd_ < 0)
    throw_errno("cannot create temporary trace file", temp_);
  buffer_.reserve(WRITE_BLOCK + 32);
}

TraceWriter::~TraceWriter() {
  if (fd_ >= 0) {
    ::close(fd_);
    ::unlink(temp_.c_str());
  }
}

void TraceWriter::add(Key key) {
  char digits[24];
  const auto end = std::to_chars(digits, digits + sizeof digits, key).ptr;
  buffer_.append(digits, end);
  buffer_ += '\n';
  if (buffer_.size() >= WRITE_BLOCK)
    flush();
}

void TraceWriter::flush() {
  std::size_t done = 0;
  while (done < buffer_.size()) {
    const ssize_t n = ::write(fd_, buffer_.data() + done, buffer_.size() - done);
    if (n < 0) {
      if (errno == EINTR)
        continue;
      throw_errno("cannot write trace file", temp_);
    }
    done += std::size_t(n);
  }
  buffer_.clear();
}

void TraceWriter::commit() {
  if (fd_ < 0)
    throw std::logic_error("trace writer: commit() called twice");
  flush();
  if (::fsync(fd_) != 0)
    throw_errno("cannot sync trace file", temp_);
  if (::close(fd_) != 0) {
    fd_ = -1;
    ::unlink(temp_.c_str());
    throw_errno("cannot close trace file", temp_);
  }
  fd_ = -1;
  if (::rename(temp_.c_str(), path_.c_str()) != 0) {
    const int saved = errno;
    ::unlink(temp_.c_str());
    errno = saved;
    throw_errno("cannot rename trace file onto", path_);
  }
  fsync_directory(path_.parent_path());
}

void write_trace(const std::filesystem::path& path, std::span<const Key> keys) {
  TraceWriter writer(path);
  for (const Key k : keys)
    writer.add(k);
  writer.commit();
}

std::vector<Key> parse_trace(std::string_view text, std::string_view name) {
  std::vector<Key> keys;
  keys.reserve(text.size() / 4);
  std::size_t line_number = 0;
  while (!text.empty()) {
    ++line_number;
    const std::size_t eol = text.find('\n');
    std::string_view line = text.substr(0, eol);
    text.remove_prefix(eol == std::string_view::npos ? text.size() : eol + 1);
    if (!line.empty() && line.back() == '\r')
      line.remove_suffix(1);
    Key key = 0;
    const auto [end, error] = std::from_chars(line.data(), line.data() + line.size(), key);
    const bool digits_only = !line.empty() && line.front() >= '0' && line.front() <= '9';
    if (!digits_only || error != std::errc() || end != line.data() + line.size())
      throw TraceError("line " + std::to_string(line_number) + " of " + std::string(name) +
                       ": expected a decimal key from 0 to 18446744073709551615, got " +
                       (line.empty() ? std::string("an empty line") : quoted(line)));
    keys.push_back(key);
  }
  return keys;
}

std::vector<Key> read_trace(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in)
    throw TraceError("cannot open trace file " + path.string());
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (in.bad())
    throw std::system_error(errno, std::generic_category(), "cannot read trace file " + path.string());
  return parse_trace(text, path.string());
}

} // namespace cache
