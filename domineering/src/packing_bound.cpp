#include "domineering/packing_bound.h"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <tuple>
#include <utility>
#include <vector>

namespace domineering {

namespace {

// One of X's lines (a row for Horizontal, a column for Vertical), bit j = cell j empty. 64 bits,
// so that a line of MAX_SIDE cells still has room for the cell beyond its end, which is 0.
using Line = std::uint64_t;

// X's lines, with two lines of filled cells on either side (index i + PAD is line i): the
// packing looks two lines away from the one it packs.
constexpr int PAD = 2;
// Only lines [0, count + 2 PAD) are set, and read: clearing whole arrays would cost a
// noticeable share of the packing's time (measured when chosen: `git log -S PAD -- domineering`). Each is written
// once, not cleared first and then or-ed into: a load from what a memset has just written waits
// for the memset to finish.
struct Lines {
  std::array<Line, MAX_SIDE + 2 * PAD> empty;
  int count = 0;
};

// The 8x8 bit matrix in x (byte i = row i, bit j = column j) transposed: byte j becomes column j.
// Three exchanges of the off-diagonal halves of 2x2, 4x4 and 8x8 sub-blocks (Hacker's Delight).
constexpr std::uint64_t transpose8(std::uint64_t x) {
  x = (x & 0xAA55'AA55'AA55'AA55ULL) | ((x & 0x00AA'00AA'00AA'00AAULL) << 7) | ((x >> 7) & 0x00AA'00AA'00AA'00AAULL);
  x = (x & 0xCCCC'3333'CCCC'3333ULL) | ((x & 0x0000'CCCC'0000'CCCCULL) << 14) | ((x >> 14) & 0x0000'CCCC'0000'CCCCULL);
  x = (x & 0xF0F0'F0F0'0F0F'0F0FULL) | ((x & 0x0000'0000'F0F0'F0F0ULL) << 28) | ((x >> 28) & 0x0000'0000'F0F0'F0F0ULL);
  return x;
}

Lines lines_of(const Board& b, Side x) {
  Lines l;
  l.count = x == Side::Right ? b.height() : b.width();
  for (int k = 0; k < PAD; ++k)
    l.empty[std::size_t(k)] = l.empty[std::size_t(l.count + PAD + k)] = 0;
  if (x == Side::Right) {
    for (int r = 0; r < b.height(); ++r)
      l.empty[std::size_t(r + PAD)] = b.row(r);
    return l;
  }
  // Vertical's lines are the columns: the board transposed an 8x8 block at a time, which costs
  // far less than a cell at a time.
  for (int r0 = 0; r0 < b.height(); r0 += 8)
    for (int c0 = 0; c0 < b.width(); c0 += 8) {
      std::uint64_t block = 0;
      for (int k = 0; k < 8 && r0 + k < b.height(); ++k)
        block |= std::uint64_t((b.row(r0 + k) >> c0) & 0xFF) << (8 * k);
      block = transpose8(block);
      for (int k = 0; k < 8 && c0 + k < b.width(); ++k) {
        const Line part = Line((block >> (8 * k)) & 0xFF) << r0;
        Line& column = l.empty[std::size_t(c0 + k + PAD)];
        column = r0 == 0 ? part : column | part;
      }
    }
  return l;
}

Lines lines_from(const RowBits* lines, int count) {
  Lines l;
  l.count = count;
  for (int k = 0; k < PAD; ++k)
    l.empty[std::size_t(k)] = l.empty[std::size_t(count + PAD + k)] = 0;
  for (int i = 0; i < count; ++i)
    l.empty[std::size_t(i + PAD)] = lines[i];
  return l;
}

constexpr Line EVEN_CELLS = 0x5555'5555'5555'5555ULL;

// Every second cell of each run of `cells`, from its low end (the cells of its first cell's
// parity), all runs at once: a run starts at an even cell if a carry from its first cell runs
// through it. Picking the lowest cell and dropping the one after it, cell by cell, is the same,
// with a branch per cell that the CPU mispredicts.
constexpr Line alternate_cells(Line cells) {
  const Line from_even = cells & ~(cells + (cells & ~(cells << 1) & EVEN_CELLS));
  return cells & ((from_even & EVEN_CELLS) | (~from_even & ~EVEN_CELLS));
}

// The first cells of the placements that pair every run of `cells` from its low end, floor(run
// / 2) of them a run: those of alternate_cells with a cell after them.
constexpr Line pair_firsts(Line cells) { return alternate_cells(cells) & (cells >> 1); }

// What the walk of pack's second pass makes of the runs of `unpacked` (cells of one line, `dead`
// among them): each run from its low end, `open` an unpaired cell the other side can cover (0 if
// none), `dead_odd` whether an odd number of dead cells followed it (or began the run, if open
// is 0): their even part are safe moves, the spare one pairs with a neighbour. Runs are
// independent, so pack looks each short one up in RUN_TABLE, built from this.
struct Runs {
  Line firsts = 0;      // first cells of the placements
  Line dead_firsts = 0; // ... of those with a dead cell
  Line unused = 0;      // dead cells in no placement
};

constexpr Runs walk_runs(Line unpacked, Line dead) {
  Runs r;
  const auto place = [&](Line first, bool with_dead) {
    r.firsts |= first;
    if (with_dead)
      r.dead_firsts |= first;
  };
  Line open = 0, previous = 0, last_dead = 0;
  bool dead_odd = false;
  const auto close_run = [&] {
    if (open && dead_odd)
      place(open, true); // the open cell and the first dead cell after it
    else if (!open && dead_odd)
      r.unused |= last_dead;
    open = 0;
    dead_odd = false;
  };
  for (Line cells = unpacked; cells; cells &= cells - 1) {
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
  return r;
}

// walk_runs of every run of at most RUN_TABLE_CELLS cells, at index 2^length + its dead cells
// (48 KiB, built at start-up): walking the runs of a line with dead cells cell by cell costs a
// branch per cell that the CPU mispredicts, a large share of the packing's time (measured when
// chosen: `git log -S RUN_TABLE_CELLS`).
constexpr int RUN_TABLE_CELLS = 12;
struct RunEntry {
  std::uint16_t firsts, dead_firsts, unused;
};
struct RunTable {
  std::array<RunEntry, std::size_t{2} << RUN_TABLE_CELLS> entry{};
  RunTable() {
    for (int length = 1; length <= RUN_TABLE_CELLS; ++length) {
      const Line cells = (Line{1} << length) - 1;
      for (Line dead = 0; dead <= cells; ++dead) {
        const Runs r = walk_runs(cells, dead);
        entry[std::size_t((Line{1} << length) | dead)] = {std::uint16_t(r.firsts), std::uint16_t(r.dead_firsts), std::uint16_t(r.unused)};
      }
    }
  }
};
const RunTable RUN_TABLE{};

// walk_runs of each run of a whole line's unpacked cells, from RUN_TABLE (or cell by cell, for
// a run too long for it).
Runs walk_line(Line unpacked, Line dead) {
  Runs r;
  for (Line rest = unpacked; rest;) {
    const int first = std::countr_zero(rest);
    const int length = std::countr_one(rest >> first);
    const Line cells = (Line{2} << (length - 1)) - 1;
    rest &= ~(cells << first);
    const Line dead_here = (dead >> first) & cells;
    if (length <= RUN_TABLE_CELLS) {
      const RunEntry& e = RUN_TABLE.entry[(std::size_t{1} << length) | dead_here];
      r.firsts |= Line(e.firsts) << first;
      r.dead_firsts |= Line(e.dead_firsts) << first;
      r.unused |= Line(e.unused) << first;
    } else {
      const Runs long_run = walk_runs(cells, dead_here);
      r.firsts |= long_run.firsts << first;
      r.dead_firsts |= long_run.dead_firsts << first;
      r.unused |= long_run.unused << first;
    }
  }
  return r;
}

// walk_line of every line of at most LINE_TABLE_CELLS cells, indexed by the line read as base 3
// (a cell is 0 packed or filled, 1 unpacked, 2 unpacked and dead; 3^10 entries of 4 bytes, 231
// KiB, built at start-up): base3[unpacked] + base3[dead]. The walk run by run costs branches
// the CPU mispredicts at the end of every run and line; one load does not. pack asks it only of
// lines with a dead cell (the others pair from their low ends, a few word operations), so that
// inside a search the table competes less with the transposition table for the cache (measured
// when chosen: `git log -S LINE_TABLE`).
constexpr int LINE_TABLE_CELLS = 10;
constexpr Line LINE_CELLS = (Line{1} << LINE_TABLE_CELLS) - 1;
struct LineTable {
  std::array<std::uint16_t, std::size_t{1} << LINE_TABLE_CELLS> base3{};
  std::vector<std::uint32_t> entry; // firsts | dead_firsts << LINE_TABLE_CELLS | unused << 2 LINE_TABLE_CELLS
  LineTable() {
    for (std::size_t x = 0; x < base3.size(); ++x)
      for (int j = LINE_TABLE_CELLS - 1; j >= 0; --j)
        base3[x] = std::uint16_t(3 * base3[x] + ((x >> j) & 1));
    entry.resize(std::size_t(base3.back()) * 2 + 1);
    for (Line unpacked = 0; unpacked <= LINE_CELLS; ++unpacked)
      for (Line dead = unpacked;; dead = (dead - 1) & unpacked) { // every subset of unpacked
        const Runs r = walk_line(unpacked, dead);
        entry[std::size_t(base3[unpacked]) + base3[dead]] =
            std::uint32_t(r.firsts | (r.dead_firsts << LINE_TABLE_CELLS) | (r.unused << 2 * LINE_TABLE_CELLS));
        if (dead == 0)
          break;
      }
  }
  Runs walk(Line unpacked, Line dead) const {
    const std::uint32_t e = entry[std::size_t(base3[unpacked]) + base3[dead]];
    return {e & LINE_CELLS, (e >> LINE_TABLE_CELLS) & LINE_CELLS, e >> 2 * LINE_TABLE_CELLS};
  }
};
const LineTable LINE_TABLE{};

// X's lines with the pads, as pack's passes and PackingBase index them.
using LineArray = std::array<Line, MAX_SIDE + 2 * PAD>;
static_assert(std::tuple_size_v<LineArray> == PackingBase::SLOTS);

constexpr Line block_cells(Line firsts) { return firsts | (firsts << 1); }

// Pack's first pass at line i: the first cells of the protective areas in lines i and i + 1,
// cells j and j + 1: empty and unpacked, a wall (both cells filled) in line i - 1 or in line
// i + 2, and the cells beyond on either side unpacked, so that no move of the other side reaches
// two blocks. The blocks of the two lines before (`before`, `last`) are all that is packed yet.
// Blocks lowest first: every second site of each run of sites side by side. Reads lines i - 1 to
// i + 2 only.
Line protective_firsts(const Lines& l, int i, Line before, Line last) {
  const auto filled = [&](int k) { return ~l.empty[std::size_t(k)]; };
  Line blocked = before | last | filled(i) | filled(i + 1);
  blocked |= blocked >> 1;
  const Line walls = (filled(i - 1) & (filled(i - 1) >> 1)) | (filled(i + 2) & (filled(i + 2) >> 1));
  return alternate_cells(walls & ~blocked);
}

// Pack's second pass, a line at a time (second_pass_step), with the cells packed so far: used[i]
// holds line i's blocks from the first pass until step i packs the rest of it, and its options
// once step i + 1 has packed the line after it. Step i reads lines i - 1 to i + 1 and used[i - 1],
// used[i]; the options of line i - 1 that it packs last read lines i - 3 to i + 1.

// Options: safe placements on unpacked dead cells of line i, lowest first, each claiming the
// empty cell just before it, or else just after it, if that cell is unpacked and not packed in
// the lines beside it (nor, after, the start of the next safe placement). Asked of a line
// once the line after it is packed, and only when it has two dead cells side by side: the
// only lines where a safe placement can start.
void options_in(const Lines& l, int i, LineArray& used, PackingCount& count) {
  const auto empty = [&](int k) { return l.empty[std::size_t(k)]; };
  const auto filled = [&](int k) { return ~l.empty[std::size_t(k)]; };
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
    ++count.packing.options[std::size_t(denied - 1)];
  }
}

// Vulnerable placements and unused dead cells of line i. In a line with no dead cell every
// run pairs from its low end: a placement starts at each cell of the run's parity that has a
// cell after it, all runs at once by word operations. Other lines are looked up whole in
// LINE_TABLE when every line is short enough for it (short_lines), else run by run in
// RUN_TABLE (walk_line), and the placements are sorted into shared and lone by words. Line
// i - 1's options come after line i's placements, as they look at both lines beside them, and
// before line i + 1's, whose placements see them.
void second_pass_step(const Lines& l, int i, bool short_lines, LineArray& used, PackingCount& count, bool& options_before) {
  const auto empty = [&](int k) { return l.empty[std::size_t(k)]; };
  const auto filled = [&](int k) { return ~l.empty[std::size_t(k)]; };
  Packing& p = count.packing;
  const Line dead = empty(i) & filled(i - 1) & filled(i + 1);
  count.empty += std::popcount(empty(i));
  // Cells a move of the other side could cover together with another placement of X's.
  const Line next = empty(i + 1);
  const Line near = used[std::size_t(i - 1)] | (next & ((next << 1) | (next >> 1)));
  const Line unpacked = empty(i) & ~used[std::size_t(i)];
  const Line shares = near | (near >> 1); // first cells of placements touching `near`
  // safe(X): the even runs of dead cells and the pairs of the odd ones, as in safe_moves.
  count.safe += std::popcount(pair_firsts(dead));
  const Runs r = !dead         ? Runs{pair_firsts(unpacked), 0, 0}
                 : short_lines ? LINE_TABLE.walk(unpacked, dead & unpacked)
                               : walk_line(unpacked, dead);
  used[std::size_t(i)] |= r.firsts | (r.firsts << 1) | r.unused;
  p.shared += std::popcount(r.firsts & shares);
  p.lone += std::popcount(r.firsts & ~shares);
  p.shared_dead += std::popcount(r.dead_firsts & shares);
  p.lone_dead += std::popcount(r.dead_firsts & ~shares);
  p.unused += std::popcount(r.unused);
  if (options_before)
    options_in(l, i - 1, used, count);
  options_before = (dead & (dead >> 1)) != 0;
}

// The last line's options, after the last step.
void second_pass_finish(const Lines& l, LineArray& used, PackingCount& count, bool options_before) {
  if (options_before)
    options_in(l, l.count + PAD - 1, used, count);
}

// Whether every line fits LINE_TABLE (the second pass's choice of walk; either gives the same
// placements).
bool lines_short(const Lines& l) {
  Line all_cells = 0;
  for (int i = PAD; i < l.count + PAD; ++i)
    all_cells |= l.empty[std::size_t(i)];
  return all_cells <= LINE_CELLS;
}

// c += plus - minus, field by field.
void add_difference(PackingCount& c, const PackingCount& plus, const PackingCount& minus) {
  Packing& p = c.packing;
  p.protective += plus.packing.protective - minus.packing.protective;
  p.shared += plus.packing.shared - minus.packing.shared;
  p.shared_dead += plus.packing.shared_dead - minus.packing.shared_dead;
  p.lone += plus.packing.lone - minus.packing.lone;
  p.lone_dead += plus.packing.lone_dead - minus.packing.lone_dead;
  p.unused += plus.packing.unused - minus.packing.unused;
  for (std::size_t k = 0; k < p.options.size(); ++k)
    p.options[k] += plus.packing.options[k] - minus.packing.options[k];
  c.safe += plus.safe - minus.safe;
  c.empty += plus.empty - minus.empty;
}

// Both passes over every line into `used`: after the first pass's line i, first_done(i, its
// protective firsts, the protective areas so far); after the second pass's step i,
// step_done(i, used, the counts so far, whether line i has options to pack). pack_lines passes
// hooks that do nothing, PackingBase::pack hooks that keep the state.
template <class FirstDone, class StepDone>
PackingCount run_passes(const Lines& l, bool short_lines, LineArray& used, FirstDone&& first_done, StepDone&& step_done) {
  PackingCount tally;
  bool options_before = false;
  const int end = l.count + PAD;
  for (int k = 0; k < PAD; ++k)
    used[std::size_t(k)] = used[std::size_t(end + k)] = 0;
  // used[i] is written once, when line i's blocks are known (the last line has none, as the
  // line after it is off the board).
  Line before = 0, last = 0;
  int protective = 0;
  for (int i = PAD; i < end; ++i) {
    const Line firsts = protective_firsts(l, i, before, last);
    const Line blocks = block_cells(firsts);
    protective += std::popcount(firsts);
    first_done(i, firsts, protective);
    used[std::size_t(i)] = last | blocks;
    before = last;
    last = blocks;
  }
  for (int i = PAD; i < end; ++i) {
    second_pass_step(l, i, short_lines, used, tally, options_before);
    step_done(i, std::as_const(used), std::as_const(tally), options_before);
  }
  second_pass_finish(l, used, tally, options_before);
  tally.packing.protective = protective;
  return tally;
}

PackingCount pack_lines(const Lines& l) {
  LineArray used;
  return run_passes(
      l, lines_short(l), used, [](int, Line, int) {}, [](int, const LineArray&, const PackingCount&, bool) {});
}

bool wins_first(const PackingCount& c) { return packing_margin(c.packing, c.safe, c.empty, true) > 0; }

bool wins_second(const PackingCount& c) { return packing_margin(c.packing, c.safe, c.empty, false) >= 0; }

} // namespace

Packing pack(const Board& b, Side x) { return pack_lines(lines_of(b, x)).packing; }

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
  if (won_by_packing(b, to_move))
    return 1;
  return lost_by_packing(b, to_move) ? -1 : 0;
}

