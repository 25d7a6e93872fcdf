#include "catalogue/binary_file.h"

#include "catalogue/tsv_file.h"

#include "base/atomic_file.h"
#include "base/checksum.h"
#include "base/input_error.h"
#include "cgt/canonical.h"
#include "cgt/game_store.h"

#include <fmt/format.h>
#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include <algorithm>
#include <atomic>
#include <cstring>
#include <fstream>
#include <memory>
#include <optional>
#include <unordered_map>
#include <vector>

namespace catalogue {

namespace {

constexpr std::size_t HEADER_BYTES = 40;
constexpr std::size_t ENTRY_BYTES = 42;

template <class T>
void put(std::string& out, T v) {
  char b[sizeof(T)];
  std::memcpy(b, &v, sizeof(T));
  out.append(b, sizeof(T));
}

class Writer {
public:
  std::uint32_t index_of(cgt::GameId g) {
    if (auto it = index_.find(g); it != index_.end())
      return it->second;
    cgt::GameStore& s = cgt::store();
    if (s.is_nus(g)) {
      const auto& r = s.record(g);
      if (r.flags & cgt::detail::BIG_NUMBER)
        throw std::runtime_error("catalogue: a number too large for the binary format");
      put<std::uint8_t>(games_, 0);
      put<std::int64_t>(games_, r.num);
      put<std::uint8_t>(games_, std::uint8_t((r.flags & cgt::detail::EXP_MASK) >> cgt::detail::EXP_SHIFT));
      put<std::int32_t>(games_, r.ups);
      put<std::uint32_t>(games_, r.nim);
    } else {
      const cgt::Options o = s.options(g);
      std::vector<std::uint32_t> kids;
      for (cgt::GameId x : o.left)
        kids.push_back(index_of(x));
      for (cgt::GameId x : o.right)
        kids.push_back(index_of(x));
      put<std::uint8_t>(games_, 1);
      put<std::uint32_t>(games_, std::uint32_t(o.left.size()));
      put<std::uint32_t>(games_, std::uint32_t(o.right.size()));
      for (std::uint32_t k : kids)
        put(games_, k);
    }
    const auto i = std::uint32_t(index_.size());
    index_.emplace(g, i);
    return i;
  }

  std::string games_;
  std::unordered_map<cgt::GameId, std::uint32_t> index_;
};

class Parser {
public:
  Parser(std::string_view bytes, std::string name, Check check) : b_(bytes), name_(std::move(name)), check_(check) {}

  [[noreturn]] void fail(std::size_t offset, const std::string& what) const {
    throw base::InputError(fmt::format("catalogue {} at byte {}: {}", name_, offset, what));
  }

  template <class T>
  T get() {
    if (b_.size() - pos_ < sizeof(T))
      fail(pos_, "unexpected end of file (truncated?)");
    T v;
    std::memcpy(&v, b_.data() + pos_, sizeof(T));
    pos_ += sizeof(T);
    return v;
  }

