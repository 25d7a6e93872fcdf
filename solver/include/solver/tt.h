// TranspositionTable: the bounded cache of finished searches, one table shared by every search
// thread. Reads and writes are deliberately racy and lock-free: each entry is one 64-bit word
// (tt_entry.h) accessed with relaxed atomics, so under TBB a probe may find that another thread
// replaced the entry it wanted (a miss, which costs time) but never a torn entry; single-threaded,
// every probe is exact. What remains is the false match, a different position with the same
// bucket and verification bits, about WAYS / 2^KEY_BITS per probe of an absent key: the search
// checks a stored move with is_legal before playing it, so a false match can cost a wrong score,
// never an illegal move. Entries come several to a 64-byte bucket so that one memory access gives
// the replacement policy (replacement.h) several candidates; the article's one- and two-slot
// tables are the same template with smaller buckets and low-bit indexing.
#pragma once

#include "solver/replacement.h"
#include "solver/score.h"
#include "solver/table_concept.h"
#include "solver/tt_entry.h"
#include "solver/tt_stats.h"

#include <array>
#include <atomic>
#include <bit>
#include <cassert>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <type_traits>

namespace solver {

namespace detail {

// High 64 bits of the 128-bit product a * b.
constexpr std::uint64_t mul_hi64(std::uint64_t a, std::uint64_t b) {
#if defined(__SIZEOF_INT128__)
  __extension__ using U128 = unsigned __int128;
  return std::uint64_t(U128(a) * b >> 64);
#else
  const std::uint64_t a_lo = a & 0xFFFF'FFFFu, a_hi = a >> 32, b_lo = b & 0xFFFF'FFFFu, b_hi = b >> 32;
  const std::uint64_t lo_lo = a_lo * b_lo, hi_lo = a_hi * b_lo, lo_hi = a_lo * b_hi, hi_hi = a_hi * b_hi;
  const std::uint64_t cross = (lo_lo >> 32) + (hi_lo & 0xFFFF'FFFFu) + lo_hi;
  return hi_hi + (hi_lo >> 32) + (cross >> 32);
#endif
}

// Hint that *p will be read soon. Never changes results.
#if defined(__GNUC__) || defined(__clang__)
inline void prefetch(const void* p) { __builtin_prefetch(p); }
#else
inline void prefetch(const void*) {}
#endif

// Zeroed memory for a table, 64-byte aligned; tables of 2 MiB and more are backed by huge pages
// where the system allows it (Linux: mmap + madvise(MADV_HUGEPAGE)). Throws std::bad_alloc.
class TableMemory {
public:
  TableMemory() = default;
  explicit TableMemory(std::size_t bytes);
  TableMemory(TableMemory&& o) noexcept : ptr_(o.ptr_), bytes_(o.bytes_) { o.ptr_ = nullptr, o.bytes_ = 0; }
  TableMemory& operator=(TableMemory&& o) noexcept;
  ~TableMemory();
  void* get() const { return ptr_; }
  std::size_t bytes() const { return bytes_; }

private:
  void* ptr_ = nullptr;
  std::size_t bytes_ = 0;
};

} // namespace detail

// Index policies: which bucket a key lands in, and which KEY_BITS of it verify the entry. The
// two must use disjoint key bits, or the verification bits would repeat what the index implies.
//
// MulHiIndex: bucket = high half of key * bucket_count, so any bucket count works and the
// well-mixed high bits choose the bucket; the low KEY_BITS verify.
struct MulHiIndex {
  static constexpr bool NEEDS_POWER_OF_TWO = false;
  static std::size_t bucket(std::uint64_t key, std::size_t count) { return std::size_t(detail::mul_hi64(key, count)); }
  template <unsigned KEY_BITS>
  static constexpr std::uint64_t check_bits(std::uint64_t key) {
    return key & ((std::uint64_t{1} << KEY_BITS) - 1);
  }
};

// LowBitsIndex: the article's tables, "arrays of 2^bits slots indexed by the low bits of the
// key": bucket = key mod bucket_count (a power of two); the high KEY_BITS verify.
struct LowBitsIndex {
  static constexpr bool NEEDS_POWER_OF_TWO = true;
  static std::size_t bucket(std::uint64_t key, std::size_t count) { return std::size_t(key & (count - 1)); }
  template <unsigned KEY_BITS>
  static constexpr std::uint64_t check_bits(std::uint64_t key) {
    return key >> (64 - KEY_BITS);
  }
};

// Size of a table in entries (the article's advice) or MiB; either is rounded down to whole
// buckets. Every layout uses BYTES_PER_ENTRY bytes per entry.
inline constexpr std::size_t BYTES_PER_ENTRY = sizeof(std::uint64_t);

struct TableSize {
  std::size_t entries = 0;
  static constexpr TableSize from_entries(std::size_t n) { return {n}; }
  static constexpr TableSize from_mib(std::size_t mib) { return {mib * (std::size_t{1} << 20) / BYTES_PER_ENTRY}; }
  static constexpr TableSize from_bits(unsigned bits) { return {std::size_t{1} << bits}; }
};

// TranspositionTable<Policy, Layout, Index, WAYS>: buckets of WAYS one-word entries.
//   Policy  a ReplacementPolicy (AlwaysReplace, DepthPreferred, TwoTier, Aging)
//   Layout  Key16Layout, Key32Layout or WinLossLayout (verification bits and field widths, tt_entry.h)
//   Index   MulHiIndex (any size) or LowBitsIndex (power of two, the article's tables)
//   WAYS    entries per bucket: 1, 2, 4 or 8; a bucket of 8 is one 64-byte cache line
// new_search() and set_verification() must not run while a search uses the table.
template <ReplacementPolicy Policy, class Layout = Key32Layout, class Index = MulHiIndex, std::size_t WAYS = 8>
class TranspositionTable {
  using Entry = PackedEntry<Layout>;
  static_assert(std::has_single_bit(WAYS) && WAYS * BYTES_PER_ENTRY <= 64, "a bucket must divide a cache line");

public:
  struct alignas(WAYS* BYTES_PER_ENTRY) Bucket {
    std::array<std::atomic<std::uint64_t>, WAYS> slots{};
  };
  static_assert(sizeof(Bucket) == WAYS * BYTES_PER_ENTRY && 64 % sizeof(Bucket) == 0);
  static_assert(sizeof(std::atomic<std::uint64_t>) == BYTES_PER_ENTRY && std::atomic<std::uint64_t>::is_always_lock_free);

