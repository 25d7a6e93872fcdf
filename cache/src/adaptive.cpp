#include "cache/adaptive.h"

#include <algorithm>
#include <cmath>

namespace cache::detail {

namespace {

using Limits = AdaptiveCache<>;

// The bank of step 1: round(2^(k / BANK_STEPS_PER_DOUBLING)) for k = 0, 1, 2, ... below
// MAX_HALF_LIFE, and `start`, each once, increasing: 1, 2, 3, 4, 6, 8, 11, 16, 23, 32, 45, 64, 91,
// ... (k = 1 rounds to 1 again). Written as a power of two times 2^(r / steps), so every power of
// two is exact and the rest are rounded from one correctly rounded factor.
std::vector<std::uint64_t> bank_of(std::uint64_t start) {
  constexpr int STEPS = Limits::BANK_STEPS_PER_DOUBLING;
  std::vector<std::uint64_t> bank;
  for (int k = 0;; ++k) {
    const auto h = std::uint64_t(std::llround(std::ldexp(std::exp2(double(k % STEPS) / STEPS), k / STEPS)));
    if (h >= Limits::MAX_HALF_LIFE)
      break;
    if (bank.empty() || bank.back() != h)
      bank.push_back(h);
  }
  if (start < Limits::MAX_HALF_LIFE && !std::binary_search(bank.begin(), bank.end(), start))
    bank.insert(std::lower_bound(bank.begin(), bank.end(), start), start);
  return bank;
}

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

HalfLifeTuner::HalfLifeTuner(std::size_t capacity, std::uint64_t half_life) : bank_(bank_of(half_life)), capacity_(capacity) {
  // Reserving every simulation the bank can hold keeps the caches in place as the bank grows.
  experts_.reserve(AGEINGS * (bank_.size() + 1));
  for (const Ageing ageing : {Ageing::halving, Ageing::dynamic})
    experts_.push_back(
        {Limits::MAX_HALF_LIFE, ageing, Cache<BankPolicy>(capacity, BankPolicy(Limits::MAX_HALF_LIFE, ageing), FirstTime::ignore), {}, 0});
  // Follow the starting half-life itself (it is in the bank), or the never-halving simulation.
  followed_ = std::size_t(std::lower_bound(bank_.begin(), bank_.end(), half_life) - bank_.begin());
}

std::uint64_t HalfLifeTuner::current() const { return followed_ < bank_.size() ? bank_[followed_] : Limits::MAX_HALF_LIFE; }

void HalfLifeTuner::spawn() {
  // An aged LFU with half-life H has not halved before lookup H, so at this moment it is exactly
  // the never-halving simulation of its ageing; a copy set to H continues as if it had run from
  // the start. Its statistics, evidence and hits so far are the never-halving one's too.
  for (std::size_t a = 0; a < AGEINGS; ++a) {
    const Expert& never = experts_[experts_.size() - AGEINGS + a];
    Cache<BankPolicy> copy = never.simulation;
    copy.policy().set_half_life(bank_[spawned_]);
    Expert e{bank_[spawned_], never.ageing, std::move(copy), never.evidence, never.hits};
    experts_.insert(experts_.begin() + std::ptrdiff_t(AGEINGS * spawned_ + a), std::move(e));
  }
  ++spawned_;
}

void HalfLifeTuner::switch_to(std::size_t index, Ageing ageing) {
  followed_ = index;
  ageing_ = ageing;
  // Evidence is against the followed simulation, so it restarts with it.
  for (Expert& e : experts_)
    e.evidence = {};
}

void HalfLifeTuner::follow(const Expert& e) {
  const auto i = std::size_t(&e - experts_.data());
  assert(i < experts_.size());
  switch_to(i < AGEINGS * spawned_ ? i / AGEINGS : bank_.size(), e.ageing);
}

Observation HalfLifeTuner::observe(Key key, std::uint64_t lookup) {
  if (spawned_ < bank_.size() && lookup == bank_[spawned_])
    spawn();
  Observation out;
  // The followed simulation first: the main cache copies its evictions (step 2).
  Expert& current = followed_mut();
  const bool current_hit = current.simulation.find(key) != nullptr;
  if (!current_hit)
    out.evicted = current.simulation.insert(key);
  current.hits += current_hit;
  // Every other one: its hits (step 3) and its evidence against the followed one (step 4).
  const Expert* detected = nullptr;
  const Expert* leader = &current;
  double best_z = Limits::Z_MOVE;
  for (Expert& e : experts_) {
    if (&e == &current)
      continue;
    const bool hit = e.simulation.access(key);
    e.hits += hit;
    // Evidence changes only on a disagreement, and none stands at Z_MOVE after a lookup (it
    // would have moved the cache, restarting all evidence), so only a changed one can reach it.
    if (hit != current_hit) {
      e.evidence.add(current_hit, hit);
      if (const double z = e.evidence.z(); z >= best_z) {
        best_z = z;
        detected = &e;
      }
    }
    if (e.hits > leader->hits)
      leader = &e;
  }
  if (detected) {
    // Step 4: the best H has changed; the record of step 3 describes the past, so it restarts.
    follow(*detected);
    for (Expert& e : experts_)
      e.hits = 0;
    out.changed = true;
    return out;
  }
  if (leader != &current && lookup >= next_check_) {
    next_check_ = lookup + capacity_;
    out.leader = leader;
    out.lead = leader->hits - current.hits;
  }
  return out;
}

} // namespace cache::detail
