// Counters of what a search did with its table. The table itself counts nothing (it is shared
// and its hot paths stay free of contended writes); each search thread owns one TTStats, the
// store reports a StoreOutcome, and a driver adds the threads' stats up with +=.
#pragma once

#include <cstdint>

namespace solver {

// What a store did to its bucket, as decided by the replacement policy.
enum class StoreOutcome : std::uint8_t {
  INTO_EMPTY, // filled an empty slot
  SAME_KEY,   // refreshed the entry of the same position
  EVICTED,    // overwrote another position's entry
  REFUSED,    // the policy kept the residents; nothing was written
};

struct TTStats {
  std::uint64_t probes = 0;  // table lookups
  std::uint64_t hits = 0;    // lookups that found an entry for the key
  std::uint64_t cutoffs = 0; // hits that passed both gates and settled the node
  std::uint64_t stores = 0;  // store attempts; the four outcomes below add up to this
  std::uint64_t into_empty = 0;
  std::uint64_t same_key = 0;
  std::uint64_t evicted = 0;
  std::uint64_t refused = 0;
  std::uint64_t tt_moves_tried = 0;   // hits whose stored move was legal and searched first
  std::uint64_t tt_moves_best = 0;    // ... and was still the best move when the node finished
  std::uint64_t tt_moves_illegal = 0; // stored moves that failed is_legal (a false match)
  std::uint64_t etc_probes = 0;       // enhanced transposition cutoffs: children probed
  std::uint64_t etc_cutoffs = 0;      // ... and nodes they settled

  void count(StoreOutcome outcome) {
    ++stores;
    switch (outcome) {
    case StoreOutcome::INTO_EMPTY: ++into_empty; break;
    case StoreOutcome::SAME_KEY: ++same_key; break;
    case StoreOutcome::EVICTED: ++evicted; break;
    case StoreOutcome::REFUSED: ++refused; break;
    }
  }

  TTStats& operator+=(const TTStats& o) {
    probes += o.probes;
    hits += o.hits;
    cutoffs += o.cutoffs;
    stores += o.stores;
    into_empty += o.into_empty;
    same_key += o.same_key;
    evicted += o.evicted;
    refused += o.refused;
    tt_moves_tried += o.tt_moves_tried;
    tt_moves_best += o.tt_moves_best;
    tt_moves_illegal += o.tt_moves_illegal;
    etc_probes += o.etc_probes;
    etc_cutoffs += o.etc_cutoffs;
    return *this;
  }
};

} // namespace solver
