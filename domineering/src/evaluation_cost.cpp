#include "domineering/evaluation_cost.h"

#include "domineering/region_value.h"

#include "cgt/arithmetic.h"

#include <map>
#include <stdexcept>

namespace domineering {

namespace {

// The value of each class met so far, of its canonical orientation (the least key).
class Evaluator {
public:
  cgt::GameId value(const Shape& region) {
    const auto ck = canonical_key(region);
    if (!ck)
      throw std::invalid_argument("a region too large for a key has no evaluation cost");
    auto it = values_.find(ck->key);
    if (it == values_.end()) {
      const cgt::GameId g = region_value(unpack(ck->key), [this](const Shape& part) { return value(part); });
      it = values_.emplace(ck->key, g).first;
    }
    return ck->negated ? cgt::neg(it->second) : it->second;
  }
  std::uint64_t games() const { return values_.size(); }

private:
  std::map<ShapeKey, cgt::GameId> values_;
};

} // namespace

Evaluation evaluate_from_nothing(const Shape& region) {
  Evaluator e;
  const cgt::GameId g = e.value(region);
  return {g, e.games()};
}

} // namespace domineering
