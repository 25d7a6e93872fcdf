#include "cgt/notation.h"

#include "base/input_error.h"
#include "cgt/arithmetic.h"
#include "cgt/canonical.h"
#include "cgt/compare.h"
#include "cgt/game_store.h"
#include "cgt/thermograph.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <optional>
#include <vector>

namespace cgt {

// ---------------------------------------------------------------------------------------------
// Printing
// ---------------------------------------------------------------------------------------------

namespace {

enum class Category { Number, Nimber, OtherNus, General };

Category category_of(GameId g) {
  GameStore& s = store();
  if (s.is_number(g))
    return Category::Number;
  if (s.is_nus(g)) {
    const auto& r = s.record(g);
    return (r.ups == 0 && s.number_part(g).is_zero()) ? Category::Nimber : Category::OtherNus;
  }
  return Category::General;
}

// CGSuite's DeterministicOrdering: numbers by value, nimbers by size, other number-up-stars
// by (number, ups, nim), then general games by their sorted Left options, then Right options,
// compared lexicographically with a proper prefix first. Returns <0, 0, >0.
int deterministic_compare(GameId a, GameId b);

int compare_lists(std::span<const GameId> a, std::span<const GameId> b) {
  const auto sa = sorted_for_print(a), sb = sorted_for_print(b);
  for (std::size_t i = 0; i < sa.size() && i < sb.size(); ++i)
    if (int c = deterministic_compare(sa[i], sb[i]); c != 0)
      return c;
  return sa.size() < sb.size() ? -1 : sa.size() > sb.size() ? 1 : 0;
}

int deterministic_compare(GameId a, GameId b) {
  if (a == b)
    return 0;
  GameStore& s = store();
  const Category ca = category_of(a), cb = category_of(b);
  if (ca != cb)
    return ca < cb ? -1 : 1;
  if (ca != Category::General) {
    if (int c = detail::compare_number_parts(a, b); c != 0)
      return c;
    const auto& ra = s.record(a);
    const auto& rb = s.record(b);
    if (ra.ups != rb.ups)
      return ra.ups < rb.ups ? -1 : 1;
    return ra.nim < rb.nim ? -1 : ra.nim > rb.nim ? 1 : 0;
  }
  const Options oa = s.options(a), ob = s.options(b);
  if (int c = compare_lists(oa.left, ob.left); c != 0)
    return c;
  return compare_lists(oa.right, ob.right);
}

std::string nus_text(GameId g) {
  const NusValue v = store().nus_value(g);
  std::string out;
  if (!v.number.is_zero() || (v.ups == 0 && v.nim == 0))
    out += v.number.to_string();
  if (v.ups != 0) {
    const char* arrow = v.ups > 0 ? "^" : "v";
    const std::int64_t n = v.ups > 0 ? v.ups : -v.ups;
    if (n == 1)
      out += arrow;
    else if (n == 2)
      out += std::string(arrow) + arrow;
    else
      out += fmt::format("{}{}", arrow, n);
  }
  if (v.nim == 1)
    out += "*";
  else if (v.nim > 1)
    out += fmt::format("*{}", v.nim);
  return out;
}

struct Printed {
  std::string text;
  int bars = 0; // bars of the top separator when printed bare; 0 for atomic or braced forms
};

Printed print_bare(GameId g);

std::string braced(GameId g) {
  Printed p = print_bare(g);
  return p.bars > 0 ? "{" + p.text + "}" : p.text;
}

// A single option after +- needs no brackets when it is a number, a nimber or bare ups.
bool compact(GameId g) {
  GameStore& s = store();
  if (!s.is_nus(g))
    return false;
  const NusValue v = s.nus_value(g);
  return s.is_number(g) || (v.ups == 0 && v.number.is_zero()) || (v.nim == 0 && v.number.is_zero());
}

std::string list_text(std::span<const GameId> options) {
  std::string out;
  for (GameId o : sorted_for_print(options)) {
    if (!out.empty())
      out += ",";
    out += braced(o);
  }
  return out;
}

// x + Tiny(G) = { x || x | x - G } and x + Miny(G) = { x + G | x || x }, for G with mean > 0.
std::optional<std::string> tiny_text(GameId g) {
  GameStore& s = store();
  const Options o = s.options(g);
  if (o.left.size() != 1 || o.right.size() != 1)
    return std::nullopt;
  for (const bool is_tiny : {true, false}) {
    const GameId x = is_tiny ? o.left[0] : o.right[0];
    const GameId inner = is_tiny ? o.right[0] : o.left[0];
    if (!s.is_number(x) || s.is_nus(inner))
      continue;
    const Options io = s.options(inner);
    if (io.left.size() != 1 || io.right.size() != 1)
      continue;
    const GameId near = is_tiny ? io.left[0] : io.right[0];
    const GameId far = is_tiny ? io.right[0] : io.left[0];
    if (near != x)
      continue;
    const Dyadic xv = s.number_part(x);
    const Dyadic far_mean = mean(far);
    if (is_tiny ? !(far_mean < xv) : !(far_mean > xv))
      continue;
    const GameId subscript = is_tiny ? sub(x, far) : sub(far, x);
    std::string prefix = xv.is_zero() ? "" : xv.to_string();
    return prefix + (is_tiny ? "Tiny(" : "Miny(") + braced(subscript) + ")";
  }
  return std::nullopt;
}

Printed print_bare(GameId g) {
  GameStore& s = store();
  if (s.is_nus(g))
    return {nus_text(g), 0};
  const Options o = s.options(g);
  if (neg(g) == g) {
    if (o.left.size() == 1) {
      const GameId x = o.left[0];
      if (compact(x))
        return {"+-" + nus_text(x), 0};
      const Printed p = print_bare(x);
      return {p.bars > 0 ? "+-{" + p.text + "}" : "+-(" + p.text + ")", 0};
    }
    return {"+-{" + list_text(o.left) + "}", 0};
  }
  if (auto t = tiny_text(g))
    return {*t, 0};

  int inner = 0;
  const auto side_text = [&](std::span<const GameId> side) {
    if (side.size() == 1) {
      Printed p = print_bare(side[0]);
      if (p.bars >= MAX_BARS) // an option that would need MAX_BARS bars is braced instead
        return "{" + p.text + "}";
      inner = std::max(inner, p.bars);
      return p.text;
    }
    return list_text(side);
  };
  const std::string l = side_text(o.left);
  const std::string r = side_text(o.right);
  const int bars = inner + 1;
  return {l + std::string(std::size_t(bars), '|') + r, bars};
}

} // namespace

std::vector<GameId> sorted_for_print(std::span<const GameId> v) {
  std::vector<GameId> out(v.begin(), v.end());
  std::sort(out.begin(), out.end(), [](GameId a, GameId b) { return deterministic_compare(a, b) < 0; });
  return out;
}

std::string to_string(GameId g) { return braced(g); }

// ---------------------------------------------------------------------------------------------
// Parsing
// ---------------------------------------------------------------------------------------------

namespace {

enum class Tok { Number, Slash, Up, Down, Star, LBrace, RBrace, LParen, RParen, Comma, Bars, Plus, Minus, PlusMinus, Ident, End };

struct Token {
  Tok kind;
  std::size_t column;     // 1-based, in bytes
  std::string text;       // Number and Ident
  std::int64_t count = 0; // Up, Down: arrows; Bars: bars
};

std::string describe(const Token& t) {
  switch (t.kind) {
  case Tok::End: return "end of input";
  case Tok::Number:
  case Tok::Ident: return fmt::format("'{}'", t.text);
  case Tok::Bars: return fmt::format("'{}'", std::string(std::size_t(t.count), '|'));
  case Tok::Up: return "'^'";
  case Tok::Down: return "'v'";
  case Tok::Star: return "'*'";
  case Tok::Slash: return "'/'";
  case Tok::LBrace: return "'{'";
  case Tok::RBrace: return "'}'";
  case Tok::LParen: return "'('";
  case Tok::RParen: return "')'";
  case Tok::Comma: return "','";
  case Tok::Plus: return "'+'";
  case Tok::Minus: return "'-'";
  case Tok::PlusMinus: return "'+-'";
  }
  return "token";
}

[[noreturn]] void fail(std::size_t column, const std::string& what) {
  throw base::InputError(fmt::format("malformed game expression at column {}: {}", column, what));
}

std::vector<Token> lex(std::string_view text) {
  std::vector<Token> out;
  std::size_t i = 0;
  const auto starts_with = [&](std::string_view s) { return text.substr(i, s.size()) == s; };
  while (i < text.size()) {
    const std::size_t col = i + 1;
    const unsigned char c = static_cast<unsigned char>(text[i]);
    if (std::isspace(c)) {
      ++i;
      continue;
    }
    if (std::isdigit(c)) {
      std::size_t j = i;
      while (j < text.size() && std::isdigit(static_cast<unsigned char>(text[j])))
        ++j;
      out.push_back({Tok::Number, col, std::string(text.substr(i, j - i))});
      i = j;
      continue;
    }
    if (std::isalpha(c)) {
      std::size_t j = i;
      while (j < text.size() && std::isalpha(static_cast<unsigned char>(text[j])))
        ++j;
      const std::string word(text.substr(i, j - i));
      if (word.find_first_not_of('v') == std::string::npos)
        out.push_back({Tok::Down, col, "", std::int64_t(word.size())});
      else
        out.push_back({Tok::Ident, col, word});
      i = j;
      continue;
    }
    if (c == '^') {
      std::size_t j = i;
      while (j < text.size() && text[j] == '^')
        ++j;
      out.push_back({Tok::Up, col, "", std::int64_t(j - i)});
      i = j;
      continue;
    }
    if (c == '|') {
      std::size_t j = i;
      while (j < text.size() && text[j] == '|')
        ++j;
      out.push_back({Tok::Bars, col, "", std::int64_t(j - i)});
      i = j;
      continue;
    }
    if (starts_with("+-")) {
      out.push_back({Tok::PlusMinus, col, ""});
      i += 2;
      continue;
    }
    // UTF-8 forms: ± U+00B1, ↑ U+2191, ↓ U+2193, ⇑ U+21D1, ⇓ U+21D3.
    if (starts_with("\xC2\xB1")) {
      out.push_back({Tok::PlusMinus, col, ""});
      i += 2;
      continue;
    }
    if (starts_with("\xE2\x86\x91") || starts_with("\xE2\x87\x91")) {
      out.push_back({Tok::Up, col, "", text[i + 1] == '\x86' ? 1 : 2});
      i += 3;
      continue;
    }
    if (starts_with("\xE2\x86\x93") || starts_with("\xE2\x87\x93")) {
      out.push_back({Tok::Down, col, "", text[i + 1] == '\x86' ? 1 : 2});
      i += 3;
      continue;
    }
    Tok kind;
    switch (c) {
    case '/': kind = Tok::Slash; break;
    case '*': kind = Tok::Star; break;
    case '{': kind = Tok::LBrace; break;
    case '}': kind = Tok::RBrace; break;
    case '(': kind = Tok::LParen; break;
    case ')': kind = Tok::RParen; break;
    case ',': kind = Tok::Comma; break;
    case '+': kind = Tok::Plus; break;
    case '-': kind = Tok::Minus; break;
    default:
      if (c >= 0x20 && c < 0x7F)
        fail(col, fmt::format("unexpected character '{}'", char(c)));
      fail(col, fmt::format("unexpected byte 0x{:02X}", unsigned(c)));
    }
    out.push_back({kind, col, ""});
    ++i;
  }
  out.push_back({Tok::End, text.size() + 1, ""});
  return out;
}

class Parser {
public:
  Parser(std::vector<Token> tokens, const ParseLimits& limits) : t_(std::move(tokens)), limits_(limits), match_(t_.size(), 0) {
    std::vector<std::size_t> stack;
    for (std::size_t i = 0; i < t_.size(); ++i) {
      const Tok k = t_[i].kind;
      if (k == Tok::LBrace || k == Tok::LParen) {
        stack.push_back(i);
        if (stack.size() > limits_.max_depth)
          fail(t_[i].column, fmt::format("nesting deeper than {} levels", limits_.max_depth));
      } else if (k == Tok::RBrace || k == Tok::RParen) {
        const Tok open = k == Tok::RBrace ? Tok::LBrace : Tok::LParen;
        if (stack.empty() || t_[stack.back()].kind != open)
          fail(t_[i].column, fmt::format("unmatched {}", describe(t_[i])));
        match_[stack.back()] = i;
        match_[i] = stack.back();
        stack.pop_back();
      }
    }
    if (!stack.empty())
      fail(t_[stack.back()].column, fmt::format("unclosed {}", describe(t_[stack.back()])));
  }

