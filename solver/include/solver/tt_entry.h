// The transposition-table entry: one packed 64-bit word. A whole entry is loaded and stored by
// one relaxed atomic access, so threads that race on a slot see one entry or the other, never a
// mix of two; this replaces the two-word XOR validation of the article's sharing section and
// needs no lock. The price is room: 64 bits hold the verification bits of the key (the bucket
// index supplies the rest) and every field, so each layout trades one for the other: 16
// verification bits and roomy fields; 32 and narrow ones (at most 255 move codes, scores within
// +-2047: tic-tac-toe); 42 and a two-bit score (win/loss only: the Domineering solver); 40, a
// two-bit score and 1,023 move codes (the solver on boards larger than 16 x 16).
#pragma once

#include "solver/score.h"

#include <cassert>
#include <cstdint>

namespace solver {

// What a stored score means about the true value v of the node (article: EXACT, LOWER, UPPER).
// NONE is never stored, so a stored word is never 0 and the all-zero word means "empty slot".
enum class Bound : std::uint8_t {
  NONE = 0,
  UPPER = 1, // fail low: v <= score
  LOWER = 2, // fail high: v >= score
  EXACT = 3, // v == score
};

// The "no move" code in TTData (the packed form has its own all-ones code, mapped to this one).
inline constexpr std::uint32_t NO_MOVE = 0xFFFF'FFFFu;

// A copy of one entry as the probe read it. Under threads it may already be stale, never torn.
struct TTData {
  Score score = 0; // node-relative: convert with score_from_tt before use
  int depth = 0;   // remaining plies, or the work measure of a search to the end
  Bound bound = Bound::NONE;
  std::uint32_t move = NO_MOVE; // the game's move code, or NO_MOVE
  unsigned generation = 0;
  bool has_move() const { return move != NO_MOVE; }
  friend bool operator==(const TTData&, const TTData&) = default;
};

// Field widths. Every shift, mask and limit of PackedEntry is derived from these constants.
struct Key16Layout {
  static constexpr unsigned KEY_BITS = 16;
  static constexpr unsigned DEPTH_BITS = 8;
  static constexpr unsigned BOUND_BITS = 2;
  static constexpr unsigned GENERATION_BITS = 6;
  static constexpr unsigned SCORE_BITS = 16;
  static constexpr unsigned MOVE_BITS = 16;
};

struct Key32Layout {
  static constexpr unsigned KEY_BITS = 32;
  static constexpr unsigned DEPTH_BITS = 6;
  static constexpr unsigned BOUND_BITS = 2;
  static constexpr unsigned GENERATION_BITS = 4;
  static constexpr unsigned SCORE_BITS = 12;
  static constexpr unsigned MOVE_BITS = 8;
};

// PackedEntry<L>: the word, field by field from bit 0 up, in the order the probe reads them
// (key to accept the entry, then depth and bound for the two gates, then the rest):
//
//   field       Key16Layout     Key32Layout     WinLossLayout   WideWinLossLayout  range / limit
//   key         bits  0..15     bits  0..31     bits  0..41     bits  0..39        verification bits (index policy)
//   depth       bits 16..23     bits 32..37     bits 42..47     bits 40..45        0 .. 2^DEPTH_BITS - 1; stores clamp
//   bound       bits 24..25     bits 38..39     bits 48..49     bits 46..47        Bound, never NONE in a stored word
//   generation  bits 26..31     bits 40..43     bits 50..53     bits 48..51        table age mod 2^GENERATION_BITS
//   score       bits 32..47     bits 44..55     bits 54..55     bits 52..53        two's complement, +-(2^(SCORE_BITS-1) - 1)
//   move        bits 48..63     bits 56..63     bits 56..63     bits 54..63        0 .. 2^MOVE_BITS - 2; all ones = no move
// For games scored win/loss only (the Domineering solver): a two-bit score leaves room for 42
// verification bits, so a false match on an absent key is about WAYS / 2^42 (2e-12 for 8-way
// buckets) per probe instead of WAYS / 2^32 (2e-9): at a billion probes, about one in five
// hundred solves instead of two false matches per solve.
struct WinLossLayout {
  static constexpr unsigned KEY_BITS = 42;
  static constexpr unsigned DEPTH_BITS = 6;
  static constexpr unsigned BOUND_BITS = 2;
  static constexpr unsigned GENERATION_BITS = 4;
  static constexpr unsigned SCORE_BITS = 2;
  static constexpr unsigned MOVE_BITS = 8;
};

// The same for boards of more than 16 cells a side, whose move codes reach 959
// (BasicDomineeringPosition<30>): two verification bits give way to a 10-bit move, so a false
// match on an absent key is about 8 / 2^40 (7e-12) per probe.
struct WideWinLossLayout {
  static constexpr unsigned KEY_BITS = 40;
  static constexpr unsigned DEPTH_BITS = 6;
  static constexpr unsigned BOUND_BITS = 2;
  static constexpr unsigned GENERATION_BITS = 4;
  static constexpr unsigned SCORE_BITS = 2;
  static constexpr unsigned MOVE_BITS = 10;
};

template <class L>
struct PackedEntry {
  static constexpr unsigned KEY_SHIFT = 0;
  static constexpr unsigned DEPTH_SHIFT = KEY_SHIFT + L::KEY_BITS;
  static constexpr unsigned BOUND_SHIFT = DEPTH_SHIFT + L::DEPTH_BITS;
  static constexpr unsigned GENERATION_SHIFT = BOUND_SHIFT + L::BOUND_BITS;
  static constexpr unsigned SCORE_SHIFT = GENERATION_SHIFT + L::GENERATION_BITS;
  static constexpr unsigned MOVE_SHIFT = SCORE_SHIFT + L::SCORE_BITS;
  static_assert(MOVE_SHIFT + L::MOVE_BITS == 64, "the fields must fill the word exactly");
  static_assert(L::BOUND_BITS == 2, "Bound has four values");
  static_assert(L::KEY_BITS >= 16 && L::KEY_BITS <= 48, "verification bits must leave the index some of the key");

