#!/usr/bin/env bash
# The cache experiments with their defaults: `domineering experiment all` (the mixed schedule of
# "A count that forgets" and a control of 650 games per board, seed 2026), timed, into a
# throw-away folder; the page is its summary.md (how to read it: docs/experiments.md).
# Usage: bench/cache.sh [EXPERIMENT ALL OPTIONS...]   (with options it prints the summary only)
# Writes bench/results/cache.md when run without options, with a last section: the same run with
# five other seeds (1 to 5), the adaptive rule against the best published rule in each cell.
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/lib/results.sh
bin=${DOMINEERING_BIN:-build/release/cli/domineering}
page=0
[[ $# -eq 0 ]] && page=1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
/usr/bin/time -f "%e %M" -o "$work/time" "$bin" experiment all --out "$work/out" "$@" >/dev/null
read -r wall kb <"$work/time"
{
  echo "\`domineering experiment all$( (($#)) && printf ' %s' "$@")\` (\`bash bench/cache.sh\`): $wall s of wall time, $((kb / 1024)) MiB"
  echo "at the peak. What follows is the run's own summary.md, its headings one level down; the"
  echo "per-run results.md files, the CSV and the plots are in the output folder (docs/experiments.md)."
  echo
  # The summary links files of its own folder; those do not exist here, so the links become text.
  sed -e 's/^#/##/' -e 's/\[\([^]]*\)\]([^)]*)/\1/g' "$work/out/summary.md"
  if ((page)); then
    for seed in 1 2 3 4 5; do
      "$bin" experiment all --seed "$seed" --out "$work/seed-$seed" >/dev/null
    done
    echo
    echo "## The field with five other seeds"
    echo
    echo "\`domineering experiment all --seed S\` for S = 1 to 5, the same schedule and sizes. Each cell: the published rule"
    echo "(LRU, ARC, SIEVE and the twelve reference rules) with the most hits there, and the adaptive rule's points above it"
    echo "(from its default start; negative where that rule is ahead). Counted over all 75 cells: where the adaptive rule is ahead."
    echo
    python3 - "$work" <<'PY'
import csv, os, sys
work = sys.argv[1]
PUBLISHED = ["lru", "arc", "sieve", "fifo", "clock", "slru", "2q", "s3-fifo", "w-tinylfu", "lirs", "lfu-da", "hyperbolic", "lecar", "cacheus", "gdsf"]
ahead = cells = 0
for seed in range(1, 6):
    root = os.path.join(work, f"seed-{seed}")
    folders = ["mixed"] + sorted(d for d in os.listdir(root) if d.startswith("control-"))
    sizes = None
    rows = []
    for folder in folders:
        data = list(csv.DictReader(open(os.path.join(root, folder, "results.csv"))))
        sizes = sorted({int(r["size"]) for r in data})
        cellsrow = []
        for size in sizes:
            at = [r for r in data if int(r["size"]) == size]
            lookups = int(at[0]["lookups"])
            adaptive = next(r for r in at if r["rule"] == "adaptive" and int(r["half_life"]) == size)
            best = max((r for r in at if r["rule"] in PUBLISHED), key=lambda r: int(r["hits"]))
            gap = 100.0 * (int(adaptive["hits"]) - int(best["hits"])) / lookups
            cells += 1
            ahead += int(adaptive["hits"]) > int(best["hits"])
            cellsrow.append(f"{best['rule']} {gap:+.3f}")
        rows.append((folder, cellsrow))
    print(f"Seed {seed}:\n")
    print("| experiment | " + " | ".join(f"{s} entries" for s in sizes) + " |")
    print("| --- |" + " --- |" * len(sizes))
    for folder, cellsrow in rows:
        print(f"| {folder} | " + " | ".join(cellsrow) + " |")
    print()
print(f"The adaptive rule is ahead of every published rule in {ahead} of {cells} cells.")
PY
  fi
} | tee "$work/page"
((page)) && write_results_page cache "Cache experiments" <"$work/page"
exit 0
