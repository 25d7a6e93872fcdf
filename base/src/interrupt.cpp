#include "base/interrupt.h"

namespace base {

namespace {
std::atomic<bool> interrupted{false};
extern "C" void on_sigint(int) { interrupted.store(true); }
} // namespace

std::atomic<bool>& interrupt_flag() { return interrupted; }

InterruptScope::InterruptScope() {
  interrupted.store(false);
  struct sigaction mine {};
  mine.sa_handler = on_sigint;
  sigemptyset(&mine.sa_mask);
  mine.sa_flags = SA_RESTART; // as signal() has it: a system call under way goes on
  ::sigaction(SIGINT, &mine, &previous_);
}

InterruptScope::~InterruptScope() { ::sigaction(SIGINT, &previous_, nullptr); }

} // namespace base
