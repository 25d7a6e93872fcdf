#include "solver/score.h"

#include <catch2/catch.hpp>

using solver::Score;
using solver::score_from_tt;
using solver::score_to_tt;

// Mate bound of these rows: scores with |v| >= 900 count plies to the end (MATE = 1000).
constexpr Score MATE = 1000;
constexpr Score MATE_BOUND = 900;

TEST_CASE("score_to_tt and score_from_tt convert distance scores and are inverses", "[solver]") {
  // root-relative score, ply, node-relative score; hand calculation: a win at ply p is MATE - p,
  // stored as MATE - (p - ply); plain scores pass through.
  static const struct Row {
    Score root_relative;
    int ply;
    Score node_relative;
  } rows[] = {
      {0, 0, 0},
      {0, 17, 0},
      {899, 30, 899}, // just below the bound: a plain score
      {-899, 30, -899},
      {MATE - 5, 0, MATE - 5}, // at the root both frames agree
      {MATE - 5, 3, MATE - 2}, // a win 2 plies below a node at ply 3
      {-(MATE - 5), 3, -(MATE - 2)},
      {MATE - 11, 11, MATE}, // a win right at the node
      {MATE - 40, 39, MATE - 1},
      {-(MATE - 40), 39, -(MATE - 1)},
      {MATE_BOUND, 50, MATE_BOUND + 50},
  };
  for (const Row& row : rows) {
    CAPTURE(row.root_relative, row.ply);
    CHECK(score_to_tt(row.root_relative, row.ply, MATE_BOUND) == row.node_relative);
    CHECK(score_from_tt(row.node_relative, row.ply, MATE_BOUND) == row.root_relative);
  }
}

TEST_CASE("a stored distance score read at another ply keeps its distance from the node", "[solver]") {
  // The article's trap: one position, mate in 3 plies from it, reached at ply 5 and at ply 11.
  // Stored at ply 5, it must read as a mate at ply 14 when found at ply 11, not at ply 8.
  // ply stored, ply read, plies from the node to the end.
  static const struct Row {
    int stored_at;
    int read_at;
    int distance;
  } rows[] = {{5, 11, 3}, {11, 5, 3}, {0, 40, 1}, {40, 0, 7}, {2, 2, 9}};
  for (const Row& row : rows) {
    CAPTURE(row.stored_at, row.read_at, row.distance);
    for (const Score sign : {1, -1}) {
      const Score stored = score_to_tt(sign * (MATE - (row.stored_at + row.distance)), row.stored_at, MATE_BOUND);
      CHECK(score_from_tt(stored, row.read_at, MATE_BOUND) == sign * (MATE - (row.read_at + row.distance)));
    }
  }
}

TEST_CASE("the round trip holds for every score and ply in range", "[solver]") {
  // Exhaustive over |v| <= MATE and plies 0..60 with the end at or after the ply.
  for (int ply = 0; ply <= 60; ++ply)
    for (Score v = -MATE; v <= MATE; ++v) {
      if ((v >= MATE_BOUND || v <= -MATE_BOUND) && MATE - (v < 0 ? -v : v) < ply)
        continue; // an end before the node: not a score a search at this ply produces
      const Score t = score_to_tt(v, ply, MATE_BOUND);
      REQUIRE(score_from_tt(t, ply, MATE_BOUND) == v);
      REQUIRE(score_to_tt(score_from_tt(t, ply, MATE_BOUND), ply, MATE_BOUND) == t);
    }
}
