// What the generic search needs from a table, so that the bounded TranspositionTable, the
// unbounded hash map of the article's 5,473-node measurement and "no table at all" (plain
// alpha-beta) drive the same search code. A probe returns the hit flag, a copy of the entry and
// a writer: the copy cannot change the table, and the writer can only store, at the place the
// probe found (the Stockfish TTData/TTWriter split). The price is a writer kept across the
// search of the node's moves.
#pragma once

#include "solver/score.h"
#include "solver/tt_entry.h"
#include "solver/tt_stats.h"

#include <concepts>
#include <cstdint>

namespace solver {

template <class Writer>
struct ProbeResult {
  bool hit = false; // an entry for this key (or, with verification off, any entry) was found
  TTData data{};    // its copy; meaningful only when hit
  Writer writer{};  // stores the node's result after the search of its moves
};

// Requirements of a table T:
//   T::ENABLED      false only for NoTable; lets the search drop statistics at compile time
//   T::MOVE_CODES   move codes 0 .. MOVE_CODES - 1 can be stored (games must fit, checked)
//   T::SCORE_MAX    largest |node-relative score| that can be stored (games must fit, checked)
//   t.probe(key)    ProbeResult; t.probe(key).writer.write(depth, score, bound, move) stores
//   t.prefetch(key) hint that key will be probed soon; never changes results
template <class T>
concept SearchTable = requires(T& t, std::uint64_t key, int depth, Score score, Bound bound, std::uint32_t move) {
  { T::ENABLED } -> std::convertible_to<bool>;
  { T::MOVE_CODES } -> std::convertible_to<std::uint32_t>;
  { T::SCORE_MAX } -> std::convertible_to<Score>;
  { t.probe(key).hit } -> std::convertible_to<bool>;
  { t.probe(key).data } -> std::convertible_to<TTData>;
  { t.probe(key).writer.write(depth, score, bound, move) } -> std::same_as<StoreOutcome>;
  t.prefetch(key);
};

// No table: every probe misses and every store is dropped. The search with NoTable is plain
// alpha-beta (the article's 20,866 nodes) and compiles to it.
struct NoTable {
  static constexpr bool ENABLED = false;
  static constexpr std::uint32_t MOVE_CODES = NO_MOVE;
  static constexpr Score SCORE_MAX = INFINITE_SCORE;

  struct Writer {
    constexpr StoreOutcome write(int, Score, Bound, std::uint32_t) const { return StoreOutcome::REFUSED; }
  };

  constexpr ProbeResult<Writer> probe(std::uint64_t) const { return {}; }
  constexpr void prefetch(std::uint64_t) const {}
};

static_assert(SearchTable<NoTable>);

} // namespace solver
