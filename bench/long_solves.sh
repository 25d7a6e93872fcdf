#!/usr/bin/env bash
# Long solves kept in a journal: what the committed 10x10 journal (bench/journals/10x10-vertical.tsv,
# the proof that Vertical moving first wins 10x10) holds and answers, and a sample of its entries
# solved again from nothing, without the journal, to check them.
# Usage: bench/long_solves.sh [JOURNAL]   (default the 10x10 journal; another journal prints only)
# Environment: SAMPLE (default 10) entries drawn with SEED (default 2026) from those whose proofs
#   took under 3 s when recorded, each re-solved on THREADS (default 2) threads for at most
#   LIMIT (default 60) seconds; BOARD and FIRST (default 10x10, vertical), the root to answer.
# Writes bench/results/long-solves.md when run on the default journal.
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/lib/results.sh
bin=${DOMINEERING_BIN:-build/release/cli/domineering}
journal=${1:-bench/journals/10x10-vertical.tsv}
page=0
[[ $# -eq 0 ]] && page=1
board=${BOARD:-10x10}
first=${FIRST:-vertical}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp "$journal" "$work/journal.tsv" # the solve may rewrite its journal; the committed file stays as it is
{
  echo "The journal \`$journal\` is the record of a long solve: every position of the top four plies"
  echo "whose proof took at least a second, with its winner and winning move (format: docs/formats.md)."
  echo "\`bash bench/long_solves.sh\` asks it for the root, profiles it and re-solves a sample of it."
  echo
  echo "## The root, answered from the journal"
  echo
  "$bin" solve "$board" --first "$first" --threads "${THREADS:-2}" --journal "$work/journal.tsv" --json >"$work/root.json"
  python3 - "$board" "$work/root.json" <<'PY'
import json, sys
board, out = sys.argv[1:]
j = json.load(open(out))
print(f"`domineering solve {board} --first {j['first']} --journal FILE`: **{j['winner']} wins**"
      + (f" with `{j['move']}`" if j.get("move") else "")
      + f", {j['nodes']:,} node{'s' if j['nodes'] != 1 else ''} ({j['journal_hits']:,} answered from the journal),"
      + f" {j['journal']['read']:,} entries read.")
PY
  echo
  echo "## Where the proof's time went, ply by ply"
  echo
  echo "Seconds are the wall seconds each proof took when it was recorded; a position's proof includes"
  echo "those of the positions below it, and two threads prove two positions at once (\`bench/journal_profile.sh\`)."
  echo
  bash bench/journal_profile.sh --file "$journal"
  echo
  echo "## A sample solved again without the journal"
  echo
  sample=${SAMPLE:-10} seed=${SEED:-2026} limit=${LIMIT:-60}
  echo "$sample entries drawn with seed $seed from those recorded in under 3 s, each solved from nothing:"
  echo "\`timeout -s INT $limit domineering solve BOARD --first TO_MOVE --threads ${THREADS:-2} --json\`."
  echo
  echo "| position (to move) | journal says | solved | nodes | seconds |"
  echo "| --- | --- | --- | ---: | ---: |"
  python3 - "$journal" "$sample" "$seed" >"$work/sample" <<'PY'
import random, sys
rows = [l.rstrip("\n").split("\t") for l in open(sys.argv[1], encoding="utf-8").readlines()[2:]]
quick = [r for r in rows if float(r[4]) < 3]
for r in random.Random(int(sys.argv[3])).sample(quick, min(int(sys.argv[2]), len(quick))):
    print("\t".join(r[:3]))
PY
  while IFS=$'\t' read -r position to_move winner; do
    timeout -s INT "$limit" "$bin" solve "$position" --first "$to_move" --threads "${THREADS:-2}" --json >"$work/one.json" 2>/dev/null || true
    python3 - "$position" "$to_move" "$winner" "$work/one.json" <<'PY'
import json, sys
position, to_move, winner, out = sys.argv[1:]
j = json.load(open(out))
got = "unfinished" if j.get("interrupted") else j["winner"]
mark = "" if got in ("unfinished", winner) else " **disagrees**"
print(f"| `{position}` ({to_move}) | {winner} | {got}{mark} | {j['nodes']:,} | {j['seconds']:.1f} |")
PY
  done <"$work/sample"
} | tee "$work/page"
((page)) && write_results_page long-solves "Long solves: the 10x10 journal" <"$work/page"
exit 0
