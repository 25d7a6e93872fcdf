#!/usr/bin/env bash
# End-to-end timing of `domineering catalogue build` for N = 8 up to a largest size, binary
# output, each N in a fresh process, then the time to load and structurally check the file.
# Usage: bench/catalogue.sh [MAX_N]   (default 14; 15 needs about 3 GB and 2 minutes)
# Prints a Markdown table: N, shapes, distinct values, build seconds, peak RSS, file MiB, load seconds.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${DOMINEERING_BIN:-build/release/cli/domineering}
max=${1:-14}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
echo "| N | shapes | distinct values | build s | peak MiB | file MiB | load + check s |"
echo "| ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
for ((n = 8; n <= max; ++n)); do
  f=$dir/catalogue-$n.bin
  /usr/bin/time -f "%e %M" -o "$dir/time" "$bin" catalogue build --max-cells "$n" --out "$f" --json >"$dir/build.json"
  /usr/bin/time -f "%e" -o "$dir/load" "$bin" catalogue check --shallow "$f" >/dev/null
  python3 - "$n" "$dir/build.json" "$dir/time" "$f" "$dir/load" <<'PY'
import json, os, sys
n, out, tfile, f, lfile = sys.argv[1:]
j = json.load(open(out))
secs, kb = open(tfile).read().split()[-2:]
load = open(lfile).read().split()[-1]
print(f"| {n} | {j['shapes']:,} | {j.get('distinct_values', '?'):,} | {float(secs):.2f} | {int(kb)/1024:.0f} | {os.path.getsize(f)/2**20:.1f} | {float(load):.2f} |")
PY
done
