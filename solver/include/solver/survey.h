// The survey of rectangles: who wins every empty m x n board within limits, for each first
// player, as a table that a survey extends and resumes, and its picture. A board's result for a
// first player is the winner with how it was found (a rule, the table, the journal, a search of
// so many nodes and seconds, the transposed board's result), or unknown when the solve was
// stopped at its time limit. The table is a checked TSV file (catalogue/checked_tsv.h), so a
// survey stopped part way starts again from what it had, and an unknown result is tried again
// only with more time than it had. The picture is an SVG of the outcome classes, board by board,
// as the published tables show them.
#pragma once

#include "solver/domineering_solver.h"

#include "catalogue/catalogue.h"
#include "domineering/board.h"

#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <istream>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace solver {

// File layout (UTF-8 TSV), line by line:
//   line 1   "# domineering-survey version=1 entries=N checksum=H", H = 16 lower-case hex digits
//            of base::fnv1a64 of every byte after line 1
//   line 2   the header row SURVEY_HEADER (tab-separated)
//   lines 3+ one board per row, by rows then columns, no board twice:
//            rows, cols        1 to MAX_LARGE_SOLVE_SIDE
//            vertical_first    the winner when Vertical moves first: vertical, horizontal or unknown
//            horizontal_first  the same when Horizontal moves first
//            outcome           L, R, N or P when both are known, else ?
//            how_vertical_first, how_horizontal_first
//                              search, table, journal, no-moves, a rule's name (packing, plans,
//                              cgt), transpose (the transposed board's result with the other
//                              side first), or unknown
//            nodes_vertical_first, nodes_horizontal_first      nodes searched (0 for transpose)
//            seconds_vertical_first, seconds_horizontal_first  seconds spent, stopped or not
inline constexpr int SURVEY_VERSION = 1;
inline constexpr const char* SURVEY_MAGIC = "# domineering-survey";
inline constexpr const char* SURVEY_HEADER = "rows\tcols\tvertical_first\thorizontal_first\toutcome\thow_vertical_first\t"
                                             "how_horizontal_first\tnodes_vertical_first\tnodes_horizontal_first\t"
                                             "seconds_vertical_first\tseconds_horizontal_first";

// One first player's result on one board.
struct SurveyResult {
  std::optional<domineering::Side> winner; // none: unknown
  std::string how = "unknown";
  std::uint64_t nodes = 0;
  double seconds = 0;
  bool known() const { return winner.has_value(); }
};

struct SurveyRow {
  int rows = 0, cols = 0;
  std::array<SurveyResult, 2> first; // [0] Vertical first, [1] Horizontal first
  // "L", "R", "N" or "P" when both results are known, else "?".
  std::string outcome() const;
};

// The rows in file order (by rows, then columns).
class SurveyTable {
public:
  const std::vector<SurveyRow>& rows() const { return rows_; }
  const SurveyRow* find(int rows, int cols) const;
  // The row of that board, added in order when missing.
  SurveyRow& at(int rows, int cols);

  void write(std::ostream& out) const;
  // Throws base::InputError naming `name` and the line on any problem.
  static SurveyTable read(std::istream& in, const std::string& name);

private:
  std::vector<SurveyRow> rows_;
};

struct SurveyLimits {
  int max_rows = 10, max_cols = 10; // boards from 2 x 2 up to these
  double seconds_per_board = 1;     // for each first player
};

// Fills `table` with every board of at least 2 rows and 2 columns within the limits: first each
// board with Vertical first, then with Horizontal first, which on an m x n board is the n x m
// board with Vertical first, transposed, when the survey holds that board. A result already in
// the table is kept, but an unknown one is tried again when it had less time than the limit
// gives now. Each solve runs with `options` (its interrupt replaced by the survey's own) and is
// stopped after seconds_per_board. after_board(row, done, total) is called whenever a board's
// row changes, so that the caller can save the table. Returns false when *interrupt was set, the
// board being solved then left as it was.
bool run_survey(SurveyTable& table, const catalogue::Catalogue& c, SolveOptions options, const SurveyLimits& limits,
                const std::atomic<bool>* interrupt, const std::function<void(const SurveyRow&, int, int)>& after_board);

// The picture: one cell per board of the table, rows of the board down and columns across, from
// 1 x 1 to max_rows x max_cols, coloured by outcome class (an unknown half shown as such), with
// a legend. The same table gives the same bytes.
std::string survey_svg(const SurveyTable& table, int max_rows, int max_cols);

} // namespace solver
