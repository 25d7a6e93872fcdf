#include "support/synthetic_traces.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace support {

Zipf::Zipf(std::size_t n, double exponent) : cumulative_(n) {
  if (n == 0)
    throw std::logic_error("zipf: the universe must not be empty");
  double sum = 0;
  for (std::size_t r = 0; r < n; ++r)
    cumulative_[r] = sum += std::pow(double(r + 1), -exponent);
  for (double& c : cumulative_)
    c /= sum;
  cumulative_.back() = 1.0;
}

std::size_t Zipf::operator()(SplitMix64& rng) const {
  const double u = rng.uniform();
  return std::size_t(std::upper_bound(cumulative_.begin(), cumulative_.end(), u) - cumulative_.begin());
}

std::vector<Key> zipf_trace(std::size_t length, std::size_t universe, double exponent, std::uint64_t seed) {
  const Zipf zipf(universe, exponent);
  SplitMix64 rng(seed);
  std::vector<Key> trace(length);
  for (Key& k : trace)
    k = zipf(rng);
  return trace;
}

std::vector<Key> switching_trace(std::size_t length, std::size_t universe, double exponent, std::size_t phase, std::uint64_t seed) {
  if (phase == 0)
    throw std::logic_error("switching trace: the phase must be at least one lookup");
  const Zipf zipf(universe, exponent);
  SplitMix64 rng(seed);
  std::vector<Key> trace(length);
  for (std::size_t t = 0; t < length; ++t)
    trace[t] = Key(t / phase) * universe + zipf(rng);
  return trace;
}

std::vector<Key> drifting_trace(std::size_t length, std::size_t universe, double exponent, std::size_t step, std::uint64_t seed) {
  if (step == 0)
    throw std::logic_error("drifting trace: the step must be at least one lookup");
  const Zipf zipf(universe, exponent);
  SplitMix64 rng(seed);
  std::vector<Key> trace(length);
  for (std::size_t t = 0; t < length; ++t) {
    const std::size_t r = zipf(rng), d = (r + 1) / 2;
    const Key centre = Key(universe) + Key(t / step);
    trace[t] = r % 2 == 1 ? centre + d : centre - d;
  }
  return trace;
}

} // namespace support
