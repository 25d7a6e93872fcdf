#include "solver/tt.h"
#include "solver/unbounded_table.h"

#include <catch2/catch.hpp>

#include <array>
#include <cstdint>
#include <set>
#include <vector>

using namespace solver;

namespace {

// A fixed stream of well-mixed keys (splitmix64 from seed 7).
std::vector<std::uint64_t> keys(std::size_t n) {
  std::uint64_t state = 7;
  std::vector<std::uint64_t> out(n);
  for (auto& k : out) {
    std::uint64_t z = (state += 0x9E37'79B9'7F4A'7C15u);
    z = (z ^ (z >> 30)) * 0xBF58'476D'1CE4'E5B9u;
    z = (z ^ (z >> 27)) * 0x94D0'49BB'1331'11EBu;
    k = z ^ (z >> 31);
  }
  return out;
}

template <class L>
void check_packing_round_trip() {
  using E = PackedEntry<L>;
  // entry data, check bits; extremes of every field (hand-derived from the layout table)
  const std::vector<std::pair<TTData, std::uint64_t>> rows = {
      {{0, 0, Bound::UPPER, NO_MOVE, 0}, 0},
      {{E::SCORE_MAX, E::DEPTH_MAX, Bound::EXACT, E::MOVE_CODES - 1, E::GENERATION_CYCLE - 1}, E::KEY_MASK},
      {{-E::SCORE_MAX, 1, Bound::LOWER, 0, 1}, 1},
      {{-1, 7, Bound::EXACT, 3, E::GENERATION_CYCLE / 2}, E::KEY_MASK >> 1},
      {{1, E::DEPTH_MAX - 1, Bound::UPPER, NO_MOVE, 0}, 0x5A5A & E::KEY_MASK},
  };
  for (const auto& [data, check] : rows) {
    CAPTURE(data.score, data.depth, int(data.bound), data.move, data.generation, check);
    const std::uint64_t word = E::pack(check, data);
    CHECK(word != 0); // a stored word is never the empty word
    CHECK(E::key_of(word) == check);
    CHECK(E::unpack(word) == data);
  }
  // Depth is clamped into the field.
  CHECK(E::depth_of(E::pack(0, {0, E::DEPTH_MAX + 10, Bound::EXACT, NO_MOVE, 0})) == E::DEPTH_MAX);
  CHECK(E::depth_of(E::pack(0, {0, -3, Bound::EXACT, NO_MOVE, 0})) == 0);
}

SlotView slot(int depth, unsigned age = 0, bool same_key = false) { return {false, same_key, depth, age}; }
constexpr SlotView EMPTY{};

} // namespace

TEST_CASE("packed entries round-trip every field at its limits", "[solver]") {
  check_packing_round_trip<Key16Layout>();
  check_packing_round_trip<Key32Layout>();
  static_assert(sizeof(SharedTable<>::Bucket) == 64);
  static_assert(SharedTable<>::BUCKET_WAYS * BYTES_PER_ENTRY == 64);
}

TEST_CASE("replacement policies choose the victim their formula names", "[solver]") {
  // policy, bucket as the policy sees it, newcomer depth, expected slot (REFUSE = -1).
  // Hand calculation from the formulas in replacement.h.
  struct Row {
    const char* name;
    int (*victim)(std::span<const SlotView>, int);
    std::vector<SlotView> slots;
    int depth;
    int expected;
  };
  const Row rows[] = {
      {"always, one slot", AlwaysReplace::victim, {slot(9)}, 0, 0},
      {"always, same key wins", AlwaysReplace::victim, {slot(1), slot(5, 0, true)}, 2, 1},
      {"always, shallowest", AlwaysReplace::victim, {slot(4), slot(2), slot(3)}, 9, 1},
      {"always, empty before shallow", AlwaysReplace::victim, {slot(0), EMPTY}, 0, 1},
      {"depth, deeper resident stays", DepthPreferred::victim, {slot(5)}, 4, REFUSE},
      {"depth, equal depth replaces", DepthPreferred::victim, {slot(5)}, 5, 0},
      {"depth, deeper newcomer replaces", DepthPreferred::victim, {slot(5)}, 6, 0},
      {"depth, empty always taken", DepthPreferred::victim, {EMPTY}, 0, 0},
      {"depth, same key but deeper", DepthPreferred::victim, {slot(1), slot(7, 0, true)}, 3, REFUSE},
      {"two-tier, into depth slot", TwoTier::victim, {slot(3), slot(8)}, 3, 0},
      {"two-tier, refused goes to always slot", TwoTier::victim, {slot(3), slot(8)}, 2, 1},
      {"two-tier, empty depth slot", TwoTier::victim, {EMPTY, EMPTY}, 0, 0},
      {"two-tier 8 ways, depth half", TwoTier::victim, {slot(6), slot(2), slot(7), slot(9), slot(1), slot(1), slot(1), slot(1)}, 2, 1},
      {"two-tier 8 ways, always half", TwoTier::victim, {slot(6), slot(3), slot(7), slot(9), slot(4), slot(0), slot(1), slot(1)}, 2, 5},
      {"aging, same key first", Aging::victim, {slot(0, 3), slot(9, 0, true)}, 0, 1},
      {"aging, empty next", Aging::victim, {slot(0, 3), EMPTY}, 0, 1},
      {"aging, oldest first", Aging::victim, {slot(1, 0), slot(30, 2), slot(2, 1)}, 0, 1},
      {"aging, then shallowest", Aging::victim, {slot(5, 1), slot(3, 1), slot(1, 0)}, 0, 1},
  };
  for (const Row& row : rows) {
    CAPTURE(row.name);
    CHECK(row.victim(row.slots, row.depth) == row.expected);
  }
}

TEST_CASE("index policies spread keys over any bucket count and verify with other bits", "[solver]") {
  const auto ks = keys(2000);
  // bucket count; MulHiIndex must stay in range for every count, power of two or not.
  for (const std::size_t count : {std::size_t{1}, std::size_t{3}, std::size_t{1000}, std::size_t{1} << 20, (std::size_t{1} << 26) + 7}) {
    CAPTURE(count);
    std::set<std::size_t> used;
    for (const std::uint64_t k : ks) {
      const std::size_t b = MulHiIndex::bucket(k, count);
      REQUIRE(b < count);
      used.insert(b);
    }
    CHECK(used.size() * 10 >= std::min<std::size_t>(count, ks.size()) * 8); // 2,000 keys fill >= 80% (1000: 86% expected)
  }
  for (const std::uint64_t k : ks) {
    CHECK(LowBitsIndex::bucket(k, 256) == (k & 255));
    CHECK(LowBitsIndex::check_bits<32>(k) == k >> 32);
    CHECK(MulHiIndex::check_bits<16>(k) == (k & 0xFFFF));
    CHECK(detail::mul_hi64(k, 0x1234'5678'9ABC'DEF1u) ==
          std::uint64_t((__extension__(unsigned __int128)(k) * 0x1234'5678'9ABC'DEF1u) >> 64));
  }
}

TEST_CASE("tables are sized in entries, MiB or bits and refuse sizes they cannot index", "[solver]") {
  // size, ways, expected entries
  CHECK(SharedTable<>(TableSize::from_entries(1000)).entry_count() == 1000); // 125 buckets of 8
  CHECK(SharedTable<>(TableSize::from_entries(1003)).entry_count() == 1000); // rounded down to buckets
  CHECK(SharedTable<>(TableSize::from_mib(1)).bytes() == std::size_t{1} << 20);
  CHECK(SharedTable<>(TableSize::from_mib(4)).entry_count() == (std::size_t{4} << 20) / BYTES_PER_ENTRY); // mapped
  CHECK(ArticleTable<TwoTier, 2>(TableSize::from_bits(5)).bucket_count() == 16);
  CHECK_THROWS_AS(SharedTable<>(TableSize::from_entries(7)), std::invalid_argument);
  CHECK_THROWS_AS((ArticleTable<AlwaysReplace, 1>(TableSize::from_entries(12))), std::invalid_argument);
  CHECK_THROWS_WITH(SharedTable<>(TableSize::from_entries(7)), Catch::Contains("less than one bucket of 8"));
}

TEST_CASE("store then probe returns the entry; other keys miss unless verification is off", "[solver]") {
  ArticleTable<AlwaysReplace, 1> table(TableSize::from_entries(1)); // one slot: every key collides
  const std::uint64_t a = 0x1111'2222'3333'4444u, b = 0x5555'6666'7777'8888u;
  CHECK(!table.probe(a).hit);
  CHECK(table.store(a, 6, -12, Bound::LOWER, 4) == StoreOutcome::INTO_EMPTY);
  const auto [hit, data, writer] = table.probe(a);
  CHECK(hit);
  CHECK(data == TTData{-12, 6, Bound::LOWER, 4, 0});
  CHECK(!table.probe(b).hit);
  table.set_verification(false);
  CHECK(table.probe(b).hit); // the article's unverified slot: anything there is accepted
  CHECK(table.probe(b).data.score == -12);
  table.set_verification(true);
  // The writer stores where the probe looked; a result without a move keeps the old move.
  CHECK(writer.write(7, 3, Bound::EXACT, NO_MOVE) == StoreOutcome::SAME_KEY);
  CHECK(table.probe(a).data == TTData{3, 7, Bound::EXACT, 4, 0});
  CHECK(table.store(b, 1, 0, Bound::UPPER, NO_MOVE) == StoreOutcome::EVICTED);
  CHECK(!table.probe(a).hit);
  table.clear();
  CHECK(table.count_occupied() == 0);
}

TEST_CASE("depth-preferred refusals and two-tier fallbacks are reported as store outcomes", "[solver]") {
  ArticleTable<DepthPreferred, 1> depth(TableSize::from_entries(1));
  // Low-bit tables verify with the high bits, so these keys differ there.
  CHECK(depth.store(std::uint64_t{1} << 40, 5, 0, Bound::EXACT, NO_MOVE) == StoreOutcome::INTO_EMPTY);
  CHECK(depth.store(std::uint64_t{2} << 40, 4, 0, Bound::EXACT, NO_MOVE) == StoreOutcome::REFUSED);
  CHECK(depth.store(std::uint64_t{3} << 40, 5, 0, Bound::EXACT, NO_MOVE) == StoreOutcome::EVICTED);
  CHECK(depth.store(std::uint64_t{3} << 40, 2, 0, Bound::EXACT, NO_MOVE) == StoreOutcome::REFUSED); // same key, shallower
  ArticleTable<TwoTier, 2> two(TableSize::from_entries(2));
  CHECK(two.store(std::uint64_t{1} << 40, 5, 1, Bound::EXACT, NO_MOVE) == StoreOutcome::INTO_EMPTY);
  CHECK(two.store(std::uint64_t{2} << 40, 4, 2, Bound::EXACT, NO_MOVE) == StoreOutcome::INTO_EMPTY); // always slot
  CHECK(two.store(std::uint64_t{3} << 40, 3, 3, Bound::EXACT, NO_MOVE) == StoreOutcome::EVICTED);    // always slot
  CHECK(two.probe(std::uint64_t{1} << 40).hit);
  CHECK(!two.probe(std::uint64_t{2} << 40).hit);
  CHECK(two.probe(std::uint64_t{3} << 40).data.score == 3);
}

TEST_CASE("aging evicts entries of earlier searches before deeper current ones", "[solver]") {
  // One bucket of 8: fill it in generation 0 with deep entries, start a new search, store 8
  // shallow ones: every old entry goes, every new one stays.
  SharedTable<Aging> table(TableSize::from_entries(8));
  const auto ks = keys(16);
  for (int i = 0; i < 8; ++i)
    table.store(ks[std::size_t(i)], 40, i, Bound::EXACT, NO_MOVE);
  table.new_search();
  for (int i = 8; i < 16; ++i)
    CHECK(table.store(ks[std::size_t(i)], 1, i, Bound::EXACT, NO_MOVE) == StoreOutcome::EVICTED);
  for (int i = 0; i < 16; ++i) {
    CAPTURE(i);
    CHECK(table.probe(ks[std::size_t(i)]).hit == (i >= 8));
  }
  CHECK(table.probe(ks[8]).data.generation == 1);
  // Within one generation, the shallowest goes.
  table.store(ks[0], 0, 0, Bound::EXACT, NO_MOVE);
  CHECK(table.probe(ks[0]).hit);
}

TEST_CASE("the unbounded table keeps every key", "[solver]") {
  UnboundedTable table;
  const auto ks = keys(5000);
  for (std::size_t i = 0; i < ks.size(); ++i)
    CHECK(table.probe(ks[i]).writer.write(int(i % 10), Score(i), Bound::EXACT, std::uint32_t(i)) == StoreOutcome::INTO_EMPTY);
  CHECK(table.size() == ks.size());
  for (std::size_t i = 0; i < ks.size(); ++i)
    REQUIRE(table.probe(ks[i]).data == TTData{Score(i), int(i % 10), Bound::EXACT, std::uint32_t(i), 0});
}
