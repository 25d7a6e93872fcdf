#include "base/interrupt.h"

#include <csignal>

namespace base {

namespace {
std::atomic<bool> interrupted{false};
extern "C" void on_sigint(int) { interrupted.store(true); }
} // namespace

std::atomic<bool>& interrupt_flag() { return interrupted; }

InterruptScope::InterruptScope() {
  interrupted.store(false);
  previous_ = std::signal(SIGINT, on_sigint);
}

InterruptScope::~InterruptScope() { std::signal(SIGINT, previous_); }

} // namespace base
