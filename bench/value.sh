#!/usr/bin/env bash
# End-to-end timing of `domineering value` on fixed boards, each in a fresh process (the value
# table lives for one run, so a fresh process is the honest cold measurement).
# Usage: bench/value.sh [BOARD...]   (default: 4x4 4x5 5x5 4x6 4x7 5x6)
# Prints a Markdown table: board, value (first 60 characters), seconds, peak RSS, shapes, games.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${DOMINEERING_BIN:-build/release/cli/domineering}
boards=("$@")
((${#boards[@]})) || boards=(4x4 4x5 5x5 4x6 4x7 5x6)
echo "| board | value | seconds | peak MiB | shapes | games |"
echo "| --- | --- | ---: | ---: | ---: | ---: |"
for b in "${boards[@]}"; do
  out=$(mktemp)
  /usr/bin/time -f "%M" -o "$out.time" "$bin" value "$b" --json >"$out"
  python3 - "$b" "$out" "$out.time" <<'PY'
import json, sys
board, out, tfile = sys.argv[1:]
j = json.load(open(out))
kb = int(open(tfile).read().split()[-1])
v = j["canonical"]
v = v if len(v) <= 60 else v[:57] + "..."
print(f"| {board} | `{v}` | {j['seconds']:.2f} | {kb/1024:.0f} | {j['shapes_evaluated']} | {j['games']} |")
PY
  rm -f "$out" "$out.time"
done
