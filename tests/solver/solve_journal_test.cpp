#include "solver/solve_journal.h"

#include "solver/domineering_solver.h"

#include "base/checksum.h"
#include "base/input_error.h"
#include "catalogue/catalogue.h"
#include "catalogue/checked_tsv.h"

#include "../domineering/random_boards.h"

#include <catch2/catch.hpp>
#include <fmt/format.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <unistd.h>

using domineering::Board;
using domineering::Move;
using domineering::Side;
using solver::DomineeringSolver;
using solver::JournalEntry;
using solver::SolveJournal;
using solver::SolveOptions;

namespace {

const catalogue::Catalogue& eight() {
  static const catalogue::Catalogue c = catalogue::Catalogue::build(8);
  return c;
}

SolveOptions options(int threads, SolveJournal* journal) {
  SolveOptions o;
  o.threads = threads;
  o.table_mib = 16;
  o.journal = journal;
  o.journal_min_seconds = 0; // every position the driver proves, so that the tests see them all
  return o;
}

// A journal file of its own, removed at the end of the test.
struct TempJournal {
  std::string path;
  explicit TempJournal(const char* name)
      : path((std::filesystem::temp_directory_path() / fmt::format("{}-{}.tsv", name, ::getpid())).string()) {
    std::filesystem::remove(path);
  }
  ~TempJournal() { std::filesystem::remove(path); }
};

// A journal's text with a correct first line for `body` (the header row and the rows).
std::string with_first_line(const std::string& body, std::size_t entries) {
  return fmt::format("{} version=1 entries={} checksum={:016x}\n{}", solver::JOURNAL_MAGIC, entries, base::fnv1a64(body), body);
}

std::string read_error(const std::string& text) {
  std::istringstream in(text);
  try {
    solver::read_journal(in, "j.tsv");
  } catch (const base::InputError& e) {
    return e.what();
  }
  return "";
}

// Image i of a board: columns mirrored if bit 0, rows if bit 1, transposed if i >= 4 (square
// boards), the journal's order. Moves are not mapped here: the test plays them and compares
// the boards, so the journal's mapping of moves is checked against boards alone.
Board image(const Board& b, int i) {
  Board x = b;
  if (i & 1)
    x = x.reflected_horizontally();
  if (i & 2)
    x = x.reflected_vertically();
  if (i >= 4)
    x = x.transposed();
  return x;
}

} // namespace

TEST_CASE("a journal is written and read back", "[solver]") {
  const std::vector<JournalEntry> entries = {
      solver::least_image(Board::parse("..../..../#..."), Side::Left, true, Move{0, 1, Side::Left}, 1.5),
      solver::least_image(Board(3, 3), Side::Right, false, std::nullopt, 0.25),
      solver::least_image(Board::parse("...../.#..."), Side::Right, true, std::nullopt, 12),
  };
  std::ostringstream out;
  solver::write_journal(entries, out);
  std::istringstream in(out.str());
  const std::vector<JournalEntry> back = solver::read_journal(in, "j.tsv");
  REQUIRE(back.size() == entries.size());
  for (std::size_t i = 0; i < back.size(); ++i) {
    CAPTURE(i);
    CHECK(back[i].board == entries[i].board);
    CHECK(back[i].to_move == entries[i].to_move);
    CHECK(back[i].to_move_wins == entries[i].to_move_wins);
    CHECK(back[i].move == entries[i].move);
    CHECK(back[i].seconds == Approx(entries[i].seconds));
  }
}

TEST_CASE("a journal that fails its checks is refused, naming the line", "[solver]") {
  const std::string header = std::string(solver::JOURNAL_HEADER) + "\n";
  const std::string good = header + "../..\tvertical\tvertical\tV 0,0\t1.000\n";
  // file text, fragment of the message
  static const std::vector<std::pair<std::string, std::string>> rows = {
      {"", "line 1: the file is empty"},
      {"# domineering-journal version=1", "ends inside its first line"},
      {"# something else\n", "not a solve journal"},
      {"# domineering-journal version=2 entries=0 checksum=0\n", "unsupported journal version 2"},
      {"# domineering-journal version=1 checksum=0\n", "no entry count"},
      {with_first_line(good, 1).substr(0, with_first_line(good, 1).size() - 3), "checksum mismatch"},
      {with_first_line(good, 2), "holds 1 entries but its first line says 2"},
      {with_first_line("board\tside\n", 0), "line 2: unexpected header row"},
      {with_first_line(header + "..../..\tvertical\tvertical\t-\t1\n", 1), "line 3: ragged rows"},
      {with_first_line(header + "....\tdiagonal\tvertical\t-\t1\n", 1), "to_move 'diagonal' is neither"},
      {with_first_line(header + "....\tvertical\tvertical\tV 9,9\t1\n", 1), "not a legal move of the side to move"},
      {with_first_line(header + "....\tvertical\thorizontal\tV 0,0\t1\n", 1), "a winning move 'V 0,0' for the side that loses"},
      {with_first_line(header + "....\tvertical\tvertical\tX\t1\n", 1), "is not of the form"},
      {with_first_line(header + "....\tvertical\tvertical\t-\tsoon\n", 1), "seconds 'soon'"},
      {with_first_line(header + "....\tvertical\tvertical\t-\n", 1), "expected 5 tab-separated fields, found 4"},
      {with_first_line(header + "#./..\tvertical\tvertical\t-\t1\n../#.\tvertical\tvertical\t-\t1\n", 2),
       "line 4: the position of line 3 again"},
      {with_first_line(header + "....\tvertical\tvertical\t-\t1", 1), "has no newline"},
  };
  for (const auto& [text, fragment] : rows) {
    CAPTURE(text);
    CHECK_THAT(read_error(text), Catch::Contains(fragment) && Catch::StartsWith("journal j.tsv line"));
  }
  CHECK(read_error(with_first_line(good, 1)).empty());
}

