// InputError: the one exception type for anything wrong that a user gave us (an expression,
// board text, a file that fails its checks, an out-of-range option). The CLI maps it to exit
// code 2 and prints its message on one line; every other exception means exit code 1.
// Messages open in lower case with what is wrong, then the specifics.
#pragma once

#include <stdexcept>
#include <string>

namespace cgt {

class InputError : public std::runtime_error {
public:
  explicit InputError(const std::string& message) : std::runtime_error(message) {}
};

} // namespace cgt