  Catalogue parse() {
    if (b_.size() < HEADER_BYTES || std::memcmp(b_.data(), BINARY_MAGIC, 8) != 0)
      fail(0, "not a binary domineering catalogue (bad magic)");
    pos_ = 8;
    const auto version = get<std::uint32_t>();
    if (version != BINARY_VERSION)
      fail(8, fmt::format("unsupported catalogue version {} (this program reads version {}; build the file again with "
                          "`domineering catalogue build`)",
                          version, BINARY_VERSION));
    const auto max_cells = get<std::uint32_t>();
    const auto shapes = get<std::uint64_t>();
    const auto games = get<std::uint64_t>();
    const auto checksum = get<std::uint64_t>();
    if (max_cells < 1 || max_cells > 255)
      fail(12, fmt::format("max_cells {} out of range", max_cells));
    const std::uint64_t actual = base::fnv1a64_words(b_.substr(HEADER_BYTES));
    if (actual != checksum)
      fail(32, fmt::format("checksum mismatch: the file says {:016x} but its body hashes to {:016x} (corrupt or truncated file)", checksum,
                           actual));
    // Every game takes at least 9 bytes and every shape ENTRY_BYTES: refuse counts the file
    // cannot hold before reserving memory for them.
    if (games > (b_.size() - HEADER_BYTES) / 9 || shapes > (b_.size() - HEADER_BYTES) / ENTRY_BYTES)
      fail(16, "the counts in the header do not fit in the file");

    std::vector<cgt::GameId> ids;
    ids.reserve(games);
    cgt::GameStore& s = cgt::store();
    for (std::uint64_t i = 0; i < games; ++i) {
      const std::size_t at = pos_;
      const auto kind = get<std::uint8_t>();
      if (kind == 0) {
        const auto num = get<std::int64_t>();
        const auto exp = get<std::uint8_t>();
        const auto ups = get<std::int32_t>();
        const auto nim = get<std::uint32_t>();
        if (ups > cgt::detail::MAX_UPS || ups < -cgt::detail::MAX_UPS)
          fail(at, "ups out of range");
        ids.push_back(s.nus(cgt::Dyadic(cgt::BigInt(num), exp), ups, nim));
      } else if (kind == 1) {
        const auto nl = get<std::uint32_t>();
        const auto nr = get<std::uint32_t>();
        if (std::uint64_t(nl) + nr > (b_.size() - pos_) / 4)
          fail(at, "option counts run past the end of the file");
        std::vector<cgt::GameId> left, right;
        for (std::uint32_t k = 0; k < nl + nr; ++k) {
          const auto idx = get<std::uint32_t>();
          if (idx >= ids.size())
            fail(pos_ - 4, fmt::format("option {} refers to game {}, which is not defined before game {}", k, idx, i));
          (k < nl ? left : right).push_back(ids[idx]);
        }
        ids.push_back(cgt::from_options(std::move(left), std::move(right)));
      } else {
        fail(at, fmt::format("unknown game kind {}", kind));
      }
    }
    // The shapes, ENTRY_BYTES each, end the file: each is read where it lies and checked in
    // parallel (checking is most of the load time of a large catalogue), the first bad one in
    // file order reported. No copy of them is made first, which would write and page in the
    // whole shape section for nothing.
    const std::size_t shapes_at = pos_;
    if ((b_.size() - shapes_at) / ENTRY_BYTES < shapes)
      fail(shapes_at + (b_.size() - shapes_at) / ENTRY_BYTES * ENTRY_BYTES, "unexpected end of file (truncated?)");
    pos_ = shapes_at + shapes * ENTRY_BYTES;
    const auto record = [&](std::size_t i) { return read_record(shapes_at + i * ENTRY_BYTES); };
    // Derived numbers depend on the value only: work them out once per distinct value (the
    // thermographs are most of a full check's time; Check::values leaves them to `catalogue
    // check`).
    std::vector<Entry> derived(check_ == Check::full ? ids.size() : 0);
    if (check_ == Check::full) {
      std::vector<std::uint8_t> used(ids.size(), 0);
      for (std::size_t i = 0; i < shapes; ++i)
        if (const std::uint32_t v = record(i).refs[0]; v < ids.size())
          used[v] = 1;
      std::vector<std::uint32_t> values;
      for (std::uint32_t v = 0; v < ids.size(); ++v)
        if (used[v])
          values.push_back(v);
      tbb::parallel_for(tbb::blocked_range<std::size_t>(0, values.size(), 64), [&](const tbb::blocked_range<std::size_t>& range) {
        for (std::size_t k = range.begin(); k != range.end(); ++k)
          derived[values[k]] = Catalogue::describe_value(ids[values[k]]);
      });
    }
    std::vector<Entry> entries(shapes);
    std::atomic<std::uint64_t> first_bad{shapes};
    tbb::parallel_for(tbb::blocked_range<std::size_t>(0, shapes, 1024), [&](const tbb::blocked_range<std::size_t>& range) {
      for (std::size_t i = range.begin(); i != range.end(); ++i) {
        const Record r = record(i);
        if (problem(r, i, derived, ids, max_cells, check_)) {
          std::uint64_t seen = first_bad.load(std::memory_order_relaxed);
          while (i < seen && !first_bad.compare_exchange_weak(seen, i, std::memory_order_relaxed)) {
          }
          return;
        }
        Entry& e = entries[i];
        if (check_ == Check::full) {
          e = derived[r.refs[0]];
        } else {
          e.value = ids[r.refs[0]];
          e.left_stop = ids[r.refs[1]];
          e.right_stop = ids[r.refs[2]];
          e.mean = ids[r.refs[3]];
          e.temperature = ids[r.refs[4]];
          e.outcome = cgt::Outcome(r.outcome);
        }
        e.key = r.key;
        e.cells = r.cells;
        e.left_moves = r.left_moves;
        e.right_moves = r.right_moves;
      }
    });
    if (const std::uint64_t i = first_bad.load(); i < shapes) {
      const auto [at, what] = *problem(record(i), i, derived, ids, max_cells, check_);
      fail(at, what);
    }
    if (pos_ != b_.size())
      fail(pos_, "trailing bytes after the last shape");
    try {
      return Catalogue::from_entries(int(max_cells), std::move(entries));
    } catch (const std::logic_error&) {
      fail(HEADER_BYTES, "the same shape appears twice");
    }
  }

private:
  struct Record {
    std::size_t at; // byte offset, for messages
    domineering::ShapeKey key;
    std::uint32_t refs[5]; // value, left stop, right stop, mean, temperature (game indices)
    std::uint8_t cells, outcome;
    std::uint16_t left_moves, right_moves;
  };
  // The shape record at byte `at`, in the order to_binary writes it (the caller checked that
  // the file holds it).
  Record read_record(std::size_t at) const {
    Record r;
    r.at = at;
    const char* p = b_.data() + at;
    const auto take = [&p](auto& v) {
      std::memcpy(&v, p, sizeof v);
      p += sizeof v;
    };
    take(r.key.lo);
    take(r.key.hi);
    for (auto& ref : r.refs)
      take(ref);
    take(r.cells);
    take(r.outcome);
    take(r.left_moves);
    take(r.right_moves);
    return r;
  }
  // What is wrong with shape i, if anything: the same checks as the TSV reader's rows.
  // `derived` holds describe_value() of each value a shape refers to (Check::full only).
  // Each problem comes with the byte offset to report it at.
  static std::optional<std::pair<std::size_t, std::string>> problem(const Record& r, std::size_t i, const std::vector<Entry>& derived,
                                                                    const std::vector<cgt::GameId>& ids, std::uint32_t max_cells,
                                                                    Check check) {
    const auto at_record = [&](std::string what) { return std::optional(std::pair(r.at, std::move(what))); };
    for (std::size_t k = 0; k < 5; ++k)
      if (r.refs[k] >= ids.size())
        return std::optional(std::pair(r.at + 16 + 4 * k, fmt::format("shape {} refers to game {} of {}", i, r.refs[k], ids.size())));
    if (!domineering::is_well_formed(r.key))
      return at_record(fmt::format("shape {} has a malformed key", i));
    // Worked out on the key's cells as they lie, which is cheaper than unpacking every shape.
    const domineering::KeyFacts facts = domineering::key_facts(r.key);
    if (!facts.connected || facts.cells != r.cells || r.cells > max_cells)
      return at_record(fmt::format("shape {} is not one region of {} cells", i, int(r.cells)));
    // Against the value's own (Check::full), or only of the right kind (Check::values).
    const auto derived_differ = [&] {
      if (check == Check::full) {
        const Entry& d = derived[r.refs[0]];
        return d.left_stop != ids[r.refs[1]] || d.right_stop != ids[r.refs[2]] || d.mean != ids[r.refs[3]] ||
               d.temperature != ids[r.refs[4]] || int(d.outcome) != r.outcome;
      }
      const cgt::GameStore& store = cgt::store();
      return r.outcome > int(cgt::Outcome::P) ||
             !std::all_of(r.refs + 1, r.refs + 5, [&](std::uint32_t ref) { return store.is_number(ids[ref]); });
    };
    if (!facts.least_reflection || derived_differ() || facts.left_moves != r.left_moves || facts.right_moves != r.right_moves)
      return at_record(
          fmt::format("shape {} ({}): the stored key, stops, mean, temperature, outcome or move counts disagree with its value", i,
                      domineering::unpack(r.key).text()));
    return std::nullopt;
  }

