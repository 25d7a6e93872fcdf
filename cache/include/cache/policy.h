// EvictionPolicy: the contract between the cache frame (cache.h), which owns keys, values, the
// key-to-slot index and the statistics, and an eviction rule, which only orders slots. Splitting
// them this way lets one rule serve the key-only and the value-carrying cache without a copy, and
// keeps each rule small: it sees slot numbers and keys, never values. The cost is a call per hook,
// all of them inlined since the frame is a template over the policy.
#pragma once

#include "cache/key.h"

#include <concepts>
#include <cstddef>

namespace cache {

// The hooks, in the order the frame calls them on one lookup:
//   reserve_slots(capacity)  once, from the frame's constructor, before any other hook: pre-size
//                            every array so that no later hook allocates.
//   on_lookup(key)           at the start of every lookup, hit or miss (clocks, ageing).
//   on_hit(slot, key)        `key`, resident in `slot`, was looked up.
//   admit(key, full)         a missing key is about to be stored; false refuses it (a bypass).
//                            `full` says whether storing it needs an eviction.
//   victim(key)              the cache is full and `key` was admitted: choose a resident slot,
//                            forget everything about it and return it. `key` is the newcomer.
//   on_insert(slot, key)     `key` is now resident in `slot` (a free slot or the victim's).
// Slots run from 0 to capacity - 1; the frame fills them in order and then reuses victims.
// Hooks must not allocate, throw or fail; a policy must be copyable (the adaptive cache copies
// whole caches to split off its simulations).
template <class P>
concept EvictionPolicy = std::copyable<P> && requires(P p, Key k, Slot s, std::size_t n, bool full) {
  p.reserve_slots(n);
  p.on_lookup(k);
  p.on_hit(s, k);
  { p.admit(k, full) } -> std::same_as<bool>;
  { p.victim(k) } -> std::same_as<Slot>;
  p.on_insert(s, k);
};

} // namespace cache
