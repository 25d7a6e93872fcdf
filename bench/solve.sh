#!/usr/bin/env bash
# Whole-board solves: `domineering solve BOARD --first FIRST --threads T --json`, each run in a
# fresh process with a fresh table and the solver's defaults (the catalogues are built once
# beforehand and cached, untimed).
# Usage: bench/solve.sh [BOARD...]
#   Without boards: 6x6 7x7 8x6 8x7 8x8 7x8 6x10 7x9 8x9 on 1 and 2 threads, then 7x12, 8x10 and
#   9x9 on 2 threads (those three take minutes each), then the defaults against alternatives
#   (one thread, 8x9 and a 9x9 position of 77 empty cells), and the page bench/results/solve.md.
# Environment: TT_MB (default: the solver's own size for the board; a list such as "512 8192"
#   runs each size), THREADS (default "1 2"), FIRST (default vertical).
# Prints a Markdown table: board, first player, winner, winning move, threads, table MiB, nodes,
# seconds of search (the JSON's), nodes/s, seconds of the whole process (wall, catalogue loading
# included), peak RSS.
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/lib/results.sh
bin=${DOMINEERING_BIN:-build/release/cli/domineering}
boards=("$@")
large=()
page=0
if ((${#boards[@]} == 0)); then
  boards=(6x6 7x7 8x6 8x7 8x8 7x8 6x10 7x9 8x9)
  large=(7x12 8x10 9x9)
  page=1
fi
# An empty entry stands for the solver's own default size.
read -r -a tt_sizes <<<"${TT_MB:-}"
((${#tt_sizes[@]})) || tt_sizes=("")
first=${FIRST:-vertical}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Builds and caches the catalogues the runs load, untimed: the 12-cell one, and the 15-cell one
# that boards of 74 empty cells or more use (a board of 80 cells where Vertical cannot move).
"$bin" solve 2x2 --first vertical >/dev/null
"$bin" solve "$(printf '................/################/%.0s' 1 2 3 4)................" --first vertical >/dev/null
# A position of 77 empty cells, four plies into 9x9 (V 0,1 and H 4,3 played), Vertical to move:
# the smallest kind of position that gets the 15-cell endgame.
position77=".#......./.#......./........./........./...##..../........./........./........./........."
cache_dir=${DOMINEERING_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/domineering}
alternative() { # board label options...
  local board=$1 label=$2
  shift 2
  /usr/bin/time -f "%e %M" -o "$work/time" "$bin" solve "$board" --first vertical --threads 1 "$@" --json >"$work/out"
  python3 - "$board" "$label" "$work/out" "$work/time" <<'PY'
import json, sys
board, label, out, tfile = sys.argv[1:]
j = json.load(open(out))
wall, kb = open(tfile).read().split()[-2:]
shown = "9x9 after `V 0,1`, `H 4,3`" if "/" in board else board
print(f"| {shown} | {label} | {j['winner']} | {j['nodes']:,} | {j['seconds']:.2f} | {float(wall):.2f} | {int(kb)/1024:.0f} |")
PY
}
run() { # board threads table-MiB
  local tt_args=()
  [[ -n $3 ]] && tt_args=(--tt-mb "$3")
  /usr/bin/time -f "%e %M" -o "$work/time" "$bin" solve "$1" --first "$first" --threads "$2" "${tt_args[@]}" --json >"$work/out"
  python3 - "$1" "$work/out" "$work/time" <<'PY'
import json, sys
board, out, tfile = sys.argv[1:]
j = json.load(open(out))
wall, kb = open(tfile).read().split()[-2:]
move = f"`{j['move']}`" if j.get("move") else "-"
print(f"| {board} | {j['first']} | {j['winner']} | {move} | {j['threads']} | {j['tt_mib']} | {j['nodes']:,} | {j['seconds']:.2f} | "
      f"{j['nodes_per_second']:,.0f} | {float(wall):.2f} | {int(kb)/1024:.0f} |")
PY
}
{
  echo "Each run in a fresh process with the solver's defaults, $first first: \`domineering solve BOARD"
  echo "--first $first --threads T --json\` under \`/usr/bin/time\` (\`bash bench/solve.sh\`). \"seconds\" is the"
  echo "search, \"process s\" the whole process (catalogue loading included). Node counts on one thread"
  echo "are deterministic; on two they vary from run to run."
  echo
  echo "| board | first | winner | move | threads | table MiB | nodes | seconds | nodes/s | process s | peak MiB |"
  echo "| --- | --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
  for b in "${boards[@]}"; do
    for t in ${THREADS:-1 2}; do
      for mb in "${tt_sizes[@]}"; do
        run "$b" "$t" "$mb"
      done
    done
  done
  for b in "${large[@]}"; do
    run "$b" 2 ""
  done
  if ((page)); then
    echo
    echo "## The defaults against alternatives"
    echo
    echo "What each default of \`solve\` (docs/cli.md) is chosen against, one thread, Vertical first, one run"
    echo "each in turn: 8x9 (72 empty cells: a 128 MiB table, the cut-off pass off at 40 cells or fewer,"
    echo "16,384 component-cache entries, the 12-cell endgame tried at up to 40 coverable cells) and a 9x9"
    echo "position of 77 empty cells (512 MiB, the 15-cell endgame: regions up to 15 cells, tried at up to 48)."
    echo
    echo "| position | options | winner | nodes | seconds | process s | peak MiB |"
    echo "| --- | --- | --- | ---: | ---: | ---: | ---: |"
    alternative 8x9 "defaults"
    alternative 8x9 "\`--tt-mb 32\`" --tt-mb 32
    alternative 8x9 "\`--tt-mb 512\`" --tt-mb 512
    alternative 8x9 "\`--etc-cells 0\` (the pass everywhere)" --etc-cells 0
    alternative 8x9 "\`--component-entries 2048\`" --component-entries 2048
    alternative 8x9 "\`--cgt-cells 48\`" --cgt-cells 48
    alternative "$position77" "defaults"
    alternative "$position77" "\`--tt-mb 128\`" --tt-mb 128
    alternative "$position77" "the 12-cell endgame: \`--catalogue catalogue-12.bin --exact-cells 14 --cgt-cells 40\`" \
      --catalogue "$cache_dir/catalogue-12.bin" --exact-cells 14 --cgt-cells 40
    alternative "$position77" "\`--cgt-cells 40\`" --cgt-cells 40
  fi
} | tee "$work/page"
((page)) && write_results_page solve "Solving boards" <"$work/page"
exit 0