  static constexpr bool ENABLED = true;
  static constexpr std::uint32_t MOVE_CODES = Entry::MOVE_CODES;
  static constexpr Score SCORE_MAX = Entry::SCORE_MAX;
  static constexpr int DEPTH_MAX = Entry::DEPTH_MAX;
  static constexpr unsigned KEY_BITS = Layout::KEY_BITS;
  static constexpr std::size_t BUCKET_WAYS = WAYS;

  // The write handle a probe returns: it can only store the node's result into the bucket the
  // probe looked at. The replacement policy runs at write time, on the bucket as it is then.
  class TTWriter {
  public:
    TTWriter() = default;
    StoreOutcome write(int depth, Score score, Bound bound, std::uint32_t move) const {
      return table_->store_in(*bucket_, check_, depth, score, bound, move);
    }

  private:
    friend class TranspositionTable;
    TTWriter(TranspositionTable* table, Bucket* bucket, std::uint64_t check) : table_(table), bucket_(bucket), check_(check) {}
    TranspositionTable* table_ = nullptr;
    Bucket* bucket_ = nullptr;
    std::uint64_t check_ = 0;
  };

  // Throws std::invalid_argument if the size holds no whole bucket, or is not a power of two
  // when Index needs one; std::bad_alloc if the memory is not there.
  explicit TranspositionTable(TableSize size) : bucket_count_(size.entries / WAYS) {
    if (bucket_count_ == 0)
      throw std::invalid_argument("table size: " + std::to_string(size.entries) + " entries is less than one bucket of " +
                                  std::to_string(WAYS));
    if (Index::NEEDS_POWER_OF_TWO && !std::has_single_bit(bucket_count_))
      throw std::invalid_argument("table size: " + std::to_string(size.entries) + " entries is not a power of two buckets");
    memory_ = detail::TableMemory(bucket_count_ * sizeof(Bucket));
    // No constructor runs over the buckets: an aggregate is an implicit-lifetime type, so the
    // allocation creates them, and its zero bytes are their empty state. Writing every bucket
    // here would fault in the whole table even for a board whose search touches a few pages of
    // it; left alone, a mapped table has the kernel zero only the pages the search uses.
    static_assert(std::is_aggregate_v<Bucket>);
    buckets_ = static_cast<Bucket*>(memory_.get());
  }
  TranspositionTable(const TranspositionTable&) = delete;
  TranspositionTable& operator=(const TranspositionTable&) = delete;

  // Probe contract, first part (article): the entry must be for this position. Scans the bucket
  // in slot order and returns the first slot whose verification bits match, or with
  // verification switched off the first non-empty slot whatever its key. The depth and bound
  // gates are the search's (search.h), because only it knows the window.
  ProbeResult<TTWriter> probe(std::uint64_t key) {
    Bucket& b = bucket_of(key);
    const std::uint64_t check = Index::template check_bits<KEY_BITS>(key);
    for (const auto& slot : b.slots) {
      const std::uint64_t word = slot.load(std::memory_order_relaxed);
      if (word != 0 && (Entry::key_of(word) == check || !verify_))
        return {true, Entry::unpack(word), TTWriter(this, &b, check)};
    }
    return {false, TTData{}, TTWriter(this, &b, check)};
  }