  GameId parse_all() {
    const std::size_t end = t_.size() - 1; // the End token
    if (end == 0)
      fail(1, "empty expression");
    const GameId g = parse_expr(end);
    expect_at(end);
    return g;
  }

private:
  const Token& peek() const { return t_[pos_]; }

  void expect_at(std::size_t end) {
    if (pos_ != end)
      fail(t_[pos_].column, fmt::format("unexpected {}", describe(t_[pos_])));
  }

  // expr := term (('+' | '-' | '+-') term)*
  GameId parse_expr(std::size_t end) {
    GameId g = parse_term(end);
    while (pos_ < end) {
      const Tok k = peek().kind;
      if (k != Tok::Plus && k != Tok::Minus && k != Tok::PlusMinus)
        break;
      ++pos_;
      const GameId h = parse_term(end);
      g = k == Tok::Plus ? add(g, h) : k == Tok::Minus ? sub(g, h) : add(g, plus_minus(h));
    }
    return g;
  }

  static GameId plus_minus(GameId g) { return from_options({g}, {neg(g)}); }

  // term := ('-' | '+' | '+-') term | primary
  GameId parse_term(std::size_t end) {
    if (pos_ >= end)
      fail(t_[pos_].column, fmt::format("expected a game, found {}", describe(t_[pos_])));
    switch (peek().kind) {
    case Tok::Minus: {
      ++pos_;
      // A minus sign binds to a number literal only, so the printed -1^ is (-1) + ^.
      if (pos_ < end && peek().kind == Tok::Number)
        return parse_primary(end, true);
      Depth guard(*this);
      return neg(parse_term(end));
    }
    case Tok::Plus: {
      ++pos_;
      Depth guard(*this);
      return parse_term(end);
    }
    case Tok::PlusMinus: {
      ++pos_;
      Depth guard(*this);
      // +-{a,b} is { a,b | -a,-b }: braces holding a bare list, with no bars.
      if (pos_ < end && peek().kind == Tok::LBrace && !has_bars(pos_ + 1, match_[pos_])) {
        const std::size_t close = match_[pos_];
        const std::vector<GameId> left = parse_side(pos_ + 1, close);
        if (left.empty())
          fail(t_[close].column, "expected options inside '+-{ }'");
        pos_ = close + 1;
        std::vector<GameId> right;
        for (GameId g : left)
          right.push_back(neg(g));
        return from_options(left, right);
      }
      return plus_minus(parse_term(end));
    }
    default: return parse_primary(end);
    }
  }

