#!/usr/bin/env bash
# The main job: install what is missing, build in Release, then print a few game values, the
# value of the empty 4x4 board and who wins the empty 8x8 board. Takes minutes, mostly the build
# and the 8x8 solve.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
jobs=$(nproc 2>/dev/null || echo 2)
cmake --preset release -DDOMINEERING_TESTS=OFF -DDOMINEERING_BENCH=OFF >/dev/null
cmake --build --preset release --target domineering -j "$jobs"
bin=build/release/cli/domineering

# The main job on embedded defaults.
echo "== canonical values of a few games (Left = Vertical, positive favours Left)"
for expr in '{0|0}' '{0|*}' '{1|-1}' '{3||2*|1*}' '^+^+*' '{0||0|-2}'; do
  "$bin" game "$expr"
  echo
done
echo "== the exact value of the empty 4x4 Domineering board, region by region"
"$bin" value 4x4
echo
echo "== who wins the empty 8x8 board with perfect play, for each first player (progress on stderr)"
# Progress redraws one line on a terminal; in a log it is a plain line every 5 seconds.
[[ -t 2 ]] || export DOMINEERING_PROGRESS=${DOMINEERING_PROGRESS:-lines}
"$bin" solve 8x8 --first both
