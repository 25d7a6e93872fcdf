#include "domineering/value_table.h"

#include "domineering/region_value.h"
#include "domineering/regions.h"
#include "domineering/shape_memo.h"

#include "cgt/arithmetic.h"
#include "cgt/canonical.h"

#include "base/interrupt.h"

#include <tbb/spin_mutex.h>

#include <map>
#include <mutex>
#include <string>
#include <vector>

namespace domineering {

namespace {

constexpr unsigned STRIPE_BITS = 6;
constexpr std::size_t STRIPES = std::size_t{1} << STRIPE_BITS;
constexpr std::size_t INITIAL_SLOTS = 1024;

} // namespace

struct alignas(64) ValueTable::Stripe {
  struct Entry {
    ShapeKey key;
    std::uint32_t value = 0;
    bool used = false;
  };
  mutable tbb::spin_mutex mutex;
  std::vector<Entry> slots = std::vector<Entry>(INITIAL_SLOTS);
  std::size_t count = 0;
};

// Shapes whose bounding box is too large for a ShapeKey: keyed by their board text under the
// same symmetries, in an ordinary map. Such regions are rare and slow to evaluate anyway.
struct ValueTable::LargeShapes {
  mutable std::mutex mutex;
  std::map<std::string, cgt::GameId> values;
};

ValueTable& ValueTable::shared() {
  static ValueTable table;
  return table;
}

ValueTable::ValueTable() : stripes_(new Stripe[STRIPES]), large_(std::make_unique<LargeShapes>()) {}
ValueTable::~ValueTable() = default;

std::optional<cgt::GameId> ValueTable::find_key(const ShapeKey& key) const {
  const std::uint64_t h = key.hash();
  const Stripe& s = stripes_[h >> (64 - STRIPE_BITS)];
  tbb::spin_mutex::scoped_lock lock(s.mutex);
  const std::size_t mask = s.slots.size() - 1;
  for (std::size_t i = h & mask;; i = (i + 1) & mask) {
    const auto& e = s.slots[i];
    if (!e.used)
      return std::nullopt;
    if (e.key == key)
      return cgt::GameId{e.value};
  }
}

cgt::GameId ValueTable::store_key(const ShapeKey& key, cgt::GameId value) {
  const std::uint64_t h = key.hash();
  Stripe& s = stripes_[h >> (64 - STRIPE_BITS)];
  tbb::spin_mutex::scoped_lock lock(s.mutex);
  std::size_t mask = s.slots.size() - 1;
  std::size_t i = h & mask;
  for (; s.slots[i].used; i = (i + 1) & mask)
    if (s.slots[i].key == key)
      return cgt::GameId{s.slots[i].value}; // another thread got there first: same value
  s.slots[i] = Stripe::Entry{key, cgt::raw(value), true};
  if (++s.count * 2 > s.slots.size()) {
    std::vector<Stripe::Entry> grown(s.slots.size() * 2);
    mask = grown.size() - 1;
    for (const auto& e : s.slots) {
      if (!e.used)
        continue;
      std::size_t j = e.key.hash() & mask;
      while (grown[j].used)
        j = (j + 1) & mask;
      grown[j] = e;
    }
    s.slots.swap(grown);
  }
  const std::size_t n = size_.fetch_add(1, std::memory_order_relaxed) + 1;
  if (progress_ && n % PROGRESS_INTERVAL == 0)
    progress_(n);
  return value;
}

namespace {

// The least text among a large shape's reflections and transposes, and whether it is a transpose.
std::pair<std::string, bool> large_key(const Shape& s) {
  std::pair<std::string, bool> best{s.text(), false};
  const Shape t = s.transposed();
  for (const auto& [shape, negated] : {std::pair{s, false}, std::pair{t, true}}) {
    const Shape variants[] = {shape, shape.reflected_horizontally(), shape.reflected_vertically(),
                              shape.reflected_horizontally().reflected_vertically()};
    for (const Shape& v : variants) {
      std::string text = v.text();
      if (text < best.first)
        best = {std::move(text), negated};
    }
  }
  return best;
}

} // namespace

std::optional<cgt::GameId> ValueTable::find_large(const Shape& s) const {
  const auto [text, negated] = large_key(s);
  std::lock_guard lock(large_->mutex);
  const auto it = large_->values.find(text);
  if (it == large_->values.end())
    return std::nullopt;
  return negated ? cgt::neg(it->second) : it->second;
}

void ValueTable::store_large(const Shape& s, cgt::GameId value) {
  const auto [text, negated] = large_key(s);
  std::lock_guard lock(large_->mutex);
  if (large_->values.emplace(text, negated ? cgt::neg(value) : value).second)
    size_.fetch_add(1, std::memory_order_relaxed);
}

std::optional<cgt::GameId> ValueTable::find(const Shape& region) const {
  if (region.height == 0)
    return cgt::ZERO;
  const auto ck = canonical_key(region);
  if (!ck)
    return find_large(region);
  const auto v = find_key(ck->key);
  if (!v)
    return std::nullopt;
  return ck->negated ? cgt::neg(*v) : *v;
}

namespace {

// Per thread, in front of the shared table: most regions met while evaluating have been met in
// that same orientation before, and a hit also skips the stripe lock.
thread_local ShapeMemo raw_cache(16);

} // namespace

cgt::GameId ValueTable::value(const Shape& region) {
  if (region.height == 0)
    return cgt::ZERO;
  return raw_cache.value(region, [this](const Shape& r) { return value_uncached(r); }).value;
}

cgt::GameId ValueTable::value_uncached(const Shape& region) {
  const auto ck = canonical_key(region);
  if (!ck) {
    if (auto v = find_large(region))
      return *v;
    const cgt::GameId v = evaluate(region);
    store_large(region, v);
    return v;
  }
  if (auto v = find_key(ck->key))
    return ck->negated ? cgt::neg(*v) : *v;
  const cgt::GameId v = store_key(ck->key, evaluate(unpack(ck->key)));
  return ck->negated ? cgt::neg(v) : v;
}

cgt::GameId ValueTable::value(const Board& board) {
  std::vector<cgt::GameId> parts;
  for_each_region(board.rows().data(), board.height(), [&](const RowBits* rows, int first, int last) {
    parts.push_back(value(Shape::normalised(rows + first, last - first + 1)));
  });
  return cgt::sum(parts);
}

cgt::GameId ValueTable::evaluate(const Shape& s) {
  if (const std::atomic<bool>* flag = interrupt_.load(std::memory_order_relaxed); flag != nullptr && flag->load(std::memory_order_relaxed))
    throw base::Interrupted();
  return region_value(s, [this](const Shape& part) { return value(part); });
}

} // namespace domineering
