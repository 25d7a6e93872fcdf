#include "domineering/packing_bound.h"

#include "domineering/move_bounds.h"

#include <algorithm>
#include <bit>
#include <cstdint>

namespace domineering {

namespace {

// One of X's lines (a row for Horizontal, a column for Vertical), bit j = cell j empty. 64 bits,
// so that a line of MAX_SIDE cells still has room for the cell beyond its end, which is 0.
using Line = std::uint64_t;

// X's lines, with two lines of filled cells on either side (index i + PAD is line i): the
// packing looks two lines away from the one it packs.
constexpr int PAD = 2;
struct Lines {
  std::array<Line, MAX_SIDE + 2 * PAD> empty{};
  int count = 0;
};

Lines lines_of(const Board& b, Side x) {
  Lines l;
  if (x == Side::Right) {
    l.count = b.height();
    for (int r = 0; r < b.height(); ++r)
      l.empty[std::size_t(r + PAD)] = b.row(r);
  } else {
    l.count = b.width();
    for (int r = 0; r < b.height(); ++r)
      for (RowBits row = b.row(r); row; row &= row - 1)
        l.empty[std::size_t(std::countr_zero(row) + PAD)] |= Line{1} << r;
  }
  return l;
}

} // namespace

Packing pack(const Board& b, Side x) {
  Packing p;
  const Lines l = lines_of(b, x);
  const auto empty = [&](int i) { return l.empty[std::size_t(i)]; };
  const auto filled = [&](int i) { return ~l.empty[std::size_t(i)]; };
  std::array<Line, MAX_SIDE + 2 * PAD> used{}; // cells packed so far
  const int end = l.count + PAD;

  // Protective areas in lines i and i + 1, cells j and j + 1: empty and unpacked, a wall (both
  // cells filled) in line i - 1 or in line i + 2, and the cells beyond on either side unpacked,
  // so that no move of the other side reaches two blocks.
  for (int i = PAD; i < end; ++i) {
    Line blocked = used[std::size_t(i - 1)] | used[std::size_t(i)] | used[std::size_t(i + 1)] | used[std::size_t(i + 2)] |
                   filled(i) | filled(i + 1);
    blocked |= blocked >> 1;
    const Line walls = (filled(i - 1) & (filled(i - 1) >> 1)) | (filled(i + 2) & (filled(i + 2) >> 1));
    for (Line sites = walls & ~blocked; sites;) {
      const Line block = Line{3} << std::countr_zero(sites);
      sites &= ~block;
      used[std::size_t(i)] |= block;
      used[std::size_t(i + 1)] |= block;
      ++p.protective;
    }
  }

  // Vulnerable placements and unused dead cells, line by line, each run of unpacked empty cells
  // walked from its low end. `open` is an unpaired cell the other side can cover (0 if none),
  // `dead_odd` says an odd number of dead cells followed it (or began the run, if open is 0):
  // their even part are safe moves, the spare one pairs with a neighbour.
  for (int i = PAD; i < end; ++i) {
    const Line dead = empty(i) & filled(i - 1) & filled(i + 1);
    // Cells a move of the other side could cover together with another placement of X's.
    const Line next = empty(i + 1);
    const Line near = used[std::size_t(i - 1)] | (next & ((next << 1) | (next >> 1)));
    const auto place = [&](Line first, bool with_dead) {
      const Line cells = first | (first << 1);
      used[std::size_t(i)] |= cells;
      const bool shared = (cells & near) != 0;
      (shared ? p.shared : p.lone) += 1;
      if (with_dead)
        (shared ? p.shared_dead : p.lone_dead) += 1;
    };
    Line open = 0, previous = 0, last_dead = 0;
    bool dead_odd = false;
    const auto close_run = [&] {
      if (open && dead_odd)
        place(open, true); // the open cell and the first dead cell after it
      else if (!open && dead_odd) {
        used[std::size_t(i)] |= last_dead;
        ++p.unused;
      }
      open = 0;
      dead_odd = false;
    };
    for (Line cells = empty(i) & ~used[std::size_t(i)]; cells; cells &= cells - 1) {
      const Line cell = cells & (~cells + 1);
      if (!(previous & (cell >> 1)))
        close_run();
      previous = cell;
      if (cell & dead) {
        dead_odd = !dead_odd;
        last_dead = cell;
        continue;
      }
      if (!open) {
        if (dead_odd) {
          place(cell >> 1, true); // the spare dead cell just before this one
          dead_odd = false;
        } else {
          open = cell;
        }
      } else if (dead_odd) {
        place(open, true);
        open = cell;
        dead_odd = false;
      } else if (open == cell >> 1) {
        place(open, false);
        open = 0;
      } else {
        open = cell; // an even run of dead cells (safe moves) left the open cell alone
      }
    }
    close_run();
  }

  // Options: safe placements on unpacked dead cells, lowest first, each claiming the empty cell
  // just before it, or else just after it, if that cell is unpacked and not packed in the lines
  // beside it (nor, after, the start of the next safe placement).
  for (int i = PAD; i < end; ++i) {
    const Line guard = filled(i - 1) & filled(i + 1);
    Line taken = filled(i) | used[std::size_t(i)];
    const Line beside = used[std::size_t(i - 1)] | used[std::size_t(i + 1)];
    Line starts = ~(taken | (taken >> 1)) & guard & (guard >> 1);
    while (starts) {
      const Line first = starts & (~starts + 1);
      starts &= ~(first | (first << 1));
      taken |= first | (first << 1);
      Line cell = first >> 1;
      if (!cell || ((taken | beside) & cell)) {
        cell = first << 2;
        if ((starts | taken | beside) & cell)
          cell = 0;
      }
      if (!cell)
        continue;
      taken |= cell;
      used[std::size_t(i)] |= cell;
      // Covering the cell kills each empty neighbour across X's direction whose other
      // neighbour is filled.
      const int denied = 1 + ((empty(i - 1) & filled(i - 2) & cell) != 0) + ((empty(i + 1) & filled(i + 2) & cell) != 0);
      ++p.options[std::size_t(denied - 1)];
    }
  }
  return p;
}

int packing_margin(Packing p, int safe, int empty, bool moving_first) {
  int& prot = p.protective;
  int& opt3 = p.options[2];
  int& opt2 = p.options[1];
  int& opt1 = p.options[0];
  int unused = p.unused;
  const auto take_shared = [&] {
    --p.shared;
    ++safe;
    p.shared_dead = std::min(p.shared_dead, p.shared); // the one taken had no dead cell, if any
  };
  const auto take_lone = [&] {
    --p.lone;
    ++safe;
    p.lone_dead = std::min(p.lone_dead, p.lone);
  };
  if (moving_first) {
    // The first move goes where a pool is not a whole number of the other side's answers.
    if (prot % 2 == 1) {
      --prot;
      safe += 2;
    } else if (p.shared % 3 != 0) {
      take_shared();
    } else if (p.lone % 2 == 1) {
      take_lone();
    } else if (opt3 % 2 == 1) {
      --opt3;
      unused += 3;
    } else if (opt2 % 2 == 1) {
      --opt2;
      unused += 2;
    } else if (opt1 % 2 == 1) {
      --opt1;
      unused += 1;
    } else if (p.shared > 0) {
      take_shared();
    } else if (p.lone > 0) {
      take_lone();
    } else if (prot > 0) {
      --prot;
      safe += 2;
    } else {
      return -1; // only safe moves: no claim
    }
  }
  // Moving second. A spare block counts as two shared placements.
  if (prot % 2 == 1) {
    --prot;
    p.shared += 2;
  }
  int moves = prot + p.shared / 3 + p.lone / 2 + safe;
  // Bullock's rules for what is left over: a spare shared and a spare lone placement together
  // are one more move (its cells counted against one unused cell); when the pools come out
  // whole, or with that extra move, a spare option drops a class, else X takes the best one.
  bool even = false;
  if (p.shared % 3 != 0 && p.lone % 2 != 0) {
    ++moves;
    --unused;
    even = true;
  } else if (p.shared % 3 == 0 && p.lone % 2 == 0) {
    even = true;
  }
  if (even) {
    if (opt3 % 2 == 1) {
      --opt3;
      ++opt2;
    }
    if (opt2 % 2 == 1) {
      --opt2;
      ++opt1;
    }
  } else if (opt3 % 2 == 1) {
    unused += 3;
    if (opt2 % 2 == 1) {
      --opt2;
      ++opt1;
    }
  } else if (opt2 % 2 == 1) {
    unused += 2;
  } else if (opt1 % 2 == 1) {
    unused += 1;
  }
  // Dead cells of the placements the other side destroys stay unused (the kept ones counted as
  // having them only when the others run out).
  unused += p.shared_dead - (p.shared / 3 - (p.shared - p.shared_dead) / 3);
  unused += p.lone_dead - (p.lone / 2 - (p.lone - p.lone_dead) / 2);
  // Of every two options, X takes one, with the cells it denies.
  unused += 3 * (opt3 / 2) + 2 * (opt2 / 2) + opt1 / 2;
  const int theirs = (empty - 2 * moves - unused) / 2;
  return moves - theirs;
}

int decided_by_packing(const Board& b, Side to_move) {
  const Side other = opponent(to_move);
  const int empty = b.empty_cells();
  if (packing_margin(pack(b, to_move), safe_moves(b, to_move), empty, true) > 0)
    return 1;
  if (packing_margin(pack(b, other), safe_moves(b, other), empty, false) >= 0)
    return -1;
  return 0;
}

} // namespace domineering
