#include "catalogue/tsv_file.h"


#include "cgt/atomic_file.h"
#include "cgt/input_error.h"
#include "cgt/notation.h"
#include "cgt/stops.h"

#include <fmt/format.h>

#include <charconv>
#include <fstream>
#include <sstream>
#include <vector>

namespace catalogue {

namespace {

std::string dyadic_text(cgt::GameId number) { return cgt::number_value(number).to_string(); }

// Field text quoted in an error, cut so that the message stays one readable line.
std::string excerpt(std::string_view text) {
  constexpr std::size_t MAX = 60;
  if (text.size() <= MAX)
    return std::string(text);
  return fmt::format("{}... ({} characters)", text.substr(0, MAX - 3), text.size());
}

std::string row_text(const Entry& e) {
  return fmt::format("{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\n", e.shape().text(), int(e.cells), cgt::to_string(e.value), dyadic_text(e.left_stop),
                     dyadic_text(e.right_stop), dyadic_text(e.mean), dyadic_text(e.temperature), cgt::to_string(e.outcome), e.left_moves,
                     e.right_moves);
}

class Reader {
public:
  explicit Reader(std::string name) : name_(std::move(name)) {}

  [[noreturn]] void fail(std::size_t line, const std::string& what) const {
    throw cgt::InputError(fmt::format("catalogue {} line {}: {}", name_, line, what));
  }

  long long integer(std::string_view field, std::size_t line, const char* what) const {
    long long v = 0;
    const auto [p, ec] = std::from_chars(field.data(), field.data() + field.size(), v);
    if (ec != std::errc() || p != field.data() + field.size())
      fail(line, fmt::format("{} '{}' is not an integer", what, field));
    return v;
  }

  Catalogue read(const std::string& text) {
    const std::size_t first_nl = text.find('\n');
    if (text.empty())
      fail(1, "the file is empty");
    if (first_nl == std::string::npos)
      fail(1, "the file ends inside its first line (truncated?)");
    const std::string_view first(text.data(), first_nl);
    if (first.substr(0, std::string_view(TSV_MAGIC).size()) != TSV_MAGIC)
      fail(1, fmt::format("not a domineering catalogue (expected the line to start with '{}')", TSV_MAGIC));

    long long version = -1, max_cells = -1, shapes = -1;
    std::string checksum;
    std::istringstream fields{std::string(first.substr(std::string_view(TSV_MAGIC).size()))};
    for (std::string token; fields >> token;) {
      const auto eq = token.find('=');
      if (eq == std::string::npos)
        fail(1, fmt::format("unexpected '{}' (expected key=value)", token));
      const std::string key = token.substr(0, eq), value = token.substr(eq + 1);
      if (key == "version")
        version = integer(value, 1, "version");
      else if (key == "max_cells")
        max_cells = integer(value, 1, "max_cells");
      else if (key == "shapes")
        shapes = integer(value, 1, "shapes");
      else if (key == "checksum")
        checksum = value;
    }
    if (version < 0)
      fail(1, "no version");
    if (version != TSV_VERSION)
      fail(1, fmt::format("unsupported catalogue version {} (this program reads version {})", version, TSV_VERSION));
    if (max_cells < 1 || max_cells > 255)
      fail(1, fmt::format("max_cells {} out of range", max_cells));
    if (shapes < 0)
      fail(1, "no shape count");
    const std::string_view body(text.data() + first_nl + 1, text.size() - first_nl - 1);
    const std::string actual = fmt::format("{:016x}", fnv1a64(body));
    if (checksum != actual)
      fail(1, fmt::format("checksum mismatch: the file says '{}' but its body hashes to '{}' (corrupt or truncated file)", checksum, actual));

    std::vector<Entry> entries;
    std::size_t line = 2, pos = 0;
    bool header_seen = false;
    while (pos < body.size()) {
      std::size_t nl = body.find('\n', pos);
      if (nl == std::string_view::npos)
        fail(line, "the last line has no newline (truncated?)");
      const std::string_view row = body.substr(pos, nl - pos);
      pos = nl + 1;
      if (!header_seen) {
        if (row != TSV_HEADER)
          fail(line, fmt::format("unexpected header row (expected: {})", TSV_HEADER));
        header_seen = true;
      } else {
        entries.push_back(parse_row(row, line, int(max_cells)));
      }
      ++line;
    }
    if (!header_seen)
      fail(2, "no header row");
    if (entries.size() != std::size_t(shapes))
      fail(line, fmt::format("the file holds {} shapes but its first line says {}", entries.size(), shapes));
    try {
      return Catalogue::from_entries(int(max_cells), std::move(entries));
    } catch (const std::logic_error&) {
      fail(1, "the same shape appears on two rows");
    }
  }

