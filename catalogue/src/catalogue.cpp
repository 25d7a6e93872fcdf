#include "catalogue/catalogue.h"

#include "catalogue/enumerate.h"

#include "domineering/value_table.h"

#include "base/tsan.h"
#include "cgt/canonical.h"
#include "cgt/stops.h"
#include "cgt/thermograph.h"

#include <tbb/global_control.h>
#include <tbb/parallel_for.h>

#include <algorithm>
#include <atomic>
#include <memory>
#include <mutex>
#include <set>
#include <stdexcept>

namespace catalogue {

using domineering::Shape;

Entry Catalogue::describe_value(cgt::GameId value) {
  Entry e;
  e.value = value;
  e.left_stop = cgt::left_stop(value);
  e.right_stop = cgt::right_stop(value);
  e.mean = cgt::number(cgt::mean(value));
  e.temperature = cgt::number(cgt::temperature(value));
  e.outcome = cgt::outcome(value);
  return e;
}

Entry Catalogue::describe(const Shape& shape, cgt::GameId value) {
  Entry e = describe_value(value);
  e.key = domineering::canonical_key(shape, false)->key;
  e.cells = std::uint8_t(shape.cells());
  e.left_moves = std::uint16_t(shape.move_count(domineering::Side::Left));
  e.right_moves = std::uint16_t(shape.move_count(domineering::Side::Right));
  return e;
}

Catalogue Catalogue::build(int max_cells, int threads, const std::function<void(const BuildProgress&)>& progress) {
  std::unique_ptr<tbb::global_control> limit;
  if (threads > 0)
    limit = std::make_unique<tbb::global_control>(tbb::global_control::max_allowed_parallelism, std::size_t(threads));
  // Layers hold 16-byte keys rather than 136-byte shapes: the largest catalogues have millions.
  std::vector<std::vector<domineering::ShapeKey>> layers(std::size_t(max_cells) + 1);
  for_each_shape(max_cells, [&](const Shape& s) { layers[std::size_t(s.cells())].push_back(*domineering::pack(s)); });
  std::vector<Entry> entries;
  std::mutex report;
  auto& table = domineering::ValueTable::shared();
  for (int n = 1; n <= max_cells; ++n) {
    const auto& layer = layers[std::size_t(n)];
    std::vector<Entry> built(layer.size());
    std::atomic<std::size_t> done{0};
    char tasks_start = 0, tasks_end = 0; // base/tsan.h: the hand-offs TBB makes
    base::tsan::release(&tasks_start);
    tbb::parallel_for(tbb::blocked_range<std::size_t>(0, layer.size(), 16), [&](const tbb::blocked_range<std::size_t>& range) {
      base::tsan::acquire(&tasks_start);
      for (std::size_t i = range.begin(); i != range.end(); ++i) {
        const Shape shape = domineering::unpack(layer[i]);
        built[i] = describe(shape, table.value(shape));
      }
      const std::size_t d = done.fetch_add(range.size()) + range.size();
      if (progress) {
        std::unique_lock lock(report, std::try_to_lock);
        if (lock.owns_lock())
          progress(BuildProgress{n, d, layer.size()});
      }
      base::tsan::release(&tasks_end);
    });
    base::tsan::acquire(&tasks_end);
    entries.insert(entries.end(), built.begin(), built.end());
    std::vector<domineering::ShapeKey>().swap(layers[std::size_t(n)]);
  }
  return from_entries(max_cells, std::move(entries));
}

Catalogue Catalogue::from_entries(int max_cells, std::vector<Entry> entries) {
  Catalogue c;
  c.max_cells_ = max_cells;
  // Files are written in this order, so loading one only checks it: sorting, even sorted input,
  // would cost a noticeable share of the load time.
  const auto before = [](const Entry& a, const Entry& b) { return a.cells != b.cells ? a.cells < b.cells : a.key < b.key; };
  if (!std::is_sorted(entries.begin(), entries.end(), before))
    std::sort(entries.begin(), entries.end(), before);
  for (std::size_t i = 1; i < entries.size(); ++i)
    if (entries[i].key == entries[i - 1].key)
      throw std::logic_error("catalogue: the same shape appears twice");
  c.entries_ = std::move(entries);
  c.index_entries();
  return c;
}

void Catalogue::index_entries() {
  std::size_t slots = 16;
  while (slots < entries_.size() * 2)
    slots *= 2;
  index_.assign(slots, 0);
  const std::size_t mask = slots - 1;
  for (std::size_t i = 0; i < entries_.size(); ++i) {
    std::size_t s = entries_[i].key.hash() & mask;
    while (index_[s] != 0)
      s = (s + 1) & mask;
    index_[s] = std::uint32_t(i + 1);
  }
}

const Entry* Catalogue::find(const Shape& region) const {
  if (index_.empty() || region.cells() > max_cells_)
    return nullptr;
  const auto key = domineering::canonical_key(region, false);
  if (!key)
    return nullptr;
  const std::size_t mask = index_.size() - 1;
  for (std::size_t s = key->key.hash() & mask; index_[s] != 0; s = (s + 1) & mask) {
    const Entry& e = entries_[index_[s] - 1];
    if (e.key == key->key)
      return &e;
  }
  return nullptr;
}

double estimated_build_bytes(int max_cells) {
  // Shapes of 1 to n cells under the reflections, for n = 1 .. 15 (this enumeration's counts).
  static constexpr double SHAPES_UP_TO[] = {0, 1, 3, 6, 15, 36, 104, 312, 1042, 3584, 12871, 46924, 174036, 650885, 2454521, 9306481};
  constexpr int KNOWN = int(std::size(SHAPES_UP_TO)) - 1;
  double shapes = SHAPES_UP_TO[std::min(std::max(max_cells, 0), KNOWN)];
  for (int n = KNOWN; n < max_cells; ++n)
    shapes *= SHAPE_GROWTH;
  return shapes * BUILD_BYTES_PER_SHAPE;
}

Stats stats(const Catalogue& c) {
  Stats s;
  s.by_size.assign(std::size_t(c.max_cells()) + 1, 0);
  std::set<cgt::GameId> values;
  bool first = true;
  for (const Entry& e : c.entries()) {
    ++s.by_size[e.cells];
    ++s.by_outcome[std::string(cgt::to_string(e.outcome))];
    values.insert(e.value);
    const cgt::Dyadic t = cgt::number_value(e.temperature);
    ++s.by_temperature[t];
    if (first || t > s.max_temperature)
      s.max_temperature = t;
    first = false;
  }
  s.distinct_values = values.size();
  return s;
}

} // namespace catalogue
