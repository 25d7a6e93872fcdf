#include "experiments/self_play.h"

#include "base/checksum.h"

namespace experiments {

namespace {

// The key's four bytes, least significant first.
void mix(std::uint64_t& h, std::uint32_t key) {
  for (int i = 0; i < 4; ++i)
    h = base::fnv1a64_step(h, static_cast<unsigned char>(key >> (8 * i)));
}

} // namespace

std::uint64_t fingerprint(const std::vector<std::uint32_t>& keys) {
  std::uint64_t h = base::FNV1A64_OFFSET;
  for (std::uint32_t k : keys)
    mix(h, k);
  return h;
}

std::uint64_t fingerprint(std::span<const std::uint64_t> keys) {
  std::uint64_t h = base::FNV1A64_OFFSET;
  for (std::uint64_t k : keys) {
    mix(h, std::uint32_t(k));
    if (k >> 32)
      mix(h, std::uint32_t(k >> 32));
  }
  return h;
}

SelfPlayResult self_play(const catalogue::Catalogue& c, const Schedule& s, std::uint64_t seed, const LookupSink& lookup,
                         const std::function<void(int, int)>& progress) {
  std::mt19937_64 rng(seed);
  StopsPlayer player(c, rng);
  SelfPlayResult result;
  result.fingerprint = base::FNV1A64_OFFSET;
  int total = 0;
  for (const auto& item : s)
    total += item.games;
  const LookupSink counted = [&](std::uint32_t key) {
    ++result.lookups;
    ++result.boards.back().lookups;
    mix(result.fingerprint, key);
    lookup(key);
  };
  for (const auto& item : s) {
    result.boards.push_back(BoardStats{item.name()});
    for (int g = 0; g < item.games; ++g) {
      domineering::Board board(item.rows, item.cols);
      domineering::Side side = result.games % 2 == 0 ? domineering::Side::Left : domineering::Side::Right;
      for (int ply = 0;; ++ply) {
        const auto move = player.choose(board, side, ply, counted);
        if (!move) {
          // The side to move cannot: the other side made the last move and wins.
          if (side == domineering::Side::Right)
            ++result.boards.back().vertical_wins;
          break;
        }
        board.play(*move);
        ++result.boards.back().plies;
        side = domineering::opponent(side);
      }
      ++result.boards.back().games;
      ++result.games;
      // The player's counters run over the whole run; the board gets this game's share.
      result.boards.back().large_regions += player.unlooked().large_regions - result.large_regions;
      result.large_regions = player.unlooked().large_regions;
      if (progress)
        progress(result.games, total);
    }
  }
  return result;
}

} // namespace experiments
