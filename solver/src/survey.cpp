#include "solver/survey.h"

#include "solver/domineering_position.h"

#include "catalogue/checked_tsv.h"

#include "base/checksum.h"
#include "base/input_error.h"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <iterator>
#include <sstream>

namespace solver {

namespace {

using domineering::Side;

const char* winner_word(const SurveyResult& r) { return !r.winner ? "unknown" : *r.winner == Side::Left ? "vertical" : "horizontal"; }

class Reader : public catalogue::CheckedTsvReader {
public:
  explicit Reader(std::string name) : CheckedTsvReader("survey", std::move(name)) {}

  SurveyTable read(const std::string& text) {
    const FirstLine first = first_line(text, SURVEY_MAGIC, "a survey table");
    const auto field = [&](const char* key) -> long long {
      const auto it = first.fields.find(key);
      return it == first.fields.end() ? -1 : integer(it->second, 1, key);
    };
    const long long version = field("version"), count = field("entries");
    if (version < 0)
      fail(1, "no version");
    if (version != SURVEY_VERSION)
      fail(1, fmt::format("unsupported survey version {} (this program reads version {})", version, SURVEY_VERSION));
    if (count < 0)
      fail(1, "no entry count");
    check_checksum(first);
    SurveyTable table;
    std::size_t rows = 0;
    const std::size_t line = for_each_row(first.body, SURVEY_HEADER, [&](std::size_t n, std::string_view row) {
      const std::vector<std::string_view> f = split_tabs(row);
      if (f.size() != 11)
        fail(n, fmt::format("expected 11 tab-separated fields, found {}", f.size()));
      const long long r = integer(f[0], n, "rows"), c = integer(f[1], n, "cols");
      if (r < 1 || r > MAX_LARGE_SOLVE_SIDE || c < 1 || c > MAX_LARGE_SOLVE_SIDE)
        fail(n, fmt::format("board {}x{} out of range (1x1 to {}x{})", r, c, MAX_LARGE_SOLVE_SIDE, MAX_LARGE_SOLVE_SIDE));
      if (table.find(int(r), int(c)) != nullptr)
        fail(n, fmt::format("board {}x{} again", r, c));
      SurveyRow& out = table.at(int(r), int(c));
      for (int i = 0; i < 2; ++i) {
        SurveyResult& res = out.first[std::size_t(i)];
        res.winner = winner(f[std::size_t(2 + i)], n);
        res.how = std::string(f[std::size_t(5 + i)]);
        if (res.how.empty() || res.how.find_first_of(" \t") != std::string::npos)
          fail(n, fmt::format("how '{}' is not one word", res.how));
        if ((res.how == "unknown") == res.known())
          fail(n, "a result is unknown exactly when how it was decided is 'unknown'");
        const long long nodes = integer(f[std::size_t(7 + i)], n, "nodes");
        if (nodes < 0)
          fail(n, fmt::format("nodes {} is negative", nodes));
        res.nodes = std::uint64_t(nodes);
        const std::string_view s = f[std::size_t(9 + i)];
        const auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), res.seconds);
        if (ec != std::errc() || p != s.data() + s.size() || !(res.seconds >= 0))
          fail(n, fmt::format("seconds '{}' is not a number of seconds", s));
      }
      if (out.outcome() != f[4])
        fail(n, fmt::format("outcome '{}' does not follow from the winners (expected '{}')", f[4], out.outcome()));
      ++rows;
    });
    if (rows != std::size_t(count))
      fail(line, fmt::format("the file holds {} entries but its first line says {}", rows, count));
    return table;
  }

private:
  std::optional<Side> winner(std::string_view field, std::size_t line) const {
    if (field == "vertical")
      return Side::Left;
    if (field == "horizontal")
      return Side::Right;
    if (field != "unknown")
      fail(line, fmt::format("winner '{}' is none of vertical, horizontal, unknown", field));
    return std::nullopt;
  }
};

} // namespace

std::string SurveyRow::outcome() const {
  if (!first[0].known() || !first[1].known())
    return "?";
  const bool v = *first[0].winner == Side::Left, h = *first[1].winner == Side::Right;
  return v && h ? "N" : !v && !h ? "P" : v ? "L" : "R";
}

const SurveyRow* SurveyTable::find(int rows, int cols) const {
  const auto it = std::ranges::find_if(rows_, [&](const SurveyRow& r) { return r.rows == rows && r.cols == cols; });
  return it == rows_.end() ? nullptr : &*it;
}

SurveyRow& SurveyTable::at(int rows, int cols) {
  const auto it = std::ranges::lower_bound(rows_, std::pair{rows, cols}, {}, [](const SurveyRow& r) { return std::pair{r.rows, r.cols}; });
  if (it != rows_.end() && it->rows == rows && it->cols == cols)
    return *it;
  SurveyRow fresh;
  fresh.rows = rows;
  fresh.cols = cols;
  return *rows_.insert(it, fresh);
}

