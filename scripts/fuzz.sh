#!/usr/bin/env bash
# Builds the libFuzzer targets (clang, ASan + UBSan) and runs each for SECONDS on its corpus.
# Usage: scripts/fuzz.sh [SECONDS] [TARGET...]     (default: 60 seconds, every target)
# Inputs the fuzzer finds interesting go to build/fuzz/corpus/<target>/ (the committed seed
# corpus in tests/fuzz/corpus/ is read, never written); a crash or a violated property stops
# that target, prints the input's file and exits non-zero. Commit such an input under
# tests/fuzz/regressions/<target>/ once fixed: the normal suite replays it (test_fuzz_replay).
# Leak checks are off here: libFuzzer checks for leaks between inputs, while the game store's
# caches are alive in TBB containers whose segment tables hold offset pointers LeakSanitizer
# cannot follow, so it reports them as leaked. Leaks are checked at exit instead, when every
# cache has been freed, by the ASan test suite (which replays every corpus and regression).
# The game store is append-only (games are never freed), so a fuzzing process grows with the
# inputs it has run: a long run of the catalogue readers reaches gigabytes, hence the RSS limit
# of 8 GB; one input may still allocate at most 4 GB at once.
# FUZZ_SEED fixes libFuzzer's seed (scripts/test.sh uses 2026, so on a clean checkout it explores
# the same inputs as the same command here); without it each run draws a new seed.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
shift || true
targets=("$@")
((${#targets[@]})) || targets=(game_expression board_text catalogue_tsv catalogue_binary trace solve_journal)
jobs=$(nproc 2>/dev/null || echo 2)
cmake --preset fuzz >/dev/null
cmake --build --preset fuzz -j "$jobs" --target $(printf 'fuzz_%s ' "${targets[@]}")
status=0
for t in "${targets[@]}"; do
  work=build/fuzz/corpus/$t
  mkdir -p "$work" build/fuzz/artifacts/$t
  echo "== fuzz_$t for ${seconds}s" >&2
  if ! build/fuzz/tests/fuzz/fuzz_$t "$work" tests/fuzz/corpus/$t -max_total_time="$seconds" -max_len=65536 -timeout=10 \
      ${FUZZ_SEED:+-seed="$FUZZ_SEED"} -detect_leaks=0 \
      -rss_limit_mb=8192 -malloc_limit_mb=4096 -artifact_prefix=build/fuzz/artifacts/$t/ -print_final_stats=1 2> build/fuzz/$t.log; then
    echo "fuzz_$t FAILED; see build/fuzz/$t.log and build/fuzz/artifacts/$t/" >&2
    tail -20 build/fuzz/$t.log >&2
    status=1
  else
    grep -E "^stat::number_of_executed_units|^Done" build/fuzz/$t.log | tail -2 >&2 || true
  fi
done
exit $status
