#include "catalogue/binary_file.h"
#include "catalogue/catalogue.h"
#include "catalogue/default_catalogue.h"
#include "catalogue/tsv_file.h"

#include "domineering/board.h"

#include "base/checksum.h"
#include "base/input_error.h"
#include "cgt/game.h"

#include <catch2/catch.hpp>
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <random>
#include <sstream>

using catalogue::Catalogue;
using catalogue::Entry;

namespace {

const Catalogue& eight() {
  static const Catalogue c = Catalogue::build(8);
  return c;
}

// The value of a board by the definition of a game: no regions, no shapes, no symmetry.
cgt::GameId fresh_value(domineering::Board& b, std::map<std::string, cgt::GameId>& memo) {
  const std::string key = b.text();
  if (auto it = memo.find(key); it != memo.end())
    return it->second;
  std::vector<cgt::GameId> sides[2];
  for (auto side : {domineering::Side::Left, domineering::Side::Right}) {
    domineering::Move moves[domineering::MAX_MOVES];
    const int n = b.moves(side, moves);
    for (int i = 0; i < n; ++i) {
      b.play(moves[i]);
      sides[side == domineering::Side::Left ? 0 : 1].push_back(fresh_value(b, memo));
      b.undo(moves[i]);
    }
  }
  return memo[key] = cgt::from_options(sides[0], sides[1]);
}

// An independent thermograph, in doubles (every number here is a dyadic with a small
// denominator, so doubles are exact): walls as breakpoint lists on [-1, HIGH].
constexpr double HIGH = 64;
using Wall = std::vector<std::pair<double, double>>; // (t, value), t increasing, linear between

double at(const Wall& w, double t) {
  for (std::size_t i = 1; i < w.size(); ++i)
    if (t <= w[i].first)
      return w[i - 1].second + (w[i].second - w[i - 1].second) * (t - w[i - 1].first) / (w[i].first - w[i - 1].first);
  return w.back().second;
}

Wall combine(const Wall& f, const Wall& g, bool take_max) {
  std::vector<double> ts;
  for (const auto& p : f)
    ts.push_back(p.first);
  for (const auto& p : g)
    ts.push_back(p.first);
  std::sort(ts.begin(), ts.end());
  ts.erase(std::unique(ts.begin(), ts.end()), ts.end());
  Wall out;
  for (std::size_t i = 0; i < ts.size(); ++i) {
    const double a = at(f, ts[i]), b = at(g, ts[i]);
    out.push_back({ts[i], take_max ? std::max(a, b) : std::min(a, b)});
    if (i + 1 < ts.size()) {
      const double a2 = at(f, ts[i + 1]), b2 = at(g, ts[i + 1]);
      if ((a - b) * (a2 - b2) < 0) {
        const double t = ts[i] + (ts[i + 1] - ts[i]) * (a - b) / ((a - b) - (a2 - b2));
        out.push_back({t, at(f, t)});
      }
    }
  }
  return out;
}

struct Thermo {
  Wall left, right;
  double temperature;
};

Thermo thermo(cgt::GameId g, std::map<cgt::GameId, Thermo>& memo) {
  if (auto it = memo.find(g); it != memo.end())
    return it->second;
  cgt::GameStore& s = cgt::store();
  Thermo th;
  if (s.is_number(g)) {
    const cgt::Dyadic x = s.number_part(g);
    const double v = double(x.numerator().convert_to<long long>()) / std::ldexp(1.0, int(x.exponent()));
    th.left = th.right = Wall{{-1, v}, {HIGH, v}};
    th.temperature = -std::ldexp(1.0, -int(x.exponent()));
  } else {
    const cgt::Options o = s.options(g);
    Wall ls, rs;
    for (cgt::GameId gl : o.left) {
      Wall w = thermo(gl, memo).right;
      for (auto& p : w)
        p.second -= p.first;
      ls = ls.empty() ? w : combine(ls, w, true);
    }
    for (cgt::GameId gr : o.right) {
      Wall w = thermo(gr, memo).left;
      for (auto& p : w)
        p.second += p.first;
      rs = rs.empty() ? w : combine(rs, w, false);
    }
    // The first t where the scaffolds meet, found on the merged breakpoints.
    std::vector<double> ts;
    for (const auto& p : ls)
      ts.push_back(p.first);
    for (const auto& p : rs)
      ts.push_back(p.first);
    std::sort(ts.begin(), ts.end());
    double t = HIGH;
    for (std::size_t i = 0; i < ts.size(); ++i) {
      const double d = at(ls, ts[i]) - at(rs, ts[i]);
      if (d <= 0) {
        if (i == 0) {
          t = ts[0];
        } else {
          const double d0 = at(ls, ts[i - 1]) - at(rs, ts[i - 1]);
          t = ts[i - 1] + (ts[i] - ts[i - 1]) * d0 / (d0 - d);
        }
        break;
      }
    }
    const double mast = at(ls, t);
    th.left = Wall{{-1, at(ls, -1)}};
    th.right = Wall{{-1, at(rs, -1)}};
    for (const auto& p : ls)
      if (p.first > -1 && p.first < t)
        th.left.push_back(p);
    for (const auto& p : rs)
      if (p.first > -1 && p.first < t)
        th.right.push_back(p);
    th.left.push_back({t, mast});
    th.right.push_back({t, mast});
    th.left.push_back({HIGH, mast});
    th.right.push_back({HIGH, mast});
    th.temperature = t;
  }
  return memo[g] = th;
}

} // namespace

