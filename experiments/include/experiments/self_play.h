// Self-play over a schedule: StopsPlayer against itself, game after game, every lookup sent to
// one sink. Game i of the run (counting from 0 across the schedule) starts with Vertical when
// i is even and with Horizontal when it is odd. The run is a pure function of the catalogue,
// the schedule and the seed; its lookups are fingerprinted (FNV-1a over the keys) so that runs
// can be compared without storing them.
#pragma once

#include "experiments/schedule.h"
#include "experiments/stops_player.h"

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace experiments {

inline constexpr std::uint64_t DEFAULT_SEED = 2026;

struct BoardStats {
  std::string board;
  int games = 0;
  std::uint64_t lookups = 0;
  std::uint64_t plies = 0;
  int vertical_wins = 0;
  std::uint64_t large_regions = 0; // regions met but not looked up (StopsPlayer::Unlooked)
};

struct SelfPlayResult {
  std::vector<BoardStats> boards;
  std::uint64_t lookups = 0;
  std::uint64_t fingerprint = 0;
  int games = 0;
  std::uint64_t large_regions = 0; // sums of the boards' counts
};

// progress(games_done, games_total) after each game, if given.
SelfPlayResult self_play(const catalogue::Catalogue& c, const Schedule& s, std::uint64_t seed, const LookupSink& lookup,
                         const std::function<void(int, int)>& progress = {});

// The FNV-1a fingerprint of a key sequence, as self_play computes it.
std::uint64_t fingerprint(const std::vector<std::uint32_t>& keys);
// The same for 64-bit keys (a trace read back from a file): a key below 2^32 mixes its 4 bytes
// exactly as above, so a recorded run fingerprints the same either way; a larger key (which no
// self-play makes) mixes all 8.
std::uint64_t fingerprint(std::span<const std::uint64_t> keys);

} // namespace experiments
