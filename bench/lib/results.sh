# Sourced by the bench scripts that write a page of bench/results/. A page holds one measurement,
# the latest: its first line names the commit, the CPU and the date, and a new run replaces the
# whole page (written to a temporary name and renamed into place). History lives in commit
# messages, never in the page.

# The line that opens every page: commit (with "+local changes" when a tracked file other than
# Markdown text differs from it), CPU model, cores, memory and the date (UTC).
results_provenance() {
  local root commit cpu cores mem
  root=$(git -C "$(dirname "${BASH_SOURCE[0]}")" rev-parse --show-toplevel)
  commit=$(git -C "$root" rev-parse --short=12 HEAD)
  git -C "$root" diff --quiet HEAD -- . ':(exclude)*.md' || commit="$commit+local changes"
  cpu=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1)
  cores=$(nproc)
  mem=$(awk '/^MemTotal:/ { printf "%.0f", $2 / 1048576 }' /proc/meminfo)
  echo "Measured at commit \`$commit\` on ${cpu:-an unknown CPU} ($cores cores, $mem GiB), $(date -u +%Y-%m-%d)."
}

# write_results_page NAME TITLE: reads the body of the page on stdin and writes
# bench/results/NAME.md as the provenance line, "# TITLE", then the body.
write_results_page() {
  local name=$1 title=$2 root dir tmp
  root=$(git -C "$(dirname "${BASH_SOURCE[0]}")" rev-parse --show-toplevel)
  dir=$root/bench/results
  mkdir -p "$dir"
  tmp=$(mktemp "$dir/.$name.md.XXXXXX")
  {
    results_provenance
    echo
    echo "# $title"
    echo
    cat
  } >"$tmp"
  chmod 644 "$tmp"
  mv -f "$tmp" "$dir/$name.md"
  echo "wrote bench/results/$name.md" >&2
}
