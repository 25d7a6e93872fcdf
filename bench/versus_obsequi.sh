#!/usr/bin/env bash
# `domineering solve` against Bullock's Obsequi on the same machine, one thread each, the same
# first player, runs taken in turn so that both see the same machine. Obsequi is not part of
# this project and is not fetched: build it yourself and point OBSEQUI at the binary.
# How to build it: docs/building.md, "Obsequi, for comparison".
# Usage: OBSEQUI=/path/to/Obsequi bench/versus_obsequi.sh [BOARD...]
#   BOARD is RxC or board text ("../.#/.."); filled cells go to Obsequi as its blocked cells.
#   Without boards: 8x8, 7x8 and 6x10, and the page bench/results/versus-obsequi.md.
# Environment: RUNS (default 5), FIRST (vertical or horizontal, default vertical).
# Prints each run (CPU seconds, user + system, of the whole process, as /usr/bin/time reports
# them; nodes as each program counts them) and then a Markdown table of medians and ratios.
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/lib/results.sh
bin=${DOMINEERING_BIN:-build/release/cli/domineering}
obsequi=${OBSEQUI:?set OBSEQUI to an Obsequi binary}
runs=${RUNS:-5}
first=${FIRST:-vertical}
page=0
(($#)) || { set -- 8x8 7x8 6x10; page=1; }
"$bin" solve 2x2 --first vertical >/dev/null # builds and caches the default catalogue, untimed
log=$(mktemp)
trap 'rm -f "$log" "$log".*' EXIT
exec 3>&1 >&2 # each run goes to stderr as it happens; the table to stdout (and the page)
for b in "$@"; do
  # Obsequi's command: "solve rows R cols C [B r,c;r,c;...] V|H" on standard input.
  command=$(python3 - "$b" "$first" <<'PY'
import re, sys
board, first = sys.argv[1:]
m = re.fullmatch(r"(\d+)x(\d+)", board)
rows = ["." * int(m[2])] * int(m[1]) if m else board.split("/")
blocked = [f"{r},{c}" for r, row in enumerate(rows) for c, x in enumerate(row) if x != "."]
print(f"solve rows {len(rows)} cols {len(rows[0])} " + (f"B {';'.join(blocked)} " if blocked else "") + first[0].upper())
PY
)
  for ((i = 1; i <= runs; ++i)); do
    /usr/bin/time -f "%U %S" -o "$log.time" "$bin" solve "$b" --first "$first" --threads 1 --json >"$log.ours"
    read -r user sys <"$log.time"
    python3 -c 'import json, sys; j = json.load(open(sys.argv[1])); print("ours", sys.argv[2], j["winner"], j["nodes"], f"{float(sys.argv[3]) + float(sys.argv[4]):.2f}")' "$log.ours" "$b" "$user" "$sys" | tee -a "$log"
    echo "$command" | /usr/bin/time -f "%U %S" -o "$log.time" "$obsequi" >"$log.obsequi"
    read -r user sys <"$log.time"
    # Its last line: "winner V, move (r,c), nodes 2,022,459."
    python3 -c '
import re, sys
line = [l for l in open(sys.argv[1]) if l.startswith("winner")][-1]
m = re.match(r"winner (\w), .* nodes ([\d,]+)\.", line)
print("obsequi", sys.argv[2], {"V": "vertical", "H": "horizontal"}[m[1]], m[2].replace(",", ""), f"{float(sys.argv[3]) + float(sys.argv[4]):.2f}")' "$log.obsequi" "$b" "$user" "$sys" | tee -a "$log"
  done
done
{
  echo "Both solvers on one thread, $first first, the runs taken in turn ($runs each): CPU seconds"
  echo "(user + system) of the whole process under \`/usr/bin/time\`, this solver's catalogue load"
  echo "included; nodes as each program counts them (\`OBSEQUI=... bash bench/versus_obsequi.sh\`)."
  echo "Obsequi is Bullock's solver (\"Domineering: Solving Large Combinatorial Search Spaces\", 2002),"
  echo "built as docs/building.md says. \"time ratio\" is Obsequi's median over this solver's."
  echo
python3 - "$log" <<'PY'
import statistics, sys
runs = {}
for line in open(sys.argv[1]):
    who, board, winner, nodes, cpu = line.split()
    runs.setdefault(board, {}).setdefault(who, []).append((winner, int(nodes), float(cpu)))
print("| board | winner (ours / Obsequi) | nodes, ours | nodes, Obsequi | CPU s, ours (median) | CPU s, Obsequi (median) | nodes ratio | time ratio |")
print("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |")
for board, r in runs.items():
    o, b = r["ours"], r["obsequi"]
    to, tb = statistics.median(x[2] for x in o), statistics.median(x[2] for x in b)
    print(f"| {board} | {o[0][0]} / {b[0][0]} | {o[0][1]:,} | {b[0][1]:,} | {to:.2f} | {tb:.2f} | {o[0][1] / b[0][1]:.2f} | {tb / to:.1f} |")
PY
} | tee "$log.page" >&3
((page)) && write_results_page versus-obsequi "Against Obsequi" <"$log.page"
exit 0
