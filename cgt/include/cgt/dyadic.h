// Dyadic: an exact dyadic rational num / 2^exp, the numbers of short game theory.
// The numerator is a Boost.Multiprecision cpp_int, so nothing overflows; the value is always
// normalised (exp == 0 or num odd), which makes equal values equal representations.
// The price is slower arithmetic than machine words, with heap allocation once a numerator
// outgrows cpp_int's inline limbs: the GameStore keeps small dyadics in machine words and only
// falls back to this type when they stop fitting.
#pragma once

#include <boost/multiprecision/cpp_int.hpp>

#include <compare>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace cgt {

using BigInt = boost::multiprecision::cpp_int;

class Dyadic {
public:
  Dyadic() = default;
  Dyadic(long long n) : num_(n) {} // NOLINT: implicit from integers is the point
  Dyadic(BigInt num, std::uint32_t exp);

  // Parses "5", "-3/4", "+7/8"; the denominator must be a power of two. Throws InputError
  // naming the text on anything else.
  static Dyadic parse(std::string_view text);

  const BigInt& numerator() const { return num_; }
  std::uint32_t exponent() const { return exp_; }
  BigInt denominator() const { return BigInt(1) << exp_; }
  bool is_integer() const { return exp_ == 0; }
  bool is_zero() const { return num_ == 0; }
  int sign() const { return num_.sign(); }

  BigInt floor() const;
  BigInt ceil() const;
  Dyadic half() const { return Dyadic(num_, exp_ + 1); }

  // The simplest number strictly between lo and hi (either may be absent, meaning -inf or
  // +inf); requires lo < hi. This is the simplicity rule: { lo | hi } = that number.
  static Dyadic simplest_between(const std::optional<Dyadic>& lo, const std::optional<Dyadic>& hi);

  std::string to_string() const; // "-3/4", "0", "5"

  friend Dyadic operator+(const Dyadic& a, const Dyadic& b);
  friend Dyadic operator-(const Dyadic& a, const Dyadic& b);
  friend Dyadic operator*(const Dyadic& a, const Dyadic& b);
  Dyadic operator-() const;
  Dyadic& operator+=(const Dyadic& b) { return *this = *this + b; }
  Dyadic& operator-=(const Dyadic& b) { return *this = *this - b; }

  friend bool operator==(const Dyadic& a, const Dyadic& b) = default;
  friend std::strong_ordering operator<=>(const Dyadic& a, const Dyadic& b);

private:
  void normalise();

  BigInt num_ = 0;
  std::uint32_t exp_ = 0;
};

} // namespace cgt
