// InputError: the one exception type for anything wrong that a user gave (an expression, board
// text, a file that fails its checks, an out-of-range parameter). Programs map it to "bad input"
// (the CLI: exit code 2, its message on one line); every other exception is a failure. Messages
// open in lower case with what is wrong, then the specifics, and name library parameters, never
// command-line flags: the CLI translates where a flag is meant.
#pragma once

#include <stdexcept>
#include <string>

namespace base {

class InputError : public std::runtime_error {
public:
  explicit InputError(const std::string& message) : std::runtime_error(message) {}
};

} // namespace base