bool won_by_packing(const Board& b, Side to_move) { return wins_first(pack_lines(lines_of(b, to_move))); }

bool lost_by_packing(const Board& b, Side to_move) { return wins_second(pack_lines(lines_of(b, opponent(to_move)))); }

PackingCount packing_count(const RowBits* lines, int count) { return pack_lines(lines_from(lines, count)); }

bool packing_wins_first(const RowBits* lines, int count) { return wins_first(packing_count(lines, count)); }

bool packing_wins_second(const RowBits* lines, int count) { return wins_second(packing_count(lines, count)); }

void PackingBase::pack(const RowBits* lines, int count) {
  count_ = count;
  std::copy_n(lines, count, lines_.begin());
  const Lines l = lines_from(lines, count);
  const int end = count + PAD;
  for (int k = 0; k < PAD; ++k) {
    firsts_[std::size_t(k)] = firsts_[std::size_t(end + k)] = 0;
    protective_through_[std::size_t(k)] = 0;
    walked_[std::size_t(k)] = packed_[std::size_t(k)] = 0;
    options_after_[std::size_t(k)] = false;
    through_[std::size_t(k)] = {};
  }
  short_lines_ = lines_short(l);
  LineArray used;
  total_ = run_passes(
      l, short_lines_, used,
      [&](int i, Line firsts, int protective) {
        firsts_[std::size_t(i)] = firsts;
        protective_through_[std::size_t(i)] = protective;
      },
      [&](int i, const LineArray& u, const PackingCount& tally, bool options_after) {
        walked_[std::size_t(i)] = u[std::size_t(i)];
        packed_[std::size_t(i - 1)] = u[std::size_t(i - 1)];
        options_after_[std::size_t(i)] = options_after;
        through_[std::size_t(i)] = tally;
      });
  packed_[std::size_t(end - 1)] = used[std::size_t(end - 1)];
}

