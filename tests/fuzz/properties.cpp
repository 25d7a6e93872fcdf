#include "properties.h"

#include "catalogue/binary_file.h"
#include "catalogue/tsv_file.h"
#include "domineering/board.h"
#include "domineering/regions.h"
#include "domineering/shape.h"

#include "cache/trace_file.h"

#include "solver/solve_journal.h"

#include "base/checksum.h"
#include "base/input_error.h"
#include "cgt/game_store.h"
#include "cgt/notation.h"
#include "cgt/stops.h"
#include "cgt/thermograph.h"

#include <fmt/format.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sstream>
#include <stdexcept>
#include <string>

namespace fuzz {

namespace {

[[noreturn]] void violated(const std::string& what) {
  std::fprintf(stderr, "property violated: %s\n", what.c_str());
  std::abort();
}

// Parsers must not spend long on any input: bound what the fuzzer can ask for.
constexpr std::size_t MAX_FUZZ_INPUT = 1 << 16;

void check_derived(const catalogue::Entry& e) {
  const cgt::Dyadic ls = cgt::number_value(e.left_stop), rs = cgt::number_value(e.right_stop);
  const bool number = cgt::store().is_number(e.value);
  if (!number && ls < rs)
    violated(fmt::format("stops out of order for {}: {} < {}", cgt::to_string(e.value), ls.to_string(), rs.to_string()));
  const cgt::Outcome o = e.outcome;
  if ((rs.sign() > 0 && o != cgt::Outcome::L) || (ls.sign() < 0 && o != cgt::Outcome::R) ||
      (ls.sign() > 0 && rs.sign() < 0 && o != cgt::Outcome::N))
    violated(fmt::format("outcome {} inconsistent with stops {} {}", cgt::to_string(o), ls.to_string(), rs.to_string()));
  if (number && (ls != rs || cgt::number_value(e.mean) != ls))
    violated("a number whose stops or mean differ from its value");
}

// With catalogue::Check::values the stops, mean and temperature only have to be numbers: they
// are not checked against the value.
void check_entry(const catalogue::Entry& e, catalogue::Check check) {
  if (check == catalogue::Check::values) {
    for (const cgt::GameId g : {e.left_stop, e.right_stop, e.mean, e.temperature})
      if (!cgt::store().is_number(g))
        violated("a derived number that is not a number");
  } else {
    check_derived(e);
  }
  if (!e.shape().is_connected() || e.shape().cells() != e.cells)
    violated("a catalogue shape that is not one region of its cell count");
}

// Loads a catalogue with `load`, which checked it as `check` says: refusing bad input is
// allowed, and a catalogue that loads must have every entry consistent.
template <class Load>
void check_loaded(Load load, catalogue::Check check = catalogue::Check::full) {
  catalogue::Catalogue c;
  try {
    c = load();
  } catch (const base::InputError&) {
    return;
  }
  for (const auto& e : c.entries())
    check_entry(e, check);
}

} // namespace

void check_game_expression(std::string_view bytes) {
  if (bytes.size() > MAX_FUZZ_INPUT)
    return;
  cgt::GameId g;
  try {
    g = cgt::parse_game(bytes);
  } catch (const base::InputError&) {
    return;
  }
  const std::string printed = cgt::to_string(g);
  cgt::GameId again;
  try {
    again = cgt::parse_game(printed);
  } catch (const base::InputError& e) {
    violated(fmt::format("printed form '{}' does not parse: {}", printed, e.what()));
  }
  if (again != g)
    violated(fmt::format("'{}' printed as '{}' re-parses to a different game", std::string(bytes), printed));
  // Stops, mean and temperature must be computable for any game that parses.
  (void)cgt::left_stop(g);
  (void)cgt::right_stop(g);
  (void)cgt::temperature(g);
}

void check_board_text(std::string_view bytes) {
  if (bytes.size() > MAX_FUZZ_INPUT)
    return;
  domineering::Board b;
  try {
    b = domineering::Board::parse(bytes);
  } catch (const base::InputError&) {
    return;
  }
  const domineering::Board again = domineering::Board::parse(b.text());
  if (!(again == b) || again.key() != b.key())
    violated(fmt::format("board '{}' prints as '{}', which parses to another board", std::string(bytes), b.text()));
  if (!(domineering::Board::parse(b.text('\n')) == b))
    violated("the newline form of a board parses differently");
  int covered = 0;
  domineering::RowBits coverable[domineering::MAX_SIDE];
  domineering::coverable_cells(b.rows().data(), b.height(), coverable);
  int coverable_count = 0;
  for (int r = 0; r < b.height(); ++r)
    coverable_count += std::popcount(coverable[r]);
  for (const auto& reg : domineering::regions(b)) {
    if (!reg.shape.is_connected())
      violated("a region that is not connected");
    covered += reg.shape.cells();
    const auto k = domineering::canonical_key(reg.shape);
    if (k) {
      if (domineering::canonical_key(reg.shape.reflected_horizontally())->key != k->key ||
          domineering::canonical_key(reg.shape.transposed())->key != k->key)
        violated("canonical keys differ across symmetries");
      if (!(domineering::unpack(*domineering::pack(reg.shape)) == reg.shape))
        violated("a shape key does not round trip");
    }
  }
  if (covered != coverable_count)
    violated("regions do not partition the coverable cells");
}

void check_catalogue_tsv(std::string_view bytes) {
  if (bytes.size() > MAX_FUZZ_INPUT)
    return;
  std::string text(bytes);
  // Patch the checksum of line 1 to match the body, when line 1 has one.
  if (const auto nl = text.find('\n'); nl != std::string::npos) {
    const auto at = text.find("checksum=");
    if (at != std::string::npos && at < nl) {
      std::size_t end = at + 9;
      while (end < nl && text[end] != ' ')
        ++end;
      const std::string sum = fmt::format("{:016x}", base::fnv1a64(std::string_view(text).substr(nl + 1)));
      text.replace(at + 9, end - at - 9, sum);
    }
  }
  std::istringstream in(text);
  check_loaded([&] { return catalogue::read_tsv(in, "fuzz"); });
}

void check_catalogue_binary(std::string_view bytes) {
  if (bytes.size() > MAX_FUZZ_INPUT)
    return;
  std::string b(bytes);
  if (b.size() >= 40) {
    const std::uint64_t sum = base::fnv1a64_words(std::string_view(b).substr(40));
    std::memcpy(b.data() + 32, &sum, sizeof sum);
  }
  check_loaded([&] { return catalogue::from_binary(b, "fuzz"); });
  check_loaded([&] { return catalogue::from_binary(b, "fuzz", catalogue::Check::values); }, catalogue::Check::values);
}

void check_trace(std::string_view bytes) {
  if (bytes.size() > MAX_FUZZ_INPUT)
    return;
  std::vector<cache::Key> keys;
  try {
    keys = cache::parse_trace(bytes, "fuzz");
  } catch (const base::InputError&) {
    return;
  }
  std::string written;
  for (cache::Key k : keys)
    written += std::to_string(k) + "\n";
  if (cache::parse_trace(written, "fuzz") != keys)
    violated("a trace written back parses to other keys");
}

void check_solve_journal(std::string_view bytes) {
  if (bytes.size() > MAX_FUZZ_INPUT)
    return;
  std::string b(bytes);
  // Patch the checksum field of the first line to match the body, as for the catalogue.
  if (const std::size_t nl = b.find('\n'); nl != std::string::npos)
    if (const std::size_t at = b.rfind("checksum=", nl); at != std::string::npos && at + 9 + 16 <= nl)
      b.replace(at + 9, 16, fmt::format("{:016x}", base::fnv1a64(std::string_view(b).substr(nl + 1))));
  std::vector<solver::JournalEntry> entries;
  try {
    std::istringstream in(b);
    entries = solver::read_journal(in, "fuzz");
  } catch (const base::InputError&) {
    return;
  }
  for (const solver::JournalEntry& e : entries)
    if (e.move && (!e.to_move_wins || e.move->side != e.to_move || !e.board.is_legal(*e.move)))
      violated("a journal entry whose move is not a legal winning move");
  std::ostringstream out;
  solver::write_journal(entries, out);
  std::istringstream again(out.str());
  const std::vector<solver::JournalEntry> back = solver::read_journal(again, "fuzz");
  if (back.size() != entries.size())
    violated("a journal written back reads another number of entries");
  for (std::size_t i = 0; i < back.size(); ++i)
    if (!(back[i].board == entries[i].board) || back[i].to_move != entries[i].to_move || back[i].to_move_wins != entries[i].to_move_wins ||
        back[i].move != entries[i].move)
      violated("a journal written back reads other entries");
}

} // namespace fuzz
