// Uses each installed library once: cgt parses a game, domineering values a board, catalogue
// builds a small catalogue, solver decides a board with it, and cache replays a few lookups.
// Prints one line per result.
#include "cache/cache.h"
#include "cache/lru.h"
#include "catalogue/catalogue.h"
#include "cgt/game.h"
#include "domineering/board.h"
#include "domineering/value_table.h"
#include "solver/domineering_solver.h"

#include <iostream>

int main() {
  const cgt::Game g = cgt::Game::parse("{1|-1}");
  std::cout << "temperature of " << g.str() << ": " << g.temperature().to_string() << '\n';

  const auto board = domineering::Board::parse("..#/.../...");
  std::cout << "value of ..#/.../...: " << cgt::to_string(domineering::ValueTable::shared().value(board)) << '\n';

  const auto shapes = catalogue::Catalogue::build(6, 1);
  std::cout << "shapes up to 6 cells: " << shapes.size() << '\n';

  solver::SolveOptions options;
  options.table_mib = 4;
  solver::DomineeringSolver solver(shapes, options);
  const auto result = solver.solve(domineering::Board::parse("4x4"), domineering::Side::Left);
  std::cout << "4x4, Vertical first: " << (result.first_player_wins ? "Vertical" : "Horizontal") << " wins\n";

  cache::Cache<cache::LruPolicy> lru(2);
  for (cache::Key key : {1, 2, 1, 3, 1})
    lru.access(key);
  std::cout << "LRU of 2 entries on 1 2 1 3 1: " << lru.stats().hits << " hits\n";
}
