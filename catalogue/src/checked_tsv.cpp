#include "catalogue/checked_tsv.h"

#include "base/checksum.h"
#include "base/input_error.h"

#include <fmt/format.h>

#include <charconv>
#include <sstream>

namespace catalogue {

void CheckedTsvReader::fail(std::size_t line, const std::string& what) const {
  throw base::InputError(fmt::format("{} {} line {}: {}", kind_, name_, line, what));
}

long long CheckedTsvReader::integer(std::string_view field, std::size_t line, const char* what) const {
  long long v = 0;
  const auto [p, ec] = std::from_chars(field.data(), field.data() + field.size(), v);
  if (ec != std::errc() || p != field.data() + field.size())
    fail(line, fmt::format("{} '{}' is not an integer", what, field));
  return v;
}

domineering::Side CheckedTsvReader::side(std::string_view field, std::size_t line, const char* what) const {
  if (field == domineering::orientation_name(domineering::Side::Left))
    return domineering::Side::Left;
  if (field == domineering::orientation_name(domineering::Side::Right))
    return domineering::Side::Right;
  fail(line, fmt::format("{} '{}' is neither vertical nor horizontal", what, field));
}

domineering::Board CheckedTsvReader::board(std::string_view field, std::size_t line) const {
  try {
    return domineering::Board::parse(field);
  } catch (const base::InputError& e) {
    fail(line, e.what());
  }
}

CheckedTsvReader::FirstLine CheckedTsvReader::first_line(std::string_view text, std::string_view magic, std::string_view what) const {
  if (text.empty())
    fail(1, "the file is empty");
  const std::size_t first_nl = text.find('\n');
  if (first_nl == std::string_view::npos)
    fail(1, "the file ends inside its first line (truncated?)");
  const std::string_view first = text.substr(0, first_nl);
  if (first.substr(0, magic.size()) != magic)
    fail(1, fmt::format("not {} (expected the line to start with '{}')", what, magic));
  FirstLine r;
  std::istringstream tokens{std::string(first.substr(magic.size()))};
  for (std::string token; tokens >> token;) {
    const auto eq = token.find('=');
    if (eq == std::string::npos)
      fail(1, fmt::format("unexpected '{}' (expected key=value)", token));
    r.fields.insert_or_assign(token.substr(0, eq), token.substr(eq + 1));
  }
  r.body = text.substr(first_nl + 1);
  return r;
}

void CheckedTsvReader::check_checksum(const FirstLine& first) const {
  const auto it = first.fields.find("checksum");
  const std::string claimed = it == first.fields.end() ? std::string() : it->second;
  const std::string actual = fmt::format("{:016x}", base::fnv1a64(first.body));
  if (claimed != actual)
    fail(1, fmt::format("checksum mismatch: the file says '{}' but its body hashes to '{}' (corrupt or truncated file)", claimed, actual));
}

std::size_t CheckedTsvReader::for_each_row(std::string_view body, std::string_view header,
                                           const std::function<void(std::size_t, std::string_view)>& row) const {
  std::size_t line = 2, pos = 0;
  bool header_seen = false;
  while (pos < body.size()) {
    const std::size_t nl = body.find('\n', pos);
    if (nl == std::string_view::npos)
      fail(line, "the last line has no newline (truncated?)");
    const std::string_view text = body.substr(pos, nl - pos);
    pos = nl + 1;
    if (!header_seen) {
      if (text != header)
        fail(line, fmt::format("unexpected header row (expected: {})", header));
      header_seen = true;
    } else {
      row(line, text);
    }
    ++line;
  }
  if (!header_seen)
    fail(2, "no header row");
  return line;
}

std::vector<std::string_view> CheckedTsvReader::split_tabs(std::string_view row) {
  std::vector<std::string_view> f;
  for (std::size_t start = 0;;) {
    const std::size_t tab = row.find('\t', start);
    f.push_back(row.substr(start, tab == std::string_view::npos ? std::string_view::npos : tab - start));
    if (tab == std::string_view::npos)
      return f;
    start = tab + 1;
  }
}

} // namespace catalogue
