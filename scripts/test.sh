#!/usr/bin/env bash
# The README's second command: install what is missing, build everything in Release, run the tests.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
jobs=$(nproc 2>/dev/null || echo 2)
cmake --preset release -DDOMINEERING_TESTS=ON -DDOMINEERING_BENCH=ON
cmake --build --preset release -j "$jobs"
ctest --preset release -j "$jobs"
