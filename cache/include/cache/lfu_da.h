// LfuDaPolicy: LFU with dynamic ageing (LFU-DA) of Arlitt, Cherkasova, Dilley, Friedrich and Jin
// ("Evaluating content management techniques for Web proxy caches", 2000), which is GreedyDual-
// Size with Frequency (GDSF, gdsf.h) with every entry's size and cost equal to 1: each resident
// entry has a key value K = L + F, where F is its number of lookups since it was last inserted
// (the inserting lookup counts as one) and L, the inflation, is a clock shared by the whole table:
// it starts at 0 and is set to the K of every entry evicted. The entry with the least K is
// evicted; ties go to the least recently used.
//
// Why: plain LFU (lfu.h) lets an entry that banked a large count once stay for ever after it stops
// being used. Here an idle entry's K stays where its last use left it, while newcomers and
// re-used entries are valued from the current L, and every eviction of an entry whose K exceeds
// L raises L: an idle entry is overtaken after about K - L evictions (newcomers enter at L + 1,
// so evicting one raises L by one). Frequency still ranks entries used at about the same time;
// age decides between old and recent use.
//
// Naming: LFU-DA is the unit-cost member of the GDSF family, so it is GdsfPolicy itself, built
// with the default CostTable (every key costs 1) and without set_next_cost, under its own name, so
// the rule registry and the reports keep the published name for the published rule. One
// implementation serves both, with the same integer arithmetic, ties and accessors (inflation(),
// value(s), count(s); cost(s) is always 1).
#pragma once

#include "cache/gdsf.h"

namespace cache {

class LfuDaPolicy : public GdsfPolicy {
public:
  static constexpr const char* NAME = "lfu-da";

private:
  using GdsfPolicy::set_next_cost; // every cost is 1
};

} // namespace cache