  std::string_view b_;
  std::string name_;
  Check check_;
  std::size_t pos_ = 0;
};

} // namespace

std::string to_binary(const Catalogue& c) {
  Writer w;
  std::string entries;
  for (const Entry& e : c.entries()) {
    put(entries, e.key.lo);
    put(entries, e.key.hi);
    for (cgt::GameId g : {e.value, e.left_stop, e.right_stop, e.mean, e.temperature})
      put(entries, w.index_of(g));
    put<std::uint8_t>(entries, e.cells);
    put<std::uint8_t>(entries, std::uint8_t(e.outcome));
    put<std::uint16_t>(entries, e.left_moves);
    put<std::uint16_t>(entries, e.right_moves);
  }
  std::string body = w.games_ + entries;
  std::string out(BINARY_MAGIC, 8);
  put<std::uint32_t>(out, BINARY_VERSION);
  put<std::uint32_t>(out, std::uint32_t(c.max_cells()));
  put<std::uint64_t>(out, c.size());
  put<std::uint64_t>(out, w.index_.size());
  put<std::uint64_t>(out, base::fnv1a64_words(body));
  return out + body;
}

void write_binary_file(const Catalogue& c, const std::string& path) {
  const std::string bytes = to_binary(c);
  base::write_atomically(path, [&](std::ostream& out) { out.write(bytes.data(), std::streamsize(bytes.size())); });
}

Catalogue from_binary(std::string_view bytes, const std::string& name, Check check) { return Parser(bytes, name, check).parse(); }

Catalogue read_binary_file(const std::string& path, Check check) {
  std::ifstream in(path, std::ios::binary);
  if (!in)
    throw base::InputError(fmt::format("cannot open catalogue {}", path));
  // One read of the whole file rather than character by character, into a buffer that is not
  // zeroed first (a string's would write every byte before the read).
  in.seekg(0, std::ios::end);
  const std::streamoff size = in.tellg();
  in.seekg(0, std::ios::beg);
  std::size_t read = 0;
  std::unique_ptr<char[]> bytes(new char[std::size_t(std::max<std::streamoff>(size, 1))]);
  if (size > 0) {
    in.read(bytes.get(), size);
    read = std::size_t(in.gcount());
  }
  return from_binary(std::string_view(bytes.get(), read), path, check);
}

bool is_binary_catalogue(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  char magic[8] = {};
  in.read(magic, 8);
  return in.gcount() == 8 && std::memcmp(magic, BINARY_MAGIC, 8) == 0;
}

} // namespace catalogue