TEST_CASE("stored values equal fresh values of the same shapes", "[catalogue]") {
  std::mt19937 rng(8);
  std::map<std::string, cgt::GameId> memo;
  const auto& entries = eight().entries();
  for (int i = 0; i < 200; ++i) {
    const Entry& e = entries[rng() % entries.size()];
    domineering::Board b = e.shape().board();
    CAPTURE(b.text());
    CHECK(fresh_value(b, memo) == e.value);
  }
}

TEST_CASE("transposed shapes have negated values", "[catalogue]") {
  for (const Entry& e : eight().entries()) {
    const Entry* t = eight().find(e.shape().transposed());
    REQUIRE(t != nullptr);
    CHECK(t->value == cgt::neg(e.value));
  }
}

TEST_CASE("the 8-cell catalogue: outcomes, lookup and the hottest shape", "[catalogue]") {
  const Catalogue& c = eight();
  REQUIRE(c.size() == 1042);
  const auto st = catalogue::stats(c);
  CHECK(st.by_outcome.at("L") == st.by_outcome.at("R"));
  std::size_t total = 0;
  for (const auto& [o, n] : st.by_outcome)
    total += n;
  CHECK(total == 1042);
  // Independent computation of every temperature (doubles, the thermograph written above).
  std::map<cgt::GameId, Thermo> memo;
  double hottest = -1;
  for (const Entry& e : c.entries()) {
    const double t = thermo(e.value, memo).temperature;
    CAPTURE(e.shape().text(), cgt::to_string(e.value));
    const cgt::Dyadic mine = cgt::number_value(e.temperature);
    CHECK(t == double(mine.numerator().convert_to<long long>()) / std::ldexp(1.0, int(mine.exponent())));
    hottest = std::max(hottest, t);
  }
  const cgt::Dyadic m = st.max_temperature;
  CHECK(hottest == double(m.numerator().convert_to<long long>()) / std::ldexp(1.0, int(m.exponent())));
  // Lookups: in, out (too big), and every reflection of an entry finds the entry.
  CHECK(c.find(domineering::Shape::of(domineering::Board::parse("3x3"))) == nullptr);
  for (const Entry& e : c.entries()) {
    const auto s = e.shape();
    CHECK(c.find(s.reflected_horizontally()) == &e);
    CHECK(c.find(s.reflected_vertically()) == &e);
  }
}

