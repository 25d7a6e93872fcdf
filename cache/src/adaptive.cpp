#include "cache/adaptive.h"

#include <bit>
#include <cmath>

namespace cache::detail {

namespace {

using Limits = AdaptiveCache<>;

} // namespace

void Evidence::add(bool followed_hit, bool hit) {
  if (followed_hit == hit)
    return;
  (hit ? wins : losses) += 1;
  if (wins + losses >= Limits::EVIDENCE_CAP) {
    wins /= 2;
    losses /= 2;
  }
}

double Evidence::z() const {
  const double n = wins + losses;
  return n > 0 ? (wins - losses) / std::sqrt(n) : 0.0;
}

GhostList::GhostList(std::size_t size) : ring_(size), live_(size, 0), index_(size) {}

void GhostList::add(Key key) {
  take(key); // a key inserted without a missed lookup first may still be a ghost
  if (live_[next_])
    index_.erase(ring_[next_]);
  ring_[next_] = key;
  live_[next_] = 1;
  index_.insert(key, Slot(next_));
  next_ = next_ + 1 == ring_.size() ? 0 : next_ + 1;
}

bool GhostList::take(Key key) {
  const Slot at = index_.find(key);
  if (at == NO_SLOT)
    return false;
  index_.erase(key);
  live_[at] = 0;
  return true;
}

HalfLifeTuner::HalfLifeTuner(std::size_t capacity, std::uint64_t half_life) {
  // One simulation per power of two up to MAX_HALF_LIFE, which is never reached; reserving them
  // all keeps the caches in place as the bank grows.
  experts_.reserve(std::bit_width(Limits::MAX_HALF_LIFE) + 1);
  experts_.push_back({Limits::MAX_HALF_LIFE,
                      Cache<AgedLfuPolicy>(capacity, AgedLfuPolicy(Limits::MAX_HALF_LIFE), FirstTime::ignore), {}});
  // Follow the power of two nearest to the starting half-life (on the log scale).
  current_ = std::bit_floor(half_life);
  if (current_ < Limits::MAX_HALF_LIFE && double(half_life) > double(current_) * std::sqrt(2.0))
    current_ *= 2;
}

const Expert& HalfLifeTuner::simulation_of(std::uint64_t half_life) const {
  // Simulations are spawned in order, so the one for 2^k is at index k if it exists yet;
  // until then it is identical to the never-halving one.
  const std::size_t k = std::size_t(std::countr_zero(half_life));
  return half_life < next_spawn_ ? experts_[k] : experts_.back();
}

void HalfLifeTuner::spawn(std::uint64_t half_life) {
  // An aged LFU with half-life H has not halved before lookup H, so at this moment it is exactly
  // the never-halving simulation; a copy set to H continues as if it had run from the start.
  // Its statistics so far are the never-halving one's too.
  Expert& never = experts_.back();
  Cache<AgedLfuPolicy> copy = never.simulation;
  copy.policy().set_half_life(half_life);
  experts_.insert(experts_.end() - 1, Expert{half_life, std::move(copy), never.evidence});
}

std::uint64_t HalfLifeTuner::observe(Key key, std::uint64_t lookup) {
  if (lookup == next_spawn_ && next_spawn_ < Limits::MAX_HALF_LIFE) {
    spawn(next_spawn_);
    next_spawn_ *= 2;
  }
  Expert& current = simulation_of(current_);
  const bool current_hit = current.simulation.access(key);
  Expert* best = nullptr;
  double best_z = Limits::Z_MOVE;
  for (Expert& e : experts_) {
    if (&e == &current)
      continue;
    e.evidence.add(current_hit, e.simulation.access(key));
    if (const double z = e.evidence.z(); z >= best_z) {
      best_z = z;
      best = &e;
    }
  }
  if (!best)
    return 0;
  current_ = best->half_life;
  for (Expert& e : experts_)
    e.evidence = {};
  return current_;
}

} // namespace cache::detail
