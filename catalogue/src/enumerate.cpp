#include "catalogue/enumerate.h"

#include "base/input_error.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>

namespace catalogue {

using domineering::RowBits;
using domineering::Shape;

namespace {

// Redelmeier's walk on the half-plane of cells (r, c) with r > 0, or r = 0 and c >= 0, so that
// the origin is the first cell of every polyomino in row-major order. A cell is "seen" once it
// has been offered as a candidate in the current branch; it is offered at most once, which is
// what makes each fixed polyomino appear exactly once.
class Redelmeier {
public:
  Redelmeier(int max_cells, const std::function<void(const int* rows, const int* cols, int n)>& visit)
      : max_(max_cells), visit_(visit), width_(2 * max_cells + 1), seen_(std::size_t(max_cells + 1) * std::size_t(width_), 0) {}

  void run() {
    untried_.reserve(std::size_t(4 * max_ * max_ + 4));
    untried_.push_back(index(0, 0));
    mark(0, 0);
    extend(0, 0);
  }

private:
  int index(int r, int c) const { return r * width_ + (c + max_); }
  void mark(int r, int c) { seen_[std::size_t(index(r, c))] = 1; }
  bool allowed(int r, int c) const { return r > 0 || (r == 0 && c >= 0); }

  // untried_[begin..) are the candidates open to this branch.
  void extend(std::size_t begin, int n) {
    for (std::size_t i = untried_.size(); i-- > begin;) {
      const int cell = untried_[i];
      const int r = cell / width_, c = cell % width_ - max_;
      rows_[std::size_t(n)] = r;
      cols_[std::size_t(n)] = c;
      visit_(rows_.data(), cols_.data(), n + 1);
      if (n + 1 == max_)
        continue;
      // Candidates for deeper branches: the untried ones before i, plus new neighbours of c.
      const std::size_t mark_at = added_.size();
      std::vector<int> next(untried_.begin() + std::ptrdiff_t(begin), untried_.begin() + std::ptrdiff_t(i));
      constexpr int dr[] = {1, 0, 0, -1}, dc[] = {0, 1, -1, 0};
      for (int k = 0; k < 4; ++k) {
        const int nr = r + dr[k], nc = c + dc[k];
        if (nr < 0 || nr > max_ || nc < -max_ || nc > max_ || !allowed(nr, nc))
          continue;
        auto& s = seen_[std::size_t(index(nr, nc))];
        if (s)
          continue;
        s = 1;
        added_.push_back(index(nr, nc));
        next.push_back(index(nr, nc));
      }
      const std::size_t saved = untried_.size();
      const std::size_t new_begin = saved;
      untried_.insert(untried_.end(), next.begin(), next.end());
      extend(new_begin, n + 1);
      untried_.resize(saved);
      while (added_.size() > mark_at) {
        seen_[std::size_t(added_.back())] = 0;
        added_.pop_back();
      }
    }
  }

  int max_;
  const std::function<void(const int*, const int*, int)>& visit_;
  int width_;
  std::vector<unsigned char> seen_;
  std::vector<int> untried_;
  std::vector<int> added_;
  std::array<int, MAX_ENUMERATED_CELLS> rows_{}, cols_{};
};

void check_size(int max_cells) {
  if (max_cells < 1 || max_cells > MAX_ENUMERATED_CELLS)
    throw base::InputError(fmt::format("shape size out of range: {} cells (allowed 1 to {})", max_cells, MAX_ENUMERATED_CELLS));
}

} // namespace

void for_each_shape(int max_cells, const std::function<void(const Shape&)>& visit) {
  check_size(max_cells);
  const std::function<void(const int*, const int*, int)> fixed = [&](const int* rows, const int* cols, int n) {
    const int min_c = *std::min_element(cols, cols + n);
    RowBits bits[MAX_ENUMERATED_CELLS] = {};
    int height = 0;
    for (int i = 0; i < n; ++i) {
      bits[rows[i]] |= RowBits{1} << (cols[i] - min_c);
      height = std::max(height, rows[i] + 1);
    }
    const Shape s = Shape::normalised(bits, height);
    // Keep one representative per class: the one whose own key is the least of its reflections.
    const auto own = domineering::pack(s);
    const auto least = domineering::canonical_key(s, false);
    if (own && least && *own == least->key)
      visit(s);
  };
  Redelmeier(max_cells, fixed).run();
}

std::vector<std::vector<Shape>> shapes_by_size(int max_cells) {
  std::vector<std::vector<Shape>> out(std::size_t(std::max(max_cells, 0)) + 1);
  for_each_shape(max_cells, [&](const Shape& s) { out[std::size_t(s.cells())].push_back(s); });
  return out;
}

std::vector<std::uint64_t> fixed_counts(int max_cells) {
  check_size(max_cells);
  std::vector<std::uint64_t> counts(std::size_t(max_cells) + 1, 0);
  const std::function<void(const int*, const int*, int)> count = [&](const int*, const int*, int n) { ++counts[std::size_t(n)]; };
  Redelmeier(max_cells, count).run();
  return counts;
}

} // namespace catalogue
