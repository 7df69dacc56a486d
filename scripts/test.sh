#!/usr/bin/env bash
# Runs every test of the package, as `swift test` would, in two XCTest processes at once.
#
#   scripts/test.sh              build the tests, run them all, exit 0 only when every test passed
#   scripts/test.sh --dry-run    print which test modules each process would run, and stop
#
# Why two processes: most tests drive one thing at a time (a pdflatex, a converter, a server and
# its client), so `swift test` leaves one of a two-core machine's cores idle for much of its ~20
# minutes. Each process runs whole test modules (a module's classes may share work made once per
# process, such as IngestFidelityTests' converted corpus), chosen so both get about the same time:
# the weights below are each module's seconds in a run of this script (1,299 tests, session 27, a
# clean clone: parts of 627 and 801 s with the weights of before); a module not listed weighs 1.
# The tests already hold when other tests run beside them (each makes its own directories, servers on port 0, LibreOffice with its own profile).
#
# Each process writes its log to .build/test-logs/part-N.log; at the end the failures and the
# counts of both are printed, and the whole log of a process that failed.
set -euo pipefail
cd "$(dirname "$0")/.."

dry_run=false
case "${1:-}" in
  "") ;;
  --dry-run) dry_run=true ;;
  -h|--help) sed -n '2,17s/^# \{0,1\}//p' "$0"; exit 0 ;;
  *) echo "test.sh: unknown argument '$1' (usage: scripts/test.sh [--dry-run])" >&2; exit 2 ;;
esac

# Seconds per test module (see above). Refresh from .build/test-logs/part-*.log (each class's
# "Test Suite 'X' passed at" line is followed by its seconds) when a module grows by a minute or more.
declare -A weight=(
  [IngestRuntimeTests]=282 [IngestOCRTests]=281 [IngestPipelineTests]=239 [IngestPDFTests]=166
  [IngestOfficeTests]=116 [IngestStudySheetTests]=107 [IngestFidelityTests]=99 [IngestReportTests]=33
  [IngestYouTubeTests]=28 [IngestQualityTests]=23 [IngestSpellTests]=12 [IngestCoreTests]=9
  [IngestWatchTests]=5 [IngestStoreTests]=4 [IngestHTTPTests]=4 [IngestAudioTests]=4 [IngestZipTests]=2
)

swift build --build-tests >&2
bin="$(swift build --show-bin-path)/IngestPackageTests.xctest"

# Every test class, as Module.Class (the listing is Module.Class/testName, one per line).
listed=$("$bin" --list-tests | grep -cE '^[A-Za-z0-9_]+\.[A-Za-z0-9_]+/' || true)
mapfile -t classes < <("$bin" --list-tests | sed -n 's#^\([A-Za-z0-9_]*\.[A-Za-z0-9_]*\)/.*#\1#p' | sort -u)
[ "${#classes[@]}" -gt 0 ] || { echo "test.sh: $bin lists no test" >&2; exit 1; }
mapfile -t modules < <(printf '%s\n' "${classes[@]}" | cut -d. -f1 | sort -u)

# Heaviest module first, each to the process with less time so far.
mapfile -t ordered < <(for m in "${modules[@]}"; do echo "${weight[$m]:-1} $m"; done | sort -k1,1nr -k2,2 | cut -d' ' -f2)
load=(0 0); part=("" "")
for m in "${ordered[@]}"; do
  i=0; [ "${load[1]}" -lt "${load[0]}" ] && i=1
  load[i]=$(( load[i] + ${weight[$m]:-1} ))
  part[i]+="$m "
done

if $dry_run; then
  for i in 0 1; do echo "part $((i + 1)) (~${load[i]} s serial): ${part[i]}"; done
  exit 0
fi

logs=.build/test-logs
mkdir -p "$logs"
pids=()
for i in 0 1; do
  selected=()
  for c in "${classes[@]}"; do
    case " ${part[i]}" in *" ${c%%.*} "*) selected+=("$c") ;; esac
  done
  list=$(IFS=,; echo "${selected[*]}")
  echo "test.sh: part $((i + 1)) runs ${#selected[@]} classes of ${part[i]}(log: $logs/part-$((i + 1)).log)" >&2
  "$bin" "$list" > "$logs/part-$((i + 1)).log" 2>&1 &
  pids+=($!)
done

status=0
for i in 0 1; do
  rc=0; wait "${pids[i]}" || rc=$?
  log="$logs/part-$((i + 1)).log"
  if [ "$rc" -ne 0 ]; then
    status=1
    echo "test.sh: part $((i + 1)) exited $rc; its log follows" >&2
    cat "$log" >&2
  fi
done

echo "test.sh: failures:" >&2
grep -hE "\.swift:[0-9]+: error: |Test Case '.*' failed" "$logs"/part-*.log >&2 || echo "  none" >&2
executed=0
for i in 0 1; do
  summary=$(grep -E "Executed [0-9]+ tests?" "$logs/part-$((i + 1)).log" | tail -1 || true)
  echo "test.sh: part $((i + 1)):${summary:- no summary (the process stopped early)}" >&2
  executed=$(( executed + $(echo "$summary" | sed -n 's/.*Executed \([0-9]*\) test.*/\1/p' | grep . || echo 0) ))
done
# Every listed test ran once: no class left out of both parts, none run twice.
if [ "$executed" -ne "$listed" ]; then
  echo "test.sh: $executed tests ran, $listed are listed" >&2
  status=1
fi
exit "$status"
