// ShapeMemo: a direct-mapped memo from a region exactly as it lies (translated to the origin, no
// reflection applied) to its value, in front of a slower store. Callers that value the same
// regions again and again mostly meet them in the same orientation, and a hit skips the eight-way
// canonical key and the store behind it. A slot keeps the last shape hashed to it; entries are
// never stale, because a shape's value never changes. Not thread-safe: one per thread.
#pragma once

#include "domineering/shape.h"

#include "cgt/game_id.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

namespace domineering {

class ShapeMemo {
public:
  // 2^bits slots of 24 bytes.
  explicit ShapeMemo(unsigned bits) : shift_(64 - bits), slots_(std::size_t{1} << bits) {}

  std::optional<cgt::GameId> find(const ShapeKey& k) const {
    const Slot& s = slot(k);
    if (s.key == k)
      return cgt::GameId{s.value};
    return std::nullopt;
  }
  void store(const ShapeKey& k, cgt::GameId value) { slot(k) = Slot{k, cgt::raw(value)}; }

  // The value of `region` with this memo in front of compute(region): the memo's (hit), else
  // computed and kept. A region whose box is too large for a key is computed every time.
  struct Answer {
    cgt::GameId value;
    bool hit;
  };
  template <class Compute>
  Answer value(const Shape& region, Compute&& compute) {
    const std::optional<ShapeKey> k = pack(region);
    if (k)
      if (const std::optional<cgt::GameId> v = find(*k))
        return {*v, true};
    const cgt::GameId v = compute(region);
    if (k)
      store(*k, v);
    return {v, false};
  }

private:
  struct Slot {
    ShapeKey key{~std::uint64_t{0}, ~std::uint64_t{0}}; // no shape packs to all ones
    std::uint32_t value = 0;
  };
  Slot& slot(const ShapeKey& k) { return slots_[k.hash() >> shift_]; }
  const Slot& slot(const ShapeKey& k) const { return slots_[k.hash() >> shift_]; }

  unsigned shift_;
  std::vector<Slot> slots_;
};

} // namespace domineering