bool PackingBase::holds(const RowBits* lines, int count) const {
  return count == count_ && std::equal(lines, lines + count, lines_.begin());
}

PackingCount PackingBase::count_after(const RowBits* lines, int lo, int hi) const {
  const int end = count_ + PAD;
  const Lines l = lines_from(lines, count_);
  const int changed_first = lo + PAD, changed_last = hi + PAD;

  // The first pass from two lines before the first changed line (line i reads lines i - 1 to
  // i + 2) until its state, the blocks of the last two lines, is the base's again, past the
  // last changed line. blocks_first and blocks_last: the lines whose blocks changed.
  LineArray firsts;
  std::copy_n(firsts_.begin(), end + PAD, firsts.begin());
  int blocks_first = end, blocks_last = -1;
  const int from = std::max(PAD, changed_first - 2);
  Line before = block_cells(firsts[std::size_t(from - 2)]), last = block_cells(firsts[std::size_t(from - 1)]);
  int protective = protective_through_[std::size_t(from - 1)];
  for (int i = from; i < end; ++i) {
    const Line f = protective_firsts(l, i, before, last);
    protective += std::popcount(f);
    if (f != firsts[std::size_t(i)]) {
      blocks_first = std::min(blocks_first, i);
      blocks_last = i;
      firsts[std::size_t(i)] = f;
    }
    before = last;
    last = block_cells(f);
    if (i > changed_last && blocks_last < i - 1) {
      protective += protective_through_[std::size_t(end - 1)] - protective_through_[std::size_t(i)];
      break;
    }
  }

  // The second pass from the first step that reads a changed line or a changed block (see
  // second_pass_step), in the base's state before that step, until its state is the base's
  // again after a step that the changes no longer reach: then the base's counts from there on
  // are this packing's too.
  const int start = std::max(PAD, std::min(changed_first - 1, blocks_first));
  LineArray used;
  used[std::size_t(start - 2)] = packed_[std::size_t(start - 2)];
  used[std::size_t(start - 1)] = walked_[std::size_t(start - 1)];
  for (int k = 0; k < PAD; ++k)
    used[std::size_t(end + k)] = 0;
  bool options_before = options_after_[std::size_t(start - 1)];
  PackingCount tally = through_[std::size_t(start - 1)];
  for (int i = start; i < end; ++i) {
    used[std::size_t(i)] = block_cells(firsts[std::size_t(i - 1)]) | block_cells(firsts[std::size_t(i)]);
    second_pass_step(l, i, short_lines_, used, tally, options_before);
    // Step i + 1 reads lines i to i + 2 and the first pass's blocks from line i on; the options
    // of line i (packed at step i + 1, if any) read lines i - 2 to i + 2, those of line i + 1
    // lines i - 1 to i + 3.
    const bool met = i > changed_last && i > blocks_last && used[std::size_t(i - 1)] == packed_[std::size_t(i - 1)] &&
                     used[std::size_t(i)] == walked_[std::size_t(i)] && options_before == options_after_[std::size_t(i)] &&
                     (!options_before || i - 2 > changed_last) &&
                     (i + 1 == end || !options_after_[std::size_t(i + 1)] || i - 1 > changed_last);
    if (met) {
      add_difference(tally, total_, through_[std::size_t(i)]);
      tally.packing.protective = protective;
      return tally;
    }
  }
  second_pass_finish(l, used, tally, options_before);
  tally.packing.protective = protective;
  return tally;
}

bool PackingBase::wins_first_after(const RowBits* lines, int lo, int hi) const { return wins_first(count_after(lines, lo, hi)); }

bool PackingBase::wins_second_after(const RowBits* lines, int lo, int hi) const { return wins_second(count_after(lines, lo, hi)); }

} // namespace domineering
