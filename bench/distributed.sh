#!/usr/bin/env bash
# `solve --distributed` on one machine: one process with 2 threads against 2 worker ranks with one
# thread each (mpirun -np 3: rank 0 only hands out positions and sleeps between messages), the
# same board and first player, one run each, taken in turn.
# Usage: bash bench/distributed.sh [BOARD:FIRST...]   (default 8x9:vertical 8x9:horizontal
#   9x9:vertical, and the page bench/results/distributed.md)
# Environment: SPLIT_PLIES (default: the solver's), DOMINEERING_BIN.
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/lib/results.sh
bin=${DOMINEERING_BIN:-build/release/cli/domineering}
page=0
(($#)) || { set -- 8x9:vertical 8x9:horizontal 9x9:vertical; page=1; }
root=()
[[ $(id -u) -eq 0 ]] && root=(--allow-run-as-root)
split=()
[[ -n "${SPLIT_PLIES:-}" ]] && split=(--split-plies "$SPLIT_PLIES")
log=$(mktemp)
trap 'rm -f "$log" "$log".*' EXIT
exec 3>&1 >&2
for spec in "$@"; do
  board=${spec%%:*} first=${spec##*:}
  /usr/bin/time -f "%e %M" -o "$log.time" "$bin" solve "$board" --first "$first" --threads 2 --json >"$log.one"
  read -r wall rss <"$log.time"
  python3 -c 'import json, sys; j = json.load(open(sys.argv[1])); print("one", sys.argv[2], sys.argv[3], j["winner"], j["nodes"], sys.argv[4], sys.argv[5])' \
    "$log.one" "$board" "$first" "$wall" "$rss" | tee -a "$log"
  /usr/bin/time -f "%e %M" -o "$log.time" mpirun -np 3 --oversubscribe "${root[@]}" "$bin" solve "$board" --first "$first" --threads 1 \
    --distributed "${split[@]}" --json >"$log.mpi"
  read -r wall rss <"$log.time"
  python3 -c '
import json, sys
j = json.load(open(sys.argv[1])); d = j["distributed"]
busy = sum(r["busy_seconds"] for r in d["ranks"])
cpu = d["master_cpu_seconds"]
print("mpi", sys.argv[2], sys.argv[3], j["winner"], j["nodes"], sys.argv[4], sys.argv[5], d["top_nodes"], d["expanded"], d["jobs"],
      d["speculative_jobs"], d["cancelled"], d["messages"], d["bytes"], f"{busy:.1f}", j["split_plies"], f"{cpu:.2f}")' \
    "$log.mpi" "$board" "$first" "$wall" "$rss" | tee -a "$log"
done
{
  echo "One process with 2 threads (\`solve B --first F --threads 2\`) against 2 worker ranks of one"
  echo "thread each (\`mpirun -np 3 --oversubscribe domineering solve B --first F --threads 1 --distributed\`),"
  echo "on this 2-core machine, one run each, in turn (\`bash bench/distributed.sh\`). Wall seconds of the whole"
  echo "command under \`/usr/bin/time\`; nodes as the solver counts them (for the distributed run, every"
  echo "worker's, cancelled jobs included). Rank 0 keeps the top tree and sleeps between messages, so"
  echo "both runs use two cores. Each worker has its own table and catalogue (the default sizes for"
  echo "the board), where the threads of one process share theirs."
  echo
  python3 - "$log" <<'PY'
import sys
one, mpi = {}, {}
for line in open(sys.argv[1]):
    f = line.split()
    (one if f[0] == "one" else mpi)[(f[1], f[2])] = f[3:]
print("| board | first | winner | nodes, 1 x 2 | nodes, 2 x 1 | nodes ratio | wall s, 1 x 2 | wall s, 2 x 1 | time ratio | top tree (expanded) | handed out (speculative) | cancelled | messages (bytes) | rank 0 CPU s | workers busy s |")
print("| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
for key, o in one.items():
    m = mpi[key]
    assert o[0] == m[0], f"winners differ on {key}"
    print(f"| {key[0]} | {key[1]} | {o[0]} | {int(o[1]):,} | {int(m[1]):,} | {int(m[1]) / int(o[1]):.2f} | {float(o[2]):.1f} | {float(m[2]):.1f} | "
          f"{float(m[2]) / float(o[2]):.2f} | {int(m[4]):,} ({int(m[5]):,}) | {int(m[6]):,} ({int(m[7]):,}) | {int(m[8]):,} | {int(m[9]):,} ({int(m[10]):,}) | {m[13]} | {m[11]} |")
split = next(iter(mpi.values()))[12]
print()
print(f"Positions are handed out {split} plies below the root (or at 24 empty cells or fewer). \"nodes ratio\" and")
print("\"time ratio\" are the distributed run's over the single process's; \"rank 0 CPU s\" is the master's CPU")
print("time (the top tree and every message), the overhead the workers do not see; \"workers busy s\" sums")
print("the seconds the workers spent in jobs, against twice the wall time when they never wait.")
PY
} | tee "$log.page" >&3
((page)) && write_results_page distributed "Distributed solving on one machine" <"$log.page"
exit 0
