#!/usr/bin/env bash
# The solver's component-cache rule chosen by what it saves the solver: `domineering solve` with
# each rule that runs without the future (`--component-rule`), one thread, at the default number
# of entries and at 64 and 16, on 8x8 (both first players), 8x9 (Vertical first) and a 9x9
# position four placements in (12-cell catalogue, regions valued up to 14 cells). The cache only
# changes the work of valuing regions, never the tree: nodes are the same for every rule, and
# the regions valued on demand count the work a rule leaves the solver. Times are one run each.
# Usage: bench/component_rules.sh   (a few minutes on 2 cores; writes bench/results/component-rules.md)
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/lib/results.sh
bin=${DOMINEERING_BIN:-build/release/cli/domineering}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
rules=(adaptive lru lfu arc sieve fifo clock slru 2q s3-fifo w-tinylfu lirs lfu-da hyperbolic lecar cacheus gdsf)
# The 9x9 position's catalogue: the 12-cell one `solve` builds and caches (docs/formats.md), or
# one built here.
catalogue12="${XDG_CACHE_HOME:-$HOME/.cache}/domineering/catalogue-12.bin"
if [[ -n ${DOMINEERING_CACHE_DIR:-} ]]; then catalogue12="$DOMINEERING_CACHE_DIR/catalogue-12.bin"; fi
if [[ ! -f $catalogue12 ]]; then
  catalogue12="$work/catalogue-12.bin"
  "$bin" catalogue build --max-cells 12 --out "$catalogue12" >/dev/null
fi
pos9='.#......./.#......./........./........./....##.../........./........./.......#./.......#.'
cases=("8x8|vertical|" "8x8|horizontal|" "8x9|vertical|" "$pos9|vertical|--catalogue $catalogue12 --exact-cells 14 --cgt-cells 40")
names=("8x8, Vertical first" "8x8, Horizontal first" "8x9, Vertical first" "9x9 four placements in, Vertical first")
for entries in default 64 16; do
  for i in "${!cases[@]}"; do
    IFS='|' read -r board first extra <<<"${cases[$i]}"
    # One run not counted first, so that no rule pays for loading the catalogue into the page cache.
    # shellcheck disable=SC2086
    "$bin" solve "$board" --first "$first" --threads 1 $extra >/dev/null
    for rule in "${rules[@]}"; do
      size=()
      [[ $entries != default ]] && size=(--component-entries "$entries")
      # shellcheck disable=SC2086
      "$bin" solve "$board" --first "$first" --threads 1 --component-rule "$rule" "${size[@]}" $extra --json \
        >"$work/$entries-$i-$rule.json"
    done
  done
done
python3 - "$work" "${#cases[@]}" "${names[@]}" -- "${rules[@]}" <<'PY' | write_results_page component-rules "The solver's component-cache rule"
import json, sys
work, ncases = sys.argv[1], int(sys.argv[2])
rest = sys.argv[3:]
names = rest[:ncases]
rules = rest[ncases + 1:]
print("`bash bench/component_rules.sh`: `domineering solve BOARD --first SIDE --threads 1 --component-rule RULE "
      "[--component-entries N] --json` for every rule that runs without the future. The rule changes only how often a "
      "region is valued again, never the tree (the nodes are the same for every rule). *Valued* counts the regions "
      "valued on demand (each a canonical form computed from its parts), the work the cache exists to save; "
      "re-evaluations are misses on a region valued before. One run each; times to 0.01 s.")
print()
totals = {}
for entries in ("default", "64", "16"):
    print(f"## {'Default entries' if entries == 'default' else entries + ' entries'}")
    print()
    for i, name in enumerate(names):
        rows = []
        for rule in rules:
            d = json.load(open(f"{work}/{entries}-{i}-{rule}.json"))
            c = d["component_cache"]
            rows.append((rule, d["nodes"], d["seconds"], c["lookups"], c["hits"], c["re_evaluations"], c["regions_valued"], d["component_entries"]))
            t = totals.setdefault((entries, rule), [0, 0.0])
            t[0] += c["regions_valued"]
            t[1] += d["seconds"]
        print(f"### {name} ({rows[0][7]:,} entries, {rows[0][1]:,} nodes)")
        print()
        print("| rule | seconds | lookups | hits | re-evaluations | valued |")
        print("| --- | ---: | ---: | ---: | ---: | ---: |")
        least = min(r[6] for r in rows)
        for r in sorted(rows, key=lambda r: (r[6], r[0])):
            mark = " (least)" if r[6] == least else ""
            print(f"| {r[0]} | {r[2]:.2f} | {r[3]:,} | {r[4]:,} | {r[5]:,} | {r[6]:,}{mark} |")
        nodes = {r[1] for r in rows}
        if len(nodes) != 1:
            print()
            print(f"**Node counts differ between rules: {sorted(nodes)}** (a cache must not change the search).")
        print()
same_default = len({totals[("default", r)][0] for r in rules}) == 1
least16 = min(totals[("16", r)][0] for r in rules)
best16 = sorted(r for r in rules if totals[("16", r)][0] == least16)
adaptive16 = totals[("16", "adaptive")][0]
lookups = {name: json.load(open(f"{work}/16-{i}-adaptive.json"))["component_cache"]["lookups"] for i, name in enumerate(names)}
spread16 = max(totals[("16", r)][1] for r in rules) - min(totals[("16", r)][1] for r in rules)
print("## What this shows")
print()
print("Component-cache lookups (16 entries, adaptive rule): " + "; ".join(f"{n}: {v:,}" for n, v in lookups.items()) +
      ". Only positions that reach regions beyond the catalogue use the cache at all. " +
      ("At the default number of entries every rule values the same regions: the cache never fills, "
       "so no rule can do better than another. " if same_default else "At the default number of entries the rules differ. ") +
      f"At 16 entries the fewest regions valued, {least16:,}, are {', '.join(best16)}'s; the adaptive rule's {adaptive16:,} "
      f"({100.0 * (adaptive16 - least16) / least16:+.1f} per cent). The summed solve times at 16 entries span {spread16:.2f} s "
      "across the rules, one run each.")
print()
print("## All positions together")
print()
print("Regions valued and seconds summed over the four positions, by table size; rules by the regions valued at 16 entries.")
print()
print("| rule | valued (default) | valued (64) | valued (16) | seconds (default) | seconds (64) | seconds (16) |")
print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
for rule in sorted(rules, key=lambda r: (totals[("16", r)][0], r)):
    v = [totals[(e, rule)] for e in ("default", "64", "16")]
    print(f"| {rule} | {v[0][0]:,} | {v[1][0]:,} | {v[2][0]:,} | {v[0][1]:.2f} | {v[1][1]:.2f} | {v[2][1]:.2f} |")
PY
