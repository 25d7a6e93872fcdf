// ValueTable: exact CGT values of Domineering regions, memoised by canonical shape for the
// whole run. A region's value is { sums over its Left moves | sums over its Right moves },
// each option being the sum of the regions the move leaves (computed recursively). Keys are
// canonical under the reflections and the transpose (shape.h), so a shape, its reflections
// and its transposes (negated) are computed once. The table is shared by every caller in the
// process, including the parallel catalogue build: lookups and inserts lock one of
// STRIPES striped tables, and two threads racing on one shape compute the same id. The price:
// nothing is ever evicted, so every shape valued stays in memory until the process ends.
#pragma once

#include "domineering/board.h"
#include "domineering/shape.h"

#include "cgt/game_id.h"

#include <atomic>
#include <cstddef>
#include <functional>
#include <memory>
#include <optional>

namespace domineering {

class ValueTable {
public:
  static ValueTable& shared();

  // The value of one connected region of coverable cells (as from for_each_region).
  cgt::GameId value(const Shape& region);
  // The value of a whole board: the sum of its regions' values.
  cgt::GameId value(const Board& board);

  // A stored value, without computing: nullopt if the shape was never evaluated.
  std::optional<cgt::GameId> find(const Shape& region) const;

  // Distinct canonical shapes evaluated so far.
  std::size_t size() const { return size_.load(std::memory_order_relaxed); }

  // Called (from the evaluating thread) each time another PROGRESS_INTERVAL shapes have been
  // stored; the CLI uses it to draw progress. Not thread-safe to change while evaluating.
  static constexpr std::size_t PROGRESS_INTERVAL = 1 << 14;
  void on_progress(std::function<void(std::size_t shapes)> callback) { progress_ = std::move(callback); }
  // While *flag is set, valuing a shape not yet in the table throws base::Interrupted (what has
  // been valued stays, and is right). nullptr: never.
  void set_interrupt(const std::atomic<bool>* flag) { interrupt_.store(flag, std::memory_order_relaxed); }

  ValueTable(const ValueTable&) = delete;
  ValueTable& operator=(const ValueTable&) = delete;
  ~ValueTable();

private:
  ValueTable();
  cgt::GameId value_uncached(const Shape& region);
  cgt::GameId evaluate(const Shape& canonical);
  std::optional<cgt::GameId> find_key(const ShapeKey& key) const;
  cgt::GameId store_key(const ShapeKey& key, cgt::GameId value);
  std::optional<cgt::GameId> find_large(const Shape& s) const;
  void store_large(const Shape& s, cgt::GameId value);

  struct Stripe;
  struct LargeShapes;
  std::unique_ptr<Stripe[]> stripes_;
  std::unique_ptr<LargeShapes> large_;
  std::atomic<std::size_t> size_{0};
  std::atomic<const std::atomic<bool>*> interrupt_{nullptr};
  std::function<void(std::size_t)> progress_;
};

// The shared table polls `flag` while this lives (ValueTable::set_interrupt), and polls nothing
// after: for a front end that values on behalf of one request at a time.
class TableInterruptScope {
public:
  explicit TableInterruptScope(const std::atomic<bool>* flag) { ValueTable::shared().set_interrupt(flag); }
  ~TableInterruptScope() { ValueTable::shared().set_interrupt(nullptr); }
  TableInterruptScope(const TableInterruptScope&) = delete;
  TableInterruptScope& operator=(const TableInterruptScope&) = delete;
};

} // namespace domineering
