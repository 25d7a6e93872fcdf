// GameStore: the one process-wide, hash-consed store of canonical short partizan games.
// Every distinct canonical game gets exactly one 32-bit GameId, so equal games have equal ids
// and equality is an integer compare. Only the store makes ids; it trusts that what it is given
// is canonical (the checked constructors live in canonical.h). Interning locks one stripe of
// the intern tables; reading a record never locks. The cost: nothing is ever freed, so the
// store grows by 40 bytes a game plus its options for the life of the process.
#pragma once

#include "cgt/dyadic.h"
#include "cgt/game_id.h"

#include <atomic>
#include <cassert>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>

namespace cgt {

// The options of one game: Left's then Right's, each sorted by id.
struct Options {
  std::span<const GameId> left;
  std::span<const GameId> right;
};

// A number-up-star value x + ups.^ + *nim, as plain data.
struct NusValue {
  Dyadic number;
  std::int64_t ups = 0;
  std::uint32_t nim = 0;
};

// Layout. A game is one 40-byte Record in chunked storage (chunks never move, so a Record's
// address is stable and readers need no lock). Two kinds of record:
//   general   option block = [nl, nr, GL_1..GL_nl, GR_1..GR_nr], each side sorted by id;
//   nus       number + ups * ^ + *nim: the number is num / 2^exp in machine words when
//             |num| < 2^SMALL_NUM_BITS and exp <= MAX_SMALL_EXP, otherwise an index into a
//             table of big Dyadics. Its option block is built on first request.
// Every number is a nus record with ups = nim = 0, so "is a number" is one flag test.
//
// Sharing. Interning locks one of INTERN_STRIPES striped open-addressing tables, chosen by the
// high bits of the hash; readers of records never lock. Option blocks live in per-thread arenas.
// Ids cross threads only through those locks, TBB task edges or release/acquire atomics, which
// is what makes the unlocked record reads safe (TSan-checked in tests/cgt).
namespace detail {

// Record.flags, bit by bit (read in this order by the hot paths):
//   bit 0        KIND_NUS      number-up-star record (else general)
//   bit 1        IS_NUMBER     nus with ups == 0 and nim == 0
//   bit 2        BIG_NUMBER    the number part is big_numbers_[num]
//   bits 8..15   exp           small numbers: the denominator is 2^exp
inline constexpr std::uint32_t KIND_NUS = 1u << 0;
inline constexpr std::uint32_t IS_NUMBER = 1u << 1;
inline constexpr std::uint32_t BIG_NUMBER = 1u << 2;
inline constexpr unsigned EXP_SHIFT = 8;
inline constexpr std::uint32_t EXP_BITS = 8;
inline constexpr std::uint32_t EXP_MASK = ((1u << EXP_BITS) - 1) << EXP_SHIFT;

// Small numbers keep num and exp small enough that two of them, aligned to a common exponent
// and added, fit in an __int128 with room to spare: 2^(SMALL_NUM_BITS + MAX_SMALL_EXP + 1) < 2^127.
inline constexpr unsigned SMALL_NUM_BITS = 60;
inline constexpr unsigned MAX_SMALL_EXP = 60;
static_assert(MAX_SMALL_EXP < (1u << EXP_BITS));
static_assert(SMALL_NUM_BITS + MAX_SMALL_EXP + 2 < 127);

// Ups beyond this are refused (InputError): n.^ is a chain of n games that comparisons with
// general games walk recursively, so the bound keeps the recursion shallow. No Domineering
// board comes near it, and typed expressions are limited far below it.
inline constexpr std::int64_t MAX_UPS = 1 << 10;

// Nimbers beyond this are refused (InputError): adding *n to a general game and canonicalising
// the sum costs about n^3 comparisons. 0..63 is closed under nim addition.
inline constexpr std::uint32_t MAX_NIMBER = 63;

inline constexpr std::uint32_t NOT_CACHED = 0xFFFF'FFFFu;

struct Record {
  std::atomic<const std::uint32_t*> block{nullptr}; // [nl, nr, options...]; nus: lazily
  std::uint32_t flags = 0;
  std::int32_t ups = 0;
  std::int64_t num = 0; // small numerator, or index into big_numbers_
  std::uint32_t nim = 0;
  std::atomic<std::uint32_t> negative{NOT_CACHED};
  std::atomic<std::uint32_t> left_stop{NOT_CACHED};
  std::atomic<std::uint32_t> right_stop{NOT_CACHED};
};
static_assert(sizeof(Record) == 40);

inline constexpr unsigned RECORD_CHUNK_BITS = 16;
inline constexpr std::uint32_t RECORD_CHUNK_SIZE = 1u << RECORD_CHUNK_BITS;
inline constexpr std::uint32_t MAX_RECORD_CHUNKS = 1u << (32 - RECORD_CHUNK_BITS);

// Ids the store will hand out; NO_GAME and the last chunk stay out of reach.
inline constexpr std::uint32_t MAX_GAMES = (MAX_RECORD_CHUNKS - 1) * RECORD_CHUNK_SIZE;

inline constexpr unsigned INTERN_STRIPE_BITS = 6;
inline constexpr unsigned INTERN_STRIPES = 1u << INTERN_STRIPE_BITS;

} // namespace detail

class GameStore {
public:
  static GameStore& instance();

