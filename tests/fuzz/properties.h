// The properties the fuzz targets check, one function per input kind. Each takes raw bytes,
// tolerates every InputError (bad input is allowed; a crash, a hang or an inconsistent result is
// not) and aborts with a message when a property fails. The libFuzzer targets (fuzz_*.cpp) call
// them on generated inputs; tests/fuzz/replay_test.cpp calls them on the committed corpora and
// on every input that once failed (tests/fuzz/regressions/), so those stay fixed in the normal
// suite.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace fuzz {

// A parsed game prints and re-parses to the same id.
void check_game_expression(std::string_view bytes);

// A parsed board prints back to an equal board; its regions are connected, coverable and
// partition its coverable cells; canonical keys agree across reflections.
void check_board_text(std::string_view bytes);

// A TSV catalogue that loads has a valid checksum and rows consistent with their values.
// The first line's checksum is rewritten to match the body first, so that mutations reach
// the row parser instead of stopping at the checksum (whose refusal the unit tests cover).
void check_catalogue_tsv(std::string_view bytes);

// The same for the binary form (checksum patched likewise).
void check_catalogue_binary(std::string_view bytes);

// A trace that parses has as many keys as lines of keys, and writing it back parses the same.
void check_trace(std::string_view bytes);

// A solve journal that loads (checksum patched as for the catalogue) holds legal winning
// moves, and writing it back reads the same entries.
void check_solve_journal(std::string_view bytes);

} // namespace fuzz