  bool has_bars(std::size_t lo, std::size_t hi) const {
    for (std::size_t i = lo; i < hi; i = next(i))
      if (t_[i].kind == Tok::Bars)
        return true;
    return false;
  }

  GameId parse_primary(std::size_t end, bool negative_number = false) {
    const Token& tok = peek();
    switch (tok.kind) {
    case Tok::Number:
    case Tok::Up:
    case Tok::Down:
    case Tok::Star: {
      const bool pure_number = tok.kind == Tok::Number;
      GameId g = parse_nus(end, negative_number);
      if (pos_ < end && peek().kind == Tok::Ident && pure_number && store().is_number(g))
        g = add(g, parse_call(end)); // 2Tiny(2) is 2 + Tiny(2)
      return g;
    }
    case Tok::Ident: return parse_call(end);
    case Tok::LParen: {
      const std::size_t close = match_[pos_];
      if (close >= end)
        fail(tok.column, "unclosed '('");
      ++pos_;
      if (pos_ == close)
        fail(t_[close].column, "empty parentheses");
      Depth guard(*this);
      const GameId g = parse_expr(close);
      expect_at(close);
      ++pos_;
      return g;
    }
    case Tok::LBrace: {
      const std::size_t close = match_[pos_];
      if (close >= end)
        fail(tok.column, "unclosed '{'");
      const GameId g = parse_body(pos_ + 1, close);
      pos_ = close + 1;
      return g;
    }
    default: fail(tok.column, fmt::format("expected a game, found {}", describe(tok)));
    }
  }

