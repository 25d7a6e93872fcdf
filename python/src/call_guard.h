// How every call from Python into the engine runs: without the GIL, so that other Python
// threads go on while a board is valued or solved, and with Ctrl-C turned into a flag the
// computation polls, so that it stops cleanly and Python sees KeyboardInterrupt. The SIGINT
// handler is only taken over on the interpreter's main thread, the one Python delivers signals
// to; elsewhere the call cannot be interrupted, as in pure Python.
#pragma once

#include "base/interrupt.h"
#include "cgt/game_store.h"

#include <pybind11/pybind11.h>

#include <atomic>
#include <optional>

namespace pymodule {

// Whether the calling thread is the one the module was imported on (the main thread, as a rule).
bool on_main_thread();

// While it lives (GIL held when it is made): SIGINT sets flag() rather than reaching Python.
class CallGuard {
public:
  CallGuard() {
    if (on_main_thread())
      scope_.emplace();
  }
  // The flag to poll, or nullptr when Ctrl-C cannot reach this call.
  const std::atomic<bool>* flag() const { return scope_ ? &base::interrupt_flag() : nullptr; }

private:
  std::optional<base::InterruptScope> scope_;
};

// f() without the GIL, Ctrl-C stopping it; f must not touch Python objects.
template <class F>
auto released(F&& f) {
  CallGuard guard;
  pybind11::gil_scoped_release release;
  return f(guard.flag());
}

// f() without the GIL, under the game-building budget of one request (cgt::REQUEST_MAX_BUILDS):
// an operation that would build an exponentially large game fails with InputError instead.
template <class F>
auto with_budget(F&& f) {
  return released([&](const std::atomic<bool>* flag) {
    cgt::CreationBudget budget(cgt::REQUEST_MAX_BUILDS, cgt::REQUEST_MAX_COMPARISONS, flag);
    return f();
  });
}

} // namespace pymodule
