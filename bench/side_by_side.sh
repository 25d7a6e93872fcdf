#!/usr/bin/env bash
# Two builds of `domineering` compared side by side: each pair runs both at once, one thread
# each (one a core on a 2-core machine), on the same board for the same time, and the builds
# swap places from one pair to the next, so that neither keeps the faster core or the earlier
# start. A timed run stops with SIGINT and reports the nodes it reached (`solve --json`), so the
# ratio of the two rates compares the builds only when they search the same tree (a change to
# speed alone, `Bench:` unchanged); otherwise compare whole solves instead. On this project's
# VM one pair's ratio strays by up to 10 per cent, so a few per cent needs several pairs.
# Solve the board once beforehand, so that the catalogue it needs is built and cached (9x9's
# 15-cell catalogue takes about a minute the first time): a pair would otherwise time that.
# Usage: bench/side_by_side.sh BIN_A BIN_B [BOARD]   (default board 9x9)
# Environment: SECONDS_EACH (default 100), PAIRS (default 4), FIRST (default vertical).
# Prints a Markdown table (pair, A's place, nodes a second of A and of B, B / A), then the mean,
# least and greatest ratio.
set -euo pipefail
if (($# < 2)); then
  echo "usage: bench/side_by_side.sh BIN_A BIN_B [BOARD]" >&2
  exit 2
fi
a=$1
b=$2
board=${3:-9x9}
seconds=${SECONDS_EACH:-100}
pairs=${PAIRS:-4}
first=${FIRST:-vertical}
for bin in "$a" "$b"; do
  [[ -x $bin ]] || { echo "side_by_side.sh: $bin is not an executable" >&2; exit 2; }
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
echo "| pair | A launched first | A nodes/s | B nodes/s | B / A |"
echo "| ---: | --- | ---: | ---: | ---: |"
for ((i = 1; i <= pairs; ++i)); do
  if ((i % 2)); then x=$a y=$b; else x=$b y=$a; fi
  timeout -s INT "$seconds" "$x" solve "$board" --first "$first" --threads 1 --json >"$work/x.json" 2>/dev/null &
  timeout -s INT "$seconds" "$y" solve "$board" --first "$first" --threads 1 --json >"$work/y.json" 2>/dev/null &
  wait
  if ((i % 2)); then ja=$work/x.json jb=$work/y.json; else ja=$work/y.json jb=$work/x.json; fi
  python3 - "$i" "$ja" "$jb" "$work/ratios" <<'PY'
import json, sys
pair, fa, fb, ratios = sys.argv[1:]
ra = json.load(open(fa))["nodes_per_second"]
rb = json.load(open(fb))["nodes_per_second"]
open(ratios, "a").write(f"{rb / ra}\n")
print(f"| {pair} | {'yes' if int(pair) % 2 else 'no'} | {ra:,.0f} | {rb:,.0f} | {rb / ra:.3f} |")
PY
done
python3 - "$work/ratios" <<'PY'
import sys
r = [float(x) for x in open(sys.argv[1])]
print(f"\nB / A: mean {sum(r) / len(r):.3f}, least {min(r):.3f}, greatest {max(r):.3f} ({len(r)} pairs)")
PY