  // Tiny(expr) or Miny(expr).
  GameId parse_call(std::size_t end) {
    const Token& name = peek();
    if (name.text != "Tiny" && name.text != "Miny")
      fail(name.column, fmt::format("unknown name '{}' (known: Tiny, Miny)", name.text));
    ++pos_;
    if (pos_ >= end || peek().kind != Tok::LParen)
      fail(t_[pos_].column, fmt::format("expected '(' after {}", name.text));
    const std::size_t close = match_[pos_];
    ++pos_;
    if (pos_ == close)
      fail(t_[close].column, "empty parentheses");
    const GameId g = parse_expr(close);
    expect_at(close);
    ++pos_;
    return name.text == "Tiny" ? tiny(g) : miny(g);
  }

  std::int64_t parse_count(std::size_t end, std::int64_t limit, const char* what) {
    const Token& tok = peek();
    if (tok.text.size() > 18 || std::stoll(tok.text) > limit)
      fail(tok.column, fmt::format("{} {} is too large (limit {})", what, tok.text, limit));
    ++pos_;
    (void)end;
    return std::stoll(tok.text);
  }

  // [number ['/' number]] [arrows [count]] ['*' [count]], at least one part.
  GameId parse_nus(std::size_t end, bool negative_number) {
    Dyadic x(0);
    std::int64_t ups = 0;
    std::uint32_t nim = 0;
    if (peek().kind == Tok::Number) {
      std::string text = peek().text;
      const std::size_t col = peek().column;
      ++pos_;
      if (pos_ < end && peek().kind == Tok::Slash) {
        ++pos_;
        if (pos_ >= end || peek().kind != Tok::Number)
          fail(t_[pos_].column, "expected a denominator after '/'");
        text += "/" + peek().text;
        ++pos_;
      }
      try {
        x = Dyadic::parse(text);
        if (negative_number)
          x = -x;
      } catch (const base::InputError& e) {
        fail(col, e.what());
      }
    }
    if (pos_ < end && (peek().kind == Tok::Up || peek().kind == Tok::Down)) {
      const bool up = peek().kind == Tok::Up;
      std::int64_t n = peek().count;
      ++pos_;
      if (pos_ < end && peek().kind == Tok::Number) {
        if (n != 1)
          fail(peek().column, "a count may follow a single arrow only (write ^3, not ^^3)");
        n = parse_count(end, limits_.max_ups, "up multiple");
      }
      if (n > limits_.max_ups)
        fail(t_[pos_ - 1].column, fmt::format("up multiple {} is too large (limit {})", n, limits_.max_ups));
      ups = up ? n : -n;
    }
    if (pos_ < end && peek().kind == Tok::Star) {
      ++pos_;
      nim = 1;
      if (pos_ < end && peek().kind == Tok::Number)
        nim = std::uint32_t(parse_count(end, limits_.max_nimber, "nimber"));
    }
    return store().nus(x, ups, nim);
  }