TEST_CASE("catalogue files round trip", "[catalogue][threads]") {
  const Catalogue& c = eight();
  std::stringstream tsv;
  catalogue::write_tsv(c, tsv);
  const Catalogue back = catalogue::read_tsv(tsv, "memory");
  const Catalogue bin = catalogue::from_binary(catalogue::to_binary(c), "memory");
  const Catalogue values_only = catalogue::from_binary(catalogue::to_binary(c), "memory", catalogue::Check::values);
  for (const Catalogue* other : {&back, &bin, &values_only}) {
    REQUIRE(other->size() == c.size());
    CHECK(other->max_cells() == 8);
    for (std::size_t i = 0; i < c.size(); ++i) {
      const Entry &a = c.entries()[i], &b = other->entries()[i];
      CHECK(a.key == b.key);
      CHECK(a.value == b.value);
      CHECK(a.left_stop == b.left_stop);
      CHECK(a.right_stop == b.right_stop);
      CHECK(a.mean == b.mean);
      CHECK(a.temperature == b.temperature);
      CHECK(a.outcome == b.outcome);
      CHECK(a.left_moves == b.left_moves);
      CHECK(a.right_moves == b.right_moves);
    }
  }
}

namespace {

// Rewrites line 1 so that the checksum matches the (tampered) body: corruption the checksum
// alone cannot see, for the row checks behind it.
std::string with_fixed_checksum(std::string text) {
  const std::size_t nl = text.find('\n');
  std::string first = text.substr(0, nl);
  const std::size_t at = first.find("checksum=");
  first = first.substr(0, at) + fmt::format("checksum={:016x}", base::fnv1a64(std::string_view(text).substr(nl + 1)));
  return first + text.substr(nl);
}

std::string replace_first(std::string s, const std::string& from, const std::string& to) {
  const std::size_t at = s.find(from);
  REQUIRE(at != std::string::npos);
  return s.replace(at, from.size(), to);
}

} // namespace

