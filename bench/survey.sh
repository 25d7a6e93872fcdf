#!/usr/bin/env bash
# The survey of rectangles: `domineering survey` of every board from 2x2 to 30x30 with a time
# limit per board and first player, then its results against every published result
# (tests/solver/published_results.tsv): reproduced, not reached within the limit, or contradicted.
# Usage: bench/survey.sh [SECONDS_PER_BOARD] [MAX_SIDE]   (defaults 1 and 30; at 1 s a board the
#        survey takes at most a quarter of an hour on 2 cores, at 60 s many hours)
# Environment: THREADS (default 2). Writes bench/results/survey-<S>s.md and the picture beside it
# when run with the default size.
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/lib/results.sh
bin=${DOMINEERING_BIN:-build/release/cli/domineering}
seconds=${1:-1}
max=${2:-30}
page=0
[[ $max == 30 ]] && page=1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
/usr/bin/time -f "%e %M" -o "$work/time" "$bin" survey --max-rows "$max" --seconds-per-board "$seconds" --threads "${THREADS:-2}" \
  --out "$work/survey.tsv" --picture "$work/survey.svg" --json >"$work/survey.json"
read -r wall kb <"$work/time"
{
  echo "\`domineering survey --max-rows $max --seconds-per-board $seconds --threads ${THREADS:-2}\` (\`bash bench/survey.sh $seconds\`):"
  echo "every empty board from 2x2 to ${max}x${max}, each first player with at most $seconds s, in $wall s of wall time"
  echo "($((kb / 1024)) MiB at the peak). Horizontal first on m x n is n x m with Vertical first, transposed."
  echo
  python3 - "$work/survey.json" tests/solver/published_results.tsv "$max" <<'PY'
import json, sys
survey = json.load(open(sys.argv[1]))
size = int(sys.argv[3])
rows = {(r["rows"], r["cols"]): r for r in survey["rows"]}
outcomes = survey["outcomes"]
print("| outcome | boards |")
print("| --- | ---: |")
for key, name in (("L", "L: Vertical wins whoever starts"), ("R", "R: Horizontal wins whoever starts"),
                  ("N", "N: the first player wins"), ("P", "P: the second player wins"), ("?", "not known within the limit")):
    print(f"| {name} | {outcomes.get(key, 0)} |")
print(f"| all | {survey['boards']} |")
print()
how = survey["how"]
print("How each of the {:,} results (board and first player) was found:".format(sum(how.values())))
print()
print("| how | results |")
print("| --- | ---: |")
for name in sorted(how):
    print(f"| {name} | {how[name]} |")
print()
agree, unknown, contradict = [], [], []
for line in open(sys.argv[2]):
    if line.startswith("#") or line.startswith("rows\t"):
        continue
    r, c, winner, sources = line.rstrip("\n").split("\t")
    r, c = int(r), int(c)
    if r > size or c > size:
        continue
    got = rows[(r, c)]["vertical_first"]
    entry = f"{r}x{c}"
    if got["winner"] == "unknown":
        unknown.append(entry)
    elif got["winner"] == winner:
        agree.append((entry, got["how"]))
    else:
        contradict.append(f"{entry} (published {winner}, found {got['winner']})")
total = len(agree) + len(unknown) + len(contradict)
print(f"Against the {total} published results within the survey (Vertical first; sources in "
      "tests/solver/published_results.tsv):")
print()
print(f"- reproduced: {len(agree)}, of which by a rule without a search: "
      f"{sum(1 for _, h in agree if h not in ('search', 'table', 'journal', 'transpose'))}")
print(f"- not reached within the limit: {len(unknown)}" + (f" ({', '.join(unknown)})" if unknown else ""))
print(f"- contradicted: {len(contradict)}" + (f" ({', '.join(contradict)})" if contradict else ""))
PY
  echo
  echo "The picture, an outcome class per board: [survey-${seconds}s.svg](survey-${seconds}s.svg)."
} | tee "$work/page"
if ((page)); then
  cp "$work/survey.svg" "bench/results/.survey-${seconds}s.svg.tmp" && mv -f "bench/results/.survey-${seconds}s.svg.tmp" "bench/results/survey-${seconds}s.svg"
  write_results_page "survey-${seconds}s" "Survey of rectangles up to 30 x 30, ${seconds} s a board" <"$work/page"
fi
exit 0