  // The inside of braces: Left and Right lists split at the unique separator with the most bars.
  GameId parse_body(std::size_t lo, std::size_t hi) {
    Depth guard(*this);
    std::int64_t most = 0;
    std::size_t where = 0, how_many = 0;
    for (std::size_t i = lo; i < hi; i = next(i)) {
      if (t_[i].kind != Tok::Bars)
        continue;
      if (t_[i].count > most) {
        most = t_[i].count;
        where = i;
        how_many = 1;
      } else if (t_[i].count == most) {
        ++how_many;
      }
    }
    if (how_many == 0)
      fail(t_[hi].column, "expected '|' between Left and Right options");
    if (how_many > 1)
      fail(t_[where].column, fmt::format("ambiguous braces: more than one '{}' at the same level", std::string(std::size_t(most), '|')));
    return from_options(parse_side(lo, where), parse_side(where + 1, hi));
  }

  std::vector<GameId> parse_side(std::size_t lo, std::size_t hi) {
    std::vector<GameId> out;
    if (lo == hi)
      return out;
    if (has_bars(lo, hi)) { // one compound option written bare, as in {3||2*|1*} or {1||0,+-1|-1}
      out.push_back(parse_body(lo, hi));
      return out;
    }
    std::size_t start = lo;
    for (std::size_t i = lo;; i = next(i)) {
      if (i == hi || t_[i].kind == Tok::Comma) {
        if (i == start)
          fail(t_[i].column, "expected an option before ','");
        pos_ = start;
        out.push_back(parse_expr(i));
        expect_at(i);
        if (i == hi)
          break;
        start = i + 1;
        if (start == hi)
          fail(t_[i].column, "expected an option after ','");
      }
    }
    return out;
  }

  // The token after i, jumping over a bracketed group.
  std::size_t next(std::size_t i) const {
    const Tok k = t_[i].kind;
    return (k == Tok::LBrace || k == Tok::LParen) ? match_[i] + 1 : i + 1;
  }

  struct Depth {
    explicit Depth(Parser& p) : p_(p) {
      if (++p_.depth_ > p_.limits_.max_depth)
        fail(p_.t_[p_.pos_].column, fmt::format("nesting deeper than {} levels", p_.limits_.max_depth));
    }
    ~Depth() { --p_.depth_; }
    Parser& p_;
  };

  std::vector<Token> t_;
  const ParseLimits& limits_;
  std::vector<std::size_t> match_;
  std::size_t pos_ = 0;
  unsigned depth_ = 0;
};

} // namespace

GameId parse_game(std::string_view text, const ParseLimits& limits) {
  if (text.size() > limits.max_length)
    throw base::InputError(fmt::format("game expression too long: {} characters (limit {})", text.size(), limits.max_length));
  CreationBudget budget(limits.max_builds, limits.max_comparisons);
  Parser parser(lex(text), limits);
  return parser.parse_all();
}

} // namespace cgt