void SurveyTable::write(std::ostream& out) const {
  std::string body = std::string(SURVEY_HEADER) + "\n";
  for (const SurveyRow& r : rows_)
    body += fmt::format("{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{:.3f}\t{:.3f}\n", r.rows, r.cols, winner_word(r.first[0]),
                        winner_word(r.first[1]), r.outcome(), r.first[0].how, r.first[1].how, r.first[0].nodes, r.first[1].nodes,
                        r.first[0].seconds, r.first[1].seconds);
  out << fmt::format("{} version={} entries={} checksum={:016x}\n", SURVEY_MAGIC, SURVEY_VERSION, rows_.size(), base::fnv1a64(body));
  out << body;
}

SurveyTable SurveyTable::read(std::istream& in, const std::string& name) {
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (in.bad())
    throw base::InputError(fmt::format("cannot read survey {}", name));
  return Reader(name).read(text);
}

std::string survey_svg(const SurveyTable& table, int max_rows, int max_cols) {
  // Geometry: a cell per board, boards of 2 to max rows down and of 2 to max columns across.
  constexpr int CELL = 22, LEFT = 44, TOP = 58, LEGEND = 96;
  const int n_rows = std::max(1, max_rows - 1), n_cols = std::max(1, max_cols - 1);
  const int width = std::max(LEFT + n_cols * CELL + 16, 600), height = TOP + n_rows * CELL + LEGEND;
  // Outcome classes as the published tables name them, with the winner for the side to move.
  const auto fill = [](const std::string& outcome) {
    return outcome == "L" ? "#4c72b0" : outcome == "R" ? "#dd8452" : outcome == "N" ? "#55a868" : outcome == "P" ? "#c44e52" : "#dddddd";
  };
  const auto half = [](const SurveyResult& r) { return !r.known() ? "#dddddd" : *r.winner == Side::Left ? "#a9bedf" : "#f0c4a5"; };
  int known = 0, counts[4] = {0, 0, 0, 0};
  std::string cells;
  for (const SurveyRow& r : table.rows()) {
    if (r.rows < 2 || r.cols < 2 || r.rows > max_rows || r.cols > max_cols)
      continue;
    const int x = LEFT + (r.cols - 2) * CELL, y = TOP + (r.rows - 2) * CELL;
    const std::string o = r.outcome();
    if (o != "?") {
      ++known;
      ++counts[o == "L" ? 0 : o == "R" ? 1 : o == "N" ? 2 : 3];
      cells += fmt::format(R"(<rect x="{}" y="{}" width="{}" height="{}" fill="{}"/>)"
                           "\n",
                           x, y, CELL, CELL, fill(o));
      cells += fmt::format(R"(<text x="{}" y="{}" class="c">{}</text>)"
                           "\n",
                           x + CELL / 2, y + CELL / 2 + 4, o);
    } else {
      // One first player known at most: the upper-left half is Vertical first, the lower-right
      // Horizontal first, light blue where Vertical wins and light orange where Horizontal does.
      cells += fmt::format(R"(<polygon points="{},{} {},{} {},{}" fill="{}"/>)"
                           "\n",
                           x, y, x + CELL, y, x, y + CELL, half(r.first[0]));
      cells += fmt::format(R"(<polygon points="{},{} {},{} {},{}" fill="{}"/>)"
                           "\n",
                           x + CELL, y, x + CELL, y + CELL, x, y + CELL, half(r.first[1]));
      cells += fmt::format(R"(<text x="{}" y="{}" class="c">?</text>)"
                           "\n",
                           x + CELL / 2, y + CELL / 2 + 4);
    }
  }
  std::string svg = fmt::format(R"(<svg xmlns="http://www.w3.org/2000/svg" width="{}" height="{}" viewBox="0 0 {} {}">)"
                                "\n",
                                width, height, width, height);
  svg += fmt::format("<title>Domineering rectangles 2x2 to {}x{}: outcome classes, {} of {} known</title>\n", max_rows, max_cols, known,
                     n_rows * n_cols);
  svg += "<style>text{font-family:sans-serif;font-size:11px;fill:#222}.c{text-anchor:middle}.h{font-size:13px}</style>\n";
  svg += R"(<rect width="100%" height="100%" fill="#ffffff"/>)"
         "\n";
  svg += fmt::format(R"(<text x="{}" y="18" class="h">Domineering, who wins: rows down, columns across (Vertical = Left)</text>)"
                     "\n",
                     LEFT);
  for (int c = 2; c <= max_cols; ++c)
    svg += fmt::format(R"(<text x="{}" y="{}" class="c">{}</text>)"
                       "\n",
                       LEFT + (c - 2) * CELL + CELL / 2, TOP - 8, c);
  for (int r = 2; r <= max_rows; ++r)
    svg += fmt::format(R"(<text x="{}" y="{}" class="c">{}</text>)"
                       "\n",
                       LEFT - 14, TOP + (r - 2) * CELL + CELL / 2 + 4, r);
  svg += cells;
  // Grid lines over the cells.
  for (int c = 0; c <= n_cols; ++c)
    svg += fmt::format(R"(<line x1="{}" y1="{}" x2="{}" y2="{}" stroke="#ffffff"/>)"
                       "\n",
                       LEFT + c * CELL, TOP, LEFT + c * CELL, TOP + n_rows * CELL);
  for (int r = 0; r <= n_rows; ++r)
    svg += fmt::format(R"(<line x1="{}" y1="{}" x2="{}" y2="{}" stroke="#ffffff"/>)"
                       "\n",
                       LEFT, TOP + r * CELL, LEFT + n_cols * CELL, TOP + r * CELL);
  // The legend.
  const int ly = TOP + n_rows * CELL + 18;
  const std::pair<const char*, const char*> entries[] = {{"L", "L: Vertical wins whoever starts"},
                                                         {"R", "R: Horizontal wins whoever starts"},
                                                         {"N", "N: the first player wins"},
                                                         {"P", "P: the second player wins"}};
  for (int i = 0; i < 4; ++i) {
    const int lx = LEFT + (i % 2) * 230, yy = ly + (i / 2) * 20;
    svg += fmt::format(R"(<rect x="{}" y="{}" width="14" height="14" fill="{}"/><text x="{}" y="{}">{} ({})</text>)"
                       "\n",
                       lx, yy, fill(entries[i].first), lx + 20, yy + 11, entries[i].second, counts[i]);
  }
  svg += fmt::format(
      R"(<text x="{}" y="{}">?: not known (a half coloured: that first player's winner, light blue Vertical, light orange Horizontal)</text>)"
      "\n",
      LEFT, ly + 52);
  svg += "</svg>\n";
  return svg;
}