  Entry parse_row(std::string_view row, std::size_t line, int max_cells) {
    std::vector<std::string_view> f;
    for (std::size_t start = 0;;) {
      const std::size_t tab = row.find('\t', start);
      f.push_back(row.substr(start, tab == std::string_view::npos ? std::string_view::npos : tab - start));
      if (tab == std::string_view::npos)
        break;
      start = tab + 1;
    }
    if (f.size() != 10)
      fail(line, fmt::format("expected 10 tab-separated fields, found {}", f.size()));
    try {
      const domineering::Board board = domineering::Board::parse(f[0]);
      const domineering::Shape shape = domineering::Shape::of(board);
      if (!shape.is_connected())
        fail(line, fmt::format("shape '{}' is not one connected region", f[0]));
      const long long cells = integer(f[1], line, "cells");
      if (cells != shape.cells())
        fail(line, fmt::format("cells says {} but the shape has {}", cells, shape.cells()));
      if (cells > max_cells)
        fail(line, fmt::format("a shape of {} cells in a catalogue of at most {}", cells, max_cells));
      const cgt::GameId value = cgt::parse_game(f[2]);
      const Entry e = Catalogue::describe(shape, value);
      // Every derived column must agree with the value itself.
      const std::pair<std::string_view, std::string> claims[] = {
          {f[3], dyadic_text(e.left_stop)}, {f[4], dyadic_text(e.right_stop)},   {f[5], dyadic_text(e.mean)},
          {f[6], dyadic_text(e.temperature)}, {f[7], std::string(cgt::to_string(e.outcome))}, {f[8], std::to_string(e.left_moves)},
          {f[9], std::to_string(e.right_moves)}};
      static const char* names[] = {"left_stop", "right_stop", "mean", "temperature", "outcome", "left_moves", "right_moves"};
      for (std::size_t i = 0; i < std::size(claims); ++i)
        if (claims[i].first != claims[i].second)
          fail(line, fmt::format("{} says '{}' but the value {} gives '{}'", names[i], excerpt(claims[i].first), excerpt(f[2]),
                                 excerpt(claims[i].second)));
      return e;
    } catch (const cgt::InputError& err) {
      const std::string what = err.what();
      if (what.rfind("catalogue ", 0) == 0)
        throw;
      fail(line, what);
    }
  }

private:
  std::string name_;
};

} // namespace

std::uint64_t fnv1a64(std::string_view bytes, std::uint64_t h) {
  for (unsigned char c : bytes) {
    h ^= c;
    h *= 0x100000001b3ULL;
  }
  return h;
}

void write_tsv(const Catalogue& c, std::ostream& out) {
  std::string body = std::string(TSV_HEADER) + "\n";
  for (const Entry& e : c.entries())
    body += row_text(e);
  out << fmt::format("{} version={} max_cells={} shapes={} checksum={:016x}\n", TSV_MAGIC, TSV_VERSION, c.max_cells(), c.size(), fnv1a64(body));
  out << body;
}

void write_tsv_file(const Catalogue& c, const std::string& path) {
  cgt::write_atomically(path, [&](std::ostream& out) { write_tsv(c, out); });
}

Catalogue read_tsv(std::istream& in, const std::string& name) {
  std::ostringstream all;
  all << in.rdbuf();
  return Reader(name).read(all.str());
}

Catalogue read_tsv_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in)
    throw cgt::InputError(fmt::format("cannot open catalogue {}", path));
  return read_tsv(in, path);
}

} // namespace catalogue