TEST_CASE("corrupt catalogue files are refused with a clear message", "[catalogue]") {
  std::stringstream out;
  catalogue::write_tsv(eight(), out);
  const std::string good = out.str();
  std::string flipped = good;
  flipped[good.size() / 2] ^= 0x01;
  // tampering, fragment of the message
  const std::vector<std::pair<std::string, std::string>> rows = {
      {flipped, "checksum mismatch"},
      {good.substr(0, good.size() - 100), "checksum mismatch"},
      {replace_first(good, "version=1", "version=2"), "unsupported catalogue version 2"},
      {"", "the file is empty"},
      {"hello\n", "not a domineering catalogue"},
      {with_fixed_checksum(replace_first(good, "shape\tcells", "shape\tsize")), "line 2: unexpected header row"},
      {with_fixed_checksum(replace_first(good, "./.\t2\t1\t", "./.\t2\t2\t")), "line 4: left_stop says '1' but the value 2 gives '2'"},
      {with_fixed_checksum(replace_first(good, "./.\t2\t1\t", "./.\t3\t1\t")), "line 4: cells says 3 but the shape has 2"},
      {with_fixed_checksum(replace_first(good, "./.\t2\t1\t", "./x\t2\t1\t")), "line 4: unexpected character 'x'"},
      {with_fixed_checksum(replace_first(good, "./.\t2\t1\t", "./.\t2\t{1|\t")), "line 4: malformed game expression"},
      {with_fixed_checksum(replace_first(good, "./.\t2\t1\t", "./.\t2\t1")), "line 4: expected 10 tab-separated fields"},
      {with_fixed_checksum(replace_first(good, "./.\t2\t1\t", ".#/#.\t2\t1\t")), "line 4: shape '.#/#.' is not one connected region"},
  };
  for (const auto& [text, message] : rows) {
    CAPTURE(message);
    std::stringstream in(text);
    REQUIRE_THROWS_AS(catalogue::read_tsv(in, "test.tsv"), base::InputError);
    std::stringstream again(text);
    REQUIRE_THROWS_WITH(catalogue::read_tsv(again, "test.tsv"), Catch::Contains(message));
  }
  const std::string bin = catalogue::to_binary(eight());
  std::string bin_flipped = bin;
  bin_flipped[bin.size() / 2] ^= 0x10;
  std::string bin_version = bin;
  bin_version[8] = 7;
  // A file of the first version, whose checksum was FNV-1a a byte at a time: refused with the
  // way out.
  std::string bin_v1 = bin;
  bin_v1[8] = 1;
  {
    const std::uint64_t sum = base::fnv1a64(std::string_view(bin_v1).substr(40));
    std::memcpy(bin_v1.data() + 32, &sum, 8);
  }
  // The shapes, 42 bytes each and key first, end the file: the first shape's bytes, tampered,
  // with the checksum fixed so that the checks behind it are reached.
  const std::size_t at = bin.size() - eight().size() * 42;
  const domineering::ShapeKey& first = eight().entries()[0].key;
  REQUIRE(std::memcmp(bin.data() + at, &first.lo, 8) == 0);
  const auto tampered = [&](const std::function<void(char*)>& change) {
    std::string t = bin;
    change(t.data() + at);
    const std::uint64_t sum = base::fnv1a64_words(std::string_view(t).substr(40));
    std::memcpy(t.data() + 32, &sum, 8);
    return t;
  };
  // A key whose header claims a 32 x 32 box: more cells than a key holds. Found by fuzzing
  // (unpack shifted past 64 bits).
  const std::string bin_key = tampered([](char* shape) {
    shape[15] = char(0xff);
    shape[14] |= char(0xc0);
  });
  // The left stop (second game index, after the 16 key bytes and the value's) moved to another
  // game, and the outcome byte (after the five indices and the cell count) out of range.
  const std::string bin_stop = tampered([](char* shape) {
    std::uint32_t stop = 0;
    std::memcpy(&stop, shape + 20, 4);
    stop = stop == 0 ? 1 : stop - 1;
    std::memcpy(shape + 20, &stop, 4);
  });
  const std::string bin_outcome = tampered([](char* shape) { shape[37] = 9; });
  // The value's game index (after the key) past the last game.
  const std::string bin_ref = tampered([](char* shape) {
    const std::uint32_t past = 0x7fff'ffff;
    std::memcpy(shape + 16, &past, 4);
  });
  // One shape more in the header (outside the checksum) than the file holds.
  std::string bin_count = bin;
  {
    std::uint64_t shapes = 0;
    std::memcpy(&shapes, bin_count.data() + 16, 8);
    ++shapes;
    std::memcpy(bin_count.data() + 16, &shapes, 8);
  }
  const std::vector<std::pair<std::string, std::string>> bin_rows = {
      {bin_key, "malformed key"},
      {bin_flipped, "checksum mismatch"},
      {bin.substr(0, bin.size() - 7), "checksum mismatch"},
      {bin.substr(0, 20), "bad magic"},
      {bin_version, "unsupported catalogue version 7"},
      {bin_v1, "unsupported catalogue version 1 (this program reads version 2; build the file again"},
      {bin_outcome, "disagree with its value"},
      {bin_ref, "shape 0 refers to game 2147483647"},
      {bin_count, "unexpected end of file"},
  };
  for (const auto& [bytes, message] : bin_rows) {
    CAPTURE(message);
    REQUIRE_THROWS_WITH(catalogue::from_binary(bytes, "test.bin"), Catch::Contains(message));
    REQUIRE_THROWS_WITH(catalogue::from_binary(bytes, "test.bin", catalogue::Check::values), Catch::Contains(message));
  }
  // A wrong stop is found by the full check only: Check::values takes it from the file, and the
  // values are still read right.
  REQUIRE_THROWS_WITH(catalogue::from_binary(bin_stop, "test.bin"), Catch::Contains("disagree with its value"));
  const Catalogue values_only = catalogue::from_binary(bin_stop, "test.bin", catalogue::Check::values);
  REQUIRE(values_only.size() == eight().size());
  CHECK(values_only.entries()[0].left_stop != eight().entries()[0].left_stop);
  for (std::size_t i = 0; i < eight().size(); ++i)
    CHECK(values_only.entries()[i].value == eight().entries()[i].value);
}

