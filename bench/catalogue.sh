#!/usr/bin/env bash
# The shape catalogue: `domineering catalogue build --max-cells N` for N = 8 up to a largest size,
# binary output, each N in a fresh process, then the time to load and check the file
# (`catalogue check --shallow`: structure, checksum and every row against its value).
# Usage: bench/catalogue.sh [MAX_N]   (default 15, which needs about 2.5 GB; 16 about 9 GB)
# Prints a Markdown table: N, shapes, distinct values, build seconds, peak RSS, file MiB, load
# seconds. Run without arguments, it also writes bench/results/catalogue.md.
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/lib/results.sh
bin=${DOMINEERING_BIN:-build/release/cli/domineering}
page=0
[[ $# -eq 0 ]] && page=1
max=${1:-15}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
{
  echo "Every connected shape of 8 to $max cells, one per class under the two reflections, built on"
  echo "$(nproc) cores in a fresh process and written in the binary form (\`bash bench/catalogue.sh\`);"
  echo "then \`catalogue check --shallow\` loads the file and checks every row against its value."
  echo
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
    rm -f "$f"
  done
} | tee "$dir/page"
((page)) && write_results_page catalogue "The shape catalogue" <"$dir/page"
exit 0
