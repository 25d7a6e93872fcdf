#!/usr/bin/env bash
# End-to-end timing of `domineering solve`, Vertical first, at 1 and 2 threads, each run in a
# fresh process with a fresh table (the 12-cell catalogue is built once beforehand and cached).
# Usage: bench/solve.sh [BOARD...]   (default: 6x6 7x7 8x6 8x7 8x8)
# Environment: TT_MB (default: the solver's own size for the board, see `solve --help`; a list
# such as "512 8192" runs each size, to see what a larger table saves), THREADS (default "1 2"),
# FIRST (default vertical).
# Prints a Markdown table: board, first player, winner, threads, table MiB, nodes, seconds of
# search (the JSON's), nodes/s, seconds of the whole process (wall, catalogue loading included),
# peak RSS.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${DOMINEERING_BIN:-build/release/cli/domineering}
boards=("$@")
((${#boards[@]})) || boards=(6x6 7x7 8x6 8x7 8x8)
# An empty entry stands for the solver's own default size.
read -r -a tt_sizes <<<"${TT_MB:-}"
((${#tt_sizes[@]})) || tt_sizes=("")
first=${FIRST:-vertical}
"$bin" solve 2x2 --first vertical >/dev/null # builds and caches the default catalogue, untimed
echo "| board | first | winner | threads | table MiB | nodes | seconds | nodes/s | process s | peak MiB |"
echo "| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
for b in "${boards[@]}"; do
  for t in ${THREADS:-1 2}; do
    for mb in "${tt_sizes[@]}"; do
      tt_args=()
      [[ -n $mb ]] && tt_args=(--tt-mb "$mb")
      out=$(mktemp)
      /usr/bin/time -f "%e %M" -o "$out.time" "$bin" solve "$b" --first "$first" --threads "$t" "${tt_args[@]}" --json >"$out"
      python3 - "$b" "$out" "$out.time" <<'PY'
import json, sys
board, out, tfile = sys.argv[1:]
j = json.load(open(out))
wall, kb = open(tfile).read().split()[-2:]
print(f"| {board} | {j['first']} | {j['winner']} | {j['threads']} | {j['tt_mib']} | {j['nodes']:,} | {j['seconds']:.2f} | {j['nodes_per_second']:,.0f} | {float(wall):.2f} | {int(kb)/1024:.0f} |")
PY
      rm -f "$out" "$out.time"
    done
  done
done
