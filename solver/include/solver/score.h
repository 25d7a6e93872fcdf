// Scores of the generic search and the one place where distance-to-end ("mate") scores change
// frame. A search computes scores relative to the root (a win at ply p is worth MATE - p), but a
// table entry must mean the same thing wherever the position recurs, so the table holds scores
// relative to the node (MATE - distance from the node). Scores below the game's mate bound are
// plain evaluations and pass through unchanged. The price is one compare per probe and store;
// skipping it is the "root-relative mate scores" failure of the transposition-table article.
#pragma once

#include <cassert>
#include <cstdint>

namespace solver {

using Score = std::int32_t;

// Above every score a game may produce; used only for the initial window and the "no move
// searched yet" sentinel, and never stored (a stored score is the best of real child scores).
inline constexpr Score INFINITE_SCORE = 1 << 20;

// Deepest ply the search accepts; games must end, or be cut by depth, before it.
inline constexpr int MAX_PLY = 1024;

// score_to_tt: root-relative score at `ply` -> node-relative score to store.
// Inverse of score_from_tt: score_from_tt(score_to_tt(v, ply, b), ply, b) == v for every v, and
// score_to_tt(score_from_tt(t, ply, b), ply, b) == t for every stored t that a search at `ply`
// can produce (a node-relative distance score |t| >= b read at ply p stands for an end at least p
// plies from the root, so |t| - p >= b as long as games end within MATE - b plies; the games of
// this project guarantee that, see their MATE_BOUND).
constexpr Score score_to_tt(Score v, int ply, Score mate_bound) {
  assert(ply >= 0 && ply < MAX_PLY);
  if (v >= mate_bound)
    return v + ply;
  if (v <= -mate_bound)
    return v - ply;
  return v;
}

// score_from_tt: node-relative stored score -> root-relative score at `ply`.
// Inverse of score_to_tt (see above for the domain on which both directions hold).
constexpr Score score_from_tt(Score t, int ply, Score mate_bound) {
  assert(ply >= 0 && ply < MAX_PLY);
  if (t >= mate_bound)
    return t - ply;
  if (t <= -mate_bound)
    return t + ply;
  return t;
}

} // namespace solver