TEST_CASE("a position is found under every image, with its move carried along", "[solver]") {
  TempJournal file("journal-images");
  SolveJournal journal(file.path);
  // board, side to move, its winning move
  static const struct Row {
    const char* board;
    Side side;
    Move move;
  } rows[] = {
      {"#..../...../..#..", Side::Left, {0, 1, Side::Left}},
      {"#..../...../..#..", Side::Right, {2, 3, Side::Right}},
      {"#.../..../..../.#..", Side::Left, {1, 2, Side::Left}},
      {"#.../..../..../.#..", Side::Right, {0, 2, Side::Right}},
  };
  for (const Row& row : rows) {
    const Board b = Board::parse(row.board);
    CAPTURE(row.board, row.side == Side::Left);
    REQUIRE(b.is_legal(row.move));
    CHECK_FALSE(journal.lookup(b, row.side)); // none of the rows before is this position
    CHECK(journal.record(b, row.side, true, row.move, 0));
    CHECK_FALSE(journal.record(image(b, 1), row.side, true, std::nullopt, 0)); // an image of it: there already
    Board after = b;
    after.play(row.move);
    for (int i = 0; i < (b.height() == b.width() ? 8 : 4); ++i) {
      CAPTURE(i);
      const Side side = i >= 4 ? domineering::opponent(row.side) : row.side;
      const auto r = journal.lookup(image(b, i), side);
      REQUIRE(r);
      CHECK(r->to_move_wins);
      REQUIRE(r->move);
      CHECK(r->move->side == side);
      Board played = image(b, i);
      REQUIRE(played.is_legal(*r->move));
      played.play(*r->move);
      CHECK(played == image(after, i)); // the same placement, seen in that image
    }
  }
  CHECK_FALSE(journal.lookup(Board(5, 5), Side::Left));
}

TEST_CASE("a solve with a journal, serial or parallel, gives the results without one, and every entry is true", "[solver][threads]") {
  std::mt19937 rng(2026);
  std::vector<Board> boards = {Board(5, 6), Board(6, 5), Board(6, 6)};
  for (int i = 0; i < 4; ++i)
    boards.push_back(domineering::testing::random_board(rng, 6, 6, 30));
  DomineeringSolver plain(eight(), options(1, nullptr));
  for (const int threads : {1, 2}) {
    TempJournal file("journal-solve");
    SolveJournal journal(file.path);
    DomineeringSolver with(eight(), options(threads, &journal));
    for (const Board& b : boards)
      for (const Side first : {Side::Left, Side::Right}) {
        CAPTURE(threads, b.text(), first == Side::Left);
        const auto expected = plain.solve(b, first);
        const auto got = with.solve(b, first);
        CHECK(got.first_player_wins == expected.first_player_wins);
        if (got.winning_move) {
          CHECK(got.first_player_wins);
          Board after = b;
          REQUIRE(after.is_legal(*got.winning_move));
          after.play(*got.winning_move);
          CHECK_FALSE(plain.solve(after, domineering::opponent(first)).first_player_wins);
        }
      }
    REQUIRE(journal.size() > 20);
    // Read back from the file, each entry is what a search without the journal finds.
    std::ifstream in(file.path);
    const auto entries = solver::read_journal(in, file.path);
    CHECK(entries.size() == journal.size());
    for (const JournalEntry& e : entries) {
      CAPTURE(e.board.text(), e.to_move == Side::Left);
      CHECK(plain.solve(e.board, e.to_move).first_player_wins == e.to_move_wins);
      if (e.move) {
        Board after = e.board;
        after.play(*e.move);
        CHECK_FALSE(plain.solve(after, domineering::opponent(e.to_move)).first_player_wins);
      }
    }
  }
}

TEST_CASE("a solve resumed from a journal searches fewer nodes for the same result", "[solver]") {
  // One thread: node counts are exact. The journal of a whole solve less the root and the
  // positions one move in (all but at most two cells empty) stands for one stopped part way.
  const Board b(6, 7);
  TempJournal whole("journal-whole"), part("journal-part");
  SolveOptions o = options(1, nullptr);
  const auto fresh = DomineeringSolver(eight(), o).solve(b, Side::Left);
  {
    SolveJournal journal(whole.path);
    o.journal = &journal;
    DomineeringSolver(eight(), o).solve(b, Side::Left);
  }
  std::ifstream in(whole.path);
  std::vector<JournalEntry> deep;
  for (JournalEntry& e : solver::read_journal(in, whole.path))
    if (e.board.empty_cells() <= b.empty_cells() - 4)
      deep.push_back(std::move(e));
  REQUIRE(!deep.empty());
  {
    std::ofstream out(part.path);
    solver::write_journal(deep, out);
  }
  SolveJournal journal(part.path);
  CHECK(journal.loaded() == deep.size());
  o.journal = &journal;
  const auto resumed = DomineeringSolver(eight(), o).solve(b, Side::Left);
  CHECK(resumed.first_player_wins == fresh.first_player_wins);
  CHECK(resumed.stats.journal_hits > 0);
  CHECK(resumed.stats.nodes < fresh.stats.nodes);
  CHECK(resumed.stats.journal_recorded > 0); // the root and its children again
}

TEST_CASE("a journal where none can be written fails before any search", "[solver]") {
  const std::string path = (std::filesystem::temp_directory_path() / "no-such-directory-here" / "j.tsv").string();
  CHECK_THROWS_WITH(SolveJournal(path), Catch::StartsWith("cannot write " + path));
  CHECK_THROWS_AS(SolveJournal(std::filesystem::temp_directory_path().string()), base::InputError);
}
