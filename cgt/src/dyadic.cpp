#include "cgt/dyadic.h"

#include "base/input_error.h"

#include <fmt/format.h>

#include <cctype>

namespace cgt {

namespace {

// Denominators above 2^MAX_PARSED_EXPONENT are refused at parse time: they are legal values,
// but nobody types them, and refusing keeps a hostile "1/2^huge" from allocating gigabytes.
constexpr std::uint32_t MAX_PARSED_EXPONENT = 4096;

// Digits of an integer literal; refusing longer ones bounds the work a typed number can cause.
// Printed numbers must parse back: sums of typed numbers (at most 2^-4096 apart, of a few
// thousand digits) stay far below this.
constexpr std::size_t MAX_PARSED_DIGITS = 20000;

BigInt parse_unsigned(std::string_view digits, std::string_view whole) {
  if (digits.empty())
    throw base::InputError(fmt::format("malformed number '{}': expected digits", whole));
  if (digits.size() > MAX_PARSED_DIGITS)
    throw base::InputError(fmt::format("number too long: {} digits (limit {})", digits.size(), MAX_PARSED_DIGITS));
  BigInt value = 0;
  for (char c : digits) {
    if (!std::isdigit(static_cast<unsigned char>(c)))
      throw base::InputError(fmt::format("malformed number '{}': unexpected character '{}'", whole, c));
    value = value * 10 + (c - '0');
  }
  return value;
}

} // namespace

Dyadic::Dyadic(BigInt num, std::uint32_t exp) : num_(std::move(num)), exp_(exp) { normalise(); }

void Dyadic::normalise() {
  if (num_ == 0) {
    exp_ = 0;
    return;
  }
  if (exp_ == 0)
    return;
  const unsigned low = static_cast<unsigned>(boost::multiprecision::lsb(boost::multiprecision::abs(num_)));
  const unsigned shift = std::min<unsigned>(low, exp_);
  if (shift > 0) {
    num_ >>= shift; // exact: the low `shift` bits are zero, so sign handling does not matter
    exp_ -= shift;
  }
}

Dyadic Dyadic::parse(std::string_view text) {
  std::string_view body = text;
  bool negative = false;
  if (!body.empty() && (body.front() == '-' || body.front() == '+')) {
    negative = body.front() == '-';
    body.remove_prefix(1);
  }
  const auto slash = body.find('/');
  BigInt num = parse_unsigned(body.substr(0, slash), text);
  std::uint32_t exp = 0;
  if (slash != std::string_view::npos) {
    BigInt den = parse_unsigned(body.substr(slash + 1), text);
    if (den == 0 || (den & (den - 1)) != 0)
      throw base::InputError(fmt::format("malformed number '{}': the denominator must be a power of two", text));
    const auto bits = boost::multiprecision::msb(den);
    if (bits > MAX_PARSED_EXPONENT)
      throw base::InputError(fmt::format("number '{}' has a denominator above 2^{}", text, MAX_PARSED_EXPONENT));
    exp = static_cast<std::uint32_t>(bits);
  }
  return Dyadic(negative ? BigInt(-num) : num, exp);
}

BigInt Dyadic::floor() const {
  if (exp_ == 0)
    return num_;
  // Right shift of a negative cpp_int rounds toward zero, so floor negatives by hand.
  if (num_ >= 0)
    return num_ >> exp_;
  return -((-num_ + denominator() - 1) >> exp_);
}

BigInt Dyadic::ceil() const { return -(-*this).floor(); }

Dyadic Dyadic::simplest_between(const std::optional<Dyadic>& lo, const std::optional<Dyadic>& hi) {
  // Simplicity rule (Conway, ONAG ch. 2; Siegel, CGT II.3): prefer the integer of least
  // magnitude strictly inside the interval, else the dyadic with the least denominator.
  if (!lo && !hi)
    return Dyadic(0);
  if (!lo)
    return hi->sign() > 0 ? Dyadic(0) : Dyadic(hi->ceil() - 1, 0);
  if (!hi)
    return lo->sign() < 0 ? Dyadic(0) : Dyadic(lo->floor() + 1, 0);
  if (lo->sign() < 0 && hi->sign() > 0)
    return Dyadic(0);
  if (lo->sign() >= 0) {
    Dyadic n(lo->floor() + 1, 0);
    if (n < *hi)
      return n;
  } else {
    Dyadic n(hi->ceil() - 1, 0);
    if (n > *lo)
      return n;
  }
  // No integer strictly between: the answer has the smallest exponent k for which some
  // m / 2^k lies strictly inside (lo, hi); that m is floor(lo * 2^k) + 1.
  for (std::uint32_t k = 1;; ++k) {
    BigInt m = Dyadic(lo->num_ << k, lo->exp_).floor() + 1;
    Dyadic candidate(m, k);
    if (candidate < *hi)
      return candidate;
  }
}

std::string Dyadic::to_string() const {
  if (exp_ == 0)
    return num_.str();
  return num_.str() + "/" + denominator().str();
}

Dyadic operator+(const Dyadic& a, const Dyadic& b) {
  if (a.exp_ == b.exp_)
    return Dyadic(a.num_ + b.num_, a.exp_);
  if (a.exp_ > b.exp_)
    return Dyadic(a.num_ + (b.num_ << (a.exp_ - b.exp_)), a.exp_);
  return Dyadic((a.num_ << (b.exp_ - a.exp_)) + b.num_, b.exp_);
}

Dyadic operator-(const Dyadic& a, const Dyadic& b) { return a + (-b); }

Dyadic operator*(const Dyadic& a, const Dyadic& b) { return Dyadic(a.num_ * b.num_, a.exp_ + b.exp_); }

Dyadic Dyadic::operator-() const {
  Dyadic r = *this;
  r.num_ = -r.num_;
  return r;
}

std::strong_ordering operator<=>(const Dyadic& a, const Dyadic& b) {
  const BigInt lhs = a.exp_ >= b.exp_ ? a.num_ : BigInt(a.num_ << (b.exp_ - a.exp_));
  const BigInt rhs = b.exp_ >= a.exp_ ? b.num_ : BigInt(b.num_ << (a.exp_ - b.exp_));
  const int c = lhs.compare(rhs);
  return c < 0 ? std::strong_ordering::less : c > 0 ? std::strong_ordering::greater : std::strong_ordering::equal;
}

} // namespace cgt