TEST_CASE("the binary checksum changes with any one byte and with the length", "[catalogue]") {
  // Every byte of the 8-cell catalogue's binary body, in turn, changed in one bit (each of the
  // eight in turn) or to every other value at a few places, and the body cut short by 1 to 9
  // bytes: no change leaves the sum as it was.
  const std::string bin = catalogue::to_binary(eight());
  const std::string_view body = std::string_view(bin).substr(40);
  const std::uint64_t sum = base::fnv1a64_words(body);
  std::string changed(body);
  for (std::size_t i = 0; i < changed.size(); ++i) {
    const char kept = changed[i];
    changed[i] = char(kept ^ (1 << (i % 8)));
    REQUIRE(base::fnv1a64_words(changed) != sum);
    changed[i] = kept;
  }
  for (const std::size_t i : {std::size_t{0}, std::size_t{7}, std::size_t{8}, changed.size() / 2, changed.size() - 1}) {
    const char kept = changed[i];
    for (int v = 0; v < 256; ++v) {
      changed[i] = char(v);
      if (changed[i] != kept)
        REQUIRE(base::fnv1a64_words(changed) != sum);
    }
    changed[i] = kept;
  }
  for (std::size_t cut = 1; cut <= 9; ++cut)
    CHECK(base::fnv1a64_words(body.substr(0, body.size() - cut)) != sum);
}

TEST_CASE("the catalogue builds the same in parallel as on one thread", "[catalogue][threads]") {
  // threads of each build; the second build shares the value table the first one filled, so it
  // is mostly lookups racing on the shared tables
  const Catalogue serial = Catalogue::build(9, 1);
  const Catalogue parallel = Catalogue::build(9, 2);
  REQUIRE(serial.size() == parallel.size());
  for (std::size_t i = 0; i < serial.size(); ++i) {
    CHECK(serial.entries()[i].key == parallel.entries()[i].key);
    CHECK(serial.entries()[i].value == parallel.entries()[i].value);
  }
}

TEST_CASE("the default catalogue fits when cached, when its build fits, or when memory is unknown", "[catalogue]") {
  // A cache directory of the test's own, empty at first.
  char pattern[] = "/tmp/domineering-catalogue-fits-XXXXXX";
  REQUIRE(::mkdtemp(pattern) != nullptr);
  const std::string dir = pattern;
  const char* before = std::getenv("DOMINEERING_CACHE_DIR");
  const std::string saved = before != nullptr ? before : "";
  ::setenv("DOMINEERING_CACHE_DIR", dir.c_str(), 1);
  constexpr double GiB = double(1 << 30);
  // shape size, available GiB (0: unknown), fits
  static const struct Row {
    int cells;
    double available;
    bool fits;
  } rows[] = {{15, 0, true}, {15, 1, false}, {15, 2, false}, {15, 4, true}, {12, 1, true}, {13, 0.1, false}};
  for (const Row& row : rows) {
    CAPTURE(row.cells, row.available);
    CHECK(catalogue::default_catalogue_fits(row.cells, row.available * GiB) == row.fits);
  }
  // Once cached, it only has to be loaded.
  std::ofstream(catalogue::default_cache_path(15)) << "x";
  CHECK(catalogue::default_catalogue_fits(15, 1 * GiB));
  CHECK(catalogue::available_memory_bytes() > 0); // Linux has /proc/meminfo
  if (before != nullptr)
    ::setenv("DOMINEERING_CACHE_DIR", saved.c_str(), 1);
  else
    ::unsetenv("DOMINEERING_CACHE_DIR");
  std::filesystem::remove_all(dir);
}
