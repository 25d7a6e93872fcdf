// Ctrl-C as a flag, for long computations that must stop cleanly: while an InterruptScope
// lives, SIGINT sets interrupt_flag() (cleared when the scope begins) instead of ending the
// process, and the computation polls the flag (the solver's SolveOptions::interrupt, the value
// table's set_interrupt, a cgt::CreationBudget's flag) and stops, throwing Interrupted where it
// has nothing to report. The scope restores the handler it replaced with all its flags, so a
// host such as the Python interpreter gets its own back exactly.
#pragma once

#include <signal.h>

#include <atomic>
#include <stdexcept>

namespace base {

// A computation stopped by its interrupt flag; what it had found is lost, what it had stored
// (games, table entries) stays and is right.
struct Interrupted : std::runtime_error {
  Interrupted() : std::runtime_error("interrupted") {}
};

std::atomic<bool>& interrupt_flag();

class InterruptScope {
public:
  InterruptScope();
  ~InterruptScope();
  InterruptScope(const InterruptScope&) = delete;
  InterruptScope& operator=(const InterruptScope&) = delete;

private:
  struct sigaction previous_ {};
};

} // namespace base
