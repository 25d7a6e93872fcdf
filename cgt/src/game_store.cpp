#include "cgt/game_store.h"

#include "base/input_error.h"
#include "base/interrupt.h"

#include <fmt/format.h>
#include <tbb/concurrent_vector.h>
#include <tbb/spin_mutex.h>

#include <algorithm>
#include <bit>
#include <mutex>
#include <new>
#include <stdexcept>
#include <vector>

namespace cgt {

using detail::Record;

namespace {

// Option arenas hand out blocks of this many 32-bit words at a time per thread.
constexpr std::size_t ARENA_CHUNK_WORDS = std::size_t{1} << 20;

// Intern tables grow when more than half full (linear probing stays short below that).
constexpr std::size_t INITIAL_STRIPE_SLOTS = 1024;

constexpr std::uint64_t mix(std::uint64_t x) {
  // The finaliser of splitmix64: full avalanche, so low and high bits are both usable.
  x ^= x >> 30;
  x *= 0xbf58476d1ce4e5b9ULL;
  x ^= x >> 27;
  x *= 0x94d049bb133111ebULL;
  x ^= x >> 31;
  return x;
}

bool fits_small(const BigInt& num, std::uint32_t exp) {
  return exp <= detail::MAX_SMALL_EXP && (num == 0 || boost::multiprecision::msb(boost::multiprecision::abs(num)) < detail::SMALL_NUM_BITS);
}

thread_local CreationBudget* current_budget = nullptr;

struct ArenaCursor {
  std::uint32_t* next = nullptr;
  std::size_t left = 0;
};
thread_local ArenaCursor arena_cursor;

} // namespace

// What interning compares against existing records: a general game (sorted option spans) or a
// nus value (small or big number part).
struct GameStore::Candidate {
  bool is_nus = false;
  std::span<const GameId> left, right; // general
  bool big = false;                    // nus
  std::int64_t num = 0;
  unsigned exp = 0;
  const Dyadic* big_number = nullptr;
  std::int32_t ups = 0;
  std::uint32_t nim = 0;
};

struct alignas(64) GameStore::Stripe {
  tbb::spin_mutex mutex;
  // slot = (tag << 32) | (id + 1), 0 when empty; tag = low 32 bits of the hash, which also
  // gives the home position, so growing needs no rehash of records.
  std::vector<std::uint64_t> slots = std::vector<std::uint64_t>(INITIAL_STRIPE_SLOTS, 0);
  std::size_t count = 0;
};

struct GameStore::Arenas {
  std::mutex mutex;
  std::vector<std::unique_ptr<std::uint32_t[]>> chunks;
  std::size_t words = 0;
  tbb::concurrent_vector<Dyadic> big_numbers;
};

CreationBudget::CreationBudget(std::uint64_t max_builds, std::uint64_t max_comparisons, const std::atomic<bool>* interrupt)
    : builds_left_(max_builds), comparisons_left_(max_comparisons), interrupt_(interrupt), outer_(current_budget) {
  current_budget = this;
}

CreationBudget::~CreationBudget() { current_budget = outer_; }

namespace {

// Takes one unit from a budget's counter, or throws naming what ran out.
void spend(std::uint64_t& left, const char* what) {
  if (left == 0)
    throw base::InputError(
        fmt::format("game too complex: building it needs more {} than allowed (a long sum of hot games grows exponentially)", what));
  --left;
}

} // namespace

void CreationBudget::charge() {
  if (CreationBudget* b = current_budget) {
    if (b->interrupt_ != nullptr && b->interrupt_->load(std::memory_order_relaxed))
      throw base::Interrupted();
    spend(b->builds_left_, "games");
  }
}

void CreationBudget::charge_comparison() {
  if (CreationBudget* b = current_budget) {
    if (b->interrupt_ != nullptr && b->interrupt_->load(std::memory_order_relaxed))
      throw base::Interrupted();
    spend(b->comparisons_left_, "comparisons");
  }
}

GameStore& GameStore::instance() {
  static GameStore store;
  return store;
}

GameStore::GameStore()
    : chunks_(new std::atomic<Record*>[detail::MAX_RECORD_CHUNKS]), stripes_(new Stripe[detail::INTERN_STRIPES]),
      arenas_(std::make_unique<Arenas>()) {
  for (std::uint32_t i = 0; i < detail::MAX_RECORD_CHUNKS; ++i)
    chunks_[i].store(nullptr, std::memory_order_relaxed);
  const GameId zero = nus_small(0, 0, 0, 0);
  if (zero != ZERO)
    throw std::logic_error("game store: zero must be interned first");
}

GameStore::~GameStore() {
  for (std::uint32_t i = 0; i < detail::MAX_RECORD_CHUNKS; ++i)
    delete[] chunks_[i].load(std::memory_order_relaxed);
}

std::uint32_t* GameStore::allocate_block(std::size_t words) {
  ArenaCursor& cursor = arena_cursor;
  if (cursor.left < words) {
    const std::size_t size = std::max(words, ARENA_CHUNK_WORDS);
    auto chunk = std::make_unique<std::uint32_t[]>(size);
    std::lock_guard lock(arenas_->mutex);
    cursor.next = chunk.get();
    cursor.left = size;
    arenas_->words += size;
    arenas_->chunks.push_back(std::move(chunk));
  }
  std::uint32_t* block = cursor.next;
  cursor.next += words;
  cursor.left -= words;
  return block;
}

Record& GameStore::new_record(std::uint32_t id) {
  auto& slot = chunks_[id >> detail::RECORD_CHUNK_BITS];
  Record* chunk = slot.load(std::memory_order_acquire);
  if (chunk == nullptr) {
    auto* fresh = new Record[detail::RECORD_CHUNK_SIZE];
    if (slot.compare_exchange_strong(chunk, fresh, std::memory_order_acq_rel))
      chunk = fresh;
    else
      delete[] fresh;
  }
  return chunk[id & (detail::RECORD_CHUNK_SIZE - 1)];
}

std::uint64_t GameStore::hash_of(const Candidate& c) const {
  if (c.is_nus) {
    std::uint64_t h = mix(0x6e7573ULL ^ (std::uint64_t(std::uint32_t(c.ups)) << 32 | c.nim));
    if (c.big) {
      // The limbs, not the decimal text: converting a big number to decimal is quadratic.
      h = mix(h ^ c.big_number->exponent());
      const BigInt& n = c.big_number->numerator();
      h = mix(h ^ std::uint64_t(n.sign() + 1));
      const auto& backend = n.backend();
      for (std::size_t i = 0; i < backend.size(); ++i)
        h = mix(h ^ std::uint64_t(backend.limbs()[i]));
      return h;
    }
    return mix(h ^ mix(std::uint64_t(c.num) ^ (std::uint64_t(c.exp) << 58)));
  }
  std::uint64_t h = mix((std::uint64_t(c.left.size()) << 32) | c.right.size());
  for (GameId g : c.left)
    h = mix(h ^ raw(g));
  h = mix(h ^ 0x7c7c7c7cULL);
  for (GameId g : c.right)
    h = mix(h ^ raw(g));
  return h;
}

bool GameStore::matches(const Record& r, const Candidate& c) const {
  if (c.is_nus != bool(r.flags & detail::KIND_NUS))
    return false;
  if (c.is_nus) {
    if (r.ups != c.ups || r.nim != c.nim || c.big != bool(r.flags & detail::BIG_NUMBER))
      return false;
    if (c.big)
      return arenas_->big_numbers[std::size_t(r.num)] == *c.big_number;
    return r.num == c.num && ((r.flags & detail::EXP_MASK) >> detail::EXP_SHIFT) == c.exp;
  }
  const std::uint32_t* b = r.block.load(std::memory_order_acquire);
  if (b[0] != c.left.size() || b[1] != c.right.size())
    return false;
  return std::equal(c.left.begin(), c.left.end(), reinterpret_cast<const GameId*>(b + 2)) &&
         std::equal(c.right.begin(), c.right.end(), reinterpret_cast<const GameId*>(b + 2 + b[0]));
}

GameId GameStore::intern(const Candidate& c) {
  const std::uint64_t h = hash_of(c);
  Stripe& stripe = stripes_[h >> (64 - detail::INTERN_STRIPE_BITS)];
  const auto tag = static_cast<std::uint32_t>(h);
  tbb::spin_mutex::scoped_lock lock(stripe.mutex);

  std::size_t mask = stripe.slots.size() - 1;
  std::size_t i = tag & mask;
  for (;; i = (i + 1) & mask) {
    const std::uint64_t slot = stripe.slots[i];
    if (slot == 0)
      break;
    if (std::uint32_t(slot >> 32) == tag) {
      const GameId id{std::uint32_t(slot) - 1};
      if (matches(record(id), c))
        return id;
    }
  }

  CreationBudget::charge(); // before any change, so a refusal leaves the store as it was

  // Not present: make the record, then publish it in the slot found empty above. The id is
  // taken before the record is written; nothing reads a record before its id is published.
  const std::uint32_t id = next_id_.fetch_add(1, std::memory_order_acq_rel);
  if (id >= detail::MAX_GAMES) {
    next_id_.fetch_sub(1, std::memory_order_acq_rel);
    throw std::runtime_error(fmt::format("game store is full ({} games)", id));
  }
  Record& r = new_record(id);
  if (c.is_nus) {
    r.flags = detail::KIND_NUS;
    r.ups = c.ups;
    r.nim = c.nim;
    if (c.big) {
      r.flags |= detail::BIG_NUMBER;
      r.num = std::int64_t(arenas_->big_numbers.push_back(*c.big_number) - arenas_->big_numbers.begin());
    } else {
      r.num = c.num;
      r.flags |= std::uint32_t(c.exp) << detail::EXP_SHIFT;
    }
    if (c.ups == 0 && c.nim == 0)
      r.flags |= detail::IS_NUMBER;
  } else {
    std::uint32_t* b = allocate_block(2 + c.left.size() + c.right.size());
    b[0] = std::uint32_t(c.left.size());
    b[1] = std::uint32_t(c.right.size());
    std::copy(c.left.begin(), c.left.end(), reinterpret_cast<GameId*>(b + 2));
    std::copy(c.right.begin(), c.right.end(), reinterpret_cast<GameId*>(b + 2 + b[0]));
    r.block.store(b, std::memory_order_release);
  }
  stripe.slots[i] = (std::uint64_t(tag) << 32) | (std::uint64_t(id) + 1);
  if (++stripe.count * 2 > stripe.slots.size()) {
    std::vector<std::uint64_t> grown(stripe.slots.size() * 2, 0);
    mask = grown.size() - 1;
    for (std::uint64_t slot : stripe.slots) {
      if (slot == 0)
        continue;
      std::size_t j = std::uint32_t(slot >> 32) & mask;
      while (grown[j] != 0)
        j = (j + 1) & mask;
      grown[j] = slot;
    }
    stripe.slots.swap(grown);
  }
  return GameId{id};
}

namespace {

void check_range(std::int64_t ups, std::uint32_t nim) {
  if (ups > detail::MAX_UPS || ups < -detail::MAX_UPS)
    throw base::InputError(fmt::format("value out of range: {} ups (limit {})", ups, detail::MAX_UPS));
  if (nim > detail::MAX_NIMBER)
    throw base::InputError(fmt::format("value out of range: *{} (limit *{})", nim, detail::MAX_NIMBER));
}

} // namespace

GameId GameStore::nus_small(std::int64_t num, unsigned exp, std::int64_t ups, std::uint32_t nim) {
  // Normalise: an odd numerator or a zero exponent, so equal numbers compare equal.
  if (num == 0) {
    exp = 0;
  } else {
    const unsigned shift = std::min<unsigned>(unsigned(std::countr_zero(std::uint64_t(num))), exp);
    num >>= shift; // arithmetic shift of low zero bits: exact for negatives too
    exp -= shift;
  }
  check_range(ups, nim);
  if (exp > detail::MAX_SMALL_EXP || num >= (std::int64_t{1} << detail::SMALL_NUM_BITS) ||
      num <= -(std::int64_t{1} << detail::SMALL_NUM_BITS))
    return nus(Dyadic(BigInt(num), exp), ups, nim);
  Candidate c;
  c.is_nus = true;
  c.num = num;
  c.exp = exp;
  c.ups = std::int32_t(ups);
  c.nim = nim;
  return intern(c);
}

GameId GameStore::nus(const Dyadic& number, std::int64_t ups, std::uint32_t nim) {
  check_range(ups, nim);
  if (fits_small(number.numerator(), number.exponent()))
    return nus_small(number.numerator().convert_to<std::int64_t>(), number.exponent(), ups, nim);
  Candidate c;
  c.is_nus = true;
  c.big = true;
  c.big_number = &number;
  c.ups = std::int32_t(ups);
  c.nim = nim;
  return intern(c);
}

GameId GameStore::general_unchecked(std::span<const GameId> left, std::span<const GameId> right) {
  std::vector<GameId> l(left.begin(), left.end()), r(right.begin(), right.end());
  std::sort(l.begin(), l.end());
  std::sort(r.begin(), r.end());
  assert(std::adjacent_find(l.begin(), l.end()) == l.end());
  assert(std::adjacent_find(r.begin(), r.end()) == r.end());
  assert(!l.empty() && !r.empty()); // a game with an empty side is an integer
  Candidate c;
  c.left = l;
  c.right = r;
  return intern(c);
}

NusValue GameStore::nus_value(GameId g) const {
  const Record& r = record(g);
  assert(r.flags & detail::KIND_NUS);
  return NusValue{number_part(g), r.ups, r.nim};
}

Dyadic GameStore::number_part(GameId g) const {
  const Record& r = record(g);
  assert(r.flags & detail::KIND_NUS);
  if (r.flags & detail::BIG_NUMBER)
    return arenas_->big_numbers[std::size_t(r.num)];
  return Dyadic(BigInt(r.num), (r.flags & detail::EXP_MASK) >> detail::EXP_SHIFT);
}

Options GameStore::options(GameId g) {
  const Record& r = record(g);
  const std::uint32_t* b = r.block.load(std::memory_order_acquire);
  if (b == nullptr)
    b = build_nus_options(g);
  const auto* first = reinterpret_cast<const GameId*>(b + 2);
  return Options{{first, b[0]}, {first + b[0], b[1]}};
}

// Canonical options of x + n.^ + *m (Siegel, CGT, II.4 and II.6; checked against sums built
// through from_options in tests/cgt):
//   number k/2^e, e > 0:  { (k-1)/2^e | (k+1)/2^e };  integer n > 0: { n-1 | };  n < 0: { | n+1 }
//   x + *m (n = 0):       { x + *j | x + *j }  for j < m
//   n > 0:                { x | x + (n-1).^ + *(m^1) }, and Left also has x* when n = 1, m = 1 (^*)
//   n < 0:                the negative of the above.
const std::uint32_t* GameStore::build_nus_options(GameId g) {
  const Record& r = record(g);
  std::vector<GameId> left, right;
  const Dyadic x = number_part(g);
  const std::int64_t n = r.ups;
  const std::uint32_t m = r.nim;
  if (n == 0 && m == 0) {
    if (!x.is_integer()) {
      left.push_back(number(Dyadic(x.numerator() - 1, x.exponent())));
      right.push_back(number(Dyadic(x.numerator() + 1, x.exponent())));
    } else if (x.sign() > 0) {
      left.push_back(number(x - Dyadic(1)));
    } else if (x.sign() < 0) {
      right.push_back(number(x + Dyadic(1)));
    }
  } else if (n == 0) {
    for (std::uint32_t j = 0; j < m; ++j)
      left.push_back(nus(x, 0, j));
    right = left;
  } else if (n > 0) {
    left.push_back(number(x));
    if (n == 1 && m == 1)
      left.push_back(nus(x, 0, 1));
    right.push_back(nus(x, n - 1, m ^ 1u));
  } else {
    right.push_back(number(x));
    if (n == -1 && m == 1)
      right.push_back(nus(x, 0, 1));
    left.push_back(nus(x, n + 1, m ^ 1u));
  }
  std::sort(left.begin(), left.end());
  std::sort(right.begin(), right.end());
  std::uint32_t* b = allocate_block(2 + left.size() + right.size());
  b[0] = std::uint32_t(left.size());
  b[1] = std::uint32_t(right.size());
  std::copy(left.begin(), left.end(), reinterpret_cast<GameId*>(b + 2));
  std::copy(right.begin(), right.end(), reinterpret_cast<GameId*>(b + 2 + b[0]));
  const std::uint32_t* expected = nullptr;
  // Two threads may build the same block; the first published wins and the other is unused.
  if (const_cast<Record&>(r).block.compare_exchange_strong(expected, b, std::memory_order_acq_rel))
    return b;
  return expected;
}

std::size_t GameStore::memory_bytes() const {
  std::size_t bytes = 0;
  const std::uint32_t n = size();
  bytes += std::size_t((n + detail::RECORD_CHUNK_SIZE - 1) / detail::RECORD_CHUNK_SIZE) * detail::RECORD_CHUNK_SIZE * sizeof(Record);
  {
    std::lock_guard lock(arenas_->mutex);
    bytes += arenas_->words * sizeof(std::uint32_t);
  }
  for (unsigned s = 0; s < detail::INTERN_STRIPES; ++s) {
    tbb::spin_mutex::scoped_lock lock(stripes_[s].mutex);
    bytes += stripes_[s].slots.size() * sizeof(std::uint64_t);
  }
  return bytes;
}

} // namespace cgt