  // Store without a probe (tests, benchmarks, seeding).
  StoreOutcome store(std::uint64_t key, int depth, Score score, Bound bound, std::uint32_t move) {
    return store_in(bucket_of(key), Index::template check_bits<KEY_BITS>(key), depth, score, bound, move);
  }

  void prefetch(std::uint64_t key) const { detail::prefetch(&buckets_[Index::bucket(key, bucket_count_)]); }

  // Starts a new root search: entries written from now on are one generation younger than the
  // residents, which the Aging policy evicts first.
  void new_search() { generation_ = (generation_ + 1) % Entry::GENERATION_CYCLE; }
  unsigned generation() const { return generation_; }

  void clear() {
    for (std::size_t i = 0; i < bucket_count_; ++i)
      for (auto& slot : buckets_[i].slots)
        slot.store(0, std::memory_order_relaxed);
    generation_ = 0;
  }

  // Off: accept whatever entry sits in the bucket (the article's false-match experiment). Only
  // tests and the tic-tac-toe experiment switch it off.
  void set_verification(bool on) { verify_ = on; }
  bool verification() const { return verify_; }

  std::size_t bucket_count() const { return bucket_count_; }
  std::size_t entry_count() const { return bucket_count_ * WAYS; }
  std::size_t bytes() const { return bucket_count_ * sizeof(Bucket); }

  // Occupied slots, by a full scan (tests and reports; not for hot paths).
  std::size_t count_occupied() const {
    std::size_t n = 0;
    for (std::size_t i = 0; i < bucket_count_; ++i)
      for (const auto& slot : buckets_[i].slots)
        n += slot.load(std::memory_order_relaxed) != 0;
    return n;
  }

private:
  Bucket& bucket_of(std::uint64_t key) const { return buckets_[Index::bucket(key, bucket_count_)]; }

  // Generations between an entry's and the table's, modulo the cycle: an entry written g
  // generations ago reads g for g < GENERATION_CYCLE, after which the age wraps to small values
  // again. Adding the cycle first keeps the unsigned difference from underflowing.
  unsigned relative_age(unsigned entry_generation) const {
    return (Entry::GENERATION_CYCLE + generation_ - entry_generation) % Entry::GENERATION_CYCLE;
  }

  StoreOutcome store_in(Bucket& b, std::uint64_t check, int depth, Score score, Bound bound, std::uint32_t move) {
    depth = depth < 0 ? 0 : depth > DEPTH_MAX ? DEPTH_MAX : depth;
    std::array<std::uint64_t, WAYS> words;
    std::array<SlotView, WAYS> view;
    for (std::size_t i = 0; i < WAYS; ++i) {
      words[i] = b.slots[i].load(std::memory_order_relaxed);
      view[i] = words[i] == 0 ? SlotView{}
                              : SlotView{false, Entry::key_of(words[i]) == check, Entry::depth_of(words[i]),
                                         relative_age(Entry::generation_of(words[i]))};
    }
    const int v = Policy::victim(view, depth);
    if (v == REFUSE)
      return StoreOutcome::REFUSED;
    assert(v >= 0 && std::size_t(v) < WAYS);
    if (move == NO_MOVE && view[v].same_key) // a result without a move keeps the position's old move
      move = Entry::move_of(words[v]);
    b.slots[v].store(Entry::pack(check, {score, depth, bound, move, generation_}), std::memory_order_relaxed);
    return view[v].empty ? StoreOutcome::INTO_EMPTY : view[v].same_key ? StoreOutcome::SAME_KEY : StoreOutcome::EVICTED;
  }

  std::size_t bucket_count_;
  detail::TableMemory memory_;
  Bucket* buckets_ = nullptr;
  unsigned generation_ = 0;
  bool verify_ = true;
};

// The shared table for games scored beyond win/loss (tic-tac-toe, the tests and benchmarks): 8
// entries of 32 verification bits per 64-byte line, any size, aging replacement.
template <ReplacementPolicy Policy = Aging>
using SharedTable = TranspositionTable<Policy, Key32Layout, MulHiIndex, 8>;
static_assert(sizeof(SharedTable<>::Bucket) == 64 && alignof(SharedTable<>::Bucket) == 64);

// The Domineering solver's table: win/loss scores only, 42 verification bits, aging.
using WinLossTable = TranspositionTable<Aging, WinLossLayout, MulHiIndex, 8>;
// The same on boards larger than 16 x 16, whose move codes need the wide layout.
using WideWinLossTable = TranspositionTable<Aging, WideWinLossLayout, MulHiIndex, 8>;
static_assert(sizeof(WinLossTable::Bucket) == 64);

// The article's tables: 2^bits indices chosen by the low key bits, one slot per index for
// "always" and "depth", two for "two-tier".
template <ReplacementPolicy Policy, std::size_t WAYS = 1>
using ArticleTable = TranspositionTable<Policy, Key32Layout, LowBitsIndex, WAYS>;

static_assert(SearchTable<SharedTable<>> && SearchTable<ArticleTable<TwoTier, 2>>);

} // namespace solver
