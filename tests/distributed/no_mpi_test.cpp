// A build without MPI (DOMINEERING_MPI=OFF) links distributed/src/mpi_unavailable.cpp in place of
// the MPI transport: `solve --distributed` must then be refused with a one-line InputError (exit
// 2) before anything else happens. This test links that stand-in on its own, so that the MPI
// build checks it too.
#include "distributed/mpi_solve.h"

#include "base/input_error.h"

#include <catch2/catch.hpp>

#include <string>

TEST_CASE("without MPI, --distributed is refused with one line", "[distributed]") {
  CHECK_FALSE(distributed::built_with_mpi());
  try {
    distributed::MpiWorld world;
    FAIL("an MpiWorld was made without MPI");
  } catch (const base::InputError& e) {
    const std::string what = e.what();
    CHECK(what.find("--distributed: this build has no MPI") == 0);
    CHECK(what.find('\n') == std::string::npos);
  }
}
