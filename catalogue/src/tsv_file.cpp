#include "catalogue/tsv_file.h"

#include "base/atomic_file.h"
#include "base/checksum.h"
#include "base/input_error.h"
#include "cgt/notation.h"
#include "cgt/stops.h"

#include <fmt/format.h>

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
  return fmt::format("{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\n", e.shape().text(), int(e.cells), cgt::to_string(e.value),
                     dyadic_text(e.left_stop), dyadic_text(e.right_stop), dyadic_text(e.mean), dyadic_text(e.temperature),
                     cgt::to_string(e.outcome), e.left_moves, e.right_moves);
}

class Reader : public CheckedTsvReader {
public:
  explicit Reader(std::string name) : CheckedTsvReader("catalogue", std::move(name)) {}

  Catalogue read(const std::string& text) {
    const FirstLine first = first_line(text, TSV_MAGIC, "a domineering catalogue");
    const auto field = [&](const char* key) -> long long {
      const auto it = first.fields.find(key);
      return it == first.fields.end() ? -1 : integer(it->second, 1, key);
    };
    const long long version = field("version"), max_cells = field("max_cells"), shapes = field("shapes");
    if (version < 0)
      fail(1, "no version");
    if (version != TSV_VERSION)
      fail(1, fmt::format("unsupported catalogue version {} (this program reads version {})", version, TSV_VERSION));
    if (max_cells < 1 || max_cells > 255)
      fail(1, fmt::format("max_cells {} out of range", max_cells));
    if (shapes < 0)
      fail(1, "no shape count");
    check_checksum(first);

    std::vector<Entry> entries;
    const std::size_t line = for_each_row(
        first.body, TSV_HEADER, [&](std::size_t n, std::string_view row) { entries.push_back(parse_row(row, n, int(max_cells))); });
    if (entries.size() != std::size_t(shapes))
      fail(line, fmt::format("the file holds {} shapes but its first line says {}", entries.size(), shapes));
    try {
      return Catalogue::from_entries(int(max_cells), std::move(entries));
    } catch (const std::logic_error&) {
      fail(1, "the same shape appears on two rows");
    }
  }

  Entry parse_row(std::string_view row, std::size_t line, int max_cells) {
    const std::vector<std::string_view> f = split_tabs(row);
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
      const std::pair<std::string_view, std::string> claims[] = {{f[3], dyadic_text(e.left_stop)},
                                                                 {f[4], dyadic_text(e.right_stop)},
                                                                 {f[5], dyadic_text(e.mean)},
                                                                 {f[6], dyadic_text(e.temperature)},
                                                                 {f[7], std::string(cgt::to_string(e.outcome))},
                                                                 {f[8], std::to_string(e.left_moves)},
                                                                 {f[9], std::to_string(e.right_moves)}};
      static const char* names[] = {"left_stop", "right_stop", "mean", "temperature", "outcome", "left_moves", "right_moves"};
      for (std::size_t i = 0; i < std::size(claims); ++i)
        if (claims[i].first != claims[i].second)
          fail(line, fmt::format("{} says '{}' but the value {} gives '{}'", names[i], excerpt(claims[i].first), excerpt(f[2]),
                                 excerpt(claims[i].second)));
      return e;
    } catch (const base::InputError& err) {
      const std::string what = err.what();
      if (what.rfind("catalogue ", 0) == 0)
        throw;
      fail(line, what);
    }
  }
};

} // namespace

void write_tsv(const Catalogue& c, std::ostream& out) {
  std::string body = std::string(TSV_HEADER) + "\n";
  for (const Entry& e : c.entries())
    body += row_text(e);
  out << fmt::format("{} version={} max_cells={} shapes={} checksum={:016x}\n", TSV_MAGIC, TSV_VERSION, c.max_cells(), c.size(),
                     base::fnv1a64(body));
  out << body;
}

void write_tsv_file(const Catalogue& c, const std::string& path) {
  base::write_atomically(path, [&](std::ostream& out) { write_tsv(c, out); });
}

Catalogue read_tsv(std::istream& in, const std::string& name) {
  std::ostringstream all;
  all << in.rdbuf();
  return Reader(name).read(all.str());
}

Catalogue read_tsv_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in)
    throw base::InputError(fmt::format("cannot open catalogue {}", path));
  return read_tsv(in, path);
}

} // namespace catalogue
