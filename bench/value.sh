#!/usr/bin/env bash
# Exact values of empty boards: `domineering value BOARD --json`, each board in a fresh process
# (the value table lives for one run, so a fresh process is the honest cold measurement).
# Usage: bench/value.sh [BOARD...]   (default: 4x4 4x5 5x5 4x6 4x7 5x6 6x6; 6x6 takes minutes
#                                     and about 0.7 GB)
# Prints a Markdown table: board, value (first 60 characters and the length), outcome, seconds,
# peak RSS, shapes valued, games created. With the default boards it also writes
# bench/results/values.md.
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/lib/results.sh
bin=${DOMINEERING_BIN:-build/release/cli/domineering}
boards=("$@")
page=0
((${#boards[@]})) || { boards=(4x4 4x5 5x5 4x6 4x7 5x6 6x6); page=1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
{
  echo "Each board in a fresh process: \`domineering value BOARD --json\` under \`/usr/bin/time\`"
  echo "(\`bash bench/value.sh\`). \"shapes\" counts the distinct region shapes valued and \"games\" the"
  echo "distinct canonical games created; the work grows with the shapes reachable, not with the positions."
  echo
  echo "| board | value | characters | outcome | seconds | peak MiB | shapes | games |"
  echo "| --- | --- | ---: | --- | ---: | ---: | ---: | ---: |"
  for b in "${boards[@]}"; do
    /usr/bin/time -f "%M" -o "$work/time" "$bin" value "$b" --json >"$work/out"
    python3 - "$b" "$work/out" "$work/time" <<'PY'
import json, sys
board, out, tfile = sys.argv[1:]
j = json.load(open(out))
kb = int(open(tfile).read().split()[-1])
v = j["canonical"]
shown = v if len(v) <= 60 else v[:57] + "..."
shown = shown.replace("|", "\\|")
print(f"| {board} | `{shown}` | {len(v):,} | {j['outcome']} | {j['seconds']:.2f} | {kb / 1024:.0f} | {j['shapes_evaluated']:,} | {j['games']:,} |")
PY
  done
} | tee "$work/page"
((page)) && write_results_page values "Exact values of empty boards" <"$work/page"
exit 0
