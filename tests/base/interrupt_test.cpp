#include "base/interrupt.h"

#include <catch2/catch.hpp>

#include <signal.h>

namespace {

volatile sig_atomic_t host_calls = 0;
extern "C" void host_handler(int) { host_calls = host_calls + 1; }

} // namespace

TEST_CASE("an interrupt scope turns SIGINT into its flag and gives the host its handler back exactly", "[base]") {
  // The host's handler, with flags of its own (as the Python interpreter installs its own).
  struct sigaction host {};
  host.sa_handler = host_handler;
  sigemptyset(&host.sa_mask);
  host.sa_flags = SA_ONSTACK;
  struct sigaction before {};
  REQUIRE(::sigaction(SIGINT, &host, &before) == 0);
  struct sigaction installed {}; // as the kernel keeps it (the C library adds a flag of its own)
  REQUIRE(::sigaction(SIGINT, nullptr, &installed) == 0);
  base::interrupt_flag() = true; // cleared when a scope begins
  {
    base::InterruptScope scope;
    CHECK(!base::interrupt_flag());
    ::raise(SIGINT);
    CHECK(base::interrupt_flag());
    CHECK(host_calls == 0);
  }
  struct sigaction after {};
  REQUIRE(::sigaction(SIGINT, nullptr, &after) == 0);
  CHECK(after.sa_handler == host_handler);
  CHECK(after.sa_flags == installed.sa_flags);
  CHECK((after.sa_flags & SA_ONSTACK) != 0);
  CHECK((after.sa_flags & SA_RESTART) == 0); // not the scope's own
  ::raise(SIGINT);
  CHECK(host_calls == 1);
  ::sigaction(SIGINT, &before, nullptr);
}
