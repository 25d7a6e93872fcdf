#include "cache/trace_file.h"

#include "base/input_error.h"

#include <cerrno>
#include <charconv>
#include <fstream>
#include <iterator>
#include <system_error>

namespace cache {

namespace {

// Keys are buffered and written in blocks of about this many bytes.
constexpr std::size_t WRITE_BLOCK = 1 << 16;
// A malformed line is quoted up to this many characters.
constexpr std::size_t QUOTE_LIMIT = 40;

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

} // namespace

TraceWriter::TraceWriter(const std::filesystem::path& path) : file_(path) { buffer_.reserve(WRITE_BLOCK + 32); }

void TraceWriter::add(Key key) {
  char digits[24];
  const auto end = std::to_chars(digits, digits + sizeof digits, key).ptr;
  buffer_.append(digits, end);
  buffer_ += '\n';
  if (buffer_.size() >= WRITE_BLOCK) {
    file_.write(buffer_);
    buffer_.clear();
  }
}

void TraceWriter::commit() {
  file_.write(buffer_);
  buffer_.clear();
  file_.commit();
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
      throw base::InputError("line " + std::to_string(line_number) + " of " + std::string(name) +
                             ": expected a decimal key from 0 to 18446744073709551615, got " +
                             (line.empty() ? std::string("an empty line") : quoted(line)));
    keys.push_back(key);
  }
  return keys;
}

std::vector<Key> read_trace(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in)
    throw base::InputError("cannot open trace file " + path.string());
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (in.bad())
    throw std::system_error(errno, std::generic_category(), "cannot read trace file " + path.string());
  return parse_trace(text, path.string());
}

} // namespace cache
