#!/usr/bin/env bash
# The README's second command and what CI runs (.ci/run; docs/testing.md): install what is
# missing, check that every source file is laid out as .clang-format says, then
#   1. build everything in Release and run the whole test suite, which includes the search
#      signature (bench/signature.txt) and a consumer built against an installed prefix;
#   2. build again with ASan + UBSan and run the suite there;
#   3. build with TSan and run the tests that share data between threads;
#   4. build the libFuzzer targets and run each on its corpus for FUZZ_SECONDS (default 30).
# Set QUICK=1 to stop after step 1. Each step prints its time; the whole run takes tens of
# minutes. Tests are chosen by CTest label (tests/CMakeLists.txt), never by name.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
jobs=$(nproc 2>/dev/null || echo 2)
start=$SECONDS
step() { echo; echo "== $1 ($((SECONDS - start)) s so far)"; }

step "0/4 every source file as .clang-format lays it out"
git ls-files -z '*.cpp' '*.h' | xargs -0 clang-format --dry-run --Werror

step "1/4 Release build and the whole test suite"
cmake --preset release -DDOMINEERING_TESTS=ON -DDOMINEERING_BENCH=ON
cmake --build --preset release -j "$jobs"
ctest --preset release -j "$jobs"
echo "the explorer's screenshot from the browser test: build/release/artifacts/explorer.png"
[[ "${QUICK:-0}" == 1 ]] && exit 0

step "2/4 ASan + UBSan build and the test suite"
cmake --preset asan
cmake --build --preset asan -j "$jobs"
# Everything but the long tests (minutes under ASan), the install test (an instrumented
# library is not what a consumer installs) and the signature (the same code as in step 1).
ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 ctest --preset asan -j "$jobs" -LE "^(long|install|signature)$"

step "3/4 TSan build and the tests that share data between threads"
cmake --preset tsan
cmake --build --preset tsan -j "$jobs"
# libtbb itself is not instrumented: tests/tsan.supp silences reports inside it only.
TSAN_OPTIONS="suppressions=$PWD/tests/tsan.supp halt_on_error=1 second_deadlock_stack=1" \
  ctest --preset tsan -j "$jobs" -L "^threads$"

step "4/4 libFuzzer targets, ${FUZZ_SECONDS:-30} s each"
# A fixed seed, so that a failure here can be replayed with the same command; longer and
# freshly seeded runs are scripts/fuzz.sh's job (docs/building.md).
FUZZ_SEED=${FUZZ_SEED:-2026} bash scripts/fuzz.sh "${FUZZ_SECONDS:-30}"

echo
echo "all steps passed in $((SECONDS - start)) s"
