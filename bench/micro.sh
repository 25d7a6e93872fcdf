#!/usr/bin/env bash
# The Google Benchmark programs (bench/*_bench.cpp): the CGT engine's sums, comparisons and
# canonical forms, the move bounds and packing, the transposition table's probes and stores,
# and the cache rules' lookups. Each program runs once with its fixed inputs; the page lists
# every benchmark's time per iteration and its counters.
# Usage: bench/micro.sh [PROGRAM...]   (default: cgt domineering solver cache; a subset prints only)
# Environment: BUILD (default build/release). Writes bench/results/micro.md for the default set.
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/lib/results.sh
build=${BUILD:-build/release}
programs=("$@")
page=0
((${#programs[@]})) || { programs=(cgt domineering solver cache); page=1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
{
  echo "Each program of \`$build/bench/\` run once with its fixed inputs (\`bash bench/micro.sh\`);"
  echo "times are Google Benchmark's per iteration (real time, the CPU time beside it), counters as"
  echo "each benchmark reports them. What each input is: the comment at the top of bench/<program>_bench.cpp."
  for p in "${programs[@]}"; do
    "$build/bench/bench_$p" --benchmark_format=json >"$work/$p.json" 2>/dev/null
    echo
    echo "## bench_$p"
    echo
    python3 - "$work/$p.json" <<'PY'
import json, sys
j = json.load(open(sys.argv[1]))
standard = {"name", "family_index", "per_family_instance_index", "run_name", "run_type", "repetitions",
            "repetition_index", "threads", "iterations", "real_time", "cpu_time", "time_unit", "aggregate_name",
            "aggregate_unit", "label", "error_occurred", "error_message"}
print("| benchmark | time | CPU | iterations | counters |")
print("| --- | ---: | ---: | ---: | --- |")
def fmt(v):
    return f"{v:,.0f}" if abs(v) >= 100 else f"{v:.3g}"
for b in j["benchmarks"]:
    counters = ", ".join(f"{k} {fmt(v)}" for k, v in b.items() if k not in standard and isinstance(v, (int, float)))
    unit = b["time_unit"].replace("us", "µs")
    print(f"| `{b['name']}` | {fmt(b['real_time'])} {unit} | {fmt(b['cpu_time'])} {unit} | {b['iterations']:,} | {counters} |")
PY
  done
} | tee "$work/page"
((page)) && write_results_page micro "Benchmarks of the parts" <"$work/page"
exit 0