bool run_survey(SurveyTable& table, const catalogue::Catalogue& c, SolveOptions options, const SurveyLimits& limits,
                const std::atomic<bool>* interrupt, const std::function<void(const SurveyRow&, int, int)>& after_board) {
  std::atomic<bool> stop{false};
  options.interrupt = &stop;
  DomineeringSolver solver(c, options);
  const int total = 2 * std::max(0, limits.max_rows - 1) * std::max(0, limits.max_cols - 1);
  int done = 0;
  // Every row first, so that no reference into the table moves while the survey runs.
  for (int rows = 2; rows <= limits.max_rows; ++rows)
    for (int cols = 2; cols <= limits.max_cols; ++cols)
      table.at(rows, cols);
  // A result to (re)compute: missing, or unknown after less time than the limit now gives.
  const auto wanted = [&](const SurveyResult& r) { return !r.known() && r.seconds * 1.05 < limits.seconds_per_board; };
  const auto in_range = [&](int rows, int cols) { return rows >= 2 && cols >= 2 && rows <= limits.max_rows && cols <= limits.max_cols; };
  for (const Side first : {Side::Left, Side::Right})
    for (int rows = 2; rows <= limits.max_rows; ++rows)
      for (int cols = 2; cols <= limits.max_cols; ++cols) {
        if (interrupt != nullptr && interrupt->load())
          return false;
        ++done;
        SurveyRow& row = table.at(rows, cols);
        SurveyResult& result = row.first[first == Side::Left ? 0 : 1];
        if (first == Side::Right && in_range(cols, rows)) {
          // Horizontal first on rows x cols is Vertical first on cols x rows, transposed.
          const SurveyResult& t = table.at(cols, rows).first[0];
          if (result.how != "transpose" || result.winner != (t.winner ? std::optional(domineering::opponent(*t.winner)) : std::nullopt)) {
            SurveyResult derived;
            if (t.known()) {
              derived.winner = domineering::opponent(*t.winner);
              derived.how = "transpose";
            } else {
              derived.seconds = t.seconds;
            }
            result = derived;
            after_board(row, done, total);
          }
          continue;
        }
        if (!wanted(result))
          continue;
        stop.store(false);
        const SolveResult r = solver.solve(
            domineering::Board(rows, cols), first,
            [&](const SolveProgress& p) {
              if (p.seconds >= limits.seconds_per_board || (interrupt != nullptr && interrupt->load()))
                stop.store(true);
            },
            std::min(0.05, limits.seconds_per_board / 10));
        if (r.interrupted && interrupt != nullptr && interrupt->load())
          return false;
        SurveyResult fresh;
        fresh.nodes = r.stats.nodes;
        fresh.seconds = r.stats.seconds;
        if (!r.interrupted) {
          fresh.winner = r.first_player_wins ? first : domineering::opponent(first);
          fresh.how = r.decided_by;
        }
        result = fresh;
        after_board(row, done, total);
      }
  return true;
}

} // namespace solver
