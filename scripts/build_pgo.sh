#!/usr/bin/env bash
# A profile-guided build of `domineering` for long solves: build/pgo/cli/domineering, the same
# search as build/release/cli/domineering, compiled with the branch and call counts of training
# runs (CMakeLists.txt, DOMINEERING_PGO; docs/building.md). Two builds of the executable and
# about a minute of training; what it gains is measured in bench/results/solve.md.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
jobs=$(nproc 2>/dev/null || echo 2)
dir=build/pgo
counts=$PWD/$dir/pgo-counts
configure() {
  cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=Release -DDOMINEERING_TESTS=OFF -DDOMINEERING_BENCH=OFF -DDOMINEERING_PYTHON=OFF \
    -DDOMINEERING_PGO="$1" -DDOMINEERING_PGO_DIR="$counts" >/dev/null
}
signature() { "$1" bench 2>/dev/null | sed -n 's/^Bench: //p'; }

echo "build_pgo: 1/3 the instrumented build" >&2
configure GENERATE
cmake --build "$dir" --target domineering -j "$jobs"
rm -rf "$counts" # counts of an older build would not match this one's code

# The training: the bench positions on one thread (the search's hot paths, its endgames and the
# 12-cell catalogue), 8x9 on two (the parallel driver) and a 9x9 position four moves in (73 empty
# cells: the 12-cell catalogue still, which is built in seconds where it is not cached). The
# instrumented binary is several times slower than the final one.
echo "build_pgo: 2/3 the training runs" >&2
bin=$dir/cli/domineering
trained=$(signature "$bin")
"$bin" solve 8x9 --first vertical --threads 2 >/dev/null
"$bin" solve '.#.....#./.###...#./........./.##....../........./........./........./........./.........' --first vertical --threads 1 >/dev/null

echo "build_pgo: 3/3 the build from the counts" >&2
configure USE
cmake --build "$dir" --target domineering -j "$jobs"

# The same search, so the same signature: counts change the code's layout, never its results.
final=$(signature "$bin")
if [[ -z $trained || $trained != "$final" ]]; then
  echo "build_pgo: the signature changed from '$trained' (instrumented) to '$final' (final)" >&2
  exit 1
fi
echo "build_pgo: $bin (Bench: $final)" >&2
