// Replacement policies: which slot of a bucket a new entry overwrites, or whether it is dropped.
// The table hands a policy one SlotView per slot (empty? same key? depth, relative age) and the
// newcomer's depth; the policy answers with a slot index or REFUSE. Each rule is written once,
// as the formula in its comment, and works for any bucket size, so the article's three tables
// are these classes over 1-slot (always, depth) and 2-slot (two-tier) buckets, and the shared
// table is the same classes over 8-slot cache-line buckets. A policy never sees entry data, so it
// cannot depend on scores; the cost is that "value" can only mean depth and age.
#pragma once

#include "solver/tt_entry.h"

#include <concepts>
#include <cstddef>
#include <span>
#include <string_view>

namespace solver {

// One slot of a bucket, as a policy sees it. `depth` is -1 for an empty slot, so every
// newcomer (depth >= 0) is at least as deep as an empty slot.
struct SlotView {
  bool empty = true;
  bool same_key = false; // holds the newcomer's verification bits
  int depth = -1;
  unsigned age = 0; // generations since it was written (table generation - entry generation)
};

inline constexpr int REFUSE = -1;

template <class P>
concept ReplacementPolicy = requires(std::span<const SlotView> slots, int depth) {
  { P::NAME } -> std::convertible_to<std::string_view>;
  { P::victim(slots, depth) } -> std::same_as<int>;
};

namespace detail {

// The slot holding the same key, else the first empty slot, else the shallowest (the first of
// equals). Precondition: at least one slot.
constexpr int same_or_shallowest(std::span<const SlotView> slots) {
  int best = 0;
  for (std::size_t i = 0; i < slots.size(); ++i) {
    if (slots[i].same_key)
      return int(i);
    if (slots[i].depth < slots[best].depth)
      best = int(i);
  }
  return best;
}

} // namespace detail

// always: every store is kept. Victim = same_or_shallowest; with one slot, the slot.
struct AlwaysReplace {
  static constexpr std::string_view NAME = "always";
  static constexpr int victim(std::span<const SlotView> slots, int /*depth*/) { return detail::same_or_shallowest(slots); }
};

// depth: the resident stays unless the newcomer has at least as much remaining depth.
// Victim v = same_or_shallowest; store iff depth >= v.depth.
struct DepthPreferred {
  static constexpr std::string_view NAME = "depth";
  static constexpr int victim(std::span<const SlotView> slots, int depth) {
    const int v = detail::same_or_shallowest(slots);
    return depth >= slots[v].depth ? v : REFUSE;
  }
};

// two-tier: the first half of the bucket is depth-preferred, the second half always-replace; a
// store that DepthPreferred refuses in the first half goes to the second. With two slots this is
// the article's "two" table. Precondition: an even number of slots.
struct TwoTier {
  static constexpr std::string_view NAME = "two-tier";
  static constexpr int victim(std::span<const SlotView> slots, int depth) {
    const std::size_t half = slots.size() / 2;
    if (const int v = DepthPreferred::victim(slots.first(half), depth); v != REFUSE)
      return v;
    return int(half) + AlwaysReplace::victim(slots.subspan(half), depth);
  }
};

// aging: every store is kept. The slot with the same key is overwritten, else the first empty
// slot; otherwise evict the oldest generation, and among equally old entries the shallowest:
// the minimum of depth - AGE_WEIGHT * age with AGE_WEIGHT above any depth difference, which is
// the lexicographic order (age descending, depth ascending) compared directly below. Old entries
// are only preferred victims, never ignored by the probe (a search to the end stays valid across
// root searches). Call TranspositionTable::new_search() once per root search so ages advance.
struct Aging {
  static constexpr std::string_view NAME = "aging";
  static constexpr int victim(std::span<const SlotView> slots, int /*depth*/) {
    for (std::size_t i = 0; i < slots.size(); ++i)
      if (slots[i].same_key)
        return int(i);
    int best = 0;
    for (std::size_t i = 0; i < slots.size(); ++i) {
      const SlotView& s = slots[i];
      if (s.empty)
        return int(i);
      const SlotView& b = slots[best];
      if (s.age > b.age || (s.age == b.age && s.depth < b.depth))
        best = int(i);
    }
    return best;
  }
};

static_assert(ReplacementPolicy<AlwaysReplace> && ReplacementPolicy<DepthPreferred>);
static_assert(ReplacementPolicy<TwoTier> && ReplacementPolicy<Aging>);

} // namespace solver
