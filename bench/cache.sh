#!/usr/bin/env bash
# The cache experiments with their defaults: `domineering experiment all` (the mixed schedule of
# "A count that forgets" and a control of 650 games per board, seed 2026), timed, into a
# throw-away folder; the page is its summary.md (how to read it: docs/experiments.md).
# Usage: bench/cache.sh [EXPERIMENT ALL OPTIONS...]   (with options it prints the summary only)
# Writes bench/results/cache.md when run without options.
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
} | tee "$work/page"
((page)) && write_results_page cache "Cache experiments" <"$work/page"
exit 0
