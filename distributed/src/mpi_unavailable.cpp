// The stand-in for mpi_solve.cpp in a build without MPI (DOMINEERING_MPI=OFF): `--distributed`
// is refused with a one-line error before anything else happens.
#include "distributed/mpi_solve.h"

#include "base/input_error.h"

#include <stdexcept>

namespace distributed {

bool built_with_mpi() { return false; }

MpiWorld::MpiWorld() {
  throw base::InputError("--distributed: this build has no MPI (install libopenmpi-dev and configure with -DDOMINEERING_MPI=ON)");
}

MpiWorld::~MpiWorld() = default;

void MpiWorld::barrier() const {}

bool MpiWorld::broadcast_go(bool go) const { return go; }

std::vector<DistributedRun> run_master(const MpiWorld&, const domineering::Board&, const std::vector<domineering::Side>&,
                                       const MasterOptions&) {
  throw std::logic_error("run_master without MPI");
}

bool run_worker(const MpiWorld&, const SolverFactory&) { throw std::logic_error("run_worker without MPI"); }

} // namespace distributed