  GameStore(const GameStore&) = delete;
  GameStore& operator=(const GameStore&) = delete;

  // --- making ids (only the store does this) ---------------------------------------------

  // x + ups.^ + *nim. Throws InputError if |ups| exceeds detail::MAX_UPS or nim MAX_NIMBER.
  GameId nus(const Dyadic& number, std::int64_t ups, std::uint32_t nim);
  GameId number(const Dyadic& x) { return nus(x, 0, 0); }
  // Fast path for a small number part: num / 2^exp with |num| < 2^SMALL_NUM_BITS.
  GameId nus_small(std::int64_t num, unsigned exp, std::int64_t ups, std::uint32_t nim);

  // Interns a general game whose options are canonical, pairwise incomparable on each side,
  // free of reversible options, and which is neither a number nor a number-up-star. Sorts the
  // spans' copies; asserts nothing expensive. Use from_options (canonical.h) unless all that is
  // known to hold.
  GameId general_unchecked(std::span<const GameId> left, std::span<const GameId> right);

  // --- reading --------------------------------------------------------------------------

  const detail::Record& record(GameId g) const {
    const std::uint32_t i = raw(g);
    assert(i < next_id_.load(std::memory_order_relaxed));
    return chunks_[i >> detail::RECORD_CHUNK_BITS].load(std::memory_order_relaxed)[i & (detail::RECORD_CHUNK_SIZE - 1)];
  }
  bool is_nus(GameId g) const { return record(g).flags & detail::KIND_NUS; }
  bool is_number(GameId g) const { return record(g).flags & detail::IS_NUMBER; }

  // The canonical options of g (built and cached on first request for nus records).
  Options options(GameId g);

  // Requires is_nus(g).
  NusValue nus_value(GameId g) const;
  Dyadic number_part(GameId g) const;

  // Number of games interned so far.
  std::uint32_t size() const { return next_id_.load(std::memory_order_acquire); }
  // Bytes held by records, option arenas and intern tables.
  std::size_t memory_bytes() const;

private:
  GameStore();
  ~GameStore();

  struct Candidate;
  GameId intern(const Candidate& c);
  bool matches(const detail::Record& r, const Candidate& c) const;
  std::uint64_t hash_of(const Candidate& c) const;
  detail::Record& new_record(std::uint32_t id);
  const std::uint32_t* build_nus_options(GameId g);
  std::uint32_t* allocate_block(std::size_t words);

  struct Stripe;
  struct Arenas;

  std::unique_ptr<std::atomic<detail::Record*>[]> chunks_;
  std::atomic<std::uint32_t> next_id_{0};
  std::unique_ptr<Stripe[]> stripes_;
  std::unique_ptr<Arenas> arenas_;
};

// Shorthand used throughout cgt/.
inline GameStore& store() { return GameStore::instance(); }

// The budget of one request of a user's (a command, a call from Python) after its parse: an
// expression of a few characters can ask for an exponentially large result (a Norton product of
// a hot sum), which must fail with a message rather than exhaust the machine. The value of the
// empty 6x6 board is about 2 million games; this allows fifty times that.
inline constexpr std::uint64_t REQUEST_MAX_BUILDS = 100'000'000;
inline constexpr std::uint64_t REQUEST_MAX_COMPARISONS = 1'000'000'000;

// A bound on the work this thread may do while the scope lives: every game made from its
// options (from_options, whether or not the result is new) and every new game interned counts
// one build, every comparison of two games that are not both number-up-star values counts one
// comparison, and the build after `max_builds` or the comparison after `max_comparisons` throws
// InputError ("game too complex ..."). Parsers of user input use it, because a short
// expression can denote an exponentially large canonical form (a sum of many switches) and
// hostile input must fail fast instead of exhausting time or memory. Counting builds and
// comparisons, not only new games, bounds the time too when the games already exist or when
// each comparison is slow (huge numbers). Scopes nest; the innermost counts.
//
// With an interrupt flag, a build or comparison made while the flag is set throws
// base::Interrupted instead (base/interrupt.h): how Ctrl-C stops a long operation.
class CreationBudget {
public:
  CreationBudget(std::uint64_t max_builds, std::uint64_t max_comparisons, const std::atomic<bool>* interrupt = nullptr);
  ~CreationBudget();
  CreationBudget(const CreationBudget&) = delete;
  CreationBudget& operator=(const CreationBudget&) = delete;

  // Called for each game built or interned; throws when the budget is spent.
  static void charge();
  // Called for each comparison of games that are not both number-up-star values.
  static void charge_comparison();

private:
  std::uint64_t builds_left_;
  std::uint64_t comparisons_left_;
  const std::atomic<bool>* interrupt_;
  CreationBudget* outer_;
};

} // namespace cgt