  // (1 << bits) - 1, for 0 < bits < 64.
  static constexpr std::uint64_t low_mask(unsigned bits) { return (std::uint64_t{1} << bits) - 1; }

  static constexpr std::uint64_t KEY_MASK = low_mask(L::KEY_BITS);
  static constexpr int DEPTH_MAX = int(low_mask(L::DEPTH_BITS));
  static constexpr unsigned GENERATION_CYCLE = 1u << L::GENERATION_BITS;
  static constexpr Score SCORE_MAX = Score(low_mask(L::SCORE_BITS - 1));
  static constexpr std::uint32_t NO_MOVE_CODE = std::uint32_t(low_mask(L::MOVE_BITS));
  static constexpr std::uint32_t MOVE_CODES = NO_MOVE_CODE; // codes 0 .. MOVE_CODES - 1 fit

  // Precondition: check < 2^KEY_BITS, bound != NONE, |score| <= SCORE_MAX, move < MOVE_CODES or
  // NO_MOVE, generation < GENERATION_CYCLE. Depth is clamped into 0 .. DEPTH_MAX.
  static constexpr std::uint64_t pack(std::uint64_t check, const TTData& d) {
    assert(check <= KEY_MASK);
    assert(d.bound != Bound::NONE);
    assert(d.score >= -SCORE_MAX && d.score <= SCORE_MAX);
    assert(d.move == NO_MOVE || d.move < MOVE_CODES);
    assert(d.generation < GENERATION_CYCLE);
    const auto depth = std::uint64_t(d.depth < 0 ? 0 : d.depth > DEPTH_MAX ? DEPTH_MAX : d.depth);
    const std::uint64_t move = d.move == NO_MOVE ? NO_MOVE_CODE : d.move;
    return check << KEY_SHIFT | depth << DEPTH_SHIFT | std::uint64_t(d.bound) << BOUND_SHIFT |
           std::uint64_t(d.generation) << GENERATION_SHIFT |
           (std::uint64_t(std::int64_t(d.score)) & low_mask(L::SCORE_BITS)) << SCORE_SHIFT | move << MOVE_SHIFT;
  }

  static constexpr std::uint64_t key_of(std::uint64_t word) { return word >> KEY_SHIFT & KEY_MASK; }
  static constexpr int depth_of(std::uint64_t word) { return int(word >> DEPTH_SHIFT & low_mask(L::DEPTH_BITS)); }
  static constexpr Bound bound_of(std::uint64_t word) { return Bound(word >> BOUND_SHIFT & low_mask(L::BOUND_BITS)); }
  static constexpr unsigned generation_of(std::uint64_t word) { return unsigned(word >> GENERATION_SHIFT & low_mask(L::GENERATION_BITS)); }
  // Sign-extends the score field: shift it to the top, then arithmetic-shift it back down.
  static constexpr Score score_of(std::uint64_t word) {
    return Score(std::int64_t(word << (64 - SCORE_SHIFT - L::SCORE_BITS)) >> (64 - L::SCORE_BITS));
  }
  static constexpr std::uint32_t move_of(std::uint64_t word) {
    const auto code = std::uint32_t(word >> MOVE_SHIFT & low_mask(L::MOVE_BITS));
    return code == NO_MOVE_CODE ? NO_MOVE : code;
  }

  static constexpr TTData unpack(std::uint64_t word) {
    return {score_of(word), depth_of(word), bound_of(word), move_of(word), generation_of(word)};
  }
};

static_assert(PackedEntry<Key16Layout>::SCORE_MAX == 32767 && PackedEntry<Key32Layout>::SCORE_MAX == 2047);
static_assert(PackedEntry<Key32Layout>::MOVE_CODES == 255 && PackedEntry<Key32Layout>::DEPTH_MAX == 63);
static_assert(PackedEntry<WinLossLayout>::SCORE_MAX == 1 && PackedEntry<WinLossLayout>::MOVE_CODES == 255);
static_assert(PackedEntry<WideWinLossLayout>::SCORE_MAX == 1 && PackedEntry<WideWinLossLayout>::MOVE_CODES == 1023);

} // namespace solver
