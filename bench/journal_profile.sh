#!/usr/bin/env bash
# How the time of a proof is spread over the positions near its root, from a solve journal
# (solver/include/solver/solve_journal.h): per ply (filled cells / 2, which is the moves made only
# for a board that started empty: holes count as filled), how many positions were
# proven, their seconds in all, how many took at least 1 s, the longest, the longest's share and
# the ten longest's, and the sum over the longest (the number of "longest-sized" proofs the ply
# holds). A whole-board estimate made from the first few positions of a ply is only as good as
# this spread: the search tries the loser's strongest replies first, and those cost the most.
# Usage: bench/journal_profile.sh BOARD [FIRST]   solves BOARD (FIRST: vertical, the default, or
#                                                 horizontal) on 2 threads with a fresh journal
#                                                 that records every proof, then profiles it
#        bench/journal_profile.sh --file JOURNAL  profiles a journal as it is
# Environment: THREADS (default 2), TT_MB (default: the solver's own size for the board).
# Seconds are wall seconds of each proof; with 2 threads two proofs run at once, so a ply's sum
# can exceed the solve's time. Plies whose positions were not all recorded (a journal kept with
# --journal-min-seconds above 0, or a stopped solve) count only what was recorded.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${DOMINEERING_BIN:-build/release/cli/domineering}
if [[ ${1:-} == --file ]]; then
  journal=${2:?usage: bench/journal_profile.sh --file JOURNAL}
else
  board=${1:?usage: bench/journal_profile.sh BOARD [FIRST] | --file JOURNAL}
  first=${2:-vertical}
  dir=$(mktemp -d)
  trap 'rm -rf "$dir"' EXIT
  journal=$dir/journal.tsv
  tt_args=()
  [[ -n ${TT_MB:-} ]] && tt_args=(--tt-mb "$TT_MB")
  "$bin" solve "$board" --first "$first" --threads "${THREADS:-2}" "${tt_args[@]}" \
    --journal "$journal" --journal-min-seconds 0 --json >"$dir/solve.json"
  python3 - "$board" "$dir/solve.json" <<'PY'
import json, sys
j = json.load(open(sys.argv[2]))
print(f"{sys.argv[1]}: {j['first']} first, {j['winner']} wins, {j['nodes']:,} nodes in {j['seconds']:.1f} s on {j['threads']} threads")
PY
fi
python3 - "$journal" <<'PY'
import sys
from collections import defaultdict
lines = open(sys.argv[1], encoding="utf-8").read().splitlines()[2:]
plies = defaultdict(list)
for line in lines:
    board, _to_move, _winner, _move, seconds = line.split("\t")
    plies[board.count("#") // 2].append(float(seconds))
print("| ply | positions | seconds | at least 1 s | longest s | longest's share | ten longest's share | sum / longest |")
print("| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
for ply in sorted(plies):
    s = sorted(plies[ply], reverse=True)
    total = sum(s)
    share = lambda part: f"{part / total:.2f}" if total > 0 else "-"
    print(f"| {ply} | {len(s)} | {total:.1f} | {sum(1 for x in s if x >= 1)} | {s[0]:.1f} | {share(s[0])} | "
          f"{share(sum(s[:10]))} | {total / s[0] if s[0] > 0 else 0:.1f} |")
PY
